"""The corrections funnel of one recorded person of the coding workload, tried as a new user
tries the product: the person's agent history folders (Claude Code and Codex) as HOME, no hook
ever installed (so no SessionStart record: the start of each session is read from the
transcript and the git history), then `harvest --all`, `mine` and `tasks list`; with --night,
one night (`run`) with a local model as student and teacher.

    python experiments/coding_funnel.py --person noor
    python experiments/coding_funnel.py --person noor --night --model qwen2.5-coder-1.5b

Prints, and writes to experiments/results/coding-funnel-<person>.json and .md, per planted
convention: the sessions whose user corrected it, whether a mined repo task carries its right
check (the answer key's check, op and argument), and with --night whether the night proposed and
kept a rule naming it; per repo task: its judge (the commands that verify it and its checks) and
any command its user corrected away that still judges it; per recorded session without a repo
task, the miner's reason. The mined part needs no model. Rerun it after the reader changes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from skillopt_sleep.experiments.provenance import source_state  # noqa: E402
from skillopt_sleep.experiments.workload.codingfunnel import coding_funnel, mined_conventions, unmatched_checks  # noqa: E402
from skillopt_sleep.experiments.workload.answerkey import KEY  # noqa: E402
from skillopt_sleep.experiments.workload.codingkey import load_coding_key  # noqa: E402
from skillopt_sleep.experiments.workload.coding import restore  # noqa: E402
from skillopt_sleep.experiments.workload.kind import edit_texts  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402
from skillopt_sleep.tasks.candidates import CandidateRepo  # noqa: E402
from skillopt_sleep.tasks.checks.trajectory import command_pattern  # noqa: E402
from skillopt_sleep.tasks.taskstore import TaskRepo  # noqa: E402

WORKLOAD = REPO / "experiments" / "workloads" / "coding"
RESULTS = REPO / "experiments" / "results"
# The coding workload recipe's night (experiments/recipes/coding-workload-local.yaml).
NIGHT_SETTINGS = {"night.rounds": 1, "night.rollouts": 2, "night.concurrency": 1, "night.edit_budget": 3,
                  "local.threads": 2, "repo.max_turns": 8, "repo.verify_wall_s": 120}
HEADLESS = ["--set", "capture.include_headless=true"]  # the sessions were recorded with `claude -p` / `codex exec`


ENGINE = REPO  # the checkout whose engine the verbs run (--engine)


def verb(args: list[str], env: dict[str, str], cwd: Path, timeout_s: float = 3600) -> str:
    """One verb of the CLI in its own process, as a user runs it, with ENGINE's package."""
    env = {**os.environ, **env, "PYTHONPATH": str(ENGINE)}
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout_s)
    if done.returncode != 0:
        raise SystemExit(f"skillopt-sleep {args[0]} exited {done.returncode}: {(done.stderr or done.stdout).strip()[-800:]}")
    return done.stdout


def new_user_mining(person: str, sessions_dir: Path, project: Path, home: Path, reader: str = "") -> dict:
    """harvest --all, mine, tasks list, with the recorded history folders as the user's HOME;
    with `reader` (a local model), mine asks it what the turns the actions leave open mean."""
    recorded = sessions_dir / person / "home"
    env = {"SKILLOPT_SLEEP_HOME": str(home), "HOME": str(recorded), "CODEX_HOME": str(recorded / ".codex")}
    out = {}
    for name, args in (("harvest", ["harvest", "--all", "--agent", "all", "--json", "-q", *HEADLESS]),
                       ("mine", ["mine", "--json", "-q", *HEADLESS, *_reader_flags(reader)])):
        out[name] = json.loads(verb(args, env, project))
    out["tasks_list"] = verb(["tasks", "list"], env, project)
    return out


def _reader_flags(reader: str) -> list[str]:
    return ["--set", "mining.read_turns=true", "--teacher", f"local:{reader}"] if reader else []


def judged_away(commands: list[str], key) -> list[str]:
    """The verification commands that run a command the person's conventions ban."""
    banned = [c.arg for conv in key.conventions for c in conv.checks if c.op == "command_avoided"]
    return [cmd for cmd in commands if any(command_pattern(b).search(cmd) for b in banned)]


def mined_rows(person: str, manifest: dict, store_path: Path, key) -> dict:
    sessions = [s for s in manifest["sessions"] if s["persona"] == person and not s.get("heldout")]
    planned = {s["session_id"]: s for s in sessions}
    with Store(store_path) as store:
        tasks = [t for t in TaskRepo(store).list() if t.repo is not None]
        candidates = CandidateRepo(store).all()
    notes = {n["session"]: n["reason"] for c in candidates for n in c.repo_notes}
    # A correction read as a new request is a request of its own: a candidate with its words.
    asked = {" ".join(c.intent.split()) for c in candidates}
    as_requests = [{"session": s["id"], "user": turn["user"], "corrects": turn["corrects"]}
                   for s in sessions for turn in s["turns"][1:] if turn["corrects"] and " ".join(turn["user"].split()) in asked]
    carried = mined_conventions(tasks, key)
    task_rows = []
    for task in sorted(tasks, key=lambda t: [planned.get(s, {}).get("id", s) for s in t.source_sessions]):
        session = planned.get(task.source_sessions[0], {}) if task.source_sessions else {}
        commands = [v.command for v in task.repo.verification]
        task_rows.append({
            "task_id": task.task_id, "session": session.get("id", "?"), "agent": session.get("agent", "?"),
            "intent_is_first_request": bool(session) and task.intent.strip() == session["turns"][0]["user"].strip(),
            "verification": commands, "checks": [c.name() for c in task.judge.checks],
            "carries": sorted(mined_conventions([task], key)), "planted": sorted(key.corrected.get(task.source_sessions[0], [])),
            "judged_by_a_command_corrected_away": judged_away(commands, key)})
    with_task = {s for t in tasks for s in t.source_sessions}
    lost = [{"session": s["id"], "agent": s["agent"], "planted": s["missed"], "reason": notes.get(s["session_id"], "no reason recorded")}
            for s in sessions if s["session_id"] not in with_task]
    conventions = [{"id": c.id, "right_check": [k.name() for k in c.checks],
                    "corrected_in": [planned[s]["id"] for s, ids in key.corrected.items() if c.id in ids and s in planned],
                    "mined_as_right_check_in": [r["session"] for r in task_rows if c.id in r["carries"]]}
                   for c in key.conventions]
    return {"sessions": len(sessions), "agents": sorted({s["agent"] for s in sessions}), "repo_tasks": task_rows,
            "sessions_without_a_task": lost, "conventions": conventions, "mined": sorted(carried),
            "corrections": sum(1 for s in sessions for turn in s["turns"] if turn["corrects"]),
            "corrections_read_as_new_requests": as_requests,
            "checks_outside_the_key": unmatched_checks(tasks, key)}


def night(person: str, key, sessions_dir: Path, project: Path, home: Path, model: str, seed: int, settings: dict) -> dict:
    """One night (`run`) on the person's starting skill, the local model as student and teacher."""
    skill_dir = home.parent / "agent-home" / ".claude" / "skills" / key.skill
    skill_dir.mkdir(parents=True, exist_ok=True)
    skill_path = skill_dir / "SKILL.md"
    shutil.copyfile(sessions_dir / person / "home" / ".claude" / "skills" / key.skill / "SKILL.md", skill_path)
    seed_skill = skill_path.read_text(encoding="utf-8")
    flags = [x for k, v in {**settings, "night.seed": seed}.items() for x in ("--set", f"{k}={v}")]
    begun = time.monotonic()
    verb(["run", "--json", "-q", "--skill", str(skill_path), "--student", f"local:{model}", "--teacher", f"local:{model}",
          *HEADLESS, *flags], {"SKILLOPT_SLEEP_HOME": str(home)}, project, timeout_s=6 * 3600)
    with Store(home / "data" / "store.db") as store:
        row = store.query_one("SELECT report_json FROM nights WHERE report_json IS NOT NULL ORDER BY started_at DESC LIMIT 1")
    report = json.loads(row["report_json"]) if row else {}
    after = (report.get("final_skill_text") or seed_skill) if report.get("proposal_id") else seed_skill
    return {"report": report, "seed_skill": seed_skill, "after_skill": after, "wall_s": round(time.monotonic() - begun, 1)}


def model_sha256(model: str) -> str:
    from skillopt_sleep.backends.localmodel import resolve
    return resolve(model, None).verified_sha256


def table(result: dict) -> str:
    mined = result["mined"]
    funnel = result.get("funnel") or {}
    lines = [f"| convention | right check | corrected in | mined as the right check in | proposed | kept |",
             "| --- | --- | --- | --- | --- | --- |"]
    for c in mined["conventions"]:
        stage = (lambda name: ("yes" if c["id"] in funnel[name] else "no") if funnel else "not run")
        lines.append(f"| {c['id']} | {', '.join(f'`{k}`' for k in c['right_check'])} | {', '.join(c['corrected_in'])} | "
                     f"{', '.join(c['mined_as_right_check_in']) or '**not mined**'} | {stage('proposed')} | {stage('kept')} |")
    lines += ["", "| session | agent | planted | carries | judged by | checks | corrected-away command judging |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for t in mined["repo_tasks"]:
        lines.append(f"| {t['session']} | {t['agent']} | {', '.join(t['planted'])} | {', '.join(t['carries']) or '–'} | "
                     f"{', '.join(f'`{v}`' for v in t['verification']) or '–'} | {', '.join(f'`{c}`' for c in t['checks']) or '–'} | "
                     f"{', '.join(t['judged_by_a_command_corrected_away']) or 'none'} |")
    for s in mined["sessions_without_a_task"]:
        lines.append(f"| {s['session']} | {s['agent']} | {', '.join(s['planted'])} | **no task**: {s['reason']} | | | |")
    planted = len(mined["conventions"])
    right = sum(1 for c in mined["conventions"] if c["mined_as_right_check_in"])
    lines += ["", f"planted {planted}; mined as the right check {right}; repo tasks {len(mined['repo_tasks'])} of "
              f"{mined['sessions']} sessions; corrections read as new requests: {len(mined['corrections_read_as_new_requests'])} "
              f"of {mined['corrections']}; checks outside the key: {', '.join(mined['checks_outside_the_key']) or 'none'}"]
    lines += [f"- read as a new request ({c['session']}, corrects {', '.join(c['corrects'])}): {c['user']}"
              for c in mined["corrections_read_as_new_requests"]]
    if funnel:
        lines.append(f"proposed {len(funnel['proposed'])}; kept {len(funnel['kept'])} (night decision: {result['night']['decision']})")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--person", default="noor")
    parser.add_argument("--night", action="store_true", help="also run one night with the local model")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--seed", type=int, default=0, help="the night's seed (night.seed)")
    parser.add_argument("--read-turns", default="", metavar="MODEL",
                        help="mine with this local model reading the turns the actions leave open (mining.read_turns)")
    parser.add_argument("--work", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--engine", type=Path, default=REPO, help="the checkout whose engine runs the verbs")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a night setting in place of the recipe's (repeatable)")
    args = parser.parse_args()
    global ENGINE
    ENGINE = args.engine.resolve()
    settings = {**NIGHT_SETTINGS, **dict(item.split("=", 1) for item in args.set)}
    work = (args.work or Path(tempfile.mkdtemp(prefix="coding-funnel-"))).resolve()
    restored = restore(WORKLOAD, work)
    manifest, sessions_dir, repos = restored.manifest, restored.sessions_dir, restored.repos
    keys = load_coding_key(WORKLOAD / KEY, repos)
    if args.person not in keys:
        raise SystemExit(f"no person {args.person!r} in the coding workload; known: {', '.join(keys)}")
    key = keys[args.person]
    home = work / args.person / "sk"
    shutil.rmtree(home, ignore_errors=True)
    state = source_state(ENGINE)
    result = {"person": args.person, "provenance": {"commit": state.commit, "dirty": state.dirty,
                                                    "archive_sha256": _sha256(WORKLOAD / "coding-sessions.tar.xz")}}
    result["verbs"] = new_user_mining(args.person, sessions_dir, repos[args.person], home, args.read_turns)
    if args.read_turns:
        result["provenance"].update({"reader": args.read_turns, "reader_sha256": model_sha256(args.read_turns)})
    result["mined"] = mined_rows(args.person, manifest, home / "data" / "store.db", key)
    if args.night:
        ran = night(args.person, key, sessions_dir, repos[args.person], home, args.model, args.seed, settings)
        report = ran["report"]
        result["provenance"].update({"model": args.model, "model_sha256": model_sha256(args.model), "night_seed": args.seed,
                                     "settings": settings})
        result["night"] = {"decision": report.get("decision"), "val_before": report.get("val_before"),
                           "val_after": report.get("val_after"), "edits_tried": edit_texts(report),
                           "proposal_id": report.get("proposal_id"), "wall_s": ran["wall_s"]}
        result["funnel"] = coding_funnel(key, result["mined"]["mined"], edit_texts(report), ran["after_skill"], ran["seed_skill"])
    rendered = table(result)
    print(rendered)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = args.out / f"coding-funnel-{args.person}{'-read' if args.read_turns else ''}{'-night' if args.night else ''}"
    stem.with_suffix(".json").write_text(json.dumps(result, indent=1, default=str) + "\n", encoding="utf-8")
    made = result["provenance"]
    header = (f"# Corrections funnel: {args.person} (coding workload), as a new user\n\n"
              f"`python experiments/coding_funnel.py --person {args.person}"
              f"{' --read-turns ' + args.read_turns if args.read_turns else ''}{' --night --model ' + args.model if args.night else ''}` "
              f"at {made['commit'][:12]}{' (uncommitted engine changes)' if made['dirty'] else ''}, "
              f"archive sha256 {made['archive_sha256'][:16]}"
              + (f", reader {args.read_turns} sha256 {made['reader_sha256'][:16]}" if args.read_turns else "")
              + (f", model {args.model} sha256 {made['model_sha256'][:16]}, night seed {args.seed}" if args.night else "") + ".\n\n")
    stem.with_suffix(".md").write_text(header + rendered + "\n", encoding="utf-8")
    return 0


def _sha256(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


if __name__ == "__main__":
    raise SystemExit(main())
