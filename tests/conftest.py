"""Fixtures many test files share."""

from __future__ import annotations

import os

import pytest

from skillopt_sleep.store import Store


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A fresh store, with the data folder under tmp_path."""
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    with Store(tmp_path / "store.db") as opened:
        yield opened


@pytest.fixture(scope="session")
def sandbox():
    """The machine's sandbox. Where none is found the test is skipped with the reason, except in
    CI, whose set-up installs bubblewrap: there a missing sandbox fails the run."""
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox

    try:
        return find_sandbox()
    except SandboxUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI installs bubblewrap (scripts/test.sh), yet: {exc}")
        pytest.skip(f"no sandbox here: {exc}")
