"""A configuration file as the agent left it, with the commit's definition of the check in it.

The judge puts back how the check runs (original.py), but a task may need a change to the same
files: a new Makefile target, a dependency in package.json or pyproject.toml, a fixture in
conftest.py, a flake8 section in setup.cfg. Those stay; what can change how the existing check
runs or what it selects is the commit's. Each function gives the merged bytes, or the commit's
whole file where the agent's cannot be read or merged with certainty: when in doubt the check is
the commit's."""

from __future__ import annotations

import ast
import configparser
import json
import re

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: a changed pyproject.toml is then the commit's whole
    tomllib = None  # type: ignore[assignment]

# What of package.json says how its tests run; scripts npm runs by itself around another (pre<x>,
# post<x>) or on install are never the agent's to add.
PACKAGE_KEYS = ("jest", "mocha", "ava", "c8", "nyc")
NPM_LIFECYCLE = frozenset({"prepare", "prepublish", "prepublishOnly", "prepack", "postpack", "preinstall", "install",
                           "postinstall", "dependencies"})
PYPROJECT_TABLES = ("pytest", "tox", "nox", "hatch", "poe", "coverage")  # [tool.X] tables that run or select tests
# INI sections that say how tests run, per file (setup.cfg, tox.ini); the rest is the agent's.
INI_SECTIONS = re.compile(r"^(?:tool:pytest|pytest|tox(?::.*)?|testenv(?::.*)?|coverage:.*|gh-actions(?::.*)?)$")
# pytest's own fixtures: a conftest that defines one changes every test that asks for it.
PYTEST_FIXTURES = frozenset({
    "cache", "capfd", "capfdbinary", "caplog", "capsys", "capsysbinary", "doctest_namespace", "monkeypatch",
    "pytestconfig", "record_property", "record_testsuite_property", "record_xml_attribute", "recwarn", "request",
    "testdir", "pytester", "tmp_path", "tmp_path_factory", "tmpdir", "tmpdir_factory",
})

_RULE = re.compile(r"^(?P<targets>[^\t#:=][^:=]*?)\s*::?(?!=)")
_TOML_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_INI_HEADER = re.compile(r"^\[([^\]]+)\]\s*$")


def makefile(original: bytes, now: bytes) -> bytes:
    """The commit's Makefile, with the rules the agent added for targets the commit never names
    (a new `lint`, say) after it. A rule for a target the commit has or mentions (a file its
    check builds) stays the commit's, and so does every variable."""
    try:
        old, new = original.decode(), now.decode()
    except UnicodeDecodeError:
        return original
    named = set(re.findall(r"[^\s:=;|()$,]+", old))
    added = []
    for header, block in _make_rules(new):
        targets = header.split()
        if targets == [".PHONY"] or not targets:
            continue
        if all(t not in named and "%" not in t and not t.startswith(".") for t in targets):
            added.append(block)
    if not added:
        return original
    phony = sorted({t for block in added for t in block.split(":", 1)[0].split()})
    tail = "\n".join(added) + f"\n.PHONY: {' '.join(phony)}\n"
    return (old if old.endswith("\n") else old + "\n").encode() + b"\n" + tail.encode()


def _make_rules(text: str) -> list[tuple[str, str]]:
    """(targets, the rule's text: its line and recipe) of each explicit rule in a Makefile."""
    rules: list[tuple[str, str]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = _RULE.match(lines[index])
        if not match or lines[index].lstrip().startswith(("define", "ifeq", "ifneq", "ifdef", "ifndef", "include")):
            index += 1
            continue
        block = [lines[index]]
        index += 1
        while index < len(lines) and (lines[index].startswith("\t") or block[-1].endswith("\\")):
            block.append(lines[index])
            index += 1
        rules.append((match.group("targets"), "\n".join(block)))
    return rules


def package_json(original: bytes, now: bytes) -> bytes:
    """The agent's package.json with the commit's scripts and test settings; scripts the agent
    added are kept unless npm would run them around another or on install."""
    try:
        old, new = json.loads(original), json.loads(now)
    except ValueError:
        return original
    if not isinstance(old, dict) or not isinstance(new, dict):
        return original
    old_scripts = old.get("scripts") if isinstance(old.get("scripts"), dict) else {}
    new_scripts = new.get("scripts") if isinstance(new.get("scripts"), dict) else {}
    scripts = dict(old_scripts)
    for name, command in new_scripts.items():
        if name not in old_scripts and not _runs_around(name, {**old_scripts, **new_scripts}):
            scripts[name] = command
    merged = dict(new)
    if scripts or "scripts" in old or "scripts" in new:
        merged["scripts"] = scripts
    for key in PACKAGE_KEYS:
        if key in old:
            merged[key] = old[key]
        else:
            merged.pop(key, None)
    if merged == new:
        return now
    return (json.dumps(merged, indent=2, ensure_ascii=False) + "\n").encode()


def _runs_around(name: str, scripts: dict) -> bool:
    if name in NPM_LIFECYCLE:
        return True
    return any(name.startswith(prefix) and name[len(prefix):] in scripts for prefix in ("pre", "post"))


def pyproject(original: bytes, now: bytes) -> bytes:
    """The agent's pyproject.toml with the commit's [tool.pytest], [tool.tox] (and the like)
    tables; the commit's whole file where the two cannot be told apart that way."""
    if tomllib is None:
        return original
    try:
        old_text, new_text = original.decode(), now.decode()
        old, new = tomllib.loads(old_text), tomllib.loads(new_text)
    except (ValueError, UnicodeDecodeError):
        return original
    if all(old.get("tool", {}).get(t) == new.get("tool", {}).get(t) for t in PYPROJECT_TABLES):
        return now

    def is_test_table(name: str) -> bool:
        return any(name == f"tool.{t}" or name.startswith(f"tool.{t}.") for t in PYPROJECT_TABLES)

    kept = _sections(new_text, _TOML_HEADER, lambda name: not is_test_table(name))
    theirs = _sections(old_text, _TOML_HEADER, is_test_table, with_preamble=False)
    merged = kept.rstrip("\n") + "\n\n" + theirs if theirs.strip() else kept
    try:
        result = tomllib.loads(merged)
    except ValueError:
        return original
    want = dict(new, tool={**{k: v for k, v in new.get("tool", {}).items() if k not in PYPROJECT_TABLES},
                           **{k: v for k, v in old.get("tool", {}).items() if k in PYPROJECT_TABLES}})
    if not want["tool"]:
        want.pop("tool")
    return merged.encode() if result == want else original


def ini(original: bytes, now: bytes) -> bytes:
    """The agent's setup.cfg or tox.ini with the commit's test sections ([tool:pytest], [tox],
    [testenv...], [coverage:...]); the commit's whole file where the merge is not certain."""
    try:
        old_text, new_text = original.decode(), now.decode()
        old, new = _ini(old_text), _ini(new_text)
    except (UnicodeDecodeError, configparser.Error):
        return original
    tested = [name for name in {*old.sections(), *new.sections()} if INI_SECTIONS.match(name)]
    if all(_section(old, name) == _section(new, name) for name in tested):
        return now
    kept = _sections(new_text, _INI_HEADER, lambda name: not INI_SECTIONS.match(name))
    theirs = _sections(old_text, _INI_HEADER, lambda name: bool(INI_SECTIONS.match(name)), with_preamble=False)
    merged = kept.rstrip("\n") + "\n\n" + theirs if theirs.strip() else kept
    try:
        result = _ini(merged)
    except configparser.Error:
        return original
    same_tests = all(_section(result, name) == _section(old, name) for name in tested)
    same_rest = all(_section(result, name) == _section(new, name)
                    for name in {*new.sections(), *result.sections()} if not INI_SECTIONS.match(name))
    return merged.encode() if same_tests and same_rest else original


def _ini(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser


def _section(parser: configparser.ConfigParser, name: str) -> dict | None:
    return dict(parser.items(name, raw=True)) if parser.has_section(name) else None


def _sections(text: str, header, keep, *, with_preamble: bool = True) -> str:
    """The lines of `text` in the sections whose name `keep` takes (and what comes before the
    first section, with `with_preamble`)."""
    out, keeping = [], with_preamble
    for line in text.splitlines(keepends=True):
        match = header.match(line)
        if match:
            keeping = keep(match.group(1).strip().replace('"', "").replace("'", ""))
        if keeping:
            out.append(line if line.endswith("\n") else line + "\n")
    return "".join(out)


def conftest(original: bytes | None, now: bytes, asked: frozenset[str]) -> bytes | None:
    """The agent's conftest.py where all it adds to the commit's (None: the commit had none) are
    imports and fixtures that no test of the commit asks for (`asked`: every parameter name in
    the commit's tests and conftests), none of them autouse and no hook; else the commit's (None:
    taken out). Such a fixture serves only the tests the agent wrote."""
    try:
        old_body = ast.parse(original or b"").body
        new_body = ast.parse(now).body
    except (SyntaxError, ValueError):
        return original
    old_dumps = [ast.dump(node) for node in old_body]
    matched = 0
    for node in new_body:  # the commit's statements in order, and only harmless ones between
        if matched < len(old_dumps) and ast.dump(node) == old_dumps[matched]:
            matched += 1
        elif not _harmless(node, asked):
            return original
    return now if matched == len(old_dumps) else original


def _harmless(node: ast.stmt, asked: frozenset[str]) -> bool:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return True
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    name = node.name
    if name in asked or name in PYTEST_FIXTURES or name.startswith("pytest_") or not node.decorator_list:
        return False
    return all(_plain_fixture(decorator) for decorator in node.decorator_list)


def _plain_fixture(decorator: ast.expr) -> bool:
    """`@pytest.fixture` or `@fixture`, with any arguments but autouse or a name of its own."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    named = (isinstance(target, ast.Attribute) and target.attr == "fixture") or (
        isinstance(target, ast.Name) and target.id == "fixture")
    if not named:
        return False
    keywords = decorator.keywords if isinstance(decorator, ast.Call) else []
    return not any(k.arg in ("autouse", "name") or k.arg is None for k in keywords)


def asked_names(sources: list[bytes]) -> frozenset[str]:
    """Every parameter name of every function in `sources` (the commit's tests and conftests):
    the fixtures they can ask for."""
    names: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                arguments = node.args
                for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
                    names.add(argument.arg)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                names.add(node.value)  # usefixtures("name"), getfixturevalue("name")
    return frozenset(names)
