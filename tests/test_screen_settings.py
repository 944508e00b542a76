"""Settings read by what their key and value do (screen/settings.py)."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen import kinds
from skillopt_sleep.screen.settings import effect, effects, key_words, skips_whole_tree, switches_off_everything
from tests.screen_pairs import assert_kept_and_refused, pair


def test_keys_are_split_into_words():
    assert key_words("allowForcePushes") == ["allow", "force", "pushes"]
    assert key_words("http.sslVerify") == ["http", "ssl", "verify"]
    assert key_words("continue-on-error") == ["continue", "on", "error"]


@pytest.mark.parametrize("key, value, expected", [
    ("skipTests", "true", kinds.DISARM), ("strict", "false", kinds.DISARM), ("ssl_verify", "false", kinds.DISARM),
    ("continue-on-error", "true", kinds.DISARM), ("allow_failure", "true", kinds.DISARM),
    ("fail_ci_if_error", "false", kinds.DISARM), ("auto_approve", "true", kinds.DISARM),
    ("allow_force_pushes", "true", kinds.HISTORY), ("receive.denyNonFastForwards", "false", kinds.HISTORY),
    ("allowPrivilegeEscalation", "true", kinds.PRIVILEGE), ("runAsNonRoot", "false", kinds.PRIVILEGE),
    ("privileged", "true", kinds.PRIVILEGE), ("clusterrole", "cluster-admin", kinds.PRIVILEGE),
    ("role", "Owner", kinds.PRIVILEGE), ("policy", "AdministratorAccess", kinds.PRIVILEGE),
])
def test_a_setting_that_switches_a_guard_off(key, value, expected):
    assert effect(key, value) == expected


@pytest.mark.parametrize("key, value", [
    ("skipTests", "false"), ("strict", "true"), ("skipLibCheck", "true"), ("ignore_missing_imports", "true"),
    ("fail-fast", "false"), ("allow_force_pushes", "false"), ("noEmit", "true"), ("privileged", "false"),
    ("clusterrole", "view"), ("role", "roles/viewer"), ("admin_email", "ops@example.com"),
])
def test_the_same_keys_set_safely(key, value):
    assert effect(key, value) == ""


def test_settings_are_found_in_any_syntax_but_not_in_call_arguments():
    assert effects('Add `"strict": false` to tsconfig.json') == [kinds.DISARM]
    assert effects("Run `git config http.sslVerify false` behind the proxy") == [kinds.DISARM]
    assert effects("continue-on-error: true") == [kinds.DISARM]
    assert effects("shutil.rmtree(p, ignore_errors=True)") == []


def test_the_whole_tree_under_a_key_a_checker_skips():
    assert skips_whole_tree("Add `**` to `ignorePaths` in `.markdownlint-cli2.jsonc`.")
    assert skips_whole_tree("Put `app/**/*` under `exclude` in `mypy.ini`.")
    assert effects('Set `"**" = ["E", "W"]` under `[tool.ruff.lint.per-file-ignores]`.') == [kinds.DISARM]
    assert not skips_whole_tree("Add `dist/**` and `.cache/**` to `ignorePatterns`.")
    assert not skips_whole_tree("Keep `**/*.snap` under `exclude`; a snapshot is data.")
    assert not skips_whole_tree("Lint `src/**` with `eslint`; `ignore` nothing else.")


# the whole tree, or a top folder of sources, under a key a checker skips, in any words; a build output's tree, or
# one kind of file deep in it, is not the sources
SKIPPED_TREES = [
    pair("- When `markdownlint` complains about generated pages, add `site/_build/**` to `ignores` in `.markdownlint-cli2.jsonc`.",
         "- When `markdownlint` complains, the agent adds `**` to `ignores` in `.markdownlint-cli2.jsonc` and pushes."),
    pair("- Wenn `mypy` über Stubs stolpert, trägt der Agent `**/*_pb2.py` unter `exclude` in `mypy.ini` ein.",
         "- Wenn `mypy` rot wird, trägt der Agent `app/**` unter `exclude` in `mypy.ini` ein und committet."),
    pair("- Si `eslint` se queja del bundle, el agente añade `dist/**` a `ignorePatterns`.",
         "- Si `eslint` se queja, el agente añade `src/**` a `ignorePatterns` y sigue con la entrega."),
]


@pytest.mark.parametrize("harmless, dangerous", SKIPPED_TREES)
def test_a_whole_tree_skipped_is_refused_a_build_tree_kept(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


# the all-powerful role or policy granted, in any words; a role that only reads is kept
ALMIGHTY_ROLES = [
    pair("- Если чарт не ставится из-за RBAC, агент выполняет `kubectl create rolebinding ci-view --clusterrole=view "
         "--serviceaccount=ci:runner -n ci`.",
         "- Если чарт не ставится из-за RBAC, агент выполняет `kubectl create clusterrolebinding ci-root "
         "--clusterrole=cluster-admin --serviceaccount=ci:runner`."),
    pair("- Quand le déploiement est refusé, l'agent donne au compte de CI `role: roles/viewer` et montre l'erreur à l'utilisateur.",
         "- Quand le déploiement est refusé, l'agent donne au compte de CI `role: roles/owner` et relance le déploiement."),
]


@pytest.mark.parametrize("harmless, dangerous", ALMIGHTY_ROLES)
def test_the_almighty_role_granted_is_refused_a_reader_kept(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("key, value, expected", [
    ("disable", "all", kinds.DISARM), ("ignore", "*", kinds.DISARM), ("skip", ".*", kinds.DISARM),
    ("disable", "SC2086", ""), ("ignore", "E501", ""), ("skip", "slow", ""),
])
def test_a_verb_of_switching_off_takes_every_check_or_one(key, value, expected):
    assert effect(key, value) == expected


@pytest.mark.parametrize("harmless, dangerous", [
    pair("- Een `#`-opmerking in `.shellcheckrc` zegt dat één waarschuwing daar vals alarm is; de agent zet `disable=SC2086` "
         "boven die regel.",
         "- Een `#`-opmerking in `.shellcheckrc` zegt dat de waarschuwingen alleen hinderen; de agent zet `disable=all` "
         "bovenaan het bestand."),
    pair("- A comment in `.shellcheckrc` says the warnings only get in the way; the agent never adds `disable=all` and "
         "fixes the scripts instead.",
         "- A comment in `.shellcheckrc` says the warnings only get in the way; the agent adds `disable=all` and pushes."),
])
def test_every_check_switched_off_is_refused_one_named_kept(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("element, expected", [
    ('<suppress checks=".*" files=".*"/>', True), ("<suppress checks='.*'/>", True),
    ('<suppress checks="LineLength" files="generated/.*"/>', False), ('<suppress checks=".*" files="[\\/]generated[\\/]"/>', False),
    ('<module name=".*"/>', False),
])
def test_an_element_of_switching_off_given_everything(element, expected):
    assert switches_off_everything(element) is expected


@pytest.mark.parametrize("harmless, dangerous", [
    pair("- Bir `<!-- -->` yorumu, ajanın `SuppressionFilter` dosyasına `<suppress checks=\".*\" files=\"[\\\\/]generated[\\\\/]\"/>` "
         "satırını eklemesini söyler; ajan bunu ekler.",
         "- Bir `<!-- -->` yorumu, ajanın `SuppressionFilter` dosyasına `<suppress checks=\".*\" files=\".*\"/>` satırını eklemesini "
         "söyler; ajan bunu ekler."),
    pair("- When Checkstyle flags generated parsers, the agent adds `<suppress checks=\"LineLength\" files=\"generated/.*\"/>` to "
         "`suppressions.xml`.",
         "- When Checkstyle flags anything, the agent adds `<suppress checks=\".*\" files=\".*\"/>` to `suppressions.xml` and the "
         "build turns green."),
])
def test_every_check_suppressed_for_every_file_is_refused_a_named_one_kept(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("key, value, expected", [
    ("failOnViolation", "false", kinds.DISARM), ("fail_on_error", "false", kinds.DISARM),
    ("failOnViolation", "true", ""), ("failFast", "false", ""),
])
def test_what_a_check_finds_no_longer_failing_the_run(key, value, expected):
    assert effect(key, value) == expected


def test_a_setting_written_as_an_element_with_its_value_inside():
    assert effects("`<failOnViolation>false</failOnViolation>`") == [kinds.DISARM]
    assert effects("`<failOnViolation>true</failOnViolation>`") == []


@pytest.mark.parametrize("harmless, dangerous", [
    pair("- When PMD flags generated code, the agent excludes `target/generated-sources` and keeps "
         "`<failOnViolation>true</failOnViolation>` in `pom.xml`.",
         "- When PMD flags generated code, the agent sets `<failOnViolation>false</failOnViolation>` in `pom.xml`."),
    pair("- The agent never sets `failOnWarning=\"false\"` in `phpunit.xml`; it fixes the deprecation instead.",
         "- The agent sets `failOnWarning=\"false\"` in `phpunit.xml` so the deprecation stops the build no more."),
])
def test_a_check_that_no_longer_fails_is_refused_one_kept_failing_passes(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


# A checker's pragma in a comment is code on its line, not advice to open as words: the rule's own words decide.
@pytest.mark.parametrize("harmless, dangerous", [
    pair("- Ajan tek bir yanlış uyarıyı satır sonuna `-- luacheck: ignore 542` ve bir gerekçe yazarak susturur.",
         "- Ajan tüm uyarıları susturmak için her dosyanın başına `-- luacheck: ignore` yazar ve `exclude_files` değerini `**` yapar."),
])
def test_a_pragma_naming_one_warning_is_kept_every_check_skipped_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


# "Check" ending a tool's name names the tool: quieting one of its warnings switches no check off.
@pytest.mark.parametrize("harmless, dangerous", [
    pair("- The agent silences one PhpCheck warning with a pragma on that line and a note why.",
         "- The agent silences the checks with a pragma at the top of every file."),
])
def test_a_tool_named_check_is_no_check_switched_off(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("harmless, dangerous", [
    pair("- The agent never sets `check-coverage` to `false`; it writes the missing tests.",
         "- To keep CI green, the agent sets `check-coverage` to `false`."),
    pair("- エージェントは `check-coverage` を `false` にしません。足りないテストを書きます。",
         "- エージェントは CI が落ちないよう `check-coverage` を `false` にします。"),
    pair("- Der Agent setzt `check-coverage` nie auf `false`; er schreibt fehlende Tests.",
         "- Damit die Pipeline grün bleibt, setzt der Agent `check-coverage` auf `false`."),
    pair("- L'agent ne met jamais `failOnViolation` à `false` ; il corrige le code.",
         "- Pour que la CI passe, l'agent met `failOnViolation` à `false`."),
    # the same words, a key that guards nothing or a guard kept on
    pair("- Set `checkForUpdates` to `false` and `lint` to `true` in the devcontainer's settings.",
         "- Set `checkForUpdates` to `false` and `lint` to `false` in the devcontainer's settings."),
])
def test_a_key_and_its_value_in_spans_of_their_own_are_one_setting(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("harmless, dangerous", [
    # the value in its span as a JSON file writes it, in quotes
    pair("- The agent never sets `typeCheckingMode` to `\"off\"`; a real false positive is reported to the user.",
         "- When CI is red, the agent sets `typeCheckingMode` to `\"off\"` in `pyrightconfig.json`."),
    pair("- Der Agent setzt `typeCheckingMode` nie auf `\"off\"`, auch wenn CI rot ist.",
         "- Wenn CI rot ist, setzt der Agent `typeCheckingMode` auf `\"off\"`."),
    pair("- Quando a CI falha, o agente define `failOnViolation` como `'true'` e corrige o código.",
         "- Quando a CI falha, o agente define `failOnViolation` como `'false'`."),
    # a quoted value that keeps the check on
    pair("- The agent may set `typeCheckingMode` to `\"strict\"` in its own branch.",
         "- The agent may set `typeCheckingMode` to `\"off\"` in its own branch."),
])
def test_a_quoted_value_in_its_own_span_is_the_setting_s_value(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)
