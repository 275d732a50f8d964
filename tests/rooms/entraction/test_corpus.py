"""Every finding on Entraction's hands of the corpus, each named with why it is right: they
are read by the entraction room and audited under the entraction profile. A finding not
listed here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

ALL_IN = "Entraction/FLO8/AllInHandWithShowdown.txt"
EURO = "Entraction/FLO8/EuroTable.txt"
HU_PLO = "Entraction/PLO/PotLimitOmaha.txt"
TABLE = "Entraction/PLO/Table_35124993.txt"

# HHSmithy's FLO8 samples are one heads-up table's hands, some edited for its tests: the
# findings are the records contradicting their own header or cards.
_LIMIT = (
    '(b) docs/RULES.md (the seeds): "Fixed limit: small bet pre-flop and flop, big bet turn '
    'and river"; the header says Fixed Limit EUR 100.00/200.00 (small bet 100, big bet '
    "200), "
)
_EURO = (
    "(a) the header says 'EUR 2.00/4.00' (small blind 1.00, big blind 2.00, bets 2 and 4) "
    "while the blinds posted are 50.00/100.00 and the bets 100 and 200, those of the "
    "100/200 table the hand was played at (the same hand, 2646515969, is "
    "FLO8/OmahaHiLo.txt with the 100/200 header): "
)

EXPECTED: dict[Key, str] = {
    (ALL_IN, "2646515969", "BET_SIZE_WRONG", 12): _LIMIT
    + (
        "yet the big blind's 'Raise (500.00)' makes his bet 100 + 500 = 600: a raise "
        "before the flop is to 100 + 100 + 100 = 300"
    ),
    (ALL_IN, "2646515969", "BET_SIZE_WRONG", 17): _LIMIT
    + ("yet the flop 'Bet (900.00)': a flop bet is the small bet, 100"),
    (ALL_IN, "2646515969", "BET_SIZE_WRONG", 18): _LIMIT
    + (
        "yet bglegend22 goes 'All-In (3,559.76)' over a 900 bet: a raise is one small "
        "bet more, 1,000 in all"
    ),
    (ALL_IN, "2646515969", "WINNER_WRONG", 28): (
        '(b) docs/RULES.md (the seeds): "Half the pot to the best high, half to the best '
        "qualifying low\": Omaha Hi/Lo on 4d 2d Js 5s As: YoOyYo's 7d 8s make the "
        "8-7-4-2-A low and bglegend22 (Qc 2c 9s Qd) has no two cards to a low (only the 2), "
        "yet 'bglegend22 wins: EUR 5,898.50', the whole pot: YoOyYo's low half is not paid"
    ),
    (EURO, "2646515969", "BLIND_WRONG", 8): _EURO
    + ("the big blind of a 2/4 table is 2.00, the record posts 100.00: 100.00 != 2.00"),
    (EURO, "2646515969", "BLIND_WRONG", 9): "(c) follows from the BLIND_WRONG on line 8; "
    + _EURO
    + ("the small blind of a 2/4 table is 1.00, the record posts 50.00: 50.00 != 1.00"),
    (EURO, "2646515969", "BET_SIZE_WRONG", 11): "(c) follows from the BLIND_WRONG on line 8; "
    + _EURO
    + "a preflop raise to 200, not to 4",
    (EURO, "2646515969", "BET_SIZE_WRONG", 17): _EURO + "a flop bet of 100, not 2",
    (EURO, "2646515969", "BET_SIZE_WRONG", 18): _EURO + "a flop raise to 200, not to 4",
    (EURO, "2646515969", "BET_SIZE_WRONG", 23): _EURO + "a turn bet of 200, not 4",
    (EURO, "2646515969", "BET_SIZE_WRONG", 24): _EURO + "a turn raise to 400, not to 8",
    (EURO, "2646515969", "BET_SIZE_WRONG", 30): _EURO + "a river bet of 200, not 4",
}
# Heads-up at a six-seat pot-limit table the dealer posts the big blind and the other
# player acts first on every street (HU_PLO 2646630562; TABLE 2137934990, 2137935031,
# 2137935162, 2137935292, 2137941010): Entraction's convention, every such hand of the
# corpus, modelled in the profile (blinds.heads_up_ring_tables_keep_ring_order, with the
# evidence): no BLIND_WRONG (test_heads_up_ring_tables_keep_the_ring_order).
HEADS_UP_RING = {
    (HU_PLO, "2646630562"),
    *((TABLE, hand) for hand in ("2137934990", "2137935031", "2137935162", "2137935292")),
    (TABLE, "2137941010"),
}


def entraction_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Entraction/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    """The findings of Entraction's hands, the profiles they were audited under, hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in entraction_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "entraction" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed("auto")


def test_entraction_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(entraction_rows()) == 19
    assert audited == sum(row.hands for row in entraction_rows()) == 300
    assert profiles == {"entraction"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_heads_up_ring_tables_keep_the_ring_order(
    observed: tuple[set[Key], set[str], int],
) -> None:
    """The 12 BLIND_WRONG findings (two a hand) these hands had under the heads-up rule
    are gone; under the seeds' profile they come back."""
    flagged = {(f, h) for f, h, code, _ in observed[0] if code == "BLIND_WRONG"}
    assert flagged & HEADS_UP_RING == set()
    found, _, _ = _observed("seeds")
    blinds = [(f, h) for f, h, code, _ in found if code == "BLIND_WRONG"]
    assert {key for key in blinds if key in HEADS_UP_RING} == HEADS_UP_RING
    assert len([key for key in blinds if key in HEADS_UP_RING]) == 12


def test_the_seeds_showdown_order_would_flag_entraction_s_own(corpus: Path) -> None:
    """With no bet on the river, the player left of the button shows first, whoever bet
    before (the entraction profile's river_aggressor): the seeds' last aggressor would flag
    22 hands."""
    found, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert len(order) == 22
    assert ("Entraction/PLO/PLO-6max-EUR-0.02-0.04-201103.txt", "2137921772") in order


# What a whole run finds across hands, besides each hand's own findings. Entraction writes
# no rebuy, top-up or join line: a stack that changes between two hands of a table with no
# line saying why is what STACK_CONTINUITY is for; the duplicates are HHSmithy's copies of
# one hand with edited lines.
ACROSS: dict[tuple[str, str, str], str] = {
    (TABLE, "2137896843", "STACK_CONTINUITY"): "Makesdy ends 2137891445 with 3.80 (he folds "
    "before the flop, having posted nothing) and the next hand, 14 seconds later, seats him "
    "with 3.86: 0.06 that no line accounts for",
    ("Entraction/PLO/Table_35129644.txt", "2137898682", "STACK_CONTINUITY"): "diavolos1 is "
    "seated with 0.00 in 2137898413 and with 2.49 in the next hand: chips added between "
    "hands that the record does not write",
    ("Entraction/PLO/Table_35129644.txt", "2137917880", "STACK_CONTINUITY"): "Makesdy ends "
    "2137914494 with 2.06 and is seated with 3.98 in the next hand: chips added that the "
    "record does not write",
    ("Entraction/PLO/Table_35129644.txt", "2137928281", "STACK_CONTINUITY"): "giancarlod "
    "ends 2137927833 with the 2.23 main pot he won and is seated with 2.74 in the next hand: "
    "0.51 the record does not account for",
    (EURO, "2646515969", "HAND_DUPLICATE_DIFFERS"): "(a) two records of hand 2646515969 "
    "differ: line 1 'Fixed Limit EUR 2.00/4.00' here, 'EUR 100.00/200.00' in "
    "AllInHandWithShowdown.txt; lines 4-5 seat Ballyhoo (4,000.00) and YoOyYo (10,378.12) "
    "here, YoOyYo (2,950.00) and bglegend22 (4,159.76) there (HHSmithy's edited copy)",
    ("Entraction/FLO8/OmahaHiLo.txt", "2646515969", "HAND_DUPLICATE_DIFFERS"): "(a) two "
    "records of hand 2646515969 differ: lines 4-5 seat Ballyhoo (4,000.00) and YoOyYo "
    "(10,378.12) here, YoOyYo (2,950.00) and bglegend22 (4,159.76) in "
    "AllInHandWithShowdown.txt; line 7 'Dealer: YoOyYo' here, 'Dealer: bglegend22' there",
    (TABLE, "2137921772", "HAND_DUPLICATE_DIFFERS"): "(a) two records of hand 2137921772 "
    "differ: line 4 'Makesdy (EUR 3.92 in seat 1)' here (line 1081 of the table file), "
    "'Player0 (EUR 3.92 in seat 1)' in PLO-6max-EUR-0.02-0.04-201103.txt, and every "
    "other name likewise (fpdb's copy with the players renamed)",
}


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand (the 2011 tables' sessions)
    and copies of one hand: only the findings named are found."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in entraction_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["entraction"]
    assert tables["files"].format.astype(str).unique().tolist() == ["entraction"]
    findings = tables["findings"]
    across = {
        (file.split("corpus/", 1)[1], hand, code)
        for file, hand, code in zip(
            findings.source_file.astype(str),
            findings.hand_id.astype(str),
            findings.code.astype(str),
            strict=True,
        )
        if code in ("STACK_CONTINUITY", "HAND_DUPLICATE_DIFFERS")
    }
    assert across == ACROSS.keys()
    assert len(findings) == len(EXPECTED) + len(ACROSS)
