""" "Did you mean ...?" for a mistyped name: a profile, a finding code, a format.

>>> did_you_mean("sedes", ["tda", "seeds"])
" (did you mean 'seeds'?)"
>>> did_you_mean("zzzz", ["tda", "seeds"])
''
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the known name closest to ``word``, "" if none is close."""
    close = difflib.get_close_matches(word, [str(name) for name in known], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
