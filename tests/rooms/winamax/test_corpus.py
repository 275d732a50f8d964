"""Every finding on Winamax's hands of the corpus, each named with why it is right: they
are read by the winamax room and audited under the winamax profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

_RAISE = "Winamax/PLO/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt"
_BAD_POT = "Winamax/PLO/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt"
_SAMPLE = "Winamax/PLO/PLO-FR-EUR-0.02-0.05-201009.Sample"

# "Player3 raises 1€ to 3€" under *** ANTE/BLINDS ***, before any blind, then "Player3
# posts small blind 1€" from seat 5 (the button is seat 1: seat 2 is the small blind's), in
# both hands of the file. Decided: a defect of these two records, not a Winamax convention
# (no profile key). The evidence: (1) no other of the corpus's 73 Winamax hands writes
# anything in its blinds section but posts, "Dealt to" and "deny BB"; (2) fpdb-3's
# WinamaxToFpdb.py knows no straddle nor any raise among the blinds: its PREFLOP street
# starts at "*** ANTE/BLINDS ***", so it reads the line as an ordinary pre-flop raise, and
# it keeps this file among its regression samples as "ante.raise", an oddity; (3) no one
# reading makes both hands agree: in 6417287-1303 the others call 2€ and the big blind
# checks, so Player3's live bet would be 2€ at most, while in 6417287-1322 "Hero raises 5€
# to 8€" has it at 3€ (8 - 5). The pots count Player3's 4€ (3 + 1) both times.
_RAISE_POT = (
    "the pot 16.35€ + 0.65€ rake = 17€ = 2 + 7 (Player2) + 2 (Player0) + 2 (Hero) + 4, so "
    "Player3 has 4€ in (3€ + 1€)"
)
_BEFORE_BLINDS = (
    '(b) docs/RULES.md (the seeds): "Pre-flop action starts left of the big blind": Player3 '
    "(seat 5) raises before any blind is posted; left of Hero's big blind (seat 3) sits "
    "Player2 (seat 4)"
)
_ABOVE_NOTHING = (
    '(b) docs/RULES.md (the seeds), pot limit: "maximum raise = active pot + all bets on the '
    'table + the amount the raiser must call first": written before any blind, 0 + 0 + 0 = '
    "0€, and the raise is to 3€"
)
_SB_SEAT_5 = (
    '(b) docs/RULES.md (the seeds): "Small blind left of the button, big blind left of it": '
    "the button is seat 1, left of it is Player1 (seat 2, who posts nothing); Player3 posts "
    "it from seat 5"
)
# Winamax lists the shown hands in an order that is not the last aggressor's first (docs/RULES.md:
# "the last aggressor of the last street with a bet shows first; with no bet at all, the
# first active player left of the button; then clockwise"): e.g. in 270777-175 Player5
# bets the river and is called, and "Player30 shows" comes first. No one rule profile
# explains these orders (the 2010 sample's are clockwise runs from varying players).
_ORDER = "the shown hands are listed out of the rule's order (the aggressor not first)"

EXPECTED: dict[Key, str] = {
    (
        "Winamax/PLO/OmahaShowdown.txt",
        "5334663-1379-1383796492",
        "SHOWDOWN_ORDER",
        35,
    ): "sharon59221 "
    "bet the flop and was called; the turn and river were checked: trasto51 is listed first",
    (_RAISE, "6417287-1303-1406683540", "OUT_OF_TURN", 9): _BEFORE_BLINDS,
    (_RAISE, "6417287-1303-1406683540", "RAISE_ABOVE_POT", 9): _ABOVE_NOTHING,
    (_RAISE, "6417287-1303-1406683540", "BLIND_WRONG", 10): _SB_SEAT_5,
    (
        _RAISE,
        "6417287-1303-1406683540",
        "CALL_WRONG",
        14,
    ): "(c) follows from the OUT_OF_TURN on line 9; " + f"(a) {_RAISE_POT}; Player2 "
    "calls 2€ from nothing: 2 != 4",
    (
        _RAISE,
        "6417287-1303-1406683540",
        "OUT_OF_TURN",
        15,
    ): "(c) follows from the OUT_OF_TURN on line 9; " + "(a) line 9 makes Player3 the "
    "last to raise and nobody raises after him, so his turn does not come again before the "
    "flop; the record gives him one (checks, after Player2, before Player0), as if the raise "
    "were not an action",
    (
        _RAISE,
        "6417287-1303-1406683540",
        "CALL_WRONG",
        16,
    ): "(c) follows from the OUT_OF_TURN on line 9; " + f"(a) {_RAISE_POT}; Player0 "
    "calls 2€ from nothing: 2 != 4",
    (
        _RAISE,
        "6417287-1303-1406683540",
        "ILLEGAL_CHECK",
        18,
    ): "(c) follows from the OUT_OF_TURN on line 9; " + f"(a) {_RAISE_POT}; Hero "
    "checks with his 2€ big blind in: 2 != 4",
    (
        _RAISE,
        "6417287-1303-1406683540",
        "STREET_EARLY",
        19,
    ): "(c) follows from the OUT_OF_TURN on line 9; " + f"(a) {_RAISE_POT}; the flop "
    "comes with Player2, Player0 and Hero at 2€ each and none of Player3's 2€ more "
    "returned: 2 != 4",
    (_RAISE, "6417287-1322-1406684365", "OUT_OF_TURN", 50): _BEFORE_BLINDS,
    (_RAISE, "6417287-1322-1406684365", "RAISE_ABOVE_POT", 50): _ABOVE_NOTHING,
    (_RAISE, "6417287-1322-1406684365", "BLIND_WRONG", 51): _SB_SEAT_5,
    (
        _RAISE,
        "6417287-1322-1406684365",
        "OUT_OF_TURN",
        56,
    ): "(c) follows from the OUT_OF_TURN on line 50; " + "(a) line 50 makes Player3 the "
    'last to raise (to 3€: Hero\'s "raises 5€ to 8€" counts it, 3 + 5 = 8) and only '
    "Player2's fold comes before his turn, which does not come again; the record has him "
    "check at line 56",
    # Button seat 5: the small blind is seat 1's (Hero), not seat 4's
    (_BAD_POT, "6468352-1737-1408024646", "BLIND_WRONG", 9): "(b) docs/RULES.md (the seeds): "
    '"Small blind left of the button, big blind left of it": the button is seat 5, left of '
    "it Hero (seat 1, dealt in); Player2 posts it from seat 4 (Player0's big blind on seat "
    "2 and Player1 first to act on seat 3 agree with the button)",
    # Winamax counts an uncalled bet in its total and in "collected" (270777-167: 0.27€ of
    # blinds and calls + Player0's uncalled 0.05€ = 0.31€ + 0.01€ rake); fpdb-3 files this
    # hand as "bad.pot". 10 = 9 + 1 would hold had Hero's small blind been posted unwritten.
    (_BAD_POT, "6468352-1737-1408024646", "POT_WRONG", 20): "(a) chips in: 1 (Player2's "
    "small blind) + 2 (Player0's big blind) + 6 (Player1's raise, 4€ of it uncalled) = 9€; "
    '"Total pot 10€ | No rake": 10 != 9',
    (_BAD_POT, "6468352-1737-1408024646", "CHIPS_NOT_CONSERVED", 19): "(a) 9€ put in (1 + 2 "
    '+ 6), "Player1 collected 10€ from pot": 10 != 9',
    **{
        (_SAMPLE, hand, "SHOWDOWN_ORDER", line): _ORDER
        for hand, line in (
            ("270777-175-1284848632", 655),
            ("270777-177-1284848893", 780),
            ("270777-181-1284849430", 1030),
            ("270777-187-1284850184", 1346),
            ("270777-188-1284850326", 1402),
            ("270777-189-1284850459", 1460),
            ("270777-199-1284851577", 2008),
            ("270777-201-1284851838", 2122),
            ("270777-203-1284852035", 2236),
            ("270777-206-1284852389", 2424),
            ("270777-207-1284852547", 2479),
            ("270777-209-1284852738", 2586),
            ("270777-213-1284853090", 2802),
            ("270777-219-1284853738", 3094),
            ("270777-220-1284853842", 3154),
        )
    },
    (
        "Winamax/PLO/PLO-FR-EUR-0.50-1.00-201103.hid.out.of.range.txt",
        "947321-694-1299021223",
        "SHOWDOWN_ORDER",
        29,
    ): "Player0 bet the flop and was called, the rest checked: Player3 is listed first",
    (
        "Winamax/PLO8/PLO8-6max-EUR-1.00-2.00-201611.txt",
        "9247976-238-1478874600",
        "SHOWDOWN_ORDER",
        22,
    ): "Hero bet the flop and was called, the rest checked: Player0 is listed first",
}

# Found by a whole run (they compare hands): one stack, and no button. Winamax lists every
# seated player and writes "folded" (on no street) for one who is not dealt in; its reader
# marks those seats out of the hand, and the replay, settlement and the cross-hand checks
# all take them as not dealt in (EventIndex.dealt_in). Winamax's button is dead
# (auditor/profiles/winamax.toml): in the 2010 sample 168, 187 and 201 have the button on
# a seat left empty (seat 2, seat 6, seat 2) where last hand's small blind was posted or
# due, 179 and 196 in front of that seat's player who is not dealt in (Player3 sitting out,
# Player10 just seated). Under the seeds' moving button these five were BUTTON_WRONG
# (RUN_BUTTON_IF_MOVING, checked by test_the_sample_s_button_is_dead_not_moving).
RUN_BUTTON_IF_MOVING = {
    "270777-168-1284847977",
    "270777-179-1284849156",
    "270777-187-1284850184",
    "270777-196-1284851165",
    "270777-201-1284851838",
}
# Player10 ends 270777-217 with 3.76€ (5.21€, 1.67€ in, back the 0.22€ nobody called, the
# "collected 0.22€ from side pot 2") and starts 270777-218 with 5.02€: Winamax writes no
# top-up line, so the record does not say where 1.26€ came from.
RUN_STACK = {"270777-218-1284853648"}
# 270777-217 is also in its own file (...Real.side.pot.with.bad.collected.txt): a copy.
RUN_DUPLICATE = {"270777-217-1284853532"}


def winamax_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Winamax/")]


def _observed() -> tuple[set[Key], set[str], int]:
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in winamax_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "winamax" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed()


def test_winamax_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(winamax_rows()) == 15
    assert audited == sum(row.hands for row in winamax_rows()) == 75
    assert profiles == {"winamax"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


@pytest.mark.slow
def test_a_run_finds_these_and_the_button_and_stack_findings(corpus: Path, tmp_path: Path) -> None:
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in winamax_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["winamax"]
    assert tables["files"].format.astype(str).unique().tolist() == ["winamax"]
    findings = tables["findings"]
    by_code = {
        code: set(group.hand_id.astype(str))
        for code, group in findings.groupby("code", observed=True)
    }
    assert "BUTTON_WRONG" not in by_code
    assert by_code.pop("STACK_CONTINUITY") == RUN_STACK
    assert by_code.pop("HAND_DUPLICATE") == RUN_DUPLICATE
    assert set(by_code) == {code for _, _, code, _ in EXPECTED}


def test_the_zone_is_kept_as_written_though_2010_s_utc_is_paris_time(corpus: Path) -> None:
    """A Winamax hand id ends with the hand's UNIX time ("#5334663-1379-1383796492":
    2013/11/07 03:54:52 UTC, as its header writes). The reader keeps the zone the header
    writes ("UTC"); the 2010 sample's headers are two hours ahead of their ids (Paris
    summer time, written "UTC"), every later record agrees with its id within a second."""
    from auditor.tables.timezones import to_utc

    offsets: dict[str, set[int]] = {}
    for row in winamax_rows():
        for result in HandAuditor().audit_file(str(row.path), FileSummary(source_file=row.file)):
            assert result.hand is not None
            start = result.hand.start
            assert start.time_zone == "UTC"
            instant = to_utc(start.started_at, start.time_zone)
            assert instant is not None and start.started_at is not None
            stamp = int(start.hand_id.rsplit("-", 1)[1])
            offsets.setdefault(str(start.started_at.year), set()).add(
                round((instant.timestamp() - stamp) / 60)
            )
    assert offsets.pop("2010") == {120}
    assert set().union(*offsets.values()) == {0}


def test_the_sample_s_button_is_dead_not_moving(corpus: Path) -> None:
    """The cross-hand check over the 2010 sample's table: clean under the winamax profile
    (a dead button), the five hands around a blind's seat left empty flagged under the
    seeds' moving button."""
    from auditor.replay.continuity import continuity_findings, table_hand
    from auditor.replay.profile import load_profile

    (row,) = [row for row in winamax_rows() if row.file == _SAMPLE]
    hands = []
    for result in HandAuditor("auto").audit_file(str(row.path), FileSummary(source_file=row.file)):
        assert result.hand is not None and result.replay is not None
        ending = dict(result.replay.ending_stacks) or None
        hands.append(table_hand(result.hand, ending, None, result.index))

    def buttons(profile: str) -> set[str]:
        found = continuity_findings(hands, load_profile(profile))
        return {f.hand_id for f in found if f.code == "BUTTON_WRONG"}

    assert load_profile("winamax").button_movement == "dead"
    assert buttons("winamax") == set()
    assert buttons("seeds") == RUN_BUTTON_IF_MOVING
