"""Mining time as the store grows, beside the previous implementation measured in the same run.

    python bench/mining.py [--reference REV] [--sizes 1000,5000,10000,20000] [--increment 1000]

Generates sessions whose requests recur with small changes of wording (so some merge into one
candidate and most do not), stores them, and times `HeuristicMiner.run` on a fresh store of each
size, then the mining of `--increment` new sessions added to the smallest and the largest store
once each is mined (an increment should cost the same on both). Beside each, how many requests
merged into an earlier candidate: work that grows with the store where more of the new requests
resemble what it holds. So a second increment, of requests about other things (other verbs and
objects, the same details), is then added to both: it merges the same on both, and its cost on
the large store beside the small one is what the store's size alone adds.
Each code tree runs in its own process: this one, and the reference revision (default HEAD~1),
unpacked with `git archive` into a temporary folder. The candidates and tasks both trees make
must be the same, or the bench says so and fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VERBS = ["add", "fix", "write", "refactor", "document", "test", "rename", "remove", "speed up", "review", "explain",
         "migrate", "configure", "validate", "summarise", "translate", "draft", "plan", "audit", "profile"]
THINGS = ["login form", "billing report", "search index", "auth token", "checkout flow", "export job", "import script",
          "cache layer", "mail queue", "release notes", "api client", "database schema", "cli parser", "deploy step",
          "error page", "user guide", "metrics panel", "retry policy", "upload widget", "config loader"]
OTHER_VERBS = ["port", "harden", "trim", "split", "merge", "inline", "cache", "batch", "stream", "mock", "retire",
               "pin", "bump", "shard", "index", "lint", "fuzz", "sign", "encrypt", "throttle"]
OTHER_THINGS = ["invoice parser", "webhook relay", "session store", "rate limiter", "pdf renderer", "queue worker",
                "font loader", "geo lookup", "tax rules", "audit trail", "feature flags", "image resizer", "sms gateway",
                "cron runner", "oauth bridge", "csv exporter", "price feed", "search ranker", "theme switcher",
                "log shipper"]
DETAILS = ["so it handles empty input", "with a short summary first", "and keep it under 20 lines", "using pnpm",
           "without changing the public names", "and add a Key Risks section", "for the staging project",
           "in plain words", "with one example", "before friday", "and list the open questions", "as a table"]


def request(rng: random.Random, verbs: list[str], things: list[str]) -> str:
    """A request: a common kind of work, often with a rare word (a ticket, a file) that sets it apart."""
    words = [rng.choice(verbs), "the", rng.choice(things), rng.choice(DETAILS)]
    if rng.random() < 0.8:
        words.append(f"for ticket {rng.randrange(100000)}")
    if rng.random() < 0.5:
        words.append(f"in module_{rng.randrange(5000)}.py")
    return " ".join(words)


def sessions_for(count: int, seed: int, offset: int = 0, verbs: list[str] = VERBS,
                 things: list[str] = THINGS) -> list[dict]:
    """`count` sessions of one to three requests; a tenth repeat an earlier request, reworded a little."""
    rng = random.Random(seed)
    said: list[str] = []
    out = []
    for number in range(offset, offset + count):
        intents = []
        for turn in range(rng.randint(1, 3)):
            if said and rng.random() < 0.1:
                text = rng.choice(said) + rng.choice(["", " please", " again", " now"])
            else:
                text = request(rng, verbs, things)
                said.append(text)
            intents.append({"text": text, "at": f"2026-01-05T10:{turn:02d}:00.000000Z"})
        out.append({"id": f"s-{number:06d}", "cwd": f"/w/proj-{number % 50}", "intents": intents})
    return out


def worker(tree: Path, sizes: list[int], increment: int, work: Path) -> dict:
    """Run in a fresh process with `tree` first on sys.path: the timings and a digest of results."""
    sys.path.insert(0, str(tree))
    from skillopt_sleep.capture.sessions import Intent, Session, SessionRepo
    from skillopt_sleep.store import Store
    from skillopt_sleep.tasks.mining import HeuristicMiner

    def stored(store: Store, rows: list[dict]) -> None:
        SessionRepo(store).save_all([Session(id=r["id"], agent="claude-code", cwd=r["cwd"],
                                              intents=[Intent(text=i["text"], at=i["at"]) for i in r["intents"]])
                                     for r in rows])

    def digest(store: Store) -> str:
        """The candidates (each with its sources) and the tasks, less the times they were written."""
        candidates = [json.loads(r[0]) for r in store.query("SELECT data_json FROM intent_candidates ORDER BY id")]
        for candidate in candidates:  # a request rule's count matters up to 2 (trees before 50 kept it whole)
            for rule in candidate.get("request_rules", ()):
                rule["recurrence"] = min(rule["recurrence"], 2)
        tasks = []
        for row in store.query("SELECT id, intent, data_json FROM tasks ORDER BY id"):
            data = json.loads(row["data_json"])
            data.get("meta", {}).pop("mined_at", None)
            tasks.append([row["id"], row["intent"], data])
        return hashlib.sha256(json.dumps([candidates, tasks], sort_keys=True).encode()).hexdigest()[:16]

    times, digests, merged = {}, {}, {}
    for size in sizes:
        with Store(work / f"store-{size}.db") as store:
            stored(store, sessions_for(size, seed=size))
            started = time.process_time()
            report = HeuristicMiner(store, data_dir=work).run()
            times[str(size)] = time.process_time() - started
            digests[str(size)], merged[str(size)] = digest(store), report.merged
    ends = sorted({min(sizes), max(sizes)})
    for label, made in ((f"+{increment} to", lambda size: sessions_for(increment, seed=size + 1, offset=size)),
                        (f"+{increment} new to", lambda size: sessions_for(increment, seed=7, offset=size + increment,
                                                                          verbs=OTHER_VERBS, things=OTHER_THINGS))):
        for size in ends:  # the same increment on the smallest and the largest store
            with Store(work / f"store-{size}.db") as store:
                stored(store, made(size))
                started = time.process_time()
                report = HeuristicMiner(store, data_dir=work).run()
                key = f"{label} {size}"
                times[key] = time.process_time() - started
                digests[key], merged[key] = digest(store), report.merged
    return {"times": times, "digests": digests, "merged": merged}


def run_tree(tree: Path, sizes: list[int], increment: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-mine-") as work:
        done = subprocess.run([sys.executable, __file__, "--worker", str(tree), "--sizes", ",".join(map(str, sizes)),
                               "--increment", str(increment), "--work", work], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"mining in {tree} failed: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def unpack(revision: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "skillopt_sleep"], capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", default="HEAD~1", help="the revision to measure beside this tree")
    parser.add_argument("--sizes", default="1000,5000,10000,20000")
    parser.add_argument("--increment", type=int, default=1000)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.worker:
        print(json.dumps(worker(args.worker, sizes, args.increment, args.work)))
        return 0
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-ref-") as folder:
        reference = run_tree(unpack(args.reference, Path(folder)), sizes, args.increment)
    ours = run_tree(REPO, sizes, args.increment)
    print(f"CPU seconds of HeuristicMiner.run (this tree beside {args.reference}, same sessions):")
    for key in ours["times"]:
        label = f"{key} sessions" if not key.startswith("+") else key.replace(" to ", " to a mined ")
        same = "same results" if ours["digests"][key] == reference["digests"][key] else "RESULTS DIFFER"
        print(f"  {label:30s} {ours['times'][key]:7.2f} s   reference {reference['times'][key]:7.2f} s   ({same}; "
              f"{ours['merged'][key]} requests merged into a candidate)")
    return 0 if ours["digests"] == reference["digests"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
