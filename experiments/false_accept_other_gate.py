"""The false-accept study run with the gate module of another commit in place of this one's
(for comparison rows): lone nights, probation off, the independent and the task-correlated null.

    python experiments/false_accept_other_gate.py COMMIT FIRST_SEED OUT.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from pathlib import Path

import skillopt_sleep.night.gate.verdict as gate
from skillopt_sleep.experiments.false_accept import run_null_nights


def load_gate(commit: str) -> types.ModuleType:
    text = subprocess.run(["git", "show", f"{commit}:skillopt_sleep/night/gate.py"], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent).stdout
    module = types.ModuleType(f"gate_{commit}")
    sys.modules[module.__name__] = module  # its dataclasses look their module up
    exec(compile(text, module.__name__, "exec"), module.__dict__)
    return module


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the commit whose skillopt_sleep/night/gate.py is used")
    parser.add_argument("first_seed", type=int, help="the first night seed of the study")
    parser.add_argument("out", type=Path, help="the JSON file the rows are written to")
    args = parser.parse_args(argv)
    commit, first_seed, out = args.commit, args.first_seed, args.out
    other = load_gate(commit)
    for name in ("judge_paired", "sign_flip_p", "attained_size"):  # what the night's candidate module calls
        setattr(gate, name, getattr(other, name))
    rows = []
    for correlated in (False, True):
        study = run_null_nights(1000, settings={"gate.probation": False}, run_length=1, correlated=correlated,
                                first_seed=first_seed)
        rows.append({**study.to_dict(), "gate": f"the gate of {commit}"})
        print(f"{'task-correlated' if correlated else 'independent'}: {study.accepted}/1000 (rate {study.rate:.3f}, "
              f"95% upper {study.upper95():.3f})", flush=True)
    out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
