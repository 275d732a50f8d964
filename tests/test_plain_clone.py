"""A user's clone has no ../shared and maybe no Chromium: the fast suite must pass there.

The repository's files (as git lists them: tracked, and new ones not ignored) are copied
to a folder with nothing beside it, with no CI variable and no Chromium (AUDITOR_CHROMIUM
names a program that does not exist). There the whole fast suite must be collected (every
module imports, every parameter list is built), and ``pytest -m "not slow"`` must pass on
the test modules that can tell a clone from a checkout (:data:`NEEDS_OUTSIDE`: they name
the corpus, ../shared or Chromium), skip the corpus tests with the one reason and say so in
its summary line. The other modules read only the repository's files, so they run in the
clone as they do here (running them twice cost four minutes of CI). Under CI, here, the
same tests ran on the corpus, which tests/conftest.py makes sure of."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import NO_CHROMIUM, NO_CORPUS, ROOT

pytestmark = pytest.mark.slow

# what a test module names when it reads outside the repository, or needs a browser
NEEDS_OUTSIDE = re.compile(
    r"require_corpus|NO_CORPUS|\bcorpus: |\bCORPUS\b|corpus_rows|manifest\(|stars_layout_rows"
    r"|[Cc]hromium|playwright|browser|\.\./shared|[\"']shared[\"']"
)


def _outside_modules(clone: Path) -> list[str]:
    return sorted(
        str(path.relative_to(clone))
        for path in (clone / "tests").rglob("test_*.py")
        if NEEDS_OUTSIDE.search(path.read_text(encoding="utf-8"))
    )


def _repository_files() -> list[Path]:
    if shutil.which("git") and (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        return [Path(os.fsdecode(name)) for name in listed.split(b"\0") if name]
    skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    return [
        path.relative_to(ROOT)
        for path in ROOT.rglob("*")
        if path.is_file() and not skip & set(path.relative_to(ROOT).parts)
    ]


def _clone(into: Path) -> Path:
    clone = into / "omaha-auditor"
    for relative in _repository_files():
        source = ROOT / relative
        if source.is_file():  # a file git lists may be deleted in the working tree
            (clone / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / relative)
    return clone


def test_the_fast_suite_passes_on_a_clone_with_no_corpus_and_no_chromium(
    tmp_path: Path,
) -> None:
    clone = _clone(tmp_path)
    assert not (clone.parent / "shared").exists()
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONPATH")}
    env["AUDITOR_CHROMIUM"] = str(tmp_path / "no-chromium-here")
    pytest_ = [sys.executable, "-m", "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider"]
    collected = subprocess.run(
        [*pytest_, "--collect-only"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert collected.returncode == 0, collected.stdout[-4000:]
    modules = _outside_modules(clone)
    assert "tests/rooms/test_manifest.py" in modules and len(modules) >= 40, modules
    done = subprocess.run(
        [*pytest_, *modules],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    tail = done.stdout[-4000:]
    assert done.returncode == 0, tail
    summary = [line for line in done.stdout.splitlines() if line.startswith("skipped ")]
    assert len(summary) == 1, tail
    assert NO_CORPUS in summary[0] and NO_CHROMIUM in summary[0], summary[0]
    # the clone's own package is the one its tests import, not an installed checkout's
    where = subprocess.run(
        [sys.executable, "-c", "import auditor; print(auditor.__file__)"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(clone), where
