"""Tasks: the store repo, JSONL loading with line-numbered errors, export/import for review, and
the `skillopt-sleep tasks` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import skillopt_sleep
from skillopt_sleep.cli import main
from skillopt_sleep.errors import TaskError
from skillopt_sleep.tasks.judges import score_answer
from skillopt_sleep.records import Check, Judge, Task, ToolCallRecord
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import (
    TaskRepo,
    export_tasks,
    import_tasks,
    intent_fingerprint,
    load_tasks_file,
    skill_name,
)

BENCHMARK = Path(skillopt_sleep.__file__).parent / "data" / "benchmarks" / "gbrain-skillopt-v1"
SEEDS = ("seed-missing-structure", "seed-verbose", "seed-no-verdict", "seed-no-brain-first")


@pytest.fixture
def home(tmp_path, data_home, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def make_task(task_id: str = "t1", intent: str = "Write a brief on pricing.", **fields) -> Task:
    judge = fields.pop("judge", Judge(kind="rule", checks=[Check("section_present", "Key Risks")]))
    return Task(task_id=task_id, intent=intent, judge=judge, **fields)


def write_lines(path: Path, lines: list) -> Path:
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n")
    return path


# ---- repo ------------------------------------------------------------------------------------------


def test_tasks_alone_lists_the_tasks_as_tasks_list_does(store, home, capsys):
    TaskRepo(store).upsert(make_task("a", skill="brief-writer"))
    assert main(["tasks", "--store", str(home / "store.db")]) == 0
    alone = capsys.readouterr().out
    assert main(["tasks", "list", "--store", str(home / "store.db")]) == 0
    assert alone == capsys.readouterr().out and "1 task(s)" in alone
    assert main(["tasks", "--json", "--skill", "brief-writer", "--store", str(home / "store.db")]) == 0
    assert [t["task_id"] for t in json.loads(capsys.readouterr().out)] == ["a"]


def test_repo_round_trip_and_filters(store):
    repo = TaskRepo(store)
    repo.upsert(make_task("a", skill="brief-writer", split="train", origin="real"))
    repo.upsert(make_task("b", skill="brief-writer", split="val", origin="benchmark"))
    repo.upsert(make_task("c", skill="advisor", origin="synthetic", tools=["search"], meta={"why": "x"}))
    assert repo.count() == 3
    got = repo.get("c")
    assert got == make_task("c", skill="advisor", origin="synthetic", tools=["search"], meta={"why": "x"})
    assert repo.get("missing") is None
    assert [t.task_id for t in repo.list(skill="brief-writer")] == ["a", "b"]
    assert [t.task_id for t in repo.list(split="val")] == ["b"]
    assert [t.task_id for t in repo.list(origin="synthetic")] == ["c"]
    assert [t.task_id for t in repo.list(skill="brief-writer", origin="real")] == ["a"]
    assert repo.list(skill="nobody") == []


def test_upsert_updates_in_place_and_keeps_created_at(store):
    repo = TaskRepo(store)
    repo.upsert(make_task("a", intent="first"))
    created = store.query_one("SELECT created_at FROM tasks WHERE id = 'a'")["created_at"]
    repo.upsert(make_task("a", intent="second", reviewed=True))
    row = store.query_one("SELECT created_at, intent, reviewed FROM tasks WHERE id = 'a'")
    assert (row["created_at"], row["intent"], row["reviewed"]) == (created, "second", 1)
    assert repo.count() == 1 and repo.get("a").intent == "second"


def test_delete(store):
    repo = TaskRepo(store)
    repo.upsert(make_task("a"))
    assert repo.delete("a") is True
    assert repo.delete("a") is False
    assert repo.count() == 0


def test_fingerprint_merges_near_duplicate_intents(store):
    assert intent_fingerprint("Fix the login bug.") == intent_fingerprint("  fix THE login   bug")
    assert intent_fingerprint("Fix the login bug") != intent_fingerprint("Fix the logout bug")
    repo = TaskRepo(store)
    repo.upsert(make_task("a", intent="Fix the login bug."))
    repo.upsert(make_task("b", intent="fix the login bug"))
    repo.upsert(make_task("c", intent="Write the release notes"))
    assert repo.ids_by_fingerprint(intent_fingerprint("FIX the login bug!")) == ["a", "b"]


def test_invalid_task_is_refused_and_nothing_is_written(store):
    repo = TaskRepo(store)
    repo.upsert(make_task("keep"))
    bad = make_task("bad", judge=Judge(kind="rule", checks=[Check("regex", "(unclosed")]))
    with pytest.raises(TaskError, match="bad regex"):
        repo.upsert_many([make_task("new"), bad])
    assert [t.task_id for t in repo.list()] == ["keep"]
    with pytest.raises(TaskError, match="unknown split"):
        repo.upsert(make_task("s", split="holdout"))


# ---- loading files ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_loads_every_benchmark_seed(seed):
    tasks = load_tasks_file(BENCHMARK / seed / "benchmark.jsonl")
    assert len(tasks) == 15
    assert tasks[0].task_id == "bm-001" and tasks[0].intent
    assert all(t.judge.kind == "rule" and t.judge.checks for t in tasks)


def test_benchmark_tool_checks_get_the_tool_offered():
    tasks = load_tasks_file(BENCHMARK / "seed-no-brain-first" / "benchmark.jsonl")
    assert all(t.tools == ["search"] for t in tasks)
    assert load_tasks_file(BENCHMARK / "seed-verbose" / "benchmark.jsonl")[0].tools == []


def test_benchmark_judges_score_real_answers():
    brief = load_tasks_file(BENCHMARK / "seed-missing-structure" / "benchmark.jsonl")[0]
    good = "# Brief\nShip it.\n\n## Key Risks\n- cannibalisation\n\nConfidence: medium"
    assert score_answer(brief, good, []).hard == 1.0
    partial = score_answer(brief, "# Brief\nShip it.\n\n**Key Risks**: churn", [])
    assert (partial.hard, partial.soft) == (0.0, 0.0)
    advisor = load_tasks_file(BENCHMARK / "seed-no-verdict" / "benchmark.jsonl")[0]
    assert score_answer(advisor, "Recommendation: wait\nconfidence = low", []).hard == 1.0
    verbose = load_tasks_file(BENCHMARK / "seed-verbose" / "benchmark.jsonl")[0]
    assert score_answer(verbose, "x" * 1200, []).hard == 1.0 and score_answer(verbose, "x" * 1201, []).hard == 0.0
    search_first = load_tasks_file(BENCHMARK / "seed-no-brain-first" / "benchmark.jsonl")[0]
    searched = [ToolCallRecord(name="search", arguments={"query": "free tier"}, result='{"results": []}')]
    assert score_answer(search_first, "answer", searched).hard == 1.0
    assert score_answer(search_first, "answer", []).hard == 0.0


def test_loads_our_own_task_format_with_blank_lines(tmp_path):
    own = make_task("mine", skill="advisor", split="val", origin="synthetic", tools=["search"], reviewed=True)
    path = write_lines(tmp_path / "t.jsonl", ["", json.dumps(own.to_dict()), "   ",
                                              {"task_id": "bm", "task": "Do X", "judge": {"kind": "exact", "answers": ["42"]}}, ""])
    tasks = load_tasks_file(path)
    assert tasks[0] == own
    assert (tasks[1].task_id, tasks[1].intent, tasks[1].judge.answers) == ("bm", "Do X", ["42"])


@pytest.mark.parametrize(
    "line, fragment",
    [
        ('{"task_id": "a", "task": "x", "judge": ', "not valid JSON"),
        ('["a list"]', "expected a JSON object"),
        ({"task": "x", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 5}]}}, "missing field(s) 'task_id'"),
        ({"task_id": "a", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 5}]}}, "missing field(s) 'task'"),
        ({"task_id": "a", "task": "x"}, "missing field(s) 'judge'"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "regex", "arg": "[bad"}]}}, "bad regex"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "lenght", "arg": 5}]}}, "unknown op 'lenght'"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": "5"}]}}, "expects a number"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "magic"}}, "unknown judge kind"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": []}}, "at least one check"),
        ({"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 5}]}, "origin": "moon"}, "unknown origin"),
    ],
)
def test_file_errors_name_the_file_and_line(tmp_path, line, fragment):
    good = {"task_id": "ok", "task": "fine", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 9}]}}
    path = write_lines(tmp_path / "bad.jsonl", [good, "", line])
    with pytest.raises(TaskError) as caught:
        load_tasks_file(path)
    message = str(caught.value)
    assert f"{path}:3:" in message
    assert fragment in message


def test_file_errors_report_every_bad_line_at_once(tmp_path):
    path = write_lines(tmp_path / "bad.jsonl", ["{oops", '{"task_id": "a"}', "nope"])
    with pytest.raises(TaskError) as caught:
        load_tasks_file(path)
    message = str(caught.value)
    assert ":1:" in message and ":3:" in message


def test_duplicate_ids_in_a_file_are_an_error(tmp_path):
    line = {"task_id": "same", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 9}]}}
    path = write_lines(tmp_path / "dup.jsonl", [line, line])
    with pytest.raises(TaskError, match=r"dup.jsonl:2: task id 'same' already used on line 1"):
        load_tasks_file(path)


def test_missing_and_non_utf8_files(tmp_path):
    with pytest.raises(TaskError, match="no such file"):
        load_tasks_file(tmp_path / "absent.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(TaskError, match="not UTF-8"):
        load_tasks_file(binary)


# ---- export / import for review ---------------------------------------------------------------------


def mark_reviewed(path: Path) -> None:
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["reviewed"] = True
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")


def test_export_writes_a_review_header_and_refuses_to_overwrite(tmp_path):
    path = tmp_path / "review.jsonl"
    assert export_tasks([make_task("a"), make_task("b")], path) == 2
    header = json.loads(path.read_text().splitlines()[0])
    assert header["skillopt_sleep_tasks"] == 1 and header["reviewed"] is False
    assert "reviewed" in header["note"] and "redact" in header["note"]
    with pytest.raises(TaskError, match="already exists"):
        export_tasks([make_task("c")], path)
    assert len(load_tasks_file(path)) == 2  # the earlier export is untouched
    export_tasks([make_task("c")], path, overwrite=True)
    assert [t.task_id for t in load_tasks_file(path)] == ["c"]


def test_import_refuses_an_unreviewed_file(store, tmp_path):
    repo = TaskRepo(store)
    path = tmp_path / "review.jsonl"
    export_tasks([make_task("a")], path)
    with pytest.raises(TaskError, match="not marked as reviewed"):
        import_tasks(repo, path)
    assert repo.count() == 0


def test_export_import_round_trip_marks_tasks_reviewed(store, tmp_path):
    repo = TaskRepo(store)
    original = [make_task("a", skill="advisor", context="ctx"), make_task("b", intent="Redact me: alice@example.com")]
    repo.upsert_many(original)
    path = tmp_path / "review.jsonl"
    export_tasks(repo.list(), path)
    # The user redacts one task and marks the file reviewed.
    path.write_text(path.read_text().replace("alice@example.com", "[email]"))
    mark_reviewed(path)
    imported = import_tasks(repo, path)
    assert sorted(t.task_id for t in imported) == ["a", "b"]
    stored = {t.task_id: t for t in repo.list()}
    assert all(t.reviewed for t in stored.values())
    assert stored["b"].intent == "Redact me: [email]"
    assert stored["a"].context == "ctx" and stored["a"].skill == "advisor"


def test_bad_import_loses_nothing_already_stored(store, tmp_path):
    repo = TaskRepo(store)
    repo.upsert(make_task("a", intent="precious"))
    path = tmp_path / "review.jsonl"
    export_tasks([make_task("a", intent="changed"), make_task("b")], path)
    mark_reviewed(path)
    lines = path.read_text().splitlines()
    broken = json.loads(lines[2])
    broken["judge"] = {"kind": "rule", "checks": [{"op": "regex", "arg": "(("}]}
    path.write_text("\n".join([lines[0], lines[1], json.dumps(broken)]) + "\n")
    with pytest.raises(TaskError, match=r"review.jsonl:3:.*bad regex"):
        import_tasks(repo, path)
    assert [(t.task_id, t.intent) for t in repo.list()] == [("a", "precious")]


def test_import_needs_the_header(store, tmp_path):
    path = write_lines(tmp_path / "plain.jsonl", [{"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "max_chars", "arg": 9}]}}])
    with pytest.raises(TaskError, match="not a task export"):
        import_tasks(TaskRepo(store), path)
    future = write_lines(tmp_path / "future.jsonl", [{"skillopt_sleep_tasks": 9, "reviewed": True}])
    with pytest.raises(TaskError, match="unsupported export format"):
        import_tasks(TaskRepo(store), future)


def test_skill_name_from_a_path_or_a_name(tmp_path):
    folder = tmp_path / "brief-writer"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: something-else\n---\n# Body\n")
    assert skill_name(str(folder / "SKILL.md")) == "brief-writer"  # the night files tasks by folder name
    assert skill_name(str(folder)) == "brief-writer"
    assert skill_name("advisor") == "advisor"


# ---- CLI ------------------------------------------------------------------------------------------------


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_add_file_list_and_show(home, capsys):
    brief = str(BENCHMARK / "seed-missing-structure" / "benchmark.jsonl")
    code, out, _ = run_cli(capsys, "tasks", "add-file", brief, "--skill", "brief-writer")
    assert code == 0 and "added 15 task(s)" in out
    code, out, _ = run_cli(capsys, "tasks", "list", "--skill", "brief-writer")
    assert code == 0 and "bm-001" in out and "benchmark" in out and "15 task(s)" in out
    code, out, _ = run_cli(capsys, "tasks", "list", "--json")
    listed = json.loads(out)
    assert len(listed) == 15 and {t["origin"] for t in listed} == {"benchmark"} and listed[0]["skill"] == "brief-writer"
    code, out, _ = run_cli(capsys, "tasks", "list", "--skill", "advisor")
    assert code == 0 and "no tasks match" in out
    code, out, _ = run_cli(capsys, "tasks", "show", "bm-003")
    assert code == 0 and '"task_id": "bm-003"' in out
    assert 'exactly "Key Risks"' in out and 'for example "Confidence:"' in out


def test_cli_add_file_with_a_skill_path_and_origin_real(home, capsys):
    seed = BENCHMARK / "seed-verbose"
    code, out, _ = run_cli(capsys, "tasks", "add-file", str(seed / "benchmark.jsonl"), "--skill", str(seed / "SKILL.md"), "--origin", "real")
    assert code == 0
    tasks = TaskRepo(Store(home / "sleep" / "data" / "store.db")).list(skill="seed-verbose", origin="real")
    assert len(tasks) == 15 and all(t.reviewed for t in tasks)


def test_cli_add_file_refuses_to_overwrite_another_skills_tasks(home, capsys):
    run_cli(capsys, "tasks", "add-file", str(BENCHMARK / "seed-missing-structure" / "benchmark.jsonl"), "--skill", "brief-writer")
    verbose = str(BENCHMARK / "seed-verbose" / "benchmark.jsonl")
    code, _, err = run_cli(capsys, "tasks", "add-file", verbose, "--skill", "analyst")
    assert code != 0 and "already belong to another skill" in err and "--id-prefix" in err
    code, out, _ = run_cli(capsys, "tasks", "list", "--skill", "brief-writer", "--json")
    assert len(json.loads(out)) == 15  # nothing of the first skill was replaced
    code, out, _ = run_cli(capsys, "tasks", "add-file", verbose, "--skill", "analyst", "--id-prefix", "analyst/")
    assert code == 0
    code, out, _ = run_cli(capsys, "tasks", "show", "analyst/bm-001")
    assert code == 0 and '"source_task_id": "bm-001"' in out
    # Adding the same file again updates in place.
    code, _, _ = run_cli(capsys, "tasks", "add-file", verbose, "--skill", "analyst", "--id-prefix", "analyst/")
    code, out, _ = run_cli(capsys, "tasks", "list", "--json")
    assert code == 0 and len(json.loads(out)) == 30


def test_cli_add_file_reports_bad_lines(home, capsys, tmp_path):
    path = write_lines(tmp_path / "bad.jsonl", [{"task_id": "a", "task": "x", "judge": {"kind": "rule", "checks": [{"op": "regex", "arg": "[x"}]}}])
    code, _, err = run_cli(capsys, "tasks", "add-file", str(path))
    assert code == 2 and f"{path}:1:" in err and "bad regex" in err
    code, out, _ = run_cli(capsys, "tasks", "list")
    assert "no tasks in the store" in out


def test_cli_export_import_cycle(home, capsys, tmp_path):
    run_cli(capsys, "tasks", "add-file", str(BENCHMARK / "seed-no-verdict" / "benchmark.jsonl"), "--skill", "advisor", "--origin", "real")
    review = tmp_path / "review.jsonl"
    code, out, _ = run_cli(capsys, "tasks", "export", str(review), "--skill", "advisor")
    assert code == 0 and "wrote 15 task(s)" in out and "tasks import" in out
    code, _, err = run_cli(capsys, "tasks", "import", str(review))
    assert code == 2 and "not marked as reviewed" in err
    code, _, err = run_cli(capsys, "tasks", "export", str(review))
    assert code == 2 and "already exists" in err
    mark_reviewed(review)
    code, out, _ = run_cli(capsys, "tasks", "import", str(review))
    assert code == 0 and "imported 15 reviewed task(s)" in out


def test_cli_show_and_delete_unknown_ids(home, capsys):
    code, _, err = run_cli(capsys, "tasks", "show", "nope")
    assert code == 2 and "no task with id 'nope'" in err
    run_cli(capsys, "tasks", "add-file", str(BENCHMARK / "seed-verbose" / "benchmark.jsonl"))
    code, _, err = run_cli(capsys, "tasks", "delete", "bm-001", "nope")
    assert code == 2 and "nothing was deleted" in err
    code, out, _ = run_cli(capsys, "tasks", "delete", "bm-001", "bm-002")
    assert code == 0 and "deleted 2" in out
    code, out, _ = run_cli(capsys, "tasks", "list", "--json")
    assert len(json.loads(out)) == 13


def test_cli_store_flag_and_bare_tasks_command(home, capsys, tmp_path):
    other = tmp_path / "elsewhere.db"
    code, _, _ = run_cli(capsys, "tasks", "add-file", str(BENCHMARK / "seed-verbose" / "benchmark.jsonl"), "--store", str(other))
    assert code == 0 and other.is_file()
    assert TaskRepo(Store(other)).count() == 15
    code, out, _ = run_cli(capsys, "tasks", "list")
    assert "no tasks in the store" in out  # the default store was not touched
    code, bare, _ = run_cli(capsys, "tasks")
    assert code == 0 and bare == out  # `tasks` alone lists, as `tasks list` does
