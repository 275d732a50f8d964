"""The lines of the play: one method per line terminal of ``grammars/pokerstars.lark``,
named after it, reading the line's fields by name. Chips put in are written as the line
says them (:class:`~auditor.events.ChipsIn`): the replay tells what each was."""

from __future__ import annotations

import re
from functools import lru_cache

from auditor import events as ev
from auditor.cards import LETTERS, Card, CardNotation
from auditor.money import to_minor
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
_CARD_GROUP = re.compile(r"\[([^\]\n]*)\]")  # each group of a line's cards field
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
    "will be allowed to play after the button": ev.Status.ALLOWED_AFTER_BUTTON,
}
_AMOUNTS: dict[tuple[str, int], int] = {}  # memo of _money (ints: shared safely)
_AMOUNTS_MAX = 1 << 14
_STACK_CHANGES = {" re-buys": ev.StackChange.REBUY, " adds on": ev.StackChange.ADD_ON}


class PlayLines(FieldsReader):
    """The hand's events so far and the lines of the play (the reader's base)."""

    # How the room writes cards: PokerStars writes a ten "Th"; "10h" or "th" is no card of
    # its layout (CARD_INVALID). A room that writes otherwise has a reader with its own.
    card_notation: CardNotation = LETTERS

    _events: list[ev.Event]
    _scale: int  # minor units a unit of the stakes: 100 for cents, 1 for chips
    _first_dealt: int  # the cards of the first hand dealt with cards, 0 before it

    def _money(self, text: str) -> int:
        # the same few amounts recur line after line, hand after hand ("$0.02", "$1")
        key = (text, self._scale)
        found = _AMOUNTS.get(key)
        if found is None:
            found = to_minor(text, self._scale)
            if len(_AMOUNTS) < _AMOUNTS_MAX:
                _AMOUNTS[key] = found
        return found

    # The layout always says all-in (" and is all-in"): a line without it is not all-in.
    def POST(self, f: Fields, span: SourceSpan) -> None:
        money = self._money(f["post_amount"])
        kind = _POST_KINDS[f["post_kind"]]
        self._events.append(ev.Posted(span, f["player"], kind, money, bool(f["post_all_in"])))

    def CALL(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["call_amount"]), bool(f["call_all_in"])
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.CALL, added, None, all_in))

    def BET(self, f: Fields, span: SourceSpan) -> None:
        added, all_in = self._money(f["bet_amount"]), bool(f["bet_all_in"])
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.BET, added, None, all_in))

    def RAISE(self, f: Fields, span: SourceSpan) -> None:
        # "raises $4 to $6": $4 is the raise over the bet faced, not the chips put in
        # (those are $6 less the player's bet so far): the total is what the line gives
        to, all_in = self._money(f["raise_to"]), bool(f["raise_all_in"])
        self._events.append(ev.ChipsIn(span, f["player"], ev.Verb.RAISE, None, to, all_in))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        note = f["fold_reason"] or f["fold_shown"] or ""
        self._events.append(ev.Folded(span, f["player"], note))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, f["player"]))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        dealt: tuple[Card, ...] = ()
        for group in _CARD_GROUP.findall(f["dealt_cards"]):
            dealt += self.card_notation.cards(group)
        if dealt and not self._first_dealt:
            self._first_dealt = len(dealt)
        self._events.append(ev.Dealt(span, f["dealt_player"], dealt))

    def UNCALLED(self, f: Fields, span: SourceSpan) -> None:
        amount = self._money(f["uncalled_amount"])
        self._events.append(ev.UncalledReturned(span, f["uncalled_player"], amount))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        shown = self.card_notation.cards(f["shows_cards"])
        said = f["shows_words"] or ""
        self._events.append(ev.Shown(span, f["player"], shown, said, read_claim(said)))

    def MUCKS(self, f: Fields, span: SourceSpan) -> None:
        cards = f["mucks_cards"]
        shown = self.card_notation.cards(cards) if cards is not None else ()
        self._events.append(ev.Mucked(span, f["player"], shown))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, f["player"]))

    def COLLECTED(self, f: Fields, span: SourceSpan) -> None:
        pot, side = f["collected_pot"], f["collected_side"]
        number = (int(side) if side else 1) if pot.startswith("side pot") else 0
        money = self._money(f["collected_amount"])
        self._events.append(ev.Collected(span, f["player"], money, number, pot != "pot"))

    def CASHED_OUT(self, f: Fields, span: SourceSpan) -> None:
        fee = self._money(f["cashout_fee"]) if f["cashout_fee"] else None
        amount = self._money(f["cashout_amount"])
        self._events.append(ev.CashedOut(span, f["player"], amount, fee))

    def INSURANCE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Insurance(span, f["player"], f["insurance_what"].rstrip()))

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
        if what.startswith("joins the table"):
            status = ev.Status.JOINS
        elif what.startswith("was removed from the table"):
            status = ev.Status.LEAVES
        else:
            status = _STATUS_OF_WORDS[what]
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


@lru_cache(maxsize=1024)  # "*** HOLE CARDS ***" and "*** SHOWDOWN ***" are in every hand
def _marker(
    board_word: str | None, street_word: str, cards: str, notation: CardNotation
) -> tuple[ev.Street | None, int, tuple[Card, ...], tuple[Card, ...]]:
    """Street (None for a showdown), board, all cards and new cards of a street marker."""
    board = BOARD_OF_WORD[board_word] if board_word else 1
    if street_word.replace(" ", "") == "SHOWDOWN":
        return None, board, (), ()
    groups = _CARD_GROUP.findall(cards)
    all_cards: tuple[Card, ...] = ()
    for group in groups:
        all_cards += notation.cards(group)
    new_cards = notation.cards(groups[-1]) if groups else ()
    return _STREET_OF_WORD[street_word], board, all_cards, new_cards
