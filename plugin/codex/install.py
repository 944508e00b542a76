#!/usr/bin/env python3
"""Install skillopt-sleep into Codex, or remove it again. Safe to run any number of times.

    python3 plugin/codex/install.py [install] [--codex PATH] [--no-notify]
    python3 plugin/codex/install.py uninstall [--codex PATH]

install
  1. builds the plugin bundle under the skillopt-sleep data folder: this folder's manifest,
     skill and hooks, plus the runner, the icon and the engine itself, so the plugin Codex copies
     into its cache is self-contained;
  2. adds the bundle as a local marketplace and installs the plugin from it
     (`codex plugin marketplace add`, `codex plugin add`);
  3. unless --no-notify, adds a `notify` entry to config.toml between marker comments, so
     sessions are recorded even where the plugin's hooks do not run (`codex exec`, or before the
     hooks were reviewed). A `notify` of your own is left alone.
uninstall removes the overnight schedules first, then reverses each step: the plugin, the
marketplace, the notify block, the bundle. The data folder (sessions, proposals, backups) stays;
it says where, and how to remove it.

Standard library only; CODEX_HOME is honoured as Codex honours it.
"""

from __future__ import annotations

import argparse
import json
import os
import py_compile
import re
import shutil
import subprocess
import sys
from pathlib import Path

NAME = "skillopt-sleep"  # plugin and marketplace
HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTIFY_BEGIN = "# >>> skillopt-sleep notify: managed, `install.py uninstall` removes it >>>"
NOTIFY_END = "# <<< skillopt-sleep notify <<<"
ENGINE_FILES = ("pyproject.toml", "README.md", "LICENSE")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo")


class InstallError(Exception):
    pass


# -- where things are -------------------------------------------------------------------------


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex").expanduser()


def skillopt_data_dir() -> Path:
    """The engine's data folder, computed exactly as the capture hook does (stdlib only)."""
    sys.path.insert(0, str(REPO / "skillopt_sleep" / "capture"))
    try:
        import hook  # noqa: PLC0415 - the stdlib-only capture hook, loaded as a plain module
    finally:
        sys.path.pop(0)
    return Path(hook.data_dir())


def bundle_dir() -> Path:
    return skillopt_data_dir() / "codex-plugin"


def find_codex(explicit: str | None) -> str:
    candidates = [explicit] if explicit else [os.environ.get("CODEX_CLI"), shutil.which("codex"),
                                              str(REPO / ".cache" / "agents" / "node_modules" / ".bin" / "codex")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise InstallError("the codex CLI was not found: install it (npm install -g @openai/codex) or pass --codex PATH")


def run_codex(codex: str, *args: str, ok_if: str | None = None) -> str:
    try:
        result = subprocess.run([codex, *args], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InstallError(f"`codex {' '.join(args)}` could not run: {exc}") from None
    output = result.stdout + result.stderr
    if result.returncode != 0 and not (ok_if and ok_if in output):
        first = next((line for line in output.splitlines() if line.strip() and "WARNING" not in line), output.strip())
        raise InstallError(f"`codex {' '.join(args)}` failed: {first}")
    return output


# -- the bundle -------------------------------------------------------------------------------


def build_bundle(target: Path) -> str:
    """Write the self-contained plugin tree at `target` (replacing an older one); its version."""
    manifest = json.loads((HERE / ".codex-plugin" / "plugin.json").read_text(encoding="utf-8"))
    staging = target.with_name(target.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    (staging / ".codex-plugin").mkdir(parents=True)
    (staging / ".codex-plugin" / "plugin.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    for folder in ("skills", "hooks"):
        shutil.copytree(HERE / folder, staging / folder, ignore=IGNORED)
    (staging / "runners").mkdir()
    for runner in (REPO / "plugin" / "runners" / "skillopt-sleep", REPO / "plugin" / "runners" / "skillopt-sleep-hook",
                   REPO / "plugin" / "runners" / "skillopt-sleep-asked", HERE / "runners" / "skillopt-sleep-codex"):
        shutil.copy2(runner, staging / "runners" / runner.name)
    shutil.copytree(REPO / "plugin" / "lib", staging / "lib")  # what the runners source
    shutil.copytree(REPO / "skillopt_sleep", staging / "skillopt_sleep", ignore=IGNORED)
    # The capture hook runs on every Stop and its installed copy may be read-only: ship its
    # bytecode, and that of the module it shares with the notice reader, unchecked (the bundle
    # is replaced whole, never edited in place).
    for module in ("hook.py", "bare.py"):
        py_compile.compile(str(staging / "skillopt_sleep" / "capture" / module), doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    shutil.copytree(HERE.parent / "assets", staging / "assets", ignore=IGNORED)  # the icon the manifest names
    for name in ENGINE_FILES:
        if (REPO / name).is_file():
            shutil.copy2(REPO / name, staging / name)
    marketplace = {
        "name": NAME,
        "interface": {"displayName": "skillopt-sleep"},
        "plugins": [{
            "name": NAME,
            "source": {"source": "local", "path": "./"},
            "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"},
            "category": manifest.get("interface", {}).get("category", "Productivity"),
        }],
    }
    (staging / ".agents" / "plugins").mkdir(parents=True)
    (staging / ".agents" / "plugins" / "marketplace.json").write_text(json.dumps(marketplace, indent=2) + "\n", encoding="utf-8")
    old = target.with_name(target.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return str(manifest["version"])


# -- the notify block ---------------------------------------------------------------------------


def notify_block(bundle: Path) -> str:
    command = ["python3", "-I", "-S", str(bundle / "skillopt_sleep" / "capture" / "hook_entry.py"), "--agent", "codex"]
    return f"{NOTIFY_BEGIN}\nnotify = {json.dumps(command)}\n{NOTIFY_END}\n"


def split_notify(text: str) -> tuple[str, str | None, str]:
    """(text before our block, the block, text after); the block is None when absent."""
    start = text.find(NOTIFY_BEGIN + "\n")
    if start < 0:
        return text, None, ""
    end = text.find(NOTIFY_END + "\n", start)
    if end < 0:
        raise InstallError(f"{codex_home() / 'config.toml'} has the start of the skillopt-sleep notify block "
                           "but not its end; fix the file by hand, then run this again")
    end += len(NOTIFY_END) + 1
    return text[:start], text[start:end], text[end:]


def has_own_notify(text: str) -> bool:
    """A top-level `notify` key (before the first table) that is not ours."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            return False
        if re.match(r"notify\s*=", stripped):
            return True
    return False


def add_notify(config: Path, bundle: Path) -> str:
    text = config.read_text(encoding="utf-8") if config.is_file() else ""
    before, block, after = split_notify(text)
    wanted = notify_block(bundle)
    if block is not None:
        if block == wanted:
            return "already present"
        config.write_text(before + wanted + after, encoding="utf-8")
        return "updated"
    if has_own_notify(text):
        return "skipped: config.toml already has a notify program of its own (Codex allows one)"
    # A top-level key must come before any table, so the block goes first.
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(wanted + text, encoding="utf-8")
    return "added"


def remove_notify(config: Path) -> bool:
    if not config.is_file():
        return False
    text = config.read_text(encoding="utf-8")
    before, block, after = split_notify(text)
    if block is None:
        return False
    config.write_text(before + after, encoding="utf-8")
    return True


# -- commands -------------------------------------------------------------------------------------


def install(args: argparse.Namespace) -> int:
    codex = find_codex(args.codex)
    bundle = bundle_dir()
    version = build_bundle(bundle)
    print(f"bundle: {bundle} (skillopt-sleep {version})")
    run_codex(codex, "plugin", "marketplace", "add", str(bundle))
    print(f"marketplace: {NAME} -> {bundle}")
    output = run_codex(codex, "plugin", "add", f"{NAME}@{NAME}")
    root = next((line.split(":", 1)[1].strip() for line in output.splitlines() if line.startswith("Installed plugin root:")), "")
    print(f"plugin: {NAME}@{NAME} installed" + (f" at {root}" if root else ""))
    config = codex_home() / "config.toml"
    if args.no_notify:
        removed = remove_notify(config)
        print("notify: not used" + (" (removed the earlier block)" if removed else ""))
    else:
        print(f"notify: {add_notify(config, bundle)} in {config}")
    print("Codex asks you to review the plugin's hooks the next time it starts; the notify entry records "
          "sessions meanwhile. Ask Codex to use the skillopt-sleep skill, or run "
          f"{bundle / 'runners' / 'skillopt-sleep-codex'} status")
    return 0


def stop_schedules(bundle: Path) -> str:
    """Remove the overnight schedules (cron, systemd timer, launchd) before their engine goes:
    a schedule left behind would keep starting a night that can no longer run."""
    runner = bundle / "runners" / "skillopt-sleep"
    if not runner.is_file():
        return "schedules: none found (no engine to ask)"
    try:
        result = subprocess.run([str(runner), "--no-install", "unschedule", "--all"], capture_output=True, text=True,
                                timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"schedules: could not remove them ({exc}); check `crontab -l` or your timers"
    said = (result.stdout + result.stderr).strip()
    return f"schedules: {said}" if said else "schedules: none"


def uninstall(args: argparse.Namespace) -> int:
    codex = find_codex(args.codex)
    bundle = bundle_dir()
    print(stop_schedules(bundle))
    run_codex(codex, "plugin", "remove", f"{NAME}@{NAME}")
    run_codex(codex, "plugin", "marketplace", "remove", NAME, ok_if="not configured")
    removed = remove_notify(codex_home() / "config.toml")
    shutil.rmtree(bundle, ignore_errors=True)
    print(f"removed the {NAME} plugin and marketplace" + (", the notify block" if removed else "") + f" and {bundle}")
    data = skillopt_data_dir()
    print(f"kept: the recorded sessions, tasks, proposals and backups in {data}; remove them with: rm -rf '{data}'")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="install.py", description="Install or remove skillopt-sleep for Codex.")
    parser.add_argument("action", nargs="?", default="install", choices=("install", "uninstall"))
    parser.add_argument("--codex", help="the codex executable (default: codex on PATH)")
    parser.add_argument("--no-notify", action="store_true", help="do not add the notify entry (hooks only)")
    args = parser.parse_args(argv)
    try:
        return install(args) if args.action == "install" else uninstall(args)
    except InstallError as exc:
        print(f"skillopt-sleep codex {args.action}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
