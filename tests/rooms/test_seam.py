"""The rooms seam: a room registered from a test is read, routed and audited end to end;
--format picks rooms by the registry's names; files and hands are routed by content."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor import rooms
from auditor.api import audit_text, load
from auditor.cli import main
from auditor.findings import Code
from auditor.pipeline import HandAuditor
from auditor.results import Status
from auditor.rooms import REGISTRY, Room
from auditor.run import run_audit
from tests.corpus import ROOT
from tests.rooms.tally import TALLY_HANDS, TallyRoom

STARS_HAND = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text()


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> TallyRoom:
    """The tally room, registered for this test only."""
    room = TallyRoom()
    monkeypatch.setitem(rooms.REGISTRY, room.name, room)
    return room


def test_a_room_registered_from_a_test_is_audited_end_to_end(
    tally: TallyRoom, tmp_path: Path
) -> None:
    source = tmp_path / "oak.tally"
    source.write_text(TALLY_HANDS, encoding="utf-8")
    summary = run_audit([str(source)], tmp_path / "out", workers=1)
    (file,) = summary.files
    assert (file.hands_read, file.hands_audited, file.hands_skipped, file.hands_rejected) == (
        5,
        3,
        1,
        1,
    )
    assert file.format == "tally" and file.room == "Tally"
    assert file.skipped_games == {"Hold'em No Limit": 1}
    assert summary.findings_by_code[Code.RAISE_TOO_SMALL] == 1
    assert summary.findings_by_code[Code.PARSE_ERROR] == 1
    tables = load(tmp_path / "out")
    assert list(tables["files"]["format"].astype(str)) == ["tally"]
    actions = tables["actions"]
    assert set(actions["hand_id"].astype(str)) == {"1", "2", "4"}
    raise_row = actions[(actions["hand_id"] == "4") & (actions["action"] == "raise")]
    assert list(raise_row["player"].astype(str)) == ["ann"]
    # --rules auto: the room's own profile for its site
    assert HandAuditor().profile_key("Tally") == "tda"
    assert tables["hands"]["profile"].astype(str).unique().tolist() == ["tda"]


def test_without_the_room_its_file_is_not_read(tmp_path: Path) -> None:
    source = tmp_path / "oak.tally"
    source.write_text(TALLY_HANDS, encoding="utf-8")
    summary = run_audit([str(source)], tmp_path / "out", workers=1)
    (file,) = summary.files
    assert file.hands_read == 0 and file.format == "unsupported"
    assert summary.findings_by_code == {"FORMAT_UNSUPPORTED": 1}


def _bundled() -> list[str]:
    """The bundled rooms' names, in the registry's order (pokerstars first)."""
    return [name for name in rooms.names() if name != "tally"]


def test_format_choices_come_from_the_registry(
    tally: TallyRoom, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # every registered room, in the registry's order (the bundled ones, then tally)
    names = ("auto", *rooms.names())
    assert names[:3] == ("auto", "pokerstars", "ggpoker") and names[-1] == "tally"
    with pytest.raises(SystemExit) as shown:
        main(["audit", "--help"])
    assert shown.value.code == 0
    assert "{" + ",".join(names) + "}" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["audit", "--format", "partypoker", "--out", str(tmp_path / "o")])
    assert refused.value.code == 2
    error = capsys.readouterr().err
    assert "partypoker" in error and ", ".join(f"'{n}'" for n in names) in error
    with pytest.raises(rooms.UnknownFormat, match=", ".join(names)):
        run_audit([], tmp_path / "o", format="partypoker")
    with pytest.raises(rooms.UnknownFormat):
        HandAuditor(format="partypoker")


def test_formats_command_lists_the_registry(
    tally: TallyRoom, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["formats"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split(":", 1)[0] for line in listed] == list(rooms.names())  # tally last
    assert "the tests' own tally layout" in listed[-1] and "tda" in listed[-1]


def test_a_forced_format_reads_that_room_only(tally: TallyRoom, tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(TALLY_HANDS + "\n\n" + STARS_HAND, encoding="utf-8")
    summary = run_audit([str(mixed)], tmp_path / "out", workers=1, format="pokerstars")
    (file,) = summary.files
    assert file.format == "pokerstars" and file.hands_read == 1  # the tally text: stray
    assert summary.findings_by_code[Code.TEXT_OUTSIDE_HAND] == 1
    only_tally = [r.format for r in audit_text(TALLY_HANDS + STARS_HAND, format="tally")]
    assert only_tally == ["tally"] * 5  # the PokerStars lines: the last tally hand's


def test_hands_are_routed_one_by_one_in_a_mixed_file(tally: TallyRoom, tmp_path: Path) -> None:
    results = audit_text(STARS_HAND + "\n" + TALLY_HANDS + "\n" + STARS_HAND)
    stars = STARS_HAND.count("PokerStars Hand #")
    assert [r.format for r in results] == ["pokerstars"] * stars + ["tally"] * 5 + [
        "pokerstars"
    ] * stars
    assert [r.status for r in results[stars : stars + 5]] == [
        Status.AUDITED,
        Status.AUDITED,
        Status.SKIPPED,
        Status.AUDITED,
        Status.REJECTED,
    ]
    # the same, through a run in chunks of two hands, and files routed each by its own
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(STARS_HAND + "\n" + TALLY_HANDS, encoding="utf-8")
    (folder / "b.txt").write_text(TALLY_HANDS, encoding="utf-8")
    (folder / "c.txt").write_text(STARS_HAND, encoding="utf-8")
    summary = run_audit([str(folder)], tmp_path / "out", workers=1, chunk_hands=2)
    formats = {Path(f.source_file).name: f.format for f in summary.files}
    assert formats == {"a.txt": "pokerstars+tally", "b.txt": "tally", "c.txt": "pokerstars"}
    assert summary.hands_read == 2 * stars + 10
    assert summary.hands_audited + summary.hands_skipped + summary.hands_rejected == (
        summary.hands_read
    )


def test_sniffed_rooms_are_tried_first(tally: TallyRoom) -> None:
    both = rooms.choose()
    sniffed = [r.name for r in rooms.sniffed(TALLY_HANDS, both)]
    names = rooms.names()  # the bundled rooms in the registry's order, then tally
    assert sniffed == ["tally", *[n for n in names if n != "tally"]]
    stars_first = ["pokerstars", *[n for n in names if n != "pokerstars"]]
    assert [r.name for r in rooms.sniffed(STARS_HAND, both)] == stars_first


def test_replay_shows_a_hand_of_a_registered_room(
    tally: TallyRoom, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "oak.tally"
    source.write_text(TALLY_HANDS, encoding="utf-8")
    assert main(["replay", str(source), "--hand", "4", "--format", "tally"]) == 1
    shown = capsys.readouterr().out
    assert "hand 4  Tally" in shown and "profile tda" in shown and "RAISE_TOO_SMALL" in shown


@pytest.mark.parametrize("room", list(REGISTRY.values()), ids=lambda room: room.name)
def test_each_room_declares_what_the_defaults_read(room: Room) -> None:
    """A room's header shape, reader and the rest are data on the room (issue 23, item 4):
    the defaults read them, so a room that overrides none of a method's declarations
    must declare them, and a declared reader must import and read."""
    kind = type(room)
    own = {name for cls in kind.__mro__[:-2] for name in vars(cls)}  # the room's, not Room's
    if not {"sniff", "is_header"} <= own:
        assert kind.header_pattern, f"{room.name}: neither header_pattern nor sniff/is_header"
    if "reader" not in own:
        module = kind.reader_class.partition(":")[0]
        assert module.startswith(f"auditor.rooms.{type(room).__module__.split('.')[2]}."), module
        assert callable(getattr(room.reader(), "read", None))
    if "game" not in own:
        assert kind.game_in is not None, f"{room.name}: neither game_in nor game()"
