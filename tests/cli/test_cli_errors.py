"""Every way to call the command wrongly: one clear line on stderr, exit 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.command import run_auditor as run
from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "run_it_twice_and_talk.txt"




@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["audit", "{tmp}/missing.txt", "--out", "{out}"], "no such file"),
        (["audit", "{tmp}/dangling", "--out", "{out}"], "no such file"),
        (["audit", str(FIXTURE), "--out", "{out}", "--rules", "nosuch"], "unknown rule profile"),
        (["audit", str(FIXTURE), "--out", "{out}", "--rules", "{tmp}/bad.toml"], "bets_per_round"),
        (["audit", str(FIXTURE), "--out", "{out}", "--fail-on", "sometimes"], "invalid choice"),
        (["audit", str(FIXTURE), "--out", "{out}", "--format", "nosuchroom"], "invalid choice"),
        (["audit", str(FIXTURE)], "--out"),
        (["audit", str(FIXTURE), "--out", "{out}", "--overwrite", "--append"], "not allowed"),
        (["audit", str(FIXTURE), "--out", "{tmp}/afile"], "not a folder"),
        (["frobnicate"], "invalid choice"),
        (["replay", str(FIXTURE), "--hand", "42"], "no hand 42"),
        (["replay", "{tmp}/missing.txt", "--hand", "42"], "No such file"),
        (["explain", "NOT_A_CODE"], "unknown finding code"),
        (["profiles", "nosuch"], "unknown rule profile"),
    ],
)
def test_bad_call_exits_2_with_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    (tmp_path / "afile").write_text("x")
    seeds = (ROOT / "auditor" / "profiles" / "seeds.toml").read_text()
    (tmp_path / "bad.toml").write_text(seeds.replace("bets_per_round = 4", 'bets_per_round = "4"'))
    out = tmp_path / "out"
    done = run(*(a.format(tmp=tmp_path, out=out) for a in args))
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert says in lines[0]
    assert not out.exists()


def test_exit_codes_follow_fail_on(tmp_path: Path) -> None:
    clean = run("audit", str(FIXTURE), "--out", str(tmp_path / "a"))
    assert clean.returncode == 0
    warned = ROOT / "fixtures" / "pokerstars" / "cancelled_cash_out_and_cut_short.txt"
    assert run("audit", str(warned), "--out", str(tmp_path / "b")).returncode == 0
    failing = run("audit", str(warned), "--out", str(tmp_path / "c"), "--fail-on", "warning")
    assert failing.returncode == 1
    broken = ROOT / "fixtures" / "pokerstars" / "one_bad_hand_in_three.txt"
    assert run("audit", str(broken), "--out", str(tmp_path / "d")).returncode == 1


def test_append_adds_a_run(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run("audit", str(FIXTURE), "--out", str(out)).returncode == 0
    assert run("audit", str(FIXTURE), "--out", str(out), "--append").returncode == 0
    import pandas as pd

    hands = pd.read_parquet(out / "hands")
    assert len(hands) == 2 and hands.run_id.nunique() == 2
