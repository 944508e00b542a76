"""Fixtures many test files share."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from skillopt_sleep.store import Store


@pytest.fixture(autouse=True)
def package_logging():
    """A command run in one test sets the package logger's level and handler (`-q` keeps only
    errors); the next test in the same process starts from the logger as it was, so its warnings
    reach caplog whatever ran before it."""
    package = logging.getLogger("skillopt_sleep")
    level, handlers = package.level, list(package.handlers)
    yield
    package.setLevel(level)
    package.handlers[:] = handlers


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    """SKILLOPT_SLEEP_HOME under tmp_path: every file the tool writes (staging, backups, logs) goes there."""
    path = tmp_path / "sleep"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(path))
    return path


@pytest.fixture
def store(tmp_path, data_home):
    """A fresh store at tmp_path/store.db, with the data folder under tmp_path."""
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
