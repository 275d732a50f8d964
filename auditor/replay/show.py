"""``auditor replay``: one hand step by step, as a person reads it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from rich.console import Console

from auditor import events as ev
from auditor.cards import Card
from auditor.money import format_minor
from auditor.replay.event_index import EventIndex, index_events
from auditor.replay.result import ActionRecord
from auditor.results import HandResult
from auditor.showdown.rake import hand_rake
from auditor.terminal import printable

Money = Callable[[int | None], str]
# an award's half as said: the record's names for what is not a hi/lo share of a pot
_HALVES = {"pots": "(pot not named)", "not_awarded": "not awarded", "cash_out": "cashed out"}


def print_replay(result: HandResult, out: Console) -> None:
    """The hole cards beside the starting stacks; each action with the pot before it, the
    amount to call and the legal range; each board, the showdown's shows and mucks, the
    uncalled bets returned and the pots collected at their lines; the findings under the
    line they are about; then the pots, each award (expected against recorded), the rake
    and the stacks at the end.

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
    read = result.index if result.index is not None else index_events(hand.events)
    stacks = dict(replay.starting_stacks)
    for player, stack in stacks.items():
        cards = read.hole.get(player)  # as dealt, or the most the record shows of them
        say(f"  {player}: {money(stack)}" + (f"  [{_cards(cards)}]" if cards else ""))
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
        shown = _event_line(event, money)
        if shown:
            say(f"{line:>5} {shown}")
        for text in by_line.pop(line, []):
            say(text)
    for texts in by_line.values():
        for text in texts:
            say(text)
    for text in _settlement(result, read, money):
        say(text)
    say("ending stacks:")
    for player, stack in replay.ending_stacks:
        net = stack - stacks.get(player, 0)
        say(f"  {player}: {money(stack)} ({'+' if net >= 0 else ''}{money(net)})")
    roots = sum(1 for finding in result.findings if finding.is_root)
    followed = len(result.findings) - roots
    say(f"{roots} finding(s)" + (f", and {followed} that follow from them" if followed else ""))


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _pot_name(index: int) -> str:
    if index < 0:
        return "a pot the record does not name"
    return "main pot" if index == 0 else f"side pot {index}"


def _event_line(event: ev.Event, money: Money) -> str:
    """What a showdown or settlement line of the record did ("" for the others)."""
    if isinstance(event, ev.Shown):
        said = f" ({event.description})" if event.description else ""
        return f"{event.player} shows [{_cards(event.cards)}]{said}"
    if isinstance(event, ev.Mucked):
        return f"{event.player} mucks" + (f" [{_cards(event.cards)}]" if event.cards else "")
    if isinstance(event, ev.NotShown):
        return f"{event.player} does not show"
    if isinstance(event, ev.UncalledReturned):
        return f"uncalled {money(event.amount)} returned to {event.player}"
    if isinstance(event, ev.Collected):
        pot = "the pot" if not event.names_pot else "the main pot" if not event.pot else ""
        pot = pot or _pot_name(event.pot)
        half = f" ({event.half.value})" if event.half is not None else ""
        return f"{event.player} collects {money(event.amount)} from {pot}{half}"
    return ""


def _settlement(result: HandResult, read: EventIndex, money: Money) -> Iterator[str]:
    """The pots (with their winners by the rules), each award, and the rake."""
    assert result.replay is not None
    replay, settled = result.replay, result.showdown
    won = {p.pot_index: p for p in settled.pots if p.board == 1} if settled else {}
    if replay.pots:
        yield "pots:"
    for pot in replay.pots:
        winners = won.get(pot.index)
        said = ""
        if winners is not None and winners.hi_winners:
            high, low = ", ".join(winners.hi_winners), ", ".join(winners.lo_winners)
            said = f"; high {high}, low {low}" if low else f"; won by {high}"
        eligible = ", ".join(pot.eligible)
        yield f"  {_pot_name(pot.index)} {money(pot.amount)}, eligible {eligible}{said}"
    awards = settled.awards if settled is not None else ()
    if awards:
        yield "awards (by the rules, and as the record pays):"
    for award in awards:
        board = f" (board {award.board})" if award.board > 1 else ""
        half = _HALVES.get(award.half, award.half)
        expected = "unknown" if award.expected is None else money(award.expected)
        fee = f", fee {money(award.fee)}" if award.fee else ""
        differs = (
            "  << differs"
            if award.expected is not None and award.expected != award.recorded
            else ""
        )
        yield (
            f"  {_pot_name(award.pot_index)}{board} {half}: {award.player} expected "
            f"{expected}, recorded {money(award.recorded)}{fee}{differs}"
        )
    rake = hand_rake(read.summary_pot, replay)
    total = "unwritten" if rake.total_pot is None else money(rake.total_pot)
    source = f" ({rake.source.value})" if rake.source is not None else ""
    taken = "not written" if rake.rake is None else money(rake.rake)
    fees = f", other fees {money(replay.fees)}" if replay.fees else ""
    yield f"total pot {total}, rake {taken}{source}{fees}"
