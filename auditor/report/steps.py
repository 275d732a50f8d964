"""One audited hand as the report's replayer steps through it: the table before any
post, then after each post, action, street, return, show and collection, and at the end.

Every state comes from the audit's own replay (:mod:`auditor.replay.steps`: the engine
run once more with a snapshot after each event), and the hand's seats, pots and awards
from the rows the Parquet tables are made of (:class:`auditor.tables.rows.RowBuilder`):
no poker rule is worked out here. Money is an exact integer of the hand's minor unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from auditor import events as ev
from auditor import rooms
from auditor.cards import Card
from auditor.findings import CATALOGUE, Finding
from auditor.money import format_minor
from auditor.replay.profile import ProfileError, RuleProfile, load_profile
from auditor.replay.result import ActionRecord
from auditor.replay.steps import Snapshot, replay_steps
from auditor.report.summary import follows_note
from auditor.results import HandResult
from auditor.tables.rows import RowBuilder

_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "INR": "₹"}
_ACTS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to"}


def hand_steps(
    result: HandResult,
    hand_key: int,
    profile: RuleProfile | None = None,
    more_findings: Sequence[Finding] = (),
) -> dict[str, Any]:
    """The HandSteps of an audited hand (see assets/README.md): JSON-able, exact integer money.

    ``profile``: the rule profile the hand was audited under; by default the one its
    replay names (a bundled profile), else its room's. ``more_findings``: the hand's
    findings made by the run beside its own audit (continuity, duplicates: the findings
    table has them, ``result.findings`` does not), shown after its own."""
    hand = result.hand
    if hand is None:
        raise ValueError(f"hand {result.hand_id}: not read, so not replayed")
    start = hand.start
    rows = _rows(result, hand_key)
    (info,) = rows["hands"]
    _, snapshots = replay_steps(hand, profile or _profile_of(result))
    money = _Money(start.currency, start.scale)
    boards = max(
        [1] + [e.board for e in hand.events if isinstance(e, ev.StreetDealt | ev.SummaryBoard)]
    )
    steps = [_step(snap, money, boards) for snap in snapshots]
    steps[0].update(kind="start", text=_start_text(start), source_line=start.span.line)
    _end(steps[-1], snapshots[-1], hand, rows, money)
    findings = [_finding(f, steps) for f in (*result.findings, *more_findings)]
    for index, finding in enumerate(findings):
        steps[finding["step"]]["findings"].append(index)
    dealt = set(result.replay.dealt_in) if result.replay is not None else set()
    return {
        "hand_key": hand_key,
        "hand_id": start.hand_id,
        "room": result.format,
        "site": start.site,
        "variant": start.variant,
        "limit": start.limit.value,
        "hi_lo": start.hi_lo,
        "currency": start.currency,
        "scale": start.scale,
        "small_blind": info["small_blind"],
        "big_blind": info["big_blind"],
        "table_name": start.table_name,
        "max_seats": start.max_seats,
        "button_seat": start.button_seat,
        "profile": info["profile"] or "",
        "started_at": None if info["started_at"] is None else info["started_at"].isoformat(),
        "source_file": result.file,
        "source_line": result.first_line,
        "boards": boards,
        "seats": [
            {
                "seat": row["seat"],
                "player": row["player"],
                "stack": row["starting_stack"],
                "dealt_in": row["player"] in dealt,
                "hole_cards": row["hole_cards"].split() if row["hole_cards"] else [],
            }
            for row in rows["seats"]
        ],
        "findings": findings,
        "steps": steps,
        "pots": [
            {
                "index": row["pot_index"],
                "amount": row["amount"],
                "eligible": list(row["eligible"]),
                "hi_winners": list(row["hi_winners"]),
                "lo_winners": list(row["lo_winners"]),
            }
            for row in rows["pots"]
        ],
        "awards": [
            {
                "pot_index": row["pot_index"],
                "board": row["board"],
                "half": row["half"],
                "player": row["player"],
                "expected": row["expected"],
                "recorded": row["recorded"],
                "fee": row["fee"],
            }
            for row in rows["awards"]
        ],
        "rake": info["rake"] or 0,
        "fees": info["fees"] or 0,
        "ending_stacks": {
            row["player"]: row["ending_stack"]
            for row in rows["seats"]
            if row["ending_stack"] is not None
        },
    }


def _profile_of(result: HandResult) -> RuleProfile:
    site = result.hand.start.site if result.hand is not None else ""
    name = result.replay.profile if result.replay is not None else rooms.profile_for_site(site)
    try:
        return _profile(name)
    except ProfileError:  # a user's profile file, by its name only: the room's own instead
        return _profile(rooms.profile_for_site(site))


@lru_cache(maxsize=32)  # a report steps many hands of a few profiles
def _profile(name: str) -> RuleProfile:
    return load_profile(name)


def _rows(result: HandResult, hand_key: int) -> dict[str, list[dict[str, Any]]]:
    """The hand's rows of the hands, seats, pots and awards tables, as the audit writes
    them, each a dict by column name."""
    builder = RowBuilder()
    builder.add_result(result, hand_key)
    out: dict[str, list[dict[str, Any]]] = {}
    for table in ("hands", "seats", "pots", "awards"):
        columns = builder.take(table)
        names = list(columns)
        values = zip(*columns.values(), strict=True)
        out[table] = [dict(zip(names, row, strict=True)) for row in values]
    return out


class _Money:
    """Amounts as the log lines write them: "$1.50", "€2.00", "1500" chips."""

    def __init__(self, currency: str, scale: int) -> None:
        self.symbol = _SYMBOL.get(currency, "")
        self.suffix = "" if self.symbol or currency in ("chips", "") else f" {currency}"
        self.scale = scale

    def __call__(self, amount: int | None) -> str:
        if amount is None:
            return "?"
        return f"{self.symbol}{format_minor(amount, self.scale)}{self.suffix}"


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.text for card in cards]


def _step(snap: Snapshot, money: _Money, boards: int) -> dict[str, Any]:
    event = snap.event
    step: dict[str, Any] = {
        "kind": "end",
        "street": snap.street,
        "player": None,
        "action": None,
        "amount": None,
        "to_amount": None,
        "action_all_in": False,
        "seq": None,
        "to_call": None,
        "min_legal": None,
        "max_legal": None,
        "pot_before": None,
        "text": "",
        "source_line": event.span.line if event is not None else 0,
        "stacks": snap.stacks,
        "bets": snap.bets,
        "pot": snap.pot,
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in snap.pots],
        "folded": list(snap.folded),
        # assets/README.md names two "all_in" of a step: the action's flag and the players all-in;
        # one JSON key holds one: the players (what the table shows), the flag beside it
        "all_in": list(snap.all_in),
        "board": [_cards(snap.boards.get(b, ())) for b in range(1, boards + 1)],
        "shown": {player: _cards(cards) for player, cards in snap.shown.items()},
        "to_act": snap.to_act,
        "findings": [],
    }
    if event is not None:
        _describe(step, event, snap.action, money)
    return step


def _describe(
    step: dict[str, Any], event: ev.Event, record: ActionRecord | None, money: _Money
) -> None:
    """The step's kind, what was done and its log line."""
    if record is not None:
        step.update(
            seq=record.seq,
            to_call=record.to_call,
            min_legal=record.min_legal,
            max_legal=record.max_legal,
            pot_before=record.pot_before,
            amount=record.amount,
            to_amount=record.to_amount,
        )
    flagged = bool(getattr(event, "all_in", False))
    step["action_all_in"] = flagged
    all_in = " (all-in)" if flagged else ""
    if isinstance(event, ev.Posted):
        step.update(kind="post", player=event.player, action=event.kind.value)
        if record is None:
            step["amount"] = event.amount
        step["text"] = f"{event.player} posts {event.kind.value} {money(event.amount)}{all_in}"
    elif isinstance(event, ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo):
        word = record.action if record is not None else type(event).__name__.lower()
        step.update(kind="action", player=event.player, action=word)
        text = f"{event.player} {_ACTS.get(word, word)}"
        if word in ("call", "bet"):
            text += f" {money(step['amount'] if record else getattr(event, 'amount', None))}"
        elif word == "raise":
            shown = step["to_amount"] if record else getattr(event, "to", None)
            text += f" {money(shown)}"
        step["text"] = text + all_in
    elif isinstance(event, ev.StreetDealt):
        step.update(kind="street", street=event.street.value)
        which = f", board {event.board}" if event.board > 1 else ""
        cards = " ".join(_cards(event.cards or event.new_cards))
        step["text"] = f"{event.street.value.capitalize()}{which} [{cards}]"
    elif isinstance(event, ev.UncalledReturned):
        step.update(kind="return", player=event.player, amount=event.amount)
        step["text"] = f"Uncalled bet ({money(event.amount)}) returned to {event.player}"
    elif isinstance(event, ev.PotExtra):
        # money the room adds to the pot: a post by nobody
        step.update(kind="post", action="extra", amount=event.amount)
        step["text"] = f"The room adds {money(event.amount)} to the pot"
    elif isinstance(event, ev.Collected):
        step.update(kind="collect", player=event.player, amount=event.amount)
        pot = "the pot"
        if event.names_pot:
            pot = "the main pot" if event.pot == 0 else f"side pot {event.pot}"
        step["text"] = f"{event.player} collects {money(event.amount)} from {pot}"
    elif isinstance(event, ev.Shown | ev.Mucked):
        step.update(kind="show", player=event.player, street="showdown")
        verb = "shows" if isinstance(event, ev.Shown) else "mucks"
        said = event.description if isinstance(event, ev.Shown) else ""
        described = f" ({said})" if said else ""
        step["text"] = f"{event.player} {verb} [{' '.join(_cards(event.cards))}]{described}"


def _start_text(start: ev.HandStarted) -> str:
    button = f", button on seat {start.button_seat}" if start.button_seat is not None else ""
    return f"Hand #{start.hand_id}: {start.game}, table {start.table_name}{button}"


def _end(
    step: dict[str, Any],
    snap: Snapshot,
    hand: ev.Hand,
    rows: dict[str, list[dict[str, Any]]],
    money: _Money,
) -> None:
    """The last step: the table as the hand ends (the stacks the seats table ends with,
    where it knows them; the middle holds what nobody was paid: the rake, fees)."""
    last = hand.events[-1].span if hand.events else hand.start.span
    if hand.truncated_at is not None:
        last = hand.truncated_at
    step.update(kind="end", street="showdown", source_line=last.line)
    if hand.truncated:
        step["street"] = snap.street
        step["text"] = f"The record stops at line {last.line}: the hand is cut short"
        return
    ending: dict[str, int] = {
        row["player"]: row["ending_stack"]
        for row in rows["seats"]
        if row["ending_stack"] is not None
    }
    stacks = {p: ending.get(p, s) for p, s in snap.stacks.items()}
    before = sum(snap.stacks.values()) + sum(snap.bets.values()) + snap.pot
    # a cash-out is the room's money, paid outside the pot: in the ending stacks, never
    # out of the middle (counted there, the pot went below nothing)
    cashed = sum(row["recorded"] for row in rows["awards"] if row["half"] == "cash_out")
    step["stacks"] = stacks
    step["bets"] = dict.fromkeys(snap.bets, 0)
    step["pot"] = before + cashed - sum(stacks.values())
    step["to_act"] = None
    (info,) = rows["hands"]
    if any(isinstance(e, ev.HandCancelled) for e in hand.events):
        step["text"] = "The hand is cancelled"
        return
    total = sum(row["amount"] for row in rows["pots"])
    kept = f", rake {money(info['rake'])}" if info["rake"] else ""
    unpaid = "".join(
        f"; {money(row['recorded'])} not awarded ({row['player']} cashed out)"
        for row in rows["awards"]
        if row["half"] == "not_awarded"
    )
    step["text"] = f"Hand over: total pot {money(total)}{kept}{unpaid}"


def _finding(finding: Finding, steps: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "code": str(finding.code),
        "severity": str(finding.severity),
        "message": finding.message + _follows(finding),
        "expected": finding.expected or None,
        "recorded": finding.recorded or None,
        "street": finding.street or None,
        "seq": finding.seq,
        "player": finding.player or None,
        "source_line": finding.source.line or None,
        "rule": CATALOGUE[finding.code].rule,
        "step": _step_of(finding, steps),
    }


def _follows(finding: Finding) -> str:
    root = finding.caused_by
    return "" if root is None else follows_note(str(root.code), root.source.line)


def _step_of(finding: Finding, steps: list[dict[str, Any]]) -> int:
    """The step a finding is about: the one of its line (of its seq, if the line has
    several), else of its seq; else the start for a line before the first post (the
    seat lines: the table before any post), else the last."""
    line, seq = finding.source.line, finding.seq
    at_line = [i for i, step in enumerate(steps) if line and step["source_line"] == line]
    by_seq = [i for i, step in enumerate(steps) if seq is not None and step["seq"] == seq]
    if at_line:
        return next((i for i in at_line if i in by_seq), at_line[0])
    if by_seq:
        return by_seq[0]
    if line and len(steps) > 2 and line < steps[1]["source_line"]:
        return 0
    return len(steps) - 1
