"""Writes the second fresh held-out part of the secrets corpus, fresh2.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' documented ones, as each item's note says. No vendor
and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh2.py [OUT]   # default: fresh2.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
import string
from functools import partial
from pathlib import Path
from urllib.parse import quote

import fresh_kit
from fresh_kit import AL, B64, HX, LO, U64, UP, Part, Seeded, write

SEED = 20261207
DRAW = Seeded(SEED)
R, r, b64, u4 = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4
jwt = partial(fresh_kit.jwt, DRAW)
pem_body = DRAW.pem_body
DRAWN = f"value drawn by make_fresh2.py (seed {SEED})"
GITLEAKS = "the gitleaks default rule set (gitleaks/gitleaks:config/gitleaks.toml)"


def public(where: str) -> dict:
    return {"kind": "public", "note": f"format facts read in {where}; {DRAWN}"}


def generated(what: str) -> dict:
    return {"kind": "generated", "note": f"{what}, as the writer knows the vendor's format; {DRAWN}"}


SECRETS: list[tuple[str, str, object, dict]] = []  # (format, context, build() -> (text, [secrets]), source)
ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, build() -> text, why it is ordinary)


def secret(fmt: str, context: str, source: dict):
    def register(build):
        SECRETS.append((fmt, context, build, source))
        return build
    return register


def ordinary(shape: str, context: str, why: str):
    def register(build):
        ORDINARY.append((shape, context, build, why))
        return build
    return register


# --- secrets ----------------------------------------------------------------------------------

FB = public("noseyparker's Facebook rules and a public YARA rule (access tokens start `EAACEdEose0cBA`)")
secret("facebook/access-token", "tool_output", FB)(lambda: (lambda v: (f"$ fb-cli token show --page shop\n{v}\n$", [v]))(
    "EAACEdEose0cBA" + r(160)))
secret("facebook/access-token", "url", FB)(lambda: (lambda v: (
    f"GET https://graph.facebook.com/v19.0/me/accounts?fields=name&access_token={v} -> 200", [v]))("EAACEdEose0cBA" + r(150)))
secret("facebook/app-secret", "env", public("noseyparker's Facebook secret-key rule (32 lowercase hex after a facebook/fb name)"))(
    lambda: (lambda v: (f"FB_APP_ID=1{r(14, string.digits)}\nFB_APP_SECRET={v}", [v]))(r(32, HX)))
TW = public("Checkmarx/2ms:engine/rules/ruledefine/twitter_bearer_token.go (`A{22}[a-zA-Z0-9%]{80,100}`)")
secret("twitter/bearer-token", "header", TW)(lambda: (lambda v: (
    f"> GET /2/tweets/search/recent?query=release HTTP/2\n> Host: api.x.com\n> authorization: Bearer {v}", [v]))(
    "A" * 22 + r(90, AL + "%")))
secret("twitter/bearer-token", "prose", TW)(lambda: (lambda v: (
    f"Ho rigenerato il bearer, adesso è {v} — puoi riprovare lo script?", [v]))("A" * 22 + r(84, AL + "%")))
secret("twitter/bearer-token", "wrapped", TW)(lambda: (lambda v: (
    f"worker-3 | 401 from api.x.com with Authorization: Bearer {v[:60]}\nworker-3 | {v[60:]} (retrying in 30s)", [v[:60], v[60:]]))(
    "A" * 22 + r(88, AL + "%")))
secret("twitch/oauth-token", "ini", generated("Twitch chat OAuth token (`oauth:` and 30 lowercase characters)"))(
    lambda: (lambda v: (f"[irc]\nnick = build_bot\npass = {v}\nchannel = #release", [v]))("oauth:" + r(30, LO)))
secret("pinterest/access-token", "cli_flag", generated("Pinterest API v5 access token (`pina_` prefix)"))(
    lambda: (lambda v: (f"$ pinboard-sync --board spring --access-token {v} --dry-run", [v]))("pina_" + r(96, UP)))
RIOT = public("public repositories calling the Riot Games API (`RGAPI-` and a UUID)")
secret("riot/api-key", "code", RIOT)(lambda: (lambda v: (f"watcher = LolWatcher(\"{v}\")\nregion = \"euw1\"", [v]))("RGAPI-" + u4()))
secret("riot/api-key", "bytes_literal", RIOT)(lambda: (lambda v: (
    f"headers = {{b\"X-Riot-Token\": b\"{v}\"}}", [v]))("RGAPI-" + u4()))
RZP = public("Razorpay's dashboard hints as quoted in public repositories (key ids `rzp_live_`/`rzp_test_`, a separate secret)")
secret("razorpay/key-secret", "json", RZP)(lambda: (lambda kid, v: (
    json.dumps({"razorpay": {"keyId": kid, "keySecret": v, "webhookPath": "/hooks/rzp"}}), [v]))("rzp_live_" + r(14), r(24)))
secret("razorpay/key-secret", "connection_string", RZP)(lambda: (lambda kid, v: (
    f"PAYMENTS_URL=https://{kid}:{v}@api.razorpay.com/v1/orders", [v]))("rzp_live_" + r(14), r(24)))
secret("mollie/live-key", "env", generated("Mollie live API key (`live_` and 30 characters)"))(
    lambda: alone_named("MOLLIE_KEY=", "live_" + r(30)))
secret("mollie/live-key", "diff", generated("Mollie live API key (`live_` and 30 characters)"))(
    lambda: (lambda v: (f"--- a/config/payments.php\n+++ b/config/payments.php\n-    'key' => env('MOLLIE_KEY'),\n+    'key' => '{v}',", [v]))(
        "live_" + r(30)))
secret("paddle/api-key", "escaped_json", generated("Paddle Billing API key (`pdl_live_apikey_` prefix)"))(
    lambda: (lambda v: (json.dumps(json.dumps({"vendor": "paddle", "apiKey": v})), [v]))(
        "pdl_live_apikey_01" + r(24, UP.lower()) + "_" + r(27)))
secret("klaviyo/private-key", "code", generated("Klaviyo private API key (`pk_` and 34 hex digits, sent as `Klaviyo-API-Key`)"))(
    lambda: (lambda v: (f"session.headers[\"Authorization\"] = \"Klaviyo-API-Key {v}\"", [v]))("pk_" + r(34, HX)))
secret("mailersend/api-token", "yaml", generated("MailerSend API token (`mlsn.` and 64 hex digits)"))(
    lambda: (lambda v: (f"mailer:\n  transport: mailersend\n  dsn: \"mailersend+api://{v}@default\"", [v]))("mlsn." + r(64, HX)))
secret("intercom/access-token", "tool_output", generated("Intercom access token (base64 of `tok:` and a UUID, `dG9rOj` prefix)"))(
    lambda: (lambda v: (f"$ intercom-cli whoami --verbose\ntoken      {v}\nworkspace  acme-support", [v]))(
        base64.b64encode(("tok:" + u4() + ":1:0").encode()).decode().rstrip("=")))
TAV = public("public repositories and docs using Tavily (`tvly-` and `tvly-dev-` prefixes)")
secret("tavily/api-key", "prose", TAV)(lambda: (lambda v: (
    f"Use my search key {v} for the agent, it's the dev tier so don't hammer it.", [v]))("tvly-dev-" + r(32)))
secret("tavily/api-key", "log", TAV)(lambda: (lambda v: (
    f"2026-12-06 08:12:44,903 INFO tools.search: TavilyClient(api_key='{v}') ready", [v]))("tvly-" + r(32)))
secret("firecrawl/api-key", "cli_flag", generated("Firecrawl API key (`fc-` and 32 hex digits)"))(
    lambda: (lambda v: (f"$ npx firecrawl-cli crawl https://docs.example.com --limit 50 --api-key={v}", [v]))("fc-" + r(32, HX)))
AX = public("Axiom's documentation quoted in public repositories (API tokens start `xaat-`, personal tokens `xapt-`, then a UUID)")
secret("axiom/api-token", "header", AX)(lambda: (lambda v: (
    f"POST /v1/datasets/web-logs/ingest HTTP/1.1\nHost: api.axiom.co\nAuthorization: Bearer {v}\nContent-Type: application/x-ndjson", [v]))(
    "xaat-" + u4()))
secret("axiom/personal-token", "env", AX)(lambda: alone_named("AXIOM_TOKEN=", "xapt-" + u4()))
HC = generated("Honeycomb ingest key (`hcaik_` and 58 lowercase characters)")
secret("honeycomb/ingest-key", "yaml", HC)(lambda: (lambda v: (
    f"exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443\n    headers:\n      x-honeycomb-team: {v}", [v]))("hcaik_01" + r(56, LO)))
secret("honeycomb/ingest-key", "wrapped", HC)(lambda: (lambda v: (
    f"[otel-exporter] 08:01:33 exporting 512 spans with headers {{'x-honeycomb-team': '{v[:40]}\n"
    f"[otel-exporter] 08:01:33 {v[40:]}'}} -> 200", [v[:40], v[40:]]))("hcaik_01" + r(56, LO)))
LF = public("public repositories configuring Langfuse (`sk-lf-` secret keys beside `pk-lf-` public keys)")
secret("langfuse/secret-key", "env", LF)(lambda: (lambda v: (
    f"LANGFUSE_PUBLIC_KEY=pk-lf-{u4()}\nLANGFUSE_SECRET_KEY={v}\nLANGFUSE_HOST=https://cloud.langfuse.com", [v]))("sk-lf-" + u4()))
secret("langfuse/secret-key", "bytes_literal", LF)(lambda: (lambda v: (
    f"auth = base64.b64encode(b\"pk-lf-{u4()}:{v}\")", [v]))("sk-lf-" + u4()))
AK = public("public EdgeGrid client code and .edgerc examples (`akab-` client and access tokens, a 44-character base64 client secret)")
secret("akamai/edgegrid-credentials", "ini", AK)(lambda: (lambda host, cs, at, ct: (
    f"[default]\nclient_secret = {cs}\nhost = {host}.luna.akamaiapis.net\naccess_token = {at}\nclient_token = {ct}", [cs, at, ct]))(
    "akab-" + r(16, LO) + "-" + r(16, LO), b64(32), "akab-" + r(16, LO) + "-" + r(16, LO), "akab-" + r(16, LO) + "-" + r(16, LO)))
secret("scaleway/secret-key", "env", generated("Scaleway API key pair (access key `SCW` and 17 characters; the secret key a UUID)"))(
    lambda: (lambda ak, sk: (f"SCW_ACCESS_KEY={ak}\nSCW_SECRET_KEY={sk}\nSCW_DEFAULT_PROJECT_ID={u4()}", [sk]))(
        "SCW" + r(17, UP), u4()))
secret("backblaze/application-key", "cli_flag", generated("Backblaze B2 application key (`K00` and 28 characters) with its key id"))(
    lambda: (lambda kid, key: (f"$ b2 account authorize {kid} {key}\nLocation of info file: ~/.b2_account_info", [key]))(
        "005" + r(22, HX), "K005" + r(27)))
secret("rancher/api-token", "tool_output", generated("Rancher API token (`token-` and 5 characters, a colon, 54 characters)"))(
    lambda: (lambda v: (f"$ rancher token create --description ci\nBearer Token: {v}\nSave it now; it will not be shown again.", [v]))(
        "token-" + r(5, LO) + ":" + r(54, LO)))
secret("portainer/access-token", "header", generated("Portainer access token (`ptr_` prefix, sent as `X-API-Key`)"))(
    lambda: (lambda v: (f"curl -H 'X-API-Key: {v}' https://portainer.example.com/api/endpoints", [v]))("ptr_" + r(43, B64)))
secret("pubnub/secret-key", "code", generated("PubNub secret key (`sec-c-` prefix)"))(
    lambda: (lambda v: (f"pnconfig.publish_key = \"pub-c-{u4()}\"\npnconfig.secret_key = \"{v}\"", [v]))("sec-c-" + r(48, B64)))
STY = generated("Stytch project secret (`secret-live-` or `secret-test-` prefix)")
secret("stytch/secret", "escaped_json", STY)(lambda: (lambda v: (
    json.dumps(json.dumps({"project_id": "project-live-" + u4(), "secret": v})), [v]))("secret-live-" + r(36, U64)))
secret("stytch/secret", "prose", STY)(lambda: (lambda v: (
    f"Der Stytch-Secret ist {v}, bitte nur in der CI hinterlegen.", [v]))("secret-live-" + r(36, U64)))
CLERK = generated("Clerk secret key (`sk_live_` and 40 characters; Clerk's publishable keys start `pk_live_`)")
secret("clerk/secret-key", "env", CLERK)(lambda: (lambda v: (
    f"NEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in\nCLERK_SECRET_KEY={v}", [v]))("sk_live_" + r(40)))
secret("clerk/secret-key", "dockerfile", CLERK)(lambda: (lambda v: (
    f"FROM node:22-alpine\nARG CLERK_KEY={v}\nENV CLERK_SECRET_KEY=$CLERK_KEY\nRUN pnpm build", [v]))("sk_live_" + r(40)))
secret("definednetworking/api-key", "cli_flag", public(GITLEAKS + ", rule defined-networking-api-token (`dnkey-`, 26 and 52 characters)"))(
    lambda: (lambda v: (f"$ dnclient enroll --api-key \"{v}\" --network prod-mesh", [v]))(
        "dnkey-" + r(26, LO + "=_-") + "-" + r(52, LO + "=_-")))
secret("intra42/client-secret", "yaml", public(GITLEAKS + ", rule intra42-client-secret (`s-s4t2ud-` or `s-s4t2af-` and 64 hex digits)"))(
    lambda: (lambda v: (f"oauth:\n  provider: 42\n  client_id: u-s4t2ud-{r(64, HX)}\n  client_secret: {v}", [v]))(
        "s-s4t2ud-" + r(64, HX)))
secret("e2b/api-key", "code", generated("E2B sandbox API key (`e2b_` and 40 hex digits)"))(
    lambda: (lambda v: (f"sandbox = Sandbox(api_key=\"{v}\", template=\"base\")", [v]))("e2b_" + r(40, HX)))
VC = generated("Vercel access token (the 2025 prefixed form, `vcp_`)")
secret("vercel/access-token", "cli_flag", VC)(lambda: (lambda v: (
    f"$ vercel deploy --prod --token {v} --yes", [v]))("vcp_" + r(56)))
secret("vercel/access-token", "xml", VC)(lambda: (lambda v: (
    f"<deployment>\n  <provider>vercel</provider>\n  <token>{v}</token>\n</deployment>", [v]))("vcp_" + r(56)))
PM = generated("Postmark server token (a UUID, sent as `X-Postmark-Server-Token`)")
secret("postmark/server-token", "header", PM)(lambda: (lambda v: (
    f"POST /email HTTP/1.1\nHost: api.postmarkapp.com\nX-Postmark-Server-Token: {v}\nAccept: application/json", [v]))(u4()))
secret("postmark/server-token", "csv", PM)(lambda: (lambda v: (
    f"service,setting,value\nmail,server_token,{v}\nmail,from,noreply@example.com", [v]))(u4()))
secret("kaggle/api-key", "json", generated("Kaggle API credentials (kaggle.json: a username and a 32-hex key)"))(
    lambda: (lambda v: (json.dumps({"username": "dana" + r(4, string.digits), "key": v}), [v]))(r(32, HX)))
secret("turso/auth-token", "env", generated("Turso database auth token (an EdDSA-signed JWT)"))(
    lambda: (lambda v: (f"TURSO_DATABASE_URL=libsql://app-dana.turso.io\nTURSO_AUTH_TOKEN={v}", [v]))(
        jwt({"a": "rw", "iat": 1764979200, "id": u4()}, "EdDSA")))
secret("turso/auth-token", "url", generated("Turso database auth token (an EdDSA-signed JWT) in a libsql URL"))(
    lambda: (lambda v: (f"connecting to libsql://app-dana.turso.io?authToken={quote(v, safe='')}", [quote(v, safe="")]))(
        jwt({"a": "ro", "iat": 1764979200, "id": u4()}, "EdDSA")))
secret("gitea/access-token", "netrc", generated("Gitea access token (40 hex digits) in a .netrc line"))(
    lambda: (lambda v: (f"machine git.example.org login dana password {v}", [v]))(r(40, HX)))
secret("gitea/access-token", "url", generated("Gitea access token (40 hex digits) as a git remote's user info"))(
    lambda: (lambda v: (f"$ git remote -v\norigin\thttps://dana:{v}@git.example.org/dana/app.git (fetch)", [v]))(r(40, HX)))
secret("cockroachdb/password", "connection_string", generated("CockroachDB Cloud SQL user password in a connection string"))(
    lambda: (lambda v: (f"DATABASE_URL=postgresql://app:{v}@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full", [v]))(
        r(22, U64)))
secret("neo4j/password", "connection_string", generated("Neo4j Aura password in a connection URI"))(
    lambda: (lambda v: (f"driver = GraphDatabase.driver(\"neo4j+s://neo4j:{v}@{r(8, LO)}.databases.neo4j.io\")", [v]))(r(43, U64)))
secret("cloudsmith/api-key", "dockerfile", generated("Cloudsmith API key (40 hex digits) as a build argument"))(
    lambda: (lambda v: (f"ARG CLOUDSMITH_API_KEY={v}\nRUN pip install --index-url https://token:${{CLOUDSMITH_API_KEY}}@dl.cloudsmith.io/basic/acme/py/python/simple/ acme-core", [v]))(
        r(40, HX)))
secret("codecov/upload-token", "cli_flag", generated("Codecov upload token (a UUID after `-t`)"))(
    lambda: (lambda v: (f"$ codecovcli upload-process -t {v} -f coverage.xml", [v]))(u4()))
secret("snyk/api-token", "diff", generated("Snyk API token (a UUID after SNYK_TOKEN)"))(
    lambda: (lambda v: (f"@@ -11,3 +11,4 @@ jobs:\n     env:\n+      SNYK_TOKEN: {v}\n       NODE_ENV: test", [v]))(u4()))
secret("deepgram/api-key", "header", generated("Deepgram API key (40 hex digits, sent as `Authorization: Token`)"))(
    lambda: (lambda v: (f"curl -X POST -H \"Authorization: Token {v}\" --data-binary @call.wav https://api.deepgram.com/v1/listen", [v]))(r(40, HX)))
secret("elevenlabs/api-key", "escaped_json", generated("ElevenLabs API key (`sk_` and 48 hex digits, header `xi-api-key`)"))(
    lambda: (lambda v: (json.dumps(json.dumps({"headers": {"xi-api-key": v}, "voice": "Rachel"})), [v]))("sk_" + r(48, HX)))
secret("cerebras/api-key", "prose", generated("Cerebras inference API key (`csk-` and 48 characters)"))(
    lambda: (lambda v: (f"新しいキーは {v} です。前のものは無効にしました。", [v]))("csk-" + r(48, LO)))
secret("fireworks/api-key", "log", generated("Fireworks AI API key (`fw_` and 24 characters)"))(
    lambda: (lambda v: (f"[2026-12-06 07:55:10] openai.OpenAI(base_url='https://api.fireworks.ai/inference/v1', api_key='{v}')", [v]))("fw_" + r(24)))
secret("together/api-key", "yaml", generated("Together AI API key (`tgp_v1_` prefix)"))(
    lambda: (lambda v: (f"llm:\n  provider: together\n  api_key: >-\n    {v}", [v]))("tgp_v1_" + r(43, U64)))
secret("hetzner/api-token", "tool_output", generated("Hetzner Cloud API token (64 characters, pasted at hcloud's prompt)"))(
    lambda: (lambda v: (f"$ hcloud context create prod\nToken: {v}\nContext prod created and activated", [v]))(r(64)))
secret("vultr/api-key", "env", generated("Vultr API key (36 upper-case characters)"))(lambda: alone_named("VULTR_API_KEY=", r(36, UP)))
secret("linode/pat", "ini", generated("Linode (Akamai Cloud) personal access token (64 hex digits) in linode-cli's config"))(
    lambda: (lambda v: (f"[DEFAULT]\ndefault-user = dana\n\n[dana]\ntoken = {v}\nregion = eu-central", [v]))(r(64, HX)))
secret("dsa/private-key", "pem", generated("a DSA private key in PEM armour (DER shape not checked; body lines random base64)"))(
    lambda: (lambda body: ("-----BEGIN DSA PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END DSA PRIVATE KEY-----", body))(pem_body(430)))
secret("pkcs8/encrypted-private-key", "yaml", generated("a PKCS#8 encrypted private key in a YAML block scalar"))(
    lambda: (lambda body: ("tls:\n  key: |\n    -----BEGIN ENCRYPTED PRIVATE KEY-----\n" + "\n".join("    " + line for line in body)
                           + "\n    -----END ENCRYPTED PRIVATE KEY-----\n  passphrase_env: TLS_KEY_PASS", body))(pem_body(180)))
secret("pkcs8/encrypted-private-key", "pem", generated("a PKCS#8 encrypted private key body, armour cut off by a pager"))(
    lambda: (lambda body: ("(END) lines 2-7 of key.pem\n" + "\n".join(body[:5]), body[:5]))(pem_body(400)))
secret("sourcehut/oauth-token", "netrc", generated("SourceHut personal access token (base64-like, about 100 characters) in .netrc"))(
    lambda: (lambda v: (f"machine git.sr.ht\n  login dana\n  password {v}", [v]))(r(104, B64)))


def alone_named(prefix: str, value: str) -> tuple[str, list[str]]:
    return prefix + value, [value]


# --- ordinary text ------------------------------------------------------------------------------

ordinary("git/ls-tree-listing", "tool_output", "git object ids are public content addresses")(
    lambda: "$ git ls-tree HEAD src/\n" + "\n".join(f"100644 blob {r(40, HX)}\tsrc/{n}.py" for n in ("app", "cli", "db")))
ordinary("git/reflog-lines", "tool_output", "git object ids are public content addresses")(
    lambda: f"{r(12, HX)} HEAD@{{0}}: commit: tidy parser\n{r(12, HX)} HEAD@{{1}}: checkout: moving from main to fix/parser")
ordinary("git/diff-index-line", "diff", "blob ids in a diff header")(
    lambda: f"diff --git a/src/app.py b/src/app.py\nindex {r(12, HX)}..{r(12, HX)} 100644\n--- a/src/app.py\n+++ b/src/app.py")
ordinary("git/commit-url", "url", "a commit link on a forge")(
    lambda: f"See https://github.com/acme/app/commit/{r(40, HX)} for the change.")
ordinary("uuid/sql-insert", "code", "row ids")(
    lambda: f"INSERT INTO orders (id, customer_id, status) VALUES ('{u4()}', '{u4()}', 'paid');")
ordinary("uuid/idempotency-header", "header", "an idempotency key is chosen per request and grants nothing")(
    lambda: f"> POST /v1/charges HTTP/1.1\n> Idempotency-Key: {u4()}\n> Content-Type: application/json")
ordinary("uuid/csv-export", "csv", "row ids in an export")(
    lambda: "id,name,created\n" + "\n".join(f"{u4()},item-{n},2026-12-0{n}" for n in (1, 2, 3)))
ordinary("lockfile/package-lock-entry", "json", "npm lockfile integrity is a public content hash")(
    lambda: json.dumps({"node_modules/zod": {"version": "3.23.8", "resolved": "https://registry.npmjs.org/zod/-/zod-3.23.8.tgz",
                                              "integrity": "sha512-" + b64(64)}}))
ordinary("lockfile/bun-lock-line", "code", "lockfile integrity is a public content hash")(
    lambda: f"    \"hono\": [\"hono@4.6.13\", \"\", {{}}, \"sha512-{b64(64)}\"],")
ordinary("lockfile/composer-dist-shasum", "json", "a package archive's checksum")(
    lambda: json.dumps({"name": "monolog/monolog", "version": "3.8.0", "dist": {"type": "zip", "shasum": r(40, HX)}}))
ordinary("lockfile/wheel-record", "csv", "RECORD lines of an installed wheel: file hashes")(
    lambda: "\n".join(f"requests/{n}.py,sha256={base64.urlsafe_b64encode(bytes(R.randrange(256) for _ in range(32))).decode().rstrip('=')},{R.randrange(900, 20000)}"
                      for n in ("api", "models", "sessions")))
ordinary("lockfile/nuget-content-hash", "json", "a NuGet lock file's content hash")(
    lambda: json.dumps({"Newtonsoft.Json": {"type": "Direct", "requested": "[13.0.3, )", "resolved": "13.0.3", "contentHash": b64(64)}}))
ordinary("docker/pull-by-digest", "cli_flag", "image digests are public content addresses")(
    lambda: f"$ docker pull --platform linux/amd64 ghcr.io/acme/api@sha256:{r(64, HX)}")
ordinary("docker/compose-image-digest", "yaml", "image digests are public content addresses")(
    lambda: f"services:\n  db:\n    image: postgres:16@sha256:{r(64, HX)}\n    restart: unless-stopped")
ordinary("docker/buildx-layer-log", "log", "build log layer digests")(
    lambda: f"#7 [3/5] RUN pip install -r requirements.txt\n#7 sha256:{r(64, HX)} 31.2MB / 31.2MB 2.1s done")
ordinary("image/base64-gif-css", "code", "an inline image")(
    lambda: f".spinner {{ background: url(data:image/gif;base64,R0lGODlh{b64(60)}) no-repeat; }}")
ordinary("image/base64-webp-json", "json", "an inline image in an API response")(
    lambda: json.dumps({"thumbnail": "data:image/webp;base64,UklGR" + b64(75), "width": 64}))
ordinary("image/base64-icon-markdown", "prose", "an inline image in Markdown")(
    lambda: f"The badge is ![ok](data:image/svg+xml;base64,PHN2ZyB4bWxucz0i{b64(48)}) in the README.")
ordinary("certificate/known-hosts-line", "tool_output", "host public keys")(
    lambda: f"$ ssh-keyscan github.com\ngithub.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{r(43, B64)}")
ordinary("certificate/chain-in-yaml", "yaml", "a public certificate")(
    lambda: "ca_bundle: |\n  -----BEGIN CERTIFICATE-----\n" + "\n".join("  " + line for line in pem_body(180)) + "\n  -----END CERTIFICATE-----")
ordinary("certificate/openssl-fingerprint", "tool_output", "a certificate fingerprint")(
    lambda: "$ openssl x509 -noout -fingerprint -sha256 -in cert.pem\nsha256 Fingerprint=" + ":".join(r(2, "0123456789ABCDEF") for _ in range(32)))
ordinary("public-key/authorized-keys-ed25519", "code", "an SSH public key")(
    lambda: f"# ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{r(43, B64)} ci@build-01")
ordinary("public-key/rsa-pub-in-terraform", "code", "an SSH public key in infrastructure code")(
    lambda: f"resource \"aws_key_pair\" \"deploy\" {{\n  public_key = \"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{r(300, B64)} deploy\"\n}}")
ordinary("public-key/gpg-fingerprint", "prose", "a public key's fingerprint")(
    lambda: "Releases are signed with the key " + " ".join(r(4, "0123456789ABCDEF") for _ in range(10)) + "; verify before installing.")
ordinary("public-key/cosign-pub", "tool_output", "a public verification key")(
    lambda: "$ cat cosign.pub\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + r(28, B64) + "\n" + r(60, B64) + "==\n-----END PUBLIC KEY-----")
ordinary("hash/sha256sums-file", "tool_output", "checksums of release files")(
    lambda: "$ cat SHA256SUMS\n" + "\n".join(f"{r(64, HX)}  app_1.9.0_{a}.tar.gz" for a in ("linux_amd64", "darwin_arm64")))
ordinary("hash/b2sum-output", "tool_output", "a BLAKE2 checksum")(lambda: f"$ b2sum model.safetensors\n{r(128, HX)}  model.safetensors")
ordinary("hash/content-hashed-assets", "xml", "content-hashed asset names")(
    lambda: f"<script type=\"module\" src=\"/assets/main.{r(8, HX)}.js\" integrity=\"sha384-{b64(48)}\" crossorigin=\"anonymous\"></script>")
ordinary("hash/s3-multipart-etag", "json", "an S3 ETag is a content hash")(
    lambda: json.dumps({"Key": "backups/2026-12-05.tar.zst", "ETag": f"\"{r(32, HX)}-{R.randrange(2, 90)}\"", "Size": R.randrange(10**8, 10**10)}))
ordinary("hash/helm-chart-digest", "yaml", "a chart's digest in Chart.lock")(
    lambda: f"dependencies:\n- name: redis\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: 20.4.0\ndigest: sha256:{r(64, HX)}")
ordinary("hash/bitcoin-txid", "prose", "a public transaction id")(
    lambda: f"The refund went out in transaction {r(64, HX)}; it needs three confirmations.")
ordinary("trace/b3-headers", "header", "trace ids")(
    lambda: f"X-B3-TraceId: {r(32, HX)}\nX-B3-SpanId: {r(16, HX)}\nX-B3-Sampled: 1")
ordinary("trace/otel-json-span", "escaped_json", "trace and span ids")(
    lambda: json.dumps(json.dumps({"traceId": r(32, HX), "spanId": r(16, HX), "name": "GET /health"})))
ordinary("trace/aws-xray-header", "log", "an AWS X-Ray trace header")(
    lambda: f"2026-12-06T09:00:01Z request handled X-Amzn-Trace-Id=Root=1-{r(8, HX)}-{r(24, HX)};Parent={r(16, HX)};Sampled=1")
ordinary("ids/ksuid-in-log", "log", "sortable public ids")(lambda: f"level=info msg=\"job queued\" job_id={r(27, AL)} queue=emails")
ordinary("ids/nanoid-share-url", "url", "a share link's public id")(
    lambda: f"https://excalidraw.example.com/#room={r(20, U64)}")
ordinary("ids/k8s-object-uid", "yaml", "an object's uid")(
    lambda: f"metadata:\n  name: api-7c9f\n  namespace: prod\n  uid: {u4()}\n  resourceVersion: \"{R.randrange(10**6, 10**8)}\"")
ordinary("ids/youtube-and-drive-links", "prose", "public ids in links")(
    lambda: f"Watch https://www.youtube.com/watch?v={r(11, U64)} and the notes at https://drive.google.com/file/d/{r(33, U64)}/view")
ordinary("names/tokenizer-config", "json", "a file name and keys that merely contain 'token'")(
    lambda: json.dumps({"tokenizer_class": "LlamaTokenizerFast", "bos_token": "<s>", "eos_token": "</s>", "model_max_length": 8192,
                        "source": "tokenizer_config.json"}))
ordinary("names/secret-santa", "code", "identifiers that merely contain 'secret'")(
    lambda: "def assign_secret_santa(participants: list[str]) -> dict[str, str]:\n    secret_santa_pairs = shuffle_pairs(participants)")
ordinary("names/password-reset-url", "code", "identifiers that merely contain 'password'")(
    lambda: "password_reset_url = reverse(\"accounts:password_reset_confirm\", kwargs={\"uidb64\": uid})")
ordinary("names/key-columns", "code", "schema names that merely contain 'key' and 'token'")(
    lambda: "CREATE TABLE api_keys (id bigint PRIMARY KEY, key_prefix char(8), key_hash bytea, last_token_refresh timestamptz);")
ordinary("names/secret-manager-refs", "ini", "references to secrets, not secrets")(
    lambda: "[database]\npassword_secret_id = projects/acme/secrets/db-password/versions/latest\ntoken_file = /var/run/secrets/tokens/vault-token")
ordinary("names/key-vault-ref", "env", "an Azure App Service Key Vault reference")(
    lambda: "DB_PASSWORD=@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/db-password/)")
ordinary("docs/placeholder-sk-dots", "prose", "documentation placeholders")(
    lambda: "Set `OPENAI_API_KEY=sk-...xxxx` in your shell; the key shown in the dashboard looks like `sk-proj-****`.")
ordinary("docs/placeholder-angle", "env", "documentation placeholders")(
    lambda: "API_KEY=<YOUR_API_KEY>\nAPI_SECRET=<YOUR_API_SECRET>\nWEBHOOK_SECRET=<paste from the dashboard>")
ordinary("docs/placeholder-x-run", "cli_flag", "documentation placeholders")(
    lambda: "$ mycli login --token xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx --org YOUR_ORG")
ordinary("docs/placeholder-redacted-json", "json", "already-redacted values")(
    lambda: json.dumps({"api_key": "********", "secret": "[REDACTED]", "password": "${DB_PASSWORD}"}))
ordinary("docs/placeholder-dockerfile-arg", "dockerfile", "a build argument with no value")(
    lambda: "ARG NPM_TOKEN\nRUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) pnpm install")
ordinary("docs/netrc-default-anonymous", "netrc", "an anonymous .netrc entry")(
    lambda: "machine ftp.example.org login anonymous password guest@example.org")
ordinary("lockfile/deno-lock-entry", "json", "lockfile integrity is a public content hash")(
    lambda: json.dumps({"jsr:@std/path@1.0.8": {"integrity": r(64, HX)}}))
ordinary("uuid/guid-in-project-file", "xml", "project GUIDs")(
    lambda: f"<PropertyGroup>\n  <ProjectGuid>{{{u4().upper()}}}</ProjectGuid>\n  <UserSecretsId>{u4()}</UserSecretsId>\n</PropertyGroup>")
ordinary("encoded/base64-protobuf-descriptor", "code", "a serialized schema, not a credential")(
    lambda: f"DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(base64.b64decode(\"Cg1hcGkvdjEucHJvdG8S{b64(90)}\"))")
ordinary("encoded/base64-test-fixture-bytes", "bytes_literal", "fixture bytes")(
    lambda: f"FIXTURE = b\"{b64(45)}\"  # a 45-byte gzip header sample")
ordinary("encoded/long-hex-color-palette", "code", "colours")(
    lambda: "PALETTE = [" + ", ".join(f"\"#{r(6, HX)}\"" for _ in range(8)) + "]")
ordinary("versions/pep440-and-semver", "tool_output", "version strings")(
    lambda: f"Resolved 42 packages: fastapi==0.115.{R.randrange(9)} pydantic-core==2.27.{R.randrange(9)} uvicorn==0.32.1\n+ tslib@2.8.1 + typescript@5.7.2")
ordinary("ids/arn-with-account", "yaml", "resource names")(
    lambda: f"role_arn: arn:aws:iam::{r(12, string.digits)}:role/github-actions-deploy\nkms_key_id: arn:aws:kms:eu-west-1:{r(12, string.digits)}:key/{u4()}")
ordinary("ids/gcp-project-numbers", "tool_output", "public project ids")(
    lambda: f"$ gcloud projects list\nPROJECT_ID       NAME      PROJECT_NUMBER\nacme-prod-{r(4, LO)}   acme-prod  {r(12, string.digits)}")
ordinary("pem/public-key-block", "pem", "a public key in PEM armour")(
    lambda: "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + r(20, B64) + "\n" + "\n".join(pem_body(200)) + "\n-----END PUBLIC KEY-----")
ordinary("log/wrapped-sha-lines", "wrapped", "a checksum wrapped across two log lines")(
    lambda: (lambda h: f"[verify] 09:14:02 expected sha256 {h[:40]}\n[verify] 09:14:02 {h[40:]} ok")(r(64, HX)))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first, then ordinary text."""
    part = Part(DRAWN)
    for fmt, context, make, source in SECRETS:
        part.secret(fmt, context, *make(), source)
    part.ordinary(ORDINARY)
    return part.items


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh2.jsonl")
