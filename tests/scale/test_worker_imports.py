"""Worker processes stay small: what they import leaves out pyarrow and pandas.

A worker imports the chunk job and, as multiprocessing does, the module that started
the run (the command line, or a script calling run_audit). Importing pyarrow and the
pandas it pulls in would cost each worker some 90 MB; only the writing process needs
them, and imports them when it starts writing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("pyarrow", "pandas", "numpy")


@pytest.mark.parametrize(
    "modules",
    ["auditor.engines.chunks", "auditor.cli", "auditor.run", "auditor"],
)
def test_what_a_worker_imports_leaves_out_pyarrow_and_pandas(modules: str) -> None:
    code = f"import sys, {modules}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_reaching_the_api_imports_neither() -> None:
    code = "import sys, auditor\nauditor.load, auditor.audit\nprint('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"  # load() imports them when called
