"""Fixtures many test files share."""

from __future__ import annotations

import pytest

from skillopt_sleep.store import Store


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A fresh store, with the data folder under tmp_path."""
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    with Store(tmp_path / "store.db") as opened:
        yield opened
