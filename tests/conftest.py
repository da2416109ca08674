"""Which engine the tests run on: ``BIBI_ENGINE=compiled`` insists on the mypyc build (tests/test_compiled.py)."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    wanted = os.environ.get("BIBI_ENGINE")
    if wanted is None:
        return
    import bibi.deal

    running = "compiled" if bibi.deal.COMPILED else "pure"
    if running != wanted:
        raise pytest.UsageError(f"BIBI_ENGINE={wanted}, but {bibi.deal.__file__} is the {running} engine")
