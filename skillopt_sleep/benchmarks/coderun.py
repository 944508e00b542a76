"""Code a benchmark's student wrote, run in the sandbox in a throwaway folder of its own.

The folder is the only place the code can write; it has no network, no view of the user's home,
and bounds on time, processes, memory and output (the sandbox's `Limits`). The Python packages the
code may import (openpyxl for SpreadsheetBench) are shown read-only at their own paths. Without a
sandbox the code is refused, unless the user opted in by name to running it unsandboxed.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.sandbox import CommandResult, Limits, Sandbox, SandboxUnavailable, beneath, find_sandbox
from skillopt_sleep.sandbox.identity import hand_over

OUTPUT_BYTES = 64 * 1024 * 1024  # the most a file the code leaves is read (its file_mb bound)


class CodeFolder:
    """A throwaway folder the code runs in: what the sandbox needs of a workspace, without git."""

    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="skillopt-code-")).resolve()
        self.path = self.base / "work"
        self.path.mkdir()
        hand_over(self.path)  # the code writes here, as the sandbox user, who is not root (identity.py)

    def state_dir(self, name: str) -> Path:
        folder = self.base / "state" / name
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def output(self, name: str) -> bytes | None:
        """The file the code left at `name`, None where it left none. Read as beneath.py reads: a
        link the code made (to an answer key, say) or a FIFO is a SandboxError, never followed."""
        if beneath.entry(self.path, name) is None:
            return None
        return beneath.read_file(self.path, name, OUTPUT_BYTES)

    def cleanup(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> "CodeFolder":
        return self

    def __exit__(self, *exc) -> None:
        self.cleanup()


def package_roots(modules: tuple[str, ...]) -> list[Path]:
    """The folders that hold these importable modules (a site-packages, say), each once."""
    roots: list[Path] = []
    for name in modules:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            raise BenchmarkError(f"the sandboxed code needs the Python package {name!r}, which is not installed")
        root = Path(spec.origin).resolve().parent.parent
        if root not in roots:
            roots.append(root)
    return roots


@dataclass
class PythonRunner:
    """Runs `python3 <file>` in a CodeFolder under the sandbox, with `modules` importable."""

    sandbox: Sandbox
    limits: Limits
    python_path: list[str] = field(default_factory=list)

    def run(self, folder: CodeFolder, filename: str) -> CommandResult:
        env = {"PYTHONPATH": ":".join(self.python_path)} if self.python_path else {}
        return self.sandbox.run(folder, f"python3 -B -s {filename}", limits=self.limits, env=env)


def python_runner(*, modules: tuple[str, ...], timeout_s: float, allow_unsandboxed: bool = False,
                  memory_mb: int = 2048) -> PythonRunner:
    """A runner for benchmark code; a BenchmarkError with the one-line reason when there is no sandbox."""
    try:
        sandbox = find_sandbox(allow_unsandboxed=allow_unsandboxed)
    except SandboxUnavailable as exc:
        raise BenchmarkError(f"benchmark code runs only in a sandbox: {exc} (the option allow_unsandboxed: true)") from None
    roots = package_roots(modules)
    limits = Limits(wall_s=timeout_s, cpu_s=max(1, int(timeout_s) + 1), memory_mb=memory_mb, processes=64,
                    output_bytes=8_000, file_mb=64)
    return PythonRunner(sandbox=sandbox.with_read_only(roots), limits=limits, python_path=[str(r) for r in roots])
