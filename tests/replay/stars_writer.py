"""Write a hand as PokerStars-format text, laid out like the fixtures.

The model is what a hand history states: seats and stacks, the button, the
blinds, the actions street by street (with any uncalled bet returned at the
end of a street), the board, the cards shown and the pots collected. Money is
an integer in the hand's unit (cents for cash games, chips for tournaments)
and is written the way PokerStars writes it: ``$1``, ``$0.50``, ``$1.25``,
``1500``.

The writer applies no poker rule: it writes what it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Limit(StrEnum):
    POT = "Pot Limit"
    NO = "No Limit"
    FIXED = "Limit"


class Verb(StrEnum):
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    FOLD = "folds"
    CHECK = "checks"
    CALL = "calls"
    BET = "bets"
    RAISE = "raises"


@dataclass(frozen=True, slots=True)
class Game:
    """The game and its stakes: the blinds (pot/no limit) or the small and big bets (limit)."""

    limit: Limit
    hi_lo: bool
    small: int
    big: int
    tournament: bool = False

    @property
    def name(self) -> str:
        return "Omaha " + ("Hi/Lo " if self.hi_lo else "") + self.limit.value


@dataclass(frozen=True, slots=True)
class Action:
    """One line of play. ``amount`` is the number written first: the blind posted, the call,
    the bet, or for a raise the raise itself (``to`` minus the bet faced); ``to`` is a raise's
    total bet in the round."""

    player: str
    verb: Verb
    amount: int = 0
    to: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Returned:
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class StreetPlay:
    """A street's actions (pre-flop: after the blinds), then the uncalled bet returned, if any."""

    actions: tuple[Action, ...]
    returned: Returned | None = None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str
    stack: int
    hole: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Collection:
    """``player collected amount from`` the pot ``pot`` (0 the pot or main pot, k side pot k)."""

    player: str
    amount: int
    pot: int = 0


@dataclass(frozen=True, slots=True)
class StarsHand:
    hand_id: int
    game: Game
    button: int
    seats: tuple[SeatInfo, ...]  # in seat order
    blinds: tuple[Action, ...]
    play: tuple[StreetPlay, ...]  # pre-flop, flop, turn, river: the streets that had betting
    board: tuple[str, ...]  # 0, 3, 4 or 5 cards
    shown: tuple[str, ...]  # players who show at the showdown, in order; () for no showdown
    collections: tuple[Collection, ...]
    pots: tuple[int, ...]  # the pot, or the main pot then side pots 1..n
    table: str = "Hypothesis"
    max_seats: int = 6
    started: datetime = datetime(2020, 3, 14, 21, 5, 9)
    rake: int = 0


def money(amount: int, chips: bool) -> str:
    """``amount`` as PokerStars writes it.

    >>> money(50, False), money(100, False), money(125, False), money(123456, False)
    ('$0.50', '$1', '$1.25', '$1234.56')
    >>> money(1500, True)
    '1500'
    """
    if chips:
        return str(amount)
    whole, cents = divmod(amount, 100)
    return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"


def _stakes(game: Game) -> str:
    if game.tournament:
        return f"{game.small}/{game.big}"
    if game.small % 100 or game.big % 100:
        small, big = divmod(game.small, 100), divmod(game.big, 100)
        return f"${small[0]}.{small[1]:02d}/${big[0]}.{big[1]:02d} USD"
    return f"${game.small // 100}/${game.big // 100} USD"


_STREET_NAMES = ("FLOP", "TURN", "RIVER")
_FOLDED_ON = ("before Flop", "on the Flop", "on the Turn", "on the River")


def write_hand(hand: StarsHand) -> str:
    """The hand's text, ending with a newline."""
    chips = hand.game.tournament

    def m(amount: int) -> str:
        return money(amount, chips)

    when = hand.started.strftime("%Y/%m/%d %H:%M:%S")
    if chips:
        header = (
            f"PokerStars Hand #{hand.hand_id}: Tournament #3000000001, $3.00+$0.30 USD "
            f"{hand.game.name} - Level I ({_stakes(hand.game)}) - {when} ET"
        )
    else:
        stakes = _stakes(hand.game)
        header = f"PokerStars Hand #{hand.hand_id}:  {hand.game.name} ({stakes}) - {when} ET"
    lines = [
        header,
        f"Table '{hand.table}' {hand.max_seats}-max Seat #{hand.button} is the button",
    ]
    lines += [f"Seat {s.seat}: {s.name} ({m(s.stack)} in chips)" for s in hand.seats]
    lines += [_action_line(a, m) for a in hand.blinds]
    lines.append("*** HOLE CARDS ***")
    lines += [f"Dealt to {s.name} [{' '.join(s.hole)}]" for s in hand.seats]

    folded_on: dict[str, int] = {}
    for street in range(4):
        if street > 0:
            if len(hand.board) < 2 + street:
                break
            name = _STREET_NAMES[street - 1]
            if street == 1:
                lines.append(f"*** FLOP *** [{' '.join(hand.board[:3])}]")
            else:
                before = " ".join(hand.board[: 1 + street])
                lines.append(f"*** {name} *** [{before}] [{hand.board[1 + street]}]")
        if street < len(hand.play):
            play = hand.play[street]
            for action in play.actions:
                lines.append(_action_line(action, m))
                if action.verb is Verb.FOLD:
                    folded_on[action.player] = street
            if play.returned is not None:
                lines.append(
                    f"Uncalled bet ({m(play.returned.amount)}) returned to {play.returned.player}"
                )

    if hand.shown:
        lines.append("*** SHOW DOWN ***")
        holes = {s.name: s.hole for s in hand.seats}
        lines += [f"{p}: shows [{' '.join(holes[p])}]" for p in hand.shown]
    several = len(hand.pots) > 1
    for pot in sorted({c.pot for c in hand.collections}, reverse=True):
        for c in hand.collections:
            if c.pot == pot:
                name = _pot_name(pot, several, len(hand.pots))
                lines.append(f"{c.player} collected {m(c.amount)} from {name}")

    lines.append("*** SUMMARY ***")
    total = f"Total pot {m(sum(hand.pots))}"
    if several:
        total += f" Main pot {m(hand.pots[0])}."
        for k, amount in enumerate(hand.pots[1:], start=1):
            label = "Side pot" if len(hand.pots) == 2 else f"Side pot-{k}"
            total += f" {label} {m(amount)}."
    lines.append(f"{total} | Rake {m(hand.rake)}")
    if hand.board:
        lines.append(f"Board [{' '.join(hand.board)}]")
    won: dict[str, int] = {}
    for c in hand.collections:
        won[c.player] = won.get(c.player, 0) + c.amount
    blind_posters = {a.player: a.verb for a in hand.blinds}
    for s in hand.seats:
        positions = ""
        if s.seat == hand.button:
            positions += " (button)"
        if blind_posters.get(s.name) is Verb.SMALL_BLIND:
            positions += " (small blind)"
        if blind_posters.get(s.name) is Verb.BIG_BLIND:
            positions += " (big blind)"
        if s.name in folded_on:
            street = folded_on[s.name]
            outcome = f"folded {_FOLDED_ON[street]}"
            if street == 0 and s.name not in blind_posters and _only_folded(hand, s.name):
                outcome += " (didn't bet)"
        elif s.name in hand.shown:
            cards = " ".join(s.hole)
            if won.get(s.name):
                outcome = f"showed [{cards}] and won ({m(won[s.name])})"
            else:
                outcome = f"showed [{cards}] and lost"
        else:
            outcome = f"collected ({m(won.get(s.name, 0))})"
        lines.append(f"Seat {s.seat}: {s.name}{positions} {outcome}")
    return "\n".join(lines) + "\n"


def _only_folded(hand: StarsHand, player: str) -> bool:
    return all(a.verb is Verb.FOLD for p in hand.play for a in p.actions if a.player == player)


def _pot_name(pot: int, several: bool, count: int) -> str:
    if not several:
        return "pot"
    if pot == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{pot}"


def _action_line(a: Action, m: Callable[[int], str]) -> str:
    tail = " and is all-in" if a.all_in else ""
    match a.verb:
        case Verb.SMALL_BLIND | Verb.BIG_BLIND:
            return f"{a.player}: posts {a.verb.value} {m(a.amount)}{tail}"
        case Verb.FOLD | Verb.CHECK:
            return f"{a.player}: {a.verb.value}"
        case Verb.CALL | Verb.BET:
            return f"{a.player}: {a.verb.value} {m(a.amount)}{tail}"
        case Verb.RAISE:
            return f"{a.player}: raises {m(a.amount)} to {m(a.to)}{tail}"
