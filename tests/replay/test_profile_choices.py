"""A profile's choices are enums whose values are the TOML strings: the schema's choices
come from them, a loaded profile holds members, and its key is what the strings made."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from auditor.replay.profile import (
    SCHEMA,
    ButtonMovement,
    Choice,
    Kind,
    ProfileError,
    RakeKind,
    RuleProfile,
    load_profile,
    profile_key,
)


def _as_strings(profile: RuleProfile) -> RuleProfile:
    """``profile`` with each choice a plain str, as profiles held them before the enums."""
    plain: dict[str, Any] = {
        f.name: str(v) for f in dataclasses.fields(profile)
        if isinstance(v := getattr(profile, f.name), Choice)
    }
    rake_plain: dict[str, Any] = {
        "schedule": str(profile.rake.schedule), "rounding": str(profile.rake.rounding)
    }
    rake = dataclasses.replace(profile.rake, **rake_plain)
    return dataclasses.replace(profile, rake=rake, **plain)


def test_every_choice_key_offers_its_enums_values() -> None:
    choice_keys = [key for key in SCHEMA if key.kind is Kind.CHOICE]
    assert len(choice_keys) == 11
    for key in choice_keys:
        assert key.choice is not None
        assert key.choices == tuple(member.value for member in key.choice)
    assert all(key.choice is None for key in SCHEMA if key.kind is not Kind.CHOICE)


@pytest.mark.parametrize("name", ["seeds", "pokerstars", "tda", "ggpoker"])
def test_a_loaded_profile_holds_members_and_keeps_its_key(name: str) -> None:
    profile = load_profile(name)
    held = [getattr(profile, f.name) for f in dataclasses.fields(profile)]
    assert sum(isinstance(v, Choice) for v in held) == 9
    assert isinstance(profile.rake.schedule, RakeKind)
    old = _as_strings(profile)
    assert not any(isinstance(getattr(old, f.name), Choice) for f in dataclasses.fields(old))
    assert repr(profile) == repr(old) and profile_key(profile) == profile_key(old)


def test_a_choice_outside_the_enum_is_refused_with_the_same_words(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "auditor/profiles/tda.toml").read_text()
    assert 'movement = "dead"' in text
    path = tmp_path / "p.toml"
    path.write_text(text.replace('movement = "dead"', 'movement = "Dead"'), encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    assert refused.value.problems == ("button.movement: must be one of moving, dead, got 'Dead'",)
    assert load_profile("tda").button_movement is ButtonMovement.DEAD
