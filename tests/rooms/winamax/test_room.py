"""Winamax's room: its headers (2010 to 2021, cash and tournament), its games, its table
name, and its wordings read into the same events as every room's."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.hand_claims import Category
from auditor.parse.errors import HandParseError
from auditor.pipeline import HandAuditor
from auditor.read.split import RawHand, split_hands
from auditor.results import FileSummary, Status
from auditor.rooms.ggpoker import GGPokerRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.rooms.winamax import WinamaxRoom
from auditor.rooms.winamax.reader import WinamaxReader
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "winamax"
CASH = (FIXTURES / "cash_plo_every_line.txt").read_text(encoding="utf-8")
HILO = (FIXTURES / "hilo_halves_and_both_blinds.txt").read_text(encoding="utf-8")
OLD, NEW = (part.strip("\n") + "\n" for part in CASH.split("\n\n\n"))  # 2014's layout, 2021's
HILO_PLAY, BOTH = (part.strip("\n") + "\n" for part in HILO.split("\n\n\n"))

# real headers, as the corpus has them (2010, 2013 with a byte-order mark, 2016, 2021)
HEADERS = (
    "Winamax Poker - CashGame - HandId: #270777-217-1284853532 - Omaha pot limit "
    "(0.02€/0.05€) - 2010/09/19 01:45:32 UTC",
    "\ufeffWinamax Poker - CashGame - HandId: #5334663-1379-1383796492 - Omaha pot limit "
    "(0.15€/0.30€) - 2013/11/07 03:54:52 UTC",
    "Winamax Poker - CashGame - HandId: #9247976-232-1478874498 - 5 Card Omaha Hi/Lo pot "
    "limit (1€/2€) - 2016/11/11 14:28:18 UTC",
    "Winamax Poker - CashGame - HandId: #8976324-443-1476102647 - Omaha8 pot limit "
    "(0.05/0.10) - 2016/10/10 12:30:47 UTC",
    "Winamax Poker - CashGame - HandId: #15917912-457-1618228092 - Omaha pot limit (2€/4€) "
    "- 2021/04/12 11:48:13 UTC",
)
# a tournament's header and table line, in the shape fpdb-3's WinamaxToFpdb.py reads them
# (re_hand_info: 'Tournament "NAME" buyIn: X + Y level: N', the ante first in the stakes,
# the table named "NAME(tournament id)#table")
TOURNAMENT = (
    'Winamax Poker - Tournament "Omaha Sunday" buyIn: 4.50€ + 0.50€ level: 3 - HandId: '
    "#1160000000000000000-3-1420000000 - Omaha pot limit (5/20/40) - 2014/12/31 04:26:40 UTC\n"
    "Table: 'Omaha Sunday(123456789)#004' 6-max (real money) Seat #2 is the button\n"
    "Seat 1: Anna (1500)\n"
    "Seat 2: Ben (1480, 2.50€ bounty)\n"
    "Seat 3: Cid (1500)\n"
    "*** ANTE/BLINDS ***\n"
    "Anna posts ante 5\n"
    "Ben posts ante 5\n"
    "Cid posts ante 5\n"
    "Cid posts small blind 20\n"
    "Anna posts big blind 40\n"
    "Dealt to Anna [Ah Ad 7c 2s]\n"
    "*** PRE-FLOP ***\n"
    "Ben folds\n"
    "Cid folds\n"
    "Anna collected 75 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot 75 | No rake\n"
    "Seat 1: Anna (big blind) won 75\n"
)


def read(text: str) -> ev.Hand:
    (raw,) = [h for h in split_hands(text.splitlines(), "t.txt") if isinstance(h, RawHand)]
    return WinamaxReader().read(raw)


def line_of(text: str, words: str) -> int:
    """The number of the first line of ``text`` that holds ``words``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if words in line)


def of(hand: ev.Hand, kind: type[ev.Event]) -> list[ev.Event]:
    return [e for e in hand.events if type(e) is kind]


def test_the_room_claims_its_headers_and_no_other_room_s() -> None:
    winamax, stars, gg = WinamaxRoom(), PokerStarsRoom(), GGPokerRoom()
    for header in (*HEADERS, TOURNAMENT.splitlines()[0]):
        line = header.lstrip("\ufeff")
        assert winamax.is_header(line), line
        assert winamax.sniff(header + "\nTable: 'x' 5-max (real money) Seat #1 is the button\n")
        assert not stars.is_header(line) and not gg.is_header(line)
        assert line.startswith(winamax.header_starts)
    stars_text = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text()
    assert not winamax.sniff(stars_text) and not winamax.is_header(stars_text.splitlines()[0])
    assert not winamax.is_header("Winamax Poker - the best room") and not winamax.sniff("hello")
    assert rooms.profile_for_site("Winamax") == "winamax"
    assert rooms.REGISTRY["winamax"] is not None


def test_its_games_and_which_are_audited() -> None:
    winamax = WinamaxRoom()
    games = [winamax.game(RawHand("f", 1, (h.lstrip("\ufeff"),))) for h in HEADERS]
    assert games == [
        "Omaha pot limit",
        "Omaha pot limit",
        "5 Card Omaha Hi/Lo pot limit",
        "Omaha8 pot limit",
        "Omaha pot limit",
    ]
    assert all(winamax.is_omaha(g) for g in games)
    holdem = HEADERS[0].replace("Omaha pot limit", "Holdem no limit")
    assert winamax.game(RawHand("f", 1, (holdem,))) == "Holdem no limit"
    assert not winamax.is_omaha("Holdem no limit")
    (skipped,) = audit_text(OLD.replace("Omaha pot limit", "Holdem no limit"))
    assert skipped.status is Status.SKIPPED and skipped.format == "winamax"


def test_the_table_name_with_and_without_its_colon() -> None:
    winamax = WinamaxRoom()
    old, new = CASH.split("\n\n\n")
    assert winamax.table_name(RawHand("f", 1, tuple(old.splitlines()))) == "Lyon 02"
    assert winamax.table_name(RawHand("f", 1, tuple(new.strip().splitlines()))) == "Nagoya"


def test_the_header_s_facts_and_its_zone_as_written() -> None:
    hand = read(OLD)
    start = hand.start
    assert (start.site, start.hand_id, start.variant) == (
        "Winamax",
        "7000001-101-1420000000",
        "PLO",
    )
    assert (start.currency, start.scale, start.small_stake, start.big_stake) == (
        "EUR",
        100,
        50,
        100,
    )
    assert start.time_zone == "UTC" and str(start.started_at) == "2014-12-31 04:26:40"
    assert (start.table_name, start.max_seats, start.button_seat) == ("Lyon 02", 6, 1)
    five = read(HEADERS[2] + "\n" + CASH.split("\n", 1)[1].split("\n\n\n")[0]).start
    assert (five.variant, five.hi_lo, five.hole_card_count) == ("PLO5-8", True, 5)
    play = read(HILO_PLAY).start
    assert (play.currency, play.scale, play.variant) == ("chips", 100, "PLO8")


def test_raises_are_their_totals_and_all_ins_are_flagged() -> None:
    """ "raises 2.50€ to 3.50€": the raise over the bet faced, then the total; the first is
    not the chips the raiser adds (ChipsIn's ``added``: read as that, the replay would find
    the line disagreeing with itself), so the chips line is its total."""
    hand = read(OLD)
    raises = [
        e for e in of(hand, ev.ChipsIn) if isinstance(e, ev.ChipsIn) and e.verb is ev.Verb.RAISE
    ]
    assert [(e.added, e.to) for e in raises] == [(None, 350)]
    # a call is read as its line writes it (the chips added, all-in said); the replay makes
    # it the Called
    chips = [e for e in of(hand, ev.ChipsIn) if isinstance(e, ev.ChipsIn) and e.all_in]
    assert [(e.player, e.verb, e.added) for e in chips] == [("Bob", ev.Verb.CALL, 1150)]


def test_blinds_out_of_position_dead_live_and_both() -> None:
    posts = {
        (e.player, e.kind, e.amount)
        for part in (OLD, NEW, HILO_PLAY, BOTH)
        for e in read(part).events
        if isinstance(e, ev.Posted)
    }
    assert ("Fay", ev.PostKind.BIG_BLIND, 100) in posts  # a new player's live big blind
    assert ("Player2", ev.PostKind.MISSED_BLIND, 200) in posts  # a dead small blind
    assert ("Player1", ev.PostKind.SMALL_AND_BIG, 300) in posts  # both, in one post
    both = read(BOTH)
    notes = [e.text for e in of(both, ev.Note) if isinstance(e, ev.Note)]
    assert notes == ["Player1 posts big blind 0€ out of position"]


def test_an_uncalled_bet_inside_a_collect_line_is_returned_and_the_total_made_gross() -> None:
    """Winamax writes "Player1 collected 60€ from pot" and "Total pot 60€ | Rake 1.50€"
    with the 25.50€ nobody called inside them: 36€ went in."""
    hand = read(NEW)
    (back,) = of(hand, ev.UncalledReturned)
    (collect,) = of(hand, ev.Collected)
    (pot,) = of(hand, ev.SummaryPot)
    assert isinstance(back, ev.UncalledReturned) and isinstance(collect, ev.Collected)
    at = line_of(NEW, "Player1 collected 60€ from pot")
    assert (back.player, back.amount, back.span.line) == ("Player1", 2550, at)
    assert (collect.amount, collect.span.line) == (3450, at)
    assert isinstance(pot, ev.SummaryPot) and (pot.total, pot.rake) == (3600, 150)
    (result,) = audit_text(NEW)
    assert result.findings == ()


def test_a_side_pot_of_the_bet_nobody_called_is_its_return() -> None:
    hand = read(OLD)
    kinds = [type(e).__name__ for e in hand.events]
    # returned before the river is dealt, on the line that shows it (side pot 1)
    at = kinds.index("UncalledReturned")
    assert kinds[at + 1] == "StreetDealt"
    back = hand.events[at]
    assert isinstance(back, ev.UncalledReturned) and (back.amount, back.span.line) == (
        2850,
        line_of(OLD, "Dan collected 28.50€ from side pot 1"),
    )
    collects = [
        (e.player, e.amount, e.pot, e.names_pot)
        for e in of(hand, ev.Collected)
        if isinstance(e, ev.Collected)
    ]
    assert collects == [("Bob", 6600, 0, True)]
    (pot,) = of(hand, ev.SummaryPot)
    assert isinstance(pot, ev.SummaryPot) and pot.total == 9450 + 200 - 2850


def test_a_collect_with_no_uncalled_bet_in_it_is_kept_as_written() -> None:
    """A bettor who collects less than his unmatched bet: nothing is taken for a return,
    and the replay finds the bet not returned (the record's fault, not read away)."""
    text = NEW.replace("collected 60€", "collected 20€")
    text = text.replace("Total pot 60€", "Total pot 20€").replace("won 60€", "won 20€")
    hand = read(text)
    assert of(hand, ev.UncalledReturned) == []
    (result,) = audit_text(text)
    assert Code.UNCALLED_WRONG in {f.code for f in result.findings}


def test_hi_lo_halves_on_lines_of_their_own_are_one_claim() -> None:
    hand = read(HILO_PLAY)
    shown = [e for e in of(hand, ev.Shown) if isinstance(e, ev.Shown)]
    assert [s.player for s in shown] == ["Villain", "Hero"]
    claim = shown[0].claim
    assert claim.high is not None and claim.high.category is Category.THREE_OF_A_KIND
    assert claim.low is not None and claim.low.ranks == (8,)
    seats = [e for e in of(hand, ev.SummarySeat) if isinstance(e, ev.SummarySeat)]
    assert [(s.player, [r.won for r in s.results]) for s in seats] == [
        ("Hero", [None, 160]),
        ("Villain", [160, None]),
    ]
    collects = [e.amount for e in of(hand, ev.Collected) if isinstance(e, ev.Collected)]
    assert collects == [160, 160]


def test_2016_s_unprefixed_low_line_is_the_low_and_a_wrong_one_is_found() -> None:
    first = HILO_PLAY
    unprefixed = first.replace("(HI : ", "(").replace("(LO : ", "(")
    hand = read(unprefixed)
    shown = [e for e in of(hand, ev.Shown) if isinstance(e, ev.Shown)]
    assert shown[1].claim.low is not None and shown[1].claim.low.ranks == (8,)
    (result,) = audit_text(first)
    assert result.findings == ()
    wrong = first.replace(
        "Hero shows [Ac 2d Kh Qs] (LO : High card : 8)",
        "Hero shows [Ac 2d Kh Qs] (LO : High card : 7)",
    )
    (result,) = audit_text(wrong)
    assert [(f.code, f.source.line) for f in result.findings] == [
        (Code.HAND_DESCRIPTION_WRONG, line_of(wrong, "Hero shows [Ac 2d Kh Qs] (HI"))
    ]


def test_a_seat_the_summary_has_folded_on_no_street_was_not_dealt_in() -> None:
    hand = read(OLD)
    seats = {e.player: e.out_of_hand for e in of(hand, ev.SeatTaken) if isinstance(e, ev.SeatTaken)}
    assert seats["Eve"] is True and not any(v for p, v in seats.items() if p != "Eve")


def test_status_lines_keep_their_words() -> None:
    first = NEW
    text = first.replace(
        "*** ANTE/BLINDS ***\n", "*** ANTE/BLINDS ***\nPlayer9 deny BB 0€\nPlayer3 sits out\n"
    )
    hand = read(text)
    statuses = [
        (e.player, e.status, e.text)
        for e in of(hand, ev.PlayerStatus)
        if isinstance(e, ev.PlayerStatus)
    ]
    assert statuses == [
        ("Player9", ev.Status.OTHER, "deny BB 0€"),
        ("Player3", ev.Status.SITS_OUT, "sits out"),
    ]


def test_a_tournament_hand_in_chips_with_its_antes() -> None:
    hand = read(TOURNAMENT)
    start = hand.start
    assert (start.tournament_id, start.buy_in, start.level) == ("123456789", "4.50€ + 0.50€", "3")
    assert (start.currency, start.scale, start.small_stake, start.big_stake) == ("chips", 1, 20, 40)
    antes = [
        e.amount
        for e in of(hand, ev.Posted)
        if isinstance(e, ev.Posted) and e.kind is ev.PostKind.ANTE
    ]
    assert antes == [5, 5, 5]
    (seat,) = [
        e for e in of(hand, ev.SeatTaken) if isinstance(e, ev.SeatTaken) and e.player == "Ben"
    ]
    assert isinstance(seat, ev.SeatTaken) and (seat.stack, seat.bounty) == (1480, "2.50€")
    (result,) = audit_text(TOURNAMENT)
    assert result.status is Status.AUDITED and result.findings == ()


def test_a_damaged_hand_is_a_parse_error_at_its_line() -> None:
    broken = NEW.replace("Player3 checks", "Player3 ch3cks")
    (result,) = audit_text(broken)
    assert result.status is Status.REJECTED and result.format == "winamax"
    (finding,) = result.findings
    assert (finding.code, finding.source.line) == (Code.PARSE_ERROR, line_of(broken, "ch3cks"))
    assert result.table_name == "Nagoya"
    finer = NEW.replace("bets 25.50€", "bets 25.505€")
    (result,) = audit_text(finer)
    (finding,) = result.findings
    assert (finding.code, finding.source.line) == (Code.PARSE_ERROR, line_of(finer, "25.505"))
    assert "finer than the hand's unit" in finding.message


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig"])
def test_a_file_in_each_encoding_reads_its_euro_signs(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / f"{encoding}.txt"
    path.write_bytes(NEW.encode(encoding))
    summary = FileSummary(source_file=path.name)
    (result,) = HandAuditor().audit_file(str(path), summary)
    assert result.status is Status.AUDITED and result.findings == ()
    assert result.hand is not None and result.hand.start.currency == "EUR"
    assert summary.format == "winamax"


@pytest.mark.parametrize("text", [CASH, HILO])
def test_the_fixtures_audit_clean_under_the_winamax_profile(text: str) -> None:
    results = audit_text(text)
    assert [r.status for r in results] == [Status.AUDITED, Status.AUDITED]
    assert all(r.findings == () for r in results)
    assert {r.replay.profile for r in results if r.replay is not None} == {"winamax"}


def test_a_raw_hand_s_id_is_winamax_s_whole_id() -> None:
    """The id a rejected or skipped hand is listed under is the one its reader gives
    (auditor/read/split.py: the numbers joined by hyphens, not the first of them)."""
    raw = RawHand("f", 1, (HEADERS[0],))
    assert raw.hand_id == "270777-217-1284853532"
    assert RawHand("f", 1, ("Poker Hand #OM1349864: PLO-5 ($2/$5) - 2021/04/03",)).hand_id == (
        "OM1349864"
    )


@pytest.mark.parametrize(
    ("old", "new", "kind"),
    [
        ("Player3 checks", "Player3 ch3cks", "a line of play the layout does not have"),
        ("Table 'Nagoya'", "Tabel 'Nagoya'", "a table line the layout does not have"),
        ("Seat 2: Player1 won 60€", "nothing here", "a summary line the layout does not have"),
    ],
)
def test_a_parse_error_says_where_what_could_stand_there_and_what_it_resembles(
    old: str, new: str, kind: str
) -> None:
    damaged = NEW.replace(old, new)
    with pytest.raises(HandParseError) as raised:
        read(damaged)
    error = raised.value
    assert (error.line, error.text) == (line_of(damaged, new), damaged.splitlines()[error.line - 1])
    assert error.kind == kind
    assert error.expected.startswith("expected ") and "^" in error.context
