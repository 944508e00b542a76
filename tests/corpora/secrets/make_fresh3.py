"""Writes the third fresh held-out part of the secrets corpus, fresh3.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as the writer knows them, as each item's note says.
No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh3.py [OUT]   # default: fresh3.jsonl beside this file
"""

from __future__ import annotations

import json
from pathlib import Path

from fresh_kit import AL, B32, B58, B64, DG, HX, LO, U64, UP, Seeded, build_part, write

SEED = 20261208
DRAW = Seeded(SEED)
R, r, b64, u4, pem_lines = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4, DRAW.pem_lines


DRAWN = f"value drawn by make_fresh3.py (seed {SEED})"


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low = name.lower()
    texts = {
        "env": f"# {tool}\n{name}={value}",
        "json": json.dumps({tool: {low: value, "region": "eu"}}, indent=2),
        "escaped_json": "request body: " + json.dumps(json.dumps({"provider": tool, low: value})),
        "cli_flag": f"$ {tool} login --{low.replace('_', '-')} {value} --profile ci",
        "prose": f"The {tool} one you asked for: {value} (I'll rotate it after the demo).",
        "tool_output": f"$ {tool} credentials show\n{value}\n$ ",
        "diff": f"diff --git a/.env.staging b/.env.staging\n--- a/.env.staging\n+++ b/.env.staging\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"{name} = b\"{value}\"",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: {value}",
        "csv": f"service,field,value,rotated\n{tool},{low},{value},2026-11-28",
        "url": f"curl -s 'https://api.{tool}.example.com/v2/ping?{low}={value}&verbose=1'",
        "header": f"> POST /v1/events HTTP/1.1\n> Host: api.{tool}.example.com\n> Authorization: Bearer {value}",
        "log": f"2026-12-05T21:14:09.331Z DEBUG [{tool}-client] configured with {low}={value}",
        "connection_string": f"{tool.upper()}_URL=https://ci-bot:{value}@{tool}.internal.example.net:8443/api",
        "code": f"client = {tool.capitalize()}Client({low}=\"{value}\", timeout=30)",
        "ini": f"[{tool}]\nendpoint = https://api.{tool}.example.com\n{low} = {value}",
        "xml": f"<{tool}Settings>\n  <{low}>{value}</{low}>\n</{tool}Settings>",
        "dockerfile": f"FROM python:3.12-slim\nENV {name}={value}\nRUN pip install {tool}-sdk",
        "netrc": f"machine api.{tool}.example.com\n  login ci-bot\n  password {value}",
        "toml": f"[{tool}]\n{low} = \"{value}\"\nretries = 3",
        "shell_history": f": 1764969211:0;cd ~/work/shop\n: 1764969230:0;export {name}={value}\n: 1764969241:0;make sync",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 4, "metadata": {},
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n"], "outputs": []}),
    }
    if context == "wrapped":
        cut = len(value) // 2
        return (f"[{tool}] 10:02:11 auth failed for {low}={value[:cut]}\n[{tool}] 10:02:11 {value[cut:]} (will retry)",
                [value[:cut], value[cut:]])
    return texts[context], [value]


SECRETS: list[tuple[str, str, str, str, object, str]] = []  # (format, context, NAME, tool, draw, what)

S = SECRETS.append
S(("algolia/admin-api-key", "env", "ALGOLIA_ADMIN_KEY", "algolia", lambda: r(32, HX), "Algolia admin API key (32 hex digits)"))
S(("algolia/admin-api-key", "code", "ADMIN_KEY", "algolia", lambda: r(32, HX), "Algolia admin API key (32 hex digits)"))
S(("adyen/api-key", "header", "X_API_KEY", "adyen", lambda: "AQE" + r(14) + "+" + r(40) + "=-" + r(44) + "=-" + r(20),
   "Adyen API key (`AQE` prefix, base64 pieces joined by `-`)"))
S(("amplitude/secret-key", "ini", "SECRET_KEY", "amplitude", lambda: r(32, HX), "Amplitude secret key (32 hex digits)"))
S(("apify/api-token", "cli_flag", "TOKEN", "apify", lambda: "apify_api_" + r(36), "Apify API token (`apify_api_` and 36 characters)"))
S(("bitly/access-token", "prose", "TOKEN", "bitly", lambda: r(40, HX), "Bitly generic access token (40 hex digits)"))
S(("box/client-secret", "json", "CLIENT_SECRET", "box", lambda: r(32), "Box app client secret (32 characters)"))
S(("browserstack/access-key", "connection_string", "ACCESS_KEY", "browserstack", lambda: r(20),
   "BrowserStack access key (20 characters, used as the password of the hub URL)"))
S(("chargebee/api-key", "cli_flag", "API_KEY", "chargebee", lambda: "live_" + r(34), "Chargebee full-access key (`live_` prefix)"))
S(("coveralls/repo-token", "yaml", "REPO_TOKEN", "coveralls", lambda: r(33), "Coveralls repository token (33 characters)"))
S(("crowdstrike/client-secret", "toml", "CLIENT_SECRET", "falcon", lambda: r(40), "CrowdStrike Falcon API client secret (40 characters)"))
S(("dbt-cloud/service-token", "header", "TOKEN", "dbt", lambda: "dbtc_" + r(56, U64), "dbt Cloud service token (`dbtc_` prefix)"))
S(("expo/access-token", "log", "EXPO_TOKEN", "eas", lambda: r(40, U64), "Expo robot access token (40 URL-safe characters)"))
S(("fauna/secret", "code", "SECRET", "fauna", lambda: "fnA" + r(37, U64), "Fauna database secret (`fnA` prefix)"))
S(("fauna/secret", "wrapped", "SECRET", "fauna", lambda: "fnA" + r(37, U64), "Fauna database secret (`fnA` prefix)"))
S(("hasura/admin-secret", "header", "X_HASURA_ADMIN_SECRET", "hasura", lambda: r(48), "Hasura GraphQL admin secret (free text, here 48 characters)"))
S(("infisical/service-token", "dockerfile", "INFISICAL_TOKEN", "infisical",
   lambda: "st." + u4() + "." + r(32, HX) + "." + r(32, HX), "Infisical service token (`st.`, a UUID and two hex parts)"))
S(("lokalise/api-token", "shell_history", "LOKALISE_API_TOKEN", "lokalise", lambda: r(40, HX), "Lokalise API token (40 hex digits)"))
S(("mailjet/secret-key", "netrc", "SECRET_KEY", "mailjet", lambda: r(32, HX), "Mailjet API secret key (32 hex digits, the basic-auth password)"))
S(("meilisearch/master-key", "dockerfile", "MEILI_MASTER_KEY", "meilisearch", lambda: r(44, U64), "Meilisearch master key (free text, here 44 characters)"))
S(("mercury/api-token", "env", "MERCURY_API_TOKEN", "mercury",
   lambda: "secret-token:mercury_production_wma_" + r(40) + "_yrucrem", "Mercury bank API token (`secret-token:mercury_production_` prefix, `_yrucrem` suffix)"))
S(("mistral/api-key", "notebook", "MISTRAL_API_KEY", "mistral", lambda: r(32), "Mistral AI API key (32 characters)"))
S(("modal/token-secret", "toml", "TOKEN_SECRET", "modal", lambda: "as-" + r(22), "Modal token secret (`as-` prefix; the id starts `ak-`)"))
S(("onesignal/rest-api-key", "code", "REST_API_KEY", "onesignal", lambda: "os_v2_app_" + r(113, LO[:26] + "234567"),
   "OneSignal REST API key (`os_v2_app_` and lower-case base32)"))
S(("opsgenie/api-key", "header", "GENIE_KEY", "opsgenie", lambda: "GenieKey " + u4(), "Opsgenie API key (a UUID after `GenieKey`)"))
S(("pagerduty/api-token", "cli_flag", "TOKEN", "pagerduty", lambda: r(20, AL + "_-"), "PagerDuty REST API token (20 characters with `_` and `-`)"))
S(("pusher/app-secret", "json", "SECRET", "pusher", lambda: r(20, HX), "Pusher Channels app secret (20 hex digits)"))
S(("rollbar/access-token", "yaml", "ACCESS_TOKEN", "rollbar", lambda: r(32, HX), "Rollbar server-side access token (32 hex digits)"))
S(("runpod/api-key", "env", "RUNPOD_API_KEY", "runpod", lambda: "rpa_" + r(40, UP), "RunPod API key (`rpa_` and 40 upper-case characters)"))
S(("sanity/api-token", "escaped_json", "TOKEN", "sanity", lambda: "sk" + r(180), "Sanity API token (`sk` and about 180 characters)"))
S(("segment/write-key", "code", "WRITE_KEY", "segment", lambda: r(32), "Segment source write key (32 characters)"))
S(("shortcut/api-token", "env", "SHORTCUT_API_TOKEN", "shortcut", u4, "Shortcut API token (a UUID)"))
S(("sparkpost/api-key", "header", "API_KEY", "sparkpost", lambda: r(40, HX), "SparkPost API key (40 hex digits)"))
S(("todoist/api-token", "cli_flag", "API_TOKEN", "todoist", lambda: r(40, HX), "Todoist API token (40 hex digits)"))
S(("trello/api-token", "url", "TOKEN", "trello", lambda: "ATTA" + r(64, HX) + r(8, UP), "Trello API token (`ATTA` and 72 characters)"))
S(("vonage/api-secret", "csv", "API_SECRET", "vonage", lambda: r(16), "Vonage (Nexmo) API secret (16 characters)"))
S(("woocommerce/consumer-secret", "url", "CONSUMER_SECRET", "woocommerce", lambda: "cs_" + r(40, HX), "WooCommerce REST consumer secret (`cs_` and 40 hex digits)"))
S(("woocommerce/consumer-key", "ini", "CONSUMER_KEY", "woocommerce", lambda: "ck_" + r(40, HX), "WooCommerce REST consumer key (`ck_` and 40 hex digits)"))
S(("zoom/client-secret", "ini", "CLIENT_SECRET", "zoom", lambda: r(32), "Zoom server-to-server OAuth client secret (32 characters)"))
S(("mattermost/access-token", "header", "TOKEN", "mattermost", lambda: r(26, LO[:26] + DG), "Mattermost personal access token (26 lower-case characters)"))
S(("sumologic/access-key", "xml", "ACCESS_KEY", "sumologic", lambda: r(64), "Sumo Logic access key (64 characters; the id starts `su`)"))
S(("bugsnag/api-key", "xml", "API_KEY", "bugsnag", lambda: r(32, HX), "Bugsnag integration API key (32 hex digits)"))
S(("honeybadger/api-key", "env", "HONEYBADGER_API_KEY", "honeybadger", lambda: "hbp_" + r(36), "Honeybadger personal token (`hbp_` prefix)"))
S(("mixpanel/service-account-secret", "prose", "SECRET", "mixpanel", lambda: r(32), "Mixpanel service-account secret (32 characters)"))
S(("assemblyai/api-key", "escaped_json", "API_KEY", "assemblyai", lambda: r(32, HX), "AssemblyAI API key (32 hex digits)"))
S(("stability/api-key", "notebook", "STABILITY_API_KEY", "stability", lambda: "sk-" + r(48), "Stability AI API key (`sk-` and 48 characters)"))
S(("voyage/api-key", "log", "API_KEY", "voyage", lambda: "pa-" + r(43, U64), "Voyage AI API key (`pa-` prefix)"))
S(("exoscale/api-secret", "toml", "API_SECRET", "exoscale", lambda: r(43, U64), "Exoscale API secret (43 URL-safe characters)"))
S(("exoscale/api-key", "cli_flag", "API_KEY", "exoscale", lambda: "EXO" + r(24, HX), "Exoscale API key (`EXO` and 24 hex digits)"))
S(("ovh/application-secret", "ini", "APPLICATION_SECRET", "ovh", lambda: r(32), "OVHcloud application secret (32 characters)"))
S(("civo/api-key", "tool_output", "API_KEY", "civo", lambda: r(50), "Civo API key (50 characters)"))
S(("railway/api-token", "bytes_literal", "RAILWAY_TOKEN", "railway", u4, "Railway project token (a UUID)"))
S(("teamcity/access-token", "log", "TOKEN", "teamcity",
   lambda: "eyJ0eXAiOiAiVENWMiJ9." + r(36, U64) + "." + r(48, U64), "TeamCity access token (`eyJ0eXAiOiAiVENWMiJ9.` header, two parts)"))
S(("bitrise/access-token", "yaml", "ACCESS_TOKEN", "bitrise", lambda: r(86, U64), "Bitrise personal access token (86 URL-safe characters)"))
S(("mercadopago/access-token", "header", "ACCESS_TOKEN", "mercadopago",
   lambda: f"APP_USR-{r(16, DG)}-{r(6, DG)}-{r(32, HX)}-{r(9, DG)}", "Mercado Pago production access token (`APP_USR-` and four parts)"))
S(("paypal/client-secret", "diff", "PAYPAL_CLIENT_SECRET", "paypal", lambda: "E" + r(79, U64), "PayPal REST client secret (80 URL-safe characters)"))
S(("checkout/secret-key", "code", "SECRET_KEY", "checkout", lambda: "sk_sbox_" + r(26, LO), "Checkout.com sandbox secret key (`sk_sbox_` prefix)"))
S(("kinde/client-secret", "prose", "CLIENT_SECRET", "kinde", lambda: r(48), "Kinde M2M client secret (48 characters)"))
S(("keycloak/client-secret", "json", "SECRET", "keycloak", lambda: r(32), "Keycloak confidential client secret (32 characters)"))
S(("nats/nkey-seed", "wrapped", "SEED", "nats", lambda: "SU" + r(56, B32), "NATS nkey user seed (`SU` and base32)"))
S(("recurly/api-key", "shell_history", "RECURLY_API_KEY", "recurly", lambda: r(32, HX), "Recurly private API key (32 hex digits)"))
S(("pkcs12/bundle-base64", "wrapped", "P12", "signing", lambda: "MII" + r(120, B64), "a PKCS#12 key bundle in base64 (`MII` prefix)"))
S(("meilisearch/master-key", "notebook", "MEILI_MASTER_KEY", "meilisearch", lambda: r(32, U64), "Meilisearch master key (free text, here 32 characters)"))


def key_pem(kind: str) -> tuple[str, list[str]]:
    body = pem_lines(180)
    if kind == "apple":
        block = f"-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{body}\n-----END PRIVATE KEY-----"
        return f"$ cat AuthKey_{r(10, UP)}.p8 | head -4\n{block}", [body]
    block = ("---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"2048-bit rsa, deploy@build\"\n"
             f"{body}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----")
    return block, [body]


PEM = [("apple/app-store-connect-key", lambda: key_pem("apple"), "App Store Connect API key (a PKCS#8 EC key in an AuthKey_*.p8 file)"),
       ("ssh2/private-key", lambda: key_pem("ssh2"), "an SSH.com (SSH2/RFC 4716) private key block")]


# --- ordinary text: every character must stay -------------------------------------------------

ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, build() -> text, why it is ordinary)
O = ORDINARY.append
O(("git/describe-output", "tool_output", lambda: f"$ git describe --tags --long\nv2.{R.randrange(20)}.0-14-g{r(12, HX)}", "a version from git describe"))
O(("git/stash-list", "tool_output", lambda: f"$ git stash list\nstash@{{0}}: WIP on main: {r(7, HX)} fix flaky retry\nstash@{{1}}: On feat/cart: {r(7, HX)} wip", "stash entries"))
O(("git/blame-porcelain", "tool_output", lambda: f"{r(40, HX)} 12 12 1\nauthor Ana Lima\nauthor-time 1764900000\nsummary tighten parser", "a blame header"))
O(("git/cherry-pick-trailer", "diff", lambda: f"+Backport of the cache fix.\n+\n+(cherry picked from commit {r(40, HX)})", "a commit id in a trailer"))
O(("gerrit/change-id", "log", lambda: f"remote: SUCCESS\nremote:   https://review.example.org/c/core/+/48213 Fix locale [NEW]\nChange-Id: I{r(40, HX)}", "a Gerrit change id"))
O(("git/submodule-status", "tool_output", lambda: f"$ git submodule status\n {r(40, HX)} third_party/zlib (v1.3.1)\n+{r(40, HX)} vendor/proto (heads/main)", "submodule commits"))
O(("apk/index-checksum", "tool_output", lambda: f"P:musl\nV:1.2.5-r0\nC:Q1{r(27, B64)}=\nS:383152", "an Alpine APKINDEX checksum"))
O(("lockfile/gradle-verification", "xml", lambda: f"<component group=\"com.squareup.okio\" name=\"okio\" version=\"3.9.0\">\n  <artifact name=\"okio-3.9.0.jar\">\n    <sha256 value=\"{r(64, HX)}\" origin=\"Generated by Gradle\"/>\n  </artifact>\n</component>", "Gradle dependency verification"))
O(("lockfile/swift-package-resolved", "json", lambda: json.dumps({"identity": "swift-argument-parser", "kind": "remoteSourceControl", "state": {"revision": r(40, HX), "version": "1.5.0"}}, indent=2), "a pinned revision"))
O(("lockfile/pubspec-lock", "yaml", lambda: f"  http:\n    dependency: \"direct main\"\n    description:\n      name: http\n      sha256: \"{r(64, HX)}\"\n      url: \"https://pub.dev\"\n    version: \"1.2.2\"", "a pub.dev package hash"))
O(("lockfile/mix-lock", "code", lambda: f"  \"jason\": {{:hex, :jason, \"1.4.4\", \"{r(64, HX)}\", [:mix], [], \"hexpm\", \"{r(64, HX)}\"}},", "Hex package checksums"))
O(("lockfile/flake-lock-narhash", "json", lambda: json.dumps({"locked": {"lastModified": 1764000000, "narHash": "sha256-" + r(43, B64) + "=", "owner": "NixOS", "repo": "nixpkgs", "rev": r(40, HX), "type": "github"}}), "a Nix flake lock entry"))
O(("lockfile/podfile-lock", "yaml", lambda: f"SPEC CHECKSUMS:\n  Alamofire: {r(40, HX)}\n  SnapKit: {r(40, HX)}\n\nPODFILE CHECKSUM: {r(40, HX)}", "CocoaPods spec checksums"))
O(("lockfile/terraform-lock-hcl", "code", lambda: f"provider \"registry.terraform.io/hashicorp/aws\" {{\n  version = \"5.80.0\"\n  hashes = [\n    \"h1:{r(43, B64)}=\",\n    \"zh:{r(64, HX)}\",\n  ]\n}}", "provider hashes"))
O(("lockfile/uv-lock-wheel", "toml", lambda: f"wheels = [\n    {{ url = \"https://files.pythonhosted.org/packages/{r(2, HX)}/{r(2, HX)}/{r(60, HX)}/idna-3.10-py3-none-any.whl\", hash = \"sha256:{r(64, HX)}\", size = 70442 }},\n]", "a wheel hash in uv.lock"))
O(("lockfile/renv-lock", "json", lambda: json.dumps({"Package": "jsonlite", "Version": "1.8.9", "Source": "Repository", "Repository": "CRAN", "Hash": r(32, HX)}, indent=2), "an renv package hash"))
O(("lockfile/gemfile-checksums", "tool_output", lambda: f"CHECKSUMS\n  rack (3.1.8) sha256={r(64, HX)}\n  rake (13.2.1) sha256={r(64, HX)}", "Gemfile.lock checksums"))
O(("lockfile/conda-lock", "yaml", lambda: f"- name: numpy\n  version: 2.1.3\n  manager: conda\n  hash:\n    md5: {r(32, HX)}\n    sha256: {r(64, HX)}", "conda package hashes"))
O(("ids/discord-snowflake", "json", lambda: json.dumps({"channel_id": r(19, DG), "guild_id": r(18, DG), "message_id": r(19, DG)}), "public message ids"))
O(("ids/aws-resource-ids", "tool_output", lambda: f"$ aws ec2 describe-instances --query ...\ni-0{r(16, HX)}  ami-0{r(16, HX)}  sg-0{r(16, HX)}  vpc-0{r(16, HX)}", "EC2 resource ids"))
O(("ids/azure-resource-id", "url", lambda: f"https://portal.azure.com/#@contoso.onmicrosoft.com/resource/subscriptions/{u4()}/resourceGroups/rg-web/providers/Microsoft.Web/sites/shop-api", "a portal link with a subscription id"))
O(("ids/github-node-id", "json", lambda: json.dumps({"login": "octo-bot", "id": int(r(8, DG)), "node_id": "U_kgDO" + r(10)}), "a GraphQL node id"))
O(("ids/relay-cursor", "escaped_json", lambda: json.dumps(json.dumps({"pageInfo": {"endCursor": "Y3Vyc29yOnYyOpK5MjAyNi0xMi0wNVQxMDowMDowMCswMDowMM4" + r(8), "hasNextPage": True}})), "a pagination cursor"))
O(("ids/slack-channel-and-ts", "log", lambda: f"posted to C0{r(8, UP)} ts={r(10, DG)}.{r(6, DG)} thread_ts={r(10, DG)}.{r(6, DG)}", "Slack channel and message ids"))
O(("ids/cloudflare-ray", "header", lambda: f"< HTTP/2 403\n< cf-ray: {r(16, HX)}-FRA\n< cf-cache-status: DYNAMIC", "a Cloudflare ray id"))
O(("ids/spotify-uri", "csv", lambda: "title,uri\n" + "\n".join(f"Track {n},spotify:track:{r(22)}" for n in range(1, 4)), "public track URIs"))
O(("ids/firebase-push-id", "json", lambda: json.dumps({"messages": {"-N" + r(18, U64): {"text": "hi", "ts": 1764900000}}}), "a push id"))
O(("ids/bigquery-job-id", "tool_output", lambda: f"Waiting on bqjob_r{r(16, HX)}_0000019{r(9, HX)}_1 ... (2s) Current status: DONE", "a BigQuery job id"))
O(("ids/llm-response-ids", "log", lambda: f"response id=chatcmpl-{r(29)} model=gpt-4o-mini usage=812\nresponse id=msg_01{r(22)} model=claude stop=end_turn", "model response ids"))
O(("ids/hf-revision", "cli_flag", lambda: f"$ huggingface-cli download Qwen/Qwen2.5-0.5B --revision {r(40, HX)} --local-dir models/qwen", "a model revision"))
O(("ids/wandb-run", "url", lambda: f"wandb: 🚀 View run at https://wandb.ai/acme/ranker/runs/{r(8, LO)}", "a run id"))
O(("ids/mlflow-run", "ini", lambda: f"[last_run]\nexperiment_id = {r(18, DG)}\nrun_id = {r(32, HX)}", "an MLflow run id"))
O(("ids/apple-team-and-udid", "xml", lambda: f"<key>TeamIdentifier</key>\n<string>{r(10, UP)}</string>\n<key>ProvisionedDevices</key>\n<array><string>0000{r(4, DG)}-00{r(14, HX).upper()}</string></array>", "a team id and a device UDID"))
O(("ids/docker-container-full", "tool_output", lambda: f"$ docker ps --no-trunc --format '{{{{.ID}}}} {{{{.Names}}}}'\n{r(64, HX)} shop-db-1", "a container id"))
O(("ids/k8s-resource-version", "yaml", lambda: f"metadata:\n  name: web\n  resourceVersion: \"{r(8, DG)}\"\n  generation: 7\n  managedFields: []", "a resource version"))
O(("ids/terraform-state-lineage", "json", lambda: json.dumps({"version": 4, "terraform_version": "1.9.8", "serial": 112, "lineage": u4()}), "a state lineage id"))
O(("hash/ci-cache-key", "log", lambda: f"Cache restored from key: Linux-pnpm-store-{r(64, HX)}", "a cache key"))
O(("hash/turbo-task-hash", "tool_output", lambda: f"web:build: cache hit, replaying logs {r(16, HX)}\napi:build: cache miss, executing {r(16, HX)}", "turborepo task hashes"))
O(("hash/bazel-action-digest", "log", lambda: f"INFO: remote cache hit for //src:app (action {r(64, HX)}/{R.randrange(100, 9000)})", "an action digest"))
O(("hash/safetensors-lfs-listing", "tool_output", lambda: f"$ git lfs ls-files -l\n{r(64, HX)} * model-00001-of-00002.safetensors", "an LFS object id"))
O(("hash/pip-download-line", "log", lambda: f"  Downloading attrs-24.2.0-py3-none-any.whl (63 kB)\n  Hash: sha256={r(64, HX)}", "a download hash"))
O(("hash/nix-narhash-base32", "tool_output", lambda: f"$ nix-prefetch-url https://example.org/src.tar.gz\npath is '/nix/store/{r(32, '0123456789abcdfghijklmnpqrsvwxyz')}-src.tar.gz'\n{r(52, '0123456789abcdfghijklmnpqrsvwxyz')}", "a Nix base32 hash"))
O(("crypto/solana-address", "prose", lambda: f"Send the devnet SOL to {r(44, B58)} — that's the faucet wallet in the README.", "a public wallet address"))
O(("crypto/solana-signature", "url", lambda: f"https://explorer.solana.com/tx/{r(88, B58)}?cluster=devnet", "a transaction signature"))
O(("public-key/bitcoin-xpub", "code", lambda: f"WATCH_ONLY_XPUB = \"xpub6{r(106, B58)}\"", "an extended public key (watch-only)"))
O(("public-key/hpkp-pin", "header", lambda: f"Public-Key-Pins: pin-sha256=\"{r(43, B64)}=\"; pin-sha256=\"{r(43, B64)}=\"; max-age=5184000", "public key pins"))
O(("public-key/dkim-record", "tool_output", lambda: f"$ dig +short TXT sel1._domainkey.example.com\n\"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{r(120, B64)}\"", "a DKIM public key"))
O(("public-key/nats-user", "env", lambda: f"NATS_USER_PUBLIC_KEY=U{r(55, B32)}", "an nkey public key (U prefix)"))
O(("public-key/vapid-public", "dockerfile", lambda: f"ENV NEXT_PUBLIC_VAPID_PUBLIC_KEY=B{r(86, U64)}", "a web push public key"))
O(("keys/ssh-keygen-fingerprint", "tool_output", lambda: f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{r(43, B64)} ana@laptop (ED25519)", "a key fingerprint"))
O(("pem/dh-parameters", "pem", lambda: f"-----BEGIN DH PARAMETERS-----\n{pem_lines(264)}\n-----END DH PARAMETERS-----", "public Diffie-Hellman parameters"))
O(("pem/x509-crl", "pem", lambda: f"-----BEGIN X509 CRL-----\n{pem_lines(300)}\n-----END X509 CRL-----", "a certificate revocation list"))
O(("encoded/source-map-mappings", "json", lambda: json.dumps({"version": 3, "sources": ["src/app.ts"], "mappings": ";".join(r(40, AL + "+/") for _ in range(3))}), "source map VLQ"))
O(("encoded/punycode-domain", "netrc", lambda: f"machine xn--{r(10, LO)}-{r(4, LO)}.example\n  login anonymous\n  password anonymous@", "an anonymous entry with a punycode host"))
O(("encoded/quoted-printable", "prose", lambda: f"The mail body came through as =E2=80=9Cinvoice ready=E2=80=9D=0A=3D{r(6, UP)} — decode it before parsing.", "quoted-printable text"))
O(("docs/placeholder-changeme", "shell_history", lambda: ": 1764969311:0;export API_KEY=changeme\n: 1764969320:0;export DB_PASSWORD=your-password-here", "placeholders"))
O(("docs/placeholder-zero-uuid", "toml", lambda: "[service]\nclient_id = \"00000000-0000-0000-0000-000000000000\"\nclient_secret = \"<set in vault>\"", "placeholders"))
O(("docs/helm-values-reference", "yaml", lambda: "env:\n  - name: API_KEY\n    value: {{ .Values.secrets.apiKey | quote }}\n  - name: DB_URL\n    value: {{ include \"db.url\" . }}", "template references"))
O(("docs/test-card-numbers", "ini", lambda: "[checkout_sandbox]\n; the payment providers' documented test cards\ncard_visa = 4242424242424242\ncard_declined = 4000000000000002\ncvc = 123", "documented test card numbers"))
O(("version/image-tag-with-sha", "bytes_literal", lambda: f"IMAGE = b\"registry.example.com/shop/api:1.42.0-{r(7, HX)}\"", "an image tag"))
O(("numbers/embedding-vector", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 9, "metadata": {}, "source": ["emb[:8]\n"], "outputs": [{"output_type": "execute_result", "data": {"text/plain": ["[" + ", ".join(f"{R.uniform(-1, 1):.6f}" for _ in range(8)) + "]"]}}]}), "floats"))
O(("db/postgres-lsn-xid", "csv", lambda: f"slot_name,restart_lsn,confirmed_flush_lsn,xmin\nwal2json_slot,{r(1, '0123')}/{r(8, HX).upper()},{r(1, '0123')}/{r(8, HX).upper()},{r(7, DG)}", "replication positions"))
O(("db/redis-stream-ids", "connection_string", lambda: f"XREAD COUNT 2 STREAMS orders {r(13, DG)}-0 -> redis://localhost:6379/0 returned {r(13, DG)}-1", "stream ids next to a password-less URL"))
O(("db/mongo-resume-token", "escaped_json", lambda: json.dumps(json.dumps({"_id": {"_data": "82" + r(60, HX).upper() + "0004"}})), "a change-stream resume token"))
O(("hash/wrapped-integrity-line", "wrapped", lambda: (lambda h: f"[fetch] 10:03:40 integrity sha384-{h[:30]}\n[fetch] 10:03:40 {h[30:]} verified")(r(64, B64)), "an integrity hash wrapped across two log lines"))
O(("hash/notebook-cell-id", "notebook", lambda: json.dumps({"cell_type": "markdown", "id": r(8, HX) + "-" + r(4, HX), "metadata": {}, "source": ["## Results\n"]}), "cell ids"))
O(("ids/orcid-and-doi", "prose", lambda: f"Cite it as doi:10.{R.randrange(1000, 9999)}/zenodo.{r(8, DG)} (ORCID 0000-000{R.randrange(10)}-{r(4, DG)}-{r(4, DG)}).", "public identifiers"))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first, then ordinary text."""
    return build_part(DRAWN, SECRETS, place, lambda: [(fmt, "pem", *make(), what) for fmt, make, what in PEM], ORDINARY)


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh3.jsonl")
