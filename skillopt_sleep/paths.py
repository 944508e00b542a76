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


def private_dir(path: Path) -> Path:
    """Make `path` (and any missing parents) a folder only this user can enter (0700). A folder
    that already exists is tightened only when it is the data folder or lies inside it: a store
    or staging folder configured elsewhere (/tmp, a project) keeps the mode its owner gave it."""
    path = Path(path).expanduser()
    missing = []
    probe = path
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass  # another process made it meanwhile
    ours = data_dir().expanduser().absolute()
    absolute = path.absolute()
    if path.is_dir() and (absolute == ours or ours in absolute.parents) and _owned(path):
        os.chmod(path, 0o700)
    return path


def make_private(path: Path) -> None:
    """Read and write for this user alone (0600), when the file exists and is ours."""
    if path.exists() and _owned(path):
        os.chmod(path, 0o600)


def _owned(path: Path) -> bool:
    return not hasattr(os, "getuid") or path.stat().st_uid == os.getuid()
