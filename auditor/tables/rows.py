"""Hand results to table rows, column by column."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from auditor import events as ev
from auditor.findings import Finding
from auditor.pipeline import FileSummary, HandResult
from auditor.replay.result import ReplayResult
from auditor.tables.columns import COLUMNS
from auditor.tables.timezones import to_utc

Columns = dict[str, list[Any]]


def empty_columns(table: str) -> Columns:
    return {name: [] for name in COLUMNS[table] if name != "run_id"}


class RowBuilder:
    """Accumulates rows for every table; ``take`` hands over what has built up."""

    def __init__(self) -> None:
        self.columns: dict[str, Columns] = {t: empty_columns(t) for t in COLUMNS}
        self.rows = dict.fromkeys(COLUMNS, 0)

    def _add(self, table: str, row: dict[str, Any]) -> None:
        cols = self.columns[table]
        for name, values in cols.items():
            values.append(row.get(name))
        self.rows[table] += 1

    def take(self, table: str) -> Columns:
        taken = self.columns[table]
        self.columns[table] = empty_columns(table)
        self.rows[table] = 0
        return taken

    def add_result(self, result: HandResult) -> None:
        for finding in result.findings:
            self.add_finding(finding)
        if result.hand is not None:
            self._add_hand(result, result.hand)

    def add_finding(self, finding: Finding) -> None:
        self._add(
            "findings",
            {
                "hand_id": finding.hand_id,
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
            },
        )

    def _add_hand(self, result: HandResult, hand: ev.Hand) -> None:
        start = hand.start
        hand_id = start.hand_id
        replay = result.replay
        self._add_seats(hand_id, hand.events, replay)
        if replay is not None:
            self._add_replayed_actions(hand_id, replay)
            winners = {}
            if result.showdown is not None:
                winners = {
                    award.pot_index: award for award in result.showdown.pots if award.board == 1
                }
                for share in result.showdown.awards:
                    self._add(
                        "awards",
                        {
                            "hand_id": hand_id,
                            "pot_index": share.pot_index,
                            "board": share.board,
                            "half": share.half,
                            "player": share.player,
                            "expected": share.expected,
                            "recorded": share.recorded,
                        },
                    )
            for built in replay.pots:
                won = winners.get(built.index)
                self._add(
                    "pots",
                    {
                        "hand_id": hand_id,
                        "pot_index": built.index,
                        "amount": built.amount,
                        "eligible": list(built.eligible),
                        "hi_winners": list(won.hi_winners) if won else [],
                        "lo_winners": list(won.lo_winners) if won else [],
                    },
                )
        else:
            self._add_actions(hand_id, hand.events)
        posted = _posted_blinds(hand.events)
        fixed = start.limit is ev.Limit.FIXED
        pot = next((e for e in hand.events if isinstance(e, ev.SummaryPot)), None)
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
                "small_blind": posted[0] if fixed else start.small_stake,
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
                "board": _board_text(hand.events),
                "total_pot": pot.total if pot else None,
                "rake": pot.rake if pot else None,
                "fees": sum(amount for _, amount in pot.fees) if pot else None,
                "truncated": hand.truncated,
                "profile": replay.profile if replay is not None else None,
                "source_file": result.file,
                "source_line": result.first_line,
                "findings": len(result.findings),
            },
        )

    def _add_replayed_actions(self, hand_id: str, replay: ReplayResult) -> None:
        for action in replay.actions:
            self._add(
                "actions",
                {
                    "hand_id": hand_id,
                    "seq": action.seq,
                    "street": action.street,
                    "player": action.player,
                    "action": action.action,
                    "amount": action.amount,
                    "to_amount": action.to_amount,
                    "all_in": action.all_in,
                    "pot_before": action.pot_before,
                    "to_call": action.to_call,
                    "min_legal": action.min_legal,
                    "max_legal": action.max_legal,
                    "source_line": action.source_line,
                },
            )

    def _add_seats(
        self, hand_id: str, events: Iterable[ev.Event], replay: ReplayResult | None
    ) -> None:
        hole: dict[str, str] = {}
        seats: list[ev.SeatTaken] = []
        for event in events:
            if isinstance(event, ev.SeatTaken):
                seats.append(event)
            elif isinstance(event, ev.Dealt | ev.Shown) and event.cards:
                hole[event.player] = " ".join(str(c) for c in event.cards)
        ending = dict(replay.ending_stacks) if replay is not None else {}
        for seat in seats:
            end = ending.get(seat.player)
            self._add(
                "seats",
                {
                    "hand_id": hand_id,
                    "seat": seat.seat,
                    "player": seat.player,
                    "starting_stack": seat.stack,
                    "hole_cards": hole.get(seat.player),
                    "sitting_out": seat.sitting_out,
                    "ending_stack": end,
                    "net": None if end is None else end - seat.stack,
                },
            )

    def _add_actions(self, hand_id: str, events: Iterable[ev.Event]) -> None:
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
            row.update(hand_id=hand_id, seq=seq, street=street, source_line=event.span.line)
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
            "amount": event.by,
            "to_amount": event.to,
            "all_in": event.all_in,
        }
    return None


def _posted_blinds(events: Iterable[ev.Event]) -> tuple[int | None, int | None]:
    small = big = None
    for event in events:
        if isinstance(event, ev.Posted):
            if event.kind is ev.PostKind.SMALL_BLIND and small is None:
                small = event.amount
            elif event.kind is ev.PostKind.BIG_BLIND and big is None:
                big = event.amount
    return small, big


def _board_text(events: Iterable[ev.Event]) -> str:
    boards: dict[int, str] = {}
    summary: dict[int, str] = {}
    for event in events:
        if isinstance(event, ev.StreetDealt) and event.cards:
            boards[event.board] = " ".join(str(c) for c in event.cards)
        elif isinstance(event, ev.SummaryBoard):
            summary[event.board] = " ".join(str(c) for c in event.cards)
    chosen = boards or summary
    return " | ".join(chosen[b] for b in sorted(chosen))
