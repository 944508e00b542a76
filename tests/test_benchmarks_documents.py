"""OfficeQA and SealQA: the multi-turn tool loop over a document folder (glob, read, grep, then an
answer), OfficeQA's normalised exact match, the folder's boundary, the turn limit, the data
layouts, and an experiment run with scripted models on each."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.base import Completion, ToolCall
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.benchmarks.officeqa import normalize
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.experiments.recipe import recipe_from_dict
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.students.environment import Action
from tests.replay_kit import replay_answers
from skillopt_sleep.store import Store

RULE = "- Give the bare figure or name inside the answer tag."


def tool_user(calls: list[tuple[str, dict]], answer: str):
    """Makes the given tool calls one a turn, then answers."""
    def respond(request):
        done = sum(1 for m in request.messages if m.role == "assistant")
        if done < len(calls):
            name, arguments = calls[done]
            return Completion(text="", tool_calls=[ToolCall(name=name, arguments=arguments, call_id=f"c{done}")])
        return f"The evidence says so.\n<answer>{answer}</answer>"
    return ScriptedBackend(respond)


def test_officeqa_episode_searches_reads_and_is_scored_by_normalised_exact_match(store):
    bench = load_benchmark("officeqa")
    task = next(t for t in bench.tasks if t.task_id == "officeqa-HQ02")
    calls = [("glob", {"pattern": "*2019_03*"}), ("grep", {"pattern": "operating receipts", "path": "harbor_water_bulletin_2019_03.txt"}),
             ("read", {"path": "harbor_water_bulletin_2019_03.txt", "start": 14, "limit": 2})]
    [rollout] = replay_answers([task], bench.skill_text, tool_user(calls, "$8,412"), CallRecorder(store, "oq"),
                             tool_provider=bench.tool_provider)
    steps = [s for s in rollout.episode.steps if s.kind == "tool"]
    assert steps[0].output == "harbor_water_bulletin_2019_03.txt"
    assert steps[1].output == "15: Operating receipts for the quarter: 8,412"
    assert steps[2].output.splitlines() == ["Section 3. Finances (thousands of dollars)", "Operating receipts for the quarter: 8,412"]
    assert rollout.episode.finished and (rollout.score.hard, rollout.score.soft) == (1.0, 1.0)
    assert [t.name for t in rollout.tool_calls[:3]] == ["glob", "grep", "read"]


def test_officeqa_normalisation_is_the_published_one():
    assert normalize("$8,412") == normalize("8,412") == "8412"
    assert normalize("3.2 Billion Dollars") == "3.2"
    assert normalize("-4.5%") == "-4.5%"
    assert normalize("361.7 gallons") != normalize("361.7")


def test_the_tools_never_read_outside_the_folder_and_bad_calls_are_told_to_the_model():
    bench = load_benchmark("officeqa")
    env = bench.tool_provider(bench.tasks[0])
    for escape in ("../officeqa.csv", "/etc/passwd", "docs/../../officeqa.csv"):
        with pytest.raises(ValueError, match="no document"):
            env.act(Action(tool="read", arguments={"path": escape}))
    with pytest.raises(ValueError, match="unknown tool 'search'"):
        env.act(Action(tool="search", arguments={}))
    with pytest.raises(ValueError, match="start must be a whole number"):
        env.act(Action(tool="read", arguments={"path": "harbor_transit_report_2019.txt", "start": "top"}))
    assert env.act(Action(tool="grep", arguments={"pattern": "zebra", "path": "harbor_transit_report_2019.txt"})) == "no matches"


def test_a_loop_that_never_answers_stops_at_the_published_turn_limit(store):
    bench = load_benchmark("officeqa")
    forever = ScriptedBackend(lambda r: Completion(text="", tool_calls=[ToolCall(name="glob", arguments={"pattern": "*"}, call_id="c")]))
    [rollout] = replay_answers([bench.tasks[0]], bench.skill_text, forever, CallRecorder(store, "oq"), tool_provider=bench.tool_provider)
    assert rollout.episode.turns == 24 and "turn limit (24)" in rollout.episode.error
    assert rollout.score.hard == 0.0 and not rollout.episode.finished


def test_sealqa_reads_inline_documents_and_the_outdated_answer_scores_zero(store):
    bench = load_benchmark("sealqa")
    task = next(t for t in bench.tasks if t.task_id == "sealqa-s1")
    env = bench.tool_provider(task)
    assert env.act(Action(tool="glob", arguments={"pattern": "*"})).splitlines() == ["doc_01.txt", "doc_02.txt", "doc_03.txt"]
    [right] = replay_answers([task], bench.skill_text, tool_user([("read", {"path": "doc_02.txt"})], "Dana Whitfield"),
                           CallRecorder(store, "sq"), tool_provider=bench.tool_provider)
    [stale] = replay_answers([task], bench.skill_text, tool_user([("read", {"path": "doc_01.txt"})], "Rui Santos"),
                           CallRecorder(store, "sq2", namespace="stale"), tool_provider=bench.tool_provider)
    assert right.score.hard == 1.0 and stale.score.hard == 0.0 and stale.score.soft == 0.0
    assert "took over from Rui Santos" in right.episode.steps[1].output


def test_sealqa_documents_from_a_folder_per_item(tmp_path):
    (tmp_path / "docs" / "q7").mkdir(parents=True)
    (tmp_path / "docs" / "q7" / "note.txt").write_text("The lighthouse was painted red in 2020.\n")
    (tmp_path / "items.jsonl").write_text(json.dumps({"id": "q7", "question": "What colour is the lighthouse?", "answer": "red"}) + "\n")
    bench = load_benchmark("sealqa", {"path": str(tmp_path / "items.jsonl")})
    env = bench.tool_provider(bench.tasks[0])
    assert env.act(Action(tool="grep", arguments={"pattern": "RED", "path": "note.txt"})) == "1: The lighthouse was painted red in 2020."


def test_wrong_layouts_are_one_line_errors(tmp_path):
    csv_file = tmp_path / "officeqa.csv"
    csv_file.write_text("id,prompt\n1,x\n")
    with pytest.raises(BenchmarkError, match=r"not OfficeQA's CSV layout \(missing column\(s\) answer, question, uid"):
        load_benchmark("officeqa", {"path": str(csv_file)})
    csv_file.write_text("uid,question,answer\nA1,q,1\n")
    with pytest.raises(BenchmarkError, match="documents folder not found or empty"):
        load_benchmark("officeqa", {"path": str(csv_file)})
    items = tmp_path / "sealqa.jsonl"
    items.write_text(json.dumps({"question": "q", "answer": "a"}) + "\n")
    with pytest.raises(BenchmarkError, match="no documents"):
        load_benchmark("sealqa", {"path": str(items), "docs": str(tmp_path / "none")})


@pytest.mark.parametrize("name,split", [("officeqa", {"test": 1, "val": 3, "train": 2}), ("sealqa", {"test": 1, "val": 3, "train": 2})])
def test_experiment_run_with_scripted_models(tmp_path, monkeypatch, name, split):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    bench = load_benchmark(name)
    answers = {t.intent: t.judge.answers[0] for t in bench.tasks}

    def student(request):
        if not any(m.role == "tool" for m in request.messages):
            return Completion(text="", tool_calls=[ToolCall(name="glob", arguments={"pattern": "*"}, call_id="c")])
        return f"<answer>{answers[request.messages[0].content.split(chr(10))[0]]}</answer>" if RULE in request.system \
            else "<answer>It is in the documents.</answer>"

    teacher = ScriptedBackend(lambda r: json.dumps({"diagnosis": "no figure", "edits": [{"op": "add", "text": RULE, "rationale": "r"}]}))
    recipe = recipe_from_dict({"name": f"{name}-scripted", "benchmark": {"name": name, "options": {}},
                               "split": {**split, "salt": "t"}, "nights": 1, "gate": True, "seed": 0,
                               "student": {"backend": "scripted", "model": "s"}, "teacher": {"backend": "scripted", "model": "t"},
                               "config": {"night.rounds": 1}})
    with Store(tmp_path / "store.db") as store:
        result = run_recipe(recipe, store, tmp_path / "work", student=ScriptedBackend(student), teacher=teacher,
                            base_config=load_config(env={}, cwd=tmp_path))
    assert result.baseline["hard"] == 0.0 and result.after["hard"] == 1.0
    assert result.nights[0].decision == "accepted"
