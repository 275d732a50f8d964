"""Rule profiles: every point where rooms differ is one key of a TOML file.

Bundled profiles are found by name (``seeds``, ``pokerstars``, ``tda``); any
other ``.toml`` path is read as a user's own. ``auto`` picks the hand's room
profile where one is bundled, else ``seeds``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

PROFILE_DIR = Path(__file__).resolve().parent.parent / "profiles"
ROOM_PROFILES = {"PokerStars": "pokerstars"}


class ProfileError(ValueError):
    """A profile that does not exist, or a key with a value it cannot take."""


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    schedule: str  # none | percent | fixed
    percent: Decimal
    rounding: str  # down | nearest
    cap: dict[str, Decimal] = field(default_factory=dict)  # players dealt in ("default") -> cap
    no_flop_no_drop: bool = True

    def cap_for(self, players: int) -> Decimal:
        return self.cap.get(str(players), self.cap.get("default", Decimal(0)))


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One room's choices, read from its profile file."""

    name: str
    description: str
    fixed_limit_small_blind_rounding: str
    heads_up_button_posts_small_blind: bool
    button_movement: str
    bets_per_round: int
    cap_heads_up: str
    short_all_in_reopens: str
    preflop_small_blind_counts_as_big: bool
    showdown_order: str
    odd_chip_tie_rule: str
    same_players_both_halves: str
    odd_chip_unit: str
    rake: RakeSchedule
    timeout_rule: str
    # a cash-out's fee as a percentage of its value (cash-out + fee), to the nearest unit;
    # None: the profile does not judge it
    cash_out_fee_percent: Decimal | None = None


_CHOICES = {
    "fixed_limit_small_blind_rounding": {"down", "up"},
    "button_movement": {"moving", "dead"},
    "cap_heads_up": {"never", "when_heads_up", "if_round_began_heads_up"},
    "short_all_in_reopens": {"full_raise", "half_bet"},
    "showdown_order": {"last_aggressor", "river_aggressor", "first_bettor"},
    "odd_chip_tie_rule": {"left_of_button", "by_suit"},
    "same_players_both_halves": {"split_each_half", "split_whole_pot"},
    "odd_chip_unit": {"minor_unit", "smallest_blind_chip"},
    "timeout_rule": {"all_in_protection", "check_or_fold"},
}


def bundled_profiles() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))


def profile_path(name_or_path: str) -> Path:
    if name_or_path in bundled_profiles():
        return PROFILE_DIR / f"{name_or_path}.toml"
    path = Path(name_or_path)
    if path.suffix == ".toml" and path.is_file():
        return path
    known = ", ".join(bundled_profiles())
    raise ProfileError(f"unknown rule profile {name_or_path!r} (bundled: {known}; or a .toml path)")


def load_profile(name_or_path: str) -> RuleProfile:
    """The profile named (bundled) or at a path; every key checked."""
    path = profile_path(name_or_path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ProfileError(f"{path}: {err}") from None
    try:
        return _from_toml(data)
    except (KeyError, TypeError, ValueError) as err:
        raise ProfileError(f"{path}: {err}") from None


def _get(data: dict[str, Any], section: str, key: str) -> Any:
    try:
        return data[section][key]
    except KeyError:
        raise KeyError(f"missing key [{section}] {key}") from None


def _bool(data: dict[str, Any], section: str, key: str) -> bool:
    value = _get(data, section, key)
    if not isinstance(value, bool):
        raise ValueError(f"[{section}] {key}: {value!r} is not true or false")
    return value


def _int(data: dict[str, Any], section: str, key: str) -> int:
    value = _get(data, section, key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"[{section}] {key}: {value!r} is not a whole number")
    return value


def _from_toml(data: dict[str, Any]) -> RuleProfile:
    rake = data.get("rake", {})
    schedule = RakeSchedule(
        schedule=str(rake.get("schedule", "none")),
        percent=Decimal(str(rake.get("percent", "0"))),
        rounding=str(rake.get("rounding", "down")),
        cap={str(k): Decimal(str(v)) for k, v in rake.get("cap", {}).items()},
        no_flop_no_drop=rake.get("no_flop_no_drop", True) is True,
    )
    if schedule.schedule not in {"none", "percent", "fixed"}:
        raise ValueError(f"[rake] schedule: {schedule.schedule!r} is not none, percent or fixed")
    profile = RuleProfile(
        name=str(data["name"]),
        description=str(data.get("description", "")),
        fixed_limit_small_blind_rounding=_get(data, "blinds", "fixed_limit_small_blind_rounding"),
        heads_up_button_posts_small_blind=_bool(
            data, "blinds", "heads_up_button_posts_small_blind"
        ),
        button_movement=_get(data, "button", "movement"),
        bets_per_round=_int(data, "fixed_limit", "bets_per_round"),
        cap_heads_up=_get(data, "fixed_limit", "cap_heads_up"),
        short_all_in_reopens=_get(data, "fixed_limit", "short_all_in_reopens"),
        preflop_small_blind_counts_as_big=_bool(
            data, "pot_limit", "preflop_small_blind_counts_as_big"
        ),
        showdown_order=_get(data, "showdown", "order"),
        odd_chip_tie_rule=_get(data, "odd_chips", "tie_rule"),
        same_players_both_halves=_get(data, "odd_chips", "same_players_both_halves"),
        odd_chip_unit=_get(data, "odd_chips", "unit"),
        rake=schedule,
        timeout_rule=_get(data, "timeout", "rule"),
        cash_out_fee_percent=_optional_percent(data, "cash_out", "fee_percent"),
    )
    for key, choices in _CHOICES.items():
        value = getattr(profile, key)
        if value not in choices:
            raise ValueError(f"{key}: {value!r} is not one of {', '.join(sorted(choices))}")
    if profile.bets_per_round < 2:
        raise ValueError("bets_per_round must be at least 2")
    return profile


def _optional_percent(data: dict[str, Any], section: str, key: str) -> Decimal | None:
    value = data.get(section, {}).get(key)
    if value is None:
        return None
    try:
        return Decimal(str(value))
    except ArithmeticError:
        raise ValueError(f"[{section}] {key}: {value!r} is not a number") from None


def profile_for_site(site: str, requested: str) -> str:
    """The profile name to use for a hand of ``site`` when ``requested`` (``auto`` picks)."""
    if requested != "auto":
        return requested
    return ROOM_PROFILES.get(site, "seeds")
