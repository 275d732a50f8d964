"""The command line as a user runs it: ``python -m auditor ARGS`` in the checkout."""

from __future__ import annotations

import subprocess
import sys

from tests.corpus import ROOT


def run_auditor(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=timeout, check=False,
    )
