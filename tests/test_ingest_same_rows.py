"""A first ingest of the bench's kind of history stores what it stored before the readers and the
redactor were made faster: each session's row and its transcript's row, digested, against digests
recorded from the code before that work (`python -m tests.test_ingest_same_rows` prints them).

The history is `bench/ingest.py`'s, both kinds (the usual and the one heavy with tool output), with
tool output taken from texts that do not change with this repository's code: the fixtures' own
transcripts and the development part of the secrets corpus (credentials included)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import sys
from pathlib import Path

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions
from skillopt_sleep.store import Store
from tests.screen_corpora import load

ROOT = Path(__file__).resolve().parents[1]
SESSIONS = 22  # two rounds of the fixtures' 11 transcripts
VOLATILE_STATE = ("seen",)  # the file's ctime: the run's, not the reading's

# session id -> digest of its rows, from the code before the speed work (both histories).
RECORDED = {
    "usual": {
        "00000000-0000-4000-8000-000000000001": "7280808a77abe5b0", "00000000-0000-4000-8000-000000000002": "51649d676fc2ba96", "00000000-0000-4000-8000-000000000003": "a105b7876cb2eb1b",
        "00000000-0000-4000-8000-000000000004": "256fcd85daa7726d", "00000000-0000-4000-8000-000000000005": "23a113a0f2d28720", "00000000-0000-4000-8000-000000000006": "7f7b80d7a4af667b",
        "00000000-0000-4000-8000-000000000007": "e5a87dd215ca8b35", "00000000-0000-4000-8000-000000000008": "aedd118763c1dfc3", "00000000-0000-4000-8000-000000000009": "ab70ffa1c92f4fe5",
        "00000000-0000-4000-8000-00000000000a": "61b663f3efe72e9e", "00000000-0000-4000-8000-00000000000b": "211dcf4434f9264b", "00000000-0000-4000-8000-00000000000c": "ef33bd330bbae4a4",
        "00000000-0000-4000-8000-00000000000d": "0634f58950366543", "00000000-0000-4000-8000-00000000000e": "c6afe4c66e908849", "00000000-0000-4000-8000-00000000000f": "82097b53bd4d9614",
        "00000000-0000-4000-8000-000000000010": "27593ab42dc1d945", "00000000-0000-4000-8000-000000000011": "30f721e35389357d", "00000000-0000-4000-8000-000000000012": "7a5d973305fbfebc",
        "00000000-0000-4000-8000-000000000013": "c3396ebde9fd4eca", "00000000-0000-4000-8000-000000000014": "5464ef5b37153330", "00000000-0000-4000-8000-000000000015": "ce2da4c9460588de",
        "00000000-0000-4000-8000-000000000016": "17c635f1005b7b87",
    },
    "heavy": {
        "00000000-0000-4000-8000-000000000001": "aa792dbb33dba157", "00000000-0000-4000-8000-000000000002": "c69815719bfef6ee", "00000000-0000-4000-8000-000000000003": "287a62ed77b70c5a",
        "00000000-0000-4000-8000-000000000004": "427c44206f3e81e0", "00000000-0000-4000-8000-000000000005": "58b011e3e57c8b65", "00000000-0000-4000-8000-000000000006": "c5230db7156ac096",
        "00000000-0000-4000-8000-000000000007": "1c9069f60a5c4750", "00000000-0000-4000-8000-000000000008": "6bb18a3421ff5aa3", "00000000-0000-4000-8000-000000000009": "ce256dbb563d8c57",
        "00000000-0000-4000-8000-00000000000a": "3af43e0f8eb33d1d", "00000000-0000-4000-8000-00000000000b": "528dd640c4563831", "00000000-0000-4000-8000-00000000000c": "aadbb39dd436ffee",
        "00000000-0000-4000-8000-00000000000d": "4a3e6502b9e9f0cd", "00000000-0000-4000-8000-00000000000e": "c5fe903714a3bd45", "00000000-0000-4000-8000-00000000000f": "1609d5a36775ba26",
        "00000000-0000-4000-8000-000000000010": "c3cb71f02bb520f5", "00000000-0000-4000-8000-000000000011": "b62e5426db72ebbe", "00000000-0000-4000-8000-000000000012": "9295d831a1ee8ab2",
        "00000000-0000-4000-8000-000000000013": "de2e49a1e8f3361d", "00000000-0000-4000-8000-000000000014": "c5a505f79d0bcc95", "00000000-0000-4000-8000-000000000015": "9e14016a31dd5167",
        "00000000-0000-4000-8000-000000000016": "42a7b1f8651eddc8",
    },
}


def bench_module():
    spec = importlib.util.spec_from_file_location("bench_ingest_rows", ROOT / "bench" / "ingest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stable_texts() -> list[str]:
    """Tool output for the history: text that changes only when the fixtures or the corpus do."""
    fixtures = sorted((ROOT / "tests" / "fixtures").rglob("*.jsonl"))
    texts = [path.read_text(encoding="utf-8") for path in fixtures]
    items = [item["text"] for item in load("secrets", "development")]
    rng = random.Random(11)
    texts += ["\n".join(rng.sample(items, 40)) for _ in range(20)]
    return [text for text in texts if len(text) > 200]


def write_history(home: Path, heavy: bool) -> None:
    bench = bench_module()
    if heavy:
        bench.heavy_history()
    texts = stable_texts()
    pool = bench.templates()
    for number in range(SESSIONS):
        bench.variant(pool[number % len(pool)], number, home, texts)


def digests(store: Store, home: Path) -> dict[str, str]:
    """Session id -> sha256 (16 digits) of its sessions row and its transcript's row, paths
    relative to `home`, times of the run left out."""
    out = {}
    where = str(home)
    for row in store.query("SELECT * FROM sessions ORDER BY id"):
        session = {key: row[key] for key in row.keys() if key not in ("updated_at", "mined_at")}
        transcript = store.query_one("SELECT * FROM transcripts WHERE session_id = ?", (row["id"],))
        state = {key: value for key, value in json.loads(transcript["state_json"]).items() if key not in VOLATILE_STATE}
        rows = {"session": session, "state": state, "cursor": transcript["cursor_bytes"], "size": transcript["size_bytes"]}
        text = json.dumps(rows, sort_keys=True, ensure_ascii=False).replace(where, "<home>")
        out[row["id"]] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return out


def ingested(tmp: Path, heavy: bool) -> dict[str, str]:
    home = tmp / "home"
    write_history(home, heavy)
    homes = Homes(claude=home / ".claude", codex=home / ".codex")
    with Store(tmp / "store.db") as store:
        report = harvest(store, homes, IngestOptions(codex_home=str(homes.codex)))
        assert sum(report.redactions.values()) > SESSIONS  # the history holds what redaction removes
        return digests(store, home)


def test_the_usual_history_is_stored_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    assert ingested(tmp_path, heavy=False) == RECORDED["usual"]


def test_the_heavy_history_is_stored_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    assert ingested(tmp_path, heavy=True) == RECORDED["heavy"]


if __name__ == "__main__":  # print the digests of this tree, to record them above
    import os
    import tempfile

    found = {}
    for kind in ("usual", "heavy"):
        with tempfile.TemporaryDirectory() as folder:
            os.environ["SKILLOPT_SLEEP_HOME"] = str(Path(folder) / "sleep")
            found[kind] = ingested(Path(folder), heavy=kind == "heavy")
    json.dump(found, sys.stdout, indent=4)
    print()
