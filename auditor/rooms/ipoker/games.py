"""What an iPoker session's ``<general>`` block says (game, stakes, table, currency,
the player whose export it is), and the field spellings of its elements: amounts with
a currency sign and either decimal point or comma, cards suit first ("D10", "SQ")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from auditor import events as ev
from auditor.cards import DECK, Card
from auditor.parse.facts import CURRENCY_OF_SYMBOL

if TYPE_CHECKING:
    from auditor.parse.xml_elements import Node

SITE = "iPoker"

# <gametype>: "Omaha PL €0.50/€1", "Omaha Pot limit $100.00/$200.00 Ante $0.00",
# "PL €2/€4" (2019 on: no game name), "Omaha Hi-Lo L $1/$2"; the text of the element
_GAMETYPE = re.compile(
    r"(?P<game>.*?)\s*\b(?P<limit>PL|NL|SL|FL|LP|LZ|L|Pot limit|No limit|Limit|БЛ)"
    r"\s+(?P<small>[^\s/]+)/(?P<big>[^\s/]+)(?:\s+Ante\s+(?P<ante>\S+))?\s*$",
    re.IGNORECASE,
)
_LIMIT_NAMES = {
    ev.Limit.POT: ("pl", "lp", "pot limit"),
    ev.Limit.NO: ("nl", "sl", "lz", "бл", "no limit"),
    ev.Limit.FIXED: ("l", "fl", "limit"),
}
_LIMITS = {name: limit for limit, names in _LIMIT_NAMES.items() for name in names}
_SIGNS = "$€£¥₹"
# suit letter + rank ("10" for a ten), as iPoker writes them: "D10", "SQ", "H2"
_CARDS = {c.text[1].upper() + ("10" if c.text[0] == "T" else c.text[0]): c for c in DECK}
UNKNOWN = Card("X", -1)


@dataclass(frozen=True, slots=True)
class Session:
    game: str  # the <gametype> text as written
    limit: ev.Limit
    hi_lo: bool
    small: str  # the stakes as written
    big: str
    currency: str
    table: str
    hero: str  # <nickname> ("" when N/A)
    started: datetime | None
    max_seats: int | None
    uncalled_bet_enabled: bool


def game_name(gametype: str) -> str:
    """The game of a <gametype> text: its words before the limit; a text with no game
    name (2019 on: "PL €2/€4") is Omaha, the only game iPoker writes without one."""
    found = _GAMETYPE.match(gametype)
    if found is None:
        return gametype
    return found.group("game") or "Omaha"


def is_omaha(gametype: str) -> bool:
    """Whether a <gametype> is of an Omaha game (named, or with no game name)."""
    return game_name(gametype).startswith("Omaha")


def read_session(found: list[Node]) -> Session:
    """The session block's facts (an empty list: a game with no session block)."""
    text = {e.tag: e.text for e in found}
    gametype = text.get("gametype", "")
    parsed = _GAMETYPE.match(gametype)
    name = (parsed.group("game") if parsed else "") or "Omaha"
    limit = _LIMITS.get(parsed.group("limit").lower(), ev.Limit.POT) if parsed else ev.Limit.POT
    small = parsed.group("small") if parsed else ""
    big = parsed.group("big") if parsed else ""
    sign = next((ch for ch in small + big if ch in _SIGNS), "")
    currency = CURRENCY_OF_SYMBOL.get(sign) or text.get("tablecurrency") or ""
    if not currency:
        currency = "chips" if parsed else (text.get("currency") or "chips")
    hero = text.get("nickname", "")
    started = None
    try:
        started = start_time(text.get("startdate", ""))
    except ValueError:
        started = None
    seats = text.get("tablesize", "")
    return Session(
        game=gametype or name,
        limit=limit,
        hi_lo="hi" in name.lower().replace("holdem", ""),
        small=small,
        big=big,
        currency=currency,
        table=text.get("tablename", ""),
        hero="" if hero == "N/A" else hero,
        started=started,
        max_seats=int(seats) if seats.isdecimal() else None,
        uncalled_bet_enabled=text.get("uncalled_bet_enabled", "").lower() == "true",
    )


def amount_text(text: str) -> str:
    """An amount as ``to_minor`` reads it: "€1,214.15" and "€946,60" (a decimal comma,
    2019 on) both with a decimal point; a comma before three digits groups thousands."""
    text = text.strip().lstrip(_SIGNS).strip()
    if "," in text:
        whole, _, frac = text.rpartition(",")
        if "." not in text and len(frac) in (1, 2):
            return whole.replace(",", "") + "." + frac
        if "." in whole:  # "1.214,15": points group thousands
            return whole.replace(".", "") + "." + frac
        return text.replace(",", "")
    return text


def card_of(text: str) -> Card:
    """A card as iPoker writes it ("D10", "SQ"); "X" (or "x", 2013's archives) is a card
    not shown."""
    if text in ("X", "x"):
        return UNKNOWN
    found = _CARDS.get(text.upper())
    return found if found is not None else Card(text, -1)


_DATES = (
    "%Y-%m-%d %H:%M:%S",
    "%d.%m.%Y %H:%M:%S",
    "%d/%m/%Y %H:%M:%S",
    "%Y/%m/%d %H:%M:%S",
    "%d-%b-%Y %H:%M:%S",
)


def start_time(text: str) -> datetime | None:
    """A <startdate> ("2014-01-06 11:49:59", "18.05.2021 18:26:13" from 2021); None if
    empty; ValueError for a date in none of the room's spellings."""
    if not text or text == "N/A":
        return None
    for form in _DATES:
        try:
            return datetime.strptime(text, form)
        except ValueError:
            continue
    raise ValueError(f"a start date the room writes, not {text!r}")
