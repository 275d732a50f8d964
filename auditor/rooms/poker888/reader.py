"""888poker hands to events: one method per line terminal of ``grammars/888poker.lark``.

What 888's layout means, where the record alone says it:

- calls, bets and raises give the chips put in (see the grammar); " and is all-in" ends
  the line that puts the last in; no post says all-in: a post of the whole stack its seat
  line gives is one (PLO8 MTT 489318468: "( $58 )", then "posts small blind [$58]");
- no time zone (fpdb-3 reads the times as ET, HHSmithy's parser as GMT): kept as "";
- seats are numbered 1 to 10 on every table, "6 Max" is how many play (6-max tables seat
  players at 1, 2, 4, 6, 7 and 9; the corpus's STT has a seat 10);
- no uncalled bet's return is written (a bet nobody calls, then "collected" of the pot
  without it): the replay returns it by the rules.
"""

from __future__ import annotations

from datetime import datetime

from lark.exceptions import UnexpectedInput

from auditor import events as ev
from auditor.cards import Card
from auditor.money import AmountError
from auditor.parse.errors import HandParseError
from auditor.parse.facts import CURRENCY_OF_SYMBOL, LineError, local_time
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.poker888 import SITE
from auditor.rooms.poker888.games import GAMES
from auditor.rooms.poker888.wording import amount, cards, claim
from auditor.source import SourceSpan

# the status words that are not the status's own (ev.Status's values are 888's others)
_STATUS = {"has left the table": ev.Status.LEAVES, "has joined the table": ev.Status.JOINS}
_SEATS = 10  # whatever the table's name says (see the module's doc)
_RETURNS_WRITTEN = False
_DEAL = "** Dealing down cards **"

_HEAD = (
    "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n"
    "$1/$2 Blinds Pot Limit Omaha - *** 06 01 2014 21:05:48\n"
    "Table T 6 Max (Real Money)\nSeat 1 is the button\nTotal number of players : 2\n"
)
_SEATED = _HEAD + "Seat 1: a ( $200 )\nSeat 2: b ( $200 )\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
_MISTAKES: dict[str, list[str]] = {
    "a stakes line the layout does not have (stakes, game or date)": [
        "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n$1/$2 Pot Limit Omaha\n",
    ],
    "a table line the layout does not have": [
        "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n"
        "$1/$2 Blinds Pot Limit Omaha - *** 06 01 2014 21:05:48\nTable T\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "** Dealing down cards **\na shoves\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "** Dealing down cards **\na folds\n** Summary **\nnothing here\n",
    ],
}


class Poker888Reader(CommonLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    GRAMMAR = "888poker"

    MISTAKES = _MISTAKES
    STREETS = {"down cards": ev.Street.PREFLOP} | {s.value: s for s in ev.Street}

    # ------------------------------------------------------------ driving
    def _open(self) -> bool:
        return self._start is not None and not self._summary

    def _cut_short(self, err: UnexpectedInput) -> bool:
        # a record cut inside its last line (a copy that stopped mid-line) is cut short
        # too: read up to its last whole line and marked truncated, as at a line's end
        on_last = isinstance(err.line, int) and err.line >= self._lines
        return super()._cut_short(err) or (on_last and self._open())

    def _reset(self, raw: RawHand) -> None:
        self._begin_reading(raw)
        self._lines = len(raw.lines)
        self._start: ev.HandStarted | None = None
        self._stacks: dict[str, int] = {}
        self._deal_written = _DEAL in raw.text  # the hand has its deal line
        self._dealt = False  # ... and it has been read
        self._acted = False  # a call, bet or raise has been read
        self._big_blind = False  # a big blind has been posted
        self._paying = False  # the first "collected" line has been read
        self._header: dict[str, str] = {}
        self._table_span: SourceSpan | None = None
        self._started_at: datetime | None = None
        self._header_span = SourceSpan(raw.file, raw.first_line)

    def _hand(self, raw: RawHand) -> ev.Hand:
        if self._start is None:
            raise HandParseError(raw.file, raw.first_line, 1, raw.header, "no table line")
        events = tuple(self._events)
        cut = None if self._summary else last_line(raw)
        return ev.Hand(self._start, events, cut is not None, cut, _RETURNS_WRITTEN)

    def _money(self, text: str) -> int:
        return amount(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        return cards(text)

    # ------------------------------------------------------------ header
    def GAME_NO(self, f: Fields, span: SourceSpan) -> None:
        self._header["game_no"] = f["gameno_id"]

    def HAND_HEADER(self, f: Fields, span: SourceSpan) -> None:
        number = f["header_id"]
        if self._header.setdefault("game_no", number) != number:
            raise ValueError(f"game {number} under the line of game {self._header['game_no']}")

    def GAME_LINE(self, f: Fields, span: SourceSpan) -> None:
        self._header.update(small=f["game_small"], big=f["game_big"], game=f["game_name"])
        y, mo, d, h, mi, sec = (
            int(f["game_" + k]) for k in ("year", "month", "day", "hour", "minute", "second")
        )
        self._started_at = local_time(y, mo, d, h, mi, sec, "")
        self._header_span = span

    def TABLE_LINE(self, f: Fields, span: SourceSpan) -> None:
        h = self._header
        h["table"] = f["table_name"] or f["table_number"]
        if f["table_tournament"]:
            h.update(tournament=f["table_tournament"], buy_in=f["table_buy_in"])
        h["money"] = f["table_money"]
        self._table_span = span

    def PLAYER_COUNT(self, f: Fields, span: SourceSpan) -> None:
        """The header's last line: the hand's start, with every fact of the lines above."""
        h = self._header
        small, big = h["small"], h["big"]
        symbol = next((s for s in CURRENCY_OF_SYMBOL if s in small), "")
        if "tournament" in h:
            currency, self._scale = "chips", 1  # tournament chips, written with a "$"
        elif h["money"] != "Real Money" or not symbol:
            currency, self._scale = "chips", 100  # play money: "4,202.50" has cents
        else:
            currency, self._scale = CURRENCY_OF_SYMBOL[symbol], 100
        limit, hi_lo, hole, code = GAMES.of(h["game"])
        try:  # the stakes line's facts: a problem with them is that line's
            small_stake, big_stake = self._money(small), self._money(big)
        except AmountError as err:
            raise LineError.of(self._header_span.line, err) from None
        if limit is ev.Limit.FIXED:
            # 888 names the blinds ("15/30 Blinds Fix Limit Omaha"); the bets are the big
            # blind and twice it (the corpus: 30 on the flop, 60 on the turn)
            small_stake, big_stake = big_stake, 2 * big_stake
        self._start = ev.HandStarted(
            span=SourceSpan(self._file, self._offset + 1, 1),
            site=SITE,
            hand_id=h["game_no"],
            game=h["game"],
            variant=code,
            limit=limit,
            hi_lo=hi_lo,
            hole_card_count=hole,
            small_stake=small_stake,
            big_stake=big_stake,
            currency=currency,
            scale=self._scale,
            started_at=self._started_at,
            time_zone="",
            table_name=h["table"],
            max_seats=_SEATS,
            button_seat=self._button,
            tournament_id=h.get("tournament"),
            buy_in=h.get("buy_in"),
            table_span=self._table_span,
        )
        self._events.append(self._start)

    # ------------------------------------------------------------ seats
    def SEAT(self, f: Fields, span: SourceSpan) -> None:
        super().SEAT(f, span)
        self._stacks[f["seat_who"]] = self._money(f["seat_stack"])

    # ------------------------------------------------------------ the play
    def POST(self, f: Fields, span: SourceSpan) -> None:
        player = f["who"]
        if f["post_kind"]:  # "small blind", "big blind", "ante", "the ante": PostKind's words
            kind = ev.PostKind(f["post_kind"].removeprefix("the "))
            paid = self._money(f["post_amount"])
        else:
            # "posts dead blind [$1 + $2]": the small blind dead, the big blind live
            # ("[$25 + $0]": a dead small blind alone)
            dead, live = self._money(f["post_dead"]), self._money(f["post_live"])
            paid = dead + live
            kind = ev.PostKind.SMALL_AND_BIG if dead else ev.PostKind.BIG_BLIND
            kind = kind if live else ev.PostKind.MISSED_BLIND
        all_in = 0 < self._stacks.get(player, 0) <= paid  # see the module's doc
        self._big_blind = self._big_blind or kind is not ev.PostKind.SMALL_BLIND
        self._events.append(ev.Posted(span, player, kind, paid, all_in))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        if not self._dealt and not self._acted and (self._deal_written or not self._big_blind):
            # "X folds" among the posts, before the cards are dealt (before the deal line,
            # or before any big blind is up in a hand that has none): X is not dealt in; he
            # sits out rather than post (FLO8 440985926: Borr_09 between the blinds and
            # the deal; Limit5.txt 409714750: the big blind and the rest, and the small
            # blind collects his own blind back). An observer's record has no deal line:
            # a fold there after the big blind is a fold.
            self._events.append(ev.PlayerStatus(span, f["who"], ev.Status.SITS_OUT, "folds"))
            return
        self._events.append(ev.Folded(span, f["who"]))

    def _chips_in(
        self, f: Fields, span: SourceSpan, verb: ev.Verb, added: str, to: str, all_in: str
    ) -> None:
        self._acted = True
        super()._chips_in(f, span, verb, added, to, all_in)

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        words = f["status_words"]
        status = _STATUS.get(words) or ev.Status(words)
        self._events.append(ev.PlayerStatus(span, f["who"], status, words))

    def STREET(self, f: Fields, span: SourceSpan) -> None:
        self._dealt = True
        super().STREET(f, span)

    # ------------------------------------------------------------ summary
    def SUMMARY_HEAD(self, f: Fields, span: SourceSpan) -> None:
        # 888's "** Summary **" opens its showdown: the hands shown and mucked, in the order
        # they were tabled, then what each collected (where the summary proper begins)
        self._summary = True
        self._events.append(ev.ShowdownStarted(span, 1))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Shown(span, f["sum_who"], self._cards(f["shows_cards"])))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Mucked(span, f["sum_who"], self._cards(f["mucks_cards"])))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["sum_who"]))

    def HAND_PART(self, f: Fields, span: SourceSpan) -> None:
        """ "(Hi: ...)" / "(Lo: ...)" under a shown hand: the five cards 888 says it makes."""
        shown = self._events[-1] if self._events else None
        if not isinstance(shown, ev.Shown):
            text = f.group().rstrip()
            self._events.append(ev.Garbled(span, text, "a hand's five cards under no shown hand"))
            return
        half, said = f["part_half"], f["part_cards"]
        high = said if half == "Hi" else _half(shown.claim.high_text)
        low = said if half == "Lo" else _half(shown.claim.low_text)
        both = claim(high, low)
        self._events[-1] = ev.Shown(shown.span, shown.player, shown.cards, both.text, both)

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        # 888 names no pot: each half, each side pot, is its own "collected" line
        if not self._paying:
            self._paying = True
            self._events.append(ev.SummaryStarted(span))
        self._events.append(ev.Collected(span, f["sum_who"], self._money(f["collected_amount"])))


def _half(text: str | None) -> str | None:
    """The cards of a claim half's text ("Hi: Jd, ..." -> "Jd, ..."), None if none."""
    return text.split(": ", 1)[1] if text else None
