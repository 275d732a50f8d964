"""The replay engine: re-runs a hand's events under a rule profile and reports findings."""
