"""888poker's own words: its localised amounts and card ranks, and what its "(Hi: ...)" and
"(Lo: ...)" lines say of a shown hand (the five cards of the best hand, not words)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from auditor.cards import DECK, Card
from auditor.hand_claims import Claim, ClaimedHand, ClaimedLow
from auditor.money import AmountError, to_minor
from auditor.showdown.evaluator import describe_high, omaha_high

# A rank letter in the player's language, as 888 writes it (fpdb-3's PacificPokerToFpdb
# splitCards lists them; the corpus has both): Dutch H(eer) K, V(rouw) Q, B(oer) J;
# Swedish E(ss) A, D(am) Q, Kn(ekt) J. No two of these name different ranks, so one table
# reads either language; another language's letters are no card (CARD_INVALID).
_LOCAL_RANKS = {"H": "K", "V": "Q", "B": "J", "E": "A", "D": "Q", "Kn": "J"}
_CARDS: dict[str, Card] = {card.text: card for card in DECK}
for _local, _rank in _LOCAL_RANKS.items():
    for _suit in "cdhs":
        _CARDS[_local + _suit] = _CARDS[_rank + _suit]

# "552,72", "4,744.48", "3.243" (thousands), "0.5": a last separator followed by one or two
# digits is the decimal one; any other separates thousands.
_DECIMAL = re.compile(r"[.,]([0-9]{1,2})$")
_SEPARATOR = re.compile(r"\u00c2?\u00a0| ")  # a space between thousands (or its mojibake)
_AROUND = " \u00a0\u00c2$€£"  # a currency symbol before or after, and the space by it
_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:[.,][0-9]{3})+")


def card(text: str) -> Card:
    """The card 888 means by ``text`` (any text outside its notation: an invalid card)."""
    found = _CARDS.get(text)
    return found if found is not None else Card(text, -1)


@lru_cache(maxsize=4096)  # a board is written again on every street, a hand twice
def cards(listed: str) -> tuple[Card, ...]:
    """The cards of ``"[ 7c, Ah, 2c ]"`` (or of its inside, ``"7c, Ah, 2c"``).

    >>> [str(c) for c in cards("[ Hc, 8h, Td, Vh ]")], [str(c) for c in cards("Kns, Ec")]
    (['Kc', '8h', 'Td', 'Qh'], ['Js', 'Ac'])
    """
    inner = listed.strip().removeprefix("[").removesuffix("]").strip()
    return tuple(card(text.strip()) for text in inner.split(",")) if inner else ()


@lru_cache(maxsize=8192)  # hands repeat the same few amounts
def amount(text: str, scale: int) -> int:
    """A localised amount in units of 1/scale.

    >>> amount("$ 3.243", 100), amount("$ 552,72", 100), amount("15\u00a0788,50 $", 100)
    (324300, 55272, 1578850)
    >>> amount("3\u00c2\u00a0023,50 $", 100), amount("2 250 $", 1), amount("25\u00a0$", 1)
    (302350, 2250, 25)
    """
    digits = _SEPARATOR.sub(",", text.strip(_AROUND))
    found = _DECIMAL.search(digits)
    whole, frac = (digits[: found.start()], found.group(1)) if found else (digits, "")
    if _WHOLE.fullmatch(whole) is None:
        raise AmountError(f"amount {text!r} is not a number")
    return to_minor(f"{whole.replace(',', '').replace('.', '')}.{frac}", scale)


def claim(high: str | None, low: str | None) -> Claim:
    """What the "(Hi: ...)" and "(Lo: ...)" lines after a shown hand say it is.

    >>> c = claim("Jd, Jc, 2d, 2s, Ks", "2s, 4d, 5h, 6c, Ac")
    >>> c.high.category.name, c.high.ranks, c.low.ranks
    ('TWO_PAIR', (9, 0, 11), (6, 5, 4, 2, 1))
    """
    # 888 writes a half's line only under the player who wins that half: a half with no
    # line claims nothing of it (not "no low"): "" is words that say nothing to check
    high_text = f"Hi: {high}" if high is not None else ""
    low_text = f"Lo: {low}" if low is not None else ""
    text = "; ".join(part for part in (high_text, low_text) if part)
    return Claim(text, high_text, _high(cards(high or "")), low_text, _low(cards(low or "")))


def _high(five: Sequence[Card]) -> ClaimedHand | None:
    """Five distinct cards' category and ranks (read as an Omaha hand of two and a board of
    three, the only way to make them)."""
    if len(five) != 5 or not all(c.valid for c in five):
        return None
    try:
        made = describe_high(omaha_high(five[:2], five[2:]))
    except ValueError:  # a card listed twice
        return None
    return ClaimedHand(made.category, made.ranks)


def _low(five: Sequence[Card]) -> ClaimedLow | None:
    """The low's values highest first, the ace as 1."""
    if len(five) != 5 or not all(c.valid for c in five):
        return None
    values = (1 if c.rank == 12 else c.rank + 2 for c in five)  # the ace low
    return ClaimedLow(tuple(sorted(values, reverse=True)))
