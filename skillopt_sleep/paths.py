"""Where skillopt-sleep keeps its files. SKILLOPT_SLEEP_HOME overrides everything (tests, CI)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "skillopt-sleep"
HOME_ENV = "SKILLOPT_SLEEP_HOME"  # one folder for everything (tests, CI, the demo)


def home_override() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    override = home_override()
    return override / "data" if override else Path(platformdirs.user_data_dir(APP))


def config_dir() -> Path:
    override = home_override()
    return override / "config" if override else Path(platformdirs.user_config_dir(APP))


def log_dir() -> Path:
    override = home_override()
    return override / "logs" if override else Path(platformdirs.user_log_dir(APP))


def user_config_file() -> Path:
    return config_dir() / "config.yaml"


def default_db_path() -> Path:
    return data_dir() / "store.db"


def default_staging_dir() -> Path:
    return data_dir() / "staging"
