"""omaha-auditor: replays Omaha hand histories under the rules and audits every pot.

``audit`` writes the tables of files or folders, ``audit_text`` audits a text in
memory, ``load`` reads the tables back as pandas DataFrames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "audit", "audit_text", "bundled_fixtures", "load"]

if TYPE_CHECKING:
    from auditor.api import audit, audit_text, bundled_fixtures, load


def __getattr__(name: str) -> Any:
    # The API (and pyarrow with it) is imported on first use, not with the package:
    # worker processes import auditor.* to audit hands and need neither.
    if name in __all__:
        from auditor import api

        return getattr(api, name)
    raise AttributeError(f"module 'auditor' has no attribute {name!r}")
