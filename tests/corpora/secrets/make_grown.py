"""Writes grown.jsonl, a second development part of the secrets corpus, written after the first
development part was exhausted (the redactor passes all of it). Secret formats follow the facts
(prefix, length, alphabet) of public gitleaks rules, each value drawn here from a fixed seed; the
contexts are the ones a name does not help with (a value alone in tool output, in prose, as a
flag, in a diff, in escaped JSON, in a bytes literal). Ordinary strings are shapes a transcript
carries every day. A development part: read it, print it, tune on it.

    python tests/corpora/secrets/make_grown.py    # then: python -m tests.screen_corpora secrets
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

SEED = 20261206
LOWER = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B62 = string.ascii_letters + string.digits
URLSAFE = B62 + "-_"
GITLEAKS = "format facts: gitleaks config/gitleaks.toml (gitleaks/gitleaks@420a0f55), rule {}; value drawn by make_grown.py (seed {})"

# (format, gitleaks rule, value maker)
FORMATS = [
    ("adobe/client-secret", "adobe-client-secret", lambda r: "p8e-" + _draw(r, LOWER, 32)),
    ("databricks/api-token", "databricks-api-token", lambda r: "dapi" + _draw(r, HEX, 32)),
    ("azuread/client-secret", "azure-ad-client-secret", lambda r: _draw(r, B62, 3) + str(r.randrange(10)) + "Q~" + _draw(r, B62 + "_~.-", 34)),
    ("authress/access-key", "authress-service-client-access-key",
     lambda r: "sc_" + _draw(r, LOWER, 12) + "." + _draw(r, LOWER, 5) + ".acc_" + _draw(r, LOWER, 20) + "." + _draw(r, B62, 64)),
    ("beamer/api-token", "beamer-api-token", lambda r: "b_" + _draw(r, LOWER + "_-", 44)),
    ("frameio/api-token", "frameio-api-token", lambda r: "fio-u-" + _draw(r, LOWER + "_-", 64)),
    ("readme/api-key", "readme-api-token", lambda r: "rdme_" + _draw(r, LOWER, 70)),
    ("rubygems/api-key", "rubygems-api-token", lambda r: "rubygems_" + _draw(r, HEX, 48)),
    ("postman/api-key", "postman-api-token", lambda r: "PMAK-" + _draw(r, HEX, 24) + "-" + _draw(r, HEX, 34)),
    ("dynatrace/api-token", "dynatrace-api-token", lambda r: "dt0c01." + _draw(r, string.ascii_uppercase + string.digits, 24) + "." + _draw(r, string.ascii_uppercase + string.digits, 64)),
    ("doppler/service-token", "doppler-api-token", lambda r: "dp.st.prd." + _draw(r, B62, 40)),
    ("vault/batch-token", "vault-batch-token", lambda r: "hvb." + _draw(r, URLSAFE, 138)),
    ("lob/live-key", "lob-api-key", lambda r: "live_" + _draw(r, HEX, 35)),
    ("mailgun/private-key", "mailgun-private-api-token", lambda r: "key-" + _draw(r, HEX, 32)),
    ("flyio/macaroon", "flyio-access-token", lambda r: "fm2_" + _draw(r, B62 + "+/", 120) + "=="),
    ("grafana/service-account", "grafana-service-account-token", lambda r: "glsa_" + _draw(r, B62, 32) + "_" + _draw(r, HEX, 8)),
    ("tailscale/auth-key", "tailscale (trufflehog detector)", lambda r: "tskey-auth-k" + _draw(r, B62, 9) + "CNTRL-" + _draw(r, B62, 33)),
    ("openai/project-key", "openai-api-key", lambda r: "sk-proj-" + _draw(r, URLSAFE, 74) + "T3BlbkFJ" + _draw(r, URLSAFE, 74)),
    ("anthropic/api-key", "anthropic-api-key", lambda r: "sk-ant-api03-" + _draw(r, URLSAFE, 93) + "AA"),
    ("slack/bot-token", "slack-bot-token", lambda r: "xoxb-" + _draw(r, string.digits, 12) + "-" + _draw(r, string.digits, 13) + "-" + _draw(r, B62, 24)),
    ("twilio/api-key", "twilio-api-key", lambda r: "SK" + _draw(r, HEX, 32)),
    ("sentry/user-token", "sentry-user-token", lambda r: "sntryu_" + _draw(r, HEX, 64)),
    ("atlassian/api-token", "atlassian-api-token", lambda r: "ATATT3" + _draw(r, URLSAFE + "=", 186)),
    ("hashicorp/tf-token", "hashicorp-tf-api-token", lambda r: _draw(r, LOWER, 14) + ".atlasv1." + _draw(r, LOWER + "-_", 67)),
]

CONTEXTS = [
    ("tool_output", lambda v: f"$ cat .secrets/current\n{v}\n"),
    ("prose", lambda v: f"I rotated it this morning, the new one is {v} — please update the runner."),
    ("cli_flag", lambda v: f"deploy-tool push --region eu-west-1 --credential {v} --yes"),
    ("diff", lambda v: f"@@ -3,2 +3,2 @@\n-  value: placeholder\n+  value: {v}"),
    ("escaped_json", lambda v: '{"type": "tool_result", "content": "{\\"ok\\": true, \\"value\\": \\"' + v + '\\"}"}'),
    ("bytes_literal", lambda v: f"client = Client(b'{v}')"),
    ("log", lambda v: f"2026-11-30T10:02:11Z DEBUG outbound request auth={v} status=200"),
    ("url", lambda v: f"https://api.example.com/v2/items?access={v}&page=2"),
    ("header", lambda v: f"X-Api-Key: {v}"),
    ("yaml", lambda v: f"service:\n  endpoint: https://api.example.com\n  credential: {v}"),
]

# (shape, text maker): ordinary strings that must keep every character
ORDINARY = [
    ("hash/sha512sum-output", lambda r: f"{_draw(r, HEX, 128)}  dist/app-1.4.2.tar.gz"),
    ("hash/git-lfs-pointer", lambda r: f"version https://git-lfs.github.com/spec/v1\noid sha256:{_draw(r, HEX, 64)}\nsize {r.randrange(10**5, 10**8)}"),
    ("git/merge-log-line", lambda r: f"Merge: {_draw(r, HEX, 7)} {_draw(r, HEX, 7)}\ncommit {_draw(r, HEX, 40)}"),
    ("git/rev-parse-output", lambda r: f"$ git rev-parse HEAD origin/main\n{_draw(r, HEX, 40)}\n{_draw(r, HEX, 40)}"),
    ("uuid/in-url", lambda r: f"GET /api/projects/{_uuid(r)}/runs/{_uuid(r)} 200"),
    ("identifier/token-names", lambda r: r.choice(["tokenizer = AutoTokenizer.from_pretrained(model_id)",
                                                  "refresh_token_url: https://auth.example.com/oauth/token",
                                                  "const secretName = props.secretName ?? 'app-config';",
                                                  "password_reset_token_ttl_minutes = 30",
                                                  "api_key_header_name = 'X-Api-Key'"])),
    ("identifier/env-references", lambda r: r.choice(["API_KEY=${API_KEY:?set API_KEY first}",
                                                     "token: ${{ secrets.NPM_TOKEN }}",
                                                     "password: {{ vault_db_password }}",
                                                     "SECRET_KEY=os.environ['SECRET_KEY']",
                                                     "export GITHUB_TOKEN=$(gh auth token)"])),
    ("build/webpack-chunks", lambda r: f"dist/assets/index-{_draw(r, B62, 8)}.js   142.31 kB │ gzip: 45.12 kB"),
    ("object-id/mongodb", lambda r: f'{{"_id": ObjectId("{_draw(r, HEX, 24)}"), "status": "done"}}'),
    ("trace/w3c-traceparent", lambda r: f"traceparent: 00-{_draw(r, HEX, 32)}-{_draw(r, HEX, 16)}-01"),
    ("lockfile/cargo-checksum", lambda r: f'checksum = "{_draw(r, HEX, 64)}"'),
    ("lockfile/npm-integrity", lambda r: f'"integrity": "sha512-{_draw(r, B62 + "+/", 86)}=="'),
    ("docker/image-digest", lambda r: f"FROM python:3.12-slim@sha256:{_draw(r, HEX, 64)}"),
    ("words/long-identifiers", lambda r: r.choice(["test_redactor_keeps_ordinary_identifiers_unchanged_when_they_are_long",
                                                  "ConfigurationPropertiesBindingPostProcessorRegistrar",
                                                  "AbstractSingletonProxyFactoryBeanDefinitionParserHelper"])),
]


def _draw(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _uuid(rng: random.Random) -> str:
    h = _draw(rng, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def _held_out_units() -> set[str]:
    """Vendors and ordinary shapes of the held-out part: a development item never shares one (the
    split's rule), so those are dropped here, unseen; the held-out part is read for nothing else."""
    units = set()
    for line in (Path(__file__).resolve().parent / "heldout.jsonl").read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        units.add(item["format"].split("/")[0] if item["kind"] == "secret" else item["format"])
    return units


def build() -> list[dict]:
    rng = random.Random(SEED)
    items = []
    held_out = _held_out_units()
    for number, (fmt, rule, make) in enumerate(FORMATS):
        for turn in range(3):
            context, place = CONTEXTS[(number + 3 * turn) % len(CONTEXTS)]
            value = make(rng)
            text = place(value)
            if fmt.split("/")[0] in held_out:
                continue
            items.append({"id": f"s-grown-{fmt.replace('/', '-')}-{turn + 1}", "text": text, "secrets": [value],
                          "kind": "secret", "format": fmt, "context": context,
                          "source": {"kind": "public", "note": GITLEAKS.format(rule, SEED)}})
    for shape, make in ORDINARY:
        for turn in range(4):
            text = make(rng)
            if shape in held_out or any(i["text"] == text for i in items):
                continue
            items.append({"id": f"s-grown-{shape.replace('/', '-')}-{turn + 1}", "text": text, "secrets": [],
                          "kind": "ordinary", "format": shape, "context": "tool_output",
                          "source": {"kind": "generated", "note": "an everyday shape of transcript text; drawn by make_grown.py"}})
    return items


if __name__ == "__main__":
    out = Path(__file__).resolve().parent / "grown.jsonl"
    out.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in build()), encoding="utf-8")
