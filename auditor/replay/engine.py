"""The replay engine: one hand's events re-run under a rule profile.

A state machine over the events. At every action it knows who is to act, the
amount to call and the legal range; it compares the record with that, records a
finding where they differ, and goes on with what the record says, so one hand
can yield several findings. It never repairs a record.
"""

from __future__ import annotations

from collections.abc import Iterable

from auditor import events as ev
from auditor.findings import Finding
from auditor.money import format_minor
from auditor.replay.betting import (
    Stakes,
    min_raise_to,
    pot_limit_max_raise_to,
    stakes_of,
    street_bet_size,
)
from auditor.replay.cards_check import card_findings
from auditor.replay.pots import build_pots, pot_findings
from auditor.replay.profile import RuleProfile
from auditor.replay.record import record_findings
from auditor.replay.result import ActionRecord, ReplayResult
from auditor.source import SourceSpan

_STREET_BOARD_SIZE = {ev.Street.FLOP: 3, ev.Street.TURN: 4, ev.Street.RIVER: 5}
_VOLUNTARY = (ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo)
_SITTING_OUT = (ev.Status.SITTING_OUT, ev.Status.SITS_OUT)
_ACTION_WORD: dict[type[ev.Event], str] = {
    ev.Folded: "fold",
    ev.Checked: "check",
    ev.Called: "call",
    ev.Bet: "bet",
    ev.RaisedTo: "raise",
}
# events the replay acts on besides actions and posts
_REPLAYED = (
    ev.StreetDealt,
    ev.UncalledReturned,
    ev.PotExtra,
    ev.Collected,
    ev.PlayerStatus,
    ev.SummaryStarted,
    ev.SummaryPot,
)
# events that show a player dealt in
_PLAYING = (*_VOLUNTARY, ev.Posted, ev.Shown, ev.Mucked, ev.Dealt)


def replay_hand(hand: ev.Hand, profile: RuleProfile) -> ReplayResult:
    """Re-run ``hand`` under ``profile``: its findings and the facts derived on the way."""
    return _Replay(hand, profile).run()


class _Replay:
    def __init__(self, hand: ev.Hand, profile: RuleProfile) -> None:
        self.hand = hand
        self.start = hand.start
        self.profile = profile
        self.stakes: Stakes = stakes_of(hand.start, profile)
        self.findings: list[Finding] = record_findings(hand)
        self.actions: list[ActionRecord] = []
        seats = [e for e in hand.events if isinstance(e, ev.SeatTaken)]
        self.seat_of = {s.player: s.seat for s in seats}
        self.seated = [s.player for s in sorted(seats, key=lambda s: s.seat)]
        self.start_stack = {s.player: s.stack for s in seats}
        self.stack = dict(self.start_stack)
        self.dealt_in = _dealt_in(hand.events, seats)
        self.contributed = dict.fromkeys(self.seated, 0)
        self.collected: dict[str, int] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.ever_all_in: set[str] = set()
        self.cancelled = any(isinstance(e, ev.HandCancelled) for e in hand.events)
        self.extra_pot = sum(e.amount for e in hand.events if isinstance(e, ev.PotExtra))
        self.seq = 0
        self.street = ev.Street.PREFLOP
        self.board_cards: dict[int, int] = {}
        self.in_summary = False
        self.play_over = False
        self.timed_out: set[str] = set()
        self.returned_by_rule: dict[str, int] = {}
        self.protected: set[str] = set()  # timed out with chips in: all-in by protection
        self.grace: set[str] = set()  # who may act next without a finding after a slip
        self.ignored = False  # the last action had no place in the order of play
        self.skipped: str | None = None
        self.last_aggressor: dict[ev.Street, str] = {}
        self.opener: dict[ev.Street, str] = {}
        self._new_round()
        self.pot_before_street = 0

    # ------------------------------------------------------------ round state
    def _new_round(self) -> None:
        self.street_bet = dict.fromkeys(self.seated, 0)
        self.current_bet = 0
        self.last_raise = 0  # size of the last full bet or raise in the round
        self.full_level = 0  # fixed limit: the bet level after the last full bet or raise
        self.bets = 0  # fixed limit: bets and raises in the round (the big blind is one)
        self.reopen_count = 0  # full raises so far: who acted before the last one may raise again
        self.acted_at: dict[str, int] = {}
        self.last_actor: str | None = None
        self.round_players = len(self._live())

    def _live(self) -> list[str]:
        """Players still in the hand, in seat order."""
        return [p for p in self.dealt_in if p not in self.folded]

    def _able(self) -> list[str]:
        """Players who can still act: in the hand and not all-in."""
        return [p for p in self._live() if p not in self.all_in]

    def _needs_to_act(self, player: str, able: int | None = None) -> bool:
        if player in self.folded or player in self.all_in or player not in self.dealt_in:
            return False
        behind = self.street_bet[player] < self.current_bet
        if not behind and (len(self._able()) if able is None else able) <= 1:
            return False  # nobody left to bet against
        return player not in self.acted_at or behind

    def _next_to_act(self) -> str | None:
        """Who the rules say acts now, or None when the round is complete."""
        if len(self._live()) <= 1:
            return None
        order = self.dealt_in
        if not order:
            return None
        if self.last_actor is not None and self.last_actor in order:
            begin = order.index(self.last_actor) + 1
        else:
            begin = self._first_seat_index()
        able = len(self._able())
        for step in range(len(order)):
            player = order[(begin + step) % len(order)]
            if self._needs_to_act(player, able):
                return player
        return None

    def _first_seat_index(self) -> int:
        """Where the search for the first player to act starts on a street."""
        order = self.dealt_in
        if self.street is ev.Street.PREFLOP and self.preflop_last_blind in order:
            return order.index(self.preflop_last_blind) + 1
        button = self.start.button_seat or 0
        for index, player in enumerate(order):
            if self.seat_of[player] > button:
                return index
        return 0

    def _pot_now(self) -> int:
        return self.pot_before_street + sum(self.street_bet.values())

    def _chips_in(self) -> int:
        return sum(self.contributed.values()) + self.extra_pot

    def _to_call(self, player: str) -> int:
        return max(0, min(self.current_bet - self.street_bet[player], self.stack[player]))

    # ------------------------------------------------------------ findings
    def _find(
        self,
        code: str,
        span: SourceSpan,
        message: str,
        *,
        player: str = "",
        expected: str = "",
        recorded: str = "",
        seq: int | None = None,
    ) -> None:
        self.findings.append(
            Finding(
                code,
                self.start.hand_id,
                message,
                span,
                street=self.street.value,
                seq=seq,
                player=player,
                expected=expected,
                recorded=recorded,
            )
        )

    def _money(self, amount: int | None) -> str:
        return "" if amount is None else format_minor(amount, self.start.scale)

    # ------------------------------------------------------------ the run
    def run(self) -> ReplayResult:
        self.preflop_last_blind: str | None = None
        self._check_blinds()
        for event in self.hand.events:
            self._on(event)
        if not self.hand.truncated and not self.cancelled:
            self._finish()
        self.findings.extend(card_findings(self.hand))
        ending = {
            p: self.start_stack[p] - self.contributed[p] + self.collected.get(p, 0)
            for p in self.seated
        }
        if self.hand.truncated:
            ending = {}  # a record cut short does not say how the hand ended
        return ReplayResult(
            hand_id=self.start.hand_id,
            profile=self.profile.name,
            findings=tuple(self.findings),
            actions=tuple(self.actions),
            pots=tuple(self.pots) if hasattr(self, "pots") else (),
            starting_stacks=tuple(self.start_stack.items()),
            contributions=tuple(self.contributed.items()),
            collected=tuple(self.collected.items()),
            ending_stacks=tuple(ending.items()),
            rake=self.recorded_rake,
            fees=self.recorded_fees,
            dealt_in=tuple(self.dealt_in),
            folded=tuple(p for p in self.dealt_in if p in self.folded),
            all_in=tuple(p for p in self.dealt_in if p in self.ever_all_in),
            aggressors=tuple((street.value, p) for street, p in self.last_aggressor.items()),
            openers=tuple((street.value, p) for street, p in self.opener.items()),
        )

    recorded_rake = 0
    recorded_fees = 0

    def _on(self, event: ev.Event) -> None:
        kind = type(event)
        if kind in _VOLUNTARY:
            self._voluntary(event)  # type: ignore[arg-type]
        elif kind is ev.Posted:
            self._post(event)  # type: ignore[arg-type]
        elif kind not in _REPLAYED:
            return  # table talk, seats, shows...: nothing for the betting to do
        elif isinstance(event, ev.StreetDealt):
            self._street(event)
        elif isinstance(event, ev.UncalledReturned):
            self._uncalled(event)
        elif isinstance(event, ev.PotExtra):
            self.pot_before_street += event.amount
        elif isinstance(event, ev.Collected):
            self.collected[event.player] = self.collected.get(event.player, 0) + event.amount
        elif isinstance(event, ev.PlayerStatus) and event.status is ev.Status.TIMED_OUT:
            self._timed_out(event.player)
        elif isinstance(event, ev.SummaryStarted):
            self.in_summary = True
        elif isinstance(event, ev.SummaryPot):
            self.summary_pot = event
            self.recorded_rake = event.rake or 0
            self.recorded_fees = sum(amount for _, amount in event.fees)

    # ------------------------------------------------------------ blinds
    def _check_blinds(self) -> None:
        """Who should post which blind, from the button and the players dealt in."""
        posts = [e for e in self.hand.events if isinstance(e, ev.Posted)]
        order = self.dealt_in
        if len(order) < 2 or self.start.button_seat is None or self.cancelled:
            return
        after_button = [p for p in order if self.seat_of[p] > self.start.button_seat]
        clockwise = after_button + [p for p in order if p not in after_button]
        button_player = next((p for p in order if self.seat_of[p] == self.start.button_seat), None)
        if len(order) == 2 and self.profile.heads_up_button_posts_small_blind and button_player:
            small_seat, big_seat = button_player, next(p for p in order if p != button_player)
        else:
            small_seat, big_seat = clockwise[0], clockwise[1 % len(clockwise)]
        smalls = [p for p in posts if p.kind is ev.PostKind.SMALL_BLIND]
        bigs = [p for p in posts if p.kind is ev.PostKind.BIG_BLIND]
        for post in smalls:
            if post.player != small_seat:
                self._find(
                    "BLIND_WRONG",
                    post.span,
                    "small blind posted by the wrong player",
                    player=post.player,
                    expected=small_seat,
                    recorded=post.player,
                )
            self._check_blind_amount(post, self.stakes.small_blind, "small blind")
        expected_big = big_seat if smalls else {big_seat, small_seat}
        positional = [p for p in bigs if p.player in ({big_seat} if smalls else expected_big)]
        cut_before_cards = self.hand.truncated and not any(
            isinstance(e, ev.StreetDealt) for e in self.hand.events
        )
        if not bigs and cut_before_cards:
            pass  # the record stops before the blinds could all be written
        elif not bigs:
            span = posts[0].span if posts else self.start.span
            self._find(
                "BLIND_WRONG",
                span,
                "no big blind was posted",
                player=big_seat,
                expected=f"{big_seat} posts {self._money(self.stakes.big_blind)}",
                recorded="no big blind",
            )
        elif not positional:
            post = bigs[0]
            self._find(
                "BLIND_WRONG",
                post.span,
                "big blind posted by the wrong player",
                player=post.player,
                expected=big_seat,
                recorded=post.player,
            )
        for post in bigs:
            self._check_blind_amount(post, self.stakes.big_blind, "big blind")
        for post in posts:
            if post.kind is ev.PostKind.SMALL_AND_BIG:
                self._check_blind_amount(
                    post, self.stakes.small_blind + self.stakes.big_blind, "small & big blinds"
                )

    def _check_blind_amount(self, post: ev.Posted, expected: int, what: str) -> None:
        if post.amount == expected:
            return
        if post.amount < expected and post.all_in:
            return  # all-in for less than the blind
        self._find(
            "BLIND_WRONG",
            post.span,
            f"{what} of the wrong amount",
            player=post.player,
            expected=self._money(expected),
            recorded=self._money(post.amount),
        )

    def _post(self, post: ev.Posted) -> None:
        player = post.player
        if player not in self.stack:
            self._find(
                "BLIND_WRONG",
                post.span,
                "a post by a player who has no seat",
                player=player,
                recorded=player,
            )
            return
        pot_before = self._pot_now()
        amount = post.amount
        if post.kind is ev.PostKind.STRADDLE:
            # rooms write a straddle as the player's total bet ("straddle $0.50", then a
            # re-straddle "straddle $15.35 and is all-in" is 15.35 in all)
            amount = max(0, post.amount - self.street_bet[player])
        self._put_in(player, amount, post.span, post.all_in)
        live = amount
        if post.kind is ev.PostKind.ANTE or post.kind is ev.PostKind.MISSED_BLIND:
            live = 0
        elif post.kind is ev.PostKind.SMALL_AND_BIG:
            live = min(post.amount, self.stakes.big_blind)
        dead = amount - live
        self.street_bet[player] += live
        self.pot_before_street += dead
        if post.kind in (ev.PostKind.BIG_BLIND, ev.PostKind.SMALL_AND_BIG):
            level = max(self.stakes.big_blind, self.street_bet[player])
            if level > self.current_bet:
                self.current_bet = level
            self.last_raise = self.stakes.big_blind
            self.full_level = max(self.full_level, self.stakes.big_blind)
            self.bets = 1
            if post.kind is ev.PostKind.BIG_BLIND and self.preflop_last_blind is None:
                self.preflop_last_blind = player
        elif post.kind is ev.PostKind.STRADDLE:
            if self.street_bet[player] > self.current_bet:
                self.last_raise = self.street_bet[player] - self.current_bet
                self.current_bet = self.street_bet[player]
            self.preflop_last_blind = player
        elif post.kind is ev.PostKind.SMALL_BLIND and self.current_bet < self.street_bet[player]:
            self.current_bet = self.street_bet[player]
        self.seq += 1
        self.actions.append(
            ActionRecord(
                self.seq,
                self.street.value,
                player,
                "post " + post.kind.value,
                post.amount,
                self.street_bet[player],
                post.all_in,
                pot_before,
                0,
                None,
                None,
                post.span.line,
            )
        )

    def _put_in(self, player: str, amount: int, span: SourceSpan, all_in: bool) -> None:
        if amount > self.stack[player]:
            self._find(
                "STACK_EXCEEDED",
                span,
                "puts in more chips than he has",
                player=player,
                expected=f"at most {self._money(self.stack[player])}",
                recorded=self._money(amount),
                seq=self.seq + 1,
            )
        self.stack[player] -= amount
        self.contributed[player] += amount
        if self.stack[player] <= 0:
            self.all_in.add(player)
            self.ever_all_in.add(player)

    # ------------------------------------------------------------ voluntary actions
    def _voluntary(self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo) -> None:
        player = event.player
        self.seq += 1
        seq = self.seq
        if player not in self.stack:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "an action by a player who has no seat",
                player=player,
                recorded=player,
                seq=seq,
            )
            return
        if player in self.protected:
            # he acts after all: the record has him back; the timeout rule judges this action
            self.protected.discard(player)
            self.all_in.discard(player)
        in_turn = self._check_turn(event, seq)
        self._check_timeout(event, seq)
        pot_before = self._pot_now()
        to_call = self._to_call(player)
        low, high = self._raise_range(player)
        record: tuple[int | None, int | None, int | None, int | None]
        if isinstance(event, ev.Folded):
            self.folded.add(player)
            record = (None, None, None, None)
        elif isinstance(event, ev.Checked):
            if to_call > 0:
                self._find(
                    "ILLEGAL_CHECK",
                    event.span,
                    "checks facing a bet",
                    player=player,
                    expected=f"call {self._money(to_call)}, raise or fold",
                    recorded="check",
                    seq=seq,
                )
            record = (None, None, None, None)
        elif isinstance(event, ev.Called):
            self._call(event, to_call, seq)
            record = (event.amount, self.street_bet[player], to_call, to_call)
        else:
            to = (
                event.to
                if isinstance(event, ev.RaisedTo)
                else self.street_bet[player] + event.amount
            )
            added = to - self.street_bet[player]
            self._bet_or_raise(event, to, low, high, seq)
            record = (added, to, low, high)
        if not self.ignored:
            self.acted_at[player] = self.reopen_count
            self.last_actor = player
        if not in_turn:
            following = self._next_to_act()
            self.grace = {p for p in (self.skipped, following) if p is not None}
            if self.skipped is not None and not self._needs_to_act(self.skipped):
                self.grace.discard(self.skipped)
        amount, to_amount, min_legal, max_legal = record
        action = {
            ev.Folded: "fold",
            ev.Checked: "check",
            ev.Called: "call",
            ev.Bet: "bet",
            ev.RaisedTo: "raise",
        }[type(event)]
        all_in = bool(getattr(event, "all_in", False))
        self.actions.append(
            ActionRecord(
                seq,
                self.street.value,
                player,
                action,
                amount,
                to_amount,
                all_in,
                pot_before,
                to_call,
                min_legal,
                max_legal,
                event.span.line,
            )
        )

    def _check_turn(
        self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo, seq: int
    ) -> bool:
        """Is it this player's turn? A finding if not; False only for an action out of the
        order of play (one the order then goes on from)."""
        player = event.player
        self.ignored = False
        if player in self.grace:
            # after an action out of turn, the player skipped or the one after the offender
            # may act next without a second finding for the same slip
            self.grace = set()
            return True
        self.grace = set()
        if player in self.folded:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts after folding",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        if player not in self.dealt_in:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts without being dealt in",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        if self.in_summary or self.play_over:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts after the betting is over",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        expected = self._next_to_act()
        if expected is None:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts when the betting round is already complete",
                player=player,
                expected="no action",
                recorded=player,
                seq=seq,
            )
        elif expected != player:
            self._find(
                "OUT_OF_TURN",
                event.span,
                f"acts out of turn: {expected} is to act",
                player=player,
                expected=expected,
                recorded=player,
                seq=seq,
            )
            self.skipped = expected
            return False
        return True

    def _timed_out(self, player: str) -> None:
        """Under all-in protection a player who times out with chips in the pot is treated as
        all-in: if the record shows him acting no more, nobody waits for him and he plays for
        the pots his chips reach; his next action, if any, is judged by the profile."""
        self.timed_out.add(player)
        if (
            self.profile.timeout_rule == "all_in_protection"
            and self.contributed.get(player, 0) > 0
            and player not in self.folded
        ):
            self.protected.add(player)
            self.all_in.add(player)

    def _check_timeout(
        self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo, seq: int
    ) -> None:
        player = event.player
        if player not in self.timed_out:
            return
        self.timed_out.discard(player)
        to_call = self._to_call(player)
        if self.profile.timeout_rule == "check_or_fold":
            expected = "check" if to_call == 0 else "fold"
        else:
            expected = "all-in protection (no fold)" if self.contributed[player] > 0 else "fold"
        done = _ACTION_WORD[type(event)]
        ok = done == expected or (expected.startswith("all-in") and done != "fold")
        if not ok:
            self._find(
                "TIMEOUT_WRONG",
                event.span,
                "a timed-out player's action is not the profile's",
                player=player,
                expected=expected,
                recorded=done or type(event).__name__,
                seq=seq,
            )

    def _call(self, event: ev.Called, to_call: int, seq: int) -> None:
        player = event.player
        if to_call == 0:
            self._find(
                "CALL_WRONG",
                event.span,
                "calls when there is nothing to call",
                player=player,
                expected="check",
                recorded=self._money(event.amount),
                seq=seq,
            )
        elif event.amount != to_call and event.amount <= self.stack[player]:
            self._find(
                "CALL_WRONG",
                event.span,
                "calls the wrong amount",
                player=player,
                expected=self._money(to_call),
                recorded=self._money(event.amount),
                seq=seq,
            )
        self._put_in(player, event.amount, event.span, event.all_in)
        self.street_bet[player] += event.amount

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

    def _small_blind_shortfall(self) -> int:
        """What a small blind lacks of a big one (the profile may count it as a big one)."""
        smalls = [
            e
            for e in self.hand.events
            if isinstance(e, ev.Posted) and e.kind is ev.PostKind.SMALL_BLIND
        ]
        return sum(max(0, self.stakes.big_blind - e.amount) for e in smalls)

    def _cap_applies(self) -> bool:
        rule = self.profile.cap_heads_up
        if rule == "when_heads_up" and len(self._live()) == 2:
            return False
        return not (rule == "if_round_began_heads_up" and self.round_players == 2)

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
                "RAISE_TOO_SMALL",
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
                "RERAISE_NOT_ALLOWED",
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
                    "CAP_EXCEEDED",
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
                    "BET_SIZE_WRONG",
                    event.span,
                    f"a fixed-limit {self.street.value} bet must be {self._money(size)}",
                    player=player,
                    expected=self._money(expected_to),
                    recorded=self._money(to),
                    seq=seq,
                )
            full = to - self.full_level >= size or (
                self.profile.short_all_in_reopens == "half_bet"
                and 2 * (to - self.full_level) >= size
            )
            if full:
                self.full_level = (self.full_level if self.current_bet else 0) + size
                self.bets += 1
                self.reopen_count += 1
                self.last_aggressor[self.street] = player
        else:
            if high is not None and to > high and limit is ev.Limit.POT:
                self._find(
                    "RAISE_ABOVE_POT",
                    event.span,
                    "a bet or raise above the pot",
                    player=player,
                    expected=f"at most {self._money(high)}",
                    recorded=self._money(to),
                    seq=seq,
                )
            if low is not None and to < low and not all_in_now:
                self._find(
                    "RAISE_TOO_SMALL",
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

    # ------------------------------------------------------------ streets and chips
    def _street(self, event: ev.StreetDealt) -> None:
        if event.street is ev.Street.PREFLOP:
            if event.cards:
                self.board_cards[event.board] = len(event.cards)
            return
        if event.board == 1 and event.street is not self.street:
            expected = self._next_to_act()
            if expected is not None:
                self._find(
                    "STREET_EARLY",
                    event.span,
                    f"the {event.street.value} is dealt before the betting round is complete",
                    player=expected,
                    expected=f"{expected} to act",
                    recorded=event.street.value,
                )
            self._check_excess_returned(event.span, f"before the {event.street.value}")
        size = _STREET_BOARD_SIZE[event.street]
        if len(event.cards) != size and event.cards:
            self._find(
                "STREET_EARLY",
                event.span,
                f"the {event.street.value} shows {len(event.cards)} board cards, not {size}",
                expected=str(size),
                recorded=str(len(event.cards)),
            )
        if event.board == 1 and event.street is not self.street:
            self.pot_before_street = self._pot_now()
            self.street = event.street
            self._new_round()

    def _excess(self, *, settled: bool = False) -> tuple[str, int] | None:
        """The part of the top bet of the round that nobody matched (``settled``: the record
        has ended the betting, whoever the rules still wait for)."""
        if not self.street_bet:
            return None
        top = max(self.street_bet, key=lambda p: self.street_bet[p])
        others = [v for p, v in self.street_bet.items() if p != top]
        second = max(others) if others else 0
        excess = self.street_bet[top] - second
        if excess <= 0:
            return None
        if not settled and self._next_to_act() is not None:
            return None  # the round goes on: the bet may still be called
        return top, excess

    def _uncalled(self, event: ev.UncalledReturned) -> None:
        if self.returned_by_rule.get(event.player) == event.amount:
            # the record returns, late, what was already flagged as not returned in time
            del self.returned_by_rule[event.player]
            return
        excess = self._excess(settled=True)
        if excess is None:
            self._find(
                "UNCALLED_WRONG",
                event.span,
                "a bet returned that was called",
                player=event.player,
                expected="no return",
                recorded=f"{self._money(event.amount)} to {event.player}",
            )
        elif excess != (event.player, event.amount):
            player, amount = excess
            self._find(
                "UNCALLED_WRONG",
                event.span,
                "the uncalled bet returned is wrong",
                player=event.player,
                expected=f"{self._money(amount)} to {player}",
                recorded=f"{self._money(event.amount)} to {event.player}",
            )
            # reported once here; the pots go on from the return the rules make
            self._give_back(player, amount)
            return
        if excess is not None and event.player in self.stack:
            self._give_back(event.player, event.amount)

    def _give_back(self, player: str, amount: int) -> None:
        self.stack[player] += amount
        self.contributed[player] -= amount
        self.street_bet[player] -= amount
        if self.stack[player] > 0:
            self.all_in.discard(player)
        self.current_bet = max(self.street_bet.values(), default=0)

    def _check_excess_returned(self, span: SourceSpan, when: str) -> None:
        """Flag a bet nobody called that the record does not return, then return it: chips
        nobody called are never in the pot, so the pot checks go on from the rules."""
        excess = self._excess()
        if excess is not None:
            player, amount = excess
            self._find(
                "UNCALLED_WRONG",
                span,
                f"an uncalled bet was not returned {when}",
                player=player,
                expected=f"{self._money(amount)} returned to {player}",
                recorded="no return",
            )
            self._give_back(player, amount)
            self.returned_by_rule[player] = amount

    def _finish(self) -> None:
        """End of the hand: every bet settled, the pots built, the record's totals checked."""
        last = self.hand.events[-1].span
        first_summary = next(
            (e.span for e in self.hand.events if isinstance(e, ev.SummaryStarted)), last
        )
        self._check_excess_returned(first_summary, "by the end of the hand")
        self.pots = build_pots(self.contributed, set(self._live()), self.dealt_in)
        summary = getattr(self, "summary_pot", None)
        self.findings.extend(
            pot_findings(
                self.start,
                self.pots,
                summary,
                self.collected,
                self.contributed,
                self.extra_pot,
                self._summary_collected(),
                first_summary,
            )
        )

    def _summary_collected(self) -> dict[str, int]:
        won: dict[str, int] = {}
        for event in self.hand.events:
            if isinstance(event, ev.SummarySeat):
                for result in event.results:
                    if result.won:
                        won[event.player] = won.get(event.player, 0) + result.won
        return won


def _dealt_in(events: Iterable[ev.Event], seats: list[ev.SeatTaken]) -> list[str]:
    """Players dealt into the hand, in seat order.

    A seated player is in unless the record has him sitting out (on his seat line or
    before the cards are dealt) and shows him doing nothing; anyone who posts, acts, is
    dealt cards or shows is in.
    """
    active: set[str] = set()
    away: set[str] = set()
    dealt = False
    for event in events:
        if isinstance(event, ev.StreetDealt):
            dealt = True
        elif isinstance(event, ev.PlayerStatus) and not dealt and event.status in _SITTING_OUT:
            away.add(event.player)
        elif isinstance(event, _PLAYING):
            active.add(event.player)
        elif isinstance(event, ev.PlayerStatus) and event.status is ev.Status.ALLOWED_AFTER_BUTTON:
            away.add(event.player)
    players = []
    for seat in sorted(seats, key=lambda s: s.seat):
        absent = seat.sitting_out or seat.out_of_hand or seat.player in away
        if seat.player in active or not absent:
            players.append(seat.player)
    return players
