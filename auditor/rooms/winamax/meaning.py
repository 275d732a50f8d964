"""What Winamax's records mean beyond their lines, read off the whole hand: the returns
of uncalled bets its collect lines hold, and the seats it lists that were not dealt in
(see :mod:`auditor.rooms.winamax.reader`'s docstring for the records that show them)."""

from __future__ import annotations

from dataclasses import replace

from auditor import events as ev


def unmatched_bets(events: list[ev.Event], big: int) -> list[tuple[int, str, int]]:
    """Each round's unmatched bet (the top bet less the next one, with its bettor), with
    the index of the event that ends its round (the next street, or the showdown, the
    first collect line, the summary). The bets: the posts' live chips (of both blinds,
    ``big``) and the chips lines' amounts as written (the total, else the chips added)."""
    found: list[tuple[int, str, int]] = []
    bets: dict[str, int] = {}
    for i, event in enumerate(events):
        if isinstance(event, ev.Posted):
            if event.kind is ev.PostKind.SMALL_AND_BIG:
                live = min(event.amount, big)
            elif event.kind in (ev.PostKind.ANTE, ev.PostKind.MISSED_BLIND):
                live = 0
            else:
                live = event.amount
            bets[event.player] = bets.get(event.player, 0) + live
        elif isinstance(event, ev.ChipsIn):
            so_far = bets.get(event.player, 0)
            bets[event.player] = event.to if event.to is not None else so_far + (event.added or 0)
        elif isinstance(event, ev.StreetDealt) and event.street is ev.Street.PREFLOP:
            continue
        elif isinstance(
            event, ev.StreetDealt | ev.ShowdownStarted | ev.Collected | ev.SummaryStarted
        ):
            top = second = 0
            leader = ""
            for player, bet in bets.items():
                if bet > top:
                    top, second, leader = bet, top, player
                elif bet > second:
                    second = bet
            if top > second:
                found.append((i, leader, top - second))
            if not isinstance(event, ev.StreetDealt):
                break  # no betting round after these
            bets = {}
    return found


def with_returns(events: list[ev.Event], big: int) -> list[ev.Event]:
    """The events with the return of each round's unmatched bet written as its own event
    where the record holds it: on the bettor's collect line of that very amount (a side
    pot of his bet alone), else on his collect line that holds more (the return taken
    out of it); of several, the last side pot's. A bettor who collects nothing, or less
    than the bet, keeps the record as written: the replay then finds it not returned."""
    found = unmatched_bets(events, big)
    if not found:
        return events
    collects = [i for i, event in enumerate(events) if isinstance(event, ev.Collected)]
    out = list(events)
    removed: set[int] = set()
    before: dict[int, list[ev.Event]] = {}  # returns, by the index they go before
    returned = 0
    for at, player, amount in found:
        his: list[tuple[int, ev.Collected]] = []
        for i in collects:
            collect = out[i]
            collected = isinstance(collect, ev.Collected) and collect.player == player
            if collected and i >= at and i not in removed:
                assert isinstance(collect, ev.Collected)
                his.append((i, collect))
        exact = [(i, c) for i, c in his if c.amount == amount]
        more = [(i, c) for i, c in his if c.amount > amount]
        if exact:
            i, collect = max(exact, key=_pot_number)
            removed.add(i)  # the line is the return, whole
        elif more:
            i, collect = max(more, key=_pot_number)
            out[i] = replace(collect, amount=collect.amount - amount)
        else:
            continue
        before.setdefault(at, []).append(ev.UncalledReturned(collect.span, player, amount))
        returned += amount
        _less_won(out, player, amount)
    result: list[ev.Event] = []
    for i, event in enumerate(out):
        result.extend(before.get(i, ()))
        if i in removed:
            continue
        if returned and isinstance(event, ev.SummaryPot):
            event = replace(event, total=event.total - returned)
        result.append(event)
    return result


_PLAYING = (ev.Posted, ev.Dealt, ev.Folded, ev.Checked, ev.ChipsIn, ev.Shown)


def not_dealt_in(events: list[ev.Event], idle: set[int]) -> list[ev.Event]:
    """Seats the summary says "folded" on no street (``idle``), who have no line of play,
    marked out of the hand: Winamax lists every seated player, dealt in or not, and words
    a seat that was not dealt in so (PLO-FR-EUR-0.02-0.05-201009.Real.side.pot.with.bad.
    collected.txt: "Seat 3: Player17 (0€)", then "Seat 3: Player17 folded", with nothing
    between)."""
    if not idle:
        return events
    playing = {e.player for e in events if isinstance(e, _PLAYING)}
    return [
        replace(e, out_of_hand=True)
        if isinstance(e, ev.SeatTaken) and e.seat in idle and e.player not in playing
        else e
        for e in events
    ]


def _pot_number(found: tuple[int, ev.Collected]) -> tuple[int, int]:
    """The pot a bet nobody called is in: the last side pot (only the bettor is in it),
    then the last line."""
    index, collect = found
    return collect.pot, index


def _less_won(events: list[ev.Event], player: str, amount: int) -> None:
    """Take a returned bet out of the player's summary "won" (Winamax counts it in)."""
    for i, e in enumerate(events):
        if type(e) is ev.SummarySeat:
            assert isinstance(e, ev.SummarySeat)
            if e.player != player:
                continue
            for n, result in enumerate(e.results):
                if result.won is not None and result.won >= amount:
                    results = list(e.results)
                    results[n] = replace(result, won=result.won - amount)
                    events[i] = replace(e, results=tuple(results))
                    return
