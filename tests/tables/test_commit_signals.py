"""A signal that arrives while the writer moves a finished run into place waits until the
moves are done: the output is never left half moved."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from types import FrameType

import pytest

from auditor.run import run_audit
from auditor.tables import writer
from tests.corpus import ROOT

FIXTURE = str(ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt")


def test_sigterm_during_the_moves_is_delivered_after_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    run_audit([FIXTURE], out)  # an earlier output, replaced below: two moves
    seen: list[str] = []

    def on_term(signum: int, frame: FrameType | None) -> None:
        seen.append("signal")

    moved = writer.DatasetWriter._add_parts  # an --overwrite's moves and its commit

    def put_in_place(self: writer.DatasetWriter) -> None:
        os.kill(os.getpid(), signal.SIGTERM)  # sent just before the moves
        moved(self)
        seen.append("moved")

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        monkeypatch.setattr(writer.DatasetWriter, "_add_parts", put_in_place)
        run_audit([FIXTURE], out, overwrite=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == ["moved", "signal"]
    assert (out / "hands").is_dir()
