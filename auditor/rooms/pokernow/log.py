"""Poker Now's CSV game logs split into hands, in play order.

A log (``entry,at,order``) is one table's whole session, written NEWEST ROW FIRST. Each
hand gets its rows in play order, the cards shown after its ending row, before them its
lead-ins (the rows since the last hand), after the log's last hand the closing rows; and
a context: the table (``poker_now_log_<game id>.csv``) and the blinds then in force
(before the first "The game's big blind was changed from 3 to 4.": its "from" value).
The rows are spooled a block at a time to a temporary file and read back in play order:
a hand's line i (play order) is the log's line ``first_line - i``.
"""

from __future__ import annotations

import csv
import re
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import PurePath
from typing import IO

from auditor.read.split import STRAY_KEPT, RawHand, StrayText
from auditor.rooms.pokernow.games import HEADER_START, STACK_SEAT, row

SITE = "Poker Now"
COLUMNS = "entry,at,order"
MAX_SEATS = 10  # a Poker Now table seats ten ("#10" in the stacks rows)
_ENDING = "-- ending hand #"
_HEADER_ROW = '"' + HEADER_START
_SETTING = "The game's "  # The game's small blind was changed from 10 to 1.
_BETWEEN, _HAND = 0, 1
# cards shown and "Undealt cards: ..." after the hand's ending row: the hand's, not the next
_SHOWS = re.compile(r'"(?:""[^\n]* @ [A-Za-z0-9_-]+"" shows a |Undealt cards)')
# index of a spooled block: where it is, its kind, the log line of its newest row
_Block = tuple[int, int, int, int]
_BLIND = re.compile(r'"""[^\n]* @ [A-Za-z0-9_-]+"" posts a (?:small|big) blind of ')
_POSTER = re.compile(r'"(?P<player>[^\n]*? @ [A-Za-z0-9_-]+)" posts ')
_Row = tuple[int, str, str, int]  # log line, line text, entry, order


def split_log(lines: Iterable[str], file: str, room: str) -> Iterator[RawHand | StrayText]:
    """The hands of a log (``lines``, newest row first) in play order, and its stray text."""
    with tempfile.TemporaryFile() as spool:
        blocks, settings = _spool(lines, spool)
        yield from _in_play_order(blocks, settings, spool, file, room)


def header_at(raw: RawHand) -> int:
    """Where the hand's header row is among its lines; a hand rebuilt from its text (-1:
    a run's chunk, the duplicates' second reading): its first "-- starting hand" row."""
    if raw.header_index >= 0:
        return raw.header_index
    return next((at for at, line in enumerate(raw.lines) if line.startswith(_HEADER_ROW)), 0)


def context_value(context: tuple[str, ...], key: str) -> str:
    """A value of the session context (``table=...``, ``big blind=...``): "" if none."""
    return next((v for k, _, v in (item.partition("=") for item in context) if k == key), "")


def table_of(file: str) -> str:
    """The table of a log: its file name without ``poker_now_log_`` and ``.csv``."""
    stem = PurePath(file.replace("\\", "/")).stem
    return stem.removeprefix("poker_now_log_")


def _rows(lines: Iterable[str]) -> Iterator[_Row | tuple[int, str]]:
    """The log's rows: (line, text, entry, order), or (line, text) for a line that is no
    row (a quoted entry may span lines: its row is then its lines joined by a space)."""
    raw: list[str] = []

    def feed() -> Iterator[str]:
        for line in lines:
            raw.append(line)
            yield line

    reader = csv.reader(feed())
    number = 0  # the last physical line read
    try:
        for fields in reader:
            first, number = number + 1, reader.line_num
            if len(raw) == 1:  # the usual row: one line
                text = raw[0].rstrip("\r\n")
            else:
                text = " ".join(line.rstrip("\r\n") for line in raw)
            raw.clear()
            if len(fields) == 3 and fields[2].isdigit():
                yield first, text, fields[0], int(fields[2])
                continue
            text = text.lstrip("\ufeff")
            if (first == 1 and text == COLUMNS) or not text.strip():
                continue
            yield first, text  # no row of a log: stray text
    except csv.Error:  # a quote never closed: the rest of the file is no row
        if raw:
            yield number + 1, " ".join(line.rstrip("\r\n") for line in raw[:STRAY_KEPT])


def _spool(
    lines: Iterable[str], spool: IO[bytes]
) -> tuple[list[_Block | tuple[int, str]], list[tuple[int, str, str, str]]]:
    """Write the log's rows to ``spool`` block by block (in log order: newest first);
    return the blocks' index (and stray lines in place) and the blind changes."""
    blocks: list[_Block | tuple[int, str]] = []
    settings: list[tuple[int, str, str, str]] = []  # (order, what, from, to)
    block: list[_Row] = []

    def flush(kind: int) -> None:
        if block:
            data = "\n".join(f"{r[0]}\t{r[3]}\t{r[1]}" for r in block).encode("utf-8")
            blocks.append((spool.tell(), len(data), kind, block[0][0]))
            spool.write(data)
            block.clear()

    for item in _rows(lines):
        if len(item) == 2:
            blocks.append(item)
            continue
        _, _, entry, order = item
        if entry.startswith(_ENDING):
            flush(_BETWEEN)  # newer rows than this hand's: the next hand's lead-ins
            block.append(item)
        elif entry.startswith(HEADER_START):
            block.append(item)
            flush(_HAND)
        else:
            if entry.startswith(_SETTING):
                found = _setting(entry)
                if found is not None:
                    settings.append((order, *found))
            block.append(item)
    flush(_BETWEEN)
    return blocks, settings


def _small_blind_seat(lines: Iterable[str]) -> int:
    """The seat of the hand's small blind (0: none, or no stacks row). A "Dead Small Blind"
    hand's is empty: every seat between the button and the big blind is (else its player
    would post it), so the one just before the big blind's stands for it."""
    seats: dict[str, int] = {}
    dead = False
    for line in lines:
        if line.startswith('"Player stacks: '):
            seats = {
                found["player"]: int(found["seat"]) for found in STACK_SEAT.finditer(row(line)[0])
            }
        elif line.startswith('"Dead Small Blind"'):
            dead = True
        elif _BLIND.match(line):
            poster = _POSTER.match(row(line)[0])
            seat = seats.get(poster["player"], 0) if poster else 0
            if " posts a small blind of " in line:
                return seat
            return (seat - 2) % MAX_SEATS + 1 if dead and seat else 0
    return 0


def _setting(entry: str) -> tuple[str, str, str] | None:
    # The game's big blind was changed from 3 to 4.
    what, sep, rest = entry.removeprefix(_SETTING).partition(" was changed from ")
    old, sep2, new = rest.rstrip(".").partition(" to ")
    return (what, old, new) if sep and sep2 else None


def _in_play_order(
    blocks: list[_Block | tuple[int, str]],
    settings: list[tuple[int, str, str, str]],
    spool: IO[bytes],
    file: str,
    room: str,
) -> Iterator[RawHand | StrayText]:
    # before a setting's first change it was that change's "from" (settings: newest first)
    now: dict[str, str] = {what: old for _, what, old, _ in settings}
    changes = sorted(settings)
    at = 0
    table = table_of(file)
    context: tuple[str, ...] = ()  # one tuple while the settings hold (one string per run)
    leads: list[str] = []  # rows since the last hand: the next hand's lead-ins
    leads_start = 0
    hand: RawHand | None = None  # held until we know whether rows follow it, none after
    # the last hand's small blind seat: where a dead button is ("(dead button)" headers
    # name no seat; Poker Now's button is dead: it goes where the small blind was)
    dead_button = 0
    stray: list[str] = []
    stray_start = stray_count = 0
    for block in reversed(blocks):
        if len(block) == 2:  # a line that is no row of a log
            stray_start = stray_start or int(block[0])
            stray_count += 1
            if len(stray) < STRAY_KEPT:
                stray.append(str(block[1]))
            continue
        offset, size, kind, _ = block
        spool.seek(offset)
        rows = [text.split("\t", 2) for text in spool.read(size).decode("utf-8").split("\n")]
        rows.sort(key=lambda r: int(r[1]))  # play order
        if kind == _BETWEEN:
            if hand is not None and not leads:  # cards shown after the hand are its
                shown = 0
                while shown < len(rows) and _SHOWS.match(rows[shown][2]):
                    shown += 1
                if shown:
                    hand = replace(hand, lines=(*hand.lines, *(r[2] for r in rows[:shown])))
                    rows = rows[shown:]
            if rows and not leads:
                leads_start = int(rows[0][0])
            leads.extend(r[2] for r in rows)
            continue
        if not leads:
            leads_start = int(rows[0][0])
        if hand is not None:
            yield hand
        header = next(i for i, r in enumerate(rows) if r[2].startswith('"' + HEADER_START))
        start_order = int(rows[header][1])
        changed = not context
        while at < len(changes) and changes[at][0] < start_order:
            now[changes[at][1]] = changes[at][3]
            at, changed = at + 1, True
        if changed:
            values = (f"{what}={value}" for what, value in sorted(now.items()))
            context = (f"table={table}", *values)
        lines = (*leads, *(r[2] for r in rows))
        told = context
        if dead_button and '(dead button) --",' in rows[header][2]:
            told = (*context, f"dead button={dead_button}")
        hand = RawHand(file, leads_start, lines, room, len(leads) + header, told)
        dead_button = _small_blind_seat(r[2] for r in rows)
        leads = []
    if hand is not None:  # the log's closing rows: after its last hand
        yield RawHand(
            file, hand.first_line, (*hand.lines, *leads), room, hand.header_index, context
        )
    elif leads:
        stray_count += len(leads)
        stray_start, stray = leads_start, [*leads[:STRAY_KEPT], *stray][:STRAY_KEPT]
    if stray:
        yield StrayText(file, stray_start, tuple(stray), stray_count)
