"""PartyPoker hands to events: a :class:`FieldsReader` on ``grammars/party.lark``, its line
methods (one per line terminal, named after it) in :mod:`.header` and :mod:`.play`.

What the room means by its words, where other rooms' same words mean otherwise:

- an action's amount is the chips it puts in ("raises [$30 USD]": 30 more); the 2026
  layout's "raises 2.70 to 2.80" writes the total too; "is all-In [$X]" puts X more in,
  naming no call, bet or raise: each is an ``ev.ChipsIn`` and the replay tells which;
- the room writes no "uncalled bet returned" line: the part of the last bet nobody
  matched is in the winner's "wins $X" (no showdown), or is the last side pot, "wins
  $0.95 from side pot #1", that only its bettor was in (a showdown), or in the 2026
  summary's "collected": the hand says so (``uncalled_returns_in_wins``), the replay
  returns it and reads it out of the win line;
- "wins $X" is net of the rake, which its 2005-2017 layouts do not write; the 2026
  summary's "Main Pot: $X Rake: $R" is net too (the total pot is X + R);
- who was dealt in, a seat listed under a placeholder name, a tournament layout's blind
  posts (it writes none) are decided from the whole record (:mod:`.conventions`).
"""

from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput

from auditor import events as ev
from auditor.money import AmountError
from auditor.parse.facts import LineError
from auditor.parse.text_reader import FieldsReader, last_line
from auditor.read.split import RawHand
from auditor.rooms.party.conventions import InferredPost, blind_posts, seat_names, with_conventions
from auditor.rooms.party.play import PlayLines

_HEAD = "***** Hand History for Game 1 *****\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
_MISTAKES: dict[str, list[str]] = {
    "a game line the layout does not have (stakes, game or date)": [
        _HEAD + "$100 USD PL Omaha\n",
        _HEAD + "$100 USD Omaha Pot Limit - Monday, January 06, 09:52:55 EST 2014\n",
    ],
    "a table line the layout does not have": [
        _HEAD + "$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014\nTable Paris\n",
    ],
}


class PartyReader(PlayLines, FieldsReader):
    """Reads one hand at a time; not thread-safe (one per process)."""

    MISTAKES = _MISTAKES
    MOST_WORDS = 6

    def __init__(self) -> None:
        # what a hand's second reading knows (see read): seats' names, unwritten posts
        self._known: tuple[dict[str, str], tuple[InferredPost, ...]] = ({}, ())
        self._wire("party")

    def read(self, raw: RawHand) -> ev.Hand:
        """The events of ``raw``; raises :class:`HandParseError` if the record cannot be read.

        Two of the room's conventions need the whole record before its lines can be read
        (see :mod:`auditor.rooms.party.conventions`): a seat listed under another name
        than its player's, and a tournament layout's blind posts, which it does not write.
        A hand that has either is read a second time with them known."""
        self._known = ({}, ())
        hand = super().read(raw)
        if hand.truncated or any(type(e) is ev.HandCancelled for e in hand.events):
            return hand  # a record that stops early: who was in cannot be told from it
        seats = [e for e in hand.events if type(e) is ev.SeatTaken]
        renamed = seat_names(seats, hand.events)
        posts: tuple[InferredPost, ...] = ()
        if hand.start.tournament_id is not None and not any(
            type(e) is ev.Posted for e in hand.events
        ):
            no_small = any(
                type(e) is ev.Note and e.text.startswith("There is no Small Blind")
                for e in hand.events
            )
            posts = blind_posts(hand.start, seats, renamed, hand.events, no_small)
        if renamed or posts:
            self._known = ({r.listed: r.acting for r in renamed}, posts)
            hand = super().read(raw)
        return with_conventions(hand, renamed, posts)

    def _open(self) -> bool:
        return self._start_at >= 0 and not self._settled

    def _cut_short(self, err: UnexpectedInput) -> bool:
        """A record that stops inside its last line (which no kind reads) is cut short
        too, as one that stops after a whole line: read up to there, marked truncated."""
        last = self._raw.first_line + len(self._raw.lines) - 1
        on_last = isinstance(err.line, int) and self._raw.first_line + err.line - 1 >= last
        self._cut = super()._cut_short(err) or (self._open() and on_last)
        return self._cut

    def _mistake(self, err: UnexpectedInput) -> str:
        # a line where the play may start or go on that no kind of line reads (the
        # examples would need one per parser state: with or without the button line,
        # the player count, the seats, a lead-in)
        if isinstance(err, UnexpectedCharacters):
            history = err.token_history or ()
            if "PLAY" in (err.allowed or ()) or (history and history[-1].type == "PLAY"):
                return "a line of play the layout does not have"
        return super()._mistake(err)

    def _on_block(self, tok: Token) -> Token:
        # Where the grammar has no play (before the table line, in the summary), lark
        # tries the run only after an error (its root lexer): the token is left to be
        # refused, not read.
        if tok.type == "PLAY" and (self._start_at < 0 or self._summary):
            return tok
        return super()._on_block(tok)

    def _hand(self, raw: RawHand) -> ev.Hand:
        header = raw.first_line + raw.header_at
        if self._start_at < 0:
            raise LineError(header, "no table line")
        cut = self._cut or not self._settled  # or every line read, but no winner
        try:  # the header's stakes and date: a problem with them is the header line's
            start = self._hand_started()
        except (AmountError, ValueError, OverflowError) as err:
            raise LineError.of(header, err) from None
        self._events[self._start_at] = start
        return ev.Hand(
            start,
            tuple(self._events),
            truncated=cut,
            truncated_at=last_line(raw) if cut else None,
            uncalled_returns_written=False,
            uncalled_returns_in_wins=True,
        )
