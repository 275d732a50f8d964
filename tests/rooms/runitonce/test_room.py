"""Run It Once's room: its header (UTC time and the room's zone), games and table name, and
its wordings read into the same events as every room's (raises to and by, "and is all-in",
splash the pot, shown hands with their words, the summary's pots before the rake, summary
seats), its return of an uncalled bet at the showdown, and a damaged hand's error."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.kingsclub import KingsClubRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.runitonce import RunItOnceRoom
from auditor.rooms.runitonce.reader import RunItOnceReader
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "runitonce" / "rio_stp_all_in_late_return.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    return RunItOnceReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "runitonce"))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = RunItOnceRoom(), (PokerStarsRoom(), KingsClubRoom())
    header = TEXT.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert not any(other.is_header(header) or other.sniff(TEXT) for other in others)
    # the corpus's other spacing: two spaces after the colon
    assert room.is_header(header.replace(": Omaha", ":  Omaha"))
    assert room.sniff(TEXT) and not room.sniff(STARS)
    assert rooms.profile_for_site("Run It Once") == "runitonce"


def test_game_table_and_head_facts() -> None:
    room = RunItOnceRoom()
    raw = RawHand("f", 1, tuple(TEXT.splitlines()), "runitonce")
    assert (room.game(raw), room.table_name(raw), raw.hand_id) == (
        "Omaha Pot Limit",
        "40000000",
        "40000001",
    )
    start = read(TEXT).start
    assert (start.variant, start.currency, start.small_stake, start.big_stake) == (
        "PLO",
        "EUR",
        25,
        50,
    )
    assert (start.time_zone, start.max_seats, start.button_seat) == ("UTC", 6, 1)
    assert start.started_at is not None and start.started_at.hour == 12  # the UTC time


def test_raises_all_in_and_the_splash() -> None:
    hand = read(TEXT)
    # the chips lines as written: "raises €1.25 to €1.75" is read by the bet it makes
    chips = of(hand, ev.ChipsIn)
    raises = [(c.player, c.added, c.to) for c in chips if c.verb is ev.Verb.RAISE]
    assert raises[0] == ("Ann B", None, 175)
    (bet,) = [c for c in chips if c.all_in]
    assert (bet.player, bet.verb, bet.added) == ("Ben C", ev.Verb.BET, 475)
    (extra,) = of(hand, ev.PotExtra)
    assert (extra.amount, extra.text) == (200, "STP added: €2.00")


def test_shown_words_and_the_summary() -> None:
    hand = read(TEXT)
    assert [(s.player, s.description) for s in of(hand, ev.Shown)] == [
        ("Ben C", "a Pair"),
        ("Hero", "a Pair"),
    ]
    (total,) = of(hand, ev.SummaryPot)
    # "Main pot €55.25 | STP €2.00 | Rake €2.50": before the rake, without the splash
    assert (total.total, total.main, total.side_pots, total.rake) == (5725, 5475, (), 250)
    seats = [(s.player, s.positions, s.outcome, s.folded_on) for s in of(hand, ev.SummarySeat)]
    assert seats == [
        ("Ann B", ("button",), ev.SeatOutcome.FOLDED, "on the Turn"),
        ("Ben C", ("small blind",), ev.SeatOutcome.MUCKED, ""),
        ("Hero", ("big blind",), ev.SeatOutcome.SHOWED, ""),
    ]
    assert of(hand, ev.SummarySeat)[2].results[0].won == 5475


def test_the_return_at_the_showdown_is_in_time_and_a_missing_one_is_found() -> None:
    (result,) = audit_text(TEXT)
    assert (result.format, result.status, result.findings) == ("runitonce", Status.AUDITED, ())
    assert read(TEXT).uncalled_returns_late
    (missing,) = audit_text(TEXT.replace("Uncalled bet (€20) returned to Hero\n", ""))
    # the totals still leave the €20 out of the pot: the return is implied, its missing
    # line a warning where the hand ends (no UNCALLED_WRONG)
    found = [(f.code, f.player, f.message) for f in missing.findings]
    assert found == [
        (
            Code.UNCALLED_UNWRITTEN,
            "Hero",
            "no return is written for an uncalled bet by the end of the hand; the record's "
            "totals leave it out of the pot: it went back",
        )
    ]


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = TEXT.replace("Ann B: folds", "Ann B: folds quietly")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (24, Code.PARSE_ERROR)
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "40000000")


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    hand = read(TEXT.split("*** SUMMARY ***")[0])
    assert hand.truncated and of(hand, ev.SummaryPot) == []


# Issue 21's unsure case "Run It Once all-in players written as checking", decided: the
# 2019 layout writes a check for a player left no action (PaulOpenfold in #31260881, all-in
# by 7 + 68 + 114.88 = 189.88, "checks" the turn and the river): the runitonce profile's
# actions.checks_written_with_no_action. Under the seeds it is OUT_OF_TURN, once a line.
# Here Ben C is all-in on the flop (6 + 12 = 18) and both 'check' the turn and river.
ALL_IN_CHECKS = """\
Run It Once Poker Hand #40000002: Omaha Pot Limit (€1/€2) - 2019/02/17 21:38 UTC \
[2019/02/17 22:38 CET]
Table ID '40000000' 6-Max Seat #1 is the button
Seat 1: Ann B (€100 in chips)
Seat 2: Ben C (€18 in chips)
Seat 3: Hero (€200 in chips)
Ben C: posts small blind €1
Hero: posts big blind €2
*** HOLE CARDS ***
Ann B: folds
Ben C: raises €4 to €6
Hero: calls €4
*** FLOP *** [6c Jc Js]
Ben C: bets €12
Hero: calls €12
*** TURN *** [6c Jc Js] [5d]
Ben C: checks
Hero: checks
*** RIVER *** [6c Jc Js 5d] [Jh]
Ben C: checks
Hero: checks
*** SHOWDOWN ***
Ben C shows [Ad 3c As Kh] for Full House [As Ad Js Jh Jc]
Ben C collected €35 from pot
*** SUMMARY ***
Total pot €36 | Main pot €36 | Rake €1
Board [6c Jc Js 5d Jh]
Seat 1: Ann B (button) folded before Flop
Seat 2: Ben C (small blind) showed [Ad 3c As Kh] and won €35 with Full House J's and A's
Seat 3: Hero (big blind) mucked [4c 7h 4d 7s] and lost
"""


def test_checks_written_for_players_with_no_action_are_the_room_s_way() -> None:
    (result,) = audit_text(ALL_IN_CHECKS)
    assert result.replay is not None and result.replay.profile == "runitonce"
    assert [f.code for f in result.findings] == []
    (seeds,) = audit_text(ALL_IN_CHECKS, rules="seeds")
    assert [f.code for f in seeds.findings] == [Code.OUT_OF_TURN] * 4
