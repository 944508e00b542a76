"""Wheels for the plugin's first-use installs, downloaded once into .cache/wheelhouse and reused:
the tests then point pip at that folder with no index (PIP_NO_INDEX, PIP_FIND_LINKS), which the
runner's and the engine's pip both honour, so a first use costs seconds and needs no network."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.backends.pipextras import requirements

tomllib = pytest.importorskip("tomllib")  # Python 3.11+ reads the build requirements

REPO = Path(__file__).resolve().parent.parent
WHEELHOUSE = REPO / ".cache" / "wheelhouse"


def project_requirements() -> list[str]:
    """What building and installing the engine needs: the build backend and the core dependencies."""
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return [*data["build-system"]["requires"], *data["project"]["dependencies"]]


def wheelhouse(*extras: str) -> Path:
    """The folder holding wheels for the engine and the given extras (skips the test when they
    cannot be downloaded: offline and never fetched before)."""
    wanted = sorted({*project_requirements(), *(r for extra in extras for r in requirements(extra))})
    key = hashlib.sha256("\n".join([sys.version, *wanted]).encode()).hexdigest()[:16]
    done = WHEELHOUSE / f".complete-{key}"
    if not done.is_file():
        WHEELHOUSE.mkdir(parents=True, exist_ok=True)
        result = subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
                                 "--only-binary", ":all:", "-d", str(WHEELHOUSE), *wanted],
                                capture_output=True, text=True, timeout=900)
        if result.returncode != 0:
            pytest.skip(f"could not download the wheels for {', '.join(extras) or 'the engine'}: "
                        f"{(result.stderr or result.stdout).strip().splitlines()[-1:]}")
        done.write_text("\n".join(wanted) + "\n")
    return WHEELHOUSE


def offline_pip(folder: Path) -> dict[str, str]:
    """Environment that makes every pip below install from `folder` only."""
    return {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(folder), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
