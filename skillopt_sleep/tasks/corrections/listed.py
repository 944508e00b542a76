"""A data file the agent edited that the words name together with what it lists: a manifest no
reader knows by name (`idf_component.yml`, `import_map.json`, a `crossplane.yaml` in a folder),
read by its shape. The words name the file (by its name, by the words of its name, "the import
map", or as "the manifest" where the work edited one data file) and the kind of thing it lists
(dependencies, components, packages, versions, in any language): its dependency set is to stay
as it was. A file the words name without what it lists is as often a one-off fix of that file."""

from __future__ import annotations

import mimetypes
import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import DATA_SUFFIXES, Convention, names_word
from skillopt_sleep.tasks.corrections.commands import norm_path
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# The start of a word for what a manifest lists, in the languages the reader meets: a dependency,
# a package, a component, a version. A start, so that inflected forms ("dépendances",
# "зависимостей", "componenti") read as their noun.
_LISTED = re.compile(
    r"(?<![\w])(?:deps\b|dependenc|dependên|dépendanc|dipendenz|abhängigkeit|afhankelijkhe|beroende|zależnoś"
    r"|závislost|bağımlılık|зависимост|залежніст|componen|composant|компонент|packages?\b|paquetes?\b|pakete?\b"
    r"|paket\b|paczk|pakiet|пакет|version|versión|versão|верси|версі)"
    r"|コンポーネント|バージョン|パッケージ|依存|依赖|组件|版本|컴포넌트|버전|패키지|의존",
    re.I)

# "The manifest" in the languages the reader meets: the project's one manifest, where the work
# edited one data file.
_MANIFEST_WORD = re.compile(r"(?<![\w.])(?:manifest|маніфест|манифест)|マニフェスト|매니페스트", re.I)


def names_what_it_lists(user: str) -> bool:
    """The words write a word for what a manifest lists (`_LISTED`)."""
    return _LISTED.search(user) is not None


def _data_file(path: str) -> bool:
    """A file of data, no lock file (its tool's) and no text (prose says nothing of dependencies)."""
    name = PurePosixPath(norm_path(path)).name
    suffix = PurePosixPath(name).suffix
    text = (mimetypes.guess_type(name)[0] or "").startswith("text/")
    return suffix in DATA_SUFFIXES and "lock" not in name.lower() and not text


def _names_file(user: str, name: str) -> bool:
    """The words write the file's name, or its stem as words ("import map" of `import_map.json`),
    or a word of its stem five letters long or more ("components" of `idf_component.yml`)."""
    stem = PurePosixPath(name).stem
    parts = [p for p in re.split(r"[_\-.]", stem) if p.isalpha() and len(p) >= 5]
    return names_word(user, name) or names_word(user, stem) or any(names_word(user, p) for p in parts)


def listed_file_named(turn: UserTurnInContext) -> Convention | None:
    """The data file the agent edited before the turn that the words name together with what it
    lists: `dependency_set_unchanged` of its name, or of its path where the words write that
    (`Packages/manifest.json`: the name alone is any package's)."""
    if not names_what_it_lists(turn.user):
        return None
    edited = list(dict.fromkeys(p for p in turn.paths("before") if _data_file(p)))
    for path in edited:
        name = PurePosixPath(norm_path(path)).name
        if path.lower() in turn.user.lower() and "/" in path:
            return Convention("dependency_set_unchanged", path)  # the folder written is part of which file
        if _names_file(turn.user, name):
            return Convention("dependency_set_unchanged", _by_name(path))
    if len(edited) == 1 and _MANIFEST_WORD.search(turn.user):
        return Convention("dependency_set_unchanged", _by_name(edited[0]))
    return None


def _by_name(path: str) -> str:
    """A manifest by its name, unless its name says only that it is one (`Packages/manifest.json`):
    then its folder tells which."""
    name = PurePosixPath(norm_path(path))
    return norm_path(path) if _MANIFEST_WORD.fullmatch(name.stem) else name.name
