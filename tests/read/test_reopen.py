"""A first copy inside an archive is found again to name where a later copy differs."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pandas as pd

from auditor.read.archives import reopen
from auditor.run import run_audit
from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"


def test_reopen_finds_a_zip_member_and_a_plain_file(tmp_path: Path) -> None:
    archive = tmp_path / "month!1.zip"  # a "!" in the archive's own name too
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.write(FIXTURE, "day/hands.txt")
    with reopen(f"{archive}!day/hands.txt") as member:
        assert member.read() == FIXTURE.read_bytes()
    with reopen(str(FIXTURE)) as plain:
        assert plain.read() == FIXTURE.read_bytes()


def test_a_copy_differing_from_a_zipped_first_copy_names_the_line(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    with zipfile.ZipFile(inputs / "a.zip", "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.write(FIXTURE, "hands.txt")
    text = FIXTURE.read_text(encoding="utf-8")
    changed = text.replace("eve: checks", "eve: checks ", 1).replace(
        "Ann Lee: bets $20", "Ann Lee: bets $21", 1
    )
    assert changed != text
    (inputs / "b.txt").write_text(changed, encoding="utf-8")
    run_audit([str(inputs)], tmp_path / "out")
    found = pd.read_parquet(tmp_path / "out" / "findings")
    differs = found[found.code == "HAND_DUPLICATE_DIFFERS"]
    assert len(differs) == 1
    row = differs.iloc[0]
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("Ann Lee: bets"))
    assert f"line {line}" in row.message or row.source_line == line, row.message
    assert row.expected.startswith("Ann Lee: bets $20") and row.recorded.startswith(
        "Ann Lee: bets $21"
    )
