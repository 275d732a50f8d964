"""The PokerStars reader puts typed facts on the events: what a shown hand claims (high
and low, as values), each summary seat's outcome, which pot a collect names, rebuys and
add-ons with their chips, the table line's span; the rules code reads no words."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pandas as pd

from auditor import events as ev
from auditor.hand_claims import Category, ClaimedHand, ClaimedLow
from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.rooms.pokerstars.reader import PokerStarsReader
from auditor.run import run_audit
from tests.corpus import CORPUS, ROOT, require_corpus

FIXTURES = ROOT / "fixtures" / "pokerstars"
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def read_file(path: Path) -> list[ev.Hand]:
    reader = PokerStarsReader()
    with open(path, "rb") as raw:
        text, _ = open_text(raw)
        return [reader.read(h) for h in split_hands(text, str(path)) if isinstance(h, RawHand)]


def events_of(path: Path, kind: type[ev.Event]) -> list[ev.Event]:
    return [e for hand in read_file(path) for e in hand.events if isinstance(e, kind)]


def corpus(relative: str) -> Path:
    return require_corpus(CORPUS / relative)


def shown(path: Path, player: str, words: str = "") -> ev.Shown:
    found = [
        e
        for e in events_of(path, ev.Shown)
        if isinstance(e, ev.Shown) and e.player == player and words in e.description
    ]
    assert found, f"{player} shows nothing in {path.name}"
    return found[0]


def test_two_pair_is_a_typed_claim() -> None:
    event = shown(corpus("PokerStars/PLO/PLO-6max-USD-0.50-1.00-201204.shows.2.txt"), "plr3")
    assert event.description == "two pair, Kings and Queens"  # the words, for messages
    assert event.claim.high == ClaimedHand(Category.TWO_PAIR, (KING, QUEEN))
    assert event.claim.low_text is None and event.claim.low is None


def test_hi_lo_wording_gives_both_claims() -> None:
    path = corpus("PokerStars/NLO8/NoLimitOmahaHiLo.txt")
    flush = shown(path, "Mindster")
    assert flush.claim.high == ClaimedHand(Category.FLUSH, (KING,))
    assert flush.claim.high_text == "a flush, King high"
    assert flush.claim.low == ClaimedLow((7, 6, 5, 3, 1))
    assert flush.claim.low_text == "7,6,5,3,A"
    straight = shown(path, "Aphily8")
    assert straight.claim.high == ClaimedHand(Category.STRAIGHT, (5,))  # "Three to Seven"


def test_ggpoker_wording_still_read_on_line_and_summary() -> None:
    path = corpus("GGPoker/PLO/PLO-6max-USD-0.50-1.00-202004.txt")
    event = shown(path, "bc0a5c1b", "Aces-High Straight")
    assert event.claim.high == ClaimedHand(Category.STRAIGHT, (ACE,))
    seats = [
        s
        for s in events_of(path, ev.SummarySeat)
        if isinstance(s, ev.SummarySeat)
        and s.results
        and s.results[0].description == "Aces-High Straight"
    ]
    assert seats[0].results[0].claim.high == ClaimedHand(Category.STRAIGHT, (ACE,))


def test_words_no_reader_knows_make_no_claim(tmp_path: Path) -> None:
    text = (FIXTURES / "tournament_plo8_side_pots.txt").read_text(encoding="utf-8")
    assert "(HI: three of a kind, Kings)" in text
    changed = tmp_path / "odd.txt"
    changed.write_text(text.replace("(HI: three of a kind, Kings)", "(a lovely hand)"), "utf-8")
    event = shown(changed, "bravo")
    assert event.description == "a lovely hand"
    assert event.claim.high is None and event.claim.text == "a lovely hand"


def test_summary_seat_outcomes_are_an_enum() -> None:
    hands = read_file(FIXTURES / "tournament_plo8_side_pots.txt")
    outcomes = {e.player: e.outcome for e in hands[0].events if isinstance(e, ev.SummarySeat)}
    assert outcomes == {
        "alpha": ev.SeatOutcome.SHOWED,
        "bravo": ev.SeatOutcome.SHOWED,
        "charlie": ev.SeatOutcome.SITTING_OUT,
        "delta": ev.SeatOutcome.SHOWED,
    }
    rebuy = read_file(FIXTURES / "tournament_rebuy_and_add_on.txt")[1]
    outcomes = {e.player: e.outcome for e in rebuy.events if isinstance(e, ev.SummarySeat)}
    assert outcomes == {
        "alpha": ev.SeatOutcome.COLLECTED,
        "bravo": ev.SeatOutcome.FOLDED,
        "charlie": ev.SeatOutcome.FOLDED,
    }
    assert not ev.SeatOutcome.SITTING_OUT.played and ev.SeatOutcome.LOST.played


def test_collect_says_whether_it_names_its_pot() -> None:
    side_pots = events_of(FIXTURES / "tournament_plo8_side_pots.txt", ev.Collected)
    assert [(c.pot, c.names_pot) for c in side_pots if isinstance(c, ev.Collected)] == [
        (1, True),
        (1, True),
        (0, True),
        (0, True),
    ]
    plain = events_of(FIXTURES / "tournament_rebuy_and_add_on.txt", ev.Collected)
    assert [(c.pot, c.names_pot) for c in plain if isinstance(c, ev.Collected)] == [
        (0, False),
        (0, False),
    ]


def test_table_line_span_is_on_the_start() -> None:
    first, second = read_file(FIXTURES / "tournament_rebuy_and_add_on.txt")
    assert first.start.table_span is not None and first.start.table_span.line == 2
    assert second.start.table_span is not None
    assert second.start.table_span.line == second.start.span.line + 1


def test_rebuy_and_add_on_are_events_with_chips() -> None:
    added = events_of(FIXTURES / "tournament_rebuy_and_add_on.txt", ev.StackAdded)
    assert [(a.player, a.change, a.chips) for a in added if isinstance(a, ev.StackAdded)] == [
        ("alpha", ev.StackChange.REBUY, 1500),
        ("bravo", ev.StackChange.ADD_ON, 3000),
    ]
    assert not events_of(FIXTURES / "tournament_rebuy_and_add_on.txt", ev.Note)


def _continuity_findings(path: Path) -> list[tuple[str, str]]:
    out = Path(tempfile.mkdtemp()) / "out"
    run_audit([str(path)], out, workers=1)
    frames = [pd.read_parquet(p) for p in out.rglob("findings/*.parquet")]
    rows = pd.concat(frames) if frames else pd.DataFrame(columns=["code", "player"])
    return [(str(r.code), str(r.player)) for r in rows.itertuples() if r.code == "STACK_CONTINUITY"]


def test_recorded_rebuy_explains_the_bigger_stack(tmp_path: Path) -> None:
    path = FIXTURES / "tournament_rebuy_and_add_on.txt"
    assert _continuity_findings(path) == []
    # the same two hands without the rebuy line: alpha's 1500 comes from nowhere
    text = path.read_text(encoding="utf-8")
    bare = tmp_path / "no_rebuy.txt"
    bare.write_text(
        "".join(line for line in text.splitlines(True) if " re-buys " not in line), "utf-8"
    )
    assert _continuity_findings(bare) == [("STACK_CONTINUITY", "alpha")]


def test_raise_given_by_only_replays_as_to() -> None:
    """Each raise rewritten as a room that writes only the chips added would write it
    (to unknown): the replay works the total out and finds exactly the same."""
    profile = load_profile("pokerstars")
    raises = 0
    for path in sorted((CORPUS / "PokerStars" / "PLO").glob("*.txt"))[:12]:
        for hand in read_file(path):
            result = replay_hand(hand, profile)
            added = {a.source_line: a.amount for a in result.actions if a.action == "raise"}
            events: list[ev.Event] = []
            for event in hand.events:
                raised = isinstance(event, ev.ChipsIn) and event.verb is ev.Verb.RAISE
                if isinstance(event, ev.ChipsIn) and raised and event.span.line in added:
                    chips = added[event.span.line]
                    assert chips is not None
                    event = dataclasses.replace(event, added=chips, to=None)
                    raises += 1
                events.append(event)
            rewritten = dataclasses.replace(hand, events=tuple(events))
            assert replay_hand(rewritten, profile) == result, hand.start.hand_id
    if raises == 0:
        require_corpus()  # the fixtures hold none: skipped on a clone, a failure beside it
    assert raises > 20


def test_unreplayed_actions_row_leaves_out_what_the_raise_does_not_give() -> None:
    """A hand that is not replayed has its actions rows from the events: a raise given
    only as "by" has no total there (not a made-up 0), one given only as "to" no amount."""
    from auditor.source import SourceSpan
    from auditor.tables.rows import _action_row

    span = SourceSpan("x.txt", 9)
    by_only = _action_row(ev.RaisedTo(span, "a", 40, 0, given=ev.RaiseGiven.BY))
    to_only = _action_row(ev.RaisedTo(span, "a", 0, 60, given=ev.RaiseGiven.TO))
    both = _action_row(ev.RaisedTo(span, "a", 40, 60))
    assert by_only is not None and to_only is not None and both is not None
    assert (by_only["amount"], by_only["to_amount"]) == (40, None)
    assert (to_only["amount"], to_only["to_amount"]) == (None, 60)
    assert (both["amount"], both["to_amount"]) == (40, 60)
