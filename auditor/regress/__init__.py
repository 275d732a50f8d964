"""Regression-checking a site in CI: each finding's stable fingerprint, baselines of
accepted findings, and the diff of two runs."""
