"""Worker processes stay small: what they import leaves out pyarrow and pandas.

A worker imports the chunk job and, as multiprocessing does, the module that started
the run (the command line, or a script calling run_audit). Importing pyarrow and the
pandas it pulls in would cost each worker some 90 MB; only the writing process needs
them, and imports them when it starts writing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import ROOT

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


def test_the_writing_process_writes_without_pandas_and_loads_with_it(tmp_path: Path) -> None:
    """pyarrow would import pandas (41 MB) on the run's first column; the writing process
    keeps it out while it writes (auditor/tables/no_pandas.py), and pandas still comes
    when the tables are loaded afterwards."""
    out = str(tmp_path / "out")
    fixtures = str(ROOT / "fixtures" / "pokerstars")
    code = (
        "import sys\n"
        "from auditor.run import run_audit\n"
        f"summary = run_audit([{fixtures!r}], {out!r})\n"
        "print('pandas' in sys.modules, summary.hands_audited)\n"
        "from auditor.api import load\n"
        f"print(len(load({out!r})['hands']), 'pandas' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    during, after = done.stdout.split("\n")[:2]
    audited = int(during.split()[1])
    assert during == f"False {audited}" and audited > 5
    assert after == f"{audited} True"
