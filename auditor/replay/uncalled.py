"""Uncalled bets: what part of a bet nobody matched, its return, and a return the record
gets wrong or leaves out (UNCALLED_WRONG).

A bet nobody called that the record does not return is given back by the rules at once
(chips nobody called are never in the pot), and judged when the hand's books close
(:meth:`UncalledBets._settle_unwritten_returns`), from the record's own totals:
- a return written later (after the streets still dealt, or the showdown) is a return;
- totals that leave the bet out of the pot (the pot stated, what is paid and raked) show
  it went back: the return is implied, its missing line a warning (UNCALLED_UNWRITTEN);
- totals that count it in the pot and pay it to its owner (a walk's big blind "won" whole)
  return it under another word: money back to its owner is conserved, no finding;
- otherwise the bet was kept or paid to someone else: UNCALLED_WRONG.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.order import OrderOfPlay
from auditor.replay.state import Settled
from auditor.source import SourceSpan


class UncalledBets(OrderOfPlay):
    __slots__ = ()  # ReplayState's slots are the whole object

    def _excess(self, *, settled: bool = False) -> tuple[str, int] | None:
        """The part of the top bet of the round that nobody matched (``settled``: the record
        has ended the betting, whoever the rules still wait for)."""
        bets = self.street_bet
        if not bets:
            return None
        # the top bet less the next one (0 if nobody else bet); who made it only matters
        # when that is more than 0, and then one player alone made it
        first, *rest = sorted(bets.values(), reverse=True)
        excess = first - (rest[0] if rest else 0)
        if excess <= 0:
            return None
        if not settled and self._next_to_act() is not None:
            return None  # the round goes on: the bet may still be called
        return max(bets, key=bets.__getitem__), excess

    def _uncalled(self, event: ev.UncalledReturned) -> None:
        if self.returned_by_rule.get(event.player) == event.amount:
            # the record returns, late, what the rules already gave back: a return all the
            # same (no rule says when the line is written)
            del self.returned_by_rule[event.player]
            self.unreturned = [u for u in self.unreturned if u[0] != event.player]
            return
        owing = self._next_to_act()
        excess = self._excess(settled=True)
        if excess is None:
            self._find(
                Code.UNCALLED_WRONG,
                event.span,
                "a bet returned that was called",
                player=event.player,
                expected="no return",
                recorded=f"{self._money(event.amount)} to {event.player}",
            )
        elif excess != (event.player, event.amount):
            player, amount = excess
            self._find(
                Code.UNCALLED_WRONG,
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
            if (
                owing is not None
                and owing != event.player
                and self.acted_at.get(owing, -1) < self.reopen_count
            ):
                # returned while a player who has not answered the bet still owes an action
                # to it: the round is not over, whatever the return makes of the amount to
                # call (judged at the next street). One who answered it wrongly (a check,
                # a short call) has his own finding.
                self.owed_at_return = owing
            self._give_back(event.player, event.amount)

    def _give_back(self, player: str, amount: int) -> None:
        self.stack[player] += amount
        self.contributed[player] -= amount
        self.street_bet[player] -= amount
        if self.stack[player] > 0:
            self._unmark_all_in(player)
        self.current_bet = max(self.street_bet.values(), default=0)

    def _check_excess_returned(self, span: SourceSpan, before: ev.Street | None) -> None:
        """Return a bet nobody called that the record has not returned: chips nobody called
        are never in the pot, so the pot checks go on from the rules. Whether the record
        returned it is judged at the end (:meth:`_settle_unwritten_returns`).
        ``before``: the street about to be dealt, None at the end of the hand."""
        excess = self._excess()
        if excess is None:
            return
        player, amount = excess
        if self.hand.uncalled_returns_written:  # else the layout never writes a return
            when = "by the end of the hand" if before is None else f"before the {before.value}"
            self.unreturned.append((player, amount, span, when))
        self._give_back(player, amount)
        self.returned_by_rule[player] = self.returned_by_rule.get(player, 0) + amount

    def _take_returns_from_wins(self) -> None:
        """A layout that pays an uncalled bet back in its owner's win line: the line that
        pays exactly the bet (the side pot only its bettor was in: "wins $0.95 from side
        pot #1") is the return, else the first that names no pot holds it ("wins $14.26":
        the pot and the bet); the rest of it is won."""
        for player, amount in list(self.returned_by_rule.items()):
            lines = [
                e for e in self.index.timeline if isinstance(e, ev.Collected) and e.player == player
            ]
            whole = next((e for e in lines if e.amount == amount and e.pot > 0), None)
            part = next((e for e in lines if not e.names_pot and e.amount > amount), None)
            if whole is not None:
                self.netted.append((whole, ev.UncalledReturned(whole.span, player, amount)))
            elif part is not None:
                self.netted.append((part, dataclasses.replace(part, amount=part.amount - amount)))
            else:
                continue  # no win line holds it: the totals judge it
            self.collected[player] -= amount
            if not self.collected[player]:  # the line was the return alone: nothing won
                del self.collected[player]
            del self.returned_by_rule[player]

    def _net_wins_of_returns(self) -> None:
        """A layout whose win lines hold the bets nobody called (Hand.wins_hold_returns):
        the rules returned each, so the bettor's first win that holds it is the rest of
        it (none, when it was the bet alone), and the summary's pot holds it no more."""
        netted = 0
        for player, amount in self.returned_by_rule.items():
            win = next(
                (
                    e
                    for e in self.hand.events
                    if type(e) is ev.Collected and e.player == player and e.amount >= amount
                ),
                None,
            )
            if win is None:
                continue  # no win holds it: the record paid the pot alone
            left = win.amount - amount
            self.netted.append((win, dataclasses.replace(win, amount=left) if left else None))
            self.collected[player] -= amount
            if not self.collected[player]:
                del self.collected[player]
            netted += amount
        pot = getattr(self, "summary_pot", None)
        if netted and pot is not None:
            self.summary_pot = dataclasses.replace(pot, total=pot.total - netted)
            self.netted.append((pot, self.summary_pot))

    def _settle_unwritten_returns(
        self,
        summary: ev.SummaryPot | None,
        paid: int,
        kept: Mapping[str, int],
        end: SourceSpan,
    ) -> Settled:
        """Judge the returns the rules made and the record never wrote, by the record's
        totals (``paid``: what the record pays out of the pot, with what the room kept;
        ``kept``: what each player was paid, the owners' share of it; ``end``: where the
        hand's books close, where a layout that returns at the showdown is judged)."""
        owed = self.returned_by_rule
        if not owed:
            return Settled.NONE
        net = sum(self.contributed.values()) + self.extra_pot
        gross = net + sum(owed.values())
        tournament = self.start.tournament_id is not None
        deducted = 0 if summary is None else (summary.rake or 0) + sum(a for _, a in summary.fees)

        def totals_are(total: int) -> bool:
            """The record's totals are ``total``: the pot it states, and what it pays out
            with the rake (with no pot line, a cash game's rake is unknown, never negative)."""
            if summary is not None:
                stated = summary.total == total or not summary.total_written
                return stated and paid + deducted == total
            return paid == total if tournament else paid <= total

        if totals_are(net):
            settled = Settled.RETURNED
        elif (
            all(kept.get(p, 0) >= a for p, a in owed.items())
            # and nobody else was paid more than the pot without them
            and sum(v for p, v in kept.items() if p not in owed) <= net
            and totals_are(gross)
            and (summary is not None or tournament or paid > net)
        ):
            settled = Settled.PAID_AS_WON
        else:
            settled = Settled.MISSING
        late = self.hand.uncalled_returns_late
        for player, amount, at, due in self.unreturned:
            # a layout that writes its returns at the showdown owes them by the end
            span, when = (end, "by the end of the hand") if late else (at, due)
            if settled is Settled.MISSING:
                self._find(
                    Code.UNCALLED_WRONG,
                    span,
                    f"an uncalled bet was not returned {when}",
                    player=player,
                    expected=f"{self._money(amount)} returned to {player}",
                    recorded="no return",
                )
            elif settled is Settled.RETURNED:
                self._find(
                    Code.UNCALLED_UNWRITTEN,
                    span,
                    f"no return is written for an uncalled bet {when}; the record's totals "
                    "leave it out of the pot: it went back",
                    player=player,
                    expected=f"{self._money(amount)} returned to {player}",
                    recorded="no return line",
                )
        self.unreturned = []
        return settled

    def _check_unfinished_round(self, span: SourceSpan, street: str) -> None:
        """STREET_EARLY for a round a return ended while a player still owed an action."""
        owing = self.owed_at_return
        if owing is None:
            return
        self.owed_at_return = None
        self._find(
            Code.STREET_EARLY,
            span,
            f"the {street} comes after an uncalled bet was returned while {owing} still had "
            "to act: the betting round is not complete",
            player=owing,
            expected=f"{owing} to act",
            recorded=street,
        )
