"""`dry-run --estimate` prints the expected cost of a night and calls no model."""

import json

from skillopt_sleep.cli import main
from tests.fakes import FakeAnthropic


def test_estimate_prints_calls_tokens_and_dollars_without_calling_anything(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.chdir(tmp_path)
    skill = tmp_path / "brief-writer" / "SKILL.md"
    skill.parent.mkdir()
    skill.write_text("# Brief Writer\n\nWrite a short brief.\n")
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(json.dumps({"task_id": f"bm-{i:03d}", "task": f"Write a brief on topic {i}.",
                                         "judge": {"kind": "rule", "checks": [{"op": "section_present", "arg": "Key Risks"}]}}) + "\n"
                             for i in range(20)))
    with FakeAnthropic() as fake:
        args = ["dry-run", "--estimate", "--skill", str(skill), "--tasks-file", str(tasks),
                "--student", "anthropic:claude-haiku-4-5", "--teacher", "anthropic:claude-sonnet-4-5",
                "--set", f"student.base_url={fake.url}", "--set", f"teacher.base_url={fake.url}",
                "--set", "night.rounds=2"]
        assert main(args) == 0
        assert fake.requests == []
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.split() and line.split()[0] in ("student", "teacher", "total")}
    # Two rounds at most, two samples per task: held-out tasks replayed for the baseline, then per
    # round the candidate, at most two more looks of one sample under both documents, and
    # attribution's leave-one-out of each of 3 edits, then of the 2 left, over all 4 samples; once
    # a night the accepted candidate with its rules moved first, over all 4 samples; train twice.
    from skillopt_sleep.night.replay.split import split_tasks
    from skillopt_sleep.tasks.taskstore import load_tasks_file

    split = split_tasks(load_tasks_file(tasks), val_fraction=0.4, salt="skillopt-sleep")
    per_val_task = 2 * (1 + 2) + 2 * 2 * 2 + 2 * (3 + 2) * 4 + 4
    assert int(rows["student"][1]) == per_val_task * len(split.val) + 2 * 2 * len(split.train)
    assert int(rows["teacher"][1]) == 2
    assert rows["total"][4].startswith("$") and float(rows["total"][4][1:]) > 0
    assert not (tmp_path / "home" / "data" / "staging").exists()


def write_example(tmp_path):
    skill = tmp_path / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(exist_ok=True)
    skill.write_text("# Brief Writer\n\nWrite a short brief.\n")
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(json.dumps({"task_id": f"bm-{i:03d}", "task": f"Write a brief on topic {i}.",
                                         "judge": {"kind": "rule", "checks": [{"op": "section_present", "arg": "Key Risks"}]}}) + "\n"
                             for i in range(20)))
    return skill, tasks


def wall_seconds(out: str) -> int:
    line = next(line for line in out.splitlines() if line.startswith("expected wall time: at most "))
    hours, minutes, seconds = line.split("at most ")[1].split()[0].split(":")
    return int(hours) * 3600 + int(minutes) * 60 + int(seconds)


def test_estimate_needs_no_api_key_and_gives_the_wall_time(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    skill, tasks = write_example(tmp_path)
    args = ["dry-run", "--estimate", "--skill", str(skill), "--tasks-file", str(tasks),
            "--student", "anthropic:claude-haiku-4-5", "--teacher", "anthropic:claude-sonnet-4-5"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "student: anthropic:claude-haiku-4-5" in out
    assert wall_seconds(out) > 0 and "anthropic:claude-haiku-4-5: 80 output" in out and "(default)" in out


def test_local_wall_time_uses_the_measured_speed_when_there_is_one(tmp_path, monkeypatch, capsys):
    from skillopt_sleep.night.plan.duration import save_local_speed

    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    skill, tasks = write_example(tmp_path)
    args = ["dry-run", "--estimate", "--skill", str(skill), "--tasks-file", str(tasks), "--student", "local", "--teacher", "local",
            "--set", "local.instances=1"]
    assert main(args) == 0  # no model is loaded, nor llama.cpp needed
    by_default = capsys.readouterr().out
    assert "local:qwen2.5-coder-0.5b: 20 output / 150 prompt tokens/s" in by_default and "one call at a time" in by_default
    save_local_speed(tmp_path / "home" / "data", "qwen2.5-coder-0.5b", 300.0, 40.0)
    assert main(args) == 0
    measured = capsys.readouterr().out
    assert "40 output / 300 prompt tokens/s" in measured and "measured" in measured
    assert wall_seconds(measured) < wall_seconds(by_default)


def test_local_instances_answer_replays_at_once_in_the_estimate(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    skill, tasks = write_example(tmp_path)
    args = ["dry-run", "--estimate", "--skill", str(skill), "--tasks-file", str(tasks), "--student", "local", "--teacher", "local"]
    assert main([*args, "--set", "local.instances=1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--set", "local.instances=2"]) == 0
    two = capsys.readouterr().out
    assert "2 calls at a time" in two
    # Replays go two at a time; the teacher's reflections still one after another.
    assert wall_seconds(one) / 2 < wall_seconds(two) < wall_seconds(one)


# One script for both roles of a real night: the teacher rewords requests, names the user's sentence
# that pulls against a rule, and reflects with no edit of its own; the student writes the checked
# section only when its skill asks for it.
NIGHT_SCRIPT = [
    {"match": "You rewrite a user's request", "reply": "Could you write me a brief about this topic?"},
    {"match": "You compare an instruction document", "reply": "1"},
    {"match": "You improve the instruction document", "reply": json.dumps({"diagnosis": "n/a", "edits": []})},
    {"match": "Key Risks", "reply": "A brief.\n\n## Key Risks\n- cost\n\n## Next Steps\n- ship"},
    {"match": "", "reply": "A brief without structure."},
]


def test_the_estimate_bounds_the_calls_a_real_night_makes(tmp_path, monkeypatch):
    """Plan a night, run it with the scripted backend, and hold the plan's "at most" against the
    calls the recorder really sent, role by role; the night takes the stages the old hand-kept
    count missed (the conflict asks, the rewordings, the slow update)."""
    from skillopt_sleep import api

    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill, tasks = write_example(tmp_path)
    skill.write_text("# Brief Writer\n\nWrite a short brief. Never add a risks section.\n")
    checks = [{"op": "section_present", "arg": "Key Risks"}, {"op": "section_present", "arg": "Next Steps"}]
    tasks.write_text("".join(json.dumps({"task_id": f"bm-{i:03d}", "task": f"Write a brief on topic {i}.",
                                         "judge": {"kind": "rule", "checks": checks}}) + "\n" for i in range(20)))
    script = tmp_path / "script.json"
    script.write_text(json.dumps(NIGHT_SCRIPT))
    config = api.load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={
        "skill": str(skill), "source": "file", "tasks_file": str(tasks), "store.path": str(tmp_path / "store.db"),
        "student.backend": "scripted", "teacher.backend": "scripted", "scripted.script": str(script),
        "night.seed": "7", "night.rounds": "1", "night.rewordings": "1", "edits.allow_outside_managed": "true",
        "memory.slow_update_every": "1", "memory.recall_k": "0"})
    planned = api.plan_night(config, tmp_path)
    stages = planned.plan.by_stage()
    assert {"reword", "conflicts", "reflection", "gate", "attribution"} <= set(stages)
    assert planned.estimate.calls == planned.plan.calls()

    report = api.run_night(config, project=tmp_path)
    assert report.status == "accepted"
    sent = {role: counts["calls"] for role, counts in report.calls["by_role"].items()}
    # More than one reflection and one rewording of each task: the conflict asks were sent too.
    assert sent["teacher"] > 1 + 20
    for role in ("student", "teacher"):
        assert 0 < sent[role] <= planned.plan.calls(role), (role, sent, stages)
    assert report.calls["calls"] <= planned.plan.calls()



def test_the_plan_counts_each_guardrail_judged_alone_on_each_held_out_repo_task(tmp_path):
    """Guardrails on: each guardrail the train tasks' checks can make, up to as many checks as the
    night tries edits, judged on each held-out repo task for each sample, each episode as long as
    a repo episode may be; off, or with no held-out repo task, not one call more."""
    from dataclasses import replace

    from skillopt_sleep.night.plan.steps import night_plan
    from skillopt_sleep.night.sequencing.settings import NightSettings
    from skillopt_sleep.records import Check, Judge, Task
    from tests.agent_kit import make_repo, repo_task

    checks = [Check("command_avoided", "npm"), Check("ran_before_finish", "make check"),
              Check("dependency_set_unchanged", "package.json"),  # npm, pnpm, yarn and bun add: four
              Check("max_chars", 900)]  # no guardrail
    spec = make_repo(tmp_path / "calc")
    repo = [replace(repo_task(spec), task_id=f"r{i}", judge=Judge(kind="repo", checks=checks[i % 3:])) for i in range(3)]
    plain = [Task.from_dict({"task_id": f"p{i}", "task": f"Write brief {i}.", "judge": {"kind": "rule", "checks": []}})
             for i in range(4)]
    settings = replace(NightSettings(), rounds=1, edit_budget=2)
    off = replace(settings, repo=replace(settings.repo, guardrails=False))
    train, val = plain[:2] + repo[:2], plain[2:] + repo[2:] + [replace(repo[0], task_id="r3")]
    turns, samples = settings.repo.limits.max_turns, settings.replay.rollouts

    def judged(plan) -> int:
        return plan.by_stage().get("guardrails", 0)

    # Two edits tried at most: the two checks that make the most guardrails, 4 + 1.
    assert judged(night_plan(settings, train, val)) == (4 + 1) * 2 * samples * turns
    assert night_plan(settings, train, val).calls() - night_plan(off, train, val).calls() == 5 * 2 * samples * turns
    # The consolidation due tonight tries edits too: all three checks.
    assert judged(night_plan(settings, train, val, slow_update=True)) == (4 + 1 + 1) * 2 * samples * turns
    assert judged(night_plan(off, train, val)) == 0 and judged(night_plan(settings, train, plain[2:])) == 0
    assert judged(night_plan(settings, plain[:2], val)) == 0  # no train check a guardrail enforces
