"""Every finding on GGPoker's hands of the corpus, each named with why it is right: they
are read by the ggpoker room and audited under the ggpoker profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from auditor.rooms.ggpoker import SITE
from tests.corpus import ManifestRow, manifest
from tests.replay.test_continuity import STACK_FINDINGS

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

# GG's hand wordings that the cards do not bear out. GG's words often ignore Omaha's rule
# of exactly two hole cards and three board cards (docs/RULES.md: "Omaha hands use exactly
# two hole cards and exactly three board cards"); on the second and third boards of a run
# it twice or thrice, its words do not describe the hand on that board's five cards at
# all (they read as if the flop were left out: 6babca1's "Three Kings" on the second
# board of OM785467 is his Kd Ks with that run's Kc alone). The room breaks the rule.
EXPECTED: dict[Key, str] = {
    (
        "GGPoker/NLO/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt",
        "TM2697462",
        "HAND_DESCRIPTION_WRONG",
        35,
    ): "Hero [Kc 4s Ac 3d] on Th 2d 5h 7h Jh: a wheel needs A, 3 and 4 from the hand; "
    "with two hole cards it is Ace high, not 'Fives-High Straight'",
    (
        "GGPoker/PLO/PLO-6max-USD-2-5-202106.run.it.thrice.txt",
        "OM260919438",
        "HAND_DESCRIPTION_WRONG",
        46,
    ): "ead75598's aces with the board's jacks are two pair on boards 2 and 3, not "
    "'Pair of Aces' (one finding per board)",
    (
        "GGPoker/PLO/PLO-6max-USD-2-5-202106.run.it.thrice.txt",
        "OM260919438",
        "HAND_DESCRIPTION_WRONG",
        49,
    ): "Hero's Ks 8s make a spade flush on boards 2 and 3, not 'Pair of Kings' (one "
    "finding per board)",
    (
        "GGPoker/PLO5/PLO5-6max-USD-2-5-202104.Jackpot.txt",
        "OM1349864",
        "HAND_DESCRIPTION_WRONG",
        29,
    ): "shown on the flop: two pair nines and fives on 5d 2h 6c needs three hole cards "
    "(9d 9c 5s): a pair of nines",
    (
        "GGPoker/PLO5/PLO5-6max-USD-2-5-202104.Jackpot.txt",
        "OM1349864",
        "HAND_DESCRIPTION_WRONG",
        48,
    ): "'Fives Full over Nines' on the first board needs three hole cards (trips at "
    "most); on the second board Hero's 9d 4d make a diamond flush, not two pair",
    (
        "GGPoker/PLO5/PLO5-6max-USD-25-50-202104.RIT.txt",
        "OM785467",
        "HAND_DESCRIPTION_WRONG",
        26,
    ): "shown on the flop: kings and sixes on 5c 6s 8c needs Kd Ks 6h, three hole cards: "
    "a pair of kings",
    (
        "GGPoker/PLO5/PLO5-6max-USD-25-50-202104.RIT.txt",
        "OM785467",
        "HAND_DESCRIPTION_WRONG",
        42,
    ): "on the second board Hero's 6c 7c make a club flush, not 'Pair of Twos'",
}

# GG tables the hands after the river's betting, before its "*** SHOWDOWN ***" line; its
# records follow the river's aggressor, else the first player left of the button (the
# ggpoker profile). The seeds' rule (the last aggressor of the last street with a bet)
# would flag these hands: in each, a bettor of an earlier street checked the river and
# the player left of the button showed first.
LAST_AGGRESSOR_WOULD_FLAG = {
    ("GGPoker/PLO/PLO-6max-MTT-USD-1k-202006.txt", "TM106348084"),
    ("GGPoker/PLO/PLO-6max-MTT-USD-1k-202006.txt", "TM106348248"),
    ("GGPoker/PLO/PLO-6max-MTT-USD-1k-202006.txt", "TM106348874"),
    ("GGPoker/PLO/PLO-6max-MTT-USD-1k-202006.txt", "TM106366706"),
    ("GGPoker/PLO/PLO-6max-MTT-USD-1k-202006.txt", "TM106366770"),
    ("GGPoker/PLO/PLO-6max-USD-0.5-1.00-202006.txt", "OM190765952"),
    ("GGPoker/PLO/PLO-6max-USD-0.50-1.00-202004.txt", "OM181427552"),
    ("GGPoker/PLO/PLO-6max-USD-0.50-1.00-202004.txt", "OM181427667"),
}


# A run (not tests/replay/test_continuity.py's model of it) finds one stack more: in
# OM181427480 23aca38f bought all-in insurance and won; "pay premium of all-in insurance
# ($4)" is taken from what he collected ("If you take All-In Insurance but win the hand,
# you win the pot as normal and the All-In Insurance fee (premium) is deducted from the
# pot when the hand ends", help.ggpoker.com/article/967), and the 2020 record leaves the
# rake out too: $37.50 collected, $4 premium, $2.09 rake: he starts OM181427500 with
# $31.41. The record is right; the stack check does not take a premium off (its
# insurance line is kept as written, no typed amount).
INSURANCE_PREMIUM_LEFT_OUT = {"OM181427500": "premium $4 and rake $2.09 off $37.50"}


def gg_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("GGPoker/")]


def _observed(rules: str) -> tuple[set[Key], dict[str, str], int]:
    """The findings of GG's hands, the profile each was audited under, hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: dict[str, str] = {}
    audited = 0
    for row in gg_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "ggpoker" and result.hand is not None
            profiles[result.hand_id] = auditor.profile(
                auditor.profile_key(result.hand.start.site)
            ).name
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], dict[str, str], int]:
    return _observed("auto")


def test_gg_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    _, profiles, audited = observed
    assert len(gg_rows()) == 15
    assert audited == sum(row.hands for row in gg_rows()) == 133
    assert set(profiles.values()) == {"ggpoker"}


def test_no_finding_that_is_not_explained(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_the_seeds_showdown_order_would_flag_gg_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert order == LAST_AGGRESSOR_WOULD_FLAG


def test_the_site_is_gg_s(observed: tuple[set[Key], dict[str, str], int]) -> None:
    assert SITE == "GGPoker"
    assert all(hand.startswith(("OM", "TM", "RC")) for hand in observed[1])


def test_a_run_finds_these_and_the_rake_left_out_of_gg_s_2020_stacks(
    corpus: Path, tmp_path: Path
) -> None:
    """The whole run also checks stacks from hand to hand: GG's 2020 cash records write
    the pot before the rake and the winner starts the next hand short by it
    (STACK_CONTINUITY; each named in tests/replay/test_continuity.py, RAKE_LEFT_OUT)."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in gg_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["ggpoker"]  # --rules auto
    assert tables["files"].format.astype(str).unique().tolist() == ["ggpoker"]
    findings = tables["findings"]
    codes = findings.groupby("code", observed=True).size().to_dict()
    stacks = findings[findings.code == "STACK_CONTINUITY"]
    assert codes == {"HAND_DESCRIPTION_WRONG": 10, "STACK_CONTINUITY": len(stacks)}
    assert set(stacks.hand_id.astype(str)) == {hand for _, hand in STACK_FINDINGS} | set(
        INSURANCE_PREMIUM_LEFT_OUT
    )
    (premium,) = stacks[stacks.hand_id.astype(str) == "OM181427500"].itertuples()
    assert (premium.player, premium.expected, premium.recorded) == ("23aca38f", "37.50", "31.41")
