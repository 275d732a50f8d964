"""A rake the record does not write is implied (chips put in less chips paid out) and
checked against the profile's schedule (RAKE_WRONG), and the hands table carries it with
its source: PartyPoker's older layouts write only "wins" (the pot less the rake, and the
uncalled bet they never return in a line of its own)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

import auditor
from auditor.api import audit_text
from auditor.findings import Code
from auditor.replay.profile import ProfileError, check_profile, load_profile

# PartyPoker/PLO/Limit5.txt of the corpus (2012, heads-up $10/$20 pot limit): 80 in the pot
# before the turn, the 79 bet uncalled; "wins $158" = 80 - the $1 heads-up cap + the 79.
LIMIT5 = """***** Hand History for Game 11614177654 *****
$2,000 USD PL Omaha - Tuesday, April 03, 03:24:32 EDT 2012
Table Table  135446 (No DP) (Real Money)
Seat 3 is the button
Total number of players : 2/6
Seat 3: Biiishaaap ( $433 USD )
Seat 5: ILikeToF0LD ( $2,288.50 USD )
Biiishaaap posts small blind [$10 USD].
ILikeToF0LD posts big blind [$20 USD].
** Dealing down cards **
Biiishaaap raises [$30 USD]
ILikeToF0LD calls [$20 USD]
** Dealing Flop ** [ Kc, 9h, Qs ]
ILikeToF0LD checks
Biiishaaap checks
** Dealing Turn ** [ Jh ]
ILikeToF0LD bets [$79 USD]
Biiishaaap folds
ILikeToF0LD does not show cards.
ILikeToF0LD wins $158 USD
"""


def _codes(text: str) -> list[Code]:
    (result,) = audit_text(text)
    return [f.code for f in result.findings]


def test_the_clean_hand_implies_the_cap_and_no_finding() -> None:
    (result,) = audit_text(LIMIT5)
    assert result.findings == ()
    assert result.replay is not None
    # the reader takes the uncalled 79 back out of "wins"
    assert result.replay.chips_in == 8000 and result.replay.paid_out == 7900


def test_paying_out_too_little_implies_a_rake_above_the_cap() -> None:
    # wins 155: 80 + 79 returned - 155 = 4 raked, above the $1 heads-up cap
    (result,) = audit_text(LIMIT5.replace("wins $158", "wins $155"))
    (rake,) = [f for f in result.findings if f.code is Code.RAKE_WRONG]
    assert (rake.expected, rake.recorded) == ("1.00", "4.00")
    assert "implied" in rake.message


def test_paying_out_too_much_implies_a_rake_below_the_schedule() -> None:
    # wins 158.50: 80 + 79 - 158.50 = 0.50 raked, where 5% of 80 capped at $1 is 1
    (result,) = audit_text(LIMIT5.replace("wins $158", "wins $158.50"))
    (rake,) = [f for f in result.findings if f.code is Code.RAKE_WRONG]
    assert (rake.expected, rake.recorded) == ("1.00", "0.50")


def test_more_paid_than_put_in_is_conservation_not_rake() -> None:
    codes = _codes(LIMIT5.replace("wins $158", "wins $160"))
    assert Code.CHIPS_NOT_CONSERVED in codes and Code.RAKE_WRONG not in codes


def test_no_schedule_no_rake_finding() -> None:
    # the same edit under a profile with no schedule (the seeds): conserved, not judged
    (result,) = audit_text(LIMIT5.replace("wins $158", "wins $155"), rules="seeds")
    assert Code.RAKE_WRONG not in [f.code for f in result.findings]


def _own_profile(tmp_path: Path, old: str, new: str) -> str:
    seeds = Path(auditor.__file__).parent / "profiles" / "seeds.toml"
    body = seeds.read_text(encoding="utf-8")
    assert old in body
    own = tmp_path / "own.toml"
    own.write_text(body.replace(old, new, 1), encoding="utf-8")
    return str(own)


def test_a_cap_without_a_schedule_is_checked(tmp_path: Path) -> None:
    capped = _own_profile(tmp_path, 'cap = { default = "0" }', 'cap = { default = "3" }')
    (over,) = audit_text(LIMIT5.replace("wins $158", "wins $155"), rules=capped)
    (rake,) = [f for f in over.findings if f.code is Code.RAKE_WRONG]
    assert (rake.expected, rake.recorded) == ("3.00", "4.00")
    (under,) = audit_text(LIMIT5.replace("wins $158", "wins $157"), rules=capped)
    assert Code.RAKE_WRONG not in [f.code for f in under.findings]  # 2 raked, under 3


def test_a_hand_before_the_schedule_is_known_is_not_judged(tmp_path: Path) -> None:
    party = Path(auditor.__file__).parent / "profiles" / "party.toml"
    own = tmp_path / "party_later.toml"
    own.write_text(
        party.read_text(encoding="utf-8").replace("since = 2012-01-01", "since = 2012-05-01"),
        encoding="utf-8",
    )
    (result,) = audit_text(LIMIT5.replace("wins $158", "wins $155"), rules=str(own))
    assert Code.RAKE_WRONG not in [f.code for f in result.findings]  # an April 2012 hand
    assert load_profile("party").rake.since == date(2012, 1, 1)


@pytest.mark.parametrize("value", ['"2012-01-01"', "2012-01-01T10:00:00", "2012"])
def test_since_must_be_a_date(value: str) -> None:
    import tomllib

    data = tomllib.loads(
        (Path(auditor.__file__).parent / "profiles" / "seeds.toml").read_text(encoding="utf-8")
    )
    data["rake"]["since"] = tomllib.loads(f"v = {value}")["v"]
    _, problems = check_profile(data)
    assert any(p.startswith("rake.since: must be a date") for p in problems)
    with pytest.raises(ProfileError):
        raise ProfileError("x", problems)


def test_the_hands_table_says_written_or_implied(tmp_path: Path) -> None:
    source = tmp_path / "party.txt"
    source.write_text(LIMIT5, encoding="utf-8")
    auditor.audit(source, out=tmp_path / "out")
    hands = auditor.load(tmp_path / "out")["hands"]
    row = hands.iloc[0]
    assert (row.total_pot, row.rake, row.rake_source) == (8000, 100, "implied")
    stars = auditor.bundled_fixtures() / "pokerstars" / "cash_plo_every_line.txt"
    auditor.audit(stars, out=tmp_path / "stars")
    written = auditor.load(tmp_path / "stars")["hands"]
    assert set(written.rake_source) == {"written"}
