"""What one night costs on the Anthropic API in three modes: standard, with prompt caching of the
skill, and through the Message Batches API.

The same fixed night (same tasks, skill, seed and scripted model behaviour) runs three times
against the loopback fake Anthropic server, each in a fresh store, through the real anthropic
backend and SDK. The fake reports usage like the API does (prompt-cache writes and reads
included); dollars come from the price table. Prints calls, tokens and dollars per mode.

    python bench/night_cost.py [--tasks 16] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for tests.fakes

from skillopt_sleep.backends import create_backend  # noqa: E402
from skillopt_sleep.config import load_config  # noqa: E402
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night  # noqa: E402
from skillopt_sleep.records import Check, Judge, Task  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402
from tests.fakes import FakeAnthropic, text  # noqa: E402

STUDENT, TEACHER = "claude-haiku-4-5", "claude-sonnet-4-5"
MODES = {
    "standard": {"prompt_cache": False, "batch": False},
    "prompt caching": {"prompt_cache": True, "batch": False},
    "batch": {"prompt_cache": False, "batch": True},
    "batch + caching": {"prompt_cache": True, "batch": True},
}
RULES = [
    "Open with the decision the reader must make, in one sentence.",
    "State the audience and what they already know before giving detail.",
    "Prefer numbers to adjectives; give the unit and the period for every figure.",
    "Name the source of every figure in brackets after it.",
    "Keep paragraphs under five sentences and sentences under twenty-five words.",
    "Use plain words; define any acronym the first time it appears.",
    "Separate facts from recommendations and label the recommendations.",
    "List options side by side with their cost, time and main drawback.",
    "Say what would change the recommendation.",
    "Close with the next step, who owns it and by when.",
]
SECTIONS = ["Purpose", "Audience", "Structure", "Evidence", "Style", "Options", "Recommendations", "Review"]


def skill_text() -> str:
    """A brief-writing skill of realistic length (about 2,500 tokens), the prefix a night repeats."""
    parts = ["---", "name: brief-writer", "description: Writes one-page decision briefs for busy readers", "---", "", "# Brief Writer", ""]
    for number, section in enumerate(SECTIONS):
        parts += [f"## {section}", ""]
        for offset in range(len(RULES)):
            rule = RULES[(number + offset) % len(RULES)]
            parts.append(f"- {rule} This matters in the {section.lower()} part because readers skim it first.")
        parts.append("")
    return "\n".join(parts)


def tasks(count: int) -> list[Task]:
    topics = ["a vendor switch", "a hiring freeze", "a data-centre move", "a price rise", "a new market", "an office closure",
              "a security audit", "a product sunset"]
    return [Task(task_id=f"brief-{i:02d}", intent=f"Write a brief on {topics[i % len(topics)]} (case {i}).",
                 judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(count)]


def scripted_models(request):
    """The fixed behaviour behind the fake API: a student that follows its skill literally and a
    teacher that proposes the missing section."""
    if "You improve the instruction document" in request.system:
        edit = {"op": "add", "target": "skill", "anchor": "", "rationale": "every failed brief lacked a risks section",
                "text": "End every brief with a section titled '## Key Risks' listing the two or three main risks."}
        return text(json.dumps({"diagnosis": "answers never include a Key Risks section", "edits": [edit]}))
    if "Key Risks" in request.system:
        return text("Decision: approve.\n\nThe case in brief, with figures and sources.\n\n## Key Risks\n- cost overrun\n- delay")
    return text("Decision: approve.\n\nThe case in brief, with figures and sources.")


def run_mode(name: str, options: dict, count: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="night-cost-") as scratch, FakeAnthropic() as fake:
        root = Path(scratch)
        os.environ["SKILLOPT_SLEEP_HOME"] = str(root / "home")
        skill = root / "skills" / "brief-writer" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(skill_text())
        fake.respond_with(scripted_models)
        flags = {"staging.dir": str(root / "staging"), "night.seed": "11", "night.concurrency": "8"}
        config = load_config(cwd=root, env={}, flags=flags, user_file=root / "none.yaml")
        with Store(root / "store.db") as store:
            common = {"base_url": fake.url, "api_key": "sk-ant-bench", "store": store, "batch_poll_s": 0.05, "batch_window_s": 0.2, **options}
            student = create_backend("anthropic", STUDENT, {**common, "role": "student"})
            teacher = create_backend("anthropic", TEACHER, {**common, "role": "teacher"})
            try:
                report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks(count),
                                               student=student, teacher=teacher, progress=lambda line: None))
            finally:
                student.close()
                teacher.close()
            batches = len(fake.batches)
    calls = report.calls
    roles = calls.get("by_role", {})
    return {
        "mode": name,
        "status": report.status,
        "calls": calls["calls"],
        "batches": batches,
        "input_tokens": calls["input_tokens"],
        "output_tokens": calls["output_tokens"],
        "cache_write_tokens": calls["cache_write_tokens"],
        "cache_read_tokens": calls["cache_read_tokens"],
        "usd": calls["cost_usd"],
        "replay_usd": roles.get("student", {}).get("cost_usd", 0.0),
        "reflect_usd": roles.get("teacher", {}).get("cost_usd", 0.0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=16, help="tasks in the fixed night (default 16)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rows = [run_mode(name, options, args.tasks) for name, options in MODES.items()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"one night: {args.tasks} tasks, student {STUDENT}, teacher {TEACHER}, skill of {len(skill_text())} characters\n")
    header = f"{'mode':<16} {'calls':>5} {'batches':>7} {'input':>8} {'output':>7} {'cache wr':>9} {'cache rd':>9} {'dollars':>9} {'replay $':>9} {'reflect $':>9}"
    print(header)
    print("-" * len(header))
    for row in rows:
        print(f"{row['mode']:<16} {row['calls']:>5} {row['batches']:>7} {row['input_tokens']:>8} {row['output_tokens']:>7} "
              f"{row['cache_write_tokens']:>9} {row['cache_read_tokens']:>9} {row['usd']:>9.4f} {row['replay_usd']:>9.4f} {row['reflect_usd']:>9.4f}")
    standard = rows[0]
    print()
    for row in rows[1:]:
        print(f"{row['mode']}: {row['usd'] / standard['usd']:.2f} x standard overall, "
              f"{row['replay_usd'] / standard['replay_usd']:.2f} x on the replay calls")
    statuses = {row["status"] for row in rows}
    print(f"night outcome in every mode: {', '.join(sorted(statuses))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
