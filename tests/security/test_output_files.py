"""The files the auditor creates beside and inside --out, and the --html report, are
never written through a link, never a FIFO or device, and every target is checked
before the run: a bad one is a usage error (exit 2) in one clear line, with nothing
written and nothing outside --out changed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import ROOT

FIXTURE = ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt"
USER_TEXT = b"the user's own notes, not to be touched\n" * 50


def cli(*args: str, cwd: Path = ROOT, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # any cwd runs this worktree's code
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
    )


def audit(out: Path, *more: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    args = ["--out", str(out), "--workers", "1", "--quiet", *more]
    return cli("audit", str(FIXTURE), *args, cwd=cwd)


def usage_error(done: subprocess.CompletedProcess[str]) -> str:
    """The one line of a usage error: exit 2, no traceback, no raw errno, no .part name."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "Errno" not in done.stderr and ".part" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_lock_that_is_a_symlink_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    user_file = tmp_path / "thesis.txt"
    user_file.write_bytes(USER_TEXT)
    (tmp_path / ".out.lock").symlink_to(user_file)
    line = usage_error(audit(tmp_path / "out"))
    assert "symbolic link" in line, line
    assert user_file.read_bytes() == USER_TEXT
    assert not (tmp_path / "out").exists()
    assert (tmp_path / ".out.lock").is_symlink()  # the link is the user's: left as it is


def test_a_lock_that_is_a_hard_link_to_a_user_file_is_refused(tmp_path: Path) -> None:
    user_file = tmp_path / "thesis.txt"
    user_file.write_bytes(USER_TEXT)
    os.link(user_file, tmp_path / ".out.lock")
    usage_error(audit(tmp_path / "out"))
    assert user_file.read_bytes() == USER_TEXT


def test_a_lock_that_is_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / ".out.lock")
    line = usage_error(audit(tmp_path / "out"))
    assert "not a regular file" in line, line


def test_an_append_whose_lock_is_a_symlink_keeps_the_user_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert audit(out).returncode == 0
    user_file = tmp_path / "thesis.txt"
    user_file.write_bytes(USER_TEXT)
    (tmp_path / ".out.lock").symlink_to(user_file)
    usage_error(audit(out, "--append"))
    assert user_file.read_bytes() == USER_TEXT


@pytest.mark.parametrize("flag", ["--out", "--html"])
def test_an_empty_output_name_is_a_usage_error(flag: str, tmp_path: Path) -> None:
    args = ["audit", str(FIXTURE), "--workers", "1", "--quiet"]
    args += ["--out", ""] if flag == "--out" else ["--out", "out", "--html", ""]
    line = usage_error(cli(*args, cwd=tmp_path))
    assert "empty" in line, line
    assert list(tmp_path.iterdir()) == []  # nothing written into the current folder


def test_the_library_refuses_an_empty_out(tmp_path: Path) -> None:
    import auditor
    from auditor.tables.errors import OutputError

    with pytest.raises(OutputError, match="empty"):
        auditor.audit(str(FIXTURE), out="")


def test_html_naming_a_fifo_is_refused_before_the_run(tmp_path: Path) -> None:
    fifo = tmp_path / "report.html"
    os.mkfifo(fifo)
    line = usage_error(audit(tmp_path / "out", "--html", str(fifo)))
    assert "not a regular file" in line, line
    assert not (tmp_path / "out").exists()


def test_html_naming_a_symlink_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    user_file = tmp_path / "thesis.txt"
    user_file.write_bytes(USER_TEXT)
    (tmp_path / "report.html").symlink_to(user_file)
    line = usage_error(audit(tmp_path / "out", "--html", str(tmp_path / "report.html")))
    assert "symbolic link" in line, line
    assert user_file.read_bytes() == USER_TEXT
    assert not (tmp_path / "out").exists()


def test_html_in_a_missing_folder_is_refused_before_the_run(tmp_path: Path) -> None:
    line = usage_error(audit(tmp_path / "out", "--html", str(tmp_path / "nofolder" / "x.html")))
    assert "nofolder" in line and "does not exist" in line, line
    assert not (tmp_path / "out").exists()  # refused before the run, not after it


def test_html_whose_folder_is_a_file_is_refused_before_the_run(tmp_path: Path) -> None:
    (tmp_path / "afile").write_bytes(USER_TEXT)
    line = usage_error(audit(tmp_path / "out", "--html", str(tmp_path / "afile" / "x.html")))
    assert "not a folder" in line, line
    assert not (tmp_path / "out").exists()


def test_html_inside_a_new_out_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = audit(out, "--html", str(out / "report.html"))
    assert done.returncode == 0, done.stderr
    assert (out / "report.html").is_file()


def test_out_under_a_file_is_refused_in_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "afile").write_bytes(USER_TEXT)
    line = usage_error(audit(tmp_path / "afile" / "out"))
    assert "afile" in line, line
    assert (tmp_path / "afile").read_bytes() == USER_TEXT


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_out_beside_which_nothing_may_be_written_is_refused_in_one_clear_line(
    tmp_path: Path,
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        line = usage_error(audit(locked / "out"))
    finally:
        locked.chmod(0o755)
    assert "locked" in line, line


def test_report_of_a_folder_whose_source_file_became_a_fifo_does_not_hang(
    tmp_path: Path,
) -> None:
    source = tmp_path / "hands.txt"
    source.write_bytes(FIXTURE.read_bytes())
    out = tmp_path / "out"
    done = cli("audit", str(source), "--out", str(out), "--workers", "1", "--quiet")
    assert done.returncode in (0, 1), done.stderr
    source.unlink()
    os.mkfifo(source)  # the tables point at it: reading it again would wait for a writer
    done = cli("report", str(out), "--html", str(tmp_path / "r.html"), "--hand", "200000000001")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "not replayed" in done.stdout, done.stdout


def test_report_of_a_folder_whose_run_file_is_a_fifo_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert audit(out).returncode == 0
    (out / "_auditor_run.json").unlink()
    os.mkfifo(out / "_auditor_run.json")
    usage_error(cli("report", str(out), "--html", str(tmp_path / "r.html")))


def test_report_of_a_folder_whose_part_is_a_link_to_a_fifo_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert audit(out).returncode == 0
    (part,) = (out / "hands").glob("part-*.parquet")
    part.unlink()
    os.mkfifo(tmp_path / "fifo")
    part.symlink_to(tmp_path / "fifo")
    usage_error(cli("report", str(out), "--html", str(tmp_path / "r.html")))
