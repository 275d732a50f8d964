"""Pots and awards against pokerkit (shared/ORACLES.md), on random legal hands.

Hands come from :func:`tests.replay.legal_hands.legal_hands`: pot-limit Omaha, high or
hi/lo, 2 to 6 players with short stacks (all-ins, side pots), no rake. Each hand that
reaches a showdown is audited under the seeds profile (whose rules the generator follows)
and must be clean; then the same hand (stacks, cards, actions) is played in pokerkit, and

1. the pots at the showdown (amount, players eligible) must be ours;
2. what each player is paid must be what our auditor expects him to be paid,

except where pokerkit departs from the rules (ORACLES.md), which are counted and skipped:

- item 7: a pot whose contenders hold no low while another pot has one (pokerkit splits
  that pot's "low half" among its contenders; the rules give it whole to the high);
- item 5: a tied half with a remainder of two or more chips (pokerkit gives every odd chip
  to the first winner; the rules one each from the first left of the button). A single
  odd chip goes to the same player under both, so those hands are compared;
- item 6: pokerkit mucks the all-in hands that cannot win and merges pots whose
  contenders are then the same; merged pots are split once, so any remainder can round
  differently: hands with merged pots and a remainder anywhere are skipped;
- item 4 (rake per pot): the generated hands take no rake.

Derandomized: the same hands on every run.
"""

from __future__ import annotations

import io
import warnings
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, given, settings
from pokerkit import (
    Automation,
    BettingStructure,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    State,
)

from auditor.pipeline import FileSummary, HandAuditor, HandResult
from tests.replay.legal_hands import LegalHand, legal_hands
from tests.replay.stars_writer import Limit, StarsHand, Verb

pytestmark = pytest.mark.slow  # pokerkit plays every generated hand

HANDS = 400  # hands with a showdown
AUDITOR = HandAuditor("seeds")
ORACLE = settings(
    max_examples=HANDS,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PULLING,
)


@dataclass(frozen=True, slots=True)
class OracleResult:
    """pokerkit's view of a hand's end: pots at the showdown, pots as paid, payouts."""

    pots: tuple[tuple[int, frozenset[str]], ...]  # before any hand is mucked
    pots_paid: int  # how many pots it pays (fewer when it merged some)
    paid: dict[str, int]


def audit(text: str) -> HandResult:
    results = list(
        AUDITOR.audit_stream(io.BytesIO(text.encode()), "<generated>", FileSummary("<generated>"))
    )
    assert len(results) == 1
    return results[0]


def play_in_pokerkit(hand: StarsHand, names: list[str], stacks: list[int]) -> OracleResult:
    """The hand played in pokerkit: names and stacks by position (0 left of the button)."""
    game = hand.game
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand) if game.hi_lo else (OmahaHoldemHand,)
    streets = PotLimitOmahaHoldem((), True, 0, (game.small, game.big), game.big).streets
    state = State(
        _AUTOMATIONS,
        PotLimitOmahaHoldem.deck,
        hand_types,
        streets,
        BettingStructure.POT_LIMIT,
        True,
        0,
        (game.small, game.big),
        0,
        stacks,
        len(stacks),
    )
    holes = {s.name: "".join(s.hole) for s in hand.seats}
    for index, name in enumerate(names):
        state.deal_hole(holes[name], index)
    position = {name: i for i, name in enumerate(names)}
    actions = [a for play in hand.play for a in play.actions]
    board = list(hand.board)
    pots: tuple[tuple[int, frozenset[str]], ...] | None = None
    while True:  # pokerkit asks for what comes next: an action, a card, a hand shown
        if state.actor_index is not None:
            action = actions.pop(0)
            assert state.actor_index == position[action.player], (action, state.actor_index)
            if action.verb is Verb.FOLD:
                state.fold()
            elif action.verb in (Verb.CHECK, Verb.CALL):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(
                    action.to if action.verb is Verb.RAISE else action.amount
                )
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            count = 3 if len(board) == 5 else 1
            state.deal_board("".join(board[:count]))
            del board[:count]
        elif state.can_show_or_muck_hole_cards():
            if pots is None:  # the betting is over, no hand is mucked yet
                pots = tuple(
                    (p.amount, frozenset(names[i] for i in p.player_indices)) for p in state.pots
                )
            state.show_or_muck_hole_cards(True)
        else:
            break
    assert not actions and not board and pots is not None
    paid: Counter[str] = Counter()
    pot_indices = set()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "some chips will be burned": not a legal hand
        while state.can_push_chips():
            push = state.push_chips()
            pot_indices.add(push.pot_index)
            for index, amount in enumerate(push.amounts):
                paid[names[index]] += amount
    assert not state.status, "pokerkit's hand is not over"
    return OracleResult(pots, len(pot_indices), {p: a for p, a in paid.items() if a})


def _remainders(result: HandResult) -> list[int]:
    """Every odd-chip remainder of our split of each pot among two or more players."""
    assert result.showdown is not None
    out: list[int] = []
    for pot in result.showdown.pots:
        if len(set(pot.hi_winners) | set(pot.lo_winners)) < 2:
            continue
        halves = (
            [(pot.amount - pot.amount // 2, pot.hi_winners), (pot.amount // 2, pot.lo_winners)]
            if pot.lo_winners
            else [(pot.amount, pot.hi_winners)]
        )
        if pot.lo_winners and pot.amount % 2:
            out.append(1)
        out.extend(amount % len(winners) for amount, winners in halves)
    return [r for r in out if r]


def _skip_reason(result: HandResult, oracle: OracleResult) -> str:
    assert result.showdown is not None and result.replay is not None
    eligible = {p.index: p.eligible for p in result.replay.pots}
    pots = result.showdown.pots
    if any(p.lo_winners for p in pots) and any(
        not p.lo_winners and len(eligible[p.pot_index]) > 1 for p in pots
    ):
        return "ORACLES 7: a contested pot with no low beside one with a low"
    remainders = _remainders(result)
    if any(r >= 2 for r in remainders):
        return "ORACLES 5: a remainder of two or more chips in a tie"
    if remainders and oracle.pots_paid < len(pots):
        return "ORACLES 6: merged pots with an odd chip"
    return ""


def test_pots_and_awards_agree_with_pokerkit() -> None:
    stats: Counter[str] = Counter()

    @ORACLE
    @given(legal_hands(limits=(Limit.POT,)))
    def check(generated: LegalHand) -> None:
        assume(generated.showdown)
        result = audit(generated.text)
        show = f"--- hand ---\n{generated.text}"
        assert result.findings == (), f"{[f.code for f in result.findings]}\n{show}"
        assert result.replay is not None and result.showdown is not None
        names = [name for name, _ in generated.starting]
        stacks = [stack for _, stack in generated.starting]
        oracle = play_in_pokerkit(generated.hand, names, stacks)

        ours_pots = tuple((p.amount, frozenset(p.eligible)) for p in result.replay.pots)
        assert ours_pots == oracle.pots, f"pots {ours_pots} != pokerkit {oracle.pots}\n{show}"

        expected: Counter[str] = Counter()
        for award in result.showdown.awards:
            assert award.expected is not None, show
            expected[award.player] += award.expected
        ours = {p: a for p, a in expected.items() if a}
        reason = _skip_reason(result, oracle)
        if reason:
            stats[reason] += 1
            return
        assert ours == oracle.paid, f"awards {ours} != pokerkit {oracle.paid}\n{show}"
        stats["compared"] += 1
        stats["compared, hi/lo" if generated.hand.game.hi_lo else "compared, high"] += 1
        stats["compared, side pots" if len(ours_pots) > 1 else "compared, one pot"] += 1
        if _remainders(result):
            stats["compared, one odd chip"] += 1

    check()
    print(dict(stats))
    assert stats["compared"] >= 40, dict(stats)
    assert stats["compared, hi/lo"] >= 10 and stats["compared, side pots"] >= 5, dict(stats)
