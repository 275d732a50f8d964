"""Cash-outs: money of the hand settled outside the pot, and whether the record's
numbers for it add up.

A room records "X cashed out the hand for $A | Cash Out Fee $F" (read as CashedOut): X,
all-in before the last card, took A, the value of his share of the pot (A + F) less the
room's fee, and the room played the hand on in his place. A pot X then wins is kept by the
room (the summary says "pot not awarded as player cashed out"); a pot he loses goes to its
winner as usual.
So the cash-out is paid by the room, not by the pot, and the pot still adds up: its
total is the rake, what was collected and what the room kept (``pot_findings``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.money import format_minor
from auditor.replay.result import PotRecord


def cash_out_findings(
    start: ev.HandStarted,
    cash_outs: Sequence[ev.CashedOut],
    not_awarded: Sequence[ev.PotNotAwarded],
    pots: Sequence[PotRecord] | None,
    collected: Mapping[str, int],
    live: Collection[str],
    fee_percent: Decimal | None = None,
) -> list[Finding]:
    """CASH_OUT (info) for each cash-out; CASH_OUT_WRONG where its numbers do not add up.

    ``pots`` is None when the hand did not reach its end (cut short, cancelled): then only
    what the lines say by themselves is checked. ``fee_percent``: the profile's fee, as a
    percentage of the cash-out's value (None: not judged)."""
    found: list[Finding] = []
    hand_id = start.hand_id

    def money(amount: int) -> str:
        return format_minor(amount, start.scale)

    def wrong(event: ev.Event, player: str, message: str, expected: str, recorded: str) -> None:
        found.append(
            Finding(
                Code.CASH_OUT_WRONG,
                hand_id,
                message,
                event.span,
                street="showdown",
                player=player,
                expected=expected,
                recorded=recorded,
            )
        )

    cashed: dict[str, ev.CashedOut] = {}
    for event in cash_outs:
        paid, fee = event.amount or 0, event.fee or 0
        cashed[event.player] = event
        found.append(
            Finding(
                Code.CASH_OUT,
                hand_id,
                f"{event.player} cashed out the hand for {money(paid)} (fee {money(fee)}): "
                "the hand's money was settled outside the pot",
                event.span,
                street="showdown",
                player=event.player,
                expected="",
                recorded=f"{money(paid)} + fee {money(fee)}",
            )
        )
        if fee_percent is not None and event.fee is not None:
            exact = Decimal(paid + fee) * fee_percent / 100
            if abs(fee - exact) > Decimal("0.5"):  # to the nearest unit, a tie either way
                wrong(
                    event,
                    event.player,
                    f"the cash-out fee is not {fee_percent}% of the cash-out's value "
                    f"({money(paid + fee)})",
                    money(int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))),
                    money(fee),
                )
    for kept in not_awarded:
        if kept.player not in cashed:
            wrong(
                kept,
                kept.player,
                f"the pot {kept.player} won was not awarded to him, but he did not cash out",
                f"{kept.player} paid {money(kept.amount)}, or a cash-out line for him",
                f"won {money(kept.amount)}, not awarded",
            )
    if pots is None or not cashed:
        return found
    in_hand: list[ev.CashedOut] = []
    for player, event in cashed.items():
        value = (event.amount or 0) + (event.fee or 0)
        if player not in live:
            wrong(
                event,
                player,
                f"{player} cashed out of a hand he was not in to the end",
                "a player still in the hand",
                "not in the hand",
            )
            continue
        in_hand.append(event)
        can_win = sum(p.amount for p in pots if player in p.eligible)
        if value > can_win:
            wrong(
                event,
                player,
                f"{player}'s cash-out and fee are worth more than the pots he can win",
                f"at most {money(can_win)}",
                money(value),
            )
        if collected.get(player, 0) > 0:
            wrong(
                event,
                player,
                f"{player} cashed out and collected from the pot as well",
                "the cash-out or the pot, not both",
                f"{money(event.amount or 0)} cashed out, {money(collected[player])} collected",
            )
    if len(in_hand) > 1:
        # each value is a share of the pots: together they cannot be worth more than them
        players = {e.player for e in in_hand}
        pots_at_stake = sum(p.amount for p in pots if players & set(p.eligible))
        values = sum((e.amount or 0) + (e.fee or 0) for e in in_hand)
        if values > pots_at_stake:
            last = in_hand[-1]
            wrong(
                last,
                last.player,
                f"the cash-outs of {', '.join(sorted(players))} together are worth more than "
                "the pots they can win",
                f"at most {money(pots_at_stake)}",
                money(values),
            )
    return found
