"""The README's examples, run as written: its commands give the output it shows (lines
it elides with "..." aside), its Python runs."""

from __future__ import annotations

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
    for flag in ("--out", "--html"):  # write where the test can clean up, not the checkout
        if flag in words:
            at = words.index(flag) + 1
            words[at] = str(out_root / words[at])
    if words[1] == "report":  # the audit folder it reads: where the audit wrote it
        words[2] = str(out_root / words[2])
    if words[1] == "diff":  # the two audit folders it compares: where the audits wrote them
        words[2:4] = [str(out_root / word) for word in words[2:4]]
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


def _blocks_of_sessions() -> list[list[tuple[str, list[str]]]]:
    """The console blocks, each as its ``$ ...`` commands with the lines shown after them."""
    blocks = []
    for kind, body in BLOCKS:
        if kind != "console":
            continue
        sessions: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                sessions.append((line[2:], []))
            elif sessions:
                sessions[-1][1].append(line)
        blocks.append(sessions)
    return blocks


def _check_shown(command: str, shown: list[str], output: list[str]) -> None:
    """Every line the README shows is in the output, in order ("..." elides lines)."""
    position = 0
    for line in shown:
        if line.strip() in ("...", "") or line.startswith("tables written to"):
            continue
        found = next((i for i in range(position, len(output)) if output[i] == line), None)
        assert found is not None, f"README line not in the output of {command!r}: {line!r}"
        position = found + 1


@pytest.mark.parametrize(
    "block", _blocks_of_sessions(), ids=lambda b: b[0][0][:60] if b else "empty"
)
def test_console_block_prints_what_the_readme_shows(
    block: list[tuple[str, list[str]]], tmp_path: Path
) -> None:
    """Each block's commands run in order, as a shell runs them: ``echo $?`` shows the
    exit code of the command before it."""
    last_exit: int | None = None
    for command, shown in block:
        if command == "echo $?":
            assert last_exit is not None, "echo $? with no command before it"
            assert shown[:1] == [str(last_exit)], f"exit code {last_exit}, README: {shown[:1]}"
            continue
        done = _run(command, tmp_path)
        assert done.returncode in (0, 1), done.stderr  # 2 and 3: the example is broken
        _check_shown(command, shown, done.stdout.splitlines())
        last_exit = done.returncode


def _quick_start() -> list[str]:
    """The quick start's commands: indented ``pip install ... && ...`` lines."""
    return [
        line.strip()
        for line in README.split("## Three uses")[0].splitlines()
        if line.startswith("    pip install")
    ]


def test_quick_start_is_two_commands_and_the_audit_one_runs(tmp_path: Path) -> None:
    install_and_audit, install_and_test = _quick_start()
    assert "auditor audit" in install_and_audit
    assert "pytest" in install_and_test
    audit = install_and_audit.split("&&", 1)[1].strip()
    done = _run(audit, tmp_path)
    # the bundled fixtures hold faults on purpose: findings of severity error, exit 1
    assert done.returncode == 1, done.stderr
    assert "files " in done.stdout and "findings by severity and code:" in done.stdout


def test_examples_need_nothing_from_outside_the_repository() -> None:
    assert "../shared" not in README
    for command, _ in _sessions():
        for word in shlex.split(command)[1:]:
            if word.startswith(("fixtures", "benchmarks")):
                assert (ROOT / word).exists(), word


def test_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (command, _), *_ = _sessions()
    _run(command, tmp_path)  # makes the tables the example loads
    monkeypatch.chdir(tmp_path)
    for kind, body in BLOCKS:
        if kind == "python":
            exec(compile(body, "README.md", "exec"), {})
