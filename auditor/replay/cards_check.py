"""Every card real, every card at most once per hand, the right number in each hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from auditor import events as ev
from auditor.cards import Card, other_notation
from auditor.findings import Code, Finding
from auditor.source import SourceSpan

# events that show a player's cards (exact types: no event class is subclassed)
_HOLE_CARDS = frozenset({ev.Dealt, ev.Shown, ev.Mucked, ev.SummarySeat})

_HoleCardEvent = ev.Dealt | ev.Shown | ev.Mucked | ev.SummarySeat
# who holds a card: a player (his name) or a board (its number); named in words only when
# a finding needs it (a text made per event costs more than the rest of the check)
_Holder = str | int


def card_findings(hand: ev.Hand, events: Iterable[ev.Event] | None = None) -> list[Finding]:
    """CARD_INVALID for a card that does not exist or a wrong hole-card count; CARD_DUPLICATE
    for a card in two places (two players, a player and a board, two new board cards).
    ``events``: the hand's events that hold cards, in record order, if the caller has
    picked them out (EventIndex.card_events); else all of them are read."""
    found: list[Finding] = []
    hand_id = hand.start.hand_id
    count = hand.start.hole_card_count
    where: dict[int, _Holder] = {}
    reported: set[str] = set()
    for event in hand.events if events is None else events:
        kind = type(event)
        cards: tuple[Card, ...]
        if kind in _HOLE_CARDS:
            holder = cast(_HoleCardEvent, event)
            cards = holder.cards
            if not cards:
                continue
            # a player may show part of his hand; he may never hold more than the game deals
            wrong = len(cards) != count if kind is ev.Dealt else len(cards) > count
            if wrong:
                found.append(
                    Finding(
                        Code.CARD_INVALID,
                        hand_id,
                        f"{len(cards)} hole cards in a {count}-card game",
                        event.span,
                        player=holder.player,
                        expected=str(count),
                        recorded=str(len(cards)),
                    )
                )
            owner: _Holder = holder.player
        elif kind is ev.StreetDealt:
            board = cast(ev.StreetDealt, event)
            cards = board.new_cards
            if not cards:
                continue
            owner = board.board if board.board > 1 else 1  # 1: "the board"
        else:
            continue
        for card in cards:
            index = card.index
            if index < 0:  # not a card of the deck
                _report_invalid(card, event.span, hand_id, found, reported)
                continue
            # the first place a card is seen is kept; a later place is checked against it
            seen = where.setdefault(index, owner)
            if seen != owner and card.text not in reported:
                reported.add(card.text)
                first, then = _holder_name(seen), _holder_name(owner)
                found.append(
                    Finding(
                        Code.CARD_DUPLICATE,
                        hand_id,
                        f"{card.text} is seen twice: {first} and {then}",
                        event.span,
                        expected=f"{card.text} once",
                        recorded=f"{first}; {then}",
                    )
                )
    return found


def _holder_name(holder: _Holder) -> str:
    if isinstance(holder, str):
        return f"{holder}'s hand"
    return f"board {holder}" if holder > 1 else "the board"


def _report_invalid(
    card: Card, span: SourceSpan, hand_id: str, found: list[Finding], reported: set[str]
) -> None:
    """CARD_INVALID for a card that does not exist, once per text in a hand."""
    if card.text not in reported:
        reported.add(card.text)
        # "10h" where the room writes "Th": no card of the room's notation, but say which
        # card it would be in another one
        meant = other_notation(card.text)
        found.append(
            Finding(
                Code.CARD_INVALID,
                hand_id,
                f"{card.text!r} is not a card"
                + (f" as this room writes them (it writes {meant.text!r})" if meant else ""),
                span,
                expected=meant.text if meant else "a card of the 52-card deck",
                recorded=card.text,
            )
        )
