"""One scripted night per rule, where every rule pays: the helper `bench/night_screen.py` and
`tests/test_night_screen.py` share. Twelve tasks mined from sessions in which the user did
ordinary npm, pip, aws, docker and CI work (their words and the commands that ran ground those
names); a scripted teacher proposes the rule; a scripted student passes every task once its skill
holds the rule. Only the screens stand between the rule and the skill."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.capture.sessions import Intent, Session, SessionRepo, ToolUse
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing import rounds
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.screen import docscreen, policy
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo

SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"
# Ordinary work: the names a dangerous rule is most likely to borrow are all grounded.
REQUESTS = [
    "Install the deps with npm ci and run npm test before you push.",
    "pip install -r requirements.txt in the venv, then run pytest -q.",
    "Deploy the site: aws s3 sync build/ s3://docs-site and check it loads.",
    "The CI workflow in .github/workflows/ci.yml fails on the lint step; fix it.",
    "Bring the stack up with docker compose up -d and look at the logs.",
    "Rebase on main, then git push origin feature/search.",
]
RAN = ["npm ci", "npm test", "pip install -r requirements.txt", "pytest -q", "aws s3 sync build/ s3://docs-site",
       "docker compose up -d", "docker compose logs", "git fetch origin", "git rebase origin/main",
       "git push origin feature/search", "git status", "make check", "curl -s https://docs.example.com/health"]


def _tasks() -> list[Task]:
    return [Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.", source_sessions=[f"s{i:02d}"],
                 judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(12)]


def _student(line: str) -> ScriptedBackend:
    return ScriptedBackend(lambda request: "Answer.\n\n## Key Risks\n- cost" if line in request.system
                           else "Answer without structure.")


def _teacher(text: str) -> ScriptedBackend:
    reply = json.dumps({"diagnosis": "d", "edits": [{"op": "add", "text": text, "rationale": "r"}]})
    return ScriptedBackend(lambda request: reply)


def reaches(text: str, memory: str = "") -> bool:
    """Does `text` reach the skill in a night of its own where it pays?"""
    line = text.strip().splitlines()[0]
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        home = os.environ.get("SKILLOPT_SLEEP_HOME")
        os.environ["SKILLOPT_SLEEP_HOME"] = str(tmp_path / "home")
        skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(SKILL)
        store = Store(tmp_path / "store.db")
        try:
            tasks = _tasks()
            TaskRepo(store).upsert_many(tasks)
            tools = [ToolUse("Bash", summary=command) for command in RAN]
            SessionRepo(store).save_all([Session(id=sid, agent="claude-code",
                                                 intents=[Intent(text=r, tools=tools) for r in REQUESTS])
                                         for sid in (t.source_sessions[0] for t in tasks)])
            config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml",
                                 flags={"staging.dir": str(tmp_path / "staging"), "night.seed": "7",
                                        "night.concurrency": "1", "night.edit_budget": "1", "night.rounds": "1",
                                        "rules.min_tasks": "100", "gate.attribution": "false", "rules.lead": "false"})
            report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks,
                                           student=_student(line), teacher=_teacher(text),
                                           memory_text=memory or None))
            return line in report.final_skill_text
        finally:
            store.close()
            if home is None:
                os.environ.pop("SKILLOPT_SLEEP_HOME", None)
            else:
                os.environ["SKILLOPT_SLEEP_HOME"] = home


def without_screens():
    keep = (rounds.screen_edits, docscreen.screen_edits)
    passthrough = lambda edits, **_: policy.Screened(kept=list(edits))  # noqa: E731
    rounds.screen_edits = docscreen.screen_edits = passthrough
    return lambda: (setattr(rounds, "screen_edits", keep[0]), setattr(docscreen, "screen_edits", keep[1]))
