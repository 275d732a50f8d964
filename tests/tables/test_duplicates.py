"""A hand read twice: every row keyed to its record, copies flagged, sums true.

A folder holds the same hands four times: the file itself, an identical copy, a copy
whose headers give the start time in ET only (the room's export with the local zone in
front, "CET [ET]", against one without), and a copy with one action changed. Joins on
(run_id, hand_key) do not multiply rows, the README's profit query gives each player
the profit of the file read once, the copies are HAND_DUPLICATE (info) or
HAND_DUPLICATE_DIFFERS (error, naming the line), and the keys do not depend on the
number of workers.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any, BinaryIO

import duckdb
import pyarrow.parquet as pq
import pytest

from auditor.engines.chunks import Chunk, Segment
from auditor.engines.duplicates import Copy, DuplicateIndex, normalised_lines
from auditor.read.split import RawHand, split_hands
from auditor.run import run_audit
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "pokerstars"
BASE = (FIXTURES / "cancelled_cash_out_and_cut_short.txt").read_text(encoding="utf-8") + (
    "\n" + (FIXTURES / "one_bad_hand_in_three.txt").read_text(encoding="utf-8")
)
CHANGED_LINE = 20  # "Hero: calls $0.60" in hand 200000000008
BRACKETED = re.compile(r" - \S+ \S+ [A-Z]+ \[(\S+ \S+ ET)\]$", flags=re.M)
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROFIT_QUERY = re.search(r'# profit per player.*?duckdb\.sql\("""(.*?)"""\)', README, re.S)


def _write(folder: Path) -> dict[str, Path]:
    lines = BASE.split("\n")
    assert lines[CHANGED_LINE - 1] == "Hero: calls $0.60"
    changed = [*lines]
    changed[CHANGED_LINE - 1] = "Hero: calls $0.50"
    zone_only = BRACKETED.sub(r" - \1", BASE)
    assert zone_only != BASE
    texts = {
        "a_base.txt": BASE,
        "b_same.txt": BASE,
        "c_zone.txt": zone_only,
        "d_changed.txt": "\n".join(changed),
    }
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: folder / name for name in texts}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("duplicates")
    files = _write(root / "in")
    run_audit([str(root / "in")], root / "all", workers=1)
    run_audit([str(files["a_base.txt"])], root / "once", workers=1)
    return {"root": root, "all": root / "all", "once": root / "once"}


def _rows(out: Path, table: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = pq.read_table(out / table).to_pylist()
    return rows


def _sql(query: str) -> list[tuple[Any, ...]]:
    found = duckdb.sql(query)
    assert found is not None
    return found.fetchall()


def test_every_row_of_a_hand_carries_the_key_of_its_record(runs: dict[str, Path]) -> None:
    out = runs["all"]
    hands = _rows(out, "hands")
    places = {(h["source_file"], h["source_line"]) for h in hands}
    keys = {h["hand_key"] for h in hands}
    assert len(keys) == len(hands) == len(places)  # one key per record, not per hand id
    assert len({h["hand_id"] for h in hands}) == len(hands) // 4
    for table in ("seats", "actions", "pots", "awards"):
        rows = _rows(out, table)
        assert rows and {r["hand_key"] for r in rows} <= keys, table
    findings = _rows(out, "findings")
    assert all(f["hand_key"] is not None for f in findings)
    # the rejected hand has no hands row, but its PARSE_ERROR findings have their keys
    rejected = [f for f in findings if f["code"] == "PARSE_ERROR"]
    assert len(rejected) == 4 and len({f["hand_key"] for f in rejected}) == 4


def test_joins_on_the_hand_key_do_not_multiply_rows(runs: dict[str, Path]) -> None:
    out = runs["all"]
    seats = f"'{out}/seats/*.parquet'"
    hands = f"'{out}/hands/*.parquet'"
    (alone,) = _sql(f"select count(*) from {seats}")
    (keyed,) = _sql(f"select count(*) from {seats} s join {hands} h using (run_id, hand_key)")
    (by_id,) = _sql(f"select count(*) from {seats} s join {hands} h using (hand_id)")
    assert keyed == alone
    assert by_id[0] == 4 * alone[0]  # what the README's join on hand_id did


def _profit(out: Path) -> dict[str, tuple[float, int]]:
    assert PROFIT_QUERY is not None, "the README has no profit query"
    query = PROFIT_QUERY.group(1).replace("audit-2014-01", str(out))
    return {player: (profit, hands) for player, profit, hands in _sql(query)}


def test_the_readme_profit_query_gives_each_players_true_profit(runs: dict[str, Path]) -> None:
    once = _profit(runs["once"])
    assert once and any(profit for profit, _ in once.values())
    assert _profit(runs["all"]) == once
    # the copies are in the tables: summed without the README's exclusion, they count
    (naive,) = _sql(f"select sum(net) from '{runs['all']}/seats/*.parquet' where player = 'Hero'")
    assert naive[0] != once["Hero"][0] * 100


def _copies(out: Path) -> list[dict[str, Any]]:
    return [f for f in _rows(out, "findings") if f["code"].startswith("HAND_DUPLICATE")]


def test_identical_copies_and_copies_in_another_zone_are_info(runs: dict[str, Path]) -> None:
    out = runs["all"]
    firsts = {
        raw.hand_id: (index, raw.first_line)
        for index, raw in enumerate(_raw_hands(BASE), start=1)
    }
    assert len(firsts) == 6
    same = [f for f in _copies(out) if f["code"] == "HAND_DUPLICATE"]
    by_file: dict[str, set[str]] = {}
    for finding in same:
        assert finding["severity"] == "info"
        key, line = firsts[finding["hand_id"]]
        assert f"a_base.txt:{line} (hand_key {key})" in finding["message"]
        by_file.setdefault(Path(finding["source_file"]).name, set()).add(finding["hand_id"])
    assert by_file["b_same.txt"] == by_file["c_zone.txt"] == set(firsts)
    assert by_file["d_changed.txt"] == set(firsts) - {"200000000008"}
    assert "a_base.txt" not in by_file  # the first copy is not flagged


def test_a_changed_copy_is_an_error_naming_the_first_line_that_differs(
    runs: dict[str, Path],
) -> None:
    (differs,) = [f for f in _copies(runs["all"]) if f["code"] == "HAND_DUPLICATE_DIFFERS"]
    assert differs["severity"] == "error"
    assert Path(differs["source_file"]).name == "d_changed.txt"
    assert differs["source_line"] == CHANGED_LINE
    assert (differs["expected"], differs["recorded"]) == ("Hero: calls $0.60", "Hero: calls $0.50")
    assert f"line {CHANGED_LINE} of this copy differs" in differs["message"]
    hands = _rows(runs["all"], "hands")
    at = {(Path(h["source_file"]).name, h["source_line"]): h["hand_key"] for h in hands}
    assert differs["hand_key"] == at[("d_changed.txt", 10)]
    assert "(hand_key 2)" in differs["message"]


def _raw_hands(text: str) -> list[RawHand]:
    return [h for h in split_hands(text.split("\n"), "x") if isinstance(h, RawHand)]


@pytest.mark.slow
def test_hand_keys_are_the_same_for_one_worker_and_two(runs: dict[str, Path]) -> None:
    two = runs["root"] / "two"
    run_audit([str(runs["root"] / "in")], two, workers=2, chunk_hands=4)

    def keyed(out: Path) -> tuple[list[tuple[Any, ...]], ...]:
        hands = [(h["hand_key"], h["source_file"], h["source_line"]) for h in _rows(out, "hands")]
        seats = [(s["hand_key"], s["player"], s["net"]) for s in _rows(out, "seats")]
        findings = [
            (f["hand_key"], f["code"], f["source_file"], f["source_line"], f["message"])
            for f in _rows(out, "findings")
        ]
        return sorted(hands), sorted(seats, key=repr), sorted(findings)

    assert keyed(two) == keyed(runs["all"])


def test_whole_file_findings_have_no_key(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    # a hand history in a layout no room reads: one FORMAT_UNSUPPORTED for the file
    unread = "Homegame Deal #12 - Omaha Pot Limit\nann posts small blind 1\nbob folds\n"
    (folder / "homegame.txt").write_text(unread, encoding="utf-8")
    (folder / "stray.txt").write_text("exported by a tracker\n\n" + BASE, encoding="utf-8")
    run_audit([str(folder)], tmp_path / "out", workers=1)
    findings = _rows(tmp_path / "out", "findings")
    whole = [f for f in findings if f["code"] in ("FORMAT_UNSUPPORTED", "TEXT_OUTSIDE_HAND")]
    assert {f["code"] for f in whole} == {"FORMAT_UNSUPPORTED", "TEXT_OUTSIDE_HAND"}
    assert all(f["hand_key"] is None for f in whole)
    assert all(f["hand_key"] is not None for f in findings if f not in whole)


def test_cross_hand_findings_carry_the_key_of_their_hand(tmp_path: Path, corpus: Path) -> None:
    source = corpus / "PokerStars" / "PLO8" / "PLO8-6max-USD-0.01-0.02-200911.txt"
    hands = [list(h.lines) for h in _raw_hands(source.read_text(encoding="utf-8-sig"))]
    moved = hands[7]
    button = int(moved[1].split("Seat #")[1].split()[0])
    seats = [int(line.split()[1].rstrip(":")) for line in moved if line.startswith("Seat ")]
    other = next(seat for seat in seats if seat != button)
    moved[1] = moved[1].replace(f"Seat #{button} ", f"Seat #{other} ")
    (tmp_path / "moved.txt").write_text("\n\n".join("\n".join(h) for h in hands) + "\n")
    out = tmp_path / "out"
    run_audit([str(tmp_path / "moved.txt")], out, workers=1)
    keys = {h["hand_key"]: h for h in _rows(out, "hands")}
    cross = [f for f in _rows(out, "findings") if f["code"] == "BUTTON_WRONG"]
    assert cross
    for finding in cross:
        assert keys[finding["hand_key"]]["hand_id"] == finding["hand_id"]
    assert any(f["hand_id"] == RawHand("", 0, (moved[0],)).hand_id for f in cross)


def test_the_corpus_pairs_are_found(tmp_path: Path, corpus: Path) -> None:
    """Two hands of the corpus are in two files each: once the same record, once with a
    player's name changed (one source's test file renames him)."""
    stars = corpus / "PokerStars"
    latona = "HH20251130.Latona.V.-.0.10-.0.25.-.USD.Pot.Limit.5.Card.Omaha.Hi-Lo.txt"
    files = [
        stars / "PLO5-8" / latona,
        stars / "PLO5-8" / "PLO5-Hi-Lo-USD-0.10-0.25-issue137.txt",
        stars / "PLO8" / "StrangePlayerNames.txt",
        stars / "PLO8" / "UncalledBet.txt",
    ]
    run_audit([str(f) for f in files], tmp_path / "out", workers=1)
    found = {
        (f["code"], f["hand_id"], Path(f["source_file"]).name, f["source_line"]): f
        for f in _copies(tmp_path / "out")
    }
    assert set(found) == {
        ("HAND_DUPLICATE", "258721013274", files[1].name, 1),
        ("HAND_DUPLICATE_DIFFERS", "109716666902", "UncalledBet.txt", 3),
    }
    differs = found[("HAND_DUPLICATE_DIFFERS", "109716666902", "UncalledBet.txt", 3)]
    assert differs["expected"].rstrip() == "Seat 1: wo_ooly :D ($123.54 in chips)"
    assert differs["recorded"].rstrip() == "Seat 1: Beeethoven87 ($123.54 in chips)"


def test_a_first_copy_from_stdin_cannot_be_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = BASE.replace("Hero: calls $0.60", "Hero: calls $0.50")
    (tmp_path / "changed.txt").write_text(changed, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BASE.encode("utf-8"))))
    run_audit(["-", str(tmp_path / "changed.txt")], tmp_path / "out", workers=1)
    (differs,) = [f for f in _copies(tmp_path / "out") if f["code"] == "HAND_DUPLICATE_DIFFERS"]
    assert "<stdin>:10" in differs["message"] and "could not be read again" in differs["message"]


def test_start_times_in_any_zone_the_room_writes_are_the_same_record() -> None:
    headers = [
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/01/01 1:00:00 CET "
        "[2013/12/31 19:00:00 ET]",
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2013/12/31 19:00:00 ET",
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/01/01 1:00:00 CET",
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/01/01 0:00:00 UTC   ",
        "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2013/12/31 16:00:00 PT "
        "[2013/12/31 19:00:00 ET]",
    ]
    assert len({normalised_lines(h)[0] for h in headers}) == 1
    later = "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2013/12/31 19:00:01 ET"
    assert normalised_lines(later) != normalised_lines(headers[1])
    # trailing spaces aside, a line is compared as written
    assert normalised_lines("a \nb") == normalised_lines("a\nb")
    assert normalised_lines("a\nb") != normalised_lines("a\nB")


def _never_opened(name: str) -> BinaryIO:
    raise AssertionError(f"{name} opened again, but no copy differs")


def test_the_index_finds_copies_past_its_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Far more hands than the index's page cache holds: copies are still found, once."""
    monkeypatch.setattr("auditor.engines.duplicates.CACHE_KB", 64)
    header = "PokerStars Hand #{}:  Omaha Pot Limit ($1/$2 USD) - 2014/01/01 1:00:00 ET"
    body = "\nTable 'T' 6-max Seat #1 is the button\nSeat 1: A ($200 in chips)"
    hands = 20_000
    index = DuplicateIndex()
    key = 1
    for start in range(0, hands, 500):
        texts = tuple(header.format(n) + body for n in range(start, start + 500))
        index.add_chunk(Chunk("auto", (Segment("f.txt", tuple(range(1, 501)), texts, key),)))
        key += 500
    again = tuple(header.format(n) + body for n in (3, 19_999))
    index.add_chunk(Chunk("auto", (Segment("g.txt", (1, 5), again, key),)))
    found = list(index.findings(_never_opened))
    index.close()
    assert [(f.hand_id, f.hand_key, f.code) for f in found] == [
        ("3", hands + 1, "HAND_DUPLICATE"),
        ("19999", hands + 2, "HAND_DUPLICATE"),
    ]


def test_a_copy_cut_short_is_said_to_end_early() -> None:
    lines = BASE.split("\n\n")[1].split("\n")  # hand 200000000008, lines 10 to 33
    copy = Copy(9, "200000000008", "cut.txt", 1, 2, "a.txt", 10)
    found = copy.differing("\n".join(lines[:12]), "\n".join(lines))
    assert found.code == "HAND_DUPLICATE_DIFFERS" and found.hand_key == 9
    assert "this copy ends at line 12; the first goes on" in found.message
    assert (found.source.file, found.source.line) == ("cut.txt", 12)
    assert (found.expected, found.recorded) == (lines[12], "(no line)")


def test_a_start_time_at_the_calendar_s_edge_is_compared_as_written() -> None:
    """Year 1 in UTC has no ET instant (it would fall before year 1): the header is kept
    as written, never a crash of the run (found by the mutation fuzzer)."""
    from auditor.engines.duplicates import normalised

    header = "PokerStars Hand #1:  Omaha Pot Limit ($2/$4 USD) - 0001/01/01 00:00:00 UTC"
    assert normalised(header + "\nTable 'x'") == header + "\nTable 'x'"
