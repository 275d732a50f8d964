"""Exact money: amounts as integers in a hand's minor unit.

Cash games count in the currency's minor unit (cents); tournaments and play
money count in chips. Text never goes through a float.

>>> to_minor("$1,234.5", 100)
123450
>>> to_minor("20", 1)
20
>>> to_minor("0.015", 100)
Traceback (most recent call last):
...
auditor.money.AmountError: amount '0.015' is finer than the hand's unit (1/100)
"""

from __future__ import annotations

from functools import lru_cache


class AmountError(ValueError):
    """An amount that cannot be written exactly in the hand's unit."""


MAX_MINOR = 2**63 - 1
"""The largest amount the tables hold: money columns are int64 of the minor unit."""


class AmountOutOfRange(AmountError):
    """An amount exact in the hand's unit but beyond what the tables hold (int64)."""


_STRIP = str.maketrans("", "", "$€£¥₹,  ")


@lru_cache(maxsize=8192)  # hands repeat the same few amounts (blinds, bets, stacks)
def to_minor(text: str, scale: int) -> int:
    """``text`` (currency symbol and thousands separators allowed) in units of 1/scale."""
    clean = text.translate(_STRIP)
    whole, _, frac = clean.partition(".")
    digits = len(str(scale)) - 1
    if len(frac) > digits:
        if frac[digits:].strip("0"):
            raise AmountError(f"amount {text!r} is finer than the hand's unit (1/{scale})")
        frac = frac[:digits]
    if not whole and not frac:
        raise AmountError(f"amount {text!r} has no digits")
    if len(whole.lstrip("+-0")) > len(str(MAX_MINOR)):  # too long even to convert
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise AmountOutOfRange(f"amount {shown!r} is beyond what the tables hold")
    try:
        amount = int(whole or "0") * scale + int(frac.ljust(digits, "0") or "0")
    except ValueError:
        raise AmountError(f"amount {text!r} is not a number") from None
    if abs(amount) > MAX_MINOR:
        raise AmountOutOfRange(
            f"amount {text!r} is beyond what the tables hold exactly "
            f"({MAX_MINOR:,} units of 1/{scale})"
        )
    return amount


def format_minor(amount: int, scale: int) -> str:
    """The inverse of :func:`to_minor`, without a currency symbol.

    >>> format_minor(123450, 100), format_minor(-5, 100), format_minor(1500, 1)
    ('1234.50', '-0.05', '1500')
    """
    if scale == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, frac = divmod(abs(amount), scale)
    return f"{sign}{whole}.{frac:0{len(str(scale)) - 1}d}"
