"""Microgaming's room: its XML sessions split by a streaming parser (documents separated by
"----PRIMA.DAT----", even on the "</Game>" line), a broken document a PARSE_ERROR at its
line and column with the file's other hands still read, and its attributes and PokerTracker's
text of its hands read into the same events as every room's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.read.split import RawHand, StrayText
from auditor.results import Status
from auditor.rooms.microgaming import MicrogamingRoom
from auditor.rooms.microgaming.reader import MicrogamingReader, currency
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FOLDER = ROOT / "fixtures" / "microgaming"
SESSION = (FOLDER / "microgaming_xml_session.txt").read_text(encoding="utf-8")
EXPORT = (FOLDER / "microgaming_export_all_in.txt").read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")
HI_LO, PLO = SESSION.split("----PRIMA.DAT----\n\n")  # the first ends "</Game>"


def split(text: str) -> list[RawHand | StrayText]:
    return list(MicrogamingRoom().split_file(text.splitlines(keepends=True), "f.txt"))


def hands(text: str) -> list[RawHand]:
    return [item for item in split(text) if isinstance(item, RawHand)]


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def read(text: str) -> ev.Hand:
    """The hand read, its chips lines as the replay tells them."""
    (raw,) = hands(text)
    return as_replayed(MicrogamingReader().read(raw), "microgaming")


def test_files_are_known_by_content_and_the_room_s_alone() -> None:
    room = MicrogamingRoom()
    assert room.sniff(SESSION) and room.sniff("----PRIMA.DAT----\n\n" + PLO)
    assert room.sniff("\ufeff" + HI_LO) and room.sniff(EXPORT)
    assert not room.sniff(STARS) and not PokerStarsRoom().sniff(SESSION)
    header = EXPORT.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert not room.is_header(EXPORT.splitlines()[2])  # "** Position PLO HU 47 ..."
    assert rooms.profile_for_site("Microgaming") == "microgaming"


def test_a_session_is_split_as_each_document_closes() -> None:
    """Two documents, the separator on the first's "</Game>" line, the table's name after
    the second: two hands at their own lines, the separators no hand's text, no stray."""
    items = split(SESSION)
    assert all(isinstance(item, RawHand) for item in items)
    first, second = hands(SESSION)
    assert (first.first_line, second.first_line) == (1, 49)
    assert first.lines[-1] == "</Game>" and second.lines[-1] == "</Game>"
    room = MicrogamingRoom()
    assert [room.hand_id(raw) for raw in (first, second)] == ["5049170001", "5905600002"]
    assert [raw.hand_id for raw in (first, second)] == ["5049170001", "5905600002"]
    assert [room.game(raw) for raw in (first, second)] == ["Omaha H/L PL", "Omaha PL"]
    assert room.table_name(second) == "Kelsi - €1K Max"
    assert room.is_omaha("Omaha H/L PL") and not room.is_omaha("Hold'em NL")


def test_a_broken_document_is_a_parse_error_at_its_line_and_column() -> None:
    """The first hand's flop written "</Seats>" inside its "<Gameplay>" (a mismatched
    tag, file line 14 column 9): that hand is PARSE_ERROR there, the next one is read."""
    lines = HI_LO.splitlines()
    assert lines[13] == '      <Action seq="6" type="DealFlop">'
    lines[13] = "      </Seats>"
    broken = "\n".join(lines) + "\n" + "----PRIMA.DAT----\n\n" + PLO
    first, second = audit_text(broken, name="s.txt")
    assert first.status is Status.REJECTED
    (error,) = first.findings
    assert error.code == Code.PARSE_ERROR
    assert (error.source.line, error.source.column) == (14, 9)
    assert "mismatched tag" in error.message or "mismatched tag" in error.expected
    assert second.status is Status.AUDITED and second.hand_id == "5905600002"
    assert second.findings == ()


def test_a_document_the_file_ends_inside_is_a_parse_error() -> None:
    cut = SESSION.split("</Gameplay>\n</Game>\nExtended")[0]  # the second never closes
    first, second = audit_text(cut, name="s.txt")
    assert first.status is Status.AUDITED and first.findings == ()
    assert second.status is Status.REJECTED
    assert [f.code for f in second.findings] == [Code.PARSE_ERROR]
    assert second.findings[0].source.line > 49


def test_text_between_documents_is_stray_text() -> None:
    items = split(HI_LO + "\nsomething else\n\n" + PLO)
    strays = [item for item in items if isinstance(item, StrayText)]
    assert [(s.first_line, s.lines) for s in strays] == [(48, ("something else",))]
    assert len(hands(HI_LO + "\nsomething else\n\n" + PLO)) == 2


def test_head_facts_currency_stakes_and_sitting_out() -> None:
    hi_lo, plo = read(HI_LO), read(PLO)
    assert currency("rCA=") == "EUR" and currency("") == "chips"
    assert (hi_lo.start.variant, plo.start.variant) == ("PLO8", "PLO")
    assert (plo.start.small_stake, plo.start.big_stake, plo.start.currency) == (500, 1000, "EUR")
    assert hi_lo.start.time_zone == "" and hi_lo.start.max_seats == 6
    # v4 writes no "sittingout": Slaper, with no action, was not dealt in; v5 says so
    assert [s.player for s in of(hi_lo, ev.SeatTaken) if s.sitting_out] == ["Slaper"]
    assert [s.player for s in of(plo, ev.SeatTaken) if s.sitting_out] == ["Praam"]


def test_values_are_the_chips_put_in() -> None:
    hi_lo, plo = read(HI_LO), read(PLO)
    raise_, all_in = of(hi_lo, ev.RaisedTo)
    assert (raise_.by, raise_.given) == (350, ev.RaiseGiven.BY)
    assert (all_in.by, all_in.all_in) == (850, True)  # "AllIn" 8.50 over a 5.00 bet
    # "PostedToPlay" is live; the "Bet" that follows it before the flop is a raise
    assert [(p.player, p.kind) for p in of(plo, ev.Posted)][-1] == ("Aak", ev.PostKind.LIVE)
    assert [(r.player, r.by) for r in of(plo, ev.RaisedTo)] == [("Aak", 2500)]
    assert [b.player for b in of(plo, ev.Bet)] == ["Aak"]  # the flop's bet


def test_an_all_in_for_less_is_a_call() -> None:
    text = PLO.replace(
        '<Action seq="7" type="Call" seat="3" value="25.00" />',
        '<Action seq="7" type="AllIn" seat="3" value="20.00" />',
    )
    calls = of(read(text), ev.Called)
    assert [(c.player, c.amount, c.all_in) for c in calls] == [("Schouw", 2000, True)]


def test_wins_are_net_of_rake_and_of_an_unreturned_bet() -> None:
    """Hi/lo halves as two Win seats; the v5 hand writes no MoneyReturned: Aak's Win
    (112.00) holds his uncalled 40.00 flop bet, taken out for the replay to return."""
    hi_lo, plo = read(HI_LO), read(PLO)
    assert [(c.player, c.amount) for c in of(hi_lo, ev.Collected)] == [
        ("Ridder", 1325),
        ("Marlijn", 1325),
    ]
    (pot,) = of(hi_lo, ev.SummaryPot)
    assert (pot.total, pot.rake) == (2750, 100)
    assert [(c.player, c.amount) for c in of(plo, ev.Collected)] == [("Aak", 7200)]
    assert not plo.uncalled_returns_written and hi_lo.uncalled_returns_written is False
    returned = HI_LO.replace(
        '      <Action type="Win">',
        '      <Action seq="16" type="MoneyReturned" seat="1" value="0.00"/>\n'
        '      <Action type="Win">',
    )
    assert read(returned).uncalled_returns_written


def test_version_1_writes_totals() -> None:
    """No hhversion: a call or raise is the player's total in the round (fpdb's addCallTo,
    addRaiseTo): the same events as version 2's chips put in."""
    v1 = HI_LO.replace('hhversion="4" ', "")
    v4 = read(HI_LO)
    v1 = v1.replace('type="Call" seat="3" value="3.00"', 'type="Call" seat="3" value="3.50"')
    v1 = v1.replace('type="Call" seat="4" value="2.50"', 'type="Call" seat="4" value="3.50"')
    v1 = v1.replace('type="Call" seat="4" value="3.50"/>\n      <Action seq="12"', "X")
    hand = read(v1.replace("X", 'type="Call" seat="4" value="8.50"/>\n      <Action seq="12"'))
    assert [(c.player, c.amount) for c in of(hand, ev.Called)] == [
        (c.player, c.amount) for c in of(v4, ev.Called)
    ]


def test_the_export_reads_as_the_xml() -> None:
    (result,) = audit_text(EXPORT, name="e.txt")
    assert result.status is Status.AUDITED and result.findings == ()
    hand = result.hand
    assert hand is not None and hand.start.hand_id == "5029060003"
    assert (hand.start.currency, hand.start.button_seat, hand.start.big_stake) == ("EUR", 1, 50)
    assert [(r.player, r.by) for r in of(hand, ev.RaisedTo)] == [
        ("Hero", 125),
        ("Player0", 300),
        ("Hero", 1150),
    ]
    assert of(hand, ev.Called)[-1].all_in  # "went all-in - €4" for less than the bet
    assert of(hand, ev.Dealt)[0].cards[0].text == "Th"  # "10h"


def test_a_damaged_export_line_is_a_parse_error_at_its_line() -> None:
    (result,) = audit_text(EXPORT.replace("Player0 bet - €4.50", "Player0 bets €4.50"))
    assert result.status is Status.REJECTED
    assert [(f.code, f.source.line) for f in result.findings] == [(Code.PARSE_ERROR, 23)]


def test_each_hand_is_yielded_as_its_element_closes() -> None:
    """The splitter streams: the first hand comes out before the second's lines are read
    (a long session is never held whole)."""
    read: list[int] = []

    def lines() -> Iterator[str]:
        for number, line in enumerate(SESSION.splitlines(keepends=True), start=1):
            read.append(number)
            yield line

    items = MicrogamingRoom().split_file(lines(), "f.txt")
    first = next(items)
    assert isinstance(first, RawHand) and first.hand_id == "5049170001"
    assert max(read) == 47  # its "</Game>----PRIMA.DAT----" line, no further
