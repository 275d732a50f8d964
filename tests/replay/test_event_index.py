"""One index of a hand's events, shared by the replay, settlement, continuity and the rows,
with one definition of who is dealt in (EventIndex.dealt_in).

Winamax lists every seated player in its summary and writes "folded" (on no street) for
one who was not dealt in; its reader marks those seats out of the hand. The cross-hand
checks used to read that "folded" as dealt in, the replay did not: on the corpus they
disagreed on 33 Winamax hands, and the button check judged moves on the wrong players.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.findings import Code
from auditor.pipeline import HandAuditor
from auditor.replay.continuity import continuity_findings, table_hand
from auditor.replay.event_index import index_events
from auditor.replay.profile import load_profile
from auditor.results import FileSummary, HandResult, Status
from auditor.showdown.awards import settle_hand

_SAMPLE = "Winamax/PLO/PLO-FR-EUR-0.02-0.05-201009.Sample"
_PARTY = "PartyPoker/PLO8/OmahaHiLo.txt"
WINAMAX = load_profile("winamax")
MOVING = load_profile("seeds")  # the button tests judge who is dealt in under a moving button


def _audited(path: Path) -> dict[str, HandResult]:
    auditor = HandAuditor("auto")
    results = auditor.audit_file(str(path), FileSummary(source_file=str(path)))
    return {r.hand_id: r for r in results if r.status is Status.AUDITED}


@pytest.fixture(scope="module")
def sample(corpus: Path) -> dict[str, HandResult]:
    return _audited(corpus / _SAMPLE)


def _table_hand(result: HandResult) -> object:
    assert result.hand is not None and result.replay is not None
    return table_hand(result.hand, dict(result.replay.ending_stacks) or None, None, result.index)


def _button_findings(sample: dict[str, HandResult], *ids: str) -> list[tuple[str, str]]:
    hands = []
    for hand_id in ids:
        result = sample[hand_id]
        assert result.hand is not None and result.replay is not None
        hands.append(table_hand(result.hand, dict(result.replay.ending_stacks) or None))
    found = continuity_findings(hands, MOVING)
    return [(f.hand_id, f.expected) for f in found if f.code is Code.BUTTON_WRONG]


def test_continuity_counts_in_the_players_the_replay_deals_in(
    sample: dict[str, HandResult], corpus: Path
) -> None:
    """Dealt in (with a sign of play) or maybe in (dealt in, never seen to play): together
    the replay's players dealt in, on every hand (Winamax's idle "folded" seats are out,
    and so are Party's seats that no line of the play names; a seat left in the hand that
    never plays is only "maybe" in for the button)."""
    party = _audited(corpus / _PARTY)
    for result in [*sample.values(), *party.values()]:
        assert result.hand is not None and result.replay is not None
        one = table_hand(result.hand, None)
        assert one.dealt_in | one.maybe_in == set(result.replay.dealt_in), result.hand_id
        assert not one.dealt_in & one.maybe_in
    mr_golden = party["13550918572"]
    assert mr_golden.hand is not None and mr_golden.replay is not None
    assert "MrGoldenCox" not in mr_golden.replay.dealt_in  # the party reader takes him out
    events = tuple(  # ... had it left him in, he would be "maybe" in
        replace(e, out_of_hand=False) if type(e) is ev.SeatTaken else e
        for e in mr_golden.hand.events
    )
    assert table_hand(replace(mr_golden.hand, events=events), None).maybe_in == {"MrGoldenCox"}


def test_the_button_may_pass_players_back_from_sitting_out(
    sample: dict[str, HandResult],
) -> None:
    """270777-165: button seat 4; Player7, Player29, Player0 (seats 5 to 7) are not dealt in
    ("folded", no blind, no turn). In 166 they post a big blind "out of position" and the
    button goes to seat 8, Hero's, the next player dealt into both hands: allowed."""
    assert _button_findings(sample, "270777-165-1284847636", "270777-166-1284847757") == []


def test_the_button_on_a_player_not_dealt_in_is_wrong(sample: dict[str, HandResult]) -> None:
    """270777-179: the button is on seat 7, Player3's, who has no turn (Player28 calls, then
    Hero, the small blind) and "(button) folded" on no street: not dealt in. The moving
    button goes to the next player dealt in: Hero's seat 8. (Winamax's button is dead: in
    front of the seat the small blind was due from in 178, seat 7, it is right; see
    tests/rooms/winamax/test_corpus.py.)"""
    found = _button_findings(sample, "270777-178-1284849012", "270777-179-1284849156")
    assert found == [("270777-179-1284849156", "seat 8")]


def test_settlement_and_continuity_read_the_index_they_are_given(
    sample: dict[str, HandResult],
) -> None:
    """The index built once in the pipeline is what they read: given it, a hand whose
    events list is empty gives what the whole hand gives."""
    result = sample["270777-166-1284847757"]
    assert result.hand is not None and result.replay is not None and result.index is not None
    hand, replay = result.hand, result.replay
    bare = replace(hand, events=())
    index = index_events(hand.events)
    ends = dict(replay.ending_stacks)
    assert table_hand(bare, ends, None, index) == table_hand(hand, ends)
    assert settle_hand(bare, replay, WINAMAX, index) == settle_hand(hand, replay, WINAMAX)
    assert _table_hand(result) == table_hand(hand, ends)


def test_a_post_the_layout_never_says_all_in_of_is_told_from_the_stack() -> None:
    """Posted(all_in=None): the index tells it, all-in where the post spends what the seat
    line holds less the player's posts before it (a reader keeps no stack for it)."""
    from datetime import datetime

    from auditor.source import SourceSpan

    at = SourceSpan("hand.txt", 1)
    start = ev.HandStarted(
        at,
        site="Room",
        hand_id="1",
        game="Omaha",
        variant="PLO",
        limit=ev.Limit.POT,
        hi_lo=False,
        hole_card_count=4,
        small_stake=100,
        big_stake=200,
        currency="chips",
        scale=1,
        started_at=datetime(2012, 2, 16),
        time_zone="ET",
        table_name="T",
        max_seats=None,
        button_seat=1,
    )
    seats = [ev.SeatTaken(at, 1, "A", 1000), ev.SeatTaken(at, 2, "B", 150)]
    posts = [
        ev.Posted(at, "B", ev.PostKind.ANTE, 15, None),
        ev.Posted(at, "A", ev.PostKind.SMALL_BLIND, 100, None),
        ev.Posted(at, "B", ev.PostKind.BIG_BLIND, 135, None),  # 150 less the ante: all of it
        ev.Posted(at, "C", ev.PostKind.BIG_BLIND, 200, None),  # no seat: not all-in
        ev.Posted(at, "A", ev.PostKind.ANTE, 10),  # as written
    ]
    index = index_events([start, *seats, *posts])
    told = [(p.player, p.kind, p.all_in) for p in index.posts]
    assert told == [
        ("B", ev.PostKind.ANTE, False),
        ("A", ev.PostKind.SMALL_BLIND, False),
        ("B", ev.PostKind.BIG_BLIND, True),
        ("C", ev.PostKind.BIG_BLIND, False),
        ("A", ev.PostKind.ANTE, False),
    ]
    assert [e for e in index.replayed if type(e) is ev.Posted] == index.posts
