"""Writes grown.jsonl, a second development part of the secrets corpus, written after the first
development part was exhausted (the redactor passes all of it). Secret formats follow the facts
(prefix, length, alphabet) of public gitleaks rules, each value drawn here from a fixed seed; the
contexts are the ones a name does not help with (a value alone in tool output, in prose, as a
flag, in a diff, in escaped JSON, in a bytes literal). Ordinary strings are shapes a transcript
carries every day. A development part: read it, print it, tune on it.

    python tests/corpora/secrets/make_grown.py    # then: python -m tests.screen_corpora secrets
"""

from __future__ import annotations

import random
import string
from pathlib import Path

from fresh_kit import AL as B62, HX as HEX, LO as LOWER, U64 as URLSAFE, grown_item, held_out_units, pick as _draw, write

SEED = 20261206
HERE = Path(__file__).resolve().parent
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
    # from vendors' documentation of their token formats (facts only; values drawn here)
    ("netlify/pat", "vendor documentation: Netlify personal access tokens start nfp_", lambda r: "nfp_" + _draw(r, B62, 36)),
    ("render/api-key", "vendor documentation: Render API keys start rnd_", lambda r: "rnd_" + _draw(r, B62, 32)),
    ("neon/api-key", "vendor documentation: Neon API keys start napi_", lambda r: "napi_" + _draw(r, LOWER, 64)),
    ("resend/api-key", "vendor documentation: Resend API keys start re_", lambda r: "re_" + _draw(r, B62, 8) + "_" + _draw(r, B62, 24)),
    ("ngrok/authtoken", "vendor documentation: ngrok authtokens are an id and a secret joined by _",
     lambda r: _draw(r, B62, 27) + "_" + _draw(r, B62, 21)),
    ("ably/api-key", "vendor documentation: Ably keys are appId.keyId:secret", lambda r: _draw(r, URLSAFE, 6) + "." + _draw(r, URLSAFE, 6) + ":" + _draw(r, URLSAFE, 43)),
    ("cloudinary/url", "vendor documentation: CLOUDINARY_URL is cloudinary://key:secret@cloud",
     lambda r: "cloudinary://" + _draw(r, string.digits, 15) + ":" + _draw(r, URLSAFE, 27) + "@" + _draw(r, string.ascii_lowercase, 8)),
    ("upstash/redis-token", "vendor documentation: Upstash REST tokens are base64 of the database id and a secret",
     lambda r: "A" + _draw(r, B62, 4) + "ASQgN" + _draw(r, B62, 56) + "="),
    ("mux/token-secret", "vendor documentation: Mux token secrets are long base64", lambda r: _draw(r, B62 + "+/", 75)),
    ("convex/deploy-key", "vendor documentation: Convex deploy keys are `prod:<name>|<base64>`",
     lambda r: "prod:" + _draw(r, string.ascii_lowercase, 6) + "-" + _draw(r, string.ascii_lowercase, 5) + "-" + str(r.randrange(100, 999)) + "|" + _draw(r, B62, 80) + "="),
    ("deno/deploy-token", "vendor documentation: Deno Deploy access tokens start ddp_", lambda r: "ddp_" + _draw(r, B62, 36)),
    ("wandb/api-key", "vendor documentation: Weights & Biases API keys are 40 hex digits", lambda r: _draw(r, HEX, 40)),
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

# A format recognisable only by its name (40 hex digits are a commit id anywhere else) is always
# placed beside a name.
NAMED_ONLY = {"wandb/api-key"}
NAMED_CONTEXTS = [
    ("env", lambda v: f"WANDB_API_KEY={v}"),
    ("yaml", lambda v: f"wandb:\n  api_key: {v}"),
    ("cli_flag", lambda v: f"wandb login --relogin --api-key {v}"),
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
    ("version/go-pseudo", lambda r: f"require example.com/lib v0.0.0-2024{r.randrange(10, 12)}{r.randrange(10, 28)}0853{r.randrange(10, 99)}-{_draw(r, HEX, 12)}"),
    ("k8s/pod-names", lambda r: f"api-{_draw(r, 'bcdfghjklmnpqrstvwxz2456789', 10)}-{_draw(r, 'bcdfghjklmnpqrstvwxz2456789', 5)}   1/1   Running   0   3h"),
    ("object-key/s3-dated", lambda r: f"s3://logs-bucket/2026/11/{r.randrange(10, 30)}/app-{r.randrange(1, 9)}-i-{_draw(r, HEX, 17)}-{_draw(r, LOWER, 6)}.log.gz"),
    ("hash/nix-in-log", lambda r: f"building '/nix/store/{_draw(r, '0123456789abcdfghijklmnpqrsvwxyz', 32)}-hello-2.12.1.drv'..."),
    ("slug/branch-names", lambda r: f"Switched to branch 'fix/issue-{r.randrange(100, 9999)}-handle-empty-config-in-loader-v{r.randrange(2, 9)}'"),
    ("css/module-hashes", lambda r: f'<div class="Button_primary__{_draw(r, B62, 5)} Layout_main__{_draw(r, B62, 5)}">'),
    ("trace/sentry-event", lambda r: f"Sentry event {_draw(r, HEX, 32)} captured for release web@{r.randrange(1, 9)}.{r.randrange(0, 20)}.0"),
    ("words/long-identifiers", lambda r: r.choice(["test_redactor_keeps_ordinary_identifiers_unchanged_when_they_are_long",
                                                  "ConfigurationPropertiesBindingPostProcessorRegistrar",
                                                  "AbstractSingletonProxyFactoryBeanDefinitionParserHelper"])),
]


def _uuid(rng: random.Random) -> str:
    h = _draw(rng, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def build() -> list[dict]:
    rng = random.Random(SEED)
    items = []
    held_out = held_out_units(HERE, ("heldout.jsonl",))
    for number, (fmt, rule, make) in enumerate(FORMATS):
        for turn in range(3):
            context, place = (NAMED_CONTEXTS[turn] if fmt in NAMED_ONLY
                              else CONTEXTS[(number + 3 * turn) % len(CONTEXTS)])
            value = make(rng)
            text = place(value)
            if fmt.split("/")[0] in held_out:
                continue
            source = {"kind": "public", "note": GITLEAKS.format(rule, SEED)}
            items.append(grown_item("s-grown-", fmt, turn + 1, text, [value], context, source))
    for shape, make in ORDINARY:
        for turn in range(4):
            text = make(rng)
            if shape in held_out or any(i["text"] == text for i in items):
                continue
            source = {"kind": "generated", "note": "an everyday shape of transcript text; drawn by make_grown.py"}
            items.append(grown_item("s-grown-", shape, turn + 1, text, [], "tool_output", source))
    return items


if __name__ == "__main__":
    write(build(), HERE / "grown.jsonl")
