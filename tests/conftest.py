"""Shared fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus import CORPUS


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not beside the checkout")
    return CORPUS
