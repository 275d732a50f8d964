"""pokerkit, the PHH format's own library, as the oracle for what the PHH reader works out
that the record does not write: each "cc"'s amount (a check, or a call of what is owed,
capped by the stack) and each player's end (the collections the finishing stacks give,
the uncalled bet returned by the rules). Slow: it replays every corpus hand in pokerkit."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokerkit import CheckingOrCalling, HandHistory

from auditor import events as ev
from auditor.pipeline import HandAuditor
from auditor.results import FileSummary
from tests.corpus import ManifestRow, manifest

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    "row",
    [r for r in manifest() if r.file.startswith("PHH/") and "HOLDEM" not in r.game],
    ids=lambda r: r.file,
)
def test_pokerkit_works_out_the_same_calls_and_winnings(row: ManifestRow, corpus: Path) -> None:
    """The amounts PHH leaves out: "cc" is a check or a call of what is owed, capped by
    the stack; the collections are the finishing stacks less what the stack became.
    pokerkit's own replay of the file calls the same, and ends where ours does, with the
    record's finishing stacks."""
    with open(row.path, "rb") as file:
        history = HandHistory.load(file)
    *_, state = history  # the hand's last state
    assert list(state.stacks) == list(history.finishing_stacks or [])
    names = list(history.players or [])
    calls = [
        (names[op.player_index], op.amount)
        for op in state.operations
        if isinstance(op, CheckingOrCalling) and op.amount
    ]
    (result,) = HandAuditor().audit_file(str(row.path), FileSummary(source_file=row.file))
    assert result.hand is not None and result.replay is not None
    events = result.hand.events
    assert [(e.player, e.amount) for e in events if isinstance(e, ev.Called)] == calls
    # the engine's replay of our events (calls, the uncalled bet returned by the rules,
    # the collections) ends every player where pokerkit's replay of the file does
    assert dict(result.replay.ending_stacks) == dict(zip(names, state.stacks, strict=True))
