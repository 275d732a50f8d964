"""An OHH hand's ``pots``: what each paid whom, the rake and the jackpot, as the summary's
events (the pots net of their rake, the total gross)."""

from __future__ import annotations

from typing import Any

from auditor import events as ev
from auditor.findings import Code
from auditor.rooms.ohh.values import Bad, get
from auditor.source import SourceSpan


class Pots:
    """The pots of a hand read by :class:`auditor.rooms.ohh.reader._Hand`."""

    ohh: dict[str, Any]

    def at(self, key: str, index: int = 0) -> tuple[int, int]:
        raise NotImplementedError

    def span(self, key: str, index: int = 0) -> SourceSpan:
        raise NotImplementedError

    def amount(
        self, value: object, key: str, index: int = 0, at: tuple[int, int] | None = None
    ) -> int:
        raise NotImplementedError

    def pots(self, events: list[ev.Event], players: dict[int, tuple[int, str, int, bool]]) -> None:
        pots = self.ohh.get("pots")
        if pots is None:
            return
        if not isinstance(pots, list):
            raise Bad("pots must list the pots", self.at("pots"))
        gross: list[int] = []
        net: list[int] = []
        rake = jackpot = 0
        win = 0  # the index of the "win_amount" key
        many = len(pots) > 1
        for index, pot in enumerate(pots):
            where = self.at("player_wins", index)  # a key every pot writes
            amount = self.amount(get(pot, "amount"), "amount", at=where)
            taken = self.amount(get(pot, "rake") or 0, "rake", at=where)
            kept = self.amount(get(pot, "jackpot") or 0, "jackpot", at=where)
            gross.append(amount)
            net.append(amount - taken - kept)
            rake, jackpot = rake + taken, jackpot + kept
            number = get(pot, "number")
            number = number if type(number) is int and number >= 0 else index
            for won in get(pot, "player_wins") or []:
                pid = get(won, "player_id")
                if pid not in players:
                    problem = f"player_id {pid!r} is no player of the hand"
                    raise Bad(problem, self.at("win_amount", win), Code.SEAT_INVALID)
                name = players[pid][1]
                span = self.span("win_amount", win)
                span_at = self.at("win_amount", win)
                amount_won = self.amount(get(won, "win_amount") or 0, "win_amount", win)
                win += 1
                if amount_won:
                    events.append(ev.Collected(span, name, amount_won, number, many))
                cash = get(won, "cashout_amount")
                if cash:
                    fee = get(won, "cashout_fee")
                    events.append(
                        ev.CashedOut(
                            span,
                            name,
                            self.amount(cash, "cashout_amount", at=span_at),
                            self.amount(fee, "cashout_fee", at=span_at) if fee else None,
                        )
                    )
        fees = (("Jackpot", jackpot),) if jackpot else ()
        events.append(
            ev.SummaryPot(
                self.span("pots"),
                total=sum(gross),
                main=net[0] if many else None,
                side_pots=tuple(net[1:]) if many else (),
                rake=rake,
                fees=fees,
            )
        )
