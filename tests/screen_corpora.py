"""The corpora the screens are measured on, written without sight of them: rules a SKILL.md edit
might propose (tests/corpora/rules/) and lines of recorded transcripts with and without secrets
(tests/corpora/secrets/). Each has two parts: development, to tune a screen on, and heldout,
which is only ever scored (each corpus's README.md says how the parts were split and what the
held-out rule is). A third part, fresh, was written later from sources neither of the others used,
before the screens were changed again, and is only ever scored too (recorded in
corpora/fresh.json). A fourth, fresh2, was written after heldout and fresh had been scored several
times, by someone who had not read the screens, from new tactic families, languages, vendors,
shapes and contexts; it is only ever scored, once (recorded in each corpus's manifest.json). A fifth,
fresh3, was written the same way while the screens were changed again on development material
only, and is likewise scored once. A sixth, fresh4, was written after fresh3 was spent, by someone who
had not read the screens, from tactic families, vendors, shapes and contexts no other part has; it
is likewise scored once. A seventh, fresh5, was written the same way after fresh4 was spent, from
yet other families, vendors, shapes and contexts; it is likewise scored once, an eighth, fresh6, was
written the same way after fresh5 was spent, a ninth, fresh7, after fresh6 was spent, a tenth, fresh8, after fresh7
was spent, an eleventh, fresh9, after fresh8 was spent, a twelfth, fresh10, after fresh9 was spent, a thirteenth, fresh11, after fresh10 was spent, a fourteenth, fresh12, after fresh11 was spent, a fifteenth, fresh13, after fresh12 was spent, a sixteenth, fresh14, after fresh13 was spent, and, of the rules only, a seventeenth, fresh15, after fresh14 was spent, an eighteenth, fresh16, after fresh15 was spent, a nineteenth, fresh17, after fresh16 was spent, a twentieth, fresh18, written beside fresh17 after fresh16 was spent, a twenty-first, fresh19, after fresh18 was spent, a twenty-second, fresh20, written beside fresh19, a twenty-third, fresh21, after fresh20 was spent, a twenty-fourth, fresh22, after fresh21 was spent, a twenty-fifth, fresh23, after fresh22 was spent, a twenty-sixth, fresh24, written beside fresh23, a twenty-seventh, fresh25, after fresh24 was written, a twenty-eighth, fresh26, after fresh25 was spent, a twenty-ninth, fresh27, after fresh26 was spent, a thirtieth, fresh28, after fresh27 was spent, a thirty-first, fresh29, after fresh28 was spent, a thirty-second, fresh30, after fresh29 was spent, a thirty-third, fresh31, after fresh30 was spent, a thirty-fourth, fresh32, after fresh31 was spent, a thirty-fifth, fresh33, after fresh32 was spent, a thirty-sixth, fresh34, after fresh33 was spent, a thirty-seventh, fresh35, after fresh34 was spent, a thirty-eighth, fresh36, after fresh35 was spent, a thirty-ninth, fresh37, after fresh36 was spent, a fortieth, fresh38, after fresh37 was spent, and a forty-first, fresh39, after fresh38 was spent; the secrets corpus also has a fresh15, written beside fresh14 after fresh13 was spent, a fresh16, written beside fresh15 after fresh14 was spent, a fresh17, written beside fresh18 after fresh16 was spent, a fresh18, written beside fresh17 after fresh16 was spent, a fresh19, written after fresh18 was spent, a fresh20, written after fresh19 was spent, a fresh21, written after fresh20 was spent, a fresh22, written after fresh21 was written, a fresh23, written after fresh22 was spent, and fresh24 to fresh36, each written after the one before it was spent. Both corpora also have a fourth
development part, grown3, written after grown2 was exhausted.
`load(corpus, part)` reads a part and checks every item; a bad item raises
CorpusError naming the file, line and id.

    python -m tests.screen_corpora rules      # rewrite rules/manifest.json after a deliberate change
    python -m tests.screen_corpora secrets    # the same for secrets (make.py does it itself)
    python -m tests.screen_corpora fresh      # rewrite corpora/fresh.json after a deliberate change
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent / "corpora"
CORPORA = ("rules", "secrets")
PARTS = ("development", "heldout")
FRESH = "fresh"  # a later held-out part of each corpus, scored only, recorded in corpora/fresh.json
GROWN = "grown"  # a second development part, written after the first was exhausted: tune on it too
GROWN2 = "grown2"  # a third development part of each corpus, written after the second was exhausted
FRESH2 = "fresh2"  # a held-out part written after heldout and fresh were spent: scored only, once
GROWN3 = "grown3"  # a fourth development part of each corpus, written after grown2 was exhausted
FRESH3 = "fresh3"  # a held-out part written while the screens were tuned after fresh2: scored only, once
FRESH4 = "fresh4"  # a held-out part written after fresh3 was spent, unseen by whoever tunes: scored only, once
FRESH5 = "fresh5"  # a held-out part written after fresh4 was spent, unseen by whoever tunes: scored only, once
FRESH6 = "fresh6"  # a held-out part written after fresh5 was spent, unseen by whoever tunes: scored only, once
FRESH7 = "fresh7"  # a held-out part written after fresh6 was spent, unseen by whoever tunes: scored only, once
FRESH8 = "fresh8"  # a held-out part written after fresh7 was spent, unseen by whoever tunes: scored only, once
FRESH9 = "fresh9"  # a held-out part written after fresh8 was spent, unseen by whoever tunes: scored only, once
FRESH10 = "fresh10"  # a held-out part written after fresh9 was spent, unseen by whoever tunes: scored only, once
FRESH11 = "fresh11"  # a held-out part written after fresh10 was spent, unseen by whoever tunes: scored only, once
FRESH12 = "fresh12"  # a held-out part written after fresh11 was spent, unseen by whoever tunes: scored only, once
FRESH13 = "fresh13"  # a held-out part written after fresh12 was spent, unseen by whoever tunes: scored only, once
FRESH14 = "fresh14"  # a held-out part written after fresh13 was spent, unseen by whoever tunes: scored only, once
FRESH15 = "fresh15"  # a held-out part written after fresh14 was spent, unseen by whoever tunes: scored only, once
FRESH16 = "fresh16"  # a held-out part (its rules written after fresh15 was spent, its secrets beside fresh15's), unseen by whoever tunes: scored only, once
FRESH17 = "fresh17"  # a held-out part (its rules written after fresh16 was spent, its secrets beside fresh18's), unseen by whoever tunes: scored only, once
FRESH18 = "fresh18"  # a held-out part (its rules written beside fresh17, its secrets beside fresh17's after fresh16 was spent), unseen by whoever tunes: scored only, once
FRESH19 = "fresh19"  # a held-out part (its rules and its secrets written after fresh18 was spent), unseen by whoever tunes: scored only, once
FRESH20 = "fresh20"  # a held-out part (its rules written beside fresh19 after fresh18 was spent, its secrets after fresh19 was spent), unseen by whoever tunes: scored only, once
FRESH21 = "fresh21"  # a held-out part (its rules and its secrets written after fresh20 was spent), unseen by whoever tunes: scored only, once
FRESH22 = "fresh22"  # a held-out part (its rules and its secrets written after fresh21 was spent), unseen by whoever tunes: scored only, once
FRESH23 = "fresh23"  # a held-out part (its rules and its secrets written after fresh22 was spent), unseen by whoever tunes: scored only, once
FRESH24 = "fresh24"  # a held-out part (its rules written beside fresh23 after fresh22 was spent, its secrets after fresh23 was spent), unseen by whoever tunes: scored only, once
FRESH25 = "fresh25"  # a held-out part (its rules written after fresh24 was written, its secrets after fresh24 was spent), unseen by whoever tunes: scored only, once
FRESH26 = "fresh26"  # a held-out part (its rules and its secrets written after fresh25 was spent), unseen by whoever tunes: scored only, once
FRESH27 = "fresh27"  # a held-out part (its rules and its secrets written after fresh26 was spent), unseen by whoever tunes: scored only, once
FRESH28 = "fresh28"  # a held-out part (its rules and its secrets written after fresh27 was spent), unseen by whoever tunes: scored only, once
FRESH29 = "fresh29"  # a held-out part (its rules and its secrets written after fresh28 was spent), unseen by whoever tunes: scored only, once
FRESH30 = "fresh30"  # a held-out part (its rules and its secrets written after fresh29 was spent), unseen by whoever tunes: scored only, once
FRESH31 = "fresh31"  # a held-out part (its rules and its secrets written after fresh30 was spent), unseen by whoever tunes: scored only, once
FRESH32 = "fresh32"  # a held-out part (its rules and its secrets written after fresh31 was spent), unseen by whoever tunes: scored only, once
FRESH33 = "fresh33"  # a held-out part (its rules and its secrets written after fresh32 was spent), unseen by whoever tunes: scored only, once
FRESH34 = "fresh34"  # a held-out part (its rules and its secrets written after fresh33 was spent), unseen by whoever tunes: scored only, once
FRESH35 = "fresh35"  # a held-out part (its rules and its secrets written after fresh34 was spent), unseen by whoever tunes: scored only, once
FRESH36 = "fresh36"  # a held-out part (its rules and its secrets written after fresh35 was spent), unseen by whoever tunes: scored only, once
FRESH37 = "fresh37"  # a held-out rules part written after fresh36 was spent, unseen by whoever tunes: scored only, once
FRESH38 = "fresh38"  # a held-out rules part written after fresh37 was spent, unseen by whoever tunes: scored only, once
FRESH39 = "fresh39"  # a held-out rules part written after fresh38 was spent, unseen by whoever tunes: scored only, once
DEVELOPMENT = ("development", GROWN, GROWN2, GROWN3)
SCORED = PARTS + (GROWN, GROWN2, GROWN3, FRESH, FRESH2, FRESH3, FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9, FRESH10, FRESH11)
# The parts each corpus has (a part is scored only where its corpus has it).
# fresh37 to fresh39 have only a rules part so far: the secrets corpus ends at fresh36.
CORPUS_PARTS = {"rules": SCORED + (FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36, FRESH37, FRESH38, FRESH39), "secrets": SCORED + (FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36)}
SOURCE_KINDS = ("generated", "public", "written")

# rules
RULE_FIELDS = {"id", "text", "language", "label", "effect", "tactic", "source"}
RULE_OPTIONAL = {"context"}
LABELS = ("dangerous", "harmless")
EFFECTS = ("delete_outside_build", "rewrite_history", "discard_work", "exfiltrate", "read_credentials", "persist",
           "escalate_privilege", "disable_checks", "injection")
LANGUAGES = ("en", "fr", "de", "es", "ja", "zh", "ru", "pt", "it", "ko", "nl", "pl", "tr")  # the last five only in fresh2, fresh3, grown3 and fresh4 to fresh39
# The tactic families and the part each belongs to (README.md of the rules corpus says why).
TACTICS = {
    "imperative": "development", "after_cue": "development", "encoded": "development", "indirection": "development",
    "windows": "development", "prose_direct": "development", "notice": "development",
    "rationale": "heldout", "split": "heldout", "quoting": "heldout", "eval": "heldout", "config": "heldout",
    "prose_euphemism": "heldout", "authority": "heldout",
    "fresh_written": FRESH,
    "effect_plain": GROWN, "checklist": GROWN, "tooling": GROWN, "snippet": GROWN, "casual": GROWN, "convention": GROWN,
    "runner": GROWN2, "option_spelling": GROWN2, "ecosystem": GROWN2, "api_call": GROWN2, "qa": GROWN2, "nominal": GROWN2,
    "table_row": FRESH2, "numbered_recipe": FRESH2, "conditional": FRESH2, "fenced_snippet": FRESH2, "perf_tip": FRESH2,
    "faq": FRESH2, "mixed_language": FRESH2,
    "review_comment": FRESH3, "commit_convention": FRESH3, "lessons_learned": FRESH3, "exception_clause": FRESH3,
    "config_comment": FRESH3, "teammate_note": FRESH3, "markup_command": FRESH3, "cli_help": FRESH3,
    "checkbox_list": FRESH4, "recipe_comment": FRESH4, "owner_note": FRESH4, "migration_step": FRESH4, "action_item": FRESH4,
    "arrow_mapping": FRESH4, "quoted_message": FRESH4,
    "wiki_excerpt": FRESH5, "pr_template": FRESH5, "runbook_step": FRESH5, "shell_alias": FRESH5, "editor_setting": FRESH5,
    "dockerfile_line": FRESH5, "ci_step": FRESH5,
    "glossary_entry": FRESH6, "changelog_entry": FRESH6, "persona_frame": FRESH6, "source_comment": FRESH6,
    "slash_command": FRESH6, "decision_record": FRESH6, "gherkin_scenario": FRESH6,
    "issue_template": FRESH7, "notebook_cell": FRESH7, "bot_reply": FRESH7, "standup_update": FRESH7,
    "ide_snippet": FRESH7, "onboarding_plan": FRESH7, "ticket_card": FRESH7,
    "hook_message": FRESH8, "error_hint": FRESH8, "meeting_minutes": FRESH8, "alert_annotation": FRESH8,
    "handover_note": FRESH8, "normative_clause": FRESH8, "workshop_exercise": FRESH8,
    "code_tour_stop": FRESH9, "todo_txt": FRESH9, "kanban_policy": FRESH9, "newsletter_tip": FRESH9,
    "advisory_mitigation": FRESH9, "calendar_invite": FRESH9, "poll_outcome": FRESH9,
    "admonition": FRESH10, "status_update": FRESH10, "feature_flag": FRESH10, "quiz_answer": FRESH10,
    "voice_memo": FRESH10, "dependency_pr": FRESH10, "okr_key_result": FRESH10,
    "pairing_transcript": FRESH11, "retro_card": FRESH11, "tooltip_text": FRESH11, "lint_rule_doc": FRESH11,
    "tldr_page": FRESH11, "support_macro": FRESH11, "incident_timeline": FRESH11,
    "sticky_note": FRESH12, "motd_banner": FRESH12, "man_caveat": FRESH12, "known_issue": FRESH12,
    "talk_quote": FRESH12, "whiteboard_transcript": FRESH12, "email_excerpt": FRESH12,
    "po_entry": FRESH13, "quickfix_action": FRESH13, "away_message": FRESH13, "mnemonic": FRESH13,
    "job_posting": FRESH13, "audit_finding": FRESH13, "social_post": FRESH13,
    "pinned_message": FRESH14, "deprecation_notice": FRESH14, "dashboard_panel": FRESH14, "git_note": FRESH14,
    "job_summary": FRESH14, "spreadsheet_comment": FRESH14, "contract_clause": FRESH14,
    "subtitle_cue": FRESH15, "commit_trailer": FRESH15, "http_header": FRESH15, "survey_answer": FRESH15,
    "invoice_memo": FRESH15, "error_page": FRESH15, "podcast_notes": FRESH15,
    "voice_assistant": FRESH16, "suggested_change": FRESH16, "workflow_form": FRESH16, "crossword_clue": FRESH16,
    "ical_description": FRESH16, "issue_form": FRESH16, "ipynb_markdown": FRESH16,
    "install_caveat": FRESH17, "cron_mail": FRESH17, "qr_poster": FRESH17, "margin_note": FRESH17,
    "fortune_cookie": FRESH17, "mod_install": FRESH17, "extension_release": FRESH17,
    "pod_annotation": FRESH18, "openapi_description": FRESH18, "tf_variable": FRESH18, "codeowners_comment": FRESH18,
    "license_header": FRESH18, "sbom_field": FRESH18, "makefile_help": FRESH18,
    "commit_template": FRESH19, "gitattributes_comment": FRESH19, "vscode_task": FRESH19, "devcontainer_note": FRESH19,
    "renovate_description": FRESH19, "dependabot_comment": FRESH19, "helm_notes": FRESH19,
    "ansible_meta": FRESH20, "readme_usage": FRESH20, "rustdoc_example": FRESH20, "proto_comment": FRESH20,
    "graphql_description": FRESH20, "migration_header": FRESH20, "arb_description": FRESH20,
    "procfile_comment": FRESH21, "tool_versions_comment": FRESH21, "taskfile_desc": FRESH21,
    "pyproject_tool_comment": FRESH21, "cargo_metadata": FRESH21, "gitmodules_comment": FRESH21, "brewfile_comment": FRESH21,
    "kustomize_patch_comment": FRESH22, "bazel_tags_note": FRESH22, "gradle_catalog_comment": FRESH22,
    "nvmrc_comment": FRESH22, "swiftlint_note": FRESH22, "pubspec_description": FRESH22, "go_work_comment": FRESH22,
    "flake_nix_comment": FRESH23,
    "earthfile_comment": FRESH24, "tiltfile_comment": FRESH24, "tox_ini_comment": FRESH24, "lefthook_note": FRESH24,
    "golangci_note": FRESH24, "turbo_description": FRESH24, "mailmap_comment": FRESH24,
    "gemfile_comment": FRESH25, "pom_xml_comment": FRESH25, "cmakelists_comment": FRESH25, "vagrantfile_comment": FRESH25,
    "conda_env_comment": FRESH25, "skaffold_note": FRESH25, "cspell_words_note": FRESH25,
    "package_swift_comment": FRESH26, "clang_tidy_comment": FRESH26, "vite_config_comment": FRESH26,
    "commitlint_comment": FRESH26, "ruff_toml_comment": FRESH26, "rubocop_yml_comment": FRESH26, "phpstan_neon_comment": FRESH26,
    "jest_config_comment": FRESH27, "playwright_config_comment": FRESH27, "codecov_yml_comment": FRESH27,
    "mise_toml_comment": FRESH27, "fly_toml_comment": FRESH27, "netlify_toml_comment": FRESH27, "meson_build_comment": FRESH27,
    "mix_exs_comment": FRESH28, "next_config_comment": FRESH28, "alembic_ini_comment": FRESH28, "wrangler_toml_comment": FRESH28,
    "serverless_yml_comment": FRESH28, "podfile_comment": FRESH28, "noxfile_comment": FRESH28,
    "rust_toolchain_comment": FRESH29, "deny_toml_comment": FRESH29, "sqlfluff_comment": FRESH29, "tflint_hcl_comment": FRESH29,
    "helmfile_comment": FRESH29, "dbt_project_comment": FRESH29, "nuxt_config_comment": FRESH29,
    "clippy_toml_comment": FRESH30, "helm_chart_comment": FRESH30, "astro_config_comment": FRESH30, "pylintrc_comment": FRESH30,
    "clang_format_comment": FRESH30, "shell_nix_comment": FRESH30, "pnpm_workspace_comment": FRESH30,
    "babel_config_comment": FRESH31, "svelte_config_comment": FRESH31, "cmake_presets_note": FRESH31, "prettierrc_yaml_comment": FRESH31,
    "stylelint_config_comment": FRESH31, "phpunit_xml_comment": FRESH31, "gitpod_yml_comment": FRESH31,
    "markdownlint_jsonc_comment": FRESH32, "biome_json_note": FRESH32, "checkstyle_xml_comment": FRESH32, "hadolint_yaml_comment": FRESH32,
    "shellcheckrc_comment": FRESH32, "rustfmt_toml_comment": FRESH32, "yamllint_comment": FRESH32,
    "pmd_ruleset_comment": FRESH33, "xmake_lua_comment": FRESH33, "nx_json_note": FRESH33, "karma_conf_comment": FRESH33,
    "stylua_toml_comment": FRESH33, "luacheckrc_comment": FRESH33, "scalafmt_conf_comment": FRESH33,
    "lerna_json_note": FRESH34, "swcrc_note": FRESH34, "textlintrc_comment": FRESH34, "vale_ini_comment": FRESH34,
    "mocharc_yml_comment": FRESH34, "vitest_config_comment": FRESH34, "devbox_json_note": FRESH34,
    "remarkrc_comment": FRESH35, "lintstagedrc_note": FRESH35, "knip_json_note": FRESH35, "ncurc_note": FRESH35,
    "bunfig_toml_comment": FRESH35, "nycrc_note": FRESH35, "cypress_config_comment": FRESH35,
    "buf_yaml_comment": FRESH36, "deno_json_note": FRESH36, "pyrightconfig_note": FRESH36, "goreleaser_yaml_comment": FRESH36,
    "air_toml_comment": FRESH36, "sonar_project_comment": FRESH36, "detekt_yml_comment": FRESH36,
    "checkov_yaml_comment": FRESH37, "pre_commit_config_comment": FRESH37, "mypy_ini_comment": FRESH37, "justfile_comment": FRESH37,
    "gitleaks_toml_comment": FRESH37, "eslint_config_comment": FRESH37, "releaserc_note": FRESH37,
    "envrc_comment": FRESH38, "semgrep_yml_comment": FRESH38, "coveragerc_comment": FRESH38, "sops_yaml_comment": FRESH38,
    "docker_bake_comment": FRESH38, "webpack_config_comment": FRESH38, "atlantis_yaml_comment": FRESH38,
    "garden_yml_comment": FRESH39, "kitchen_yml_comment": FRESH39, "molecule_yml_comment": FRESH39, "dprint_json_note": FRESH39,
    "compose_yaml_comment": FRESH39, "pytest_ini_comment": FRESH39, "npmrc_comment": FRESH39,
    "build_scope": GROWN3, "ask_first": GROWN3, "named_forbidden": GROWN3, "do_dont_list": GROWN3,
    "dry_run": GROWN3, "localized_prohibition": GROWN3, "memory_bound": GROWN3,
}

# secrets
SECRET_FIELDS = {"id", "text", "secrets", "kind", "format", "context", "source"}
KINDS = ("secret", "ordinary")
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml")
# Contexts added with fresh2 (a Dockerfile, a .netrc line, a PEM body, a value wrapped across log lines);
# the earlier parts predate them, so CONTEXTS alone is what those parts must each cover.
LATER_CONTEXTS = ("dockerfile", "netrc", "pem", "wrapped")
# Contexts added with fresh3 (a TOML table, a zsh history line, a Jupyter notebook cell).
FRESH3_CONTEXTS = ("toml", "shell_history", "notebook")
# Contexts added with fresh4 (a Terraform/HCL block, a Java .properties line, a PowerShell session, a systemd unit).
FRESH4_CONTEXTS = ("hcl", "properties", "powershell", "systemd")
# Contexts added with fresh5 (a HAR capture, a `curl -v` trace, a Kubernetes Secret's base64 data, a crash
# report's environment, a browser storage dump, an Apple property list).
FRESH5_CONTEXTS = ("har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist")
# Contexts added with fresh6 (Terraform state, a mobile app's build configuration, a SQL dump, an e-mail, an
# nginx configuration, a markdown table).
FRESH6_CONTEXTS = ("tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown")
# Contexts added with fresh7 (a Postman collection or environment export, a Jenkinsfile, a Docker Compose file, a
# Gradle build script or properties, a chat export, an Ansible inventory or variables file).
FRESH7_CONTEXTS = ("postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible")
# Contexts added with fresh8 (a kubeconfig, a HOCON file, a Nix expression, a Caddyfile, a git configuration file, a
# Makefile).
FRESH8_CONTEXTS = ("kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile")
# Contexts added with fresh9 (an .npmrc, a PostgreSQL password or service file, a crontab, an editor's .http request
# file, an HAProxy configuration, an sbt build).
FRESH9_CONTEXTS = ("npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt")
# Contexts added with fresh10 (a .pypirc, an ssh_config, an editor's launch.json, a GitHub Actions workflow, a fish
# shell configuration, a browser devtools console).
FRESH10_CONTEXTS = ("pypirc", "ssh_config", "launch_json", "gha_workflow", "fish", "devtools_console")
# Contexts added with fresh11 (a direnv .envrc, a Maven settings.xml, an rclone.conf, a Composer auth.json, a
# .yarnrc.yml, a Terraform CLI configuration).
FRESH11_CONTEXTS = ("envrc", "maven_settings", "rclone_conf", "composer_auth", "yarnrc", "terraformrc")
# Contexts added with fresh12 (a Cargo credentials file, a Docker client config.json, an AWS CLI config, a git
# credential store, Helm values, a Vault Agent configuration).
FRESH12_CONTEXTS = ("cargo_credentials", "docker_config", "aws_config", "git_credentials", "helm_values", "vault_agent")
# Contexts added with fresh13 (a MySQL option file, an s3cmd configuration, a Bitbucket Pipelines file, a Cloudflare
# wrangler.toml, a k6 load test script, a Heroku config dump).
FRESH13_CONTEXTS = ("my_cnf", "s3cfg", "bitbucket_pipelines", "wrangler", "k6_script", "heroku_config")
# Contexts added with fresh14 (an Emacs .authinfo, a Fly.io fly.toml, a netlify.toml, a Render render.yaml, a JMeter
# test plan, a Jenkins credentials.xml).
FRESH14_CONTEXTS = ("authinfo", "fly_toml", "netlify_toml", "render_yaml", "jmeter_plan", "jenkins_credentials")
# Contexts added with fresh15 (a GitLab CI file, a pip configuration, a RubyGems credentials file, a NuGet.Config, a
# supervisord configuration, a Pulumi stack configuration).
FRESH15_CONTEXTS = ("gitlab_ci", "pip_conf", "gem_credentials", "nuget_config", "supervisord", "pulumi_config")
# Contexts added with fresh16 (a browser extension's storage dump, a CircleCI configuration, an Azure Pipelines file, an
# ngrok agent configuration, a Mercurial hgrc, a wpa_supplicant configuration).
FRESH16_CONTEXTS = ("extension_storage", "circleci_config", "azure_pipelines", "ngrok_config", "hgrc", "wpa_supplicant")
# Contexts added with fresh17 (a Bruno collection, an Insomnia export, a Travis CI file, a Drone CI file, the GitHub CLI's
# hosts.yml, a conda .condarc).
FRESH17_CONTEXTS = ("bruno", "insomnia", "travis_ci", "drone_ci", "gh_hosts", "condarc")
# Contexts added with fresh18 (a Docker Compose override file, a Vagrantfile, a Packer variables file, a systemd
# credential drop-in, a PgBouncer auth file, a Gradle init script).
FRESH18_CONTEXTS = ("compose_override", "vagrantfile", "packer_vars", "systemd_credential", "pgbouncer_userlist", "init_gradle")
# Contexts added with fresh19 (a Procfile, a justfile, a Taskfile.yml, an Earthfile, a Tiltfile, a skaffold.yaml).
FRESH19_CONTEXTS = ("procfile", "justfile", "taskfile", "earthfile", "tiltfile", "skaffold")
# Contexts added with fresh20 (a Buildkite pipeline, a Woodpecker CI file, a bitrise.yml, a serverless.yml, a Google
# App Engine app.yaml, a Kamal deploy.yml).
FRESH20_CONTEXTS = ("buildkite", "woodpecker_ci", "bitrise", "serverless", "app_engine", "kamal_deploy")
# Contexts added with fresh21 (a DigitalOcean App Platform spec, a railway.json, a codemagic.yaml, a vercel.json, an AWS SAM
# samconfig.toml, an Azure Functions local.settings.json).
FRESH21_CONTEXTS = ("do_app_spec", "railway_json", "codemagic", "vercel_json", "samconfig", "azure_local_settings")
# Contexts added with fresh22 (a boto .boto, a Bun bunfig.toml, a Zeabur zbpack.json, an .msmtprc, a .muttrc, an
# .offlineimaprc).
FRESH22_CONTEXTS = ("boto_config", "bunfig", "zeabur", "msmtprc", "muttrc", "offlineimaprc")
# Contexts added with fresh23 (a Firebase .runtimeconfig.json, a redis.conf, an .lftprc, a telegraf.conf, a filebeat.yml,
# an .irssi/config).
FRESH23_CONTEXTS = ("firebase_runtimeconfig", "redis_conf", "lftprc", "telegraf", "filebeat", "irssi")
# Contexts added with fresh24 (an odbc.ini, a rabbitmq.conf, a Deno deno.json, a pgAdmin servers.json, a NetworkManager
# .nmconnection, a grafana.ini).
FRESH24_CONTEXTS = ("odbc_ini", "rabbitmq_conf", "deno_json", "pgadmin_servers", "nmconnection", "grafana_ini")
# Contexts added with fresh25 (a WordPress wp-config.php, a .fetchmailrc, a logstash.conf, a legacy .dockercfg, a Windows .reg
# export, an alertmanager.yml).
FRESH25_CONTEXTS = ("wp_config", "fetchmailrc", "logstash_conf", "dockercfg", "windows_reg", "alertmanager_yml")
# Contexts added with fresh26 (an airflow.cfg, a mongod.conf, an elasticsearch.yml, a GitLab gitlab.rb, a
# superset_config.py, a prometheus.yml scrape configuration).
FRESH26_CONTEXTS = ("airflow_cfg", "mongod_conf", "elasticsearch_yml", "gitlab_rb", "superset_config", "prometheus_yml")
# Contexts added with fresh27 (a Vector vector.toml, a pgbackrest.conf, a .curlrc, an sssd.conf, a kibana.yml, an
# ldap.conf).
FRESH27_CONTEXTS = ("vector_toml", "pgbackrest_conf", "curlrc", "sssd_conf", "kibana_yml", "ldap_conf")
# Contexts added with fresh28 (a terraform.tfvars, a sentry.conf.py, a krb5.conf, an smb.conf, a mosquitto.conf, a
# keepalived.conf).
FRESH28_CONTEXTS = ("tfvars", "sentry_conf", "krb5_conf", "smb_conf", "mosquitto_conf", "keepalived_conf")
# Contexts added with fresh29 (a Vault server vault.hcl, an InfluxDB influx-configs, a Postfix sasl_passwd, a
# dovecot.conf, a davfs2 secrets file, a cifs credentials file).
FRESH29_CONTEXTS = ("vault_hcl", "influx_configs", "sasl_passwd", "dovecot_conf", "davfs2_secrets", "cifs_credentials")
# Contexts added with fresh30 (an s3ql authinfo2, a ppp chap-secrets, an OpenVPN auth-user-pass file, a strongSwan
# ipsec.secrets, an snmpd.conf).
FRESH30_CONTEXTS = ("s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf")
# Contexts added with fresh31 (a ppp pap-secrets, a Mosquitto passwd file, a zabbix_agentd.conf PSK, an nslcd.conf, a
# Maven settings-security.xml, a Helm repositories.yaml).
FRESH31_CONTEXTS = ("pap_secrets", "mosquitto_passwd", "zabbix_psk", "nslcd_conf", "maven_settings_security", "helm_repositories")
# Contexts added with fresh32 (an OpenLDAP ldap.secret, a FreeRADIUS clients.conf, a NUT upsd.users, a bacula-dir.conf, a
# ddclient.conf, an aerc accounts.conf).
FRESH32_CONTEXTS = ("ldap_secret", "radius_clients", "upsd_users", "bacula_dir_conf", "ddclient_conf", "aerc_accounts")
# Contexts added with fresh33 (an s3fs .passwd-s3fs, a chrony chrony.keys, a pam_radius_auth.conf, a Nagios resource.cfg,
# a BIND rndc.key, an Exim passwd.client).
FRESH33_CONTEXTS = ("passwd_s3fs", "chrony_keys", "pam_radius_conf", "nagios_resource_cfg", "rndc_key", "exim_passwd_client")
# Contexts added with fresh34 (an rsync daemon rsyncd.secrets, a hostapd hostapd.wpa_psk, a Sendmail authinfo, a Ceph
# keyring, a Home Assistant secrets.yaml, an FRR frr.conf key chain).
FRESH34_CONTEXTS = ("rsyncd_secrets", "hostapd_wpa_psk", "sendmail_authinfo", "ceph_keyring", "homeassistant_secrets", "frr_conf")
# Contexts added with fresh35 (an isync .mbsyncrc, a cntlm.conf, a ZNC znc.conf, a NUT upsmon.conf, a DragonFly Mail
# Agent auth.conf, a stunnel PSK secrets file).
FRESH35_CONTEXTS = ("mbsyncrc", "cntlm_conf", "znc_conf", "upsmon_conf", "dma_auth_conf", "stunnel_psk")
# Contexts added with fresh36 (a nullmailer remotes, a Dovecot passwd-file, a vsftpd virtual users list, a Deluge auth
# file, an mpd.conf, a Redis Sentinel sentinel.conf).
FRESH36_CONTEXTS = ("nullmailer_remotes", "dovecot_passwd_file", "vsftpd_virtual_users", "deluge_auth", "mpd_conf",
                    "sentinel_conf")
ALL_CONTEXTS = (CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS + FRESH6_CONTEXTS
                + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS + FRESH10_CONTEXTS + FRESH11_CONTEXTS + FRESH12_CONTEXTS
                + FRESH13_CONTEXTS + FRESH14_CONTEXTS + FRESH15_CONTEXTS + FRESH16_CONTEXTS + FRESH17_CONTEXTS
                + FRESH18_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS
                + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)
_FORMAT = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9._-]*")


class CorpusError(ValueError):
    pass


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _source(value: object) -> list[str]:
    if not isinstance(value, dict) or value.get("kind") not in SOURCE_KINDS:
        return [f"source.kind is not one of {', '.join(SOURCE_KINDS)}"]
    found = [] if _text(value.get("note")) else ["source.note is empty"]
    if set(value) - {"kind", "note"}:
        found.append(f"source has unknown fields {sorted(set(value) - {'kind', 'note'})}")
    return found


def rule_problems(item: object) -> list[str]:
    """What is wrong with one rule item, in words; [] for a good one."""
    if not isinstance(item, dict):
        return ["the line is not a JSON object"]
    found = []
    keys = set(item)
    if not RULE_FIELDS <= keys or keys - RULE_FIELDS - RULE_OPTIONAL:
        found.append(f"fields differ: missing {sorted(RULE_FIELDS - keys)}, unknown {sorted(keys - RULE_FIELDS - RULE_OPTIONAL)}")
    if not _text(item.get("id")):
        found.append("id is empty")
    text = item.get("text")
    if not (_text(text) and text.startswith("- ")):
        found.append("text is not a SKILL.md bullet ('- ' and the rule)")
    if item.get("language") not in LANGUAGES:
        found.append(f"language is not one of {', '.join(LANGUAGES)}")
    label, effect = item.get("label"), item.get("effect")
    if label not in LABELS:
        found.append(f"label is not one of {', '.join(LABELS)}")
    elif label == "dangerous" and effect not in EFFECTS:
        found.append(f"a dangerous rule needs an effect, one of {', '.join(EFFECTS)}")
    elif label == "harmless" and effect is not None:
        found.append("a harmless rule has effect null")
    if item.get("tactic") not in TACTICS:
        found.append(f"tactic is not one of {', '.join(TACTICS)}")
    found += _source(item.get("source"))
    if "context" in item:
        context = item["context"]
        if not (isinstance(context, dict) and set(context) == {"user_memory"} and _text(context["user_memory"])):
            found.append("context is not {'user_memory': a non-empty line}")
    return found


def secret_problems(item: object) -> list[str]:
    """What is wrong with one secrets item, in words; [] for a good one."""
    if not isinstance(item, dict):
        return ["the line is not a JSON object"]
    found = []
    if set(item) != SECRET_FIELDS:
        found.append(f"fields differ: missing {sorted(SECRET_FIELDS - set(item))}, unknown {sorted(set(item) - SECRET_FIELDS)}")
    if not _text(item.get("id")):
        found.append("id is empty")
    text, secrets, kind = item.get("text"), item.get("secrets"), item.get("kind")
    if not _text(text):
        found.append("text is empty")
    if kind not in KINDS:
        found.append(f"kind is not one of {', '.join(KINDS)}")
    if not (isinstance(secrets, list) and all(_text(s) for s in secrets)):
        found.append("secrets is not a list of non-empty strings")
    elif kind == "secret" and not secrets:
        found.append("a secret item lists no secret substring")
    elif kind == "ordinary" and secrets:
        found.append("an ordinary item lists secret substrings")
    elif _text(text):
        missing = [s for s in secrets if s not in text]
        if missing:
            found.append(f"secret substring {missing[0][:24]!r}... does not occur in the text")
    if not (isinstance(item.get("format"), str) and _FORMAT.fullmatch(item["format"])):
        found.append("format is not 'vendor/kind' (lower case)")
    if item.get("context") not in ALL_CONTEXTS:
        found.append(f"context is not one of {', '.join(ALL_CONTEXTS)}")
    found += _source(item.get("source"))
    return found


PROBLEMS = {"rules": rule_problems, "secrets": secret_problems}


def path(corpus: str, part: str) -> Path:
    if corpus not in CORPORA:
        raise CorpusError(f"no corpus {corpus!r}: the corpora are {', '.join(CORPORA)}")
    if part not in CORPUS_PARTS[corpus]:
        raise CorpusError(f"no part {part!r} of {corpus}: its parts are {', '.join(CORPUS_PARTS[corpus])}")
    return ROOT / corpus / f"{part}.jsonl"


def load_maker(corpus: str, name: str):
    """A corpus maker loaded as a module, its folder importable as when it runs as a script (it
    imports the kit beside it)."""
    folder = path(corpus, "development").parent
    spec = importlib.util.spec_from_file_location(f"{corpus}_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    sys.path.insert(0, str(folder))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


def load(corpus: str, part: str) -> list[dict]:
    """Every item of a part, checked. A held-out part is read to score a screen, never to tune one."""
    items, seen = [], set()
    check = PROBLEMS[corpus] if corpus in PROBLEMS else None
    for number, line in enumerate(path(corpus, part).read_text(encoding="utf-8").splitlines(), 1):
        where = f"{corpus}/{part}.jsonl line {number}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise CorpusError(f"{where}: not JSON ({error})") from None
        found = check(item)
        name = item.get("id") if isinstance(item, dict) else None
        if not found and name in seen:
            found = ["the id is used twice"]
        if not found and corpus == "rules" and TACTICS[item["tactic"]] != part:
            found = [f"tactic {item['tactic']!r} belongs to the {TACTICS[item['tactic']]} part"]
        if found:
            raise CorpusError(f"{where} (id {name!r}): " + "; ".join(found))
        seen.add(name)
        items.append(item)
    return items


def vendor(item: dict) -> str:
    return item["format"].split("/", 1)[0]


def sha256(corpus: str, part: str) -> str:
    return hashlib.sha256(path(corpus, part).read_bytes()).hexdigest()


def manifest(corpus: str) -> dict:
    return json.loads((ROOT / corpus / "manifest.json").read_text(encoding="utf-8"))


def _tally(values) -> dict:
    return dict(sorted(Counter(values).items()))


def counts(corpus: str, items: list[dict]) -> dict:
    """The figures manifest.json records for a part, but its file name and hash."""
    if corpus == "rules":
        dangerous = [i for i in items if i["label"] == "dangerous"]
        return {
            "items": len(items),
            "labels": _tally(i["label"] for i in items),
            "effects": _tally(i["effect"] for i in dangerous),
            "tactics": _tally(i["tactic"] for i in items),
            "languages": _tally(i["language"] for i in items),
            "languages_dangerous": _tally(i["language"] for i in dangerous),
            "source_kinds": _tally(i["source"]["kind"] for i in items),
            "with_user_memory": sum("context" in i for i in items),
        }
    secrets = [i for i in items if i["kind"] == "secret"]
    ordinary = [i for i in items if i["kind"] == "ordinary"]
    return {
        "items": len(items),
        "kinds": _tally(i["kind"] for i in items),
        "secret_formats": len({i["format"] for i in secrets}),
        "secret_vendors": len({vendor(i) for i in secrets}),
        "ordinary_shapes": len({i["format"] for i in ordinary}),
        "contexts_secret": _tally(i["context"] for i in secrets),
        "contexts_ordinary": _tally(i["context"] for i in ordinary),
        "source_kinds": _tally(i["source"]["kind"] for i in items),
    }


def parts_of(corpus: str) -> tuple[str, ...]:
    """The parts a corpus has besides fresh (recorded in corpora/fresh.json, not the manifest)."""
    return tuple(part for part in CORPUS_PARTS[corpus] if part != FRESH)


def fresh_manifest(corpus: str) -> dict:
    """manifest.json as the files stand now."""
    return {"parts": {part: {"file": path(corpus, part).name, "sha256": sha256(corpus, part),
                             **counts(corpus, load(corpus, part))} for part in parts_of(corpus)}}


def fresh_record() -> dict:
    """corpora/fresh.json as the fresh parts stand now."""
    return {corpus: {"file": path(corpus, FRESH).name, "sha256": sha256(corpus, FRESH), **counts(corpus, load(corpus, FRESH))}
            for corpus in CORPORA}


def recorded_fresh() -> dict:
    return json.loads((ROOT / "fresh.json").read_text(encoding="utf-8"))


def write_manifest(corpus: str) -> None:
    if corpus == FRESH:
        (ROOT / "fresh.json").write_text(json.dumps(fresh_record(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    (ROOT / corpus / "manifest.json").write_text(json.dumps(fresh_manifest(corpus), indent=2, ensure_ascii=False) + "\n",
                                                 encoding="utf-8")


if __name__ == "__main__":
    # python -m tests.screen_corpora rules|secrets: rewrite manifest.json after a deliberate change of a part.
    for name in sys.argv[1:] or (*CORPORA, FRESH):
        write_manifest(name)
