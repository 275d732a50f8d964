"""Showdown and awards: who wins each pot (hi, lo), how the chips are split, and whether
the record says so.

Each pot the room paid out is checked as a split of what the record shows it paid from
that pot (per board, when the hand was run more than once): how much rake a room took
from which pot is its own affair, but how the rest is shared is the rules'.

This module is the driver and the awards themselves (winners, shares against the record);
the rest lives each in its own module: state.py (what settlement reads of the hand),
descriptions.py (HAND_DESCRIPTION_WRONG), split.py (shares, halves, odd chips), order.py
(SHOWDOWN_ORDER), rake.py (RAKE_WRONG), cash_out_rows.py (cash-outs and kept shares),
result.py (the records).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.event_index import EventIndex
from auditor.replay.profile import BothHalves, RuleProfile
from auditor.replay.result import PotRecord, ReplayResult
from auditor.showdown import split as splits
from auditor.showdown.cash_out_rows import cash_out_rows, not_awarded_as_paid
from auditor.showdown.descriptions import Descriptions, board_complete
from auditor.showdown.order import order_from_button, showdown_order_finding
from auditor.showdown.rake import rake_finding
from auditor.showdown.result import AwardRecord, PotAward, ShowdownResult
from auditor.showdown.split import odd_chip_unit, round_up, split
from auditor.showdown.state import INDEX
from auditor.source import SourceSpan

__all__ = ["AwardRecord", "PotAward", "ShowdownResult", "board_complete", "settle_hand"]


def settle_hand(
    hand: ev.Hand, replay: ReplayResult, profile: RuleProfile, index: EventIndex | None = None
) -> ShowdownResult:
    """Descriptions, showdown order, rake and every pot's award checked against the rules
    (``index``: the hand's events indexed, if the caller has it: it is built once a hand)."""
    return _Settle(hand, replay, profile, index).run()


class _Settle(Descriptions):
    def run(self) -> ShowdownResult:
        collected: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
        spans: dict[tuple[int, int], SourceSpan] = {}
        # what each line that names its half paid, per pot and board; a pot any of whose
        # lines does not name its half is judged as one sum (unlabelled)
        self.halves: dict[tuple[int, int], dict[ev.Half, dict[str, int]]] = defaultdict(dict)
        self.unlabelled_halves: set[tuple[int, int]] = set()
        self.half_spans: dict[tuple[tuple[int, int], ev.Half], SourceSpan] = {}
        section = 1
        won_at: dict[str, SourceSpan] = {}  # each summary seat line that says what was won
        for event in self.timeline:  # the most frequent kinds first
            if type(event) is ev.SummarySeat:
                self.at_showdown = True
                for result in event.results:  # a loop, not any(): it runs for every seat
                    if result.won:
                        won_at.setdefault(event.player, event.span)
                        break
                if event.cards and event.outcome in (ev.SeatOutcome.SHOWED, ev.SeatOutcome.MUCKED):
                    self._check_summary_seat(event)
            elif type(event) is ev.StreetDealt:
                if event.cards:
                    self.boards[event.board] = event.cards
            elif type(event) is ev.Shown:
                self._check_shown(event, section)
                if len(event.cards) == self.start.hole_card_count:
                    self.shown[event.player] = event.cards
            elif type(event) is ev.Collected:
                key = (section, event.pot)
                paid = collected[key]
                paid[event.player] = paid.get(event.player, 0) + event.amount
                spans.setdefault(key, event.span)
                if event.half is None:
                    self.unlabelled_halves.add(key)
                else:
                    half_paid = self.halves[key].setdefault(event.half, {})
                    half_paid[event.player] = half_paid.get(event.player, 0) + event.amount
                    self.half_spans.setdefault((key, event.half), event.span)
            elif type(event) is ev.ShowdownStarted:
                section = event.board
                self.at_showdown = True
            elif type(event) is ev.Mucked:
                self.mucked.add(event.player)
        if not collected and self.summary_won and won_at and not self.cash_outs:
            # a layout with no line that collects: the summary's "won (X)",
            # one total per player, is what each was paid
            collected[(1, 0)] = dict(self.summary_won)
            spans[(1, 0)] = min(won_at.values(), key=lambda at: at.line)
        if not self.hand.truncated and self.replay.pots:
            self.awards.extend(
                not_awarded_as_paid(
                    self.not_awarded, self.labelled, len(self.replay.pots), collected, spans
                )
            )
            if max(self.boards, default=1) > 1 and {board for board, _ in collected} == {1}:
                # several boards, one payment per pot for all of them (a room that pays
                # each pot once): which board paid what is unsaid
                for (_, pot_index), paid in sorted(collected.items()):
                    self._award_any_board(pot_index, paid, spans[(1, pot_index)])
            elif self.labelled or len(self.replay.pots) == 1:
                for (board, pot_index), paid in sorted(collected.items()):
                    pot = self._pot(pot_index)
                    if pot is not None:
                        self._award(pot, board, paid, spans[(board, pot_index)])
            else:
                for (board, _), paid in sorted(collected.items()):
                    self._award_unlabelled(board, paid, spans[(board, 0)])
            order = showdown_order_finding(
                self.start, self.profile, self.replay, self.timeline, self.seat_of
            )
            if order is not None and self.hand.show_order_written:
                self.findings.append(order)
            rake = rake_finding(
                self.start,
                self.profile,
                self.summary_pot,
                self.replay,
                self.flop_seen,
                (self.hand.events[-1] if self.hand.events else self.start).span,
            )
            if rake is not None:
                self.findings.append(rake)
        self.awards = cash_out_rows(self.awards, self.not_awarded, self.cash_outs)
        return ShowdownResult(tuple(self.findings), tuple(self.pot_awards), tuple(self.awards))

    # ------------------------------------------------------------ awards
    def _pot(self, index: int) -> PotRecord | None:
        pots = self.replay.pots
        return pots[index] if index < len(pots) else None

    def _award(self, pot: PotRecord, board: int, paid: Mapping[str, int], span: SourceSpan) -> None:
        amount = sum(paid.values())
        found = self._winners(pot, board)
        if found is None:
            return  # nobody showed, or the cards are bad: nothing the cards can say
        hi_winners, lo_winners = found
        if len(pot.eligible) == 1:
            self._compare(pot, board, "scoop", {hi_winners[0]: amount}, paid, span, hi_winners, ())
            return
        key = (board, pot.index)
        whole_pot = self.profile.same_players_both_halves is BothHalves.SPLIT_WHOLE_POT and set(
            lo_winners
        ) == set(hi_winners)
        labelled = key in self.halves and key not in self.unlabelled_halves
        if self.start.hi_lo and lo_winners and labelled and not whole_pot:
            self._award_halves(pot, board, amount, self.halves[key], span, found)
            return
        shares, half = self._shares(amount, hi_winners, lo_winners)
        no_low = bool(self.start.hi_lo and not lo_winners)
        self._compare(pot, board, half, shares, paid, span, hi_winners, lo_winners, no_low=no_low)

    def _award_halves(
        self,
        pot: PotRecord,
        board: int,
        amount: int,
        halves: Mapping[ev.Half, Mapping[str, int]],
        span: SourceSpan,
        winners: tuple[tuple[str, ...], tuple[str, ...]],
    ) -> None:
        """A hi/lo pot whose every payment names its half ("wins the low pot"): each half
        is judged against its own winners (the high half paid to the low hand is paid to
        a player who did not win it, though his sum may be right)."""
        hi, lo = winners
        unit = odd_chip_unit(self.profile, self.hand)
        shown = self.shown
        high, low = splits.halves(amount, hi, lo, unit, self.profile, shown)
        expected = {ev.Half.HIGH: high, ev.Half.LOW: low}
        self.pot_awards.append(PotAward(pot.index, board, amount, hi, lo))
        for half in (ev.Half.HIGH, ev.Half.LOW):
            paid, wanted = halves.get(half, {}), expected[half]
            for player in sorted(set(wanted) | set(paid)):
                self.awards.append(
                    AwardRecord(
                        pot.index,
                        board,
                        half.value,
                        player,
                        wanted.get(player, 0),
                        paid.get(player, 0),
                    )
                )
        pot_name = "the main pot" if pot.index == 0 else f"side pot {pot.index}"
        if max(self.boards, default=1) > 1:
            pot_name += f" (board {board})"
        for half in (ev.Half.HIGH, ev.Half.LOW):
            paid, wanted = halves.get(half, {}), expected[half]
            strangers = [p for p in paid if paid[p] and not wanted.get(p)]
            if strangers:  # one finding: the first half paid to a player who did not win it
                name = "high" if half is ev.Half.HIGH else "low"
                self._find(
                    Code.WINNER_WRONG,
                    self.half_spans.get(((board, pot.index), half), span),
                    f"{', '.join(strangers)} paid the {name} half of {pot_name} without winning it",
                    player=strangers[0],
                    expected=", ".join(f"{p} {self._money(a)}" for p, a in wanted.items() if a),
                    recorded=", ".join(f"{p} {self._money(a)}" for p, a in paid.items()),
                )
                return
        # each half paid to its own winners: the shares are judged once, for the pot
        shares: dict[str, int] = {}
        paid_sum: dict[str, int] = {}
        for half in (ev.Half.HIGH, ev.Half.LOW):
            for player, share in expected[half].items():
                shares[player] = shares.get(player, 0) + share
            for player, got in halves.get(half, {}).items():
                paid_sum[player] = paid_sum.get(player, 0) + got
        self._compare(pot, board, "hi/lo", shares, paid_sum, span, hi, lo, rows=False)

    def _shares(
        self, amount: int, hi_winners: tuple[str, ...], lo_winners: tuple[str, ...]
    ) -> tuple[dict[str, int], str]:
        """Each winner's share of ``amount`` (one pot on one board), and which halves."""
        unit = odd_chip_unit(self.profile, self.hand)
        shares: dict[str, int] = {}
        whole_pot = self.profile.same_players_both_halves is BothHalves.SPLIT_WHOLE_POT and set(
            lo_winners
        ) == set(hi_winners)
        if lo_winners and not whole_pot:
            high, low = splits.halves(
                amount, hi_winners, lo_winners, unit, self.profile, self.shown
            )
            for part in (high, low):
                for player, share in part.items():
                    shares[player] = shares.get(player, 0) + share
            return shares, "hi/lo"
        return split(amount, hi_winners, unit, self.profile, self.shown), "scoop"

    def _winners(
        self, pot: PotRecord, board: int
    ) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """High and low winners of a pot on a board (None when the cards cannot say)."""
        eligible = list(pot.eligible)
        if len(eligible) == 1:
            return (eligible[0],), ()
        contenders = [p for p in eligible if p in self.shown and p not in self.mucked]
        cards = self._board(board)
        if not contenders or len(cards) < 5 or min(map(INDEX, cards)) < 0:
            return None  # an invalid card has index -1
        try:
            values = {p: self._values(self.shown[p], cards) for p in contenders}
        except ValueError:
            return None
        highs = {p: high for p, (high, _) in values.items()}
        lows = {p: low for p, (_, low) in values.items()} if self.start.hi_lo else {}
        best = max(highs.values())
        seat_of, button = self.seat_of, self.start.button_seat
        hi = tuple(order_from_button([p for p in contenders if highs[p] == best], seat_of, button))
        qualified = {p: v for p, v in lows.items() if v is not None}
        lo: tuple[str, ...] = ()
        if qualified:
            best_low = max(qualified.values())
            lows_won = [p for p in qualified if qualified[p] == best_low]
            lo = tuple(order_from_button(lows_won, seat_of, button))
        return hi, lo

    def _award_any_board(self, pot_index: int, paid: Mapping[str, int], span: SourceSpan) -> None:
        """A pot of a hand of several boards, paid once for all of them: each player paid
        must win it (or a half of it) on some board, and the pot pays each board's winners
        an equal part of it (the record does not say which board paid what)."""
        named = self.labelled or len(self.replay.pots) == 1
        pot = self._pot(pot_index) if named else None
        pots = [pot] if pot is not None else list(self.replay.pots)
        for player, amount in sorted(paid.items()):
            self.awards.append(
                AwardRecord(pot_index if named else -1, 0, "boards", player, None, amount)
            )
        winners: set[str] = set()
        by_board: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        for each in pots:
            for board in sorted(self.boards):
                found = self._winners(each, board)
                if found is None:
                    return  # nothing the cards can say
                winners.update(found[0])
                winners.update(found[1])
                by_board.append(found)
        strangers = [p for p in paid if paid[p] and p not in winners]
        where = f"side pot {pot_index}" if pot is not None and pot_index else "the pot"
        if strangers:
            self._find(
                Code.WINNER_WRONG,
                span,
                f"{', '.join(strangers)} paid from {where} without winning it on any board",
                player=strangers[0],
                expected=", ".join(sorted(winners)),
                recorded=", ".join(f"{p} {self._money(a)}" for p, a in paid.items()),
            )
            return
        if pot is None:
            return  # which of several pots paid what is unsaid
        # the pot paid shares alike on each board: an equal part of it per board (which
        # board an odd chip goes to, no rule says: a difference of odd chips is let be)
        unit = odd_chip_unit(self.profile, self.hand)
        expected: dict[str, int]
        left, expected = sum(paid.values()), {}
        for done, (hi, lo) in enumerate(by_board):
            part = round_up(left, len(by_board) - done, unit)
            left -= part
            for player, share in self._shares(part, hi, lo)[0].items():
                expected[player] = expected.get(player, 0) + share
        wrong = {p for p in set(expected) | set(paid) if expected.get(p, 0) != paid.get(p, 0)}
        odd = len(by_board) * unit
        if any(abs(expected.get(p, 0) - paid.get(p, 0)) > odd for p in wrong):
            self._find(
                Code.AWARD_WRONG,
                span,
                f"{where} is split wrongly across its boards",
                player=sorted(wrong)[0],
                expected=", ".join(f"{p} {self._money(expected.get(p, 0))}" for p in sorted(wrong)),
                recorded=", ".join(f"{p} {self._money(paid.get(p, 0))}" for p in sorted(wrong)),
            )

    def _award_unlabelled(self, board: int, paid: Mapping[str, int], span: SourceSpan) -> None:
        """Several pots, and a record that says only "collected ... from pot": each player
        paid must win one of them; amounts are not judged (which pot paid what is unsaid)."""
        for player, amount in sorted(paid.items()):
            self.awards.append(AwardRecord(-1, board, "pots", player, None, amount))
        winners: set[str] = set()
        for pot in self.replay.pots:
            found = self._winners(pot, board)
            if found is None:
                return
            winners.update(found[0])
            winners.update(found[1])
        strangers = [p for p in paid if paid[p] and p not in winners]
        if strangers:
            self._find(
                Code.WINNER_WRONG,
                span,
                f"{', '.join(strangers)} paid from the pots without winning any of them",
                player=strangers[0],
                expected=", ".join(sorted(winners)),
                recorded=", ".join(f"{p} {self._money(a)}" for p, a in paid.items()),
            )
            return
        self._award_totals(board, paid, span)

    def _award_totals(self, board: int, paid: Mapping[str, int], span: SourceSpan) -> None:
        """Several pots paid as one total per player (which pot paid what is unsaid): each
        player's total must be the sum of his shares of every pot, less at most the rake
        taken from them (which pot the room raked, and how much of it, is unsaid: the
        shares are of the pots as put in, and each total may fall short of them by the
        whole of what the pots lost between chips put in and chips paid out)."""
        unit = odd_chip_unit(self.profile, self.hand)
        expected: dict[str, int] = {}
        for pot in self.replay.pots:
            found = self._winners(pot, board)
            if found is None:
                return
            hi, lo = found
            if len(pot.eligible) == 1:
                shares = {hi[0]: pot.amount}
            else:
                shares = self._shares(pot.amount, hi, lo)[0]
            for player, share in shares.items():
                expected[player] = expected.get(player, 0) + share
        raked = sum(pot.amount for pot in self.replay.pots) - sum(paid.values())
        if raked < 0:
            return  # more paid than the pots hold: CHIPS_NOT_CONSERVED says so
        slack = unit * len(self.replay.pots)  # an odd chip a pot
        over = [p for p in paid if paid[p] > expected.get(p, 0) + slack]
        short = [p for p in expected if paid.get(p, 0) < expected[p] - raked - slack]
        if not over and not short:
            return
        players = sorted(set(over) | set(short))
        unpaid = [p for p in short if not paid.get(p)]
        code = Code.WINNER_WRONG if unpaid and over else Code.AWARD_WRONG
        if code is Code.WINNER_WRONG:
            why = f"{over[0]} is paid the pots' shares that {', '.join(unpaid)} won"
        else:
            why = "a player's total is not his shares of the pots"
        self._find(
            code,
            span,
            why + (f" (less at most {self._money(raked)} of rake)" if raked else ""),
            player=(over or short)[0],
            expected=", ".join(f"{p} {self._money(expected.get(p, 0))}" for p in players),
            recorded=", ".join(f"{p} {self._money(paid.get(p, 0))}" for p in players),
        )

    def _compare(
        self,
        pot: PotRecord,
        board: int,
        half: str,
        expected: Mapping[str, int],
        paid: Mapping[str, int],
        span: SourceSpan,
        hi: tuple[str, ...],
        lo: tuple[str, ...],
        *,
        no_low: bool = False,
        rows: bool = True,
    ) -> None:
        """``rows``: record the pot and its shares (False: the caller has)."""
        if rows:
            self.pot_awards.append(PotAward(pot.index, board, sum(paid.values()), hi, lo))
        for player in sorted(set(expected) | set(paid)) if rows else ():
            self.awards.append(
                AwardRecord(
                    pot.index, board, half, player, expected.get(player, 0), paid.get(player, 0)
                )
            )
        pot_name = "the main pot" if pot.index == 0 else f"side pot {pot.index}"
        if max(self.boards, default=1) > 1:
            pot_name += f" (board {board})"
        strangers = [p for p in paid if paid[p] and not expected.get(p)]
        if strangers:
            scooped = no_low and len(hi) < len(set(paid))
            code = Code.LOW_NOT_QUALIFIED if scooped else Code.WINNER_WRONG
            why = "no low qualifies: the high scoops" if code == Code.LOW_NOT_QUALIFIED else ""
            self._find(
                code,
                span,
                f"{', '.join(strangers)} paid from {pot_name} without winning it"
                + (f" ({why})" if why else ""),
                player=strangers[0],
                expected=", ".join(f"{p} {self._money(a)}" for p, a in expected.items() if a),
                recorded=", ".join(f"{p} {self._money(a)}" for p, a in paid.items()),
            )
            return
        wrong = {
            p: (expected.get(p, 0), paid.get(p, 0))
            for p in expected
            if expected[p] != paid.get(p, 0)
        }
        if not wrong:
            return
        unpaid = [p for p in expected if expected[p] and not paid.get(p)]
        overpaid = [p for p in expected if paid.get(p, 0) > expected[p]]
        if unpaid and overpaid:
            # a winner left out while another is paid more than his share: that player was
            # given a half (or share) he did not win
            self._find(
                Code.WINNER_WRONG,
                span,
                f"{overpaid[0]} is paid {pot_name}'s share that {', '.join(unpaid)} won",
                player=overpaid[0],
                expected=", ".join(f"{p} {self._money(e)}" for p, (e, _) in wrong.items()),
                recorded=", ".join(f"{p} {self._money(r)}" for p, (_, r) in wrong.items()),
            )
            return
        unit = odd_chip_unit(self.profile, self.hand)
        odd_only = all(abs(e - r) <= unit for e, r in wrong.values())
        code = Code.ODD_CHIP_WRONG if odd_only else Code.AWARD_WRONG
        player = next(iter(wrong))
        self._find(
            code,
            span,
            f"{pot_name} is split wrongly" + (": an odd chip is misplaced" if odd_only else ""),
            player=player,
            expected=", ".join(f"{p} {self._money(e)}" for p, (e, _) in wrong.items()),
            recorded=", ".join(f"{p} {self._money(r)}" for p, (_, r) in wrong.items()),
        )
