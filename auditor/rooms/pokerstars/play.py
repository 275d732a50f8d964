"""The lines of the play (``grammars/pokerstars.lark``), those not read by CommonLines."""

from __future__ import annotations

from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.hand_claims import Claim
from auditor.money import to_minor
from auditor.parse.lines import CommonLines
from auditor.parse.text_reader import Fields, FieldsReader
from auditor.rooms.pokerstars.wording import read_claim
from auditor.source import SourceSpan

BOARD_OF_WORD = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREET_OF_WORD = {
    "HOLE CARDS": ev.Street.PREFLOP,
    "DEALING HANDS": ev.Street.PREFLOP,
    "PRE-FLOP": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
_POST_KINDS = {
    "posts small blind": ev.PostKind.SMALL_BLIND,
    "posts big blind": ev.PostKind.BIG_BLIND,
    "posts small & big blinds": ev.PostKind.SMALL_AND_BIG,
    "posts the ante": ev.PostKind.ANTE,
    "posts missed blind": ev.PostKind.MISSED_BLIND,
    "posts dead blind": ev.PostKind.MISSED_BLIND,
    "posts dead small blind": ev.PostKind.MISSED_BLIND,
    "posts a bring-in": ev.PostKind.BRING_IN,
    "straddle": ev.PostKind.STRADDLE,
}
_STATUS_OF_WORDS = {
    "is sitting out": ev.Status.SITTING_OUT,
    "sits out": ev.Status.SITS_OUT,
    "has returned": ev.Status.RETURNED,
    "is disconnected": ev.Status.DISCONNECTED,
    "is connected": ev.Status.CONNECTED,
    "has timed out": ev.Status.TIMED_OUT,
    "has timed out while disconnected": ev.Status.TIMED_OUT,
    "has timed out while being disconnected": ev.Status.TIMED_OUT,
    "leaves the table": ev.Status.LEAVES,
    "joins the table": ev.Status.JOINS,  # "at seat #3"
    "was removed": ev.Status.LEAVES,  # "from the table for ..."
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}
_NO_BRACKETS = str.maketrans("[]", "  ")
_STACK_CHANGES = {" re-buys": ev.StackChange.REBUY, " adds on": ev.StackChange.ADD_ON}


class PlayLines(CommonLines, FieldsReader):
    """The hand's events so far and the lines of the play (the reader's base); the
    layout always says all-in (" and is all-in"): a line without it is not all-in."""

    POSTS = _POST_KINDS
    # How the room writes cards: PokerStars writes a ten "Th"; "10h" or "th" is no card of
    # its layout (CARD_INVALID). A room that writes otherwise has a reader with its own.
    card_notation: CardNotation = LETTERS

    _scale: int  # minor units a unit of the stakes: 100 for cents, 1 for chips

    def _money(self, text: str) -> int:
        return _minor(text, self._scale)

    def _cards(self, text: str) -> tuple[Card, ...]:
        """Cards as written, in one "[..]" or more ("[Ah Kd] [Qs]": a hand dealt in two)."""
        return self.card_notation.cards(text.translate(_NO_BRACKETS))

    def _claim(self, words: str) -> Claim:
        return read_claim(words)

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        note = f["fold_reason"] or f["fold_shown"] or ""
        self._events.append(ev.Folded(span, f["who"], note))

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        pot, side = f["collected_pot"], f["collected_side"]
        number = (int(side) if side else 1) if pot.startswith("side pot") else 0
        money = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["who"], money, number, pot != "pot"))

    def CASHED_OUT(self, f: Fields, span: SourceSpan) -> None:
        fee = self._money(f["cashout_fee"]) if f["cashout_fee"] else None
        amount = self._money(f["cashout_amount"])
        self._events.append(ev.CashedOut(span, f["who"], amount, fee))

    def INSURANCE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Insurance(span, f["who"], f["insurance_what"].rstrip()))

    def CASH_DROP(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["cash_drop_amount"])
        self._events.append(ev.PotExtra(span, amount, f.group().rstrip()))

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.HandCancelled(span))

    def COMMENT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f["comment_text"].rstrip()))

    def DEALER_NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f["dealer_note"]))

    def PLAYER_NOTE(self, f: Fields, span: SourceSpan) -> None:
        """Tournament news about a player; a rebuy or add-on is its own event."""
        player = f["note_player"]
        text = (player + f["note_text"]).rstrip()  # the whole line
        change, chips = f["note_change"], f["note_chips"]
        if change is None:
            self._events.append(ev.Note(span, text))
            return
        amount = self._money(chips) if chips is not None else None
        self._events.append(ev.StackAdded(span, player, _STACK_CHANGES[change], amount, text))

    def TALK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, f["talk_player"], f["talk_said"]))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        what = f["status_what"].rstrip()
        status = _STATUS_OF_WORDS[what.partition(" at seat")[0].partition(" from")[0]]
        self._events.append(ev.PlayerStatus(span, f["status_player"], status, what))

    def SECTION_MARKER(self, f: Fields, span: SourceSpan) -> None:
        street, board, cards, new = _marker(
            f["marker_board"], f["marker_street"], f["marker_cards"], self.card_notation
        )
        if street is None:
            self._events.append(ev.ShowdownStarted(span, board))
        else:
            self._events.append(ev.StreetDealt(span, street, board, cards, new))
        if f["marker_rest"].strip():
            rest = f["marker_rest"].rstrip()
            problem = f"unexpected text after the street marker: {rest!r}"
            self._events.append(ev.Garbled(span, "*** " + f["marker_text"].rstrip(), problem))


# the same few amounts recur line after line, hand after hand ("$0.02", "$1")
_minor = lru_cache(maxsize=1 << 14)(to_minor)


@lru_cache(maxsize=1024)  # "*** HOLE CARDS ***" and "*** SHOWDOWN ***" are in every hand
def _marker(
    board_word: str | None, street_word: str, cards: str, notation: CardNotation
) -> tuple[ev.Street | None, int, tuple[Card, ...], tuple[Card, ...]]:
    """Street (None for a showdown), board, all cards and new cards of a street marker."""
    board = BOARD_OF_WORD[board_word] if board_word else 1
    if street_word.replace(" ", "") == "SHOWDOWN":
        return None, board, (), ()
    new = notation.cards(cards.rpartition("[")[2].rstrip().removesuffix("]"))
    return _STREET_OF_WORD[street_word], board, notation.cards(cards.translate(_NO_BRACKETS)), new
