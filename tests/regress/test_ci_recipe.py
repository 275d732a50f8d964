"""Issue 26, item 7: the README's CI recipe, run end to end on the bundled fixtures as a
CI job would run it: a first build fails on its errors (no accepted run yet); once its
run is accepted the same hands pass; a build that deals one hand wrong fails, its diff
naming that hand's findings as new; and the JUnit and SARIF files are there each time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.regress.conftest import FIXTURES, TWO_HANDS, WRONG

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _recipe() -> str:
    after = README.split("A CI recipe:", 1)[1]
    found = re.search(r"```sh\n(.*?)```", after, flags=re.S)
    assert found is not None, "the README's CI recipe is a ```sh block"
    return found.group(1)


def _job(folder: Path) -> subprocess.CompletedProcess[str]:
    """The recipe as a CI job runs it: in its folder, ``auditor`` on the PATH."""
    bin_folder = folder / "bin"
    bin_folder.mkdir(exist_ok=True)
    shim = bin_folder / "auditor"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m auditor "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    script = folder / "audit-build.sh"
    script.write_text(_recipe(), encoding="utf-8")
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}", "HANDS": "hands"}
    return subprocess.run(
        ["sh", str(script)], cwd=folder, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_readmes_ci_recipe_fails_on_new_errors_only(tmp_path: Path) -> None:
    hands = tmp_path / "hands"
    shutil.copytree(FIXTURES / "pokerstars", hands)
    first = _job(tmp_path)
    assert first.returncode == 1, first.stderr  # the fixtures' PARSE_ERROR: no accepted run
    assert (tmp_path / "audit.sarif").is_file() and (tmp_path / "audit-junit.xml").is_file()
    # the team accepts this build's run: the same hands pass
    shutil.copytree(tmp_path / "build-audit", tmp_path / "accepted-run")
    again = _job(tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stdout.startswith("new 0, gone 0, changed 0")
    # the next build pays a pot short in one hand: that, and only that, fails it
    broken = hands / TWO_HANDS.name
    broken.write_text(broken.read_text(encoding="utf-8").replace(*WRONG), encoding="utf-8")
    failed = _job(tmp_path)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    new = [line for line in failed.stdout.splitlines() if line.startswith("new: ")]
    assert new and all("hand 200000000040" in line for line in new), failed.stdout
