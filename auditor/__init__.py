"""omaha-auditor: replays Omaha hand histories under the rules and audits every pot.

``audit`` writes the tables of files or folders, ``audit_text`` audits a text in
memory, ``load`` reads the tables back as pandas DataFrames.
"""

__version__ = "0.1.0"

from auditor.api import audit, audit_text, bundled_fixtures, load

__all__ = ["__version__", "audit", "audit_text", "bundled_fixtures", "load"]
