"""Bovada's room: its headers (old and new, Ignition, Bodog, Zone Poker, tournaments), its
games, its table names, and its wordings read into the same events as every room's.

**Players and the checks across hands.** Bovada's records are anonymous: a line names a
seat's position in this hand ("Small Blind", "UTG+1"), which moves every hand. Read as
names, positions would make a different "player" of the same person each hand, and two
people one "player" across hands, so the stack check would compare strangers. The reader
names each player by his seat ("Seat 4"), which the seat lines tie to his position, and
which is his while he sits at the table (a cash table's seats do not change under a
player): a pair of consecutive hands then compares each player's stack with his own (the
corpus's 2012 and 2014 tables: 67 pairs judged consecutive, their stacks all agreeing but
where the record breaks a rule; tests/rooms/bovada/test_corpus.py). A player leaving and
another sitting down in his seat is written ("Seat stand", "Table leave user" with his
position, which the reader keeps as his leaving, so his stacks are not compared); when the
record does not say whose seat it is ("Table enter user" alone), the newcomer's seat was
empty in the hand before, and nobody is compared. A Zone Poker hand is dealt at a table of
its own, with strangers in the same seats the next hand: its table is named with its hand
("Zone Poker ID#957 hand 3054596325"), so no two Zone hands are taken for one table's."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand, split_hands
from auditor.replay.continuity import (
    TableHand,
    continuity_findings,
    table_hand,
    why_not_consecutive,
)
from auditor.replay.profile import load_profile
from auditor.results import Status
from auditor.rooms.bovada import BovadaRoom, table_of_header
from auditor.rooms.bovada.reader import BovadaReader
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "bovada"
OLD = (FIXTURES / "bovada_2012_layout_no_street_lines.txt").read_text(encoding="utf-8")
NEW = (FIXTURES / "bovada_hilo_zone_tournament.txt").read_text(encoding="utf-8")
HEADERS = {
    "Bovada Hand #2601407546 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:55:07": (
        "OMAHA",
        "1090318",
    ),
    "Bovada Hand #2902234353 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:59:49": (
        "OMAHA HiLo",
        "8747464",
    ),
    "Bovada Hand #2641146259: OMAHA HiLo Tournament #1235263 TBL#13, Fixed Limit- Level 6 "
    "(75/150) - 2012-07-10 23:17:04": ("OMAHA HiLo", "13"),
    "Bovada Hand #4561202298: OMAHA HiLo Tournament #47895702 TBL#2, Normal- Level 10 "
    "(200/400) - 2022-06-25 22:24:22": ("OMAHA HiLo", "2"),
    "Ignition Hand #3866400001 TBL#18868468 OMAHA HiLo Pot Limit - 2019-04-18 07:09:29": (
        "OMAHA HiLo",
        "18868468",
    ),
    "Bodog.com Hand #1234 TBL#55 OMAHA_HL Pot Limit - 2011-02-01 10:00:00": ("OMAHA_HL", "55"),
    "Bovada Hand #3054596325 Zone Poker ID#957 OMAHAZonePoker Pot Limit - 2014-01-04 20:29:37": (
        "OMAHAZonePoker",
        "Zone Poker ID#957 hand 3054596325",
    ),
}


def hands(text: str) -> list[RawHand]:
    return [
        h
        for h in split_hands(text.splitlines(), "t.txt", (BovadaRoom(),))
        if isinstance(h, RawHand)
    ]


def read(text: str) -> ev.Hand:
    (raw,) = hands(text)
    return BovadaReader().read(raw)


def events_of(text: str, kind: type[ev.Event]) -> list[ev.Event]:
    return [e for e in read(text).events if type(e) is kind]


def test_headers_games_and_tables() -> None:
    room = BovadaRoom()
    for header, (game, table) in HEADERS.items():
        assert room.is_header(header) and room.sniff(
            "\ufeff" + header + "\nSeat 1: UTG ($1 in chips)"
        )
        raw = RawHand("t.txt", 1, (header,), "bovada")
        assert (room.game(raw), room.is_omaha(room.game(raw)), room.table_name(raw)) == (
            game,
            True,
            table,
        )
    holdem = RawHand("t", 1, ("Bovada Hand #1 TBL#2 HOLDEM No Limit - 2014-01-01 00:00:00",))
    assert room.game(holdem) == "HOLDEM" and not room.is_omaha("HOLDEM")
    assert not room.is_header("PokerStars Hand #1: Omaha Pot Limit ($1/$2 USD)")
    assert not room.is_header("Bovada Poker Hand #1") and not room.sniff("Seat 1: UTG")
    assert table_of_header("garbage") == ""
    for site in ("Bovada", "Ignition", "Bodog"):
        assert rooms.profile_for_site(site) == "bovada"
    assert "bovada" in rooms.names()


def test_hand_started_has_the_stakes_posted_and_no_zone_written() -> None:
    start = read(OLD.split("\n\n\n")[0]).start
    assert (start.site, start.hand_id, start.game, start.variant) == (
        "Bovada",
        "2601500001",
        "OMAHA Pot Limit",
        "PLO",
    )
    # a cash header names no stakes: the blinds posted are; and no time zone (kept as "")
    assert (start.small_stake, start.big_stake, start.currency, start.scale) == (
        500,
        1000,
        "USD",
        100,
    )
    assert (str(start.started_at), start.time_zone, start.button_seat) == (
        "2012-04-24 03:20:11",
        "",
        5,
    )
    ignition, zone, tournament = (BovadaReader().read(h).start for h in hands(NEW))
    assert (ignition.site, ignition.variant, ignition.hi_lo) == ("Ignition", "PLO8", True)
    assert zone.game == "OMAHAZonePoker Pot Limit"
    # fixed limit: the level's blinds 75/150 make bets of 150 and 300
    assert (tournament.limit, tournament.small_stake, tournament.big_stake) == (
        ev.Limit.FIXED,
        150,
        300,
    )
    assert (tournament.tournament_id, tournament.level, tournament.currency) == (
        "1235263",
        "6",
        "chips",
    )


def test_players_are_named_by_their_seats() -> None:
    hand = read(OLD.split("\n\n\n")[0])
    seats = [(e.seat, e.player) for e in hand.events if isinstance(e, ev.SeatTaken)]
    assert seats == [(1, "Seat 1"), (2, "Seat 2"), (3, "Seat 3"), (5, "Seat 5"), (6, "Seat 6")]
    # "UTG+1  [ME] : Calls $25": the writer's position, two spaces before [ME]
    calls = (e for e in hand.events if isinstance(e, ev.ChipsIn) and e.verb is ev.Verb.CALL)
    assert next((e.player, e.added) for e in calls) == ("Seat 3", 2500)


def played(text: str) -> tuple[ev.Event, ...]:
    """The hand's events as the replay classified its chips lines."""
    (result,) = audit_text(text)
    assert result.hand is not None
    return result.hand.events


def test_raises_to_and_the_chips_added_then_the_total() -> None:
    first = OLD.split("\n\n\n")[0]
    lines = [e for e in read(first).events if isinstance(e, ev.ChipsIn)]
    # "Raises $35": the total; "Bets $80" and "All-in $300": the chips added
    assert [(e.verb, e.added, e.to, e.all_in) for e in lines if e.verb is not ev.Verb.CALL] == [
        (ev.Verb.RAISE, None, 3500, False),
        (ev.Verb.BET, 8000, None, False),
        (ev.Verb.ALL_IN, 30000, None, True),
    ]
    old = [e for e in played(first) if isinstance(e, ev.RaisedTo)]
    # over a bet of $80 the all-in is a raise by the chips added
    assert [(e.to, e.by, e.given, e.all_in) for e in old] == [
        (3500, 0, ev.RaiseGiven.TO, False),
        (0, 30000, ev.RaiseGiven.BY, True),
    ]
    new = [e for e in played(NEW.split("\n\n\n")[0]) if isinstance(e, ev.RaisedTo)]
    # "Raises $6.75 to $6.75": the chips added, then the total
    assert [(e.to, e.given) for e in new] == [(75, ev.RaiseGiven.TO), (675, ev.RaiseGiven.TO)]


def test_an_all_in_is_a_bet_a_call_or_a_raise_by_the_street_s_bets() -> None:
    first = NEW.split("\n\n\n")[0]
    (bet,) = (e for e in played(first) if isinstance(e, ev.Bet) and e.all_in)
    assert (bet.player, bet.amount) == ("Seat 2", 225)  # nothing bet on the flop yet
    called = first.replace("UTG : Bets $5 ", "UTG : Bets $15 ").replace(
        "Big Blind  [ME] : Calls $5 ", "Big Blind  [ME] : All-in $11.50"
    )
    (call,) = (e for e in played(called) if isinstance(e, ev.Called) and e.all_in)
    assert (call.player, call.amount) == ("Seat 3", 1150)  # $11.50 of the $15 to call


def test_posts_dead_live_and_antes() -> None:
    posts = [(e.player, e.kind, e.amount) for e in events_of(OLD.split("\n\n\n")[0], ev.Posted)]  # type: ignore[attr-defined]
    assert posts[2] == ("Seat 3", ev.PostKind.SMALL_AND_BIG, 1500)  # "Posts dead chip $15"
    antes = [e for e in read(NEW.split("\n\n\n")[2]).events if isinstance(e, ev.Posted)]
    assert [e.kind for e in antes][:3] == [ev.PostKind.ANTE] * 3


LIVE_POST = """Bovada Hand #2601409566 TBL#1090318 OMAHA Pot Limit - 2012-04-24 03:08:25
Seat 1: UTG ($300 in chips)
Seat 2: Dealer ($1,630 in chips)
Seat 3: Small Blind ($4,000.42 in chips)
Seat 5: Big Blind ($1,734 in chips)
Dealer : Set dealer/Bring in spot [2]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
UTG : Posts chip $5
*** HOLE CARDS ***
UTG : Card dealt to a spot [8d 9s 4h 6h]
Dealer : Card dealt to a spot [Ah Kd 2s Jd]
Small Blind : Card dealt to a spot [Tc Ac 5c 9d]
Big Blind : Card dealt to a spot [6c 3s 3c 8s]
UTG : Calls $5
Dealer : Calls $10
Small Blind : Calls $5
Big Blind : Checks
Small Blind : Bets $20
Big Blind : Folds
UTG : Folds
Dealer : Folds
Small Blind : Return uncalled portion of bet $20
Small Blind : Does not show [Tc Ac 5c 9d] (One pair)
Small Blind : Hand result $39
*** SUMMARY ***
Total Pot($40) | Rake ($1)
Board [Td 7s 5h  ]
Seat 1: UTG Folded on the FLOP
Seat 2: Dealer Folded on the FLOP
Seat 3: Small Blind $39 [Does not show]
Seat 5: Big Blind Folded on the FLOP
"""


def test_a_newcomer_s_chips_are_live_and_his_call_completes_them() -> None:
    """ "UTG : Posts chip $5" at $5/$10 and then "UTG : Calls $5": the $5 counts toward his
    call (a live post of any amount, PostKind.LIVE), as in the corpus's hand 2601409566."""
    (post,) = (e for e in events_of(LIVE_POST, ev.Posted) if e.player == "Seat 1")  # type: ignore[attr-defined]
    assert (post.kind, post.amount) == (ev.PostKind.LIVE, 500)  # type: ignore[attr-defined]
    (result,) = audit_text(LIVE_POST)
    assert result.status is Status.AUDITED
    assert [f.code for f in result.findings] == []  # no CALL_WRONG, no street dealt early


def test_streets_a_record_does_not_mark_are_placed_where_its_betting_closes() -> None:
    events = read(OLD.split("\n\n\n")[0]).events
    kinds = [
        type(e).__name__ + (f":{e.street.value}" if isinstance(e, ev.StreetDealt) else "")
        for e in events
    ]
    flop = kinds.index("StreetDealt:flop")
    assert kinds[flop - 1] == "ChipsIn" and kinds[flop + 1] == "Checked"  # after the blinds' call
    # the turn and the river of an all-in are dealt after the last call, before the showdown
    assert kinds[kinds.index("StreetDealt:turn") : kinds.index("Shown")] == [
        "StreetDealt:turn",
        "StreetDealt:river",
    ]
    (result_old, result_next) = audit_text(OLD)
    assert [f.code for f in result_old.findings + result_next.findings] == []


def test_showdowns_hi_lo_halves_and_side_pots() -> None:
    hand = read(NEW.split("\n\n\n")[0])
    shown = {e.player: e for e in hand.events if isinstance(e, ev.Shown)}
    # the showdown line lists the best five, then the low five: the hole cards are the dealt ones
    assert [str(c) for c in shown["Seat 2"].cards] == ["Ah", "3h", "Qd", "Qc"]
    assert shown["Seat 2"].claim.low is not None and shown["Seat 2"].claim.low.ranks == (
        7,
        4,
        3,
        2,
        1,
    )
    collected = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Collected)]
    assert collected == [("Seat 3", 950), ("Seat 4", 950), ("Seat 3", 416), ("Seat 2", 416)]
    seats = {e.player: e for e in hand.events if isinstance(e, ev.SummarySeat)}
    assert [r.won for r in seats["Seat 3"].results] == [1366]  # "HI $13.66"
    assert [r.won for r in seats["Seat 2"].results] == [None, 416]  # "with One pair ... LO $4.16"
    (pot,) = (e for e in hand.events if isinstance(e, ev.SummaryPot))
    # the summary writes no rake: what the pot held less what was paid
    assert (pot.total, pot.rake) == (2875, 2875 - 950 - 950 - 416 - 416)
    (result, *_) = audit_text(NEW)
    assert result.findings == () and len(result.showdown.awards) >= 3  # type: ignore[union-attr]


def test_sitting_out_leaving_deposits_and_time_outs() -> None:
    second = read(OLD.split("\n\n\n")[1])
    (sitting,) = (e for e in second.events if isinstance(e, ev.PlayerStatus))
    assert (sitting.player, sitting.status) == ("Seat 3", ev.Status.SITTING_OUT)
    first = read(NEW.split("\n\n\n")[0]).events
    statuses = [(e.player, e.status) for e in first if isinstance(e, ev.PlayerStatus)]
    assert statuses == [("Seat 2", ev.Status.LEAVES), ("Seat 2", ev.Status.LEAVES)]
    (deposit,) = (e for e in first if isinstance(e, ev.StackAdded))
    assert (deposit.player, deposit.change, deposit.chips) == (
        "Seat 4",
        ev.StackChange.TOP_UP,
        1000,
    )
    # whose seat "Table enter user" or "Table deposit $25" alone is about, the record does not say
    assert [e.text for e in first if isinstance(e, ev.Note)] == [
        "Table enter user",
        "Seat sit down",
        "Table deposit $25",
    ]
    zone = read(NEW.split("\n\n\n")[1]).events
    timed = [(e.player, e.status) for e in zone if isinstance(e, ev.PlayerStatus)]
    assert timed == [("Seat 3", ev.Status.TIMED_OUT), ("Seat 2", ev.Status.TIMED_OUT)]


def test_a_dead_button_is_the_empty_seat_behind_the_small_blind() -> None:
    dead = (
        OLD.split("\n\n\n")[1]
        .replace("Seat 6: Dealer ($1,195 in chips)\n", "")
        .replace("Dealer : Set dealer/Bring in spot [6]", "Set dealer/Bring in spot")
    )
    assert read(dead).start.button_seat == 6  # seat 5 is UTG+1's, seat 1 the small blind's


def test_a_damaged_hand_is_a_parse_error_at_its_line() -> None:
    broken = OLD.split("\n\n\n")[0].replace("UTG : Bets $80", "UTG : Shoves $80")
    try:
        read(broken)
    except HandParseError as err:
        assert (err.line, err.text, err.code) == (23, "UTG : Shoves $80", Code.PARSE_ERROR)
        assert "UTG : Shoves" in err.context and "a line of play" in err.expected
        assert err.kind == "a line of play the layout does not have"
    else:
        raise AssertionError("no error")
    nobody = OLD.split("\n\n\n")[0].replace("UTG : Bets $80", "Bets $80")
    try:
        read(nobody)
    except HandParseError as err:  # only a dealer's, status or deposit line names nobody
        assert (err.line, err.expected) == (23, "this line names no player")
    else:
        raise AssertionError("no error")
    (rejected,) = audit_text(broken)
    assert rejected.status is Status.REJECTED and rejected.table_name == "1090999"
    fine = OLD.split("\n\n\n")[0].replace("Bets $80\n", "Bets $80.001\n")
    try:
        read(fine)
    except HandParseError as err:
        assert err.line == 23 and err.code is Code.PARSE_ERROR
    else:
        raise AssertionError("no error")


def test_a_hand_cut_before_its_summary_is_read_as_truncated() -> None:
    cut = OLD.split("\n\n\n")[0].split("*** SUMMARY ***")[0]
    hand = read(cut)
    assert hand.truncated and not any(isinstance(e, ev.SummaryPot) for e in hand.events)


def table_hands(text: str) -> list[TableHand]:
    tables = []
    for result in audit_text(text):
        assert result.hand is not None and result.replay is not None
        tables.append(table_hand(result.hand, dict(result.replay.ending_stacks)))
    return tables


def test_stacks_across_hands_are_a_seat_s_and_zone_hands_are_each_their_own_table() -> None:
    """See the module's doc: the second hand's seats start with what the first left them,
    position or no position; a stack changed between them is found, on its seat."""
    profile = load_profile("bovada")
    tables = table_hands(OLD)
    assert why_not_consecutive(*tables) is None
    assert continuity_findings(tables, profile) == []
    short = OLD.replace(
        "Seat 1: Small Blind ($965 in chips)", "Seat 1: Small Blind ($955 in chips)"
    )
    tables = table_hands(short)
    (finding,) = continuity_findings(tables, profile)
    assert (finding.code, finding.player, finding.expected, finding.recorded) == (
        Code.STACK_CONTINUITY,
        "Seat 1",
        "965.00",
        "955.00",
    )
    zone = NEW.split("\n\n\n")[1]
    later = zone.replace("#3054596325", "#3054596400").replace("20:29:37", "20:30:07")
    richer = later.replace("Seat 1: Small Blind ($10 in", "Seat 1: Small Blind ($30 in")
    tables = table_hands(zone + "\n\n" + richer)
    assert tables[0].table != tables[1].table
    assert continuity_findings(tables, profile) == []


def test_the_reader_is_the_room_s_and_keeps_no_hand_between_reads() -> None:
    reader = rooms.REGISTRY["bovada"].reader()
    first, second = hands(OLD)
    a = reader.read(first)
    b = reader.read(second)
    assert a.start.hand_id == "2601500001" and b.start.hand_id == "2601500002"
    assert replace(a.start) == a.start


def test_ignition_s_other_wordings() -> None:
    """Lines of Ignition's records the corpus does not hold (jtomka/ic2ps reads them):
    "Return uncalled blind", "Folds & shows [..]", "Folds (disconnect)", "Showdown(High Card)"."""
    text = (
        OLD.split("\n\n\n")[1]
        .replace(
            "Dealer : Return uncalled portion of bet $60", "Dealer : Return uncalled blind $60"
        )
        .replace("Big Blind : Folds", "Big Blind : Folds & shows [Qh Th]")
        .replace("Small Blind : Folds", "Small Blind : Folds (disconnect)")
        .replace("Dealer : Does not show [Ac Ad 7s 6s] (One pair)", "Dealer : Showdown(High Card)")
    )
    events = read(text).events
    folds = [(e.player, e.note) for e in events if isinstance(e, ev.Folded)]
    assert folds[:2] == [("Seat 1", "disconnect"), ("Seat 2", "shows [Qh Th]")]
    statuses = [(e.player, e.status) for e in events if isinstance(e, ev.PlayerStatus)]
    assert ("Seat 1", ev.Status.DISCONNECTED) in statuses
    (returned,) = (e for e in events if isinstance(e, ev.UncalledReturned))
    assert (returned.player, returned.amount) == ("Seat 6", 6000)
    assert [e.text for e in events if isinstance(e, ev.Note)] == ["Dealer : Showdown(High Card)"]
    assert not any(isinstance(e, ev.Shown | ev.NotShown) for e in events)


WALK = """Bovada Hand #2601408155 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:59:08
Seat 1: Big Blind ($890.50 in chips)
Seat 2: UTG ($1,148 in chips)
Seat 5: Small Blind ($1,799 in chips)
Dealer : Set dealer/Bring in spot [2]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [4c 4d 5h 4h]
UTG : Card dealt to a spot [Qh Ah 6h Jd]
Small Blind : Card dealt to a spot [Jh Kc 3s 2d]
UTG : Folds
Small Blind : Folds
Big Blind : Does not show [4c 4d 5h 4h] (High Card)
Big Blind : Hand result $15
*** SUMMARY ***
Total Pot($15) | Rake ($0)
Seat 1: Big Blind $15 [Does not show]
Seat 2: UTG Folded on the POCKET CARDS
Seat 5: Small Blind Folded on the POCKET CARDS


Bovada Hand #2601408200 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:59:25
Seat 1: Small Blind ($895.50 in chips)
Seat 2: Big Blind ($1,148 in chips)
Seat 5: Dealer ($1,794 in chips)
Dealer : Set dealer/Bring in spot [5]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c 3s 5c 9h]
Big Blind : Card dealt to a spot [5d 6c 4s Qh]
Dealer : Card dealt to a spot [2s 7d 8d Jd]
Dealer : Folds
Small Blind : Folds
Big Blind : Does not show [5d 6c 4s Qh] (High Card)
Big Blind : Hand result $15
*** SUMMARY ***
Total Pot($15) | Rake ($0)
Seat 1: Small Blind Folded on the POCKET CARDS
Seat 2: Big Blind $15 [Does not show]
Seat 5: Dealer Folded on the POCKET CARDS
"""


def test_a_walk_paid_back_as_won_is_conserved_and_ends_the_stack_right() -> None:
    """The 2012 layout's walk (the corpus's hand 2601408155): the big blind's uncalled $5
    is paid to him as part of a $15 pot, with no return line: $15 in, $15 out, the $5 to
    its owner, so no finding (it failed before: UNCALLED_WRONG, POT_WRONG and
    CHIPS_NOT_CONSERVED). His ending stack is the record's (890.50 - 10 + 15 = 895.50,
    which the next hand's seat line shows), not that plus the $5 the rules returned."""
    walk, after = audit_text(WALK)  # the next hand is a walk too
    for hand in (walk, after):
        assert hand.findings == ()
    assert walk.replay is not None and dict(walk.replay.ending_stacks)["Seat 1"] == 89550
    tables = table_hands(WALK)
    assert why_not_consecutive(*tables) is None
    assert continuity_findings(tables, load_profile("bovada")) == []
