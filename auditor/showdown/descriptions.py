"""Description checks: what the record says a shown hand is, against what the cards make
(HAND_DESCRIPTION_WRONG). The room's reader has read its words into a typed claim
(:class:`auditor.hand_claims.Claim`); the words are kept only for the messages."""

from __future__ import annotations

from collections.abc import Sequence

from auditor import events as ev
from auditor.cards import Card
from auditor.findings import Code
from auditor.hand_claims import Claim
from auditor.showdown.evaluator import describe_high, low_ranks
from auditor.showdown.state import INDEX, SettleState
from auditor.source import SourceSpan


class Descriptions(SettleState):
    """The checks of each description a shown hand carries, on its line or in the summary."""

    def _check_shown(self, event: ev.Shown, section: int) -> None:
        if event.description:
            self._check_description(
                event.player,
                event.cards,
                self._board(section),
                event.claim,
                event.span,
                self._on_board(section),
            )

    def _check_summary_seat(self, event: ev.SummarySeat) -> None:
        """A summary line that shows cards (the summary has begun: ``at_showdown`` is set)."""
        if event.outcome is ev.SeatOutcome.SHOWED:
            self.shown.setdefault(event.player, event.cards)
        runs = max(self.boards, default=1)
        for index, result in enumerate(event.results):
            board = index + 1 if runs > 1 else 1
            if result.description:
                self._check_description(
                    event.player,
                    event.cards,
                    self._board(board),
                    result.claim,
                    event.span,
                    self._on_board(board),
                )

    def _on_board(self, board: int) -> str:
        """ " on board N" when the hand was run more than once (each board's findings then
        say which board they are about), else nothing."""
        return f" on board {board}" if max(self.boards, default=1) > 1 else ""

    def _check_description(
        self,
        player: str,
        hole: Sequence[Card],
        board: Sequence[Card],
        claim: Claim,
        span: SourceSpan,
        on_board: str = "",
    ) -> None:
        if len(hole) != self.start.hole_card_count or not 3 <= len(board) <= 5:
            return  # a board of more than five cards (a street dealt twice) is no hand's
        # by index: a real card has one Card object, so equal indices are the same card
        indices = [*map(INDEX, hole), *map(INDEX, board)]
        if min(indices) < 0 or len(set(indices)) < len(indices):
            return  # bad cards are the card checks' findings
        high_text, low_text = claim.high_text, claim.low_text
        high, low = self._values(hole, board)
        truth = describe_high(high)
        if claim.high is not None and not claim.high.matches(truth.category, truth.ranks):
            from auditor.showdown.describe import high_description

            self._find(
                Code.HAND_DESCRIPTION_WRONG,
                span,
                f"{player}'s hand is not {high_text!r}{on_board}",
                player=player,
                expected=high_description(high),
                recorded=high_text,
            )
        if not self.start.hi_lo:
            return
        shown_low = claim.low
        if low_text is not None and shown_low is None:
            return  # words for a low that no reader understood
        actual = low_ranks(low) if low is not None else None
        same = shown_low.matches(actual) if shown_low is not None else actual is None
        if not same and (low_text is not None or board_complete(board)):
            from auditor.showdown.describe import low_description

            self._find(
                Code.HAND_DESCRIPTION_WRONG,
                span,
                f"{player}'s low is not as written{on_board}",
                player=player,
                expected=low_description(low) if low is not None else "no low",
                recorded=low_text or "no low",
            )


def board_complete(board: Sequence[Card]) -> bool:
    return len(board) == 5
