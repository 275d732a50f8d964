"""The old WPN layout's lines (the Yatahay-era client: "Game started at: ...", "Game ID:
N 2/4 T (Omaha)", "Player X raises (6)", "------ Summary ------", "Game ended at: ...").

Every amount is the chips put in with the action ("raises (6)" after a blind of 2 is a
raise to 8); "allin (124)" names no call, bet or raise (the replay tells which from the
round's bets), and no other chips line is an all-in. Each card dealt is a line of its
own; a ten is "10h".

:class:`WpnLines` holds the driving both layouts share: a hand's state, its end (a record
that stops before its summary, even inside its last line, is read up to there and marked
truncated), and the old client's UTF-16 files' blank line after every line (a BLANK line
in a run, read so that the lines are counted).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import AmountError, to_minor
from auditor.parse.errors import HandParseError
from auditor.parse.facts import SEAT_LIMIT, LineError, local_time, variant
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, error_place, last_line, take_seat
from auditor.read.split import RawHand
from auditor.rooms.wpn import SITE
from auditor.rooms.wpn.games import GAMES
from auditor.rooms.wpn.wording import read_old
from auditor.source import SourceSpan

STREET = {"FLOP": ev.Street.FLOP, "TURN": ev.Street.TURN, "RIVER": ev.Street.RIVER}
CAPPED = "reached the table's cap"
# both layouts' words ("is disconnected." is the old one's); old: "is disconnected and ALL
# IN.", the client's all-in protection (he stays in for what he put in); "wait BB": he
# waits for the big blind to come round to him, out of this hand
STATUS = {
    "is sitting out": ev.Status.SITTING_OUT,
    "sitting out": ev.Status.SITTING_OUT,
    "wait BB": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is disconnected.": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "is connected.": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "is timed out.": ev.Status.TIMED_OUT,
    "is disconnected and ALL IN.": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,
}
_TIME = ("year", "month", "day", "hour", "minute", "second")


def bracketed(text: str) -> list[str]:
    """The insides of " [5d 4h As] [7h]": each bracket's cards."""
    return [part.rstrip("]") for part in text.split(" [")[1:]]


class WpnLines(CommonLines, FieldsReader):
    """A WPN hand's state and driving; the layouts' line methods are its subclasses'."""

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._raw = raw
        self._start: ev.HandStarted | None = None
        self._cut_at: SourceSpan | None = None
        self._max_seats = SEAT_LIMIT
        self._head: Fields | None = None  # the header's fields, till the table line
        self._scale = 1
        self._notation: CardNotation = LETTERS
        self._hole_cards_seen = False
        # the old layout: one line per card dealt, gathered into one Dealt per player
        self._dealt: dict[str, tuple[int, ev.Dealt]] = {}
        self._old = False  # an old-layout hand whose deal is not yet over
        self._summary_board = 1  # the new layout's summary: the board its seat lines are of
        self._game: Fields | None = None  # the old layout's Game ID line, and its span
        self._game_span = SourceSpan(raw.file, raw.first_line + 1, 1)
        # a CAP table's cap, and what each player has put in the hand
        self._cap = 0
        self._in_hand: dict[str, int] = {}

    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops before its summary, anywhere in its last line (a cut
        file's last line may be cut too): read up to there and marked truncated."""
        raw = self._raw
        line, column = error_place(raw, err)
        if line < raw.first_line + len(raw.lines) - 1 or not self._open():
            return False
        self._cut_at = SourceSpan(raw.file, line, column)
        return True

    def _hand(self, raw: RawHand) -> ev.Hand:
        self._finish_dealt()
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        if self._summary:
            return ev.Hand(self._start, tuple(self._events))
        last = self._cut_at or last_line(raw)
        return ev.Hand(self._start, tuple(self._events), truncated=True, truncated_at=last)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return self._notation.cards(text)

    def _begin(self, start: ev.HandStarted) -> None:
        self._start = start
        self._scale = start.scale
        self._events.append(start)

    def _finish_dealt(self) -> None:
        """The old layout's deal is over: a seated player it dealt no card was not in the
        hand (no "received" line: WPN writes one per card for every player dealt in)."""
        if self._old and self._dealt:
            for at, event in enumerate(self._events):
                if type(event) is ev.SeatTaken and event.player not in self._dealt:
                    self._events[at] = replace(event, out_of_hand=True)
        self._old = False
        self._dealt = {}

    def BLANK(self, f: Fields, span: SourceSpan) -> None:
        return  # a blank line in a run: counted, nothing said

    def _summary_begins(self, span: SourceSpan) -> None:
        self._finish_dealt()
        self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def _when(self, f: Fields | None, prefix: str, line: int) -> tuple[datetime | None, str]:
        """The local time a header's ``prefix``-ed fields give, and its zone ("UTC", or "")."""
        if f is None:
            return None, ""
        zone = f.groupdict().get(prefix + "zone") or ""
        try:
            year, month, day, hour, minute, second = (int(f[prefix + k] or 0) for k in _TIME)
            return local_time(year, month, day, hour, minute, second, zone), zone
        except ValueError as err:
            raise LineError.of(line, err) from None

    def _stakes(self, small: str, big: str, scale: int, line: int) -> tuple[int, int]:
        """The header's stakes; a problem with them is the header line's."""
        try:
            return to_minor(small, scale), to_minor(big, scale)
        except (AmountError, ValueError) as err:
            raise LineError.of(line, err) from None

    def _gross_pot(
        self, span: SourceSpan, net: int, rake: int | None, fees: list[tuple[str, int]]
    ) -> ev.Event:
        return ev.SummaryPot(
            span, net + (rake or 0) + sum(a for _, a in fees), None, (), rake, tuple(fees)
        )


# The old layout writes a ten "10h"; the new one "Th".
TENS = CardNotation("tens as 10 (10h)", ten="10")
# "posts (2)": a player who comes in posts a live blind (his "Bets" in the summary count
# it; WaitBB.txt): the big blind's kind makes it live
_O_POST_KIND = {
    "has small blind": ev.PostKind.SMALL_BLIND,
    "has big blind": ev.PostKind.BIG_BLIND,
    "posts": ev.PostKind.BIG_BLIND,
    "ante": ev.PostKind.ANTE,
    "straddle": ev.PostKind.STRADDLE,
}
# the old layout's chips lines ("caps (253.88)": raises to the table's cap)
_O_VERB = {
    "calls": ev.Verb.CALL,
    "bets": ev.Verb.BET,
    "raises": ev.Verb.RAISE,
    "caps": ev.Verb.RAISE,
    "cap": ev.Verb.RAISE,
    "allin": ev.Verb.ALL_IN,
}


class OldLines(WpnLines):
    """The old layout's line methods."""

    def O_STARTED(self, f: Fields, span: SourceSpan) -> None:
        self._head = f
        self._notation = TENS
        self._old = True
        self._scale = 100

    def O_GAME_ID(self, f: Fields, span: SourceSpan) -> None:
        self._game, self._game_span = f, span  # (a blank line may come before it)

    def O_BUTTON(self, f: Fields, span: SourceSpan) -> None:
        """The hand: the "Game started at" line's time, the "Game ID" line's game, stakes
        and table, and the button; no limit and no currency: WPN's Omaha tables of that
        client were pot limit, in US dollars (fpdb's WinningToFpdb.py reads them so; a
        fixed-limit table is told by its big blind)."""
        head_span = SourceSpan(self._file, self._offset + 1, 1)
        if self._game is None:  # cannot be: the grammar puts the game line first
            raise ValueError("a button line before the game line")
        self.BUTTON(f, span)
        game, name = self._game, self._game["game_name"]
        limit, hi_lo, hole, code = GAMES.of(name)  # no limit words: pot limit
        started_at, zone = self._when(self._head, "started_", head_span.line)
        small, big = self._stakes(game["game_small"], game["game_big"], 100, self._game_span.line)
        start = ev.HandStarted(
            span=head_span,
            site=SITE,
            hand_id=game["game_id"],
            game=name,
            variant=code,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small,
            big_stake=big,
            currency="USD",
            scale=100,
            started_at=started_at,
            time_zone=zone,
            table_name=(game["game_table"] or "").strip(),
            max_seats=None,
            button_seat=self._button,
            table_span=self._game_span,
            limit_written=False,
        )
        if " CAP " in f" {start.table_name} ":
            # "The CAP is set at 30bb ... When you've reached the hand CAP, you're considered
            # to be all-in for the remainder of the hand" (yapoker.com, "CAP Tables"): the
            # record's "caps (253.88)" puts Player4 at $300 of a $5/$10 table
            self._cap = 30 * start.big_stake
        self._begin(start)

    def O_SEAT(self, f: Fields, span: SourceSpan) -> None:
        seat, player = int(f["oseat_number"]), f["oseat_player"]
        take_seat(self._seats, seat, player)
        self._events.append(ev.SeatTaken(span, seat, player, self._money(f["oseat_stack"])))

    def O_POST(self, f: Fields, span: SourceSpan) -> None:
        player, words = f["owho"], f["opost_kind"]
        amount = self._money(f["opost_amount"])
        self._events.append(ev.Posted(span, player, _O_POST_KIND[words], amount))
        self._count_in(player, amount, span)
        if words == "has big blind":
            self._limit_from_big_blind(amount)

    def O_CHIPS(self, f: Fields, span: SourceSpan) -> None:
        player, verb = f["owho"], _O_VERB[f["ochips_verb"]]
        amount = self._money(f["ochips_amount"])
        # the layout says every all-in so ("allin (X)"): no other chips line is one
        all_in = verb is ev.Verb.ALL_IN
        self._events.append(ev.ChipsIn(span, player, verb, amount, None, all_in))
        self._count_in(player, amount, span)

    def O_CARD(self, f: Fields, span: SourceSpan) -> None:
        self._deal(f["owho"], self._notation.cards(f["ocard_cards"]), span)

    def O_HIDDEN_CARD(self, f: Fields, span: SourceSpan) -> None:
        self._deal(f["owho"], (), span)

    def O_FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, f["owho"]))

    def O_CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["owho"]))

    def O_MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["owho"]))

    def O_ALL_IN(self, f: Fields, span: SourceSpan) -> None:
        # after "is disconnected and ALL IN.": he stays in for what he has put in
        self._events.append(ev.Note(span, f.group().strip()))

    def O_STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["ostatus_words"]
        self._events.append(ev.PlayerStatus(span, f["owho"], STATUS[words], words))

    def _count_in(self, player: str, amount: int, span: SourceSpan) -> None:
        """On a CAP table, the action that brings a player's chips in the hand to the cap
        makes him all-in for the rest of it."""
        if not self._cap:
            return
        before = self._in_hand.get(player, 0)
        self._in_hand[player] = before + amount
        if before < self._cap <= before + amount:
            self._events.append(ev.PlayerStatus(span, player, ev.Status.CAPPED, CAPPED))

    def _limit_from_big_blind(self, big_blind: int) -> None:
        """The old layout names no limit: a big blind of the stakes' first number (40/80
        with blinds 20/40) is a fixed-limit game's, whose stakes are its bets (fpdb's
        WinningToFpdb.py tells them so); else the game is pot limit."""
        start = self._start
        if start is None or start.small_stake == start.big_stake:
            return
        if big_blind != start.small_stake or start.limit is ev.Limit.FIXED:
            return
        fixed = replace(
            start,
            limit=ev.Limit.FIXED,
            variant=variant(ev.Limit.FIXED, start.hi_lo, start.hole_card_count),
        )
        self._events[self._events.index(start)] = fixed
        self._start = fixed

    def _deal(self, player: str, cards: tuple[Card, ...], span: SourceSpan) -> None:
        """One line per card: the player's first line holds the Dealt of them all."""
        found = self._dealt.get(player)
        if found is None:
            self._dealt[player] = (len(self._events), ev.Dealt(span, player, cards))
            self._events.append(self._dealt[player][1])
            return
        at, dealt = found
        joined = ev.Dealt(dealt.span, player, dealt.cards + cards)
        self._dealt[player] = (at, joined)
        self._events[at] = joined

    def O_MARKER(self, f: Fields, span: SourceSpan) -> None:
        groups = bracketed(f["omarker_cards"])
        if not groups:
            # "*** FLOP ***:" with no cards (PLO8 ...201609.no.flop): no flop dealt
            text = f.group().strip()
            self._events.append(ev.Garbled(span, text, "a flop marker with no cards"))
            return
        cards = tuple(card for group in groups for card in self._notation.cards(group))
        new = self._notation.cards(groups[-1])
        self._events.append(ev.StreetDealt(span, STREET[f["omarker_street"]], 1, cards, new))

    def O_UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["ouncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["ouncalled_player"], amount))

    def O_SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._summary_begins(span)

    def O_POT(self, f: Fields, span: SourceSpan) -> None:
        rake = self._money(f["opot_rake"]) if f["opot_rake"] is not None else None
        fees: list[tuple[str, int]] = []
        for part in f["opot_fees"].split(". ")[1:]:
            label, _, amount = part.strip().rpartition(" ")
            fees.append((label, self._money(amount)))
        self._events.append(self._gross_pot(span, self._money(f["opot_total"]), rake, fees))

    def O_BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, self._notation.cards(f["oboard_cards"])))

    def O_SUMMARY_PLAYER(self, f: Fields, span: SourceSpan) -> None:
        """The hand shown and the chips collected (written here only), then the seat."""
        player, shown = f["osum_player"], self._cards(f["osum_cards"] or f["osum_mucked"] or "")
        seat = next((n for n, name in self._seats.items() if name == player), 0)
        collects, bets = self._money(f["osum_collects"]), self._money(f["osum_bets"])
        if f["osum_cards"] is not None:
            description = f["osum_words"] + (f["osum_low"] or "")
            self._events.append(ev.Shown(span, player, shown, description, read_old(description)))
            outcome = ev.SeatOutcome.SHOWED
        elif f["osum_mucked"] is not None:
            outcome = ev.SeatOutcome.MUCKED
        elif collects:
            outcome = ev.SeatOutcome.COLLECTED
        elif f["osum_not_shown"] is not None:
            outcome = ev.SeatOutcome.FOLDED if bets else ev.SeatOutcome.DIDNT_BET
        else:
            outcome = ev.SeatOutcome.MUCKED
        if collects:  # "Collects: 47."
            self._events.append(ev.Collected(span, player, collects))
        results = (ev.SeatResult(collects),) if collects else ()
        self._events.append(
            ev.SummarySeat(span, seat, player, (), outcome, "", not bets, shown, results)
        )

    def O_ENDED(self, f: Fields, span: SourceSpan) -> None:
        return

    def O_AFTER(self, f: Fields, span: SourceSpan) -> None:
        # text after "Game ended at": the last bytes of a damaged file (an odd byte of a
        # UTF-16 file decodes as U+FFFD)
        self._events.append(ev.Garbled(span, f.group().strip(), "text after the hand's end"))
