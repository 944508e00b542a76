"""How long a planned night would take on the chosen backends, before any model is called.

Each call costs a fixed latency plus its prompt and its (at most max_tokens) reply at the
backend's speed; replays run `night.concurrency` at a time, or as many as the backend serves at
once (the local model: its instances), and the teacher's reflections one after another. The
local model's speed comes from the figures `bench/local_model.py` stores in the data folder when
they exist; every other speed is a stated default, printed with the estimate.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from skillopt_sleep.night.plan.cost import PlannedCall

SPEED_FILE = "local-model-speed.json"  # {model: {"prompt_tokens_per_s", "output_tokens_per_s"}}


@dataclass(frozen=True)
class CallSpeed:
    seconds_per_call: float  # latency before the first token (a CLI backend starts a process)
    prompt_tokens_per_s: float
    output_tokens_per_s: float
    at_once: int | None  # calls it serves at once; None: as many as the night sends
    source: str = "default"

    def seconds(self, call: PlannedCall) -> float:
        return self.seconds_per_call + call.input_tokens / self.prompt_tokens_per_s + call.output_tokens / self.output_tokens_per_s


# Stated defaults, not measurements: hosted APIs stream about 80 tokens/s; the agent CLIs start a
# process per call; the 0.5B local model on two cores reads ~150 and writes ~20 tokens/s.
DEFAULT_SPEEDS = {
    "anthropic": CallSpeed(1.0, 5000.0, 80.0, None),
    "openai": CallSpeed(1.0, 5000.0, 80.0, None),
    "claude-code": CallSpeed(8.0, 5000.0, 60.0, None),
    "codex": CallSpeed(10.0, 5000.0, 60.0, None),
    "local": CallSpeed(0.2, 150.0, 20.0, 1),
    "scripted": CallSpeed(0.0, 1e9, 1e9, None),
}
UNKNOWN_SPEED = CallSpeed(2.0, 2000.0, 40.0, None)


def measured_local_speed(data_dir: Path, model: str) -> CallSpeed | None:
    """The local model's speed as last measured on this machine, or None."""
    try:
        figures = json.loads((data_dir / SPEED_FILE).read_text(encoding="utf-8")).get(model)
        prompt, output = float(figures["prompt_tokens_per_s"]), float(figures["output_tokens_per_s"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    if prompt <= 0 or output <= 0:
        return None
    return CallSpeed(DEFAULT_SPEEDS["local"].seconds_per_call, prompt, output, 1, source=f"measured ({SPEED_FILE})")


def save_local_speed(data_dir: Path, model: str, prompt_tokens_per_s: float, output_tokens_per_s: float) -> Path:
    """Remember a measured speed for the estimate (other models' figures are kept)."""
    path = data_dir / SPEED_FILE
    try:
        figures = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        figures = {}
    figures = figures if isinstance(figures, dict) else {}
    figures[model] = {"prompt_tokens_per_s": round(prompt_tokens_per_s, 1), "output_tokens_per_s": round(output_tokens_per_s, 1)}
    data_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def speed_for(backend: str, model: str, data_dir: Path, local_instances: int = 1) -> CallSpeed:
    """The speed assumed for a call to `backend`; the local model answers `local_instances` at once."""
    if backend == "local":
        return replace(measured_local_speed(data_dir, model) or DEFAULT_SPEEDS["local"], at_once=local_instances)
    return DEFAULT_SPEEDS.get(backend, UNKNOWN_SPEED)


@dataclass
class WallEstimate:
    seconds: float
    speeds: dict[str, CallSpeed]  # "backend:model" -> the speed assumed
    batch: bool = False  # some calls go through a batch API, which may take hours

    def render(self) -> str:
        total = int(round(self.seconds))
        lines = [f"expected wall time: at most {total // 3600:d}:{total % 3600 // 60:02d}:{total % 60:02d} "
                 "(every reply as long as max_tokens allows)"]
        for label, speed in self.speeds.items():
            lines.append(f"  {label}: {speed.output_tokens_per_s:g} output / {speed.prompt_tokens_per_s:g} prompt tokens/s, "
                         f"{speed.seconds_per_call:g} s per call, {_at_once(speed.at_once)} "
                         f"({speed.source})")
        if self.batch:
            lines.append("  batch mode: the provider may take up to 24 hours to return a batch")
        return "\n".join(lines)


def _at_once(calls: int | None) -> str:
    if calls is None:
        return "in parallel"
    return "one call at a time" if calls == 1 else f"{calls} calls at a time"


def estimate_wall(planned: list[PlannedCall], concurrency: int, data_dir: Path, local_instances: int = 1) -> WallEstimate:
    speeds: dict[str, CallSpeed] = {}
    seconds = 0.0
    for call in planned:
        speed = speeds.setdefault(f"{call.backend}:{call.model}", speed_for(call.backend, call.model, data_dir, local_instances))
        # The teacher's asks and the reading of turns go one at a time.
        at_once = min(max(1, concurrency), speed.at_once or concurrency) if call.role not in ("teacher", "reader") else 1
        seconds += speed.seconds(call) * call.calls / at_once
    return WallEstimate(seconds, speeds, batch=any(call.batch for call in planned))
