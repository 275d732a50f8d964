"""Bet sizing: calls, fixed-limit sizes and caps, the pot-limit maximum, the minimum raise
and re-opening (CALL_WRONG, BET_SIZE_WRONG, CAP_EXCEEDED, RAISE_ABOVE_POT, RAISE_TOO_SMALL,
RERAISE_NOT_ALLOWED). The numbers themselves are betting.py's pure functions."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.betting import min_raise_to, pot_limit_max_raise_to, street_bet_size
from auditor.replay.order import OrderOfPlay
from auditor.replay.profile import CapHeadsUp, ShortAllInReopens


class Sizing(OrderOfPlay):
    __slots__ = ()  # ReplayState's slots are the whole object

    def _call(self, event: ev.Called, to_call: int, seq: int) -> None:
        player = event.player
        # nothing owed (not: nothing he can pay, which a stale seat stack makes look so:
        # STACK_EXCEEDED says that)
        if to_call == 0 and self.current_bet <= self.street_bet[player]:
            self._find(
                Code.CALL_WRONG,
                event.span,
                "calls when there is nothing to call",
                player=player,
                expected="check",
                recorded=self._money(event.amount),
                seq=seq,
            )
        elif event.amount != to_call and event.amount <= self.stack[player]:
            self._find(
                Code.CALL_WRONG,
                event.span,
                "calls the wrong amount",
                player=player,
                expected=self._money(to_call),
                recorded=self._money(event.amount),
                seq=seq,
            )
        # a player whose stack is unknown (re-based) and who calls short has no more
        all_in = event.all_in or (player in self.rebased and event.amount < to_call)
        self._put_in(player, event.amount, event.span, all_in)
        self.street_bet[player] += event.amount

    def _as_call(self, event: ev.RaisedTo) -> ev.Called | None:
        """A "raise" to the bet the player faces (or all-in for no more) is a call: the
        call it is, else None. Some rooms word the call of an all-in this way (Poker Now:
        "Bijo raises to 68 and go all in", then "Ayo raises to 68"); the chips are a
        call's, so the replay takes it as one, with no finding."""
        own = self.street_bet[event.player]
        to = event.total(own)
        added = to - own
        if added <= 0 or to > self.current_bet:
            return None
        if to < self.current_bet and added < self.stack[event.player]:
            return None  # short of the bet and not all-in: the raise that raises nothing
        return ev.Called(event.span, event.player, added, event.all_in)

    def _limit(self) -> ev.Limit:
        if self.start.limit is ev.Limit.PL_NL:
            return ev.Limit.POT if self.street is ev.Street.PREFLOP else ev.Limit.NO
        return self.start.limit

    def _raise_range(self, player: str) -> tuple[int | None, int | None]:
        """The legal range of the player's total bet in the round, were he to bet or raise."""
        most = self.street_bet[player] + self.stack[player]
        limit = self._limit()
        if limit is ev.Limit.FIXED:
            size = street_bet_size(self.street, self.stakes)
            to = self.full_level + size if self.current_bet else size
            to = min(to, most)
            return to, to
        least = min_raise_to(self.current_bet, self.last_raise, self.stakes.big_blind)
        # a raise that no one else can call more of is not short: the most any other
        # player still in can make his bet caps the minimum (the chips above it would
        # only come back uncalled)
        # (a loop that stops at the first player who reaches the minimum: it runs for every
        # action, and the first opponent usually does; 1.2% of a replay's instructions
        # as a max() over every live player)
        street_bet, stack = self.street_bet, self.stack
        reach = 0
        for other in self._live():
            if other != player:
                can = street_bet[other] + stack[other]
                if can >= least:
                    reach = least
                    break
                reach = max(reach, can)
        least = min(least, max(reach, self.current_bet + 1))
        if limit is ev.Limit.POT:
            bets = sum(self.street_bet.values())
            pot = self.pot_before_street
            if self.street is ev.Street.PREFLOP and self.profile.preflop_small_blind_counts_as_big:
                pot += self._small_blind_shortfall()
            high = pot_limit_max_raise_to(pot, bets, self.current_bet, self.street_bet[player])
            high = min(high, most)
        else:
            high = most
        return min(least, most), high

    def _above_pot(self, event: ev.Bet | ev.RaisedTo, high: int, to: int, seq: int) -> None:
        """RAISE_ABOVE_POT; where the layout names no limit and pot limit was only assumed,
        the bet shows the table was not pot limit: said once (LIMIT_UNWRITTEN), no error."""
        if self.start.limit_written:
            self._find(
                Code.RAISE_ABOVE_POT,
                event.span,
                "a bet or raise above the pot",
                player=event.player,
                expected=f"at most {self._money(high)}",
                recorded=self._money(to),
                seq=seq,
            )
        elif not any(f.code is Code.LIMIT_UNWRITTEN for f in self.findings):
            self._find(
                Code.LIMIT_UNWRITTEN,
                event.span,
                "the layout names no limit and the table was read as pot limit, but this "
                "bet is above the pot: the table was no limit, and no bet is judged by the "
                "pot",
                player=event.player,
                expected=f"at most {self._money(high)} (were it pot limit)",
                recorded=self._money(to),
                seq=seq,
            )

    def _small_blind_shortfall(self) -> int:
        """What a small blind lacks of a big one (the profile may count it as a big one)."""
        smalls = [e for e in self.index.posts if e.kind is ev.PostKind.SMALL_BLIND]
        return sum(max(0, self.stakes.big_blind - e.amount) for e in smalls)

    def _cap_applies(self) -> bool:
        rule = self.profile.cap_heads_up
        if rule is CapHeadsUp.WHEN_HEADS_UP and len(self._live()) == 2:
            return False
        return not (rule is CapHeadsUp.IF_ROUND_BEGAN_HEADS_UP and self.round_players == 2)

    def _bet_or_raise(
        self, event: ev.Bet | ev.RaisedTo, to: int, low: int | None, high: int | None, seq: int
    ) -> None:
        player = event.player
        added = to - self.street_bet[player]
        all_in_now = added >= self.stack[player]
        if added > self.stack[player]:
            # more than he has: STACK_EXCEEDED says it; sizes measured on chips he lacks
            # would only repeat it
            self._put_in(player, added, event.span, event.all_in)
            self.street_bet[player] = to
            self.current_bet = max(self.current_bet, to)
            self.opener.setdefault(self.street, player)
            return
        limit = self._limit()
        if to <= self.current_bet:
            self._find(
                Code.RAISE_TOO_SMALL,
                event.span,
                "a raise that does not raise the bet",
                player=player,
                expected=f"more than {self._money(self.current_bet)}",
                recorded=self._money(to),
                seq=seq,
            )
        reopened = player not in self.acted_at or self.acted_at[player] < self.reopen_count
        if not reopened and self.current_bet > 0:
            self._find(
                Code.RERAISE_NOT_ALLOWED,
                event.span,
                "raises when the betting was not re-opened to him",
                player=player,
                expected="call or fold",
                recorded=f"raise to {self._money(to)}",
                seq=seq,
            )
        if limit is ev.Limit.FIXED:
            size = street_bet_size(self.street, self.stakes)
            if self.bets >= self.profile.bets_per_round and self._cap_applies():
                self._find(
                    Code.CAP_EXCEEDED,
                    event.span,
                    f"a raise after the round is capped at {self.profile.bets_per_round} bets",
                    player=player,
                    expected="call or fold",
                    recorded=f"raise to {self._money(to)}",
                    seq=seq,
                )
            expected_to = low if low is not None else to
            if to != expected_to and not (all_in_now and to < expected_to):
                self._find(
                    Code.BET_SIZE_WRONG,
                    event.span,
                    f"a fixed-limit {self.street_name} bet must be {self._money(size)}",
                    player=player,
                    expected=self._money(expected_to),
                    recorded=self._money(to),
                    seq=seq,
                )
            full = to - self.full_level >= size or (
                self.profile.short_all_in_reopens is ShortAllInReopens.HALF_BET
                and 2 * (to - self.full_level) >= size
            )
            if full:
                self.full_level = (self.full_level if self.current_bet else 0) + size
                self.bets += 1
                self.reopen_count += 1
                self.last_aggressor[self.street] = player
        else:
            if high is not None and to > high and limit is ev.Limit.POT:
                self._above_pot(event, high, to, seq)
            if low is not None and to < low and not all_in_now:
                self._find(
                    Code.RAISE_TOO_SMALL,
                    event.span,
                    "a bet or raise below the minimum",
                    player=player,
                    expected=f"at least {self._money(low)}",
                    recorded=self._money(to),
                    seq=seq,
                )
            increment = to - self.current_bet
            needed = self.last_raise if self.current_bet else self.stakes.big_blind
            # A full bet or raise re-opens the betting; an all-in for less does not. A short
            # raise that is not all-in is already a finding; the record calls it a raise.
            if increment >= needed or not all_in_now:
                self.last_raise = max(increment, self.last_raise if self.current_bet else 0)
                self.reopen_count += 1
                self.last_aggressor[self.street] = player
        self.opener.setdefault(self.street, player)
        self._put_in(player, added, event.span, event.all_in)
        self.street_bet[player] = to
        if to > self.current_bet:
            self.current_bet = to
