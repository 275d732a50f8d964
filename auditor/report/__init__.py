"""The HTML audit report: summary, charts and a hand replayer, in one self-contained file."""
