"""The findings table says where each finding's hand was played: its site and table.

A folder of PokerStars hands holds a finding of every kind of origin: one of a hand's own
audit (CASH_OUT), two of the cross-hand checks (BUTTON_WRONG and STACK_CONTINUITY, the
second hand at the same table starting as if the button had not moved and with a stack
it did not end the first with), a duplicate (the first hand read again from another
file: HAND_DUPLICATE) and a rejected hand (PARSE_ERROR) at another table. Each finding's
``site`` and ``table_name`` are its hand's, as the hands table gives them; the rejected
hand's are read off its header and table line.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import auditor
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"


def _folder(folder: Path) -> Path:
    hands = (FIXTURES / "one_bad_hand_in_three.txt").read_text("utf-8").strip("\n").split("\n\n")
    first = hands[0]
    second = (
        first.replace("#200000000010:", "#200000000011:")
        .replace("6:54:48", "6:55:48")
        .replace("a ($100 in chips)", "a ($99.50 in chips)")
        .replace("b ($100 in chips)", "b ($90 in chips)")
    )
    rejected = hands[1].replace("#200000000011:", "#200000000013:")
    folder.mkdir()
    (folder / "a_table_three.txt").write_text(f"{first}\n\n{second}\n", "utf-8")
    (folder / "b_copy.txt").write_text(f"{first}\n", "utf-8")
    (folder / "c_rejected.txt").write_text(
        rejected.replace("Fixture Three", "Fixture Four") + "\n", "utf-8"
    )
    cash_out = FIXTURES / "cash_out_pot_not_awarded.txt"
    (folder / "d_cash_out.txt").write_text(cash_out.read_text("utf-8"), "utf-8")
    return folder


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pd.DataFrame]:
    root = tmp_path_factory.mktemp("place")
    auditor.audit([str(_folder(root / "in"))], out=root / "out")
    return auditor.load(root / "out")


def test_the_folder_has_findings_of_every_origin(tables: dict[str, pd.DataFrame]) -> None:
    codes = set(tables["findings"].code)
    assert {"CASH_OUT", "BUTTON_WRONG", "STACK_CONTINUITY", "HAND_DUPLICATE"} <= codes
    assert "PARSE_ERROR" in codes


def test_findings_columns_are_added_not_renamed(tables: dict[str, pd.DataFrame]) -> None:
    columns = list(tables["findings"].columns)
    for kept in ("hand_id", "code", "severity", "source_file", "source_line", "hand_key"):
        assert kept in columns
    assert "site" in columns and "table_name" in columns


def test_every_audited_hands_finding_names_its_hands_site_and_table(
    tables: dict[str, pd.DataFrame],
) -> None:
    hands = tables["hands"]
    place = {
        int(key): (str(site), str(name))
        for key, site, name in zip(hands.hand_key, hands.site, hands.table_name, strict=True)
    }
    findings = tables["findings"]
    audited = findings[findings.hand_key.isin(list(place))]
    assert set(audited.code) >= {"CASH_OUT", "BUTTON_WRONG", "STACK_CONTINUITY", "HAND_DUPLICATE"}
    for key, code, site, name in zip(
        audited.hand_key, audited.code, audited.site, audited.table_name, strict=True
    ):
        assert (site, name) == place[int(key)], code
    assert set(audited.table_name) >= {"Fixture Three"}


def test_a_rejected_hands_finding_names_the_site_and_table_it_was_read_from(
    tables: dict[str, pd.DataFrame],
) -> None:
    findings = tables["findings"]
    rejected = findings[findings.code == "PARSE_ERROR"]
    assert len(rejected) == 1
    assert rejected.iloc[0].site == "PokerStars"
    assert rejected.iloc[0].table_name == "Fixture Four"


def test_no_finding_of_a_hand_lacks_its_site_or_table(tables: dict[str, pd.DataFrame]) -> None:
    findings = tables["findings"]
    of_hands = findings[findings.hand_key.notna()]
    assert len(of_hands) == len(findings)
    assert not of_hands.site.isna().any()
    assert not of_hands.table_name.isna().any()
    counts = of_hands.groupby("table_name", observed=True).size().to_dict()
    assert counts["Fixture Four"] == 1
