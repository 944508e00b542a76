"""Every secret of the corpus, in every place a transcript carries text, from capture to a night:
none reaches the store's tables or files, the spool, any model prompt (the miner's and the
night's, as the models receive them), the log records, or the staged proposal."""

from __future__ import annotations

import json
import logging

from skillopt_sleep import paths
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.capture.ingest import run_ingest
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import MiningReport
from skillopt_sleep.tasks.llm_miner import LLMMiner
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.capture_kit import capture, codex_rollout_name, write
from tests.secret_corpus import corpus
from tests.test_redact_corpus import claude_transcript, codex_rollout

CORPUS = corpus()


def pieces() -> list[tuple[str, str]]:
    """(kind, text) for each secret and each line of a multi-line one."""
    out = []
    for secret in CORPUS:
        for piece in {secret.value, *secret.value.split("\n"), *secret.value.split("\\n")}:
            if len(piece) >= 6:
                out.append((secret.kind, piece))
    return out


def recording(prompts: list[str], reply):
    def answer(request) -> str:
        prompts.append(request.system + "\n" + "\n".join(str(m.content) for m in request.messages))
        return reply(request)
    return ScriptedBackend(answer)


def teacher_reply(request) -> str:
    if '"edits"' in json.dumps(request.json_schema or {}) or "edits" in request.system:
        return json.dumps({"diagnosis": "answers lack risks", "edits": [
            {"op": "add", "text": "- End every answer with a section titled Key Risks.", "rationale": "the checks ask for it"}]})
    return json.dumps({"checkable": True, "checks": [{"op": "section_present", "arg": "Key Risks"}]})


def test_no_secret_reaches_a_prompt_a_log_or_a_staged_file(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.DEBUG)
    home = tmp_path / "sleep"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(home))
    claude = write(tmp_path / "t" / "secrets-session.jsonl", claude_transcript())
    codex = write(tmp_path / "t" / codex_rollout_name("0199aaaa-bbbb-7ccc-8ddd-00000000beef"), codex_rollout())
    skill = tmp_path / "skills" / "deployer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: deployer\ndescription: Deploys the shop\n---\n\n# Deployer\n\nDeploy carefully.\n")
    prompts: list[str] = []
    store_path = tmp_path / "store.db"
    with Store(store_path) as store:
        capture(store, "claude-code", claude)
        capture(store, "codex", codex)
        report = run_ingest(store, paths.data_dir())
        assert report.sessions == 2
        HeuristicMiner(store, paths.data_dir()).run(report=MiningReport())
        LLMMiner(store, CallRecorder(store, None), recording(prompts, teacher_reply), min_recurrence=1).run(MiningReport())
        tasks = TaskRepo(store).list()
        assert len(tasks) >= 20 and any("[REDACTED:" in t.intent + t.context for t in tasks)
        config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml",
                             flags={"staging.dir": str(tmp_path / "staging"), "night.seed": "7", "night.concurrency": "2",
                                    "night.max_tasks": "60"})
        night = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks[:60],
                                      student=recording(prompts, lambda request: "Deployed; nothing to add."),
                                      teacher=recording(prompts, teacher_reply)))
        assert night.night_id
    mined_prompts = sum("[REDACTED:" in p for p in prompts)
    assert len(prompts) >= 40 and mined_prompts >= 10  # the prompts carried the redacted text

    files = [p for root in (home, tmp_path / "staging") if root.exists() for p in root.rglob("*") if p.is_file()]
    files += list(tmp_path.glob("store.db*"))
    assert any(p.parent.parent.name == "staging" or "staging" in p.parts for p in files)
    raw = {str(p): p.read_bytes().decode("utf-8", "replace") for p in files}
    logs = "\n".join(record.getMessage() for record in caplog.records)
    for kind, piece in pieces():
        assert not [i for i, p in enumerate(prompts) if piece in p], f"{kind} reached a model prompt"
        assert piece not in logs, f"{kind} reached the log"
        assert not [name for name, text in raw.items() if piece in text], f"{kind} reached a file"


def strings_in(value) -> list[str]:
    if isinstance(value, str):
        if value.startswith('{"cmd"') or value.startswith('{"output"'):  # Codex keeps a call as JSON text
            return strings_in(json.loads(value))
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def test_the_transcripts_carry_every_secret():
    """What the test above reads: each secret in a user turn, a tool input, a tool output, feedback
    or an answer in turn, and alone in a file path (Claude Code); in a user turn, a tool call or its
    output (Codex)."""
    for transcript in (claude_transcript(), codex_rollout()):
        text = "\n".join(s for line in transcript.decode().splitlines() for s in strings_in(json.loads(line)))
        assert [s.kind for s in CORPUS if s.line not in text] == []
    assert len(CORPUS) >= 150 and len({s.kind for s in CORPUS}) >= 100
