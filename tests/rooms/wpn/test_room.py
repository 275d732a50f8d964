"""WPN's room: its two layouts' headers, games and tables, and its wordings read into the
same events as any room's (raises to and by, all-ins, caps, blinds, hi/lo halves, gross
pots, time zones), damaged hands rejected at their line."""

from __future__ import annotations

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.read.split import RawHand, split_hands
from auditor.results import HandResult, Status
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.wpn import WpnRoom
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "wpn"
NEW = (FIXTURES / "wpn_new_hilo_and_tournament.txt").read_text(encoding="utf-8")
OLD = (FIXTURES / "wpn_old_cap_table_and_fixed_limit_hilo.txt").read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")
NEW_CASH, NEW_TOURNAMENT = NEW.split("\n\n")
OLD_CAP, OLD_FIXED = OLD.split("\n\n")

# real header lines of the corpus (WPN_ACR/...)
NEW_HEADER = "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC"
TOURNAMENT_HEADER = (
    "Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1 "
    "(250.00/500.00)- 2019/07/25 02:31:33 UTC"
)
OLD_HEADER = "Game started at: 2014/3/8 22:22:29"


def _one(text: str) -> HandResult:
    (result,) = audit_text(text)
    assert result.format == "wpn"
    return result


def _events(text: str) -> list[ev.Event]:
    result = _one(text)
    assert result.hand is not None, result.findings
    return list(result.hand.events)


def _raw(text: str) -> RawHand:
    (raw,) = [h for h in split_hands(text.splitlines(), "t", (WpnRoom(),))]
    assert isinstance(raw, RawHand)
    return raw


def test_headers_of_both_layouts_are_wpn_s_only() -> None:
    wpn, stars = WpnRoom(), PokerStarsRoom()
    for header in (NEW_HEADER, TOURNAMENT_HEADER, OLD_HEADER):
        assert wpn.is_header(header) and not stars.is_header(header)
    assert not wpn.is_header(STARS.splitlines()[0])
    assert not wpn.is_header("Hand #1: not a header")
    assert wpn.sniff(NEW) and wpn.sniff(OLD) and not wpn.sniff(STARS)
    assert not stars.sniff(NEW) and not stars.sniff(OLD)
    assert rooms.profile_for_site("WPN") == "wpn"


def test_games_tables_and_hand_ids_of_both_layouts() -> None:
    room = WpnRoom()
    cash, tournament = _raw(NEW_CASH), _raw(NEW_TOURNAMENT)
    cap, fixed = _raw(OLD_CAP), _raw(OLD_FIXED)
    assert [room.game(r) for r in (cash, tournament, cap, fixed)] == [
        "Omaha H/L(Pot Limit)",
        "Omaha(Pot Limit)",
        "Omaha",
        "Omaha HiLow",
    ]
    assert all(room.is_omaha(room.game(r)) for r in (cash, tournament, cap, fixed))
    assert not room.is_omaha("Holdem(No Limit)") and not room.is_omaha("Hold'em")
    assert [room.table_name(r) for r in (cash, tournament, cap, fixed)] == [
        "Lucky Lady",
        "Table '3'",
        "Kilauea (PRR) - CAP - 6-Max - 1",
        "(PRR) Xana",
    ]
    # the old layout's number is on its second line, whatever blank lines come between
    assert [r.hand_id for r in (cash, tournament, cap, fixed)] == [
        "900000001",
        "900000002",
        "500000001",
        "741631999",
    ]
    spaced = _raw(OLD_FIXED.replace("\n", "\n\n"))
    assert spaced.hand_id == "741631999" and room.table_name(spaced) == "(PRR) Xana"
    start = room.reader().read(spaced).start
    assert start.table_span is not None and start.table_span.line == 3  # the Game ID line


def test_a_file_mixing_rooms_is_read_hand_by_hand() -> None:
    results = audit_text(STARS + "\n\n" + NEW + "\n\n" + OLD)
    assert [r.format for r in results] == ["pokerstars"] + ["wpn"] * 4
    assert all(r.status is Status.AUDITED for r in results)
    assert {r.hand.start.site for r in results[1:] if r.hand is not None} == {"WPN"}


def test_the_new_layout_s_header_money_and_time() -> None:
    cash = _one(NEW_CASH).hand
    tournament = _one(NEW_TOURNAMENT).hand
    assert cash is not None and tournament is not None
    start = cash.start
    assert (start.variant, start.limit, start.hi_lo, start.currency, start.scale) == (
        "PLO8",
        ev.Limit.POT,
        True,
        "USD",
        100,
    )
    assert (start.small_stake, start.big_stake, start.button_seat, start.max_seats) == (
        25,
        50,
        2,
        6,
    )
    assert start.time_zone == "UTC" and str(start.started_at) == "2021-05-02 18:04:11"
    t = tournament.start
    assert (t.tournament_id, t.level, t.currency, t.scale) == ("11200001", "Level 2", "chips", 1)
    assert (t.small_stake, t.big_stake, t.table_name) == (50, 100, "Table '3'")
    seats = [e for e in cash.events if isinstance(e, ev.SeatTaken)]
    assert [(s.player, s.sitting_out) for s in seats if s.sitting_out] == [("Dave", True)]


def test_new_raises_are_written_as_the_chips_in_then_the_total() -> None:
    """ "raises $1.75 to $1.75" from nothing; "raises 890.00 to 990.00" after a 100 blind:
    the total is the raise (given "to"); the first amount is the chips put in."""
    events = _events(NEW_CASH) + _events(NEW_TOURNAMENT)
    raises = [e for e in events if isinstance(e, ev.RaisedTo)]
    assert [(r.player, r.to, r.given, r.all_in) for r in raises] == [
        ("Alice", 175, ev.RaiseGiven.TO, False),
        ("Bob", 1825, ev.RaiseGiven.TO, True),
        ("Hero", 350, ev.RaiseGiven.TO, False),
        ("Villain2", 990, ev.RaiseGiven.TO, True),
    ]
    result = _one(NEW_TOURNAMENT)
    assert result.findings == () and result.replay is not None
    raise_ = [a for a in result.replay.actions if a.player == "Villain2" and a.action == "raise"]
    assert [a.amount for a in raise_] == [890]  # the chips he put in with it


def test_old_amounts_are_the_chips_put_in_and_allin_is_read_from_the_round() -> None:
    events = _events(OLD_CAP)
    acts = [
        (type(e).__name__, e.player, getattr(e, "by", getattr(e, "amount", 0)), e.all_in)
        for e in events
        if isinstance(e, ev.RaisedTo | ev.Called | ev.Bet)
    ]
    assert acts == [
        ("RaisedTo", "Cid", 700, False),  # "raises (7)"
        ("Called", "Eve", 700, False),
        ("RaisedTo", "Ben", 2300, True),  # "allin (23)": 2 in + 23 = 25 over a bet of 7
        ("Called", "Cid", 1800, False),
        ("RaisedTo", "Eve", 5300, False),  # "caps (53)": to the table's cap of 60
        ("Called", "Cid", 3500, False),
    ]
    assert all(r.given is ev.RaiseGiven.BY for r in events if isinstance(r, ev.RaisedTo))
    # an "allin (X)" that bets, or that only calls
    bet = OLD_FIXED.replace("Player Ben bets (8)", "Player Ben allin (48)")
    (turn_bet,) = [e for e in _events(bet) if isinstance(e, ev.Bet) and e.amount == 4800]
    assert turn_bet.all_in
    call = OLD_FIXED.replace("Player Ben calls (4)\n", "Player Ben allin (4)\n")
    called = [e for e in _events(call) if isinstance(e, ev.Called) and e.player == "Ben"]
    assert called[0].amount == 400 and called[0].all_in


def test_a_cap_table_s_capped_players_are_all_in_for_the_rest_of_the_hand() -> None:
    """ "The CAP is set at 30bb ... you're considered to be all-in for the remainder of
    the hand": Eve's "caps (53)" and Cid's call reach $60 at $1/$2, and nobody acts after;
    the replay waits for nobody (without the CAPPED status: STREET_EARLY on the flop)."""
    result = _one(OLD_CAP)
    assert result.hand is not None
    capped = [e.player for e in result.hand.events if isinstance(e, ev.PlayerStatus)
              if e.status is ev.Status.CAPPED]  # fmt: skip
    assert capped == ["Eve", "Cid"]
    assert result.findings == ()
    uncapped = OLD_CAP.replace(" - CAP - ", " - ")
    assert Code.STREET_EARLY in {f.code for f in _one(uncapped).findings}


def test_old_fixed_limit_is_told_by_its_big_blind() -> None:
    """The old layout names no limit: "4/8" with a big blind of 4 is a fixed-limit table;
    "1/2" with a big blind of 2 is pot limit."""
    fixed, cap = _one(OLD_FIXED).hand, _one(OLD_CAP).hand
    assert fixed is not None and cap is not None
    assert (fixed.start.limit, fixed.start.variant) == (ev.Limit.FIXED, "FLO8")
    assert (fixed.start.small_stake, fixed.start.big_stake) == (400, 800)
    assert (cap.start.limit, cap.start.variant, cap.start.time_zone) == (ev.Limit.POT, "PLO", "")
    assert fixed.start.currency == "USD" and str(fixed.start.started_at) == "2016-10-02 21:10:05"


def test_old_cards_deal_and_seats_not_dealt() -> None:
    events = _events(OLD_CAP)
    dealt = {e.player: [str(c) for c in e.cards] for e in events if isinstance(e, ev.Dealt)}
    assert dealt == {"Ann": [], "Ben": [], "Cid": ["Th", "Jd", "Qc", "Kc"], "Eve": []}
    seats = {e.player: e.out_of_hand for e in events if isinstance(e, ev.SeatTaken)}
    assert seats == {"Ann": False, "Ben": False, "Cid": False, "Dee": True, "Eve": False}
    (wait,) = [e for e in events if isinstance(e, ev.PlayerStatus) and e.player == "Dee"]
    assert wait.status is ev.Status.SITTING_OUT and wait.text == "wait BB"


def test_old_summary_lines_are_the_shows_and_the_collects() -> None:
    events = _events(OLD_FIXED)
    shown = [(e.player, e.claim.high, e.claim.low) for e in events if isinstance(e, ev.Shown)]
    assert [(p, h.category.name if h else None) for p, h, _ in shown] == [
        ("Ann", "THREE_OF_A_KIND"),
        ("Ben", "HIGH_CARD"),
    ]
    assert shown[1][2] is not None and shown[1][2].ranks == (7, 5, 4, 2, 1)
    collected = [(e.player, e.amount) for e in events if isinstance(e, ev.Collected)]
    assert collected == [("Ann", 1200), ("Ben", 2000)]
    outcomes = [(e.player, e.outcome) for e in events if isinstance(e, ev.SummarySeat)]
    assert outcomes == [
        ("Ann", ev.SeatOutcome.SHOWED),
        ("Ben", ev.SeatOutcome.SHOWED),
        ("Cid", ev.SeatOutcome.FOLDED),
    ]
    (pot,) = [e for e in events if isinstance(e, ev.SummaryPot)]
    assert (pot.total, pot.rake) == (3200, 0)
    (status,) = [e for e in events if isinstance(e, ev.PlayerStatus)]
    assert (status.player, status.status) == ("Ann", ev.Status.TIMED_OUT)


def test_wrong_payouts_are_found_in_both_layouts() -> None:
    """The old layout says only what each player collected in all ("Collects: 143."): with
    a side pot, each player paid must win a pot (Eve, whose pair of aces loses both, may
    not be paid); the new layout names the pot: its halves are judged to the cent."""
    wrong = OLD_CAP.replace("Collects: 143. Wins: 83.", "Collects: 133. Wins: 73.").replace(
        "Collects: 0. Loses: 60.", "Collects: 10. Loses: 50."
    )
    assert Code.WINNER_WRONG in {f.code for f in _one(wrong).findings}
    swapped = NEW_CASH.replace("Erin collected $29.63", "Erin collected $29.60").replace(
        "Alice collected $29.62", "Alice collected $29.65"
    )
    assert Code.AWARD_WRONG in {f.code for f in _one(swapped).findings}


def test_summary_pots_are_read_gross() -> None:
    """WPN writes the total net of the rake and the fee: $59.25 + $0.96 + $0.04 = $60.25,
    the chips bet; the old layout's "Pot: 143. Rake 2.76. JP fee 0.24" is $146."""
    (new,) = [e for e in _events(NEW_CASH) if isinstance(e, ev.SummaryPot)]
    assert (new.total, new.rake, new.fees) == (6025, 96, (("JP Fee", 4),))
    (old,) = [e for e in _events(OLD_CAP) if isinstance(e, ev.SummaryPot)]
    assert (old.total, old.rake, old.fees) == (14600, 276, (("JP fee", 24),))


def test_hi_lo_halves_and_descriptions() -> None:
    result = _one(NEW_CASH)
    assert result.hand is not None and result.findings == ()
    shown = {e.player: e.claim for e in result.hand.events if isinstance(e, ev.Shown)}
    assert shown["Alice"].low is not None and shown["Alice"].low.ranks == (8, 5, 3, 2, 1)
    assert shown["Erin"].low is None and shown["Erin"].low_text is None  # "LO - []"
    wrong = NEW_CASH.replace(
        "(HI - two pair, Kings and Deuces [Kd Kc 2c 2d 8s] | LO - [8,5,3,2,1])",
        "(HI - a flush, Ace high [Ah 2c 3h 5d 8s] | LO - [7,5,3,2,1])",
    )
    found = [(f.code, f.message) for f in _one(wrong).findings]
    assert (Code.HAND_DESCRIPTION_WRONG, "Alice's hand is not 'a flush, Ace high'") in found
    assert (Code.HAND_DESCRIPTION_WRONG, "Alice's low is not as written") in found


def test_walk_like_win_and_summary_outcomes_of_the_new_layout() -> None:
    events = _events(NEW_TOURNAMENT)
    assert [e.player for e in events if isinstance(e, ev.NotShown)] == ["Villain2"]
    (ret,) = [e for e in events if isinstance(e, ev.UncalledReturned)]
    assert (ret.player, ret.amount) == ("Villain2", 640)
    seats = [e for e in events if isinstance(e, ev.SummarySeat)]
    assert [(s.player, s.positions, s.outcome) for s in seats] == [
        ("Hero", ("button",), ev.SeatOutcome.FOLDED),
        ("Villain1", ("small blind",), ev.SeatOutcome.FOLDED),
        ("Villain2", ("big blind",), ev.SeatOutcome.COLLECTED),
    ]
    assert seats[2].results[0].won == 780
    antes = [e for e in events if isinstance(e, ev.Posted) and e.kind is ev.PostKind.ANTE]
    assert len(antes) == 3


def test_a_tournament_s_cards_for_the_button_are_not_hole_cards() -> None:
    """Before a tournament's first hand WPN deals each seat one card for the button
    ("Dealt to Hero [4s]", PLO8-9max ... On Demand): notes, not hole cards."""
    draw = "Dealt to Hero [4s]\nDealt to Villain1 [Kd]\n"
    text = NEW_TOURNAMENT.replace("Hero posts ante 10.00\n", draw + "Hero posts ante 10.00\n")
    events = _events(text)
    assert [e.text for e in events if isinstance(e, ev.Note)][:2] == [
        "Dealt to Hero [4s]",
        "Dealt to Villain1 [Kd]",
    ]
    assert [len(e.cards) for e in events if isinstance(e, ev.Dealt)] == [4]


def test_a_run_it_twice_summary_names_each_board_s_results() -> None:
    """WPN writes a seat's lines once per board ("Board 2 [..]" then the seats again):
    the second board's line carries its result second, as a run-twice result."""
    text = NEW_CASH.replace(
        "Seat 5: Erin (big blind) showed",
        "Board 2 [3h 5d Kc 8s 2d]\nSeat 5: Erin (big blind) showed",
    )
    seats = [e for e in _events(text) if isinstance(e, ev.SummarySeat) and e.player == "Erin"]
    assert [r.won for r in seats[0].results] == [None, 2963]


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        (NEW_CASH.replace("Bob calls $1.75", "Bob shoves $1.75"), 13, Code.PARSE_ERROR),
        (OLD_FIXED.replace("Player Cid folds", "Player Cid shoves"), 32, Code.PARSE_ERROR),
        (NEW_CASH.replace("Alice bets $5.25", "Alice bets $5.255"), 19, Code.PARSE_ERROR),
        (OLD_CAP.replace("Seat 3: Cid (200).", "Seat 99999: Cid (200)."), 6, Code.SEAT_INVALID),
        (NEW_CASH.replace("Seat 2: Bob ($20.00)", "Seat 1: Bob ($20.00)"), 4, Code.SEAT_INVALID),
    ],
)
def test_a_damaged_hand_is_rejected_at_its_line(text: str, line: int, code: Code) -> None:
    result = _one(text)
    assert result.status is Status.REJECTED
    (finding,) = result.findings
    assert (finding.code, finding.source.line) == (code, line)


def test_a_syntax_error_says_what_was_expected_with_its_context() -> None:
    from auditor.parse.errors import HandParseError

    reader = WpnRoom().reader()
    with pytest.raises(HandParseError) as caught:
        reader.read(_raw(OLD_FIXED.replace("------ Summary ------", "--- Summary ---")))
    err = caught.value
    assert err.line == 35 and err.text == "--- Summary ---"
    assert "^" in err.context
    with pytest.raises(HandParseError) as caught:
        reader.read(_raw(OLD_FIXED.replace("Player Cid folds", "Player Cid shoves (4)")))
    assert (caught.value.line, caught.value.kind) == (32, "a line of play the layout does not have")
    with pytest.raises(HandParseError) as caught:
        reader.read(_raw(NEW_CASH.replace(" - $0.25/$0.50", "")))
    assert caught.value.line == 1 and caught.value.kind.startswith("a header the layout")


def test_text_after_the_hand_s_end_is_kept_as_garbled() -> None:
    result = _one(OLD_FIXED + "\n\ufffd\n")
    assert [(f.code, f.source.line) for f in result.findings] == [(Code.RECORD_GARBLED, 43)]


def test_the_new_layout_s_other_posts_and_caps() -> None:
    """fpdb's WinningToFpdb.py reads these of the new layout: "posts dead $X" (both blinds
    on coming back), "posts $X" (a blind to come in), "straddle $X", "caps $X"."""
    extra = "Dave posts dead $0.75\nBob posts $0.50\nAlice straddle $1.00\n"
    big_blind = "Erin posts the big blind $0.50\n"
    text = NEW_CASH.replace(big_blind, big_blind + extra)
    text = text.replace("Bob raises $18.25 to $18.25 and is all-in", "Bob caps $18.25")
    events = _events(text)
    posts = [(e.player, e.kind, e.amount) for e in events if isinstance(e, ev.Posted)]
    assert posts[2:] == [
        ("Dave", ev.PostKind.SMALL_AND_BIG, 75),
        ("Bob", ev.PostKind.BIG_BLIND, 50),
        ("Alice", ev.PostKind.STRADDLE, 100),
    ]
    (cap,) = [e for e in events if isinstance(e, ev.RaisedTo) and e.player == "Bob"]
    assert (cap.by, cap.given) == (1825, ev.RaiseGiven.BY)
    capped = [e.player for e in events if isinstance(e, ev.PlayerStatus)]
    assert capped == ["Bob"]
