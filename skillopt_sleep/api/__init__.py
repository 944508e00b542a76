"""The library's front door: everything the command line does, as functions over settings.

Settings are `Options` (typed fields, any other dotted key in `settings`) or a `Config` from
`load_config` (the config files, the environment and flags, as the command line reads them).
Each function opens the store the settings name and returns a record; nothing here prints.
A night on a skill and a tasks file, then its proposal reviewed, adopted and reverted:

```python
from skillopt_sleep import api

options = api.Options(skill="SKILL.md", tasks_file="tasks.jsonl")
print(api.plan_night(options).render())   # what the night would call, before calling anything
result = api.sleep(options)                # replay, reflect, gate; stages a proposal if accepted
report = result.reports[0]
if report.proposal_id:
    print(api.review(options))             # the diff and the report
    api.adopt(options)                     # the live SKILL.md gets the kept rules, with a backup
    api.revert(options)                    # and back
```

On the recorded sessions (no `tasks_file`), `sleep` first ingests and mines what the hooks
captured, then runs one night per skill the sessions used.

A name is loaded when first used, so `status` or `ingest` never loads the night's engine.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Each public name and the module of this folder that defines it.
_HOMES = {
    "Options": "options", "Settings": "options",
    "Config": "config", "load_config": "config", "data_dir": "paths", "HOME_ENV": "paths",
    "SleepResult": "results", "SleepStatus": "results", "NightStatus": "results", "night_outcome": "results",
    "record_session": "sessions", "live_hook": "hooks", "ingest": "sessions", "ingest_options": "sessions",
    "harvest": "sessions",
    "refresh": "flow", "mine": "flow", "plan_night": "flow", "sleep": "flow",
    "run_night": "flow", "run_night_with": "flow", "run_skill_nights": "flow", "wants_skill_nights": "flow",
    "review": "flow", "review_branch": "flow", "adopt": "flow", "reject": "flow", "revert": "flow",
    "NightReport": "flow", "NightEstimate": "flow", "NightInputs": "flow", "IngestReport": "flow",
    "MiningReport": "flow", "SkillNightsResult": "flow", "AdoptResult": "flow", "RevertResult": "flow",
    "Places": "places",
    "status": "overview", "Status": "overview",
    "scheduled_run": "schedule", "read_schedule": "schedule", "ScheduledRun": "schedule",
    "RunOutcome": "schedule", "pending_notice": "schedule",
}
__all__ = sorted(_HOMES)

if TYPE_CHECKING:  # the names as a type checker sees them; exported through _HOMES
    from skillopt_sleep.api.hooks import live_hook  # noqa: F401
    from skillopt_sleep.api.sessions import harvest, ingest, ingest_options, record_session  # noqa: F401
    from skillopt_sleep.api.flow import (  # noqa: F401
        AdoptResult, IngestReport, MiningReport, NightEstimate, NightInputs, NightReport, RevertResult,
        SkillNightsResult, adopt, mine, plan_night, refresh, reject, review, review_branch, revert,
        run_night, run_night_with, run_skill_nights, sleep, wants_skill_nights,
    )
    from skillopt_sleep.api.options import Options, Settings  # noqa: F401
    from skillopt_sleep.api.results import NightStatus, SleepResult, SleepStatus, night_outcome  # noqa: F401
    from skillopt_sleep.api.schedule import RunOutcome, ScheduledRun, pending_notice, read_schedule, scheduled_run  # noqa: F401
    from skillopt_sleep.api.overview import Status, status  # noqa: F401
    from skillopt_sleep.config import Config, load_config  # noqa: F401
    from skillopt_sleep.paths import HOME_ENV, data_dir  # noqa: F401
    from skillopt_sleep.places import Places  # noqa: F401


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        if (Path(__file__).parent / f"{name}.py").is_file():  # a door module: `api.schedule`, `api.tasks`, ...
            return import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = import_module(f"skillopt_sleep.{home}" if home in ("config", "paths", "places") else f"{__name__}.{home}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
