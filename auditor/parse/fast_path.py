"""A hand read the way Lark's parser and lexer would read it, without their objects.

Lark reads a hand in some ten tokens (a single line, a run of lines). Each costs it a
Token, its contextual lexer's and its parser's bookkeeping, and each run of lines is
matched twice: by the lexer as one token, then by the reader one line at a time. The
fast path drives the same parse table and tries, in each parser state, the same
terminals in the same order as Lark's contextual lexer there (taken from Lark's own
lexers, after it has built them); a run's terminal is tried by its line pattern (a run
matches where its first line does) and its lines are handed to their methods as they
are matched, each once.

A hand it cannot read to its end so (no terminal matches, the table takes no such token
there, the text ends where the table wants more, a line method raises) is not its to
report: the reader resets its per-hand state and reads the hand again with Lark, so
that every error (place, "expected ..." words, context, known mistakes, a record cut
short) stays Lark's.

Measured on a loaded 2-core machine (benchmarks/parse.py --room <the anchor room> --hands
3000 --runs 3: the ratio of parse to split-only hands/s, runs alternated with the code
before issue 23): medians 0.106 against 0.067 before (1.58x; 0.083 with Lark reading
every hand, the lead's figure). In one process, the same reader with and without the fast
path: 0.115 against 0.077, 1.49x. The rooms' line methods are now over half the time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from auditor.source import SourceSpan

Fields = re.Match[str]
FieldsMethod = Callable[[Fields, SourceSpan], None]

# what the fast path does with a terminal Lark's lexer matched
SINGLE = 0  # one line, to its method
RUN = 1  # a run of lines, each to its kind's method
SKIPPED = 2  # an ignored terminal (blank lines)
TOKEN = 3  # a terminal no method reads: the parser takes it, nothing is called
# one terminal tried in a parser state: its name, the pattern it is tried with, what is
# done with its match, and the method (SINGLE) or the methods by line kind (RUN)
Step = tuple[str, re.Pattern[str], int, Any]

# A line's span is made field by field: SourceSpan's own __init__ (a frozen dataclass's,
# object.__setattr__ by name for each field) takes twice as long, and a hand makes one
# a line (15% of the reading of the anchor room's hands, with the fields set so 8%).
# tests/parse/test_fast_path.py checks that these are all its fields.
_SLOTS: Mapping[str, Any] = vars(SourceSpan)
_SET_FILE, _SET_LINE, _SET_COLUMN = (_SLOTS[name].__set__ for name in ("file", "line", "column"))

# a parse table's action on a terminal or a rule's name: a shift (True, the next state),
# or a reduction (False, the rule's length, the rule's name); Lark's own, made plain
Action = tuple[bool, int, str]

_REJECTED = -1  # a move the parse table does not make
_ACCEPTED = 0  # the end of the text where the table takes it
_MOST_STACKS = 4096  # a grammar whose stacks grow with the hand (right recursion): Lark's


class FastPath:
    """The parse table's moves, learnt as they are met, and each state's terminals."""

    def __init__(
        self,
        states: Mapping[int, Mapping[str, Action]],
        start: int,
        end: int,
        orders: Mapping[int, tuple[Step, ...]],
    ) -> None:
        self._states = states
        self._end = end
        self._by_state = orders
        self._stacks: list[tuple[int, ...]] = [(start,)]
        self._ids: dict[tuple[int, ...], int] = {(start,): 0}
        self._orders: list[tuple[Step, ...]] = [orders[start]]  # by stack id: its top's
        self._moves: dict[tuple[int, str], int] = {}

    def read(self, text: str, file: str, line: int) -> bool:
        """Hands each line of ``text`` (its first line is ``line`` of ``file``) to its
        method, as Lark's lexer callbacks would; False where Lark would read otherwise
        or not at all (what was handed on so far is then to be thrown away)."""
        moves, orders = self._moves, self._orders
        new, set_file, set_line, set_column = object.__new__, _SET_FILE, _SET_LINE, _SET_COLUMN
        pos, end, stack = 0, len(text), 0
        ended: Step | None = None  # the run that stopped at ``pos`` (no use trying it again)
        while pos < end:
            for step in orders[stack]:
                if step is ended:
                    continue
                found = step[1].match(text, pos)
                if found is not None:
                    break
            else:
                return False
            name, pattern, how, method = step
            ended = None
            if how == SKIPPED:
                stop = found.end()
                line += text.count("\n", pos, stop)
                pos = stop
                continue
            moved = moves.get((stack, name))
            if moved is None:
                moved = self._move(stack, name)
            if moved == _REJECTED:
                return False
            stack = moved
            if how == RUN:
                # each match is a line (numbered as the reader numbers a run's matches);
                # the token after the run is on the line its newlines say, as Lark's is
                first, start, match = line, pos, pattern.match
                while found is not None:
                    stop = found.end()
                    if stop == pos:
                        return False  # an empty line match (Lark has no empty terminal)
                    span = new(SourceSpan)
                    set_file(span, file)
                    set_line(span, line)
                    set_column(span, 1)
                    method[found.lastgroup](found, span)
                    line += 1
                    pos = stop
                    found = match(text, pos)
                line = first + text.count("\n", start, pos)
                ended = step
                continue
            if how == SINGLE:
                span = new(SourceSpan)
                set_file(span, file)
                set_line(span, line)
                set_column(span, 1)
                method(found, span)
            stop = found.end()
            line += text.count("\n", pos, stop)
            pos = stop
        done = moves.get((stack, "$END"))
        if done is None:
            done = self._move(stack, "$END")
        return done == _ACCEPTED

    def _move(self, stack_id: int, name: str) -> int:
        """The stack after the table takes ``name`` (its reductions, then its shift), as
        Lark's parser makes it; at the end ("$END"), whether the table accepts."""
        moved = self._moved(list(self._stacks[stack_id]), name)
        self._moves[stack_id, name] = moved
        return moved

    def _moved(self, stack: list[int], name: str) -> int:
        states, at_end = self._states, name == "$END"
        while True:
            actions = states[stack[-1]]
            if name not in actions:
                return _REJECTED
            shift, number, origin = actions[name]
            if shift:
                if at_end:
                    return _REJECTED
                stack.append(number)
                return self._stack_id(tuple(stack))
            if number:  # the reduced rule's length
                del stack[-number:]
            goto = states[stack[-1]].get(origin)
            if goto is None:
                return _REJECTED
            stack.append(goto[1])
            if at_end and stack[-1] == self._end:
                return _ACCEPTED

    def _stack_id(self, stack: tuple[int, ...]) -> int:
        known = self._ids.get(stack)
        if known is not None:
            return known
        if len(self._stacks) >= _MOST_STACKS:
            return _REJECTED
        self._ids[stack] = len(self._stacks)
        self._stacks.append(stack)
        self._orders.append(self._by_state[stack[-1]])
        return self._ids[stack]


def build_fast_path(
    parser: Lark,
    singles: Mapping[str, tuple[re.Pattern[str], FieldsMethod]],
    runs: Mapping[str, tuple[re.Pattern[str], Mapping[str | None, FieldsMethod]]],
) -> FastPath | None:
    """The fast path of ``parser`` (an LALR parser with a contextual lexer, whose lexer
    callbacks are the reader's, one per terminal of ``singles`` and ``runs``: each with
    the pattern it is read with, and its method or its line kinds' methods); None where
    Lark reads otherwise than the fast path can say (another lexer, a post-lexer, a
    terminal Lark retypes, a callback the reader did not give)."""
    try:
        frontend = parser.parser
        lexer, table = frontend.lexer, frontend.parser._parse_table
        conf = frontend.lexer_conf
        if conf.postlex is not None or conf.g_regex_flags or not hasattr(lexer, "lexers"):
            return None
        steps: dict[str, Step] = {}  # one per terminal: a run that stopped is known by it
        orders: dict[int, tuple[Step, ...]] = {}
        for state, state_lexer in lexer.lexers.items():
            order = _order(state_lexer, singles, runs, steps)
            if order is None:
                return None
            orders[state] = order
        start, end = table.start_states["start"], table.end_states["start"]
        states = {
            state: {name: _action(*action) for name, action in actions.items()}
            for state, actions in table.states.items()
        }
        return FastPath(states, start, end, orders)
    except (AttributeError, KeyError):  # a Lark whose insides are not these
        return None


def _action(action: Any, arg: Any) -> Action:
    if action is Shift:
        return True, int(arg), ""
    return False, len(arg.expansion), str(arg.origin.name)


def _order(
    lexer: Any,
    singles: Mapping[str, tuple[re.Pattern[str], FieldsMethod]],
    runs: Mapping[str, tuple[re.Pattern[str], Mapping[str | None, FieldsMethod]]],
    steps: dict[str, Step],
) -> tuple[Step, ...] | None:
    """The terminals one of Lark's state lexers tries, in its order (its scanner's: the
    terminals it retypes, keywords, would show as callbacks it made)."""
    terminals = lexer.scanner.terminals  # builds Lark's scanner as its first parse would
    callbacks, given = lexer.callback, lexer.user_callbacks
    if any(given.get(name) is not callback for name, callback in callbacks.items()):
        return None
    order: list[Step] = []
    for terminal in terminals:
        name = terminal.name
        if name not in steps:
            ignored, called = name in lexer.ignore_types, name in callbacks
            step = _step(name, terminal, ignored, called, singles, runs)
            if step is None:
                return None
            steps[name] = step
        order.append(steps[name])
    return tuple(order)


def _step(
    name: str,
    terminal: Any,
    ignored: bool,
    called: bool,
    singles: Mapping[str, tuple[re.Pattern[str], FieldsMethod]],
    runs: Mapping[str, tuple[re.Pattern[str], Mapping[str | None, FieldsMethod]]],
) -> Step | None:
    if called and not ignored and name in singles:
        pattern, method = singles[name]
        return name, pattern, SINGLE, method
    if called and not ignored and name in runs:
        pattern, methods = runs[name]
        return name, pattern, RUN, methods
    if called:
        return None  # a callback of Lark's own, or on an ignored terminal
    pattern = re.compile(terminal.pattern.to_regexp())
    return name, pattern, SKIPPED if ignored else TOKEN, None
