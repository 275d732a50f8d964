"""Cross-hand checks: the button's move and the stacks carried from one hand to the next."""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence
from datetime import timedelta
from itertools import pairwise
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.findings import Finding
from auditor.pipeline import FileSummary, HandAuditor
from auditor.replay.continuity import (
    MAX_GAP,
    TableHand,
    continuity_findings,
    table_hand,
    table_sequences,
    why_not_consecutive,
)
from auditor.replay.profile import RuleProfile, load_profile
from tests.corpus import stars_layout_rows

MOVING = load_profile("seeds")
DEAD = load_profile("tda")

# ------------------------------------------------------------------ helpers


def derived_ending_stacks(hand: ev.Hand) -> dict[str, int] | None:
    """Ending stacks by plain accounting, or None for any hand out of the ordinary.

    Starting stack - chips put in + chips returned + chips collected, trusted only when the
    chips put in equal the recorded total pot and the chips collected equal that pot less
    rake and fees. (The replay engine derives these for real; this is the tests' own.)
    """
    if hand.truncated:
        return None
    stacks = {e.player: e.stack for e in hand.events if isinstance(e, ev.SeatTaken)}
    in_round: dict[str, int] = defaultdict(int)
    put_in = collected = 0
    pot: ev.SummaryPot | None = None
    live = (ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND)
    for e in hand.events:
        if isinstance(e, ev.Posted):
            if e.kind not in (*live, ev.PostKind.ANTE):
                return None
            stacks[e.player] -= e.amount
            put_in += e.amount
            if e.kind in live:
                in_round[e.player] += e.amount
        elif isinstance(e, ev.StreetDealt):
            if e.street is not ev.Street.PREFLOP:
                in_round.clear()
        elif isinstance(e, ev.Called | ev.Bet):
            stacks[e.player] -= e.amount
            in_round[e.player] += e.amount
            put_in += e.amount
        elif isinstance(e, ev.RaisedTo):
            added = e.to - in_round[e.player]
            stacks[e.player] -= added
            in_round[e.player] = e.to
            put_in += added
        elif isinstance(e, ev.UncalledReturned):
            stacks[e.player] += e.amount
            put_in -= e.amount
        elif isinstance(e, ev.Collected):
            stacks[e.player] += e.amount
            collected += e.amount
        elif isinstance(e, ev.SummaryPot):
            pot = e
        elif isinstance(
            e, ev.CashedOut | ev.Insurance | ev.PotExtra | ev.HandCancelled | ev.Garbled
        ):
            return None
    if pot is None or pot.total != put_in:
        return None
    if collected != pot.total - (pot.rake or 0) - sum(fee for _, fee in pot.fees):
        return None
    if any(stack < 0 for stack in stacks.values()):
        return None
    return stacks


def read_hands(text: str, name: str = "t.txt") -> list[ev.Hand]:
    summary = FileSummary(source_file=name)
    results = HandAuditor().audit_stream(io.BytesIO(text.encode()), name, summary)
    return [r.hand for r in results if r.hand is not None]


def table_hands(text: str) -> list[TableHand]:
    return [table_hand(h, derived_ending_stacks(h)) for h in read_hands(text)]


def codes(findings: Sequence[Finding]) -> list[tuple[str, str, str, str, str]]:
    return [(f.code, f.hand_id, f.player, f.expected, f.recorded) for f in findings]


def hand(
    number: int,
    button: int,
    seats: Sequence[tuple[int, str, int]],
    sb: str,
    bb: str,
    minute: int | None = None,
    extra: Sequence[str] = (),
    posts: Sequence[str] = (),
) -> str:
    """A PokerStars hand ($1/$2) that everyone folds to the big blind; stacks in dollars.

    ``extra`` lines come after the pot is won (e.g. "x leaves the table"); ``posts`` are
    extra blind lines after the big blind (e.g. a newcomer's).
    """
    when = f"2014/02/21 12:{number if minute is None else minute:02d}:08 ET"
    names = [name for _, name, _ in seats]
    start = names.index(bb) + 1
    order = names[start:] + names[:start]
    lines = [
        f"PokerStars Hand #{1000 + number}:  Omaha Pot Limit ($1/$2 USD) - {when}",
        f"Table 'T' 6-max Seat #{button} is the button",
        *(f"Seat {seat}: {name} (${stack} in chips)" for seat, name, stack in seats),
        f"{sb}: posts small blind $1",
        f"{bb}: posts big blind $2",
        *posts,
        "*** HOLE CARDS ***",
        *(f"{name}: folds" for name in order if name != bb),
        f"Uncalled bet ($1) returned to {bb}",
        f"{bb} collected $2 from pot",
        *extra,
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0",
        "",
        "",
    ]
    return "\n".join(lines)


FOUR = [(1, "a", 200), (2, "b", 200), (3, "c", 200), (4, "d", 200)]


def after(seats: Sequence[tuple[int, str, int]], **delta: int) -> list[tuple[int, str, int]]:
    return [(seat, name, stack + delta.get(name, 0)) for seat, name, stack in seats]


def three_hands(third_button: int = 3) -> list[str]:
    """Buttons 1, 2 and then ``third_button``; stacks carried exactly."""
    second = after(FOUR, b=-1, c=+1)
    third = after(second, c=-1, d=+1)
    sb, bb = {3: ("d", "a"), 4: ("a", "b")}[third_button]
    return [
        hand(1, 1, FOUR, "b", "c"),
        hand(2, 2, second, "c", "d"),
        hand(3, third_button, third, sb, bb),
    ]


# ------------------------------------------------------------------ the builder


def test_table_hand_reads_what_the_checks_need() -> None:
    text = hand(1, 1, FOUR, "b", "c", extra=["d leaves the table", "b re-buys and receives 5"])
    (th,) = table_hands(text)
    assert th.table == ("PokerStars", "T", None)
    assert (th.hand_id, th.ordinal, th.button_seat, th.max_seats) == ("1001", 1001, 1, 6)
    assert th.seats[3] == ("c", 20000)
    assert th.dealt_in == {"a", "b", "c", "d"}
    assert th.ending_stacks == {"a": 20000, "b": 19900, "c": 20100, "d": 20000}
    assert th.stack_changes == {"b", "d"}
    assert th.small_blind_seats == (2,)
    assert (th.place.line, th.seat_places["c"].line) == (2, 5)


def test_sitting_out_player_is_not_dealt_in() -> None:
    text = hand(1, 1, FOUR, "b", "c").replace(
        "d ($200 in chips)", "d ($200 in chips) is sitting out"
    )
    text = text.replace("d: folds\n", "")
    (th,) = table_hands(text)
    assert "d" not in th.dealt_in and "d" not in th.maybe_in


# ------------------------------------------------------------------ the button


def test_moving_button_one_player_a_hand_is_no_finding() -> None:
    assert continuity_findings(table_hands("".join(three_hands())), MOVING) == []


def test_button_that_skips_a_player_is_button_wrong_at_the_later_hand() -> None:
    found = continuity_findings(table_hands("".join(three_hands(third_button=4))), MOVING)
    assert codes(found) == [("BUTTON_WRONG", "1003", "", "seat 3", "seat 4")]
    (finding,) = found
    assert finding.source.line == 2 + 2 * (FOUR_HAND_LINES)
    assert "after hand 1002" in finding.message


FOUR_HAND_LINES = len(hand(1, 1, FOUR, "b", "c").splitlines())


def test_hands_in_reverse_file_order_are_put_in_playing_order() -> None:
    reverse = "".join(reversed(three_hands(third_button=4)))
    found = continuity_findings(table_hands(reverse), MOVING)
    assert codes(found) == [("BUTTON_WRONG", "1003", "", "seat 3", "seat 4")]
    assert found[0].source.line == 2  # the later hand comes first in that file


def _player_b_leaves(second_button: int) -> str:
    """b (seat 2, small blind) leaves after hand 1; seats 1, 3, 4, 5 play on."""
    five = [*FOUR, (5, "e", 200)]
    second = [s for s in after(five, b=-1, c=+1) if s[1] != "b"]
    sb, bb = {2: ("c", "d"), 3: ("d", "e")}[second_button]
    return hand(1, 1, five, "b", "c", extra=["b leaves the table"]) + hand(
        2, second_button, second, sb, bb
    )


def test_dead_button_lands_on_the_empty_small_blind_seat() -> None:
    dead_move = table_hands(_player_b_leaves(second_button=2))
    assert continuity_findings(dead_move, DEAD) == []
    assert codes(continuity_findings(dead_move, MOVING)) == [
        ("BUTTON_WRONG", "1002", "", "seat 3", "seat 2")
    ]


def test_moving_button_skips_the_empty_seat() -> None:
    moving = table_hands(_player_b_leaves(second_button=3))
    assert continuity_findings(moving, MOVING) == []
    # the dead button is on the empty seat 2, or written in front of a, who in effect has
    # it again
    assert codes(continuity_findings(moving, DEAD)) == [
        ("BUTTON_WRONG", "1002", "", "seat 2 or seat 1", "seat 3")
    ]


def test_newcomer_between_button_and_blinds_may_be_passed_by_the_button() -> None:
    # hand 1: button 4 of a, b, c, d; then e sits in seat 5 and posts a big blind to enter
    first = hand(1, 4, FOUR, "a", "b")
    second = after(FOUR, a=-1, b=+1)
    for button, sb, bb in ((1, "b", "c"), (5, "a", "b")):
        seats = [*second, (5, "e", 200)]
        text = first + hand(2, button, seats, sb, bb, posts=["e: posts big blind $2"])
        hands = [table_hand(h, None) for h in read_hands(text)]
        assert continuity_findings(hands, MOVING) == [], button
    seats = [*second, (5, "e", 200)]
    text = first + hand(2, 2, seats, "c", "d", posts=["e: posts big blind $2"])
    found = continuity_findings([table_hand(h, None) for h in read_hands(text)], MOVING)
    assert codes(found) == [("BUTTON_WRONG", "1002", "", "seat 5 or seat 1", "seat 2")]


def test_heads_up_transition_is_not_judged() -> None:
    three = FOUR[:3]
    first = hand(1, 1, three, "b", "c", extra=["a leaves the table"])
    two = after(three[1:], b=-1, c=+1)
    # heads-up, the button posts the small blind; either seat would be argued for
    for button, sb, bb in ((2, "b", "c"), (3, "c", "b")):
        hands = table_hands(first + hand(2, button, two, sb, bb))
        assert continuity_findings(hands, MOVING) == []


# ------------------------------------------------------------------ stacks


def test_stack_carried_is_no_finding() -> None:
    hands = table_hands("".join(three_hands()))
    assert all(h.ending_stacks is not None for h in hands)
    assert continuity_findings(hands, MOVING) == []


def test_stack_changed_without_a_rebuy_is_stack_continuity() -> None:
    second = after(FOUR, b=-1, c=+1, d=-50)
    found = continuity_findings(
        table_hands(hand(1, 1, FOUR, "b", "c") + hand(2, 2, second, "c", "d")), MOVING
    )
    assert codes(found) == [("STACK_CONTINUITY", "1002", "d", "200.00", "150.00")]
    assert found[0].source.line == FOUR_HAND_LINES + 6  # d's seat line in hand 2
    assert found[0].severity.name == "WARNING"


def test_cash_rise_to_whole_big_blinds_may_be_a_silent_top_up() -> None:
    first = hand(1, 1, FOUR, "b", "c")
    topped = after(FOUR, c=+1)  # b back from $199 to $200 (100 big blinds): auto top-up
    assert continuity_findings(table_hands(first + hand(2, 2, topped, "c", "d")), MOVING) == []
    odd = hand(2, 2, after(FOUR, b=-1, c=+1), "c", "d").replace("d ($200 in", "d ($201.50 in")
    found = continuity_findings(table_hands(first + odd), MOVING)
    assert codes(found) == [("STACK_CONTINUITY", "1002", "d", "200.00", "201.50")]


def test_rebuy_explains_a_stack_change() -> None:
    second = after(FOUR, b=-1, c=+1, d=+50)
    first = hand(1, 1, FOUR, "b", "c", extra=["d re-buys and receives 50 chips for $50.00"])
    assert continuity_findings(table_hands(first + hand(2, 2, second, "c", "d")), MOVING) == []


def test_unknown_ending_stacks_are_not_compared() -> None:
    second = after(FOUR, d=+50)
    hands = [
        table_hand(h, None)
        for h in read_hands(hand(1, 1, FOUR, "b", "c") + hand(2, 2, second, "c", "d"))
    ]
    assert continuity_findings(hands, MOVING) == []


def test_explicit_ending_stacks_are_used() -> None:
    h1, h2 = read_hands(hand(1, 1, FOUR, "b", "c") + hand(2, 2, after(FOUR, b=-1, c=1), "c", "d"))
    ends = {"a": 20000, "b": 19900, "c": 20000, "d": 20000}  # c's win left out on purpose
    found = continuity_findings([table_hand(h1, ends), table_hand(h2, None)], MOVING)
    assert codes(found) == [("STACK_CONTINUITY", "1002", "c", "200.00", "201.00")]


# ------------------------------------------------------------------ consecutiveness


def test_a_missing_hand_is_detected_by_two_stacks_and_not_reported() -> None:
    # hand 2 (blinds c, d) was not written: the button is two seats on, c and d have moved
    second = after(FOUR, b=-1, c=+1)
    third = after(second, c=-1, d=+1)
    text = hand(1, 1, FOUR, "b", "c") + hand(3, 3, after(third, d=-1, a=+1), "d", "a")
    a, b = table_hands(text)
    assert why_not_consecutive(a, b) == "2 stacks changed between the hands"
    assert continuity_findings([a, b], MOVING) == []


def test_a_long_gap_breaks_the_sequence() -> None:
    minutes = int(MAX_GAP / timedelta(minutes=1)) + 1
    text = hand(1, 1, FOUR, "b", "c", minute=0) + hand(2, 3, FOUR, "d", "a", minute=minutes)
    a, b = table_hands(text)
    assert why_not_consecutive(a, b) is not None
    assert continuity_findings([a, b], MOVING) == []


def test_players_in_other_seats_break_the_sequence() -> None:
    shuffled = [(1, "b", 199), (2, "a", 200), (3, "c", 201), (4, "d", 200)]
    a, b = table_hands(hand(1, 1, FOUR, "b", "c") + hand(2, 4, shuffled, "b", "a"))
    assert why_not_consecutive(a, b) == "b, a changed seats"


# ------------------------------------------------------------------ the corpus

GG_0420 = "GGPoker/PLO/PLO-6max-USD-0.50-1.00-202004.txt"
GG_0620 = "GGPoker/PLO/PLO-6max-USD-0.5-1.00-202006.txt"

# Every STACK_CONTINUITY of the corpus: real. These two GG cash files write the pot
# before the rake ("Total pot $14", no rake part; "collected $14"), but the winner starts
# the next hand with the rake (about 3%, plus the jackpot fee on big pots) taken off.
# Each is checked below: the player collected in the earlier hand, and the shortfall is
# at most 6% of its pot.
RAKE_LEFT_OUT = {
    GG_0420: (
        "458 480 519 528 541 552 572 584 598 611 630 648 667 682 718 740 753 763 786 804 818 "
        "852 863 875 889 905 920 929 941 955 965 991 999"
    ),
    GG_0620: "765916 765939 765984 766005 766054 766091 766118 766289",
}
_PREFIX = {GG_0420: "OM181427", GG_0620: "OM190"}
STACK_FINDINGS = {
    (file, _PREFIX[file] + short) for file, ids in RAKE_LEFT_OUT.items() for short in ids.split()
}
# The only BUTTON_WRONG, and only under the dead-button (tda) profile: GG moves the button.
# b673c93c, hand OM181427500's small blind (seat 4), left; GG put the button on the next
# player (seat 5) where the dead-button rule puts it on the empty seat 4.
DEAD_BUTTON_FINDINGS = {(GG_0420, "OM181427519")}
# The pairs of neighbouring hands judged not consecutive, and why (later hand id -> reason).
NOT_CONSECUTIVE = {
    "OM190766277": "2 stacks changed",  # 6.5 minutes: the writer sat out a few hands
    "OM181427842": "2 stacks changed",  # a split pot: both winners short by the rake
    "99632835084": "0:40:32 between",  # 8-Game: seven other games played in between
    "112825191734": "0:16:41 between",  # a partial file; the earlier hand is cut short
    "112825406535": "3 stacks changed",  # the same file: hands missing, button 5 -> 2
    "142624161503": "21:21:29 between",  # an observed session a day apart
}


@pytest.fixture(scope="module")
def corpus_hands(corpus: Path) -> list[tuple[str, ev.Hand, TableHand]]:
    auditor = HandAuditor()
    hands = []
    for row in stars_layout_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            if result.hand is not None:
                th = table_hand(result.hand, derived_ending_stacks(result.hand))
                hands.append((row.file, result.hand, th))
    return hands


def _corpus_findings(
    corpus_hands: list[tuple[str, ev.Hand, TableHand]], profile: RuleProfile
) -> list[tuple[str, Finding]]:
    by_file: dict[str, list[TableHand]] = defaultdict(list)
    for file, _, th in corpus_hands:
        by_file[file].append(th)
    return [(file, f) for file, hs in by_file.items() for f in continuity_findings(hs, profile)]


def test_corpus_stack_findings_are_the_rake_the_record_leaves_out(
    corpus_hands: list[tuple[str, ev.Hand, TableHand]],
) -> None:
    found = _corpus_findings(corpus_hands, MOVING)
    assert {(file, f.hand_id) for file, f in found} == STACK_FINDINGS
    assert {f.code for _, f in found} == {"STACK_CONTINUITY"}  # no BUTTON_WRONG
    previous = {}
    for sequence in table_sequences(th for _, _, th in corpus_hands).values():
        previous.update({b.hand_id: a.hand_id for a, b in pairwise(sequence)})
    hands = {h.start.hand_id: h for _, h, _ in corpus_hands}
    for _, finding in found:
        earlier = hands[previous[finding.hand_id]]
        collectors = {e.player for e in earlier.events if isinstance(e, ev.Collected)}
        (pot,) = (e.total for e in earlier.events if isinstance(e, ev.SummaryPot))
        short = round((float(finding.expected) - float(finding.recorded)) * 100)
        assert finding.player in collectors, finding
        assert 0 < short <= pot * 6 // 100, finding


def test_corpus_dead_button_profile_flags_the_moving_button_room(
    corpus_hands: list[tuple[str, ev.Hand, TableHand]],
) -> None:
    found = _corpus_findings(corpus_hands, DEAD)
    buttons = {(file, f.hand_id) for file, f in found if f.code == "BUTTON_WRONG"}
    assert buttons == DEAD_BUTTON_FINDINGS
    assert {(file, f.hand_id) for file, f in found if f.code != "BUTTON_WRONG"} == STACK_FINDINGS


def test_corpus_pairs_not_consecutive(
    corpus_hands: list[tuple[str, ev.Hand, TableHand]],
) -> None:
    pairs = 0
    skipped = {}
    by_file: dict[str, list[TableHand]] = defaultdict(list)
    for file, _, th in corpus_hands:
        by_file[file].append(th)
    for hs in by_file.values():
        for sequence in table_sequences(hs).values():
            for a, b in pairwise(sequence):
                pairs += 1
                reason = why_not_consecutive(a, b)
                if reason is not None:
                    skipped[b.hand_id] = reason
    assert pairs == 225
    assert set(skipped) == set(NOT_CONSECUTIVE)
    for hand_id, reason in skipped.items():
        assert reason.startswith(NOT_CONSECUTIVE[hand_id]), (hand_id, reason)
