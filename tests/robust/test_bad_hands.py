"""One bad hand never stops a run (issue 10, items 4-8 and 21, and the per-hand guard).

Each case damages one real hand of the fixtures and puts it between two good copies of
the same hand; the audit must go through the command line without an exception, write
every table, reject the damaged hand with the expected finding on the damaged line, and
audit the two good ones (hands read = audited + skipped + rejected).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

import auditor.engines.chunks as chunks
import auditor.pipeline as pipeline
import auditor.replay.continuity as continuity
from auditor.api import load
from auditor.cli import main
from auditor.tables.rows import RowBuilder

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars"
CASH = FIXTURES / "cash_plo_every_line.txt"  # one hand, #200000000001, every kind of line
SHOWDOWN = FIXTURES / "one_bad_hand_in_three.txt"  # #200000000012: a showdown, no all-in

GOOD_IDS = ("300000000001", "300000000003")
BAD_ID = "300000000002"


def _hand(path: Path, source_id: str, new_id: str) -> list[str]:
    """The lines of hand ``source_id`` of ``path``, renumbered ``new_id``."""
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        if lines[0].startswith("PokerStars Hand #" + source_id):
            return [lines[0].replace(source_id, new_id), *lines[1:]]
    raise LookupError(source_id)


Damage = Callable[[list[str]], tuple[list[str], int]]
"""Damages a hand's lines; gives them back with the index of the line to be reported."""


def _replace(old: str, new: str) -> Damage:
    def damage(lines: list[str]) -> tuple[list[str], int]:
        at = next(i for i, line in enumerate(lines) if old in line)
        return [*lines[:at], lines[at].replace(old, new), *lines[at + 1 :]], at

    return damage


def _duplicate_line(prefix: str) -> Damage:
    def damage(lines: list[str]) -> tuple[list[str], int]:
        at = next(i for i, line in enumerate(lines) if line.startswith(prefix))
        return [*lines[: at + 1], lines[at], *lines[at + 1 :]], at + 1

    return damage


def _header_only(old: str, new: str) -> Damage:
    def damage(lines: list[str]) -> tuple[list[str], int]:
        return [lines[0].replace(old, new)], 0

    return damage


def _twenty_seats(lines: list[str]) -> tuple[list[str], int]:
    last_seat = max(i for i, line in enumerate(lines[:10]) if line.startswith("Seat "))
    extra = [f"Seat {n}: player {n} ($10 in chips)" for n in range(7, 21)]
    return [*lines[: last_seat + 1], *extra, *lines[last_seat + 1 :]], last_seat + 1


def _huge_pot(lines: list[str]) -> tuple[list[str], int]:
    """Stacks that fit int64 each, and a pot of two of them that does not."""
    big = "$50000000000000000"
    damaged = [
        line.replace("($100 in chips)", f"({big} in chips)")
        .replace("($99 in chips)", f"({big} in chips)")
        .replace("($101 in chips)", f"({big} in chips)")
        .replace("a: calls $0.50", f"a: raises $49999999999999999 to {big} and is all-in")
        .replace("b: checks", "b: calls $49999999999999999 and is all-in", 1)
        for line in lines
    ]
    return damaged, 0


@dataclass(frozen=True)
class Case:
    name: str
    base: Path
    source_id: str
    damage: Damage
    code: str


CASES = [
    # 4: an amount beyond int64 in the hand's minor unit
    Case(
        "4-stack-beyond-int64",
        CASH,
        "200000000001",
        _replace("Ann Lee ($100 in chips)", "Ann Lee ($99999999999999999.99 in chips)"),
        "AMOUNT_OUT_OF_RANGE",
    ),
    Case(
        "4-bet-beyond-int64",
        CASH,
        "200000000001",
        _replace("Ann Lee: bets $20", "Ann Lee: bets $99999999999999999.99"),
        "AMOUNT_OUT_OF_RANGE",
    ),
    Case("4-pot-beyond-int64", SHOWDOWN, "200000000012", _huge_pot, "AMOUNT_OUT_OF_RANGE"),
    # 5: a seat number or a table size the int16 columns cannot hold
    Case(
        "5-seat-40000",
        CASH,
        "200000000001",
        _replace("Seat 6: frank", "Seat 40000: frank"),
        "SEAT_INVALID",
    ),
    Case("5-99999-max", CASH, "200000000001", _replace("6-max", "99999-max"), "SEAT_INVALID"),
    Case(
        "5-button-40000",
        CASH,
        "200000000001",
        _replace("Seat #2 is the button", "Seat #40000 is the button"),
        "SEAT_INVALID",
    ),
    # 6: a date the time-zone conversion cannot hold
    Case(
        "6-year-9999",
        CASH,
        "200000000001",
        _replace("2020/03/14 21:05:09 CET [2020/03/14 16:05:09 ET]", "9999/12/31 23:59:59 ET"),
        "PARSE_ERROR",
    ),
    # 7: a seat line written twice
    Case("7-seat-twice", SHOWDOWN, "200000000012", _duplicate_line("Seat 1: a"), "SEAT_INVALID"),
    Case(
        "7-player-twice",
        SHOWDOWN,
        "200000000012",
        _replace("Seat 2: b ($101 in chips)", "Seat 2: a ($101 in chips)"),
        "SEAT_INVALID",
    ),
    # 8: a header-only hand with an impossible date or amount
    Case(
        "8-header-only-date", CASH, "200000000001", _header_only("2020/03/14", "2020/13/45"),
        "PARSE_ERROR",
    ),
    Case(
        "8-header-only-amount", CASH, "200000000001", _header_only("$0.50/", "$0.505/"),
        "PARSE_ERROR",
    ),
    Case(
        "8-header-only-huge",
        CASH,
        "200000000001",
        _header_only("$0.50/", "$99999999999999999.99/"),
        "AMOUNT_OUT_OF_RANGE",
    ),
    Case(
        "8-full-hand-date", CASH, "200000000001", _replace("2020/03/14 21", "2020/13/45 21"),
        "PARSE_ERROR",
    ),
    # 21: seats beyond the table's size
    Case("21-twenty-seats-at-6-max", CASH, "200000000001", _twenty_seats, "SEAT_INVALID"),
]


def _three_hands(case: Case, folder: Path) -> tuple[Path, int]:
    """good, bad, good in one file; the file and the line the finding must name."""
    good = [_hand(case.base, case.source_id, hand_id) for hand_id in GOOD_IDS]
    bad, at = case.damage(_hand(case.base, case.source_id, BAD_ID))
    path = folder / f"{case.name}.txt"
    path.write_text("\n\n".join("\n".join(h) for h in (good[0], bad, good[1])) + "\n", "utf-8")
    return path, len(good[0]) + 2 + at


def _audit(path: Path, out: Path, exits: tuple[int, ...] = (0, 1)) -> dict[str, pd.DataFrame]:
    """The tables of an audit of ``path``; its exit code one of ``exits`` (findings or
    none: never a usage error; 3 only where an INTERNAL_ERROR is made on purpose)."""
    code = main(["audit", str(path), "--out", str(out)])
    assert code in exits
    return load(out)


def _assert_counts(tables: dict[str, pd.DataFrame], audited: int, rejected: int) -> None:
    files = tables["files"]
    assert len(files) == 1
    row = files.iloc[0]
    assert row.hands_read == audited + rejected
    assert row.hands_audited == audited
    assert row.hands_rejected == rejected
    assert row.hands_skipped == 0


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_one_bad_hand_is_rejected_and_the_file_goes_on(case: Case, tmp_path: Path) -> None:
    path, line = _three_hands(case, tmp_path)
    tables = _audit(path, tmp_path / "out")
    _assert_counts(tables, audited=2, rejected=1)
    assert sorted(tables["hands"].hand_id) == sorted(GOOD_IDS)
    # the rejected hand has no rows but its finding
    for table in ("seats", "actions", "pots", "awards"):
        assert BAD_ID not in set(tables[table].hand_id), table
    found = tables["findings"]
    bad = found[found.hand_id == BAD_ID]
    assert list(bad.code) == [case.code], bad[["code", "message"]].to_string()
    assert bad.iloc[0].source_line == line
    assert bad.iloc[0].severity == "error"
    assert not (found.code == "INTERNAL_ERROR").any()


def test_a_seat_numbered_beyond_the_table_is_a_finding_on_an_audited_hand(
    tmp_path: Path,
) -> None:
    """Six players at a 6-max table, one of them in 'seat 9' (converters renumber seats):
    the hand can be replayed, so it is audited, with SEAT_INVALID on that seat's line."""
    case = Case(
        "21-seat-9-at-6-max",
        CASH,
        "200000000001",
        _replace("Seat 6: frank", "Seat 9: frank"),
        "SEAT_INVALID",
    )
    path, line = _three_hands(case, tmp_path)
    tables = _audit(path, tmp_path / "out")
    _assert_counts(tables, audited=3, rejected=0)
    found = tables["findings"]
    seat = found[(found.hand_id == BAD_ID) & (found.code == "SEAT_INVALID")]
    assert list(seat.source_line) == [line]
    assert "seat 9 of a 6-max table" in seat.iloc[0].message
    assert set(found[found.hand_id != BAD_ID].code) <= {"STACK_CONTINUITY", "BUTTON_WRONG"}


def _internal_error_file(tmp_path: Path) -> Path:
    """Three hands at one table, a minute apart, the second and third starting with the
    stacks the first ended with, and the button never moving: the first and second are
    consecutive (and the second's button is wrong), and so would be the first and third
    if the second were not there."""
    first = _hand(SHOWDOWN, "200000000010", GOOD_IDS[0])
    later = [
        [
            line.replace("6:54:48", time)
            .replace("a ($100 in chips)", "a ($99.50 in chips)")
            .replace("b ($100 in chips)", "b ($100.50 in chips)")
            for line in _hand(SHOWDOWN, "200000000010", hand_id)
        ]
        for hand_id, time in ((BAD_ID, "6:55:48"), (GOOD_IDS[1], "6:56:48"))
    ]
    path = tmp_path / "three.txt"
    path.write_text("\n\n".join("\n".join(h) for h in (first, *later)) + "\n", "utf-8")
    return path


HEADER_LINE = len(_hand(SHOWDOWN, "200000000010", GOOD_IDS[0])) + 2
"""The second hand's header line in that file."""


def _cross_hand(tables: dict[str, pd.DataFrame]) -> int:
    codes = tables["findings"].code
    return int(codes.isin(["STACK_CONTINUITY", "BUTTON_WRONG"]).sum())


def test_three_hands_at_a_table_are_cross_hand_neighbours(tmp_path: Path) -> None:
    """The baseline of the guard tests below: with every hand audited, the second hand's
    button is found wrong; with the second rejected, the third must not be compared with
    the first (a rejected hand is a gap in its table)."""
    tables = _audit(_internal_error_file(tmp_path), tmp_path / "out")
    _assert_counts(tables, audited=3, rejected=0)
    assert _cross_hand(tables) == 1


def _assert_internal_error(tables: dict[str, pd.DataFrame], kind: str, line: int) -> None:
    _assert_counts(tables, audited=2, rejected=1)
    assert sorted(tables["hands"].hand_id) == sorted(GOOD_IDS)
    for table in ("seats", "actions", "pots", "awards"):
        assert BAD_ID not in set(tables[table].hand_id), table
    found = tables["findings"]
    bad = found[found.hand_id == BAD_ID]
    assert list(bad.code) == ["INTERNAL_ERROR"]
    finding = bad.iloc[0]
    assert finding.severity == "error"
    assert finding.source_line == line  # the hand's header
    assert kind in finding.message and "boom" in finding.message and BAD_ID in finding.message
    # the rejected hand is a gap in its table: the hands either side are never neighbours
    assert _cross_hand(tables) == 0


@pytest.mark.parametrize("stage", ["replay_hand", "settle_hand"])
def test_an_exception_in_the_audit_of_one_hand_is_an_internal_error(
    stage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = getattr(pipeline, stage)

    def failing(hand: object, *args: object) -> object:
        if hand.start.hand_id == BAD_ID:  # type: ignore[attr-defined]
            raise ZeroDivisionError("boom")
        return real(hand, *args)

    monkeypatch.setattr(pipeline, stage, failing)
    path = _internal_error_file(tmp_path)
    tables = _audit(path, tmp_path / "out", exits=(3,))
    _assert_internal_error(tables, "ZeroDivisionError", HEADER_LINE)


def test_rows_of_a_hand_are_added_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure half-way through a hand's rows (its seats and actions are built, its hand
    row is not) leaves none of them in the tables."""
    real = RowBuilder._add

    def failing(self: RowBuilder, table: str, row: dict[str, object]) -> None:
        if table == "hands" and row["hand_id"] == BAD_ID:
            raise KeyError("boom")
        real(self, table, row)

    monkeypatch.setattr(RowBuilder, "_add", failing)
    path = _internal_error_file(tmp_path)
    tables = _audit(path, tmp_path / "out", exits=(3,))
    _assert_internal_error(tables, "KeyError", HEADER_LINE)


def test_a_failing_cross_hand_record_rejects_its_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = continuity.table_hand

    def failing(hand: object, *args: object) -> object:
        if hand.start.hand_id == BAD_ID:  # type: ignore[attr-defined]
            raise ValueError("boom")
        return real(hand, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(chunks, "table_hand", failing)
    tables = _audit(_internal_error_file(tmp_path), tmp_path / "out", exits=(3,))
    _assert_internal_error(tables, "ValueError", HEADER_LINE)


def test_a_failing_cross_hand_check_is_an_internal_error_of_its_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The button and stack checks of a table run after its hands: a failure there is
    one INTERNAL_ERROR at the table's first hand, and the run and its counts go on."""

    def failing(hands: object, profile: object) -> object:
        raise IndexError("boom")

    monkeypatch.setattr(chunks, "continuity_findings", failing)
    tables = _audit(_internal_error_file(tmp_path), tmp_path / "out", exits=(3,))
    _assert_counts(tables, audited=3, rejected=0)
    assert len(tables["hands"]) == 3
    found = tables["findings"]
    internal = found[found.code == "INTERNAL_ERROR"]
    assert list(internal.hand_id) == [GOOD_IDS[0]]
    assert list(internal.source_line) == [2]  # the first hand's table line
    assert "IndexError: boom" in internal.iloc[0].message
