"""Parametric held-out requests for the coding workload's four repositories: per person, one
family of requests, each drawn from its parameters with the judge test and the reference fix
made from the same parameters. The right fix goes the way the person's conventions say (the
schema and `make generate` where the code is generated, a test beside the change), so each
request exercises the conventions it names. The families are written against the commit the
held-out requests run at (the last one the recorded weeks reached)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Replace:
    """One edit of the reference fix: `old` (found once in `path`) becomes `new`."""

    path: str
    old: str
    new: str


@dataclass(frozen=True)
class Drawn:
    slug: str  # short, unique within the person's family
    request: str
    conventions: list[str]
    judge_files: dict[str, str]  # the judge's test files, added after the episode
    fix: list[Replace]
    fix_commands: list[str] = field(default_factory=list)  # run after the edits (the generator)
    regenerates: list[str] = field(default_factory=list)  # folders the right fix regenerates (globs)


Family = Callable[[random.Random, list], Drawn]  # (rng, pool item) -> the drawn request


def _python_test(imports: str, name: str, body: list[str]) -> str:
    lines = ["import unittest", "", imports, "", "", f"class {name}(unittest.TestCase):", *body, "", "",
             'if __name__ == "__main__":', "    unittest.main()", ""]
    return "\n".join(lines)


# -- noor: unitkit, units come from schema/units.json through `make generate` --------------------

UNITS = {"length": {"m": 1.0, "km": 1000.0, "ft": 0.3048, "mi": 1609.344, "yd": 0.9144},
         "time": {"s": 1.0, "min": 60.0, "h": 3600.0}}
NEW_UNITS = [  # (name, what it is, dimension, how many of it, make this many of an existing unit)
    ("cm", "centimetres", "length", 100, (1, "m")), ("mm", "millimetres", "length", 1000, (1, "m")),
    ("nmi", "nautical miles", "length", 1, (1852, "m")), ("ch", "chains", "length", 1, (22, "yd")),
    ("fur", "furlongs", "length", 1, (220, "yd")), ("ms", "milliseconds", "time", 1000, (1, "s")),
    ("d", "days", "time", 1, (24, "h")), ("wk", "weeks", "time", 1, (168, "h")),
]
UNITS_LAST = '{"name": "h", "dimension": "time", "factor": 3600.0}\n  ]'


def unitkit_unit(rng: random.Random, item: tuple) -> Drawn:
    name, what, dimension, many, (of, base) = item
    factor = of * UNITS[dimension][base] / many
    target = rng.choice(sorted(u for u in UNITS[dimension] if u != base) or [base])
    value = rng.choice([2, 3, 5, 7, 12, 40, 250])
    expected = value * factor / UNITS[dimension][target]
    entry = json.dumps({"name": name, "dimension": dimension, "factor": factor})
    test = _python_test("from unitkit.convert import convert", f"Unit{name.capitalize()}Test", [
        f"    def test_{name}_converts(self):",
        f'        self.assertAlmostEqual(convert({value}, "{name}", "{target}"), {expected!r})',
        "",
        f"    def test_{name}_is_its_own_dimension(self):",
        "        with self.assertRaises(ValueError):",
        f'            convert(1, "{name}", "{"s" if dimension == "length" else "m"}")'])
    return Drawn(slug=f"unit-{name}", request=f"add {what} ({name}): {many} {name} is exactly {of} {base}, "
                                              f"so {value} {name} come to {expected:g} {target}",
                 conventions=["generated-untouched", "make-check", "test-with-fix"],
                 judge_files={f"tests/test_judge_unit_{name}.py": test},
                 fix=[Replace("schema/units.json", UNITS_LAST, UNITS_LAST.replace("}\n  ]", "},\n    " + entry + "\n  ]"))],
                 fix_commands=["make generate"], regenerates=["generated/**"])


# -- priya: wirespec, messages come from schema/messages.json through `make generate` -----------

MESSAGES = {  # message -> (the arguments it needs, the text that ends its fields in the schema)
    "Ping": ('seq=1', '{"name": "priority", "type": "int", "default": 0}]}'),
    "Pong": ('seq=1', '{"name": "latency_ms", "type": "int", "default": 0}]}'),
    "Publish": ('topic="t", body="b"', '{"name": "tags", "type": "list", "default": []}\n    ]}'),
    "Close": ("", '{"name": "code", "type": "int", "default": 1000}]}'),
    "Subscribe": ('topic="t"', '"fields": [{"name": "topic", "type": "str"}]}'),
}
FIELDS = [  # (field, type, default, a value that travels, how the request says it)
    ("sender", "str", "", "ops", "a string, empty"), ("retries", "int", 0, 3, "an int, 0"),
    ("ttl_ms", "int", 30000, 500, "an int, 30000"), ("trace_id", "str", "", "abc123", "a string, empty"),
    ("urgent", "bool", False, True, "a bool, false"),
]


def _with_field(anchor: str, entry: str) -> str:
    head = anchor[:anchor.rfind("]}")].rstrip()
    return head + ", " + entry + anchor[len(head):]


def wirespec_field(rng: random.Random, item: tuple) -> Drawn:
    message, (name, kind, default, value, said) = item
    needs, anchor = MESSAGES[message]
    given = f"{needs}, " if needs else ""
    entry = json.dumps({"name": name, "type": kind, "default": default})
    test = _python_test(f"from generated.messages import {message}\nfrom wirespec.codec import decode, encode",
                        f"{message}{name.title().replace('_', '')}Test", [
        "    def test_default(self):",
        f"        self.assertEqual({message}({needs}).{name}, {default!r})",
        "",
        "    def test_travels(self):",
        f"        self.assertEqual(decode(encode({message}({given}{name}={value!r}))).{name}, {value!r})"])
    return Drawn(slug=f"{message.lower()}-{name.replace('_', '-')}",
                 request=f"add {name} to {message}: {said} by default",
                 conventions=["generated-untouched", "make-check"],
                 judge_files={f"tests/test_judge_{message.lower()}_{name}.py": test},
                 fix=[Replace("schema/messages.json", anchor, _with_field(anchor, entry))],
                 fix_commands=["make generate"], regenerates=["generated/**"])


# -- maya: tally, a statistic beside mean and median --------------------------------------------

STATS = [  # (function, what it returns, its body, how to compute it here)
    ("spread", "the largest value minus the smallest", ["    values = list(values)", "    return max(values) - min(values)"],
     lambda v: max(v) - min(v)),
    ("midrange", "halfway between the largest and the smallest value",
     ["    values = list(values)", "    return (max(values) + min(values)) / 2"], lambda v: (max(v) + min(v)) / 2),
    ("sum_of_squares", "the sum of each value squared", ["    return sum(value * value for value in values)"],
     lambda v: sum(x * x for x in v)),
    ("mode", "the value that occurs most often, the smallest of them on a tie",
     ["    counts = Tally(values).counts", "    return min(counts, key=lambda value: (-counts[value], value))"],
     lambda v: min(set(v), key=lambda x: (-v.count(x), x))),
    ("variance", "the population variance (the mean squared distance from the mean)",
     ["    values = list(values)", "    middle = sum(values) / len(values)",
      "    return sum((value - middle) ** 2 for value in values) / len(values)"],
     lambda v: sum((x - sum(v) / len(v)) ** 2 for x in v) / len(v)),
]
MEDIAN_END = "    return (ordered[middle - 1] + ordered[middle]) / 2\n"


def tally_stat(rng: random.Random, item: tuple) -> Drawn:
    name, what, body, compute = item
    values = [rng.randint(1, 9) for _ in range(rng.randint(4, 7))]
    test = _python_test(f"from tally.textstats import {name}", f"{name.title().replace('_', '')}Test", [
        "    def test_values(self):",
        f"        self.assertAlmostEqual({name}({values!r}), {compute(values)!r})",
        "",
        "    def test_any_iterable(self):",
        f"        self.assertAlmostEqual({name}(iter({values!r})), {compute(values)!r})"])
    function = ["", "", f"def {name}(values):", *body, ""]
    example = values[:3]
    return Drawn(slug=name.replace("_", "-"),
                 request=f"add {name}(values) to tally.textstats: {what}, for any iterable of numbers; "
                         f"{name}({example!r}) is {compute(example)!r}",
                 conventions=["make-check", "test-with-fix"], judge_files={f"tests/test_judge_{name}.py": test},
                 fix=[Replace("tally/textstats.py", MEDIAN_END, MEDIAN_END + "\n".join(function))])


# -- jonas: slugkit, a case conversion beside kebabCase -------------------------------------------

CASES = [  # (function, separator, how each word is written)
    ("constantCase", "_", "upper"), ("dotCase", ".", "lower"), ("pathCase", "/", "lower"),
    ("screamingKebabCase", "-", "upper"), ("trainCase", "-", "capital"), ("flatCase", "", "lower"),
]
WRITTEN = {"upper": (str.upper, "word.toUpperCase()"), "lower": (str.lower, "word.toLowerCase()"),
           "capital": (str.capitalize, "word[0].toUpperCase() + word.slice(1).toLowerCase()")}
WORDS = ["user", "file", "name", "parse", "json", "data", "big", "world", "table", "row", "cell", "page"]
CASE_EXPORTS = "module.exports = { camelCase, kebabCase, words };"
INDEX_IMPORT = "const { camelCase, kebabCase } = require('./case');"
INDEX_EXPORTS = "module.exports = { slugify, camelCase, kebabCase, truncate };"


def slugkit_case(rng: random.Random, item: tuple) -> Drawn:
    name, separator, written = item
    write, js = WRITTEN[written]
    chosen = rng.sample(WORDS, 3)
    camel = chosen[0] + "".join(w.capitalize() for w in chosen[1:])
    spaced = " ".join(rng.sample(WORDS, 2))

    def expect(words: list[str]) -> str:
        return separator.join(write(w) for w in words)

    test = "\n".join(["'use strict';", "", "const test = require('node:test');", "const assert = require('node:assert');",
                      f"const {{ {name} }} = require('../lib');", "", f"test('{name}', () => {{",
                      f"  assert.strictEqual({name}('{camel}'), '{expect(chosen)}');",
                      f"  assert.strictEqual({name}('{spaced}'), '{expect(spaced.split())}');", "});", ""])
    function = f"function {name}(text) {{\n  return words(text).map((word) => {js}).join('{separator}');\n}}\n\n"
    return Drawn(slug=name.lower(), request=f"add {name} next to kebabCase: {name}('{camel}') -> '{expect(chosen)}', "
                                            "exported from the package",
                 conventions=["pnpm", "check-before-finish", "test-with-fix"],
                 judge_files={f"test/judge-{name.lower()}.test.js": test},
                 fix=[Replace("lib/case.js", CASE_EXPORTS, function + CASE_EXPORTS.replace("kebabCase,", f"kebabCase, {name},")),
                      Replace("lib/index.js", INDEX_IMPORT, INDEX_IMPORT.replace("kebabCase }", f"kebabCase, {name} }}")),
                      Replace("lib/index.js", INDEX_EXPORTS, INDEX_EXPORTS.replace("kebabCase,", f"kebabCase, {name},"))])


# The family and its parameter pool per repository; a request seed draws items without repeats.
FAMILIES: dict[str, tuple[Family, list]] = {
    "unitkit": (unitkit_unit, NEW_UNITS),
    "wirespec": (wirespec_field, [(m, f) for m in MESSAGES for f in FIELDS]),
    "tally": (tally_stat, STATS),
    "slugkit": (slugkit_case, CASES),
}
