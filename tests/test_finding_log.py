"""One helper records a hand's findings, for the replay and the settlement alike (they
had one each, written twice): the hand's id, and the street the finding is on."""

from __future__ import annotations

from auditor.api import audit_text
from auditor.finding_log import FindingLog
from auditor.findings import Code
from auditor.replay.state import ReplayState
from auditor.showdown.state import SettleState
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"


def test_the_replay_and_the_settlement_record_findings_with_one_helper() -> None:
    assert ReplayState._find is FindingLog._find
    assert SettleState._find is FindingLog._find
    # the replay's state keeps its slots: the mixin adds no instance dict
    assert ReplayState.__dictoffset__ == 0


def test_findings_carry_the_hand_and_the_street_they_are_on() -> None:
    text = (FIXTURES / "cash_plo_every_line.txt").read_text(encoding="utf-8")
    small = text.replace("eve: raises $20 to $40", "eve: raises $10 to $30")  # the flop's
    assert small != text
    (replayed,) = audit_text(small)
    found = {(f.code, f.street, f.hand_id) for f in replayed.findings}
    assert (Code.RAISE_TOO_SMALL, "flop", "200000000001") in found
    cash_out = (FIXTURES / "cash_out_pot_not_awarded.txt").read_text(encoding="utf-8")
    (settled,) = audit_text(cash_out)
    found = {(f.code, f.street, f.hand_id) for f in settled.findings}
    assert (Code.CASH_OUT, "showdown", settled.hand_id) in found
