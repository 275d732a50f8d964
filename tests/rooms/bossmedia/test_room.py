"""Boss Media's room: its XML sessions (<ROOT> of <HISTORY>s, closing tags run together)
split by a streaming parser, a broken <HISTORY> a PARSE_ERROR at its line and column with
the file's other hands still read, and its attributes read into the same events as every
room's (raises to a total, calls added or, in the older layout, to a total, dead small
blinds, all-ins, the button of a record that names none, shown hands' words)."""

from __future__ import annotations

from typing import TypeVar

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.hand_claims import Category
from auditor.read.split import RawHand, StrayText
from auditor.results import Status
from auditor.rooms.bossmedia import BossMediaRoom
from auditor.rooms.bossmedia.reader import BossMediaReader, card
from auditor.rooms.microgaming import MicrogamingRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FOLDER = ROOT / "fixtures" / "bossmedia"
SESSION = (FOLDER / "bossmedia_session_hi_lo_dead_blind.txt").read_text(encoding="utf-8")
OLD = (FOLDER / "bossmedia_old_layout_no_dealer.txt").read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def split(text: str) -> list[RawHand | StrayText]:
    return list(BossMediaRoom().split_file(text.splitlines(keepends=True), "f.txt"))


def hands(text: str) -> list[RawHand]:
    return [item for item in split(text) if isinstance(item, RawHand)]


def read_all(text: str) -> list[ev.Hand]:
    """The hands read, their chips lines as the replay tells them."""
    reader = BossMediaReader()
    return [as_replayed(reader.read(raw), "bossmedia") for raw in hands(text)]


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_files_are_known_by_content_and_the_room_s_alone() -> None:
    room = BossMediaRoom()
    assert room.sniff(SESSION) and room.sniff(OLD) and room.sniff("\ufeff" + OLD)
    assert not room.sniff(STARS) and not PokerStarsRoom().sniff(SESSION)
    assert not MicrogamingRoom().sniff(SESSION) and not room.sniff(
        (ROOT / "fixtures" / "microgaming" / "microgaming_xml_session.txt").read_text("utf-8")
    )
    assert room.is_header(OLD.splitlines()[0]) and OLD.startswith(room.header_starts)
    assert rooms.profile_for_site("BossMedia") == "bossmedia"


def test_a_session_is_split_into_its_histories() -> None:
    """The declaration and <ROOT> are no hand's text; "</HISTORY></ROOT>" on one line."""
    items = split(SESSION)
    assert all(isinstance(item, RawHand) for item in items)
    first, second = hands(SESSION)
    assert (first.first_line, second.first_line) == (3, 69)
    assert second.lines[-1].endswith("</HISTORY>")
    room = BossMediaRoom()
    assert [raw.hand_id for raw in (first, second)] == ["2081600001", "2081600042"]
    assert [room.game(raw) for raw in (first, second)] == ["GAME_OMAHL PL"] * 2
    assert room.game(hands(OLD)[0]) == "GAME_OMATU PL"
    assert room.is_omaha("GAME_OMATU PL") and not room.is_omaha("GAME_THM NL")
    assert room.table_name(first) == "Diana 4"


def test_a_broken_history_is_a_parse_error_and_the_next_is_read() -> None:
    """The first hand's flop "<ACTION ...>" written without its closing quote: PARSE_ERROR
    at that line (file line 38), the session's second hand read all the same."""
    lines = SESSION.splitlines()
    assert lines[37].startswith('<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP"')
    lines[37] = lines[37].replace('VALUE="BOARD_FLOP"', 'VALUE="BOARD_FLOP')
    first, second = audit_text("\n".join(lines) + "\n", name="s.txt")
    assert first.status is Status.REJECTED
    assert [(f.code, f.source.line) for f in first.findings] == [(Code.PARSE_ERROR, 38)]
    assert first.findings[0].source.column > 1
    assert second.status is Status.AUDITED and second.findings == ()


def test_a_history_the_file_ends_inside_is_a_parse_error() -> None:
    cut = OLD.split("<SHOWDOWN")[0]
    (result,) = audit_text(cut, name="c.txt")
    assert result.status is Status.REJECTED
    assert [f.code for f in result.findings] == [Code.PARSE_ERROR]


def test_head_facts_seats_and_time() -> None:
    first, second = read_all(SESSION)
    start = first.start
    assert (start.variant, start.currency, start.small_stake, start.big_stake) == (
        "PLO8",
        "USD",
        50,
        100,
    )
    # DATE is POSIX seconds: the UTC instant
    assert (str(start.started_at), start.time_zone) == ("2014-03-18 13:40:00", "UTC")
    assert start.button_seat == 4 and second.start.button_seat == 5
    # STATE_SITOUT seated and out; STATE_RESERVED and STATE_EMPTY are no player
    seats = [(s.seat, s.player, s.sitting_out) for s in of(first, ev.SeatTaken)]
    assert seats[:2] == [(1, "Alvar", False), (2, "Britt", True)]
    assert [s.seat for s in of(second, ev.SeatTaken)] == [1, 2, 5, 6]


def test_the_older_layout_names_no_button_and_calls_to_a_total() -> None:
    """2009: no DEALER, players listed out of seat order, the big blind written first;
    Ines's small blind in seat 2 puts the button in seat 1; "CALL 1.75" by Ines, in for
    0.25, adds 1.50."""
    (hand,) = read_all(OLD)
    assert hand.start.button_seat == 1 and hand.start.variant == "PLO"
    assert [(c.player, c.amount) for c in of(hand, ev.Called)] == [
        ("Ines", 150),
        ("Greta", 125),
        ("Ines", 400),
    ]
    (result,) = audit_text(OLD)
    assert result.status is Status.AUDITED and result.findings == ()


def test_raises_are_to_a_total_calls_the_chips_added() -> None:
    first, _ = read_all(SESSION)
    raise_, all_in = of(first, ev.RaisedTo)
    assert (raise_.to, raise_.given) == (350, ev.RaiseGiven.TO)
    assert (all_in.player, all_in.to, all_in.all_in) == ("Cecilia", 1650, True)
    assert [(c.player, c.amount) for c in of(first, ev.Called)] == [
        ("Cecilia", 350),
        ("Ebba", 250),
        ("Alvar", 850),
    ]


def test_a_dead_small_blind_is_not_part_of_the_bet() -> None:
    first, _ = read_all(SESSION)
    posts = [(p.player, p.kind, p.amount) for p in of(first, ev.Posted)]
    assert posts[2:] == [
        ("Alvar", ev.PostKind.MISSED_BLIND, 50),
        ("Alvar", ev.PostKind.BIG_BLIND, 100),
    ]


def test_an_all_in_for_less_is_a_call() -> None:
    text = SESSION.replace(
        '<ACTION TYPE="ACTION_CALL" PLAYER="Alvar" VALUE="8.50">',
        '<ACTION TYPE="ACTION_ALLIN" PLAYER="Alvar" VALUE="16.50">',
    )
    first, _ = read_all(text)
    assert [(c.player, c.amount, c.all_in) for c in of(first, ev.Called)][-1] == (
        "Alvar",
        850,
        True,
    )


def test_pots_are_gross_and_shown_hands_say_what_they_are() -> None:
    first, second = read_all(SESSION)
    (pot,) = of(first, ev.SummaryPot)
    assert (pot.total, pot.rake) == (4450, 200)  # POT 42.50 after RAKE 2.00
    assert [(c.player, c.amount) for c in of(first, ev.Collected)] == [("Alvar", 4250)]
    alvar, cecilia = of(first, ev.Shown)
    assert alvar.claim.high is not None and alvar.claim.high.category is Category.PAIR
    assert alvar.claim.high.ranks == (11,)  # kings
    assert alvar.claim.low is not None and alvar.claim.low.ranks == (7, 4, 3, 2, 1)
    assert [str(c) for c in cecilia.cards] == ["Qh", "Qc", "5h", "6d"]
    assert not first.uncalled_returns_written
    # Dag's raise to 3.50 is not called: POT 2.50 leaves his 2.50 out, no element returns it
    assert [(c.player, c.amount) for c in of(second, ev.Collected)] == [("Dag", 250)]
    assert of(second, ev.Shown) == []  # won "$(STR_BY_DEFAULT)", cards face down


def test_card_links() -> None:
    assert [str(card(link)) for link in ("0", "12", "13", "26", "39", "51")] == [
        "Ad",
        "Kd",
        "Ac",
        "Ah",
        "As",
        "Ks",
    ]
    assert card("b") is None
    invalid = card("52")
    assert invalid is not None and not invalid.valid
