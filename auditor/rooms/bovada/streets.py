"""Where the streets begin in a record before about 2014, which writes no "*** FLOP ***"
lines and the board only in the summary: where the record's betting round closes (every
player able to bet has acted since the last bet and matched it), as fpdb-3's
BovadaToFpdb ``markStreets`` reads them. Nothing here judges the play: the replay does.
"""

from __future__ import annotations

from collections.abc import Sequence

from auditor import events as ev
from auditor.cards import Card
from auditor.source import SourceSpan

_NEXT = (ev.Street.FLOP, ev.Street.TURN, ev.Street.RIVER)
_CARDS_AFTER = (3, 4, 5)  # board cards once each of _NEXT is dealt
_SHOWING = (ev.Shown, ev.Mucked, ev.NotShown, ev.Collected, ev.SummaryStarted)


class _Hand:
    """The betting so far, as the record states it: who can still act, and this round's bets."""

    def __init__(self, events: Sequence[ev.Event]) -> None:
        self.dealt = {e.player for e in events if isinstance(e, ev.Dealt)}
        self.stack = {e.player: e.stack for e in events if isinstance(e, ev.SeatTaken)}
        self.spent: dict[str, int] = {}  # chips put in over the hand
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.big = 0  # the big blind posted
        self.new_round()

    def new_round(self) -> None:
        self.bet: dict[str, int] = {}
        self.acted: set[str] = set()
        self.high = 0

    def able(self) -> set[str]:
        """Players who may still bet: dealt in, not folded, not all in."""
        return self.dealt - self.folded - self.all_in

    def closed(self) -> bool:
        """Whether every player able to bet has acted and matched the round's bet."""
        return bool(self.acted) and all(
            p in self.acted and self.bet.get(p, 0) >= self.high for p in self.able()
        )

    def post(self, event: ev.Posted) -> None:
        # no chips of an ante or a dead blind are bet; of "small & big blinds" the big one's
        live = 0 if event.kind in (ev.PostKind.ANTE, ev.PostKind.MISSED_BLIND) else event.amount
        if event.kind is ev.PostKind.SMALL_AND_BIG and self.big:
            live = min(event.amount, self.big)
        if event.kind is ev.PostKind.BIG_BLIND and not self.big:
            self.big = event.amount
        self._put(event.player, live, bool(event.all_in))
        self._put(event.player, event.amount - live, bool(event.all_in), live=False)

    def act(self, event: _Action) -> None:
        player = event.player
        if isinstance(event, ev.Folded):
            self.folded.add(player)
        elif isinstance(event, ev.ChipsIn):  # the chips added, or the bet they make
            before = self.bet.get(player, 0)
            added = event.added if event.to is None else event.to - before
            self._put(player, added or 0, bool(event.all_in))
        self.acted.add(player)

    def _put(self, player: str, amount: int, all_in: bool, live: bool = True) -> None:
        if live:
            self.bet[player] = self.bet.get(player, 0) + amount
            self.high = max(self.high, self.bet[player])
        self.spent[player] = self.spent.get(player, 0) + amount
        # a call of a whole stack is all in whether or not the line says so
        if all_in or self.spent[player] >= self.stack.get(player, self.spent[player] + 1):
            self.all_in.add(player)


_Action = ev.Folded | ev.Checked | ev.ChipsIn
_ACTIONS = (ev.Folded, ev.Checked, ev.ChipsIn)


def mark_streets(
    events: Sequence[ev.Event], board: tuple[Card, ...], board_span: SourceSpan | None
) -> list[ev.Event]:
    """``events`` with a StreetDealt before the first action of each later street, and
    before the showing for each street the board has and the play did not reach (all
    in); the cards carry the summary board line's span (where they are written)."""
    hand = _Hand(events)
    streets = 0  # streets dealt after the hole cards
    showing = False
    marked: list[ev.Event] = []

    def deal(span: SourceSpan) -> None:
        nonlocal streets
        count = _CARDS_AFTER[streets]
        cards = board[:count] if len(board) >= count else ()
        new = cards[_CARDS_AFTER[streets - 1] if streets else 0 :]
        marked.append(ev.StreetDealt(board_span or span, _NEXT[streets], 1, cards, new))
        streets += 1
        hand.new_round()

    for event in events:
        if isinstance(event, _ACTIONS):
            if streets < len(_NEXT) and hand.closed() and len(hand.able()) >= 2:
                deal(event.span)
            hand.act(event)
        elif isinstance(event, ev.Posted):
            hand.post(event)
        elif isinstance(event, _SHOWING) and not showing:
            showing = True
            if len(hand.dealt - hand.folded) >= 2:  # two hands or more to show
                while streets < len(_NEXT) and len(board) >= _CARDS_AFTER[streets]:
                    deal(event.span)
        marked.append(event)
    return marked
