"""Lark's strict mode on the rooms' grammars: no two terminals of one priority may match
the same text (the lexer would then choose between them by its own order, silently).

Strict mode asks interegular to compare every pair of terminals as automata. Where that
comparison ends in reasonable time the grammar is built strictly here, so a new terminal
that collides with another fails this test. On the other grammars the check is left out,
each with its reason (measured with lark 1.2 and interegular 0.3, 60 s a grammar):

- collisions the lexer resolves by terminal order (every corpus hand reads as written): entraction
  (END and PLAY: a "Game ended ..." line read as a player's action), wpn (EOL and O_AFTER:
  a line of blanks after an old layout's end);
- the comparison does not end within 60 s: the long line terminals (a player's name,
  then free text) of 888poker, absolute, betfair, betonline, cake, everleaf, kingsclub,
  ongame, party (since its player lines write the name once, WHO, then the kinds),
  pokerstars, runitonce, sealswithclubs, winamax.
"""

from __future__ import annotations

import pytest

from auditor.parse.grammar import grammar_dir, grammar_text

interegular = pytest.importorskip("interegular")  # lark's strict mode needs it (dev extra)

STRICT = (
    "bovada",
    "enet",
    "fulltilt",
    "ipoker_text",
    "microgaming_export",
    "pkr",
    "pokernow",
)


@pytest.mark.parametrize("name", STRICT)
def test_no_two_terminals_match_the_same_text(name: str) -> None:
    from lark import Lark

    Lark(grammar_text(name), parser="lalr", lexer="contextual", strict=True)


def test_a_collision_is_refused() -> None:
    """The check bites: two terminals that both take a digit."""
    from lark import Lark
    from lark.exceptions import LexError

    with pytest.raises(LexError, match="Collision"):
        Lark("start: A | B\nA: /[0-9]/\nB: /[0-5]/", parser="lalr", strict=True)


def test_every_grammar_is_named() -> None:
    """A grammar added later is either checked strictly or given its reason above."""
    reasons = __doc__ or ""
    for path in sorted(grammar_dir().glob("*.lark")):
        assert path.stem in STRICT or path.stem in reasons, path.stem


def test_a_run_builds_its_parsers_without_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """With interegular importable, Lark compares every pair of terminals when it builds a
    lexer (minutes on the long grammars): the readers' parsers are built without it."""
    import lark.lexer as lexer

    from auditor.parse.grammar import new_lark

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the collision check ran")

    monkeypatch.setattr(lexer, "_check_regex_collisions", refuse)
    monkeypatch.setattr(lexer, "has_interegular", True)
    new_lark('start: A\nA: "a"\n', parser="lalr", lexer="contextual")
    assert lexer.has_interegular is True  # put back for whoever builds next
