"""Property tests: legal hands, generated at random, must replay clean.

Hands come from :func:`tests.replay.legal_hands.legal_hands` (pot, no and fixed
limit Omaha, hi and hi/lo, 2-6 players, short stacks, side pots), written as
PokerStars text by :mod:`tests.replay.stars_writer`, read by our reader and
replayed under the seeds profile. A legal hand must:

1. parse, with no PARSE_ERROR;
2. replay with no finding about betting, pots, chips or cards;
3. conserve chips (starting stacks = ending stacks + rake), ending with the
   stacks the generator computed;
4. show every bet and raise within its legal range (or all-in for less), and
   every call for exactly the amount to call.

On failure the hand's text is printed, so that it can be read as is.
Derandomized: the same hands on every run (CI is reproducible).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from auditor import events as ev
from auditor.pipeline import HandAuditor, Status
from auditor.read.split import RawHand
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.replay.result import ReplayResult
from tests.replay.legal_hands import LegalHand, legal_hands
from tests.replay.stars_writer import Limit

BETTING_CODES = frozenset(
    {
        "BLIND_WRONG",
        "OUT_OF_TURN",
        "ILLEGAL_CHECK",
        "CALL_WRONG",
        "BET_SIZE_WRONG",
        "CAP_EXCEEDED",
        "RAISE_TOO_SMALL",
        "RAISE_ABOVE_POT",
        "RERAISE_NOT_ALLOWED",
        "STACK_EXCEEDED",
        "STREET_EARLY",
        "UNCALLED_WRONG",
        "POT_WRONG",
        "CHIPS_NOT_CONSERVED",
        "CARD_INVALID",
        "CARD_DUPLICATE",
    }
)
SEEDS = load_profile("seeds")
AUDITOR = HandAuditor()
PROPERTY = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def read(text: str) -> ev.Hand:
    """The hand our reader makes of ``text``; fails, showing the text, on a PARSE_ERROR."""
    result = AUDITOR.audit_hand(RawHand("<generated>", 1, tuple(text.splitlines())))
    parse_errors = [f for f in result.findings if f.code == "PARSE_ERROR"]
    assert not parse_errors, f"{parse_errors}\n--- hand ---\n{text}"
    assert result.status is Status.AUDITED and result.hand is not None, text
    return result.hand


def replay(text: str) -> ReplayResult:
    return replay_hand(read(text), SEEDS)


def _show(generated: LegalHand, result: ReplayResult) -> str:
    lines = [f"  {f.code} seq={f.seq} {f.player}: {f.message}" for f in result.findings]
    return "\n".join(["findings:", *lines, "--- hand ---", generated.text])


def _parses(generated: LegalHand, hand: ev.Hand) -> None:
    assert not hand.truncated, generated.text


def _no_betting_findings(generated: LegalHand, result: ReplayResult) -> None:
    wrong = [f for f in result.findings if f.code in BETTING_CODES]
    assert not wrong, _show(generated, result)


def _chips_are_conserved(generated: LegalHand, result: ReplayResult) -> None:
    started = sum(amount for _, amount in result.starting_stacks)
    ended = sum(amount for _, amount in result.ending_stacks)
    assert started == ended + result.rake, _show(generated, result)
    assert dict(result.starting_stacks) == dict(generated.starting), _show(generated, result)
    assert dict(result.ending_stacks) == dict(generated.ending), _show(generated, result)


def _actions_within_legal_range(generated: LegalHand, result: ReplayResult) -> None:
    for record in result.actions:
        where = f"seq {record.seq} {record.player} {record.action}: {record}\n"
        if record.action in ("bet", "raise"):
            assert record.to_amount is not None, where + _show(generated, result)
            assert record.min_legal is not None and record.max_legal is not None, where + _show(
                generated, result
            )
            short_all_in = record.all_in and record.to_amount < record.min_legal
            if not short_all_in:
                assert record.min_legal <= record.to_amount <= record.max_legal, where + _show(
                    generated, result
                )
        elif record.action == "call":
            assert record.amount == record.min_legal, where + _show(generated, result)


@PROPERTY
@given(legal_hands())
def test_legal_hands_keep_every_property(generated: LegalHand) -> None:
    """Properties 1-4 on each generated hand, read and replayed once (one generated hand
    per property would read and replay four times as many)."""
    hand = read(generated.text)
    _parses(generated, hand)
    result = replay_hand(hand, SEEDS)
    _no_betting_findings(generated, result)
    _chips_are_conserved(generated, result)
    _actions_within_legal_range(generated, result)


@settings(PROPERTY, max_examples=200)
@given(legal_hands(limits=(Limit.FIXED,)))
def test_legal_fixed_limit_hands_have_no_betting_findings(generated: LegalHand) -> None:
    """Fixed limit on its own too: capped rounds are rare in the mixed run."""
    _no_betting_findings(generated, replay(generated.text))


# ---------------------------------------------------------------- pinned examples
# A short all-in as the round's FIRST bet (87 with a 100 big blind) does not re-open the
# betting to a player who checked (Robert's Rules 14.3; the seeds' "full raise" rule).
# pokerkit lets him raise, so the generator must not take pokerkit's word for it here.
SHORT_OPENING_BET = """\
PokerStars Hand #232295603014: Tournament #3000000001, $3.00+$0.30 USD Omaha No Limit - \
Level I (50/100) - 2020/03/15 09:28:43 ET
Table '3000000001 4' 9-max Seat #3 is the button
Seat 1: Ann (2500 in chips)
Seat 2: bob (900 in chips)
Seat 3: Cid (187 in chips)
Ann: posts small blind 50
bob: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [5d 7s 7c 3c]
Dealt to bob [6c 8d 9d 7d]
Dealt to Cid [4d 3s 9s Jd]
Cid: calls 100
Ann: calls 50
bob: checks
*** FLOP *** [Ks Ts Qc]
Ann: checks
bob: checks
Cid: bets 87 and is all-in
Ann: raises 200 to 287
bob: folds
Uncalled bet (200) returned to Ann
*** TURN *** [Ks Ts Qc] [3d]
*** RIVER *** [Ks Ts Qc 3d] [As]
*** SHOW DOWN ***
Ann: shows [5d 7s 7c 3c]
Cid: shows [4d 3s 9s Jd]
Cid collected 474 from pot
*** SUMMARY ***
Total pot 474 | Rake 0
Board [Ks Ts Qc 3d As]
Seat 1: Ann (small blind) showed [5d 7s 7c 3c] and lost
Seat 2: bob (big blind) folded on the Flop
Seat 3: Cid (button) showed [4d 3s 9s Jd] and won (474)
"""


def test_short_opening_all_in_does_not_reopen_to_a_checker() -> None:
    result = replay(SHORT_OPENING_BET)
    found = [(f.code, f.player) for f in result.findings if f.code in BETTING_CODES]
    assert found == [("RERAISE_NOT_ALLOWED", "Ann")], found


def test_calling_a_short_opening_all_in_is_legal() -> None:
    text = SHORT_OPENING_BET.replace(
        "Ann: raises 200 to 287\nbob: folds\nUncalled bet (200) returned to Ann\n",
        "Ann: calls 87\nbob: folds\n",
    )
    assert "raises" not in text
    result = replay(text)
    assert [f for f in result.findings if f.code in BETTING_CODES] == [], text
