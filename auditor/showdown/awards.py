"""Showdown and awards: who wins each pot (hi, lo), how the chips are split, and whether
the record says so.

Each pot the room paid out is checked as a split of what the record shows it paid from
that pot (per board, when the hand was run more than once): how much rake a room took
from which pot is its own affair, but how the rest is shared is the rules'.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from operator import attrgetter

from auditor import events as ev
from auditor.cards import Card
from auditor.findings import Finding
from auditor.money import format_minor
from auditor.replay.profile import RuleProfile
from auditor.replay.result import PotRecord, ReplayResult
from auditor.showdown.evaluator import describe_high, low_ranks, omaha_hi_lo, omaha_high
from auditor.showdown.wording import claim_matches, read_high, read_low, split_hi_lo
from auditor.source import SourceSpan

_Values = tuple[int, int | None]
"""A hand's high value and its low (None when it has none or the game is high only)."""

# The events settlement reads: the showdown's, in record order, and a few it looks up.
_TIMELINE: frozenset[type[ev.Event]] = frozenset(
    {
        ev.StreetDealt,
        ev.ShowdownStarted,
        ev.Shown,
        ev.Mucked,
        ev.NotShown,
        ev.Collected,
        ev.SummaryStarted,
        ev.SummarySeat,
    }
)
_READ = _TIMELINE | {
    ev.SeatTaken,
    ev.SummaryBoard,
    ev.SummaryPot,
    ev.CashedOut,
    ev.PotNotAwarded,
}


@dataclass(frozen=True, slots=True)
class AwardRecord:
    """A player's share of one half of one pot: what the rules give and what the record pays."""

    pot_index: int  # -1: the record does not say which of several pots paid (or none did)
    board: int
    # hi/lo, scoop, or "pots" when the record does not name the pot; "not_awarded": a share
    # the room kept as its winner had cashed out; "cash_out": what the room paid a player
    # who cashed out (outside the pot, so no pot's money)
    half: str
    player: str
    expected: int | None  # None when the record's pot is unnamed among several
    recorded: int
    fee: int | None = None  # a cash-out's fee


@dataclass(frozen=True, slots=True)
class PotAward:
    pot_index: int
    board: int
    amount: int  # as paid out in the record
    hi_winners: tuple[str, ...]
    lo_winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    findings: tuple[Finding, ...]
    pots: tuple[PotAward, ...]
    awards: tuple[AwardRecord, ...]


def settle_hand(hand: ev.Hand, replay: ReplayResult, profile: RuleProfile) -> ShowdownResult:
    """Descriptions, showdown order, rake and every pot's award checked against the rules."""
    return _Settle(hand, replay, profile).run()


class _Settle:
    def __init__(self, hand: ev.Hand, replay: ReplayResult, profile: RuleProfile) -> None:
        self.hand = hand
        self.start = hand.start
        self.replay = replay
        self.profile = profile
        self.findings: list[Finding] = []
        self.pot_awards: list[PotAward] = []
        self.awards: list[AwardRecord] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.mucked: set[str] = set()
        # each hand is evaluated once, whether for its wording or for the pot; keyed by
        # the cards' indices (a Card hashes in Python, an int in C)
        self._evaluated: dict[tuple[tuple[int, ...], tuple[int, ...]], _Values] = {}
        self._scan(hand.events)
        self.at_showdown = False  # hands shown earlier (all-in tabling) show the board then

    def _scan(self, events: Sequence[ev.Event]) -> None:
        """One pass over the hand for what the checks look up in the whole record, and
        the showdown's own events in order (most of a hand is betting, read once here).

        Event classes are final, so their exact type says what an event is."""
        self.seat_of: dict[str, int] = {}
        # The summary's boards, when whole, stand in for street lines that lost a card.
        self.summary_boards: dict[int, tuple[Card, ...]] = {}
        self.rivers: set[int] = set()  # boards whose river was dealt
        self.flop_seen = False
        self.labelled = False  # a collected line names its pot ("main pot", "side pot-1")
        self.summary_pot: ev.SummaryPot | None = None
        self.timeline: list[ev.Event] = []
        self.cash_outs: list[ev.CashedOut] = []
        self.not_awarded: dict[str, ev.PotNotAwarded] = {}
        for event in events:
            kind = type(event)
            if kind not in _READ:
                continue
            if kind in _TIMELINE:
                self.timeline.append(event)
                if isinstance(event, ev.StreetDealt):
                    if event.street is ev.Street.RIVER:
                        self.rivers.add(event.board)
                    elif event.street is ev.Street.FLOP:
                        self.flop_seen = True
                elif isinstance(event, ev.Collected) and event.pot_named != "pot":
                    self.labelled = True
            elif isinstance(event, ev.SeatTaken):
                self.seat_of[event.player] = event.seat
            elif isinstance(event, ev.SummaryBoard):
                if len(event.cards) == 5:
                    self.summary_boards[event.board] = event.cards
            elif isinstance(event, ev.SummaryPot) and self.summary_pot is None:
                self.summary_pot = event
            elif isinstance(event, ev.CashedOut):
                self.cash_outs.append(event)
            elif isinstance(event, ev.PotNotAwarded) and event.amount > 0:
                self.not_awarded[event.player] = event

    def _find(
        self,
        code: str,
        span: SourceSpan,
        message: str,
        *,
        player: str = "",
        expected: str = "",
        recorded: str = "",
    ) -> None:
        self.findings.append(
            Finding(
                code,
                self.start.hand_id,
                message,
                span,
                street="showdown",
                player=player,
                expected=expected,
                recorded=recorded,
            )
        )

    def _money(self, amount: int) -> str:
        return format_minor(amount, self.start.scale)

    def run(self) -> ShowdownResult:
        collected: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
        spans: dict[tuple[int, int], SourceSpan] = {}
        section = 1
        for event in self.timeline:  # the most frequent kinds first
            if type(event) is ev.SummarySeat:
                self.at_showdown = True
                if event.cards and event.outcome in ("showed", "mucked"):
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
            elif type(event) is ev.ShowdownStarted:
                section = event.board
                self.at_showdown = True
            elif type(event) is ev.Mucked:
                self.mucked.add(event.player)
        if not self.hand.truncated and self.replay.pots:
            self._not_awarded_as_paid(collected, spans)
            if self.labelled or len(self.replay.pots) == 1:
                for (board, pot_index), paid in sorted(collected.items()):
                    pot = self._pot(pot_index)
                    if pot is not None:
                        self._award(pot, board, paid, spans[(board, pot_index)])
            else:
                for (board, _), paid in sorted(collected.items()):
                    self._award_unlabelled(board, paid, spans[(board, 0)])
            self._check_showdown_order()
            self._check_rake()
        self._cash_out_rows()
        return ShowdownResult(tuple(self.findings), tuple(self.pot_awards), tuple(self.awards))

    # ------------------------------------------------------------ cash-outs
    def _not_awarded_as_paid(
        self,
        collected: dict[tuple[int, int], dict[str, int]],
        spans: dict[tuple[int, int], SourceSpan],
    ) -> None:
        """A share the room kept from a winner who cashed out is judged like a share paid:
        the cards must give it to him. The summary does not say which pot it came from, so
        it counts as the pot's (one pot) or the pots' (several, unnamed); where the record
        names the pots it paid, the kept share stands apart, unjudged."""
        if not self.not_awarded:
            return
        if self.labelled and len(self.replay.pots) > 1:
            for player, kept in sorted(self.not_awarded.items()):
                self.awards.append(AwardRecord(-1, 1, "not_awarded", player, None, kept.amount))
            return
        paid = collected[(1, 0)]
        for player, kept in self.not_awarded.items():
            paid[player] = paid.get(player, 0) + kept.amount
            spans.setdefault((1, 0), kept.span)

    def _cash_out_rows(self) -> None:
        """The kept shares marked as such, and a row for each cash-out (the room's money)."""
        if self.not_awarded:
            self.awards = [
                replace(a, half="not_awarded")
                if a.player in self.not_awarded and a.recorded > 0
                else a
                for a in self.awards
            ]
        for cash_out in self.cash_outs:
            self.awards.append(
                AwardRecord(
                    -1, 1, "cash_out", cash_out.player, None, cash_out.amount or 0, cash_out.fee
                )
            )

    # ------------------------------------------------------------ descriptions
    def _board(self, board: int) -> tuple[Card, ...]:
        dealt = self.boards.get(board) or self.boards.get(1, ())
        if (
            self.at_showdown
            and len(dealt) < 5
            and board in self.summary_boards
            and board in self.rivers  # the street line may still have lost a card
        ):
            return self.summary_boards[board]
        return dealt

    def _check_shown(self, event: ev.Shown, section: int) -> None:
        if event.description:
            self._check_description(
                event.player,
                event.cards,
                self._board(section),
                event.description,
                event.span,
                self._on_board(section),
            )

    def _check_summary_seat(self, event: ev.SummarySeat) -> None:
        """A summary line that shows cards (the summary has begun: ``at_showdown`` is set)."""
        if event.outcome == "showed":
            self.shown.setdefault(event.player, event.cards)
        runs = max(self.boards, default=1)
        for index, result in enumerate(event.results):
            board = index + 1 if runs > 1 else 1
            if result.description:
                text = result.description.split(" (")[0]
                self._check_description(
                    event.player,
                    event.cards,
                    self._board(board),
                    text,
                    event.span,
                    self._on_board(board),
                )

    def _on_board(self, board: int) -> str:
        """" on board N" when the hand was run more than once (each board's findings then
        say which board they are about), else nothing."""
        return f" on board {board}" if max(self.boards, default=1) > 1 else ""

    def _check_description(
        self,
        player: str,
        hole: Sequence[Card],
        board: Sequence[Card],
        text: str,
        span: SourceSpan,
        on_board: str = "",
    ) -> None:
        if len(hole) != self.start.hole_card_count or len(board) < 3:
            return
        # by index: a real card has one Card object, so equal indices are the same card
        indices = [*map(_INDEX, hole), *map(_INDEX, board)]
        if min(indices) < 0 or len(set(indices)) < len(indices):
            return  # bad cards are the card checks' findings
        high_text, low_text = split_hi_lo(text)
        high, low = self._values(hole, board)
        claim = read_high(high_text)
        truth = describe_high(high)
        if claim is not None and not claim_matches(claim, truth.category, truth.ranks):
            from auditor.showdown.describe import high_description

            self._find(
                "HAND_DESCRIPTION_WRONG",
                span,
                f"{player}'s hand is not {high_text!r}{on_board}",
                player=player,
                expected=high_description(high),
                recorded=high_text,
            )
        if not self.start.hi_lo:
            return
        shown_low = read_low(low_text) if low_text else None
        if low_text is not None and shown_low is None:
            return
        actual = low_ranks(low) if low is not None else None
        if shown_low != actual and (low_text is not None or board_complete(board)):
            from auditor.showdown.describe import low_description

            self._find(
                "HAND_DESCRIPTION_WRONG",
                span,
                f"{player}'s low is not as written{on_board}",
                player=player,
                expected=low_description(low) if low is not None else "no low",
                recorded=low_text or "no low",
            )

    def _values(self, hole: Sequence[Card], board: Sequence[Card]) -> _Values:
        """The hand's high value and, in a hi/lo game, its low (None: no low, or not hi/lo).

        Raises ValueError for bad cards, as the evaluator does."""
        key = (tuple(map(_INDEX, hole)), tuple(map(_INDEX, board)))
        values = self._evaluated.get(key)
        if values is None:
            if self.start.hi_lo:
                values = omaha_hi_lo(hole, board)
            else:
                values = (omaha_high(hole, board), None)
            self._evaluated[key] = values
        return values

    # ------------------------------------------------------------ awards
    def _pot(self, index: int) -> PotRecord | None:
        pots = self.replay.pots
        return pots[index] if index < len(pots) else None

    def _order_from_button(self, players: Sequence[str]) -> list[str]:
        """Players clockwise from the button: the first is the first left of it."""
        button = self.start.button_seat or 0
        return sorted(
            players, key=lambda p: (self.seat_of.get(p, 0) <= button, self.seat_of.get(p, 0))
        )

    def _award(self, pot: PotRecord, board: int, paid: Mapping[str, int], span: SourceSpan) -> None:
        amount = sum(paid.values())
        found = self._winners(pot, board)
        if found is None:
            return  # nobody showed, or the cards are bad: nothing the cards can say
        hi_winners, lo_winners = found
        if len(pot.eligible) == 1:
            self._compare(pot, board, "scoop", {hi_winners[0]: amount}, paid, span, hi_winners, ())
            return
        unit = self._odd_chip_unit()
        shares: dict[str, int] = {}
        whole_pot = self.profile.same_players_both_halves == "split_whole_pot" and set(
            lo_winners
        ) == set(hi_winners)
        if lo_winners and not whole_pot:
            high_half = _round_up(amount, 2, unit)  # the odd chip goes to the high half
            for player, share in self._split(high_half, hi_winners, unit).items():
                shares[player] = shares.get(player, 0) + share
            for player, share in self._split(amount - high_half, lo_winners, unit).items():
                shares[player] = shares.get(player, 0) + share
            half = "hi/lo"
        else:
            shares = self._split(amount, hi_winners, unit)
            half = "scoop"
        no_low = bool(self.start.hi_lo and not lo_winners)
        self._compare(pot, board, half, shares, paid, span, hi_winners, lo_winners, no_low=no_low)

    def _winners(
        self, pot: PotRecord, board: int
    ) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """High and low winners of a pot on a board (None when the cards cannot say)."""
        eligible = list(pot.eligible)
        if len(eligible) == 1:
            return (eligible[0],), ()
        contenders = [p for p in eligible if p in self.shown and p not in self.mucked]
        cards = self._board(board)
        if not contenders or len(cards) < 5 or min(map(_INDEX, cards)) < 0:
            return None  # an invalid card has index -1
        try:
            values = {p: self._values(self.shown[p], cards) for p in contenders}
        except ValueError:
            return None
        highs = {p: high for p, (high, _) in values.items()}
        lows = {p: low for p, (_, low) in values.items()} if self.start.hi_lo else {}
        best = max(highs.values())
        hi = tuple(self._order_from_button([p for p in contenders if highs[p] == best]))
        qualified = {p: v for p, v in lows.items() if v is not None}
        lo: tuple[str, ...] = ()
        if qualified:
            best_low = max(qualified.values())
            lo = tuple(self._order_from_button([p for p in qualified if qualified[p] == best_low]))
        return hi, lo

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
                "WINNER_WRONG",
                span,
                f"{', '.join(strangers)} paid from the pots without winning any of them",
                player=strangers[0],
                expected=", ".join(sorted(winners)),
                recorded=", ".join(f"{p} {self._money(a)}" for p, a in paid.items()),
            )

    def _odd_chip_unit(self) -> int:
        if self.profile.odd_chip_unit == "smallest_blind_chip":
            return math.gcd(self.start.small_stake, self.start.big_stake) or 1
        return 1

    def _split(self, amount: int, winners: Sequence[str], unit: int) -> dict[str, int]:
        """Equal shares in whole units; odd units one each to the winners in tie order."""
        if not winners:
            return {}
        ordered = list(winners)
        if self.profile.odd_chip_tie_rule == "by_suit":
            ordered.sort(key=lambda p: _suit_order(self.shown.get(p, ())), reverse=True)
        units, rest = divmod(amount, unit)
        each, odd = divmod(units, len(ordered))
        shares = {p: each * unit for p in ordered}
        for player in ordered[:odd]:
            shares[player] += unit
        shares[ordered[0]] += rest
        return shares

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
    ) -> None:
        self.pot_awards.append(PotAward(pot.index, board, sum(paid.values()), hi, lo))
        for player in sorted(set(expected) | set(paid)):
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
            code = "LOW_NOT_QUALIFIED" if no_low and len(hi) < len(set(paid)) else "WINNER_WRONG"
            why = "no low qualifies: the high scoops" if code == "LOW_NOT_QUALIFIED" else ""
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
                "WINNER_WRONG",
                span,
                f"{overpaid[0]} is paid {pot_name}'s share that {', '.join(unpaid)} won",
                player=overpaid[0],
                expected=", ".join(f"{p} {self._money(e)}" for p, (e, _) in wrong.items()),
                recorded=", ".join(f"{p} {self._money(r)}" for p, (_, r) in wrong.items()),
            )
            return
        unit = self._odd_chip_unit()
        odd_only = all(abs(e - r) <= unit for e, r in wrong.values())
        code = "ODD_CHIP_WRONG" if odd_only else "AWARD_WRONG"
        player = next(iter(wrong))
        self._find(
            code,
            span,
            f"{pot_name} is split wrongly" + (": an odd chip is misplaced" if odd_only else ""),
            player=player,
            expected=", ".join(f"{p} {self._money(e)}" for p, (e, _) in wrong.items()),
            recorded=", ".join(f"{p} {self._money(r)}" for p, (_, r) in wrong.items()),
        )

    # ------------------------------------------------------------ order and rake
    def _check_showdown_order(self) -> None:
        """The last aggressor of the last street with a bet shows first, then clockwise.

        Not judged once anyone is all-in (every hand is then tabled) or when the room
        shows hands before the last street (GG's all-in tabling)."""
        if self.replay.all_in:
            return
        live = [p for p in self.replay.dealt_in if p not in self.replay.folded]
        shows: list[tuple[str, SourceSpan]] = []
        in_showdown = False
        for event in self.timeline:
            if isinstance(event, ev.ShowdownStarted):
                in_showdown = event.board == 1
            elif isinstance(event, ev.SummaryStarted):
                break
            elif (
                in_showdown
                and isinstance(event, ev.Shown | ev.Mucked | ev.NotShown)
                and event.player not in (p for p, _ in shows)
            ):
                shows.append((event.player, event.span))
        if len(shows) < 2 or len(live) < 2:
            return
        aggressors = dict(self.replay.aggressors)
        first = None
        rule = self.profile.showdown_order
        if rule == "last_aggressor":
            for street in ("river", "turn", "flop", "preflop"):
                if street in aggressors:
                    first = aggressors[street]
                    break
        elif rule == "river_aggressor":
            first = aggressors.get("river")
        else:  # first_bettor
            first = dict(self.replay.openers).get("river")
        if first is None or first not in live:
            first = self._order_from_button(live)[0]
        order = self._order_from_button(live)
        start = order.index(first)
        expected = order[start:] + order[:start]
        recorded = [p for p, _ in shows if p in live]
        expected = [p for p in expected if p in recorded]
        if recorded != expected:
            breaks = next(
                i for i, (r, e) in enumerate(zip(recorded, expected, strict=False)) if r != e
            )
            player = recorded[breaks]
            span = next(sp for p, sp in shows if p == player)
            self._find(
                "SHOWDOWN_ORDER",
                span,
                "hands shown in the wrong order",
                player=player,
                expected=", ".join(expected),
                recorded=", ".join(recorded),
            )

    def _check_rake(self) -> None:
        schedule = self.profile.rake
        if schedule.schedule != "percent":
            return
        summary = self.summary_pot
        if summary is None or summary.rake is None:
            return
        if schedule.no_flop_no_drop and not self.flop_seen:
            expected = 0
        else:
            cap = int(schedule.cap_for(len(self.replay.dealt_in)) * self.start.scale)
            raw = Decimal(summary.total) * schedule.percent / 100
            rounding = ROUND_DOWN if schedule.rounding == "down" else ROUND_HALF_UP
            taken = int(raw.quantize(Decimal(1), rounding=rounding))
            expected = min(taken, cap) if cap else taken
        if expected != summary.rake:
            self._find(
                "RAKE_WRONG",
                summary.span,
                "the rake breaks the profile's schedule",
                expected=self._money(expected),
                recorded=self._money(summary.rake),
            )


_INDEX = attrgetter("index")


def _round_up(amount: int, parts: int, unit: int) -> int:
    """The larger part of ``amount`` split in ``parts``, in whole units (the high half)."""
    units, rest = divmod(amount, unit)
    half, odd = divmod(units, parts)
    return (half + odd) * unit + rest


def _suit_order(cards: Sequence[Card]) -> tuple[int, int]:
    """For the by-suit odd chip: the highest card, then its suit (spades highest)."""
    if not cards:
        return (-1, -1)
    top = max(cards, key=lambda c: (c.rank, c.suit))
    return (top.rank, top.suit)


def board_complete(board: Sequence[Card]) -> bool:
    return len(board) == 5
