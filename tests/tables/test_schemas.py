"""Every table's columns and types, pinned: a change here is a change of the contract."""

from __future__ import annotations

import pytest

from auditor.tables.schemas import SCHEMAS

PINNED: dict[str, list[tuple[str, str]]] = {
    "hands": [
        ("hand_id", "string"),
        ("site", "dictionary<values=string, indices=int32, ordered=0>"),
        ("game", "dictionary<values=string, indices=int32, ordered=0>"),
        ("variant", "dictionary<values=string, indices=int32, ordered=0>"),
        ("limit", "dictionary<values=string, indices=int32, ordered=0>"),
        ("hi_lo", "bool"),
        ("currency", "dictionary<values=string, indices=int32, ordered=0>"),
        ("unit", "int32"),
        ("small_blind", "int64"),
        ("big_blind", "int64"),
        ("small_bet", "int64"),
        ("big_bet", "int64"),
        ("started_at", "timestamp[s, tz=UTC]"),
        ("started_at_local", "timestamp[s]"),
        ("time_zone", "dictionary<values=string, indices=int32, ordered=0>"),
        ("table_name", "string"),
        ("max_seats", "int16"),
        ("button_seat", "int16"),
        ("tournament_id", "string"),
        ("level", "string"),
        ("board", "string"),
        ("total_pot", "int64"),
        ("rake", "int64"),
        ("fees", "int64"),
        ("rake_source", "dictionary<values=string, indices=int32, ordered=0>"),
        ("truncated", "bool"),
        ("profile", "dictionary<values=string, indices=int32, ordered=0>"),
        ("source_file", "dictionary<values=string, indices=int32, ordered=0>"),
        ("source_line", "int64"),
        ("findings", "int32"),
        ("hand_key", "int64"),
        ("record_sha256", "string"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "seats": [
        ("hand_id", "string"),
        ("seat", "int16"),
        ("player", "string"),
        ("starting_stack", "int64"),
        ("hole_cards", "string"),
        ("sitting_out", "bool"),
        ("ending_stack", "int64"),
        ("net", "int64"),
        ("hand_key", "int64"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "actions": [
        ("hand_id", "string"),
        ("seq", "int32"),
        ("street", "dictionary<values=string, indices=int32, ordered=0>"),
        ("player", "string"),
        ("action", "dictionary<values=string, indices=int32, ordered=0>"),
        ("amount", "int64"),
        ("to_amount", "int64"),
        ("all_in", "bool"),
        ("pot_before", "int64"),
        ("to_call", "int64"),
        ("min_legal", "int64"),
        ("max_legal", "int64"),
        ("source_line", "int64"),
        ("hand_key", "int64"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "pots": [
        ("hand_id", "string"),
        ("pot_index", "int16"),
        ("amount", "int64"),
        ("eligible", "list<item: string>"),
        ("hi_winners", "list<item: string>"),
        ("lo_winners", "list<item: string>"),
        ("hand_key", "int64"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "awards": [
        ("hand_id", "string"),
        ("pot_index", "int16"),
        ("board", "int8"),
        ("half", "dictionary<values=string, indices=int32, ordered=0>"),
        ("player", "string"),
        ("expected", "int64"),
        ("recorded", "int64"),
        ("fee", "int64"),
        ("hand_key", "int64"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "findings": [
        ("hand_id", "string"),
        ("site", "dictionary<values=string, indices=int32, ordered=0>"),
        ("table_name", "string"),
        ("code", "dictionary<values=string, indices=int32, ordered=0>"),
        ("severity", "dictionary<values=string, indices=int32, ordered=1>"),
        ("street", "dictionary<values=string, indices=int32, ordered=0>"),
        ("seq", "int32"),
        ("player", "string"),
        ("expected", "string"),
        ("recorded", "string"),
        ("message", "string"),
        ("source_file", "dictionary<values=string, indices=int32, ordered=0>"),
        ("source_line", "int64"),
        ("source_column", "int32"),
        ("root", "bool"),
        ("caused_by_code", "dictionary<values=string, indices=int32, ordered=0>"),
        ("caused_by_line", "int64"),
        ("caused_by_seq", "int32"),
        ("hand_key", "int64"),
        ("fingerprint", "string"),  # added for issue 26: baselines and diffs
        ("suppressed_by", "string"),  # added for issue 26: audit --baseline
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
    "files": [
        ("source_file", "string"),
        ("room", "dictionary<values=string, indices=int32, ordered=0>"),
        ("format", "dictionary<values=string, indices=int32, ordered=0>"),
        ("encoding", "dictionary<values=string, indices=int32, ordered=0>"),
        ("hands_read", "int64"),
        ("hands_audited", "int64"),
        ("hands_skipped", "int64"),
        ("hands_rejected", "int64"),
        ("skipped_games", "string"),
        ("status", "dictionary<values=string, indices=int32, ordered=0>"),
        ("reason", "string"),
        ("size_bytes", "int64"),
        ("source_file_bytes", "binary"),
        ("run_id", "dictionary<values=string, indices=int32, ordered=0>"),
    ],
}


@pytest.mark.parametrize("table", sorted(PINNED))
def test_table_schema_is_pinned(table: str) -> None:
    assert [(f.name, str(f.type)) for f in SCHEMAS[table]] == PINNED[table]


def test_no_table_is_added_or_dropped_unnoticed() -> None:
    assert sorted(SCHEMAS) == sorted(PINNED)


def test_money_is_never_a_float() -> None:
    for table, schema in SCHEMAS.items():
        for field in schema:
            assert "float" not in str(field.type) and "double" not in str(field.type), (
                table,
                field.name,
            )
