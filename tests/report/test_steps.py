"""hand_steps: the report's per-step states of a hand, against the tables of the same audit."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import auditor
from auditor import events as ev
from auditor.findings import CATALOGUE, Code, Finding
from auditor.pipeline import HandAuditor
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.replay.result import ReplayResult
from auditor.replay.steps import replay_steps
from auditor.report.steps import hand_steps
from auditor.results import FileSummary, HandResult, Status
from tests.corpus import manifest, room_of_row

Audited = list[tuple[int, HandResult]]


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pd.DataFrame]:
    out = tmp_path_factory.mktemp("steps") / "out"
    auditor.audit(auditor.bundled_fixtures(), out=out)
    return auditor.load(out)


@pytest.fixture(scope="module")
def audited(tables: dict[str, pd.DataFrame]) -> Audited:
    """Every audited hand of the fixtures, audited again in memory, with its hand key in
    the tables (found by its file and first line)."""
    hands = tables["hands"]
    key_of = {
        (str(f), int(line)): int(key)
        for f, line, key in zip(hands.source_file, hands.source_line, hands.hand_key, strict=True)
    }
    checker = HandAuditor()
    found: Audited = []
    for name in sorted({str(f) for f in hands.source_file}):
        for result in checker.audit_file(name, FileSummary(name)):
            if result.status is Status.AUDITED:
                found.append((key_of[(result.file, result.first_line)], result))
    return found


@pytest.fixture(scope="module")
def stepped(audited: Audited) -> dict[int, dict[str, Any]]:
    return {key: hand_steps(result, key) for key, result in audited}


def _rows(table: pd.DataFrame, key: int) -> list[dict[str, Any]]:
    picked = table[table.hand_key == key]
    records = picked.to_dict("records")
    return [{str(k): (None if v is pd.NA else v) for k, v in row.items()} for row in records]


def test_the_fixtures_have_every_kind_of_hand(
    audited: Audited, stepped: dict[int, dict[str, Any]]
) -> None:
    # what the other tests walk: run it twice, hi/lo, fixed limit, cut short, cancelled
    hands = [r.hand for _, r in audited if r.hand is not None]
    assert any(steps["boards"] > 1 for steps in stepped.values())
    assert any(steps["hi_lo"] for steps in stepped.values())
    assert any(steps["limit"] == "FL" for steps in stepped.values())
    assert any(h.truncated for h in hands)
    assert any(isinstance(e, ev.HandCancelled) for h in hands for e in h.events)
    assert len(stepped) == len(audited) > 50


def test_action_steps_are_the_actions_table(
    tables: dict[str, pd.DataFrame], stepped: dict[int, dict[str, Any]]
) -> None:
    fields = ("seq", "to_call", "min_legal", "max_legal", "pot_before", "player")
    for key, steps in stepped.items():
        rows = {row["seq"]: row for row in _rows(tables["actions"], key)}
        acted = [s for s in steps["steps"] if s["kind"] in ("action", "post") and s["seq"]]
        assert {s["seq"] for s in acted} == set(rows), steps["hand_id"]
        for step in acted:
            row = rows[step["seq"]]
            assert {f: step[f] for f in fields} == {f: row[f] for f in fields}, steps["hand_id"]
            assert step["street"] == row["street"]
            assert step["action_all_in"] == row["all_in"]
        assert all(s["kind"] in ("action", "post") for s in steps["steps"] if s["seq"])


def test_the_player_to_act_is_the_one_who_acts(stepped: dict[int, dict[str, Any]]) -> None:
    # the replay's order of play, step by step: each action in turn (the fixtures' hands
    # have no action out of turn) was announced by the step before it
    checked = 0
    for steps in stepped.values():
        seq = steps["steps"]
        for before, step in itertools.pairwise(seq):
            if step["kind"] == "action" and not step["findings"]:
                assert before["to_act"] == step["player"], (steps["hand_id"], step["text"])
                checked += 1
    assert checked > 300


def test_last_step_stacks_are_the_seats_tables_ending_stacks(
    tables: dict[str, pd.DataFrame], stepped: dict[int, dict[str, Any]]
) -> None:
    compared = 0
    for key, steps in stepped.items():
        last = steps["steps"][-1]
        assert last["kind"] == "end"
        for row in _rows(tables["seats"], key):
            if row["ending_stack"] is not None:
                assert last["stacks"][row["player"]] == row["ending_stack"], steps["hand_id"]
                assert steps["ending_stacks"][row["player"]] == row["ending_stack"]
                compared += 1
    assert compared > 200


def test_final_pots_and_awards_are_the_tables(
    tables: dict[str, pd.DataFrame], stepped: dict[int, dict[str, Any]]
) -> None:
    for key, steps in stepped.items():
        pots = [
            {
                "index": r["pot_index"],
                "amount": r["amount"],
                "eligible": list(r["eligible"]),
                "hi_winners": list(r["hi_winners"]),
                "lo_winners": list(r["lo_winners"]),
            }
            for r in _rows(tables["pots"], key)
        ]
        assert steps["pots"] == pots, steps["hand_id"]
        awards = [
            (
                r["pot_index"],
                r["board"],
                r["half"],
                r["player"],
                r["expected"],
                r["recorded"],
                r["fee"],
            )
            for r in _rows(tables["awards"], key)
        ]
        assert [tuple(a.values()) for a in steps["awards"]] == awards
        (hand,) = _rows(tables["hands"], key)
        assert steps["rake"] == (hand["rake"] or 0)
        assert steps["small_blind"] == hand["small_blind"]
        assert steps["big_blind"] == hand["big_blind"]
        # the last step's pots are the chips put in, as the pots table has them
        if pots:
            last = steps["steps"][-1]["pots"]
            assert [(p["amount"], p["eligible"]) for p in last] == [
                (p["amount"], p["eligible"]) for p in pots
            ]


def _conserved(steps: dict[str, Any]) -> None:
    """Chips stay chips at every step: behind + in front + in the middle = what the seats
    started with (and what the room added to the pot, and paid a player who cashed out:
    in his ending stack at the end, from outside the pot)."""
    seats = sum(seat["stack"] for seat in steps["seats"])
    extra = 0
    cashed = sum(a["recorded"] for a in steps["awards"] if a["half"] == "cash_out")
    for step in steps["steps"]:
        if step["kind"] == "post" and step["action"] == "extra":
            extra += step["amount"]
        if step is steps["steps"][-1]:
            extra += cashed
        total = sum(step["stacks"].values()) + sum(step["bets"].values()) + step["pot"]
        assert total == seats + extra, (steps["hand_id"], step["text"])
        assert sum(p["amount"] for p in step["pots"]) <= total


def test_chips_are_conserved_at_every_step(stepped: dict[int, dict[str, Any]]) -> None:
    for steps in stepped.values():
        _conserved(steps)
        assert steps["steps"][0]["kind"] == "start"
        assert steps["steps"][0]["pot"] == 0
        assert sum(steps["steps"][0]["stacks"].values()) == sum(s["stack"] for s in steps["seats"])


def test_every_finding_is_on_a_step(
    tables: dict[str, pd.DataFrame], stepped: dict[int, dict[str, Any]]
) -> None:
    seen = 0
    for key, steps in stepped.items():
        mine = [(f["code"], f["source_line"], f["message"]) for f in steps["findings"]]
        for row in _rows(tables["findings"], key):
            assert (row["code"], row["source_line"], row["message"]) in mine
            seen += 1
        for index, finding in enumerate(steps["findings"]):
            assert 0 <= finding["step"] < len(steps["steps"])
            assert index in steps["steps"][finding["step"]]["findings"]
            assert finding["rule"] == CATALOGUE[Code(finding["code"])].rule
    audited = tables["findings"][tables["findings"].hand_key.isin(list(stepped))]
    assert seen == len(audited) > 5


def test_a_wrong_call_is_found_on_its_own_step() -> None:
    text = (auditor.bundled_fixtures() / "pokerstars" / "cash_plo_every_line.txt").read_text()
    assert "bob: the [builder]: calls $3.50" in text
    wrong = text.replace("bob: the [builder]: calls $3.50", "bob: the [builder]: calls $2.50", 1)
    (result,) = auditor.audit_text(wrong)
    steps = hand_steps(result, 1)
    (finding,) = [f for f in steps["findings"] if f["code"] == Code.CALL_WRONG]
    step = steps["steps"][finding["step"]]
    assert step["kind"] == "action" and step["player"] == "bob: the [builder]"
    assert step["seq"] == finding["seq"] is not None
    assert step["text"] == "bob: the [builder] calls $2.50"
    assert (step["to_call"], step["min_legal"], step["max_legal"]) == (350, 350, 350)
    assert step["findings"] == [steps["findings"].index(finding)]
    _conserved(steps)


def test_a_finding_of_the_run_on_a_seat_line_is_on_the_start_step() -> None:
    # the run's cross-hand findings (continuity, duplicates) are in the findings table,
    # not in the hand's result: the report passes them in
    text = (auditor.bundled_fixtures() / "pokerstars" / "cash_plo_every_line.txt").read_text()
    (result,) = auditor.audit_text(text)
    assert result.hand is not None
    seat = next(e for e in result.hand.events if isinstance(e, ev.SeatTaken))
    continuity = Finding(
        Code.STACK_CONTINUITY,
        result.hand_id,
        f"{seat.player} starts with a stack he did not end the last hand with",
        seat.span,
        player=seat.player,
    )
    steps = hand_steps(result, 7, more_findings=[continuity])
    (found,) = [f for f in steps["findings"] if f["code"] == Code.STACK_CONTINUITY]
    assert found["step"] == 0 and found["source_line"] == seat.span.line
    assert steps["steps"][0]["findings"] == [steps["findings"].index(found)]
    assert steps["steps"][0]["stacks"][seat.player] == seat.stack


def test_log_lines_say_what_was_done(stepped: dict[int, dict[str, Any]]) -> None:
    texts = [s["text"] for steps in stepped.values() for s in steps["steps"]]
    assert "Ann Lee raises to $3.50" in texts  # "Ann Lee: raises $2.50 to $3.50"
    assert "frank calls $0.50 (all-in)" in texts
    assert all(texts)


def test_results_are_json(stepped: dict[int, dict[str, Any]]) -> None:
    for steps in stepped.values():
        assert json.loads(json.dumps(steps)) == steps


def _as_handed_on(replay: ReplayResult, again: ReplayResult) -> ReplayResult:
    """What a replay (``again``) of the hand the pipeline hands on says: where win lines
    held a bet nobody called (ReplayResult.netted), that hand's lines are netted, and the
    bet is a return no line writes. Whether the first replay counted it in
    unwritten_returns differs between the two conventions (Hand.wins_hold_returns counts
    it, uncalled_returns_in_wins does not: to unify, see the stop-32 note); all else is the
    same."""
    if not replay.netted:
        return replay
    return dataclasses.replace(replay, unwritten_returns=again.unwritten_returns)


def test_the_replay_is_the_same_with_the_steps(audited: Audited) -> None:
    for _, result in audited:
        assert result.hand is not None and result.replay is not None
        profile = load_profile(result.replay.profile)
        stepped, snapshots = replay_steps(result.hand, profile)
        assert stepped == replay_hand(result.hand, profile) == _as_handed_on(result.replay, stepped)
        assert len(snapshots) >= 2


def test_a_hand_without_replay_or_showdown_is_stepped(audited: Audited) -> None:
    for key, result in audited[:10]:
        bare = dataclasses.replace(result, replay=None, showdown=None)
        steps = hand_steps(bare, key)
        assert steps["pots"] == [] and steps["awards"] == []
        _conserved(steps)
        json.dumps(steps)


def _corpus_results() -> Iterator[tuple[int, HandResult]]:
    checker = HandAuditor()
    key = 0
    for row in manifest():
        if room_of_row(row) is None or not row.path.is_file():
            continue
        for result in checker.audit_file(str(row.path), FileSummary(str(row.path))):
            key += 1
            if result.status is Status.AUDITED:
                yield key, result


@pytest.mark.slow
def test_every_corpus_hand_is_stepped(corpus: Path) -> None:
    stepped = 0
    for key, result in _corpus_results():
        steps = hand_steps(result, key)
        _conserved(steps)
        json.dumps(steps)
        assert result.hand is not None and result.replay is not None
        replayed, _ = replay_steps(result.hand, load_profile(result.replay.profile))
        assert replayed == _as_handed_on(result.replay, replayed)
        stepped += 1
    assert stepped > 1000
