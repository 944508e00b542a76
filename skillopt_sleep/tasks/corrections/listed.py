"""A file the agent edited that the words name together with what it lists: a manifest no reader
knows by name (`idf_component.yml`, `import_map.json`, `game.project`, `info.rkt`), read by its
shape. The words name the file and the kind of thing it lists (dependencies, components,
packages, modules, in any language): its dependency set is to stay as it was. A data file may be
named by the words of its name ("the import map") or as "the manifest", and list versions; a file
of another kind must be named whole, at the root or by its path. A file the words name without
what it lists is as often a one-off fix of that file."""

from __future__ import annotations

import mimetypes
import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import DATA_SUFFIXES, Convention, names_word
from skillopt_sleep.tasks.corrections.commands import STANDS_AFTER, STANDS_BEFORE, norm_path, segments
from skillopt_sleep.tasks.checks.manifests import names_a_manifest
from skillopt_sleep.tasks.corrections.occasion import holds_back, waits_on_asking
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# The start of a word for what a manifest lists, in the languages the reader meets: a dependency,
# a package, a component. A start, so that inflected forms ("dépendances", "зависимостей",
# "componenti") read as their noun. A dependency by name apart: "the package" alone is as often
# the project itself.
_DEPENDENCY = (r"(?<![\w])(?:deps\b|dependenc|dependên|dépendanc|dipendenz|abhängigkeit|afhankelijkhe|beroende|zależnoś"
               r"|závislost|bağımlılık|зависимост|залежніст)|依存|依赖|의존")
_LISTED = re.compile(
    _DEPENDENCY + r"|(?<![\w])(?:componen|composant|компонент|packages?\b|paquetes?\b|pakete?\b"
    r"|paket\b|paczk|pakiet|пакет|modul|módul|модул)|コンポーネント|パッケージ|モジュール|组件|模块|컴포넌트|패키지|모듈",
    re.I)
# Versions, which a data file of dependencies lists beside them; of a file of code it is as
# often the code's own ("the minio version", "a versioned file"). Where a language marks the
# plural, the singular names the one version a file carries ("both the version and the nav list
# in it come from the release tooling", "the version manifest belongs to the release bot"): a
# component's or a release's, no dependency's.
_VERSION = re.compile(r"(?<![\w])(?:version(?:s|es|en|i)\b|versões|верси|версі)|バージョン|版本|버전", re.I)

# "The manifest" in the languages the reader meets: the project's one manifest, where the work
# edited one data file.
_MANIFEST_WORD = re.compile(r"(?<![\w.])(?:manifest|маніфест|манифест)|マニフェスト|매니페스트", re.I)


def _data_file(path: str) -> bool:
    """A file of data (`idf_component.yml`, `import_map.json`, a plain list), no lock file: its tool's."""
    name = PurePosixPath(norm_path(path)).name
    text = (mimetypes.guess_type(name)[0] or "").startswith("text/")
    return (PurePosixPath(name).suffix in DATA_SUFFIXES and "lock" not in name.lower() and not text) or _plain_list(path)


def _plain_list(path: str) -> bool:
    """A plain text file named in the plural for what it holds (`env/modules.txt`,
    `images/base/packages.txt`): a list, one entry a line, that a tool reads to install or load."""
    stem = PurePosixPath(norm_path(path)).stem
    return path.endswith(".txt") and len(stem) >= 5 and re.fullmatch(r"[a-z]+(?:[_-][a-z]+)*s", stem) is not None


def _code_manifest(path: str, user: str) -> bool:
    """A file of another kind (`info.rkt`, `game.project`, `Podfile`) that the words write by its
    name, at the project's root or where the words write its path: a manifest in its tool's own
    language. Prose is no manifest, nor is a file among the code (`R/clean_data.R`)."""
    name = PurePosixPath(norm_path(path))
    if (mimetypes.guess_type(name.name)[0] or "").startswith("text/") or "lock" in name.name.lower():
        return False
    written = len(name.parts) == 1 or norm_path(path).lower() in user.lower()
    return written and re.search(STANDS_BEFORE + re.escape(name.name) + STANDS_AFTER, user) is not None


def _names_file(user: str, name: str) -> bool:
    """The words write the file's name, or its stem as words ("import map" of `import_map.json`),
    or a word of its stem five letters long or more ("components" of `idf_component.yml`)."""
    stem = PurePosixPath(name).stem
    parts = [p for p in re.split(r"[_\-.]", stem) if p.isalpha() and len(p) >= 5]
    return names_word(user, name) or names_word(user, stem) or any(names_word(user, p) for p in parts)


def listed_file_named(turn: UserTurnInContext) -> Convention | None:
    """The file the agent edited before the turn that the words name together with what it lists:
    `dependency_set_unchanged` of its name, or of its path where the words write that
    (`Packages/manifest.json`: the name alone is any package's). A data file may be named by the
    words of its name or as "the manifest", and list versions; a file of another kind must be
    named whole (`_code_manifest`), with its dependencies, unless it is the one root file the work
    edited (`_root_manifest`): then "the package's dependencies" are its own. Where that one file,
    or one the dependency reader reads, is all the work edited and the words let it change once
    someone is asked, its dependency set is what waits on asking, whatever words name it."""
    listed, versions = _LISTED.search(turn.user) is not None, _VERSION.search(turn.user) is not None
    edited = list(dict.fromkeys(turn.paths("before")))
    if len(edited) == 1 and _manifest_by_what_it_holds(edited[0], turn.user) and waits_on_asking(turn.user):
        return Convention("dependency_set_unchanged", _of_its_tool(edited[0], turn))
    if not (listed or versions) or not holds_back(turn.user):
        return None  # a request for one more dependency, or one fewer, is the work itself
    data = [p for p in edited if _data_file(p)]
    for path in edited:
        name = PurePosixPath(norm_path(path)).name
        if listed and path not in data and _code_manifest(path, turn.user):
            return Convention("dependency_set_unchanged", _of_its_tool(path, turn))
        written = "/" in path and norm_path(path).lower() in turn.user.lower()
        if path in data and (written or _names_file(turn.user, name)):
            return Convention("dependency_set_unchanged", norm_path(path) if written else _by_name(path))
    if len(data) == 1 and _MANIFEST_WORD.search(turn.user):
        return Convention("dependency_set_unchanged", _by_name(data[0]))
    if len(edited) == 1 and _root_manifest(edited[0]) and re.search(_DEPENDENCY, turn.user, re.I):
        return Convention("dependency_set_unchanged", _of_its_tool(edited[0], turn))
    return None


def _manifest_by_what_it_holds(path: str, user: str) -> bool:
    """A file the dependency reader reads (`requirements-release.txt`), or a root file no prose
    and no lock file, and no other file the words write: where the words let a change to it in
    once someone is asked, what waits on asking is what it lists. A file out of bounds waits on
    nothing."""
    others = [w for w in re.findall(r"[\w./-]+\.\w+", user) if PurePosixPath(w).name != PurePosixPath(norm_path(path)).name]
    return not others and (names_a_manifest(norm_path(path)) or _root_manifest(path))


def _root_manifest(path: str) -> bool:
    """A file at the project's root that is no prose and no lock file (`DESCRIPTION`,
    `lakefile.lean`): where it is all the work edited, "the dependencies" the words hold back are
    its own. A file among the code (`src/Export.php`) lists none."""
    name = PurePosixPath(norm_path(path))
    return (len(name.parts) == 1 and "lock" not in name.name.lower()
            and not (mimetypes.guess_type(name.name)[0] or "").startswith("text/"))


def _of_its_tool(path: str, turn: UserTurnInContext) -> str:
    """A manifest whose suffix is the tool the session ran (`logslice.nimble` beside `nimble lock`)
    is every file of that suffix: the stem is the project's name, the suffix what makes it a
    manifest. Any other by its path as the words write it, else its name."""
    name = PurePosixPath(norm_path(path))
    tools = {PurePosixPath(words[0]).name for a in turn.earlier + turn.before + turn.after if a.kind == "run"
             for words in segments(a.value)}
    if name.suffix[1:] in tools:
        return "*" + name.suffix
    return norm_path(path) if len(name.parts) > 1 else name.name


def _by_name(path: str) -> str:
    """A manifest by its name, unless its name says only that it is one (`Packages/manifest.json`)
    or what it holds (`images/base/packages.txt`): then its folder tells which."""
    name = PurePosixPath(norm_path(path))
    return norm_path(path) if _MANIFEST_WORD.fullmatch(name.stem) or _plain_list(path) else name.name
