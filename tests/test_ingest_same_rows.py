"""A first ingest of the bench's kind of history stores what it stored before the readers and the
redactor were made faster: each session's row and its transcript's row, digested, against digests
recorded from the code before that work (`python -m tests.test_ingest_same_rows` prints them).

The history is `bench/ingest.py`'s, both kinds (the usual and the one heavy with tool output), with
tool output taken from texts that do not change with this repository's code: the development part
of the secrets corpus and the generated one (credentials and their ordinary look-alikes)."""

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
from tests.secret_corpus import corpus

ROOT = Path(__file__).resolve().parents[1]
SESSIONS = 22  # two rounds of the fixtures' 11 transcripts
VOLATILE_STATE = ("seen",)  # the file's ctime: the run's, not the reading's

# session id -> digest of its rows, from the code before the speed work (both histories).
# Re-recorded where redaction changed on purpose, in both histories: a Docker token its old shapes
# missed (cut by `-` and `_`) and the fragments of keys and of a Teams webhook URL that a cut window
# starts inside are now removed; a Stripe dashboard URL and certificate bodies whose BEGIN line a
# window cut off are now kept. Then in the heavy history: a public SSH key's type name
# (`ecdsa-sha2-nistp256`) at the start of a table-like row under `key: password` is now kept (the
# line above names only a run alone on its line). Then in the heavy history: the first letters of
# a key that a window cut short after its name (`?apikey=<letters>`) are now removed (letters alone
# whose case switches as drawn letters do are a password after a credential's name). Then in the heavy
# history: a key under `"pass"` is removed as a password rather than a token (the same span, its label only).
# Then in the heavy history: a .netrc password whose `machine` line a window cut off is now removed
# (the `login` line above it pairs with it as a username directive does).
RECORDED = {
    "usual": {
        "00000000-0000-4000-8000-000000000001": "7aa6f2f7d56e7523", "00000000-0000-4000-8000-000000000002": "446f40cef2da826b",
        "00000000-0000-4000-8000-000000000003": "fcd431fe1feac5e4", "00000000-0000-4000-8000-000000000004": "6ad7badacd24e36f",
        "00000000-0000-4000-8000-000000000005": "31b44e4d23451f54", "00000000-0000-4000-8000-000000000006": "1dbbdd2652925b32",
        "00000000-0000-4000-8000-000000000007": "07bdce4e76cb5b4a", "00000000-0000-4000-8000-000000000008": "bf8809c7b4477743",
        "00000000-0000-4000-8000-000000000009": "0e3fc283512384ad", "00000000-0000-4000-8000-00000000000a": "f2bafcc8b3d56b93",
        "00000000-0000-4000-8000-00000000000b": "d7d14984ba8e3342", "00000000-0000-4000-8000-00000000000c": "b337abc30c9ef805",
        "00000000-0000-4000-8000-00000000000d": "39b4a7aea6b7197d", "00000000-0000-4000-8000-00000000000e": "7bd6954c67760456",
        "00000000-0000-4000-8000-00000000000f": "bc4947048d946276", "00000000-0000-4000-8000-000000000010": "f3fdc67b1d41a7c7",
        "00000000-0000-4000-8000-000000000011": "5cbbb05a9f951237", "00000000-0000-4000-8000-000000000012": "5b066cdd977ae586",
        "00000000-0000-4000-8000-000000000013": "781c69dbce59026f", "00000000-0000-4000-8000-000000000014": "ab5071bfcb274bd1",
        "00000000-0000-4000-8000-000000000015": "fad8cc7c4f6ead05", "00000000-0000-4000-8000-000000000016": "4815381e9b2c8523",
    },
    "heavy": {
        "00000000-0000-4000-8000-000000000001": "7959958bde66e5e2", "00000000-0000-4000-8000-000000000002": "5d68f99900782e53",
        "00000000-0000-4000-8000-000000000003": "ad1a14d53fc5eab4", "00000000-0000-4000-8000-000000000004": "0cfa342a617b1f0c",
        "00000000-0000-4000-8000-000000000005": "e8ceac6d8e98f173", "00000000-0000-4000-8000-000000000006": "a48691e594983785",
        "00000000-0000-4000-8000-000000000007": "edbcd38c9f116aef", "00000000-0000-4000-8000-000000000008": "3fbc6351267561c9",
        "00000000-0000-4000-8000-000000000009": "e5fa873b2a0a9adb", "00000000-0000-4000-8000-00000000000a": "b45370c7dff2d1eb",
        "00000000-0000-4000-8000-00000000000b": "e288760ef0504c1e", "00000000-0000-4000-8000-00000000000c": "977d69d96462ecaa",
        "00000000-0000-4000-8000-00000000000d": "e65fbc63d7fdd9ac", "00000000-0000-4000-8000-00000000000e": "f9870ec980b2b8eb",
        "00000000-0000-4000-8000-00000000000f": "5ace62a146e5a9ac", "00000000-0000-4000-8000-000000000010": "470e41e8c2cccf4b",
        "00000000-0000-4000-8000-000000000011": "5767bde8d9e8f2d8", "00000000-0000-4000-8000-000000000012": "1bdb3481845a7e85",
        "00000000-0000-4000-8000-000000000013": "2141bd6a0952e37a", "00000000-0000-4000-8000-000000000014": "ef46d663c172c949",
        "00000000-0000-4000-8000-000000000015": "009779f85796d026", "00000000-0000-4000-8000-000000000016": "207bbbe15f88b781",
    },
}


def bench_module():
    spec = importlib.util.spec_from_file_location("bench_ingest_rows", ROOT / "bench" / "ingest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stable_texts() -> list[str]:
    """Tool output for the history: text that changes only when the secrets corpus does (its
    development part, with its ordinary look-alikes) or the generated corpus of every kind."""
    lines = [item["text"] for item in load("secrets", "development")] + [s.line for s in corpus()]
    rng = random.Random(11)
    return ["\n".join(rng.sample(lines, 40)) for _ in range(30)]


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
