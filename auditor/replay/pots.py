"""Pots from the chips put in, and the record's totals checked against them."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.money import format_minor
from auditor.replay.result import PotRecord
from auditor.source import SourceSpan


def build_pots(
    contributed: Mapping[str, int],
    live: set[str],
    order: list[str],
    dead_posts: Mapping[str, int] | None = None,
    all_in: Collection[str] | None = None,
) -> list[PotRecord]:
    """Main pot and side pots: each all-in level of a player still in the hand closes a pot.

    Folded players' chips go into the pots they reach; only live players are eligible.
    ``dead_posts``: chips posted dead for the table (a big blind's ante), part of
    ``contributed`` but no part of the poster's bet: in the main pot, and no part of his
    level (else they alone would make a side pot only he can win).
    ``all_in``: the players who went all-in, when known: only their levels close a pot,
    and a live player who is not all-in is eligible for every pot (chips a live player
    put in beyond another's, where nobody is all-in, make no side pot: a dead chip).

    >>> for pot in build_pots({"a": 50, "b": 200, "c": 200}, {"a", "b", "c"}, ["a", "b", "c"]):
    ...     print(pot.index, pot.amount, pot.eligible)
    0 150 ('a', 'b', 'c')
    1 300 ('b', 'c')
    >>> for pot in build_pots({"a": 10, "b": 30, "c": 20}, {"a", "b"}, ["a", "b", "c"]):
    ...     print(pot.index, pot.amount, pot.eligible)
    0 30 ('a', 'b')
    1 30 ('b',)
    """
    posted_dead = dead_posts or {}
    dead = sum(posted_dead.values())
    if dead:
        contributed = {p: c - posted_dead.get(p, 0) for p, c in contributed.items()}
    capped = live if all_in is None else live & set(all_in)
    levels = sorted({contributed[p] for p in capped if contributed.get(p, 0) > 0})
    if all_in is not None:
        uncapped = [contributed.get(p, 0) for p in live - capped]
        if uncapped and max(uncapped) > 0:
            levels = sorted({*levels, max(uncapped)})
    top = max(contributed.values(), default=0)
    if levels and top > levels[-1]:
        levels[-1] = top  # chips of folded players above every live player's go to the last pot
    pots: list[PotRecord] = []
    floor = 0
    live_max = _live_max(contributed, live)
    for level in levels:
        amount = sum(max(0, min(c, level) - floor) for c in contributed.values())
        eligible = tuple(
            p
            for p in order
            if p in live and (p not in capped or contributed.get(p, 0) >= min(level, live_max))
        )
        if pots and pots[-1].eligible == eligible:
            last = pots.pop()
            amount += last.amount
        if amount > 0:
            pots.append(PotRecord(len(pots), amount, eligible))
        floor = level
    if dead:
        if pots:
            main = pots[0]
            pots[0] = PotRecord(0, main.amount + dead, main.eligible)
        else:  # nothing but the table's ante went in: the live players' pot
            pots.append(PotRecord(0, dead, tuple(p for p in order if p in live)))
    return pots


def _net_of_rake(amounts: list[int], rake: int) -> list[int]:
    """Each pot less its share of the rake, in proportion to its size.

    >>> _net_of_rake([247, 93, 30], 18)
    [235, 88, 29]
    """
    total = sum(amounts)
    if total == 0:
        return amounts
    return [a - (rake * a + total // 2) // total for a in amounts]


def _live_max(contributed: Mapping[str, int], live: set[str]) -> int:
    return max((contributed.get(p, 0) for p in live), default=0)


def pot_findings(
    start: ev.HandStarted,
    pots: list[PotRecord],
    summary: ev.SummaryPot | None,
    collected: Mapping[str, int],
    contributed: Mapping[str, int],
    extra: int,
    summary_won: Mapping[str, int],
    span: SourceSpan,
    *,
    not_awarded: Mapping[str, int] | None = None,
    unwritten_returns: int = 0,
) -> list[Finding]:
    """POT_WRONG where the summary's pots differ from the chips put in; CHIPS_NOT_CONSERVED
    where what was paid out, kept and raked is not what was put in (``not_awarded``: what
    the summary says players won and the room kept, as they had cashed out;
    ``unwritten_returns``: uncalled bets returned by the rules that the layout never writes,
    which its "collected" may count: a walk may pay the big blind the whole blinds)."""
    found: list[Finding] = []

    def money(amount: int) -> str:
        return format_minor(amount, start.scale)

    total = sum(contributed.values()) + extra
    hand_id = start.hand_id
    if summary is None:
        # No total pot line (a layout may have none): what was paid can still be weighed against
        # the chips put in. A tournament hand has no rake (the fee is paid with the buy-in),
        # so everything is paid out; in a cash game the rake is unknown, but never negative.
        paid = sum(collected.values())
        most = total + unwritten_returns
        if paid not in (total, most) if start.tournament_id is not None else paid > most:
            found.append(
                Finding(
                    Code.CHIPS_NOT_CONSERVED,
                    hand_id,
                    "chips paid out are not the chips put in"
                    if start.tournament_id is not None
                    else "more chips paid out than were put in",
                    span,
                    street="showdown",
                    expected=money(total),
                    recorded=money(paid),
                )
            )
        return found
    if summary.total_written and summary.total != total:
        found.append(
            Finding(
                Code.POT_WRONG,
                hand_id,
                "the total pot is not the chips put in",
                summary.span,
                street="showdown",
                expected=money(total),
                recorded=money(summary.total),
            )
        )
    deducted = (summary.rake or 0) + sum(amount for _, amount in summary.fees)
    if summary.main is not None:
        listed = [summary.main, *summary.side_pots]
        raw = [p.amount for p in pots]
        if raw and extra:  # money the room put in the pot (splash, cash drop): the main pot's
            raw[0] += extra
        # Rooms list each pot net of the rake, taken from the main pot or shared among the
        # pots (how is the room's choice): each pot must be its chips less part of the rake.
        close = len(listed) == len(raw) and all(
            r - deducted <= a <= r for a, r in zip(listed, raw, strict=True)
        )
        if not close or sum(listed) + deducted != total:
            found.append(
                Finding(
                    Code.POT_WRONG,
                    hand_id,
                    "the main and side pots are not the chips put in",
                    summary.span,
                    street="showdown",
                    expected=" / ".join(money(a) for a in _net_of_rake(raw, deducted)),
                    recorded=" / ".join(money(a) for a in listed),
                )
            )
    kept = sum(not_awarded.values()) if not_awarded else 0
    # the summary's "won" holds what the room kept; collect lines only what was paid
    paid = sum(collected.values()) + kept if collected else sum(summary_won.values())
    if paid + deducted != total:
        found.append(
            Finding(
                Code.CHIPS_NOT_CONSERVED,
                hand_id,
                "chips paid out plus rake are not the chips put in",
                span,
                street="showdown",
                expected=money(total - deducted),
                recorded=money(paid),
            )
        )
    return found
