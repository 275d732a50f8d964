"""What XML allows before a document's root element (issue 22): a comment, a processing
instruction, a byte-order mark and blank lines, after the declaration or without one. An
iPoker session (and every other XML room's document) written so is still its room's: the
same hands are read and audited with the same findings as the fixture as it is."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures"
XML_FIXTURES = [
    FIXTURES / "ipoker" / "ipoker_sessions_allin_newcomer_decimal_comma.txt",
    FIXTURES / "merge" / "merge_cash_session_raises_blinds_all_ins.txt",
    FIXTURES / "merge" / "merge_tournament_hi_lo_halves_side_pot.txt",
    FIXTURES / "everest" / "everest_returning_blind_all_in_showdown.txt",
    FIXTURES / "microgaming" / "microgaming_xml_session.txt",
    FIXTURES / "bossmedia" / "bossmedia_old_layout_no_dealer.txt",
    FIXTURES / "bossmedia" / "bossmedia_session_hi_lo_dead_blind.txt",
]
PROLOGUES = {
    "comment": "<!-- exported by HandSaver 2.1 on 2016-04-25 -->\n",
    "long_comment": "<!--\n  exported by HandSaver <2.1>\n  one session a file\n-->\n\n",
    "instruction": '<?xml-stylesheet type="text/xsl" href="hands.xsl"?>\n<!-- hands -->\n',
    "doctype": "<!DOCTYPE session>\n",
}


def with_prologue(text: str, prologue: str) -> str:
    """``text`` with ``prologue`` before its root element (after its declaration)."""
    if text.startswith("<?xml"):
        end = text.index("?>") + 2
        return text[:end] + "\n" + prologue + text[end:].lstrip("\r\n")
    return prologue + text


def audit(folder: Path, out: Path) -> dict[str, tuple[object, ...]]:
    """Per file: its room, counts and finding codes, from the tables of a CLI run."""
    done = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(folder), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    files = pd.read_parquet(out / "files")
    findings = pd.read_parquet(out / "findings")
    seen: dict[str, tuple[object, ...]] = {}
    for row in files.itertuples():
        codes = Counter(findings[findings["source_file"] == row.source_file]["code"])
        counts = (row.hands_read, row.hands_audited, row.hands_skipped, row.hands_rejected)
        seen[Path(str(row.source_file)).name] = (row.room, counts, sorted(codes.items()))
    return seen


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, tuple[object, ...]]]:
    """Per prologue ("" none): each fixture's outcome, one run a prologue (copies of a
    hand in one run would be duplicates)."""
    folders = {name: tmp_path_factory.mktemp(name or "plain") for name in ["", *PROLOGUES, "bom"]}
    for fixture in XML_FIXTURES:
        text = fixture.read_text(encoding="utf-8")
        (folders[""] / fixture.name).write_text(text, encoding="utf-8")
        for name, prologue in PROLOGUES.items():
            (folders[name] / fixture.name).write_text(
                with_prologue(text, prologue), encoding="utf-8"
            )
        # a byte-order mark, blank lines and a comment before a declaration-less root
        bare = text[text.index("?>") + 2 :].lstrip() if text.startswith("<?xml") else text
        (folders["bom"] / fixture.name).write_text(
            "\ufeff\n  \n<!-- hands -->\n" + bare, encoding="utf-8"
        )
    outs = tmp_path_factory.mktemp("outs")
    return {name: audit(folder, outs / (name or "plain")) for name, folder in folders.items()}


@pytest.mark.parametrize("prologue", [*PROLOGUES, "bom"])
@pytest.mark.parametrize("fixture", XML_FIXTURES, ids=lambda p: p.parent.name + "-" + p.stem)
def test_a_prologue_before_the_root_changes_nothing(
    runs: dict[str, dict[str, tuple[object, ...]]], fixture: Path, prologue: str
) -> None:
    room, counts, _ = runs[""][fixture.name]
    assert room and isinstance(counts, tuple) and counts[1], "the fixture itself is audited"
    assert runs[prologue][fixture.name] == runs[""][fixture.name]
