"""DocVQA: page images the test renders (PNG, stdlib only) go to the model as image content over
the OpenAI Chat Completions and Responses APIs and the Anthropic Messages API; the loopback fake
servers check that every image arrived byte for byte; ANLS scoring; the annotation layout."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import struct
import zlib
from pathlib import Path

import pytest

from skillopt_sleep.backends import create_backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.benchmarks.docvqa import anls
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import BenchmarkError, SkilloptError
from skillopt_sleep.experiments.recipe import recipe_from_dict
from skillopt_sleep.experiments.run import run_recipe
from tests.replay_kit import replay_answers
from skillopt_sleep.store import Store
from tests.fakes import FakeAnthropic, FakeOpenAI, text

ANSWERS = ["4,250", "Harbor Supply Co.", "March 3, 2019", "17", "Invoice", "Dana Whitfield"]
RULE = "- Copy the answer exactly as the page writes it."


def png(width: int, height: int, seed: int) -> bytes:
    """A page: white, with dark bars where lines of text would be (each page its own)."""
    rng = random.Random(seed)
    lines = {row for top in range(12, height - 12, 14) for row in range(top, top + 7)}
    rows = []
    for y in range(height):
        ends = rng.randint(width // 3, width - 8)
        row = bytearray([0])
        for x in range(width):
            dark = y in lines and 8 <= x < ends and rng.random() < 0.7
            row += bytes((20, 20, 30) if dark else (250, 250, 248))
        rows.append(bytes(row))
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")


def make_docvqa(folder: Path) -> Path:
    (folder / "documents").mkdir(parents=True)
    data = []
    for number, answer in enumerate(ANSWERS, 1):
        (folder / "documents" / f"page{number}.png").write_bytes(png(96, 128, number))
        data.append({"questionId": 1000 + number, "question": f"What is written in field {number}?",
                     "image": f"documents/page{number}.png", "docId": number, "answers": [answer, answer.upper()]})
    annotation = folder / "val_v1.0.json"
    annotation.write_text(json.dumps({"dataset_name": "docvqa", "dataset_split": "val", "data": data}))
    return annotation


@pytest.fixture
def docvqa(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    return make_docvqa(tmp_path / "docvqa")


def sent_images(request) -> list[tuple[str, bytes]]:
    """(media type, bytes) of every image in a request, in any of the three wire formats."""
    found = []
    for message in request.json.get("messages") or request.json.get("input") or []:
        for part in message.get("content") if isinstance(message.get("content"), list) else []:
            if part.get("type") == "image_url":
                url = part["image_url"]["url"]
            elif part.get("type") == "input_image":
                url = part["image_url"]
            elif part.get("type") == "image":
                found.append((part["source"]["media_type"], base64.b64decode(part["source"]["data"])))
                continue
            else:
                continue
            head, data = url.split(",", 1)
            found.append((head.removeprefix("data:").removesuffix(";base64"), base64.b64decode(data)))
    return found


@pytest.mark.parametrize("api", ["openai-chat", "openai-responses", "anthropic"])
def test_each_page_arrives_intact_and_the_answer_is_scored_by_anls(docvqa, store, api):
    bench = load_benchmark("docvqa", {"path": str(docvqa)})
    answers = {t.intent: t.judge.answers[0] for t in bench.tasks}
    server = FakeAnthropic() if api == "anthropic" else FakeOpenAI()
    with server as fake:
        fake.respond_with(lambda r: text(f"The field reads:\n{answers[r.last_user_text.splitlines()[0]]}"))
        if api == "anthropic":
            student = create_backend("anthropic", "claude-haiku-4-5", {"base_url": fake.url, "retry_base_s": 0.01})
        else:
            student = create_backend("openai", "gpt-4.1-mini", {"base_url": fake.base_url, "retry_base_s": 0.01,
                                                                 "api": api.split("-")[1]})
        rollouts = replay_answers(bench.tasks, bench.skill_text, student, CallRecorder(store, api), concurrency=2,
                                tool_provider=bench.tool_provider)
        requests = fake.model_requests()
    assert len(requests) == len(ANSWERS)
    pages = {hashlib.sha256((docvqa.parent / "documents" / f"page{n}.png").read_bytes()).hexdigest()
             for n in range(1, len(ANSWERS) + 1)}
    arrived = [sent_images(r) for r in requests]
    assert all(len(images) == 1 and images[0][0] == "image/png" for images in arrived)
    assert {hashlib.sha256(images[0][1]).hexdigest() for images in arrived} == pages
    assert all(r.score.hard == 1.0 and r.score.soft == 1.0 for r in rollouts)


def test_anls_as_published():
    assert anls("4,250", ["4,250"]) == 1.0
    assert anls("4.250", ["4,250"]) == pytest.approx(0.8)
    assert anls("  HARBOR supply co. ", ["Harbor Supply Co."]) == 1.0
    assert anls("nothing alike", ["4,250"]) == 0.0  # past the 0.5 threshold
    assert anls("Harbr Supply", ["x", "Harbor Supply"]) == pytest.approx(1 - 1 / 13)


def test_a_backend_without_images_is_refused_with_the_reason(docvqa, store):
    bench = load_benchmark("docvqa", {"path": str(docvqa)})
    blind = ScriptedBackend(lambda r: "17")
    blind.supports_images = False
    with pytest.raises(SkilloptError, match="cannot take images"):
        replay_answers(bench.tasks[:1], bench.skill_text, blind, CallRecorder(store, "blind"), tool_provider=bench.tool_provider)
    assert blind.calls == 0


def test_wrong_layouts_are_one_line_errors(docvqa):
    with pytest.raises(BenchmarkError, match="no bundled copy"):
        load_benchmark("docvqa")
    data = json.loads(docvqa.read_text())
    data["data"][0]["image"] = "documents/missing.png"
    docvqa.write_text(json.dumps(data))
    with pytest.raises(BenchmarkError, match="page image not found"):
        load_benchmark("docvqa", {"path": str(docvqa)})
    for item in data["data"]:
        item.pop("answers")
    docvqa.write_text(json.dumps(data))
    with pytest.raises(BenchmarkError, match="answers are withheld"):
        load_benchmark("docvqa", {"path": str(docvqa)})


def test_experiment_run_with_scripted_models(docvqa, tmp_path):
    bench = load_benchmark("docvqa", {"path": str(docvqa)})
    answers = {t.intent: t.judge.answers[0] for t in bench.tasks}

    def student(request):
        assert request.messages[0].images  # the page travels with the question
        question = request.messages[0].content.splitlines()[0]
        return answers[question] if RULE in request.system else answers[question].lower() + " (approximately)"

    teacher = ScriptedBackend(lambda r: json.dumps({"diagnosis": "paraphrased", "edits": [{"op": "add", "text": RULE, "rationale": "r"}]}))
    recipe = recipe_from_dict({"name": "docvqa-scripted", "benchmark": {"name": "docvqa", "options": {"path": str(docvqa)}},
                               "split": {"test": 1, "val": 3, "train": 2, "salt": "t"}, "nights": 1, "gate": True, "seed": 0,
                               "student": {"backend": "scripted", "model": "s"}, "teacher": {"backend": "scripted", "model": "t"},
                               "config": {"night.rounds": 1}})
    with Store(tmp_path / "store.db") as store:
        result = run_recipe(recipe, store, tmp_path / "work", student=ScriptedBackend(student), teacher=teacher,
                            base_config=load_config(env={}, cwd=tmp_path))
    assert result.baseline["soft"] < 1.0 and result.after["soft"] == 1.0
    assert result.nights[0].decision == "accepted"


def test_a_text_only_request_keeps_the_record_key_it_had_before_images():
    """Images joined the message record; a night resumed across that change still finds its calls."""
    from skillopt_sleep.backends.base import CompletionRequest, Message
    from skillopt_sleep.backends.recorder import request_hash
    from skillopt_sleep.records import stable_json

    request = CompletionRequest(system="s", messages=[Message("user", "hi")], max_tokens=10)
    before = {"system": "s", "messages": [{"role": "user", "content": "hi", "tool_calls": [], "tool_call_id": ""}],
              "max_tokens": 10, "temperature": 0.0, "seed": None, "json_schema": None, "tools": [], "cache_system": False}
    assert request_hash(request) == hashlib.sha256(stable_json(before).encode()).hexdigest()
