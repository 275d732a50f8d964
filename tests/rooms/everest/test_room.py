"""The Everest room on real and hand-written hands: sniffing its XML, the game, table and
id of a hand, its elements becoming events (BET as check, bet, call or raise; blinds with
a penalty; a refused blind; one HOLE per card; SWEEP's net pot grossed up; PUSH; shows),
an undeclared encoding, and a broken document's PARSE_ERROR at its line and column."""

from __future__ import annotations

from pathlib import Path

from auditor import events as ev
from auditor.pipeline import HandAuditor
from auditor.read.split import RawHand, StrayText
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.results import FileSummary, HandResult, Status
from auditor.rooms import REGISTRY
from auditor.rooms.everest import EverestRoom
from tests.classified import as_replayed
from tests.corpus import CORPUS

ROOM = EverestRoom()
FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "everest"
SHOWDOWN = FIXTURE / "everest_returning_blind_all_in_showdown.txt"
PLO = CORPUS / "Everest/PLO/PLO-EUR-5-10-Unknown-Sample.txt"
HOLDEM = CORPUS / "Everest/HOLDEM_NLHE/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt"


def raw_hands(path: Path | str, text: str | None = None) -> list[RawHand | StrayText]:
    body = text if text is not None else Path(path).read_text(encoding="utf-8")
    return list(ROOM.split_file(body.splitlines(keepends=True), str(path)))


def events_of(path: Path) -> list[ev.Event]:
    """The hand's events, its chips lines (BET: the chips, no verb) as the replay tells them."""
    (raw,) = [h for h in raw_hands(path) if isinstance(h, RawHand)]
    return list(as_replayed(ROOM.reader().read(raw)).events)


def audited(path: Path) -> list[HandResult]:
    return list(HandAuditor().audit_file(str(path), FileSummary(source_file=path.name)))


def test_it_is_registered_and_sniffs_its_files_by_content(corpus: Path) -> None:
    assert isinstance(REGISTRY["everest"], EverestRoom)
    assert ROOM.sniff(PLO.read_text(encoding="utf-8"))
    assert not ROOM.sniff('<description type="Omaha"/>\n<game id="1-2" starttime="2011">')
    assert not ROOM.is_header('<HAND time="1291155932" id="6351562000" index="0">')


def test_game_id_table_of_a_hand_and_hold_em_skipped(corpus: Path) -> None:
    (raw,) = raw_hands(PLO)
    assert isinstance(raw, RawHand)
    assert (raw.first_line, raw.context[0][:9]) == (2, "<SESSION ")
    assert ROOM.game(raw) == "omaha-hi pot-limit" and ROOM.is_omaha(ROOM.game(raw))
    assert (ROOM.hand_id(raw), ROOM.table_name(raw)) == ("6351562000", "Toulouse-2")
    (holdem,) = raw_hands(HOLDEM)
    assert isinstance(holdem, RawHand)
    assert not ROOM.is_omaha(ROOM.game(holdem))  # "hold-em no-limit"
    assert [r.status for r in audited(HOLDEM)] == [Status.SKIPPED]


def test_the_start_stakes_and_time(corpus: Path) -> None:
    start = events_of(PLO)[0]
    assert isinstance(start, ev.HandStarted)
    stakes = (start.currency, start.scale, start.small_stake, start.big_stake)
    assert stakes == ("EUR", 100, 500, 1000)
    assert (str(start.started_at), start.time_zone) == ("2010-11-30 22:25:32", "UTC")  # epoch
    assert (start.button_seat, start.variant, start.span.line) == (1, "PLO", 2)
    decimal_comma = events_of(SHOWDOWN)[0]
    assert isinstance(decimal_comma, ev.HandStarted)
    assert (decimal_comma.small_stake, decimal_comma.big_stake) == (25, 50)  # "0,25 €/0,50 €"


def test_blinds_a_penalty_and_a_refused_blind() -> None:
    events = events_of(SHOWDOWN)
    posts = [(e.player, e.kind, e.amount) for e in events if isinstance(e, ev.Posted)]
    assert posts == [
        ("Ann", ev.PostKind.SMALL_BLIND, 25),
        ("Bob", ev.PostKind.BIG_BLIND, 50),
        ("Cid", ev.PostKind.SMALL_AND_BIG, 75),  # amount 50 live, penalty 25 dead
    ]
    seats = {e.player: e.sitting_out for e in events if isinstance(e, ev.SeatTaken)}
    assert seats["Dee"] and not seats["Cid"]  # XBLIND: no hole cards
    (status,) = [e for e in events if isinstance(e, ev.PlayerStatus)]
    assert (status.player, status.status) == ("Dee", ev.Status.SITS_OUT)


def test_hole_cards_one_element_per_card() -> None:
    dealt = {e.player: e.cards for e in events_of(SHOWDOWN) if isinstance(e, ev.Dealt)}
    assert [str(c) for c in dealt["Hero"]] == ["9d", "9c", "Jh", "Th"]  # "10h" is the ten
    assert dealt["Ann"] == ()  # "--": not shown


def test_bet_is_check_bet_call_or_raise_by_the_chips_before_it() -> None:
    kinds = [
        (type(e).__name__, e.player)
        for e in events_of(SHOWDOWN)
        if isinstance(e, ev.Checked | ev.Bet | ev.Called | ev.RaisedTo)
    ]
    assert kinds == [
        ("Checked", "Cid"),  # 0 with his live 50 in
        ("RaisedTo", "Hero"),
        ("Called", "Ann"),
        ("Called", "Bob"),
        ("Called", "Cid"),
        ("Checked", "Ann"),
        ("Bet", "Bob"),
        ("Called", "Cid"),
    ]
    (bet,) = [e for e in events_of(SHOWDOWN) if isinstance(e, ev.Bet)]
    assert (bet.amount, bet.all_in) == (800, True)  # allin="1"


def test_the_pot_its_rake_and_tax_and_the_end(corpus: Path) -> None:
    events = events_of(PLO)
    (pot,) = [e for e in events if isinstance(e, ev.SummaryPot)]
    # the last SWEEP: 17750 net of rake 150 and tax 100, of 18000 put in
    assert (pot.total, pot.rake, pot.fees) == (18000, 150, (("tax", 100),))
    tail = [type(e).__name__ for e in events[-4:]]
    assert tail == ["UncalledReturned", "SummaryPot", "NotShown", "Collected"]
    shows = [e for e in events_of(SHOWDOWN) if isinstance(e, ev.Shown | ev.Mucked)]
    assert [(type(e).__name__, e.player) for e in shows] == [("Shown", "Bob"), ("Mucked", "Cid")]


def test_the_hands_audit_clean_and_a_wrong_pot_is_found(corpus: Path) -> None:
    for path in (PLO, SHOWDOWN):
        assert [(r.status, r.findings) for r in audited(path)] == [(Status.AUDITED, ())]
    text = SHOWDOWN.read_text(encoding="utf-8")
    text = text.replace('amount="2325" pot="0"', 'amount="2425" pot="0"')
    (raw,) = [h for h in raw_hands("wrong.txt", text) if isinstance(h, RawHand)]
    findings = replay_hand(ROOM.reader().read(raw), load_profile("seeds")).findings
    assert [f.code for f in findings] == ["CHIPS_NOT_CONSERVED"]  # the rake paid out too


def test_an_undeclared_single_byte_encoding_is_read(corpus: Path, tmp_path: Path) -> None:
    cp1252 = tmp_path / "cp1252.xml"
    cp1252.write_bytes(PLO.read_text(encoding="utf-8").encode("cp1252"))  # "€" as 0x80
    (result,) = audited(cp1252)
    assert result.status is Status.AUDITED and result.hand is not None
    assert result.hand.start.currency == "EUR"


def test_a_broken_document_is_a_parse_error_at_its_line_and_column(tmp_path: Path) -> None:
    text = SHOWDOWN.read_text(encoding="utf-8")
    second = text.split("\n", 1)[1].replace('id="6351500001"', 'id="6351500002"')
    broken = text.replace('<BET position="1" amount="175"/>', '<BET position="1" amount="175">')
    path = tmp_path / "broken.txt"
    path.write_text(broken + second, encoding="utf-8")
    summary = FileSummary(source_file="broken.txt")
    first, other = HandAuditor().audit_file(str(path), summary)
    assert summary.hands_read == 2 and summary.hands_rejected == 1
    (error,) = first.findings
    # the BET left open on line 32 meets </HAND> on line 50: a mismatched tag there
    assert (error.code, error.source.line, error.source.column) == ("PARSE_ERROR", 50, 3)
    assert other.status is Status.AUDITED and other.hand_id == "6351500002"
