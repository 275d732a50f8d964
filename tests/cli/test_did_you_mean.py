"""A mistyped name gets the message it needs: a missing profile file is "no such file",
and an unknown profile, finding code, format or severity gets "did you mean"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "run_it_twice_and_talk.txt"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        # this checkout's package, wherever the command runs from
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _refused(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_a_missing_profile_file_is_no_such_file(command: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    more = ["--out", str(out)] if command == "audit" else []
    told = _refused(run(command, str(FIXTURE), *more, "--rules", "missing.toml", cwd=tmp_path))
    assert "no such file: missing.toml" in told
    assert "unknown rule profile" not in told
    assert list(tmp_path.iterdir()) == []


def test_a_profile_path_that_is_a_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "rules.toml").mkdir()
    told = _refused(run("replay", str(FIXTURE), "--rules", "rules.toml", cwd=tmp_path))
    assert "not a file: rules.toml" in told


def test_an_unknown_profile_gets_did_you_mean(tmp_path: Path) -> None:
    out = str(tmp_path / "o")
    told = _refused(run("audit", str(FIXTURE), "--out", out, "--rules", "pokerstar"))
    assert "unknown rule profile 'pokerstar'" in told
    assert "did you mean 'pokerstars'?" in told
    told = _refused(run("profiles", "seed"))
    assert "did you mean 'seeds'?" in told


def test_a_far_off_profile_gets_no_guess(tmp_path: Path) -> None:
    told = _refused(run("audit", str(FIXTURE), "--out", str(tmp_path / "o"), "--rules", "zzzzzz"))
    assert "unknown rule profile" in told and "did you mean" not in told


@pytest.mark.parametrize(
    ("args", "guess"),
    [
        (["explain", "RAISE_ABOVE_PT"], "RAISE_ABOVE_POT"),
        (["explain", "raise_above_pt"], "RAISE_ABOVE_POT"),
        (["audit", str(FIXTURE), "--out", "o", "--format", "pokerstar"], "pokerstars"),
        (["replay", str(FIXTURE), "--format", "pokrstars"], "pokerstars"),
        (["audit", str(FIXTURE), "--out", "o", "--fail-on", "eror"], "error"),
    ],
)
def test_a_mistyped_name_gets_did_you_mean(args: list[str], guess: str, tmp_path: Path) -> None:
    told = _refused(run(*args, cwd=tmp_path))
    assert f"did you mean '{guess}'?" in told
    assert list(tmp_path.iterdir()) == []
