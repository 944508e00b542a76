"""The dependencies a manifest declares, as a set of names: package.json (and composer.json),
pyproject.toml and Pipfile, requirements*.txt, Cargo.toml, go.mod, Gemfile and git's .gitmodules (the
TOML ones where Python reads TOML: 3.11 on, or tomli). Versions, order,
comments and layout are not read, so a change of those leaves the set as it was; a name added to or
taken from any section changes it. A manifest that cannot be read raises ValueError."""

from __future__ import annotations

import fnmatch
import json
import re
from pathlib import PurePosixPath

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser where tomli is installed, else TOML is not read
    try:
        import tomli as tomllib  # type: ignore[no-redef]
    except ModuleNotFoundError:
        tomllib = None  # type: ignore[assignment]

# The file names each reader takes (fnmatch patterns on the last part of a path).
_JSON_SECTIONS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies", "bundleDependencies",
                  "bundledDependencies", "require", "require-dev")
_CARGO_SECTIONS = ("dependencies", "dev-dependencies", "build-dependencies")
_PEP508_NAME = re.compile(r"^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)")
_GO_REQUIRE = re.compile(r"^\s*require\s*\(\s*$|^\s*require\s+(\S+)\s")
_GEM = re.compile(r"""^\s*gem\s+["']([^"']+)["']""")
_SUBMODULE = re.compile(r'^\s*\[submodule\s+"([^"]+)"\]\s*$')
_SUBMODULE_URL = re.compile(r"^\s*url\s*=\s*(\S+)")


def pep503(name: str) -> str:
    """A Python distribution's name as the index compares it: `Foo_Bar` is `foo-bar`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(line: str) -> str:
    match = _PEP508_NAME.match(line)
    return pep503(match.group(1)) if match else ""


def _json_names(text: str) -> set[str]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    names: set[str] = set()
    for section in _JSON_SECTIONS:
        value = data.get(section)
        if isinstance(value, dict):
            names.update(value)
        elif isinstance(value, list):  # bundleDependencies may list names
            names.update(v for v in value if isinstance(v, str))
    names.discard("php")  # composer's require names the interpreter too
    return names


def _toml(text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _table(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _pyproject_names(text: str) -> set[str]:
    data = _toml(text)
    project = _table(data.get("project"))
    listed = _strings(project.get("dependencies"))
    for group in _table(project.get("optional-dependencies")).values():
        listed += _strings(group)
    for group in _table(data.get("dependency-groups")).values():
        listed += _strings(group)  # {include-group = ...} entries name a group, not a dependency
    names = {_requirement_name(line) for line in listed}
    poetry = _table(_table(data.get("tool")).get("poetry"))
    tables = [poetry.get("dependencies"), poetry.get("dev-dependencies")]
    tables += [_table(group).get("dependencies") for group in _table(poetry.get("group")).values()]
    for table in tables:
        names.update(pep503(n) for n in _table(table) if n.lower() != "python")
    names.discard("")
    return names


def _pipfile_names(text: str) -> set[str]:
    data = _toml(text)
    return {pep503(n) for section in ("packages", "dev-packages") for n in _table(data.get(section))}


def _requirements_names(text: str) -> set[str]:
    names = set()
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith(("#", "-")):
            continue  # comments, and options (-r other.txt, -e ., --index-url)
        name = _requirement_name(line)
        if name:
            names.add(name)
    return names


def _cargo_names(text: str) -> set[str]:
    data = _toml(text)
    tables = [data.get(s) for s in _CARGO_SECTIONS]
    tables += [_table(target).get(s) for target in _table(data.get("target")).values() for s in _CARGO_SECTIONS]
    tables.append(_table(data.get("workspace")).get("dependencies"))
    return {name for table in tables for name in _table(table)}


def _go_names(text: str) -> set[str]:
    names, block = set(), False
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()
        if block:
            if line == ")":
                block = False
            elif line:
                names.add(line.split()[0])
            continue
        match = _GO_REQUIRE.match(raw.split("//", 1)[0] + " ")
        if match:
            if match.group(1):
                names.add(match.group(1))
            else:
                block = True
    return names


def _gem_names(text: str) -> set[str]:
    return {m.group(1) for m in map(_GEM.match, text.splitlines()) if m}


def _submodule_names(text: str) -> set[str]:
    """Each submodule with the repository it is cloned from (`libs/JUCE https://...`): a submodule
    pointed at another repository (a fork) is another dependency, as a renamed package is."""
    names, name = set(), ""
    for line in text.splitlines():
        section = _SUBMODULE.match(line)
        if section:
            name = section.group(1)
            names.add(name)
        elif name and (url := _SUBMODULE_URL.match(line)):
            names.discard(name)
            names.add(f"{name} {url.group(1)}")
    return names


READERS = {"package.json": _json_names, "composer.json": _json_names, "requirements*.txt": _requirements_names,
           "go.mod": _go_names, "Gemfile": _gem_names,
           ".gitmodules": _submodule_names}
if tomllib is not None:
    READERS.update({"pyproject.toml": _pyproject_names, "Pipfile": _pipfile_names, "Cargo.toml": _cargo_names})


def _reader(path: str):
    name = PurePosixPath(path).name
    return next((read for pattern, read in READERS.items() if fnmatch.fnmatchcase(name, pattern)), None)


def is_manifest(path: str) -> bool:
    """A file whose dependency set can be read here."""
    return _reader(path) is not None


def names_a_manifest(glob: str) -> bool:
    """A path or glob whose last part can only name manifests read here ("package.json",
    "requirements*.txt", "services/*/go.mod")."""
    last = PurePosixPath(glob.rstrip("/")).name
    return bool(last) and any(fnmatch.fnmatchcase(last, pattern) or last == pattern for pattern in READERS)


def dependency_names(path: str, text: str) -> set[str]:
    """The names of the dependencies `text`, the manifest at `path`, declares."""
    read = _reader(path)
    if read is None:
        raise ValueError(f"no reader of the dependencies of {PurePosixPath(path).name}")
    return read(text)
