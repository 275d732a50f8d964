"""The chips of a PHH hand as its actions put them in, for ``finishing_stacks``'
arithmetic (what each player collected: :meth:`_Hand.collect`), and the round's bet as
written and who has put it in, which tell "cc" a check or a call."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Table:
    stacks: list[int]
    put_in: list[int]
    round_chips: list[int]  # each seat's chips in the round: the uncalled bet's arithmetic
    last_round: list[int] = field(default_factory=list)  # the last round with chips in
    bet: int = 0  # the round's bet, as the record writes it (the top blind, each "cbr")
    level: set[int] = field(default_factory=set)  # the seats that have put it in

    def new_street(self) -> None:
        if any(self.round_chips):
            self.last_round = self.round_chips
        self.round_chips = [0] * len(self.round_chips)
        self.bet, self.level = 0, set()

    def raised(self, seat: int, to: int) -> None:
        """``seat`` puts his bet to ``to``: past the round's bet, the new bet only he has
        put in; up to it, he has put it in too."""
        if to > self.bet:
            self.bet, self.level = to, set()
        if to == self.bet:
            self.level.add(seat)

    def uncalled(self) -> list[int]:
        """The bet nobody matched, per player: the last round with a bet's highest bet
        beyond the next highest (antes are dead money, no part of any round's bets)."""
        bets = self.round_chips if any(self.round_chips) else self.last_round
        returned = [0] * len(self.stacks)
        if len(bets) >= 2:
            ranked = sorted(range(len(bets)), key=lambda s: bets[s], reverse=True)
            returned[ranked[0]] = bets[ranked[0]] - bets[ranked[1]]
        return returned

    def pay(self, seat: int, amount: int, dead: bool = False) -> None:
        """``dead``: an ante, in the pot but no part of the round's bets."""
        self.stacks[seat] -= amount
        self.put_in[seat] += amount
        if not dead:
            self.round_chips[seat] += amount
