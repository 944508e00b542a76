"""Sessions in: the hook that records one, ingest (what the hooks captured since the last one) and
harvest (the agents' existing history). None of these loads a backend or the night."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from skillopt_sleep import paths
from skillopt_sleep.api.options import Settings, as_config
from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.capture.agents import AGENTS as HARVESTED
from skillopt_sleep.capture.homes import Homes
from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.places import Places


def record_session(argv: Sequence[str]) -> int:
    """What an agent's hook runs: record one finished session (argv as `skillopt-sleep capture` takes it)."""
    return capture_hook.run(list(argv))  # the spool is in the data folder whatever store the config names


def ingest_options(settings: Settings, projects: list[str] | None = None) -> IngestOptions:
    """How transcripts are read, per the config (`projects`: only sessions under these folders;
    None: the configured capture.projects)."""
    return IngestOptions.from_config(as_config(settings), projects)


def ingest(settings: Settings, *, on_progress: ProgressSink | None = None) -> IngestReport:
    """Read what was captured since the last ingest into sessions (incremental)."""
    config = as_config(settings)
    with Places.from_config(config).open_store() as store:
        return run_ingest(store, paths.data_dir(), ingest_options(config), on_progress=on_progress)


def harvest(settings: Settings, *, projects: list[str] | None = None, agents: Sequence[str] = HARVESTED,
            on_progress: ProgressSink | None = None) -> IngestReport:
    """Backfill sessions from the history the agents already keep (`projects`: only sessions under
    these folders, [] for every project; None: the configured capture.projects, else the current folder)."""
    from skillopt_sleep.capture.harvest import harvest as read_history  # the parsers and the walk: only this needs them

    config = as_config(settings)
    if projects is None:
        projects = list(config["capture.projects"]) or [str(Path.cwd().resolve())]
    with Places.from_config(config).open_store() as store:
        return read_history(store, Homes.from_env(), ingest_options(config, projects), tuple(agents),
                            on_progress=on_progress)


def store_counts(settings: Settings) -> dict[str, int]:
    """How many sessions the store holds, and how many replay tasks mined from real ones."""
    with Places.from_config(as_config(settings)).open_store() as store:
        tasks = store.query_one("SELECT COUNT(*) AS n FROM tasks WHERE origin = 'real'")["n"]
        sessions = store.query_one("SELECT COUNT(*) AS n FROM sessions")["n"]
    return {"sessions": sessions, "real_tasks": tasks}
