"""Every card real, every card at most once per hand, the right number in each hand."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Finding
from auditor.source import SourceSpan


def card_findings(hand: ev.Hand) -> list[Finding]:
    """CARD_INVALID for a card that does not exist or a wrong hole-card count; CARD_DUPLICATE
    for a card in two places (two players, a player and a board, two new board cards)."""
    found: list[Finding] = []
    hand_id = hand.start.hand_id
    where: dict[int, tuple[str, SourceSpan]] = {}
    reported: set[str] = set()

    def place(card_index: int, text: str, owner: str, span: SourceSpan) -> None:
        seen = where.get(card_index)
        if seen is None:
            where[card_index] = (owner, span)
        elif seen[0] != owner and text not in reported:
            reported.add(text)
            found.append(
                Finding(
                    "CARD_DUPLICATE",
                    hand_id,
                    f"{text} is seen twice: {seen[0]} and {owner}",
                    span,
                    expected=f"{text} once",
                    recorded=f"{seen[0]}; {owner}",
                )
            )

    for event in hand.events:
        if isinstance(event, ev.Dealt | ev.Shown | ev.Mucked | ev.SummarySeat):
            cards = event.cards
            owner = f"{event.player}'s hand"
            # a player may show part of his hand; he may never hold more than the game deals
            count = hand.start.hole_card_count
            wrong = len(cards) != count if isinstance(event, ev.Dealt) else len(cards) > count
            if cards and wrong:
                found.append(
                    Finding(
                        "CARD_INVALID",
                        hand_id,
                        f"{len(cards)} hole cards in a {hand.start.hole_card_count}-card game",
                        event.span,
                        player=event.player,
                        expected=str(hand.start.hole_card_count),
                        recorded=str(len(cards)),
                    )
                )
        elif isinstance(event, ev.StreetDealt):
            cards = event.new_cards
            owner = f"board {event.board}" if event.board > 1 else "the board"
        else:
            continue
        for card in cards:
            if not card.valid:
                if card.text not in reported:
                    reported.add(card.text)
                    found.append(
                        Finding(
                            "CARD_INVALID",
                            hand_id,
                            f"{card.text!r} is not a card",
                            event.span,
                            expected="a card of the 52-card deck",
                            recorded=card.text,
                        )
                    )
                continue
            place(card.index, card.text, owner, event.span)
    return found
