"""Hand results to table rows, handed over column by column.

A row is kept as a tuple in its table's column order and the rows are turned into
columns (in C, by ``zip``) when they are taken: a hand makes some twenty rows, and
appending each value to its column one by one was most of the cost of building them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from auditor import events as ev
from auditor.cards import Card
from auditor.findings import Finding
from auditor.regress.fingerprint import fingerprint
from auditor.replay.event_index import EventIndex, index_events
from auditor.replay.result import ReplayResult
from auditor.results import FileSummary, HandResult
from auditor.showdown.rake import hand_rake
from auditor.tables.columns import COLUMNS as TABLE_COLUMNS
from auditor.tables.columns import TABLES
from auditor.tables.timezones import to_utc

Columns = dict[str, list[Any]]
Row = tuple[Any, ...]
Mark = tuple[int, ...]
"""How many rows each table held at some point (tables in COLUMNS order)."""

# Each table's columns in order, as rows hold them (the writer adds run_id).
COLUMNS: dict[str, tuple[str, ...]] = {
    table: tuple(name for name in names if name != "run_id")
    for table, names in TABLE_COLUMNS.items()
}


def empty_columns(table: str) -> Columns:
    return {name: [] for name in COLUMNS[table]}


def _in_order(table: str, names: Sequence[str]) -> tuple[str, ...]:
    """``names``, checked to be ``table``'s columns in order, for rows built by position."""
    if tuple(names) != COLUMNS[table]:
        raise RuntimeError(f"rows of {table} are built for columns {names}, not the schema's")
    return tuple(names)


# Actions and awards are their records' fields between the hand id and the hand key.
_ACTION_VALUES = attrgetter(*COLUMNS["actions"][1:-1])
_AWARD_VALUES = attrgetter(*COLUMNS["awards"][1:-1])
_SEAT_COLUMNS = _in_order(
    "seats",
    (
        "hand_id",
        "seat",
        "player",
        "starting_stack",
        "hole_cards",
        "sitting_out",
        "ending_stack",
        "net",
        "hand_key",
    ),
)
_POT_COLUMNS = _in_order(
    "pots",
    ("hand_id", "pot_index", "amount", "eligible", "hi_winners", "lo_winners", "hand_key"),
)
_BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "money": 64}
# Each table's integer columns: (position in a row, name, kind, lowest, highest value).
_BOUNDED: dict[str, tuple[tuple[int, str, str, int, int], ...]] = {
    table: tuple(
        (COLUMNS[table].index(name), name, kind, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        for name, kind in columns
        if (bits := _BITS.get(kind, 0))
    )
    for table, columns in TABLES.items()
}
_TEXT = attrgetter("text")  # what str() of a Card gives, without a call into Python


def record_digest(text: str) -> str:
    """The SHA-256 of a hand's record text as read (its lines joined by newlines), in
    UTF-8; a character the input's bytes could not be decoded to is kept as it was read.

    >>> record_digest("Seat 1: é") == hashlib.sha256("Seat 1: é".encode()).hexdigest()
    True
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def columns_fit(table: str, columns: Columns) -> bool:
    """Whether every value of ``columns`` (rows of ``table``) fits its column's type."""
    for _, name, _, low, high in _BOUNDED[table]:
        values = columns[name]
        if None in values:  # nulls: a C-speed scan when there are none
            values = [v for v in values if v is not None]
        if values and (min(values) < low or max(values) > high):
            return False
    return True


class RowBuilder:
    """Accumulates rows for every table; ``take`` hands over what has built up."""

    def __init__(self) -> None:
        self.pending: dict[str, list[Row]] = {t: [] for t in COLUMNS}

    @property
    def rows(self) -> dict[str, int]:
        """Rows built up so far, per table."""
        return {table: len(rows) for table, rows in self.pending.items()}

    def _add(self, table: str, row: dict[str, Any]) -> None:
        """A row given by column name; columns it does not name are null."""
        self.pending[table].append(tuple(map(row.get, COLUMNS[table])))

    def mark(self) -> Mark:
        """Where every table stands now: rows added after it can be checked or taken back."""
        return tuple(len(rows) for rows in self.pending.values())

    def roll_back(self, mark: Mark) -> None:
        """Drop every row added since ``mark`` (a hand's rows go in whole or not at all)."""
        for rows, kept in zip(self.pending.values(), mark, strict=True):
            del rows[kept:]

    def out_of_range(self, mark: Mark) -> str:
        """The first value of a row added since ``mark`` that its column cannot hold, said
        in words ("" when every one fits): Arrow would refuse the whole chunk for it."""
        for (table, rows), start in zip(self.pending.items(), mark, strict=True):
            bounded = _BOUNDED[table]
            for at in range(start, len(rows)):
                row = rows[at]
                for index, name, kind, low, high in bounded:
                    value = row[index]
                    if value is not None and not low <= value <= high:
                        held = "money (int64 of the minor unit)" if kind == "money" else kind
                        return f"{table}.{name} = {value} does not fit its column, {held}"
        return ""

    def take(self, table: str) -> Columns:
        taken = self.pending[table]
        self.pending[table] = []
        if not taken:
            return empty_columns(table)
        return dict(zip(COLUMNS[table], map(list, zip(*taken, strict=True)), strict=True))

    def add_result(
        self, result: HandResult, hand_key: int | None = None, record_sha256: str | None = None
    ) -> None:
        """The rows of one hand record, each with ``hand_key`` (see
        :mod:`auditor.tables.columns`); ``record_sha256``: its text's (:func:`record_digest`)."""
        site: str | None
        table_name: str | None
        if result.hand is not None:
            start = result.hand.start
            site, table_name = start.site, start.table_name
        else:  # rejected (or skipped): what its room could tell without its reader
            site, table_name = result.site or None, result.table_name or None
        for finding in result.findings:
            self.add_finding(finding, hand_key, site, table_name, result.first_line)
        if result.hand is not None:
            self._add_hand(result, result.hand, hand_key, record_sha256)

    def add_finding(
        self,
        finding: Finding,
        hand_key: int | None = None,
        site: str | None = None,
        table_name: str | None = None,
        first_line: int | None = None,
    ) -> None:
        """A findings row; its hand key, site and table are the hand's given here, else
        the finding's own (a finding made away from its hand's audit carries them);
        ``first_line``: its hand's first line, which its fingerprint is placed from."""
        root = finding.caused_by
        site = finding.site or site
        self._add(
            "findings",
            {
                "hand_key": finding.hand_key if hand_key is None else hand_key,
                "hand_id": finding.hand_id,
                "site": site,
                "table_name": finding.table_name or table_name,
                "code": finding.code,
                "severity": str(finding.severity),
                "street": finding.street,
                "seq": finding.seq,
                "player": finding.player,
                "expected": finding.expected,
                "recorded": finding.recorded,
                "message": finding.message,
                "source_file": finding.source.file,
                "source_line": finding.source.line,
                "source_column": finding.source.column,
                "root": root is None,
                "caused_by_code": None if root is None else root.code,
                "caused_by_line": None if root is None else root.source.line,
                "caused_by_seq": None if root is None else root.seq,
                "fingerprint": fingerprint(
                    site=site,
                    hand_id=finding.hand_id,
                    code=str(finding.code),
                    street=finding.street,
                    seq=finding.seq,
                    player=finding.player,
                    file=finding.source.file,
                    line=finding.source.line,
                    column=finding.source.column,
                    first_line=first_line,
                ),
                "suppressed_by": None,  # a baseline's entry, filled where the rows are written
            },
        )

    def add_file(self, summary: FileSummary) -> None:
        for finding in summary.stray_findings:
            self.add_finding(finding)
        self._add(
            "files",
            {
                "source_file": summary.source_file,
                "room": summary.room,
                "format": summary.format,
                "encoding": summary.encoding,
                "hands_read": summary.hands_read,
                "hands_audited": summary.hands_audited,
                "hands_skipped": summary.hands_skipped,
                "hands_rejected": summary.hands_rejected,
                "skipped_games": json.dumps(summary.skipped_games, sort_keys=True),
                "status": summary.status,
                "reason": summary.reason,
                "size_bytes": summary.size_bytes,
                "source_file_bytes": (
                    summary.source_file.encode("utf-8", "surrogateescape")
                    if summary.source_file_bytes is None
                    else summary.source_file_bytes
                ),
            },
        )

    def _add_hand(
        self, result: HandResult, hand: ev.Hand, key: int | None, record_sha256: str | None
    ) -> None:
        start = hand.start
        hand_id = start.hand_id
        replay = result.replay
        read = result.index if result.index is not None else index_events(hand.events)
        self._add_seats(hand_id, read, replay, key)
        if replay is not None:
            self._add_replayed_actions(hand_id, replay, key)
            winners = {}
            if result.showdown is not None:
                winners = {
                    award.pot_index: award for award in result.showdown.pots if award.board == 1
                }
                awards = self.pending["awards"]
                for share in result.showdown.awards:
                    awards.append((hand_id, *_AWARD_VALUES(share), key))
            pots = self.pending["pots"]
            for built in replay.pots:  # _POT_COLUMNS
                won = winners.get(built.index)
                pots.append(
                    (
                        hand_id,
                        built.index,
                        built.amount,
                        list(built.eligible),
                        list(won.hi_winners) if won else [],
                        list(won.lo_winners) if won else [],
                        key,
                    )
                )
        else:
            self._add_actions(hand_id, hand.events, key)
        fixed = start.limit is ev.Limit.FIXED
        pot = read.summary_pot
        rake = hand_rake(pot, replay)  # the record's rake, else the one its money implies
        self._add(
            "hands",
            {
                "hand_id": hand_id,
                "site": start.site,
                "game": start.game,
                "variant": start.variant,
                "limit": start.limit.value,
                "hi_lo": start.hi_lo,
                "currency": start.currency,
                "unit": start.scale,
                "small_blind": _small_blind(read) if fixed else start.small_stake,
                "big_blind": start.small_stake if fixed else start.big_stake,
                "small_bet": start.small_stake if fixed else None,
                "big_bet": start.big_stake if fixed else None,
                "started_at": to_utc(start.started_at, start.time_zone),
                "started_at_local": start.started_at,
                "time_zone": start.time_zone,
                "table_name": start.table_name,
                "max_seats": start.max_seats,
                "button_seat": start.button_seat,
                "tournament_id": start.tournament_id,
                "level": start.level,
                "board": _board_text(read),
                "total_pot": rake.total_pot,
                "rake": rake.rake,
                "fees": sum(amount for _, amount in pot.fees) if pot else None,
                "rake_source": rake.source.value if rake.source is not None else None,
                "truncated": hand.truncated,
                "profile": replay.profile if replay is not None else None,
                "source_file": result.file,
                "source_line": result.first_line,
                "findings": len(result.findings),
                "hand_key": key,
                "record_sha256": record_sha256,
            },
        )

    def _add_replayed_actions(self, hand_id: str, replay: ReplayResult, key: int | None) -> None:
        self.pending["actions"].extend(
            [(hand_id, *_ACTION_VALUES(action), key) for action in replay.actions]
        )

    def _add_seats(
        self, hand_id: str, read: EventIndex, replay: ReplayResult | None, key: int | None
    ) -> None:
        hole = read.hole
        ending = dict(replay.ending_stacks) if replay is not None else {}
        rows = self.pending["seats"]
        for seat in read.seats:  # _SEAT_COLUMNS
            end = ending.get(seat.player)
            cards = hole.get(seat.player)
            rows.append(
                (
                    hand_id,
                    seat.seat,
                    seat.player,
                    seat.stack,
                    None if cards is None else _cards_text(cards),
                    seat.sitting_out,
                    end,
                    None if end is None else end - seat.stack,
                    key,
                )
            )

    def _add_actions(self, hand_id: str, events: Iterable[ev.Event], key: int | None) -> None:
        street = ev.Street.PREFLOP.value
        seq = 0
        for event in events:
            if isinstance(event, ev.StreetDealt):
                street = event.street.value
                continue
            row = _action_row(event)
            if row is None:
                continue
            seq += 1
            row.update(
                hand_id=hand_id, seq=seq, street=street, source_line=event.span.line, hand_key=key
            )
            self._add("actions", row)


def _action_row(event: ev.Event) -> dict[str, Any] | None:
    if isinstance(event, ev.Posted):
        return {
            "player": event.player,
            "action": "post " + event.kind.value,
            "amount": event.amount,
            "all_in": event.all_in,
        }
    if isinstance(event, ev.Folded):
        return {"player": event.player, "action": "fold", "all_in": False}
    if isinstance(event, ev.Checked):
        return {"player": event.player, "action": "check", "all_in": False}
    if isinstance(event, ev.Called):
        return {
            "player": event.player,
            "action": "call",
            "amount": event.amount,
            "all_in": event.all_in,
        }
    if isinstance(event, ev.Bet):
        return {
            "player": event.player,
            "action": "bet",
            "amount": event.amount,
            "to_amount": event.amount,
            "all_in": event.all_in,
        }
    if isinstance(event, ev.RaisedTo):
        return {
            "player": event.player,
            "action": "raise",
            # what the record gives: a room may write only the total, or only the chips added
            "amount": event.by if event.given is not ev.RaiseGiven.TO else None,
            "to_amount": event.to if event.given is not ev.RaiseGiven.BY else None,
            "all_in": event.all_in,
        }
    return None


def _small_blind(index: EventIndex) -> int | None:
    """The first small blind posted (a fixed-limit header gives the bets, not the blinds)."""
    for post in index.posts:
        if post.kind is ev.PostKind.SMALL_BLIND:
            return post.amount
    return None


def _board_text(index: EventIndex) -> str:
    """Each board as dealt (or, with no street lines, as the summary gives it)."""
    chosen = index.boards or index.summary_boards
    return " | ".join(_cards_text(chosen[b]) for b in sorted(chosen))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(_TEXT, cards))
