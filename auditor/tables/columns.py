"""The columns of every output table, in order, each with the kind of value it holds.

Written down once, here, without pyarrow: worker processes build rows column by column
from these names and never import pyarrow (nor the pandas it pulls in), which keeps
each of them small. :mod:`auditor.tables.schemas` turns the kinds into the Parquet
schema. Money is int64 in the hand's minor unit (``hands.unit`` says how many make one
``hands.currency``: 100 for cents, 1 for chips); never a float. A ``category`` column
is dictionary-encoded; an ``ordered`` column is too, its values in the order of
:data:`LEVELS` (the dictionary holds every level, in order, in every file), so that
pandas reads it as an ordered categorical.

``hand_key`` (int64, in every table but ``files``, after the contract's first columns:
columns added since, as ``hands.record_sha256``, come after it) is the hand record's
place in the run's input: 1 for the first hand read, then one more for each hand, in
the order of the inputs (files as given, folders sorted) and of the hands in each file,
whether it is audited, skipped or rejected. It names one record
exactly within a run, whatever the engine or the number of workers; a hand id does
not (the same hand is often exported twice, see HAND_DUPLICATE). Join tables on
(run_id, hand_key). A finding about a whole file (TEXT_OUTSIDE_HAND,
FORMAT_UNSUPPORTED) has none.
"""

from __future__ import annotations

from enum import StrEnum

from auditor.findings import Severity

Table = tuple[tuple[str, str], ...]

HANDS: Table = (
    ("hand_id", "string"),
    ("site", "category"),
    ("game", "category"),
    ("variant", "category"),
    ("limit", "category"),
    ("hi_lo", "bool"),
    ("currency", "category"),
    ("unit", "int32"),
    ("small_blind", "money"),
    ("big_blind", "money"),
    ("small_bet", "money"),
    ("big_bet", "money"),
    ("started_at", "timestamp_utc"),
    ("started_at_local", "timestamp_local"),
    ("time_zone", "category"),
    ("table_name", "string"),
    ("max_seats", "int16"),
    ("button_seat", "int16"),
    ("tournament_id", "string"),
    ("level", "string"),
    ("board", "string"),
    ("total_pot", "money"),
    ("rake", "money"),
    ("fees", "money"),  # other deductions the record names (jackpot, bingo...)
    # where rake and total_pot come from: "written" (the record names the rake), "implied"
    # (chips put in less chips paid out, on a record that writes no rake), null: unknown
    ("rake_source", "category"),
    ("truncated", "bool"),
    ("profile", "category"),
    ("source_file", "category"),
    ("source_line", "int64"),
    ("findings", "int32"),
    ("hand_key", "int64"),
    # the SHA-256 of the hand's record text as read: tells a hand an earlier run of the
    # folder audited (same site, id and digest) from a record changed since (--append)
    ("record_sha256", "string"),
)

SEATS: Table = (
    ("hand_id", "string"),
    ("seat", "int16"),
    ("player", "string"),
    ("starting_stack", "money"),
    ("hole_cards", "string"),
    ("sitting_out", "bool"),
    ("ending_stack", "money"),
    ("net", "money"),
    ("hand_key", "int64"),
)

ACTIONS: Table = (
    ("hand_id", "string"),
    ("seq", "int32"),
    ("street", "category"),
    ("player", "string"),
    ("action", "category"),
    ("amount", "money"),
    ("to_amount", "money"),
    ("all_in", "bool"),
    ("pot_before", "money"),
    ("to_call", "money"),
    ("min_legal", "money"),
    ("max_legal", "money"),
    ("source_line", "int64"),
    ("hand_key", "int64"),
)

POTS: Table = (
    ("hand_id", "string"),
    ("pot_index", "int16"),
    ("amount", "money"),  # the chips put in that make the pot, before any rake
    ("eligible", "strings"),
    ("hi_winners", "strings"),  # on the first board
    ("lo_winners", "strings"),
    ("hand_key", "int64"),
)

AWARDS: Table = (
    ("hand_id", "string"),
    ("pot_index", "int16"),
    ("board", "int8"),
    ("half", "category"),  # hi/lo or scoop
    ("player", "string"),
    ("expected", "money"),  # the share the rules give of what the record paid from the pot
    ("recorded", "money"),
    ("fee", "money"),  # a cash-out's fee (half "cash_out"); null otherwise
    ("hand_key", "int64"),
)

FINDINGS: Table = (
    ("hand_id", "string"),
    ("site", "category"),
    ("table_name", "string"),
    ("code", "category"),
    ("severity", "ordered"),  # info < warning < error
    ("street", "category"),
    ("seq", "int32"),
    ("player", "string"),
    ("expected", "string"),
    ("recorded", "string"),
    ("message", "string"),
    ("source_file", "category"),
    ("source_line", "int64"),
    ("source_column", "int32"),
    # one defect, one root: a finding that follows from another of its hand names it (its
    # code, line and action number); the summary and the exit code count roots only
    ("root", "bool"),
    ("caused_by_code", "category"),
    ("caused_by_line", "int64"),
    ("caused_by_seq", "int32"),
    ("hand_key", "int64"),
    ("fingerprint", "string"),  # the same finding's in every run (auditor.regress)
    ("suppressed_by", "string"),  # the baseline entry that accepted it; null: none
)

FILES: Table = (
    ("source_file", "string"),
    ("room", "category"),
    ("format", "category"),
    ("encoding", "category"),
    ("hands_read", "int64"),
    ("hands_audited", "int64"),
    ("hands_skipped", "int64"),
    ("hands_rejected", "int64"),
    ("skipped_games", "string"),
    ("status", "category"),  # read, not read (listed with the reason) or error
    ("reason", "string"),  # why a file is not read, or its error
    ("size_bytes", "int64"),  # on disk (a zip member: unzipped); null for a pipe or stdin
    # the name's bytes exactly (source_file is text: bytes that are not UTF-8, or not in
    # the locale's encoding, are shown there as \xHH); an archive's member: b"a.zip!m.txt"
    ("source_file_bytes", "binary"),
)

LEVELS: dict[tuple[str, str], tuple[str, ...]] = {
    ("findings", "severity"): tuple(str(level) for level in sorted(Severity)),
}
"""The values of each ``ordered`` column, (table, column), lowest first."""

# Every table ends with the run that wrote it, so that runs added with --append stay apart.
RUN_ID = ("run_id", "category")

TABLES: dict[str, Table] = {
    name: (*columns, RUN_ID)
    for name, columns in {
        "hands": HANDS,
        "seats": SEATS,
        "actions": ACTIONS,
        "pots": POTS,
        "awards": AWARDS,
        "findings": FINDINGS,
        "files": FILES,
    }.items()
}

COLUMNS: dict[str, tuple[str, ...]] = {
    name: tuple(column for column, _ in columns) for name, columns in TABLES.items()
}
"""Each table's column names, run_id last."""


class Unit(StrEnum):
    """What a column's numbers count."""

    MONEY = "minor units / chips"  # int64 of the hand's minor unit: see hands.unit
    SECONDS = "seconds"  # a time, to the second
    BYTES = "bytes"
    NONE = "none"


_KIND_UNITS = {"money": Unit.MONEY, "timestamp_utc": Unit.SECONDS, "timestamp_local": Unit.SECONDS}
_UNITS = {("files", "size_bytes"): Unit.BYTES}

_HAND_KEY = "the hand record's place in the run's input, from 1; join tables on (run_id, hand_key)"
_HAND_ID = "the hand's id as the record writes it (not unique: a hand exported twice has two rows)"
_PLAYER = "the player's name as the record writes it"

MEANINGS: dict[str, dict[str, str]] = {
    "hands": {
        "hand_id": _HAND_ID,
        "site": "the site the hand was played on, as its room names it",
        "game": "the game as the header writes it",
        "variant": "PLO, PLO8, FLO, FLO8, NLO, NLO8, or a 5- or 6-card or Courchevel form",
        "limit": "pot, no or fixed limit",
        "hi_lo": "whether the pot is split high/low",
        "currency": "the money the hand is played for (USD, EUR..., or chips)",
        "unit": "how many of the money columns' minor units make one currency: 100 (cents) or 1",
        "small_blind": "the small blind",
        "big_blind": "the big blind",
        "small_bet": "fixed limit: the small bet; null otherwise",
        "big_bet": "fixed limit: the big bet; null otherwise",
        "started_at": "when the hand started, in UTC (null when the record gives no time)",
        "started_at_local": "when the hand started, as written, in time_zone",
        "time_zone": "the zone the record writes its time in (ET, CET, UTC...)",
        "table_name": "the table's name as the record writes it",
        "max_seats": "the table's seats (6-max: 6), when the record says",
        "button_seat": "the button's seat number",
        "tournament_id": "the tournament's id; null for a cash game",
        "level": "the tournament level as written; null for a cash game",
        "board": "the board's cards as dealt, boards apart by ' | ' (run it twice)",
        "total_pot": "the total pot the summary writes (with an implied rake and no total: "
        "the chips put in), before rake",
        "rake": "the rake the record writes, else the smallest its money implies",
        "fees": "other deductions the record names (jackpot, bingo...)",
        "rake_source": "where rake and total_pot come from: written, implied or null (unknown)",
        "truncated": "whether the record stops before its summary (HAND_INCOMPLETE)",
        "profile": "the rule profile the hand was replayed under",
        "source_file": "the input file the hand was read from",
        "source_line": "the line of the file the hand starts at, from 1",
        "findings": "how many findings the hand's own audit made",
        "hand_key": _HAND_KEY,
        "record_sha256": "the SHA-256 of the hand's record text as read (its lines joined by "
        "newlines, UTF-8): the same record has the same in every run (--append tells the hands "
        "an earlier run of the folder audited by it)",
        "run_id": "the run that wrote the row (runs added with --append stay apart)",
    },
    "seats": {
        "hand_id": _HAND_ID,
        "seat": "the seat number",
        "player": _PLAYER,
        "starting_stack": "the stack the seat line gives",
        "hole_cards": "the player's cards, when the record shows them",
        "sitting_out": "whether the record says the player sits out",
        "ending_stack": "the stack at the end of the hand, as the replay derives it",
        "net": "ending_stack - starting_stack",
        "hand_key": _HAND_KEY,
        "run_id": "the run that wrote the row",
    },
    "actions": {
        "hand_id": _HAND_ID,
        "seq": "the action's number in the hand, from 1",
        "street": "preflop, flop, turn or river",
        "player": _PLAYER,
        "action": "post small blind, post big blind..., fold, check, call, bet or raise",
        "amount": "the chips the action put in (a raise: the chips added)",
        "to_amount": "the player's total bet in the round after it",
        "all_in": "whether the action put the player all in",
        "pot_before": "the chips in the pot, this round's bets included, before it",
        "to_call": "what the player had to put in to call",
        "min_legal": "a bet or raise: the smallest legal total bet in the round; a call: the call",
        "max_legal": "a bet or raise: the largest legal total bet in the round; a call: the call",
        "source_line": "the action's line in the input file",
        "hand_key": _HAND_KEY,
        "run_id": "the run that wrote the row",
    },
    "pots": {
        "hand_id": _HAND_ID,
        "pot_index": "0 the main pot, 1.. the side pots",
        "amount": "the chips put in that make the pot, before any rake",
        "eligible": "the players who can win the pot",
        "hi_winners": "who wins the high half (the whole pot if not split), on the first board",
        "lo_winners": "who wins the low half, on the first board",
        "hand_key": _HAND_KEY,
        "run_id": "the run that wrote the row",
    },
    "awards": {
        "hand_id": _HAND_ID,
        "pot_index": "the pot (see pots); -1: the record does not say which pot paid",
        "board": "the board, from 1 (run it twice: 1 and 2)",
        "half": "hi, lo or scoop; pots (the pot not named), not_awarded, cash_out",
        "player": _PLAYER,
        "expected": "the share the rules give of what the record paid from the pot",
        "recorded": "what the record pays the player",
        "fee": "a cash-out's fee (half cash_out); null otherwise",
        "hand_key": _HAND_KEY,
        "run_id": "the run that wrote the row",
    },
    "findings": {
        "hand_id": "the hand the finding is about (empty for a finding about a whole file)",
        "site": "the site of the finding's hand (as hands.site); null: not a hand's finding",
        "table_name": "the table of the finding's hand (as hands.table_name)",
        "code": "the finding's code (auditor explain CODE says its rule)",
        "severity": "how grave the finding is (each code has one: auditor explain CODE)",
        "street": "the street the finding is on, if any",
        "seq": "the action's number (actions.seq) the finding is at, if any",
        "player": "the player the finding is about, if any",
        "expected": "what the rules expect, as text",
        "recorded": "what the record shows, as text",
        "message": "the finding in words",
        "source_file": "the input file",
        "source_line": "the line the finding is at, from 1",
        "source_column": "the column the finding is at, from 1",
        "root": "whether the finding is a root cause (counted by the summary and --fail-on)",
        "caused_by_code": "a consequence: the code of the root finding it follows from",
        "caused_by_line": "a consequence: the root finding's line",
        "caused_by_seq": "a consequence: the root finding's action number",
        "hand_key": _HAND_KEY + "; null for a finding about a whole file",
        "fingerprint": "the finding's stable name: the same in every run, whatever the "
        "engine, workers or input order (baselines and auditor diff match by it)",
        "suppressed_by": "the baseline entry that accepted the finding (file#entry: its "
        "reason); null when none did (audit --baseline)",
        "run_id": "the run that wrote the row",
    },
    "files": {
        "source_file": "the input file as named (bytes not in the encoding shown as \\xHH)",
        "room": "the site of its first audited hand",
        "format": "the rooms that read its hands ('a+b' in a mixed file), or unsupported",
        "encoding": "the text encoding it was read in",
        "hands_read": "hands read: hands_audited + hands_skipped + hands_rejected",
        "hands_audited": "Omaha hands audited",
        "hands_skipped": "hands of other games, counted and not audited; with --skip-seen "
        "also the hands an earlier run of the folder audited, left out of this run's rows",
        "hands_rejected": "hands that could not be read (PARSE_ERROR and the like)",
        "skipped_games": "the games skipped, as JSON: game -> hands",
        "status": "read, not read (listed with the reason) or error",
        "reason": "why the file is not read, or its error",
        "size_bytes": "its size on disk (a zip member: unzipped); null for a pipe or stdin",
        "source_file_bytes": "the name's bytes exactly as the file system holds them",
        "run_id": "the run that wrote the row",
    },
}
"""What each column of each table holds, in words: the column dictionary
(``auditor columns``, and the README's "Tables and columns")."""


def unit_of(table: str, column: str) -> Unit:
    """What ``table.column``'s numbers count."""
    kind = dict(TABLES[table])[column]
    return _UNITS.get((table, column), _KIND_UNITS.get(kind, Unit.NONE))
