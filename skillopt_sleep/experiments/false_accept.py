"""How often the default night stages an edit that does nothing: many real nights over a real
store, with a coin-flip student (each answer passes by a coin keyed on the sampling seed and the
whole prompt, so a document changes which way each coin falls, never the odds) and a teacher that
proposes edits with no effect. Every setting is the night's default (attribution, the offer of the
move, further looks, two rounds) unless the study sets it; a night that ends "accepted" would
stage a proposal. The share of such nights should stay at or below 1 - gate.confidence.

    python -m skillopt_sleep.experiments.false_accept --nights 1000 --run-length 1 --out experiments/results/false-accept.json

What the bound costs shows on the other side: with `--effect E`, the student passes at `--base`
odds, and E more under a document that holds one helpful rule, which the teacher proposes each
round beside an idle edit; the study counts the nights that stage the helpful rule (the gate's
power for a gain of that size).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from skillopt_sleep.backends.base import CompletionRequest
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import default, load_config
from skillopt_sleep.experiments.provenance import source_state
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store

SKILL = "---\nname: jobs\ndescription: Finishes jobs.\n---\n\n# Jobs\n\nDo the job.\n"
IDLE_EDITS = ["- Read the whole request before you start.", "- Keep a calm and friendly tone.",
              "- Prefer short sentences.", "- Mention the job number once."]


def coin_student(request: CompletionRequest) -> str:
    digest = hashlib.sha256(f"{request.seed}|{request.system}|{request.messages[-1].content}".encode()).digest()
    return "Done: yes" if digest[0] % 2 else "no idea"


def _unit(text: str) -> float:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") / 2 ** 32


def correlated_student(request: CompletionRequest) -> str:
    """A coin-flip student whose samples of one task share a task-level effect: under each
    document every task is, by a fair coin keyed on the document and the request, one the student
    nearly always passes (0.95) or nearly always fails (0.05), and its samples flip coins at those
    odds. An idle edit redraws the task's coin, never its odds, so it does nothing on average, but a
    task's samples move together: the null that a gate counting samples as independent mistakes
    for a gain (two samples of one task that both turned count as two)."""
    odds = 0.95 if _unit(f"{request.system}|{request.messages[-1].content}") < 0.5 else 0.05
    return "Done: yes" if _unit(f"{request.seed}|{request.system}|{request.messages[-1].content}|sample") < odds else "no idea"


HELPFUL_RULE = "- Close every reply with the words Done: yes."


def helped_student(base: float, effect: float):
    """A student that passes at `base` odds, and `effect` more under a document with the helpful
    rule; each answer's coin is keyed on the sampling seed and the whole prompt, as the null's."""
    def student(request: CompletionRequest) -> str:
        coin = int.from_bytes(hashlib.sha256(
            f"{request.seed}|{request.system}|{request.messages[-1].content}".encode()).digest()[:4], "big") / 2 ** 32
        odds = base + (effect if HELPFUL_RULE in request.system else 0.0)
        return "Done: yes" if coin < odds else "no idea"
    return student


def helpful_teacher(request: CompletionRequest) -> str:
    """The helpful rule and one idle edit, which one keyed on the request."""
    idle = IDLE_EDITS[hashlib.sha256(request.messages[-1].content.encode()).digest()[0] % len(IDLE_EDITS)]
    return json.dumps({"diagnosis": "some answers miss", "edits": [
        {"op": "add", "text": text, "rationale": "may help"} for text in (HELPFUL_RULE, idle)]})


def idle_teacher(request: CompletionRequest) -> str:
    """Two edits with no effect on the coin's odds, which two keyed on the request."""
    first = hashlib.sha256(request.messages[-1].content.encode()).digest()[0] % len(IDLE_EDITS)
    chosen = [IDLE_EDITS[first], IDLE_EDITS[(first + 1) % len(IDLE_EDITS)]]
    return json.dumps({"diagnosis": "some answers miss", "edits": [
        {"op": "add", "text": text, "rationale": "may help"} for text in chosen]})


def job_tasks(count: int) -> list[Task]:
    return [Task(task_id=f"job-{i:02d}", intent=f"Finish job {i} and say whether it is done.",
                 judge=Judge(kind="rule", checks=[Check("regex", r"Done:")])) for i in range(count)]


@dataclass
class NullStudy:
    nights: int
    settings: dict
    accepted: int = 0
    undecided: int = 0
    confidence: float = default("gate.confidence")
    run_length: int = 1
    accepted_seeds: list[int] = field(default_factory=list)
    effect: float = 0.0  # 0: every edit idle (accepted = false accepts); else the helpful rule's lift
    base: float = 0.5
    correlated: bool = False  # the null's samples of a task share a task-level effect
    first_seed: int = 0  # the nights' seeds are first_seed .. first_seed + nights - 1
    provenance: dict = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.accepted / self.nights if self.nights else 0.0

    def upper95(self) -> float:
        """One-sided 95% Wilson upper bound of the false-accept rate."""
        n, p, z = self.nights, self.rate, 1.645
        if not n:
            return 1.0
        centre = p + z * z / (2 * n)
        spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return (centre + spread) / (1 + z * z / n)

    def to_dict(self) -> dict:
        return {**asdict(self), "rate": round(self.rate, 4), "upper95": round(self.upper95(), 4),
                "bound": round(1 - self.confidence, 4)}


def run_null_nights(nights: int, *, settings: dict | None = None, tasks: int = 12, first_seed: int = 0,
                    run_length: int = 2, work: Path | None = None, effect: float = 0.0, base: float = 0.5,
                    correlated: bool = False) -> NullStudy:
    """`nights` default nights (with `settings` as config overrides), each with its own seed, in
    runs of `run_length` consecutive nights on one skill and one store (so what a night remembers,
    probation's first win, an undecided edit's spent budget, reaches the next night of its run).
    With `effect`, the student and teacher of the power study, and `accepted` counts the nights
    that staged the helpful rule."""
    settings = dict(settings or {})
    study = NullStudy(nights=nights, settings=settings, run_length=run_length, effect=effect, base=base,
                      correlated=correlated, first_seed=first_seed)
    state = source_state()
    study.provenance = {"commit": state.commit, "dirty": state.dirty, "night_seeds": [first_seed, first_seed + nights - 1],
                        "sampling_seeds": "each night's own, from its night.seed", "calls_sent": 0,
                        "models": "scripted (no model)"}
    student = helped_student(base, effect) if effect else correlated_student if correlated else coin_student
    teacher = helpful_teacher if effect else idle_teacher
    with tempfile.TemporaryDirectory(dir=work) as scratch:
        root = Path(scratch)
        for seed in range(first_seed, first_seed + nights):
            night_dir = root / f"run-{(seed - first_seed) // run_length}"
            skill = night_dir / "jobs" / "SKILL.md"
            if not skill.exists():
                skill.parent.mkdir(parents=True)
                skill.write_text(SKILL, encoding="utf-8")
            config = load_config(cwd=night_dir, env={}, user_file=night_dir / "none.yaml", flags={
                "staging.dir": str(night_dir / "staging"), "night.seed": str(seed), "night.concurrency": "1",
                **{key: str(value) for key, value in settings.items()}})
            study.confidence = float(config["gate.confidence"])
            store = Store(night_dir / "store.db")
            try:
                report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=job_tasks(tasks),
                                               student=ScriptedBackend(student), teacher=ScriptedBackend(teacher),
                                               stage=False))
            finally:
                store.close()
            if report.status == "accepted" and (not effect or HELPFUL_RULE in (report.final_skill_text or "")):
                study.accepted += 1
                study.accepted_seeds.append(seed)
            study.undecided += any(record.gate.get("undecided") for record in report.rounds)
    return study


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=1000)
    parser.add_argument("--tasks", type=int, default=12)
    parser.add_argument("--run-length", type=int, default=1, help="consecutive nights that share a skill and a store")
    parser.add_argument("--effect", type=float, default=0.0, help="measure power: the helpful rule's lift of the pass odds")
    parser.add_argument("--base", type=float, default=0.3, help="with --effect: the student's odds without the rule")
    parser.add_argument("--first-seed", type=int, default=0, help="the first night's seed (a fresh range for each study)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    studies = [run_null_nights(args.nights, settings={"gate.probation": probation}, tasks=args.tasks,
                               run_length=args.run_length, effect=args.effect,
                               base=args.base if args.effect else 0.5, correlated=correlated,
                               first_seed=args.first_seed)
               for correlated in ((False,) if args.effect else (False, True)) for probation in (False, True)]
    rows = [study.to_dict() for study in studies]
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    for row in rows:
        setting = (f"probation {row['settings']['gate.probation']}, runs of {row['run_length']}, "
                   f"{'task-correlated' if row['correlated'] else 'independent'} samples")
        if row["effect"]:
            print(f"{setting}: {row['accepted']}/{row['nights']} nights staged the helpful rule "
                  f"(odds {row['base']:.2f} -> {row['base'] + row['effect']:.2f}; power {row['rate']:.3f})")
            continue
        print(f"{setting}: {row['accepted']}/{row['nights']} nights staged an idle edit "
              f"(rate {row['rate']:.3f}, 95% upper {row['upper95']:.3f}; bound {row['bound']:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
