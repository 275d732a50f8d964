"""Uncalled bets: what part of a bet nobody matched, its return, and a return the record
gets wrong or leaves out (UNCALLED_WRONG)."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.order import OrderOfPlay
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
            # the record returns, late, what was already flagged as not returned in time
            del self.returned_by_rule[event.player]
            return
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
            self._give_back(event.player, event.amount)

    def _give_back(self, player: str, amount: int) -> None:
        self.stack[player] += amount
        self.contributed[player] -= amount
        self.street_bet[player] -= amount
        if self.stack[player] > 0:
            self._unmark_all_in(player)
        self.current_bet = max(self.street_bet.values(), default=0)

    def _check_excess_returned(self, span: SourceSpan, before: ev.Street | None) -> None:
        """Flag a bet nobody called that the record does not return, then return it: chips
        nobody called are never in the pot, so the pot checks go on from the rules.
        ``before``: the street about to be dealt, None at the end of the hand."""
        late = self.hand.uncalled_returns_late
        if before is None and late:  # returns due at the showdown, still unwritten
            for player, amount in self.returned_by_rule.items():
                self._unreturned(span, player, amount, "by the end of the hand")
        excess = self._excess()
        if excess is None:
            return
        player, amount = excess
        # else the layout never writes a return, or writes it later
        if self.hand.uncalled_returns_written and not (late and before is not None):
            when = "by the end of the hand" if before is None else f"before the {before.value}"
            self._unreturned(span, player, amount, when)
        self._give_back(player, amount)
        self.returned_by_rule[player] = amount

    def _unreturned(self, span: SourceSpan, player: str, amount: int, when: str) -> None:
        self._find(
            Code.UNCALLED_WRONG,
            span,
            f"an uncalled bet was not returned {when}",
            player=player,
            expected=f"{self._money(amount)} returned to {player}",
            recorded="no return",
        )
