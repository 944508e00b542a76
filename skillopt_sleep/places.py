"""Where the library reads and writes, per the config. Apart from `api`, which imports the whole
engine, so that a command that only reads the store (`status`) does not."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep import paths
from skillopt_sleep.config import Config
from skillopt_sleep.store import Store


@dataclass(frozen=True)
class Places:
    """Where the library reads and writes, per the config: the store, the staged nights, the
    backups adopt keeps (None for the store: the platform's data folder)."""

    store: str | None
    staging: Path
    backups: Path

    @classmethod
    def from_config(cls, config: Config) -> "Places":
        staging = Path(config["staging.dir"]).expanduser() if config["staging.dir"] else paths.default_staging_dir()
        return cls(config["store.path"], staging, paths.data_dir() / "backups")

    def open_store(self) -> Store:
        return Store(self.store)

    def read_store(self) -> Store:
        """The store for a command that only reads it: opened read-only where it cannot be
        written, with no migration (`Store.read_only` and `missing_migrations` say so)."""
        return Store(self.store, read_only=True)
