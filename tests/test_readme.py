"""The README's examples, run as written: its commands give the output it shows (lines
it elides with "..." aside), its Python runs."""

from __future__ import annotations

import itertools
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import ROOT

pytestmark = pytest.mark.slow  # every README example, run as a user runs it

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(console|python)\n(.*?)```", README, flags=re.S)


def _sessions() -> list[tuple[str, list[str]]]:
    """Each ``$ auditor ...`` command of the console blocks with the lines shown after it."""
    sessions: list[tuple[str, list[str]]] = []
    for kind, body in BLOCKS:
        if kind != "console":
            continue
        for line in body.splitlines():
            if line.startswith("$ "):
                sessions.append((line[2:], []))
            elif sessions:
                sessions[-1][1].append(line)
    return sessions


def _run(command: str, out_root: Path) -> subprocess.CompletedProcess[str]:
    words = shlex.split(command)
    assert words[0] == "auditor"
    if "--out" in words:  # write where the test can clean up, not into the checkout
        at = words.index("--out") + 1
        words[at] = str(out_root / words[at])
    return subprocess.run(
        [sys.executable, "-m", "auditor", *words[1:]],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_readme_has_the_three_uses() -> None:
    for title in ("auditor checking a month", "CI job failing", "data scientist loading"):
        assert title in README
    assert len(_sessions()) >= 3
    assert any(kind == "python" for kind, _ in BLOCKS)


@pytest.mark.parametrize("session", _sessions(), ids=lambda s: s[0][:60])
def test_console_example_prints_what_the_readme_shows(
    session: tuple[str, list[str]], corpus: Path, tmp_path: Path
) -> None:
    command, shown = session
    if command.startswith("echo"):
        return  # checked with the command before it
    done = _run(command, tmp_path)
    output = done.stdout.splitlines()
    position = 0
    for line in shown:
        if line.strip() in ("...", "") or line.startswith(("$ ", "tables written to")):
            continue
        if line.strip() in ("0", "1", "2") and len(shown) <= 3:
            continue
        found = next((i for i in range(position, len(output)) if output[i] == line), None)
        assert found is not None, f"README line not in the output of {command!r}: {line!r}"
        position = found + 1
    expected_exit = _exit_shown_after(command)
    if expected_exit is not None:
        assert done.returncode == expected_exit
    else:
        assert done.returncode in (0, 1), done.stderr


def _exit_shown_after(command: str) -> int | None:
    sessions = _sessions()
    for (first, _), (second, shown) in itertools.pairwise(sessions):
        if first == command and second == "echo $?":
            return int(shown[0])
    return None


def test_python_example_runs(corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (command, _), *_ = _sessions()
    _run(command, tmp_path)  # makes the tables the example loads
    monkeypatch.chdir(tmp_path)
    for kind, body in BLOCKS:
        if kind == "python":
            exec(compile(body, "README.md", "exec"), {})
