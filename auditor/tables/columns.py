"""The columns of every output table, in order, each with the kind of value it holds.

Written down once, here, without pyarrow: worker processes build rows column by column
from these names and never import pyarrow (nor the pandas it pulls in), which keeps
each of them small. :mod:`auditor.tables.schemas` turns the kinds into the Parquet
schema. Money is int64 in the hand's minor unit (``hands.unit`` says how many make one
``hands.currency``: 100 for cents, 1 for chips); never a float. A ``category`` column
is dictionary-encoded; an ``ordered`` column is too, its values in the order of
:data:`LEVELS` (the dictionary holds every level, in order, in every file), so that
pandas reads it as an ordered categorical.

``hand_key`` (int64, the last column before ``run_id`` of every table but ``files``) is
the hand record's place in the run's input: 1 for the first hand read, then one more
for each hand, in the order of the inputs (files as given, folders sorted) and of the
hands in each file, whether it is audited, skipped or rejected. It names one record
exactly within a run, whatever the engine or the number of workers; a hand id does
not (the same hand is often exported twice, see HAND_DUPLICATE). Join tables on
(run_id, hand_key). A finding about a whole file (TEXT_OUTSIDE_HAND,
FORMAT_UNSUPPORTED) has none.
"""

from __future__ import annotations

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
