"""``auditor replay``: one hand step by step, as a person reads it."""

from __future__ import annotations

from rich.console import Console

from auditor import events as ev
from auditor.money import format_minor
from auditor.replay.result import ActionRecord
from auditor.results import HandResult
from auditor.terminal import printable


def print_replay(result: HandResult, out: Console) -> None:
    """Each action with the pot before it, the amount to call and the legal range; the
    findings under the line they are about; stacks at the end.

    Names and messages come from the input: each line is printed with its control
    characters made visible (:func:`~auditor.terminal.printable`)."""

    def say(line: str) -> None:
        out.print(printable(line))

    if result.hand is None or result.replay is None:
        for finding in result.findings:
            say(f"{finding.code} at {finding.source}: {finding.message}")
        return
    hand, replay = result.hand, result.replay
    start = hand.start

    def money(amount: int | None) -> str:
        return "-" if amount is None else format_minor(amount, start.scale)

    say(
        f"hand {start.hand_id}  {start.site}  {start.game}  {money(start.small_stake)}/"
        f"{money(start.big_stake)} {start.currency}  table {start.table_name!r}  "
        f"button seat {start.button_seat}  profile {replay.profile}"
    )
    stacks = dict(replay.starting_stacks)
    for player, stack in stacks.items():
        say(f"  {player}: {money(stack)}")
    by_line: dict[int, list[str]] = {}
    for finding in result.findings:
        text = f"    !! {finding.code} ({finding.severity}): {finding.message}"
        if finding.expected or finding.recorded:
            text += f" [expected {finding.expected or '-'}, recorded {finding.recorded or '-'}]"
        root = finding.caused_by
        if root is not None:
            text += f" (follows from {root.code} on line {root.source.line})"
        by_line.setdefault(finding.source.line, []).append(text)
    # a line may hold several actions (blinds a layout does not write, read on one line)
    actions: dict[int, list[ActionRecord]] = {}
    for row in replay.actions:
        actions.setdefault(row.source_line, []).append(row)
    for event in hand.events:
        line = event.span.line
        if isinstance(event, ev.StreetDealt) and event.cards:
            board = " ".join(str(c) for c in event.cards)
            label = (
                event.street.value
                if event.board == 1
                else f"{event.street.value} (board {event.board})"
            )
            say(f"-- {label}: [{board}]")
        for action in actions.pop(line, []):
            size = "" if action.amount is None else f" {money(action.amount)}"
            to = "" if action.to_amount is None else f" (to {money(action.to_amount)})"
            legal = (
                ""
                if action.min_legal is None
                else f"  legal {money(action.min_legal)}..{money(action.max_legal)}"
            )
            say(
                f"{line:>5} #{action.seq} {action.player} {action.action}{size}{to}"
                f"{' all-in' if action.all_in else ''}   pot {money(action.pot_before)}"
                f"  to call {money(action.to_call)}{legal}"
            )
        for text in by_line.pop(line, []):
            say(text)
    for texts in by_line.values():
        for text in texts:
            say(text)
    say("ending stacks:")
    for player, stack in replay.ending_stacks:
        net = stack - stacks.get(player, 0)
        say(f"  {player}: {money(stack)} ({'+' if net >= 0 else ''}{money(net)})")
    roots = sum(1 for finding in result.findings if finding.is_root)
    followed = len(result.findings) - roots
    say(f"{roots} finding(s)" + (f", and {followed} that follow from them" if followed else ""))
