"""A hypothesis strategy for legal Omaha hands, written as PokerStars text.

Pot-Limit, No-Limit and Fixed-Limit Omaha, high and hi/lo, 2 to 6 players,
random stacks (short ones force all-ins and side pots). At each decision the
player in turn picks a legal action: fold, check, call, or a bet or raise of a
legal size (the minimum, the maximum, or anything between; all-in for less
when the stack is short).

Who may do what is decided twice, independently:

- a small table tracker here (positions, amounts to call, the last full raise,
  who may still re-raise, the fixed-limit cap) following docs/RULES.md;
- for pot and no limit, pokerkit (see shared/ORACLES.md) drives the same hand:
  its actor and call amount must agree with the tracker's, its minimum and
  maximum bet must agree whenever both allow a raise, and a raise is offered
  only when BOTH allow it. pokerkit re-opens the betting after short all-ins
  where the rules do not: ORACLES item 3, and also after an opening all-in
  bet below the minimum bet, which lets a player who checked raise it (Robert's
  Rules 14.3: he may not). Its stacks after the betting must equal the
  tracker's.

Fixed limit is the tracker alone (pokerkit's fixed-limit Omaha is pot limit,
ORACLES items 1-2): small bet pre-flop and on the flop, big bet on the turn
and river, four bets a round counting the big blind. After a short all-in bet
or raise the round's raising stops (how a short raise counts towards the cap
and re-sizes the next raise is left out: rooms differ on it).

Pots are awarded by the rules of docs/RULES.md (cards speak, each pot separately,
hi/lo halves with the odd chip to the high, odd chips in a tie one each from
the first winner left of the button), with pokerkit ranking the hands.
"""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta

import hypothesis.strategies as st
from pokerkit import (
    Automation,
    BettingStructure,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit import Card as PkCard

from tests.replay.stars_writer import (
    Action,
    Collection,
    Game,
    Limit,
    Returned,
    SeatInfo,
    StarsHand,
    StreetPlay,
    Verb,
    write_hand,
)

NAMES = ("Ann Lee", "bob", "Cid 7", "dave_x", "Eve", "fr3d")
DECK = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
# (small, big) in the hand's unit: the blinds in pot and no limit, the bets in fixed limit.
# Fixed-limit small bets are even, so that the small blind (half of it) is exact whatever the
# rounding rule.
CASH_BLINDS = ((50, 100), (100, 200), (5, 10), (25, 50), (200, 500))
CHIP_BLINDS = ((15, 30), (50, 100), (10, 20))
CASH_LIMITS = ((200, 400), (400, 800), (1000, 2000))
CHIP_LIMITS = ((20, 40), (100, 200))

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass(frozen=True, slots=True)
class LegalHand:
    """A generated hand, its text, and what it must come to."""

    hand: StarsHand
    text: str
    starting: tuple[tuple[str, int], ...]
    ending: tuple[tuple[str, int], ...]
    showdown: bool

    def __repr__(self) -> str:  # hypothesis prints this for a failing example
        return f"LegalHand(\n{self.text})"


def _pokerkit(limit: Limit, sb: int, bb: int, stacks: list[int]) -> State:
    """A pokerkit state for pot- or no-limit Omaha (pokerkit has no no-limit Omaha class)."""
    game = PotLimitOmahaHoldem(_AUTOMATIONS, True, 0, (sb, bb), bb)
    structure = BettingStructure.POT_LIMIT if limit is Limit.POT else BettingStructure.NO_LIMIT
    return State(
        game.automations,
        game.deck,
        game.hand_types,
        game.streets,
        structure,
        True,
        0,
        (sb, bb),
        0,
        stacks,
        len(stacks),
    )


class _Table:
    """Betting state by position: 0 is the first seat left of the button, n-1 the button."""

    def __init__(self, game: Game, names: list[str], stacks: list[int]) -> None:
        self.game = game
        self.names = names
        self.n = len(names)
        self.stacks = list(stacks)
        self.bets = [0] * self.n
        self.contrib = [0] * self.n
        self.folded = [False] * self.n
        self.pot = 0  # chips collected from finished rounds
        self.street = 0
        self.fixed = game.limit is Limit.FIXED
        self.bb = game.small if self.fixed else game.big
        self.sb = game.small // 2 if self.fixed else game.small
        self.high = 0
        self.full = self.bb  # the last full bet or raise: the minimum raise increment
        self.count = 0  # fixed limit: bets in the round
        self.frozen = False  # fixed limit: no more raising after a short all-in
        self.may_raise = [True] * self.n
        self.pending: set[int] = set()
        self.aggressor: list[int | None] = [None] * 4
        self.actions: list[Action] = []

    # ------------------------------------------------------------ facts
    def live(self) -> list[int]:
        return [i for i in range(self.n) if not self.folded[i]]

    def with_chips(self) -> list[int]:
        return [i for i in self.live() if self.stacks[i] > 0]

    def owe(self, i: int) -> int:
        return self.high - self.bets[i]

    def bet_size(self) -> int:
        return self.game.small if self.street < 2 else self.game.big

    def raise_range(self, i: int) -> tuple[int, int] | None:
        """The legal range of ``i``'s total bet for a bet or raise, or None."""
        all_in = self.stacks[i] + self.bets[i]
        others_cover = any(
            j != i and not self.folded[j] and self.stacks[j] + self.bets[j] > self.high
            for j in range(self.n)
        )
        if not self.may_raise[i] or self.stacks[i] <= self.owe(i) or not others_cover:
            return None
        if self.fixed:
            if self.frozen or self.count >= 4:
                return None
            to = min(self.high + self.bet_size(), all_in)
            return to, to
        low = min(self.high + self.full, all_in)
        if self.game.limit is Limit.NO:
            return low, all_in
        pot_max = self.high + self.pot + sum(self.bets) + self.owe(i)
        return low, min(max(low, pot_max), all_in)

    # ------------------------------------------------------------ moves
    def _put(self, i: int, amount: int) -> bool:
        assert 0 <= amount <= self.stacks[i]
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contrib[i] += amount
        return self.stacks[i] == 0

    def post_blinds(self) -> None:
        sb_pos, bb_pos = (1, 0) if self.n == 2 else (0, 1)
        for pos, verb, amount in (
            (sb_pos, Verb.SMALL_BLIND, self.sb),
            (bb_pos, Verb.BIG_BLIND, self.bb),
        ):
            all_in = self._put(pos, amount)
            self.actions.append(Action(self.names[pos], verb, amount, all_in=all_in))
        self.high = self.bb
        self.count = 1

    def start_round(self) -> int | None:
        """Open the street's betting; the first actor, or None when nobody bets."""
        if self.street > 0:
            self.high, self.count = 0, 0
        self.full, self.frozen = self.bb, False
        self.may_raise = [True] * self.n
        self.pending = set(self.with_chips())
        if len(self.pending) == 1 and all(self.owe(i) <= 0 for i in self.pending):
            self.pending.clear()
        if len(self.pending) == 0:
            return None
        first = (2 % self.n if self.n > 2 else 1) if self.street == 0 else 0
        return self.next_actor(first)

    def next_actor(self, start: int) -> int | None:
        if len(self.live()) <= 1:
            return None
        for k in range(self.n):
            i = (start + k) % self.n
            if i in self.pending:
                return i
        return None

    def act(self, i: int, verb: Verb, to: int = 0) -> None:
        name = self.names[i]
        self.pending.discard(i)
        self.may_raise[i] = False
        if verb is Verb.FOLD:
            self.folded[i] = True
            self.actions.append(Action(name, verb))
        elif verb is Verb.CHECK:
            assert self.owe(i) == 0
            self.actions.append(Action(name, verb))
        elif verb is Verb.CALL:
            amount = min(self.owe(i), self.stacks[i])
            assert amount > 0
            all_in = self._put(i, amount)
            self.actions.append(Action(name, verb, amount, all_in=all_in))
        else:
            before = self.high
            increment = to - before
            all_in = self._put(i, to - self.bets[i])
            if before == 0:
                self.actions.append(Action(name, Verb.BET, to, all_in=all_in))
            else:
                self.actions.append(Action(name, Verb.RAISE, increment, to, all_in))
            # A full bet or raise re-opens the betting; an all-in for less does not, even as the
            # round's first bet (an all-in bet below the minimum bet: Robert's Rules 14.3).
            full = increment >= (self.bet_size() if self.fixed else self.full)
            if full:
                self.may_raise = [True] * self.n
                self.may_raise[i] = False
                self.full = max(self.full, increment)
                self.count += 1
            else:
                assert all_in
                self.frozen = True
            self.high = to
            self.aggressor[self.street] = i
            self.pending = {j for j in self.with_chips() if j != i}

    def end_round(self) -> Returned | None:
        """Return the uncalled part of the top bet and collect the bets into the pot."""
        returned = None
        top = max(range(self.n), key=lambda j: self.bets[j])
        second = max((self.bets[j] for j in range(self.n) if j != top), default=0)
        if self.bets[top] > second:
            back = self.bets[top] - second
            self.bets[top] -= back
            self.contrib[top] -= back
            self.stacks[top] += back
            returned = Returned(self.names[top], back)
        self.pot += sum(self.bets)
        self.bets = [0] * self.n
        return returned


def _pots(contrib: list[int], folded: list[bool]) -> list[tuple[int, list[int]]]:
    """Main pot then side pots: (amount, eligible positions), from the chips put in."""
    levels = sorted({c for i, c in enumerate(contrib) if not folded[i]})
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contrib)
        eligible = [i for i, c in enumerate(contrib) if not folded[i] and c >= level]
        if amount:
            pots.append((amount, eligible))
        previous = level
    rest = sum(c - min(c, previous) for c in contrib)
    if rest:
        amount, eligible = pots[-1]
        pots[-1] = (amount + rest, eligible)
    return pots


def _split(amount: int, winners: list[int], award: dict[int, int]) -> None:
    """Equal shares; odd chips one each from the first winner left of the button."""
    share, odd = divmod(amount, len(winners))
    for k, i in enumerate(sorted(winners)):
        award[i] = award.get(i, 0) + share + (1 if k < odd else 0)


def _best(players: list[int], strength: dict[int, Hand]) -> list[int]:
    top = max(strength[i] for i in players)
    return [i for i in players if strength[i] == top]


def _showdown_awards(
    pots: list[tuple[int, list[int]]],
    holes: list[tuple[str, ...]],
    board: tuple[str, ...],
    hi_lo: bool,
) -> list[dict[int, int]]:
    """Per pot, what each winner gets (positions)."""
    live = sorted({i for _, eligible in pots for i in eligible})
    board_cards = list(PkCard.parse("".join(board)))
    high = {
        i: OmahaHoldemHand.from_game(list(PkCard.parse("".join(holes[i]))), board_cards)
        for i in live
    }
    low: dict[int, Hand] = {}
    if hi_lo:
        for i in live:
            with suppress(ValueError):  # no qualifying low
                low[i] = OmahaEightOrBetterLowHand.from_game(
                    list(PkCard.parse("".join(holes[i]))), board_cards
                )
    awards: list[dict[int, int]] = []
    for amount, eligible in pots:
        award: dict[int, int] = {}
        lows = [i for i in eligible if i in low]
        if lows:
            low_top = max(low[i] for i in lows)
            _split(amount - amount // 2, _best(eligible, high), award)
            _split(amount // 2, [i for i in lows if low[i] == low_top], award)
        else:
            _split(amount, _best(eligible, high), award)
        awards.append(award)
    return awards


def _showdown_order(table: _Table) -> list[int]:
    live = table.live()
    first = next((a for a in reversed(table.aggressor) if a is not None), None)
    start = first if first is not None and first in live else live[0]
    return sorted(live, key=lambda i: (i - start) % table.n)


@st.composite
def legal_hands(
    draw: st.DrawFn, limits: tuple[Limit, ...] = (Limit.POT, Limit.NO, Limit.FIXED)
) -> LegalHand:
    """A legal hand of one of ``limits``, hi or hi/lo, with its text."""
    # pokerkit shuffles its own deck (whose cards the oracle never needs): keep the global
    # random state as it was, as hypothesis asks of strategies.
    saved = random.getstate()
    try:
        return _legal_hand(draw, limits)
    finally:
        random.setstate(saved)


def _legal_hand(draw: st.DrawFn, limits: tuple[Limit, ...]) -> LegalHand:
    limit = draw(st.sampled_from(limits))
    hi_lo = draw(st.booleans())
    tournament = draw(st.integers(0, 3)) == 0
    if limit is Limit.FIXED:
        small, big = draw(st.sampled_from(CHIP_LIMITS if tournament else CASH_LIMITS))
    else:
        small, big = draw(st.sampled_from(CHIP_BLINDS if tournament else CASH_BLINDS))
    game = Game(limit, hi_lo, small, big, tournament)
    bb = small if limit is Limit.FIXED else big

    n = draw(st.integers(2, 6))
    seat_numbers = sorted(draw(st.sets(st.integers(1, 6), min_size=n, max_size=n)))
    button = draw(st.sampled_from(seat_numbers))
    at = seat_numbers.index(button)
    by_position = seat_numbers[at + 1 :] + seat_numbers[: at + 1]  # left of the button first
    names = [NAMES[s - 1] for s in by_position]
    # Short stacks force all-ins and side pots; whole numbers of big blinds make calls and
    # raises that exactly match a stack (all-in for exactly the amount) likely.
    stack_sizes = st.one_of(
        st.integers(bb + 1, 6 * bb),
        st.integers(2, 30).map(lambda k: k * bb),
        st.integers(bb + 1, 250 * bb),
    )
    stacks = [draw(stack_sizes) for _ in range(n)]
    deck = draw(st.permutations(DECK))
    holes = [tuple(deck[4 * i : 4 * i + 4]) for i in range(n)]
    full_board = tuple(deck[4 * n : 4 * n + 5])

    table = _Table(game, names, stacks)
    oracle = None if limit is Limit.FIXED else _pokerkit(limit, table.sb, table.bb, stacks)
    table.post_blinds()
    blinds = tuple(table.actions)
    plays: list[StreetPlay] = []
    ended_on = 0
    for street in range(4):
        table.street = street
        table.actions = []
        actor = table.start_round()
        while actor is not None:
            actor = _decide(draw, table, oracle, actor)
        returned = table.end_round()
        if street == 0 or table.actions or returned:
            plays.append(StreetPlay(tuple(table.actions), returned))
        ended_on = street
        if len(table.live()) == 1:
            break
        if len(table.with_chips()) <= 1:  # all in: the board is run out, nobody bets
            ended_on = 3
            break
    showdown = len(table.live()) > 1
    board = full_board if showdown else full_board[: (0, 3, 4, 5)[ended_on]]
    if oracle is not None:
        assert oracle.actor_index is None
        if showdown:
            assert list(oracle.stacks) == table.stacks, (oracle.stacks, table.stacks)

    award: dict[int, int] = {}
    collections: list[Collection] = []
    shown: tuple[str, ...] = ()
    if showdown:
        pots = _pots(table.contrib, table.folded)
        assert sum(a for a, _ in pots) == table.pot
        for index, per_pot in enumerate(_showdown_awards(pots, holes, full_board, hi_lo)):
            for i, amount in sorted(per_pot.items()):
                award[i] = award.get(i, 0) + amount
                collections.append(Collection(names[i], amount, index))
        pot_amounts = tuple(a for a, _ in pots)
        shown = tuple(names[i] for i in _showdown_order(table))
    else:
        (winner,) = table.live()
        award[winner] = table.pot
        collections.append(Collection(names[winner], table.pot))
        pot_amounts = (table.pot,)
    ending = [table.stacks[i] + award.get(i, 0) for i in range(n)]
    assert sum(ending) == sum(stacks)
    if oracle is not None and not showdown:
        assert list(oracle.stacks) == ending, (oracle.stacks, ending)

    hand_id = draw(st.integers(100_000_000_000, 299_999_999_999))
    seats = tuple(
        SeatInfo(s, NAMES[s - 1], stacks[by_position.index(s)], holes[by_position.index(s)])
        for s in seat_numbers
    )
    hand = StarsHand(
        hand_id=hand_id,
        game=game,
        button=button,
        seats=seats,
        blinds=blinds,
        play=tuple(plays),
        board=board,
        shown=shown,
        collections=tuple(collections),
        pots=pot_amounts,
        max_seats=9 if tournament else 6,
        table="3000000001 4" if tournament else "Hypothesis",
        started=datetime(2020, 3, 14, 21, 5, 9) + timedelta(seconds=hand_id % 86_400),
    )
    return LegalHand(
        hand,
        write_hand(hand),
        tuple(zip(names, stacks, strict=True)),
        tuple(zip(names, ending, strict=True)),
        showdown,
    )


def _decide(draw: st.DrawFn, table: _Table, oracle: State | None, i: int) -> int | None:
    """Pick a legal action for ``i``, play it, and return the next actor."""
    owe = table.owe(i)
    span = table.raise_range(i)
    if oracle is not None:
        assert oracle.actor_index == i, (oracle.actor_index, i)
        assert oracle.checking_or_calling_amount == min(owe, table.stacks[i])
        pk_min = oracle.min_completion_betting_or_raising_to_amount
        pk_max = oracle.max_completion_betting_or_raising_to_amount
        if pk_min is None or pk_max is None:
            span = None
        elif span is not None:
            assert span == (pk_min, pk_max), (span, pk_min, pk_max)
    roll = draw(st.integers(0, 99))
    if owe > 0:
        if roll < 25:
            verb = Verb.FOLD
        elif roll < 72 or span is None:
            verb = Verb.CALL
        else:
            verb = Verb.RAISE
    else:
        verb = Verb.CHECK if roll < 55 or span is None else Verb.RAISE
    to = 0
    if verb is Verb.RAISE:
        assert span is not None
        low, high = span
        size = draw(st.integers(0, 3))
        to = low if size == 0 else high if size == 1 else draw(st.integers(low, high))
    table.act(i, verb, to)
    if oracle is not None:
        if verb is Verb.FOLD:
            oracle.fold()
        elif verb is Verb.RAISE:
            oracle.complete_bet_or_raise_to(to)
        else:
            oracle.check_or_call()
    return table.next_actor(i + 1)
