"""The one way a hand's checks record a finding: the replay's and the settlement's state
both keep the hand's findings in order, each with the hand's id and the street it was
found on."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.source import SourceSpan


class FindingLog:
    """A mixin for a hand's state: ``findings`` (in the order found), ``start`` (the
    hand's start) and ``street_name`` (the street a finding is on) are the state's."""

    __slots__ = ()  # the replay's state keeps slots: a mixin with a __dict__ would undo it
    findings: list[Finding]
    start: ev.HandStarted
    street_name: str

    def _find(
        self,
        code: Code,
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
                street=self.street_name,
                seq=seq,
                player=player,
                expected=expected,
                recorded=recorded,
            )
        )
