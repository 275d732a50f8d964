"""Issue 26: a finding's fingerprint is the same across runs, worker counts, input order
and folders; ``auditor diff`` of two runs where one hand was changed reports exactly that
hand's findings as new, and counts hands only one run read apart."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from auditor.cli import main
from auditor.run import run_audit
from tests.regress.conftest import FIXTURES, TWO_HANDS, WRONG

OTHER = FIXTURES / "pokerstars" / "cash_plo_every_line.txt"


def _fingerprints(out: Path, hand_id: str) -> list[tuple[str, str]]:
    table = pq.read_table(out / "findings", columns=["hand_id", "code", "fingerprint"])
    rows = table.to_pylist()
    return sorted((r["code"], r["fingerprint"]) for r in rows if r["hand_id"] == hand_id)


def _mutated(folder: Path) -> Path:
    folder.mkdir(parents=True)
    path = folder / TWO_HANDS.name
    path.write_text(TWO_HANDS.read_text(encoding="utf-8").replace(*WRONG), encoding="utf-8")
    return path


def test_a_findings_fingerprint_holds_across_runs_workers_order_and_folders(
    tmp_path: Path,
) -> None:
    alone = _mutated(tmp_path / "a")
    run_audit([str(alone)], tmp_path / "out1")
    first = _fingerprints(tmp_path / "out1", "200000000040")
    assert first and all(len(fp) == 16 for _, fp in first)
    # elsewhere, after another file, on two workers, one hand a chunk
    moved = _mutated(tmp_path / "elsewhere" / "deeper")
    shutil.copy(OTHER, moved.parent / "0_first.txt")
    run_audit(
        [str(moved.parent / "0_first.txt"), str(moved)], tmp_path / "out2", workers=2, chunk_hands=1
    )
    assert _fingerprints(tmp_path / "out2", "200000000040") == first
    # a second run into the same folder: same fingerprints, another run id
    run_audit([str(alone)], tmp_path / "out1", overwrite=True)
    assert _fingerprints(tmp_path / "out1", "200000000040") == first


def test_the_diff_of_a_run_with_one_hand_changed_is_that_hands_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_audit([str(TWO_HANDS)], tmp_path / "old")
    run_audit([str(_mutated(tmp_path / "in"))], tmp_path / "new")
    changed = _fingerprints(tmp_path / "new", "200000000040")
    assert changed, "the mutation makes findings"
    code = main(["diff", str(tmp_path / "old"), str(tmp_path / "new"), "--json"])
    shown = json.loads(capsys.readouterr().out)
    assert sorted((f["code"], f["fingerprint"]) for f in shown["new"]) == changed
    assert {f["hand_id"] for f in shown["new"]} == {"200000000040"}
    assert shown["gone"] == [] and shown["changed"] == []
    assert code == (1 if shown["failing"] else 0) and shown["failing"] >= 1
    # the other way round: the same findings are gone, and nothing new fails
    assert main(["diff", str(tmp_path / "new"), str(tmp_path / "old")]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"new 0, gone {len(changed)}, changed 0")


def test_hands_only_one_run_read_are_counted_not_reported_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mutated = _mutated(tmp_path / "in")
    shutil.copy(OTHER, tmp_path / "in" / OTHER.name)
    run_audit([str(tmp_path / "in")], tmp_path / "old")
    run_audit([str(OTHER)], tmp_path / "new")  # the mutated file not read again
    assert _fingerprints(tmp_path / "old", "200000000040")
    assert main(["diff", str(tmp_path / "old"), str(tmp_path / "new"), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["gone"] == [] and shown["hands_only_old"] == 2 and shown["hands_only_new"] == 0
    assert shown["findings_of_hands_in_one_run"] == len(
        _fingerprints(tmp_path / "old", "200000000040")
    )
    assert mutated.exists()


def test_a_folder_with_no_audit_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_audit([str(TWO_HANDS)], tmp_path / "old")
    assert main(["diff", str(tmp_path / "old"), str(tmp_path / "nothing")]) == 2
    assert "no audit's tables here" in capsys.readouterr().err
