"""omaha-auditor: replays Omaha hand histories under the rules and audits every pot."""

__version__ = "0.1.0"
