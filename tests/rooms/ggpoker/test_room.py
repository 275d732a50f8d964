"""GG's room: its header, its games, its table name, and its hands told apart from the
Stars room's in one file."""

from __future__ import annotations

from auditor import rooms
from auditor.api import audit_text
from auditor.results import Status
from auditor.rooms.ggpoker import GGPokerRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.corpus import ROOT

GG = (ROOT / "fixtures" / "ggpoker" / "gg_run_it_twice_and_shows_before_showdown.txt").read_text(
    encoding="utf-8"
)
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def test_each_room_claims_its_own_headers_only() -> None:
    gg, stars = GGPokerRoom(), PokerStarsRoom()
    gg_header, stars_header = GG.splitlines()[0], STARS.splitlines()[0]
    assert gg.is_header(gg_header) and not stars.is_header(gg_header)
    assert stars.is_header(stars_header) and not gg.is_header(stars_header)
    assert gg.sniff(GG) and not gg.sniff(STARS) and not stars.sniff(GG)
    assert rooms.profile_for_site("GGPoker") == "ggpoker"


def test_a_file_mixing_the_rooms_is_read_hand_by_hand() -> None:
    results = audit_text(STARS + "\n\n" + GG)
    assert [r.format for r in results] == ["pokerstars", "ggpoker", "ggpoker"]
    assert [r.status for r in results] == [Status.AUDITED] * 3
    sites = [r.hand.start.site for r in results if r.hand is not None]
    assert sites == ["PokerStars", "GGPoker", "GGPoker"]


def test_gg_s_other_games_are_skipped_and_a_broken_hand_keeps_its_table() -> None:
    holdem = GG.split("\n\n\n")[1].replace("Omaha Pot Limit", "Hold'em No Limit", 1)
    (skipped,) = audit_text(holdem)
    assert skipped.status is Status.SKIPPED and skipped.game == "Hold'em No Limit"
    river = "Hero: checks\n23aca38f: shows"
    broken = GG.split("\n\n\n")[1].replace(river, river.replace("checks", "ch3cks"))
    (rejected,) = audit_text(broken)
    assert rejected.status is Status.REJECTED and rejected.format == "ggpoker"
    assert rejected.table_name == "PLOBronze12"
