"""The Parquet schema of every output table, written down once.

Money is int64 in the hand's minor unit (``hands.unit`` says how many make
one ``hands.currency``: 100 for cents, 1 for chips); never a float.
Categorical columns are dictionary-encoded.
"""

from __future__ import annotations

import pyarrow as pa

CATEGORY = pa.dictionary(pa.int32(), pa.string())
MONEY = pa.int64()

HANDS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("site", CATEGORY),
        ("game", CATEGORY),
        ("variant", CATEGORY),
        ("limit", CATEGORY),
        ("hi_lo", pa.bool_()),
        ("currency", CATEGORY),
        ("unit", pa.int32()),
        ("small_blind", MONEY),
        ("big_blind", MONEY),
        ("small_bet", MONEY),
        ("big_bet", MONEY),
        ("started_at", pa.timestamp("s", tz="UTC")),
        ("started_at_local", pa.timestamp("s")),
        ("time_zone", CATEGORY),
        ("table_name", pa.string()),
        ("max_seats", pa.int16()),
        ("button_seat", pa.int16()),
        ("tournament_id", pa.string()),
        ("level", pa.string()),
        ("board", pa.string()),
        ("total_pot", MONEY),
        ("rake", MONEY),
        ("fees", MONEY),  # other deductions the record names (jackpot, bingo...)
        ("truncated", pa.bool_()),
        ("profile", CATEGORY),
        ("source_file", CATEGORY),
        ("source_line", pa.int64()),
        ("findings", pa.int32()),
    ]
)

SEATS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("seat", pa.int16()),
        ("player", pa.string()),
        ("starting_stack", MONEY),
        ("hole_cards", pa.string()),
        ("sitting_out", pa.bool_()),
        ("ending_stack", MONEY),
        ("net", MONEY),
    ]
)

ACTIONS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("seq", pa.int32()),
        ("street", CATEGORY),
        ("player", pa.string()),
        ("action", CATEGORY),
        ("amount", MONEY),
        ("to_amount", MONEY),
        ("all_in", pa.bool_()),
        ("pot_before", MONEY),
        ("to_call", MONEY),
        ("min_legal", MONEY),
        ("max_legal", MONEY),
        ("source_line", pa.int64()),
    ]
)

POTS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("pot_index", pa.int16()),
        ("amount", MONEY),  # the chips put in that make the pot, before any rake
        ("eligible", pa.list_(pa.string())),
        ("hi_winners", pa.list_(pa.string())),  # on the first board
        ("lo_winners", pa.list_(pa.string())),
    ]
)

AWARDS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("pot_index", pa.int16()),
        ("board", pa.int8()),
        ("half", CATEGORY),  # hi/lo or scoop
        ("player", pa.string()),
        ("expected", MONEY),  # the share the rules give of what the record paid from the pot
        ("recorded", MONEY),
    ]
)

FINDINGS = pa.schema(
    [
        ("hand_id", pa.string()),
        ("code", CATEGORY),
        ("severity", CATEGORY),
        ("street", CATEGORY),
        ("seq", pa.int32()),
        ("player", pa.string()),
        ("expected", pa.string()),
        ("recorded", pa.string()),
        ("message", pa.string()),
        ("source_file", CATEGORY),
        ("source_line", pa.int64()),
        ("source_column", pa.int32()),
    ]
)

FILES = pa.schema(
    [
        ("source_file", pa.string()),
        ("room", CATEGORY),
        ("format", CATEGORY),
        ("encoding", CATEGORY),
        ("hands_read", pa.int64()),
        ("hands_audited", pa.int64()),
        ("hands_skipped", pa.int64()),
        ("hands_rejected", pa.int64()),
        ("skipped_games", pa.string()),
    ]
)

# Every table ends with the run that wrote it, so that runs added with --append stay apart.
RUN_ID = pa.field("run_id", CATEGORY)

_TABLES: dict[str, pa.Schema] = {
    "hands": HANDS,
    "seats": SEATS,
    "actions": ACTIONS,
    "pots": POTS,
    "awards": AWARDS,
    "findings": FINDINGS,
    "files": FILES,
}

SCHEMAS: dict[str, pa.Schema] = {name: schema.append(RUN_ID) for name, schema in _TABLES.items()}
