"""Writes the seventh fresh held-out part of the secrets corpus, fresh7.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation states them, or as the
writer knows them, as each item's note says. Six contexts are new with this part (a Postman
export, a Jenkinsfile, a Docker Compose file, a Gradle build, a chat export, an Ansible inventory
or variables file). No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh7.py [OUT]   # default: fresh7.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B32, B58, B64, DG, HX, LO, U64, UP, Seeded, ordinary_item, secret_item, write

SEED = 20261206
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def b64url_json(value: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(claims: dict, alg: str = "HS256") -> str:
    return f"{b64url_json({'alg': alg, 'typ': 'JWT'})}.{b64url_json(claims)}.{r(43, U64)}"


def luhn(digits: str) -> str:
    """The digits with their Luhn check digit appended (IMEIs end in one)."""
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 == 0 else 1)
        total += n - 9 if n > 9 else n
    return digits + str((10 - total % 10) % 10)


DRAWN = f"value drawn by make_fresh7.py (seed {SEED})"

# The contexts of every earlier part, then the six this part adds. A secret item without a context of
# its own takes the next one in turn.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low, kebab = name.lower(), name.lower().replace("_", "-")
    texts = {
        "env": f"# copied from the {tool} dashboard on Friday\nexport {name}='{value}'\nexport {tool.upper()}_REGION=eu",
        "json": json.dumps({"provider": tool, "credentials": {"type": "api_key", "value": value}, "retries": 3}, indent=1),
        "escaped_json": json.dumps({"event": "config_loaded", "raw": json.dumps({tool: {low: value}})}),
        "cli_flag": f"$ npx {tool}-cli sync --project shop --{kebab} {value} --dry-run=false",
        "prose": f"ok so for {tool} just use mine for now ({value}), I'll make you your own account next week",
        "tool_output": f"$ {tool} config list\nprofile   default\nendpoint  https://api.{tool}.example.com\n{low}  {value}",
        "diff": f"--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n@@ -4,2 +4,2 @@\n-{low}: <%= ENV['{name}'] %>\n+{low}: {value}",
        "bytes_literal": f"conn.request(\"POST\", \"/v1/events\", body, {{b\"Authorization\": b\"Bearer {value}\"}})",
        "yaml": f"services:\n  - name: {tool}\n    auth:\n      {low}: \"{value}\"\n    timeout: 10s",
        "csv": f"\"system\",\"owner\",\"credential\",\"rotated\"\n\"{tool}\",\"growth\",\"{value}\",\"2026-11-30\"",
        "url": f"https://{tool}.example.com/api/export?{low}={value}&since=2026-12-01",
        "header": f"POST /api/v3/sync HTTP/1.1\nHost: {tool}.example.com\nAuthorization: Token {value}\nContent-Length: 0",
        "log": f"Dec 06 10:02:11 web-3 worker[812]: {tool} client init ok key={value} pool=4",
        "connection_string": f"{tool.upper()}_DSN={tool}://svc:{value}@{tool}.example.internal:443/v1",
        "code": f"const {tool} = new {tool.capitalize()}Client({{ apiKey: \"{value}\", timeoutMs: 8000 }});",
        "ini": f"[default]\nservice = {tool}\n{low} = {value}\nverify_ssl = true",
        "xml": f"<appSettings>\n  <add key=\"{name}\" value=\"{value}\" />\n</appSettings>",
        "dockerfile": f"FROM python:3.12-slim\nENV {name}={value}\nCMD [\"python\", \"-m\", \"worker\"]",
        "netrc": f"machine api.{tool}.example.com\n  login apikey\n  password {value}",
        "toml": f"[{tool}]\nendpoint = \"https://api.{tool}.example.com\"\n{low} = '{value}'",
        "shell_history": f": 1765015200:0;export {name}={value}\n: 1765015214:0;{tool} status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [],
                                "source": [f"%env {name}={value}\n", f"import {tool}\n"]}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n  region = \"eu\"\n}}",
        "properties": f"{tool}.endpoint=https://api.{tool}.example.com\n{tool}.{kebab}={value}",
        "powershell": f"PS> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')\nPS> Restart-Service {tool}-agent",
        "systemd": f"# /etc/systemd/system/{tool}-sync.service.d/override.conf\n[Service]\nEnvironment={name}={value}",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://{tool}.example.com/api/me",
                                                           "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]},
                                               "response": {"status": 200}}]}}),
        "curl_trace": f"> GET /api/v2/status HTTP/1.1\n> Host: {tool}.example.com\n> X-Auth-Token: {value}\n>\n< HTTP/1.1 200 OK",
        "crash_report": f"panic: {tool}: rate limited\n\ngoroutine 1 [running]:\nenv: {name}={value} GOMAXPROCS=4\nmain.main()",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.com", "localStorage": {"theme": "dark", f"{tool}:{low}": value}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>\n<key>CFBundleVersion</key>\n<string>412</string>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_webhook", "name": "orders",
                                                            "instances": [{"attributes": {"url": f"https://{tool}.example.com", low: value}}]}]}),
        "mobile_config": json.dumps({"expo": {"name": "Shop", "extra": {name: value, "eas": {"projectId": "shop"}}}}),
        "sql_dump": f"COPY public.api_credentials (provider, secret, created_at) FROM stdin;\n{tool}\t{value}\t2026-12-01\n\\.",
        "email": f"Subject: Re: {tool} trial\n\nHere is the key you asked for: {value}\nLet me know if it works.\n-- \nSam",
        "nginx": f"location /api/{tool}/ {{\n    proxy_set_header X-Api-Key {value};\n    proxy_pass https://{tool}.example.com/;\n}}",
        "markdown": f"### {tool} setup\n\n1. Install the SDK.\n2. Set `{name}` to `{value}`.\n3. Run `make sync`.",
        "postman": json.dumps({"name": "shop-staging", "values": [{"key": low, "value": value, "type": "secret", "enabled": True}],
                               "_postman_variable_scope": "environment"}),
        "jenkinsfile": f"pipeline {{\n  agent any\n  environment {{\n    {name} = '{value}'\n  }}\n  stages {{ stage('sync') {{ steps {{ sh 'make sync' }} }} }}\n}}",
        "compose": f"services:\n  worker:\n    image: shop/worker:1.4\n    environment:\n      - {name}={value}",
        "gradle": f"// gradle.properties\norg.gradle.jvmargs=-Xmx2g\n{tool}{name.split('_')[-1].capitalize()}={value}",
        "chat_export": json.dumps({"messages": [{"from": "Dana", "date": "2026-12-05T16:20:00", "text": f"{tool} key for staging: {value}"}]}),
        "ansible": f"# group_vars/staging.yml\n{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.example.com",
    }
    if context == "wrapped":
        cut = len(value) // 3
        return f"INFO  {tool} auth header Bearer {value[:cut]}\\\nINFO    {value[cut:]}", [value[:cut], value[cut:]]
    if context == "pem":
        return f"-----BEGIN {tool.upper()} API KEY-----\n{value}\n-----END {tool.upper()} API KEY-----", [value]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return f"kind: Secret\napiVersion: v1\nmetadata:\n  name: {tool}-creds\ntype: Opaque\ndata:\n  {name}: {encoded}", [encoded]
    return texts[context], [value]


SECRETS: list[tuple[str, str, str, object, str]] = []  # (format, NAME, tool, draw, what); contexts in turn
S = SECRETS.append
# facts read in public material (the note of the item names it)
PUBLIC = {
    "circleback": "Circleback personal API key (begins `cb_`, as nango.dev's Circleback connection guide states; the length as the writer knows it)",
    "vespa": "Vespa Cloud developer key (the PEM private key the Vespa CLI reads from `VESPA_CLI_API_KEY`, as docs.vespa.ai's `vespa auth api-key` reference states; an EC key as the writer knows it)",
}
S(("circleback/api-key", "CIRCLEBACK_API_KEY", "circleback", lambda: "cb_" + r(40, U64), PUBLIC["circleback"]))
S(("unkey/root-key", "UNKEY_ROOT_KEY", "unkey", lambda: "unkey_" + r(24, B58), "Unkey root key (`unkey_` and 24 base58 characters)"))
S(("dub/api-key", "DUB_API_KEY", "dub", lambda: "dub_" + r(24), "Dub API key (`dub_` and 24 characters)"))
S(("knock/secret-key", "KNOCK_SECRET_API_KEY", "knock", lambda: "sk_test_" + r(43, U64), "Knock secret API key (`sk_test_` and 43 URL-safe characters)"))
S(("novu/api-key", "NOVU_SECRET_KEY", "novu", lambda: r(32, HX), "Novu secret key (32 hex digits)"))
S(("courier/auth-token", "COURIER_AUTH_TOKEN", "courier", lambda: "pk_prod_" + r(28, UP), "Courier auth token (`pk_prod_` and 28 upper-case characters)"))
S(("uploadthing/secret", "UPLOADTHING_SECRET", "uploadthing", lambda: "sk_live_" + r(64, HX), "UploadThing secret (`sk_live_` and 64 hex digits)"))
S(("pinata/jwt", "PINATA_JWT", "pinata", lambda: jwt({"userInformation": {"id": u4(), "email": "ops@example.org"}, "authenticationType": "scopedKey", "scopedKeyKey": r(20, HX), "iat": 1765000000}),
   "Pinata API JWT (an HS256 JWT with user information and a scoped key)"))
S(("thirdweb/secret-key", "THIRDWEB_SECRET_KEY", "thirdweb", lambda: r(86, U64), "thirdweb secret key (86 URL-safe characters)"))
S(("magic/secret-key", "MAGIC_SECRET_KEY", "magic", lambda: "sk_live_" + r(16, HX).upper(), "Magic secret key (`sk_live_` and 16 upper-case hex digits)"))
S(("zitadel/personal-access-token", "ZITADEL_PAT", "zitadel", lambda: r(64, U64), "ZITADEL personal access token (64 URL-safe characters)"))
S(("logto/app-secret", "LOGTO_APP_SECRET", "logto", lambda: r(32), "Logto application secret (32 characters)"))
S(("frontegg/api-key", "FRONTEGG_API_KEY", "frontegg", lambda: u4(), "Frontegg environment API key (a UUID)"))
S(("sendbird/api-token", "SENDBIRD_API_TOKEN", "sendbird", lambda: r(40, HX), "Sendbird master API token (40 hex digits)"))
S(("pipedrive/api-token", "PIPEDRIVE_API_TOKEN", "pipedrive", lambda: r(40, HX), "Pipedrive API token (40 hex digits)"))
S(("monday/api-token", "MONDAY_API_TOKEN", "monday", lambda: jwt({"tid": R.randrange(10**8, 10**9), "aai": 11, "uid": R.randrange(10**7, 10**8), "iad": "2026-12-01T10:00:00.000Z", "per": "me:write", "rgn": "euc1"}),
   "monday.com API token (an HS256 JWT with account and region claims)"))
S(("smartsheet/access-token", "SMARTSHEET_ACCESS_TOKEN", "smartsheet", lambda: r(37), "Smartsheet API access token (37 characters)"))
S(("nylas/api-key", "NYLAS_API_KEY", "nylas", lambda: "nyk_v0_" + r(48), "Nylas v3 API key (`nyk_v0_` and 48 characters)"))
S(("calendly/personal-access-token", "CALENDLY_TOKEN", "calendly", lambda: jwt({"iss": "https://auth.calendly.com", "iat": 1765000000, "jti": u4(), "user_uuid": u4()}),
   "Calendly personal access token (a JWT)"))
S(("pandadoc/api-key", "PANDADOC_API_KEY", "pandadoc", lambda: r(40, HX), "PandaDoc API key (40 hex digits)"))
S(("raygun/api-key", "RAYGUN_API_KEY", "raygun", lambda: r(22, AL), "Raygun application API key (22 characters)"))
S(("papertrail/api-token", "PAPERTRAIL_API_TOKEN", "papertrail", lambda: r(20), "Papertrail API token (20 characters)"))
S(("loggly/customer-token", "LOGGLY_TOKEN", "loggly", lambda: u4(), "Loggly customer token (a UUID)"))
S(("firehydrant/bot-token", "FIREHYDRANT_API_KEY", "firehydrant", lambda: "fhb-" + r(32, HX), "FireHydrant bot token (`fhb-` and 32 hex digits)"))
S(("squadcast/refresh-token", "SQUADCAST_REFRESH_TOKEN", "squadcast", lambda: r(40, HX), "Squadcast API refresh token (40 hex digits)"))
S(("instatus/api-key", "INSTATUS_API_KEY", "instatus", lambda: r(32, HX), "Instatus API key (32 hex digits)"))
S(("codemagic/api-token", "CM_API_TOKEN", "codemagic", lambda: r(43, U64), "Codemagic API token (43 URL-safe characters)"))
S(("nxcloud/access-token", "NX_CLOUD_ACCESS_TOKEN", "nxcloud", lambda: b64(60), "Nx Cloud access token (base64 of 60 bytes)"))
S(("buildbuddy/api-key", "BUILDBUDDY_API_KEY", "buildbuddy", lambda: r(20), "BuildBuddy API key (20 characters)"))
S(("speechmatics/api-key", "SPEECHMATICS_API_KEY", "speechmatics", lambda: r(32), "Speechmatics API key (32 characters)"))
S(("gladia/api-key", "GLADIA_API_KEY", "gladia", lambda: u4(), "Gladia API key (a UUID)"))
S(("playht/secret-key", "PLAYHT_API_KEY", "playht", lambda: r(32, HX), "PlayHT secret key (32 hex digits)"))
S(("minimax/api-key", "MINIMAX_API_KEY", "minimax", lambda: jwt({"GroupName": "shop", "UserName": "ops", "Account": "", "SubjectID": r(19, DG), "Phone": "", "GroupID": r(19, DG), "PageName": "", "Mail": "ops@example.org", "CreateTime": "2026-12-01 10:00:00", "iss": "minimax"}, "RS256"),
   "MiniMax API key (an RS256 JWT with group and subject claims)"))
S(("braintrust/api-key", "BRAINTRUST_API_KEY", "braintrust", lambda: "sk-" + r(48), "Braintrust API key (`sk-` and 48 characters)"))
S(("mem0/api-key", "MEM0_API_KEY", "mem0", lambda: "m0-" + r(40), "Mem0 API key (`m0-` and 40 characters)"))
S(("scrapfly/api-key", "SCRAPFLY_KEY", "scrapfly", lambda: "scp-live-" + r(32, HX), "Scrapfly API key (`scp-live-` and 32 hex digits)"))
S(("diffbot/token", "DIFFBOT_TOKEN", "diffbot", lambda: r(32, HX), "Diffbot token (32 hex digits)"))
S(("stadiamaps/api-key", "STADIA_API_KEY", "stadiamaps", lambda: u4(), "Stadia Maps API key (a UUID)"))
S(("tiingo/api-token", "TIINGO_API_KEY", "tiingo", lambda: r(40, HX), "Tiingo API token (40 hex digits)"))
S(("twelvedata/api-key", "TWELVEDATA_API_KEY", "twelvedata", lambda: r(32, HX), "Twelve Data API key (32 hex digits)"))
S(("tradier/access-token", "TRADIER_ACCESS_TOKEN", "tradier", lambda: r(28), "Tradier access token (28 characters)"))
S(("mangopay/api-key", "MANGOPAY_API_KEY", "mangopay", lambda: r(50), "Mangopay API key (50 characters)"))
S(("btcpay/api-key", "BTCPAY_API_KEY", "btcpay", lambda: r(40, HX), "BTCPay Server Greenfield API key (40 hex digits)"))
S(("opennode/api-key", "OPENNODE_API_KEY", "opennode", lambda: u4(), "OpenNode API key (a UUID)"))
S(("gorgias/api-key", "GORGIAS_API_KEY", "gorgias", lambda: r(64, HX), "Gorgias REST API key (64 hex digits)"))
S(("kit/api-key", "KIT_API_KEY", "kit", lambda: "kit_" + r(32, HX), "Kit (ConvertKit) v4 API key (`kit_` and 32 hex digits)"))
S(("beehiiv/api-key", "BEEHIIV_API_KEY", "beehiiv", lambda: r(64), "beehiiv API key (64 characters)"))
S(("datocms/api-token", "DATOCMS_API_TOKEN", "datocms", lambda: r(30, HX), "DatoCMS API token (30 hex digits)"))


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own: connection URIs, RPC and webhook URLs, key files, signed headers."""
    tsdb, s2, cb, ank, qn, ge, fury, dsn = r(16), r(20), "cbkey_" + r(48), r(64, HX), r(40, HX), r(52, LO), r(20), r(32, HX)
    ups, uct, tl, kc, gc, cool, phase, fossa = r(20, HX), r(20, HX), r(40, HX), r(32), f"{R.randrange(1000, 99999)}${r(128, HX)}", f"{R.randrange(1, 40)}|{r(40)}", "pss_service:v2:" + ":".join(r(64, HX) for _ in range(4)), r(32, HX)
    msg, noco, base, rebr, ath, circle = r(23, AL) + "A", r(40), r(32), r(32, HX), r(16), f"TEST_API_KEY:{r(32, HX)}:{r(32, HX)}"
    ec = DRAW.pem_lines(121)
    return [
        ("timescale/service-uri", "connection_string", f"DATABASE_URL=postgres://tsdbadmin:{tsdb}@{r(10, LO)}.{r(10, LO)}.tsdb.cloud.timescale.com:34067/tsdb?sslmode=require", [tsdb],
         "a Timescale Cloud service password in a PostgreSQL URI"),
        ("singlestore/connection-uri", "compose", f"services:\n  api:\n    environment:\n      SINGLESTORE_URL: singlestore://admin:{s2}@svc-{u4()}-dml.aws-frankfurt-1.svc.singlestore.com:3306/shop", [s2],
         "a SingleStore admin password in a connection URI in a Compose file"),
        ("crunchybridge/api-key", "ansible", f"# inventory/group_vars/all/bridge.yml\ncrunchy_bridge_api_key: {cb}\ncrunchy_bridge_team: shop", [cb],
         "a Crunchy Bridge API key (`cbkey_` and 48 characters) in Ansible variables"),
        ("ankr/rpc-url", "jenkinsfile", f"environment {{\n  ETH_RPC = 'https://rpc.ankr.com/eth/{ank}'\n}}", [ank],
         "an Ankr premium RPC token (64 hex digits) in the URL path, in a Jenkinsfile"),
        ("quicknode/endpoint-url", "gradle", f"// gradle.properties\nweb3.rpcUrl=https://{r(6, LO)}-{r(6, LO)}-{r(6, LO)}.quiknode.pro/{qn}/", [qn],
         "a QuickNode endpoint token (40 hex digits) in the URL path, in gradle.properties"),
        ("develocity/access-key", "gradle", f"$ export DEVELOCITY_ACCESS_KEY=ge.example.com={ge}\n$ ./gradlew build --scan", [ge],
         "a Develocity access key (host=key, 52 lower-case characters) exported before a Gradle build"),
        ("gemfury/repo-url-token", "postman", json.dumps({"info": {"name": "pkg-index"}, "item": [{"name": "simple index", "request": {"method": "GET", "url": f"https://{fury}@pypi.fury.io/shop/simple/"}}]}),
         [fury], "a Gemfury deploy token in a package index URL, in a Postman collection"),
        ("deepsource/dsn", "chat_export", json.dumps({"channel": "ci", "messages": [{"user": "ci-bot", "ts": "1765012345.000200", "text": f"DEEPSOURCE_DSN=https://{dsn}@app.deepsource.com"}]}),
         [dsn], "a DeepSource DSN (32 hex digits) in a chat export"),
        ("uploadcare/secret-key", "compose", f"services:\n  media:\n    environment:\n      UPLOADCARE_PUBLIC_KEY: demopublickey\n      UPLOADCARE_SECRET_KEY: {ups}", [ups],
         "an Uploadcare secret key (20 hex digits) beside its public demo key"),
        ("transloadit/auth-secret", "jenkinsfile", f"withEnv([\"TRANSLOADIT_KEY={uct}\", \"TRANSLOADIT_SECRET={tl}\"]) {{\n  sh 'npm run encode'\n}}", [tl],
         "a Transloadit auth secret (40 hex digits); the auth key beside it is its public id"),
        ("keycdn/api-key", "ansible", f"[cdn]\nedge-1 ansible_host=198.51.100.20 keycdn_api_key={kc}", [kc],
         "a KeyCDN API key in an Ansible inventory"),
        ("gcore/permanent-token", "postman", json.dumps({"auth": {"type": "apikey", "apikey": [{"key": "value", "value": f"APIKey {gc}"}, {"key": "key", "value": "Authorization"}]}}),
         [gc], "a Gcore permanent API token (an id, `$`, 128 hex digits) in a Postman collection's auth"),
        ("coolify/api-token", "chat_export", json.dumps({"messages": [{"author": "lee", "content": f"coolify token for the deploy hook: {cool}"}]}), [cool],
         "a Coolify API token (a Sanctum token: a number, `|`, 40 characters) in a chat export"),
        ("phase/service-token", "env", f"PHASE_HOST=https://console.phase.dev\nPHASE_SERVICE_TOKEN={phase}", [phase],
         "a Phase service token (`pss_service:v2:` and four groups of 64 hex digits)"),
        ("fossa/api-key", "yaml", f"- name: License scan\n  uses: fossas/fossa-action@v1\n  with:\n    api-key: {fossa}", [fossa],
         "a FOSSA API key (32 hex digits) written into a workflow"),
        ("msg91/auth-key", "cli_flag", f"$ curl -s 'https://control.msg91.com/api/v5/otp?template_id=shop_otp&mobile=15555550100' -H 'authkey: {msg}'", [msg],
         "an MSG91 auth key (24 characters) in a curl header flag"),
        ("nocodb/api-token", "header", f"GET /api/v2/tables/orders/records HTTP/1.1\nHost: nocodb.example.net\nxc-token: {noco}", [noco],
         "a NocoDB API token in its xc-token header"),
        ("baserow/database-token", "gradle", f"tasks.register(\"seed\") {{\n    environment(\"BASEROW_TOKEN\", \"{base}\")\n}}", [base],
         "a Baserow database token (32 characters) in a Gradle build script"),
        ("rebrandly/api-key", "compose", f"x-common-env: &env\n  REBRANDLY_APIKEY: {rebr}\nservices:\n  links:\n    environment: *env", [rebr],
         "a Rebrandly API key (32 hex digits) in a Compose anchor"),
        ("authorizenet/transaction-key", "ansible", f"authorizenet_login_id: 7Xk9{r(5, UP)}\nauthorizenet_transaction_key: {ath}", [ath],
         "an Authorize.net transaction key (16 characters); the login id is an account name"),
        ("circle/api-key", "jenkinsfile", f"sh \"curl -H 'Authorization: Bearer {circle}' https://api-sandbox.circle.com/v1/configuration\"", [circle],
         "a Circle sandbox API key (`TEST_API_KEY:`, two groups of 32 hex digits), as the writer knows the format; the Bearer header and the sandbox configuration endpoint are as developers.circle.com shows them"),
        ("vespa/developer-key", "pem", f"$ cat ~/.vespa/shop.api-key.pem\n-----BEGIN EC PRIVATE KEY-----\n{ec}\n-----END EC PRIVATE KEY-----", [ec],
         PUBLIC["vespa"]),
    ]


ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, make, why)
O = ORDINARY.append
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
JJ = "klmnopqrstuvwxyz"  # jj writes change ids in the reversed hex alphabet
O(("env/limits-named-after-secrets", "env", lambda: "TOKEN_TTL_SECONDS=3600\nPASSWORD_MIN_LENGTH=12\nSECRET_ROTATION_DAYS=90\nAPI_KEY_HEADER=X-Api-Key", "settings whose names say secret, not secrets"))
O(("env/compose-project-and-build-ids", "env", lambda: f"COMPOSE_PROJECT_NAME=shop_{r(6, LO)}\nBUILD_ID={R.randrange(10**9, 10**10)}\nSOURCE_DATE_EPOCH=1765000000", "a project name and build numbers"))
O(("ids/jira-cloud-ari", "json", lambda: json.dumps({"issue": {"key": f"SHOP-{R.randrange(100, 999)}", "ari": f"ari:cloud:jira:{u4()}:issue/{R.randrange(10000, 99999)}"}}), "Atlassian resource identifiers"))
O(("ids/rs-xid", "json", lambda: json.dumps({"request": r(20, "0123456789abcdefghijklmnopqrstuv"), "status": "done", "took_ms": 41}), "an xid (base32hex of a time, machine and counter)"))
O(("chem/cas-registry-numbers", "json", lambda: json.dumps({"reagents": [{"name": "ethanol", "cas": "64-17-5"}, {"name": "acetone", "cas": "67-64-1"}, {"name": "toluene", "cas": "108-88-3"}]}), "chemical registry numbers"))
O(("travel/booking-references", "json", lambda: json.dumps({"trip": {"pnr": r(6, UP[:26]), "segments": [{"flight": "LH" + str(R.randrange(100, 2000)), "from": "FRA", "to": "LIS"}]}}), "a test booking reference and flight numbers"))
O(("escaped/matrix-event-ids", "escaped_json", lambda: json.dumps(json.dumps({"room_id": f"!{r(18)}:example.org", "event_id": f"${r(43, U64)}", "type": "m.room.message"})), "chat event and room ids"))
O(("escaped/search-cursor", "escaped_json", lambda: "next=" + json.dumps(json.dumps({"cursor": b64(24), "has_more": True})), "a pagination cursor"))
O(("vcs/jj-change-ids", "cli_flag", lambda: f"$ jj squash --from {r(8, JJ)} --into {r(8, JJ)}\n$ jj log -r 'mine()' --limit 3", "version-control change ids"))
O(("cli/pytest-random-seed", "cli_flag", lambda: f"$ pytest -p randomly -p no:cacheprovider --randomly-seed={R.randrange(10**9, 4 * 10**9)} tests/", "a test-order seed"))
O(("bio/ensembl-gene-ids", "prose", lambda: f"The variant sits in ENSG00000139618 (BRCA2); we used transcript ENST00000380152.8 and the reads from run SRR{r(8, DG)}.", "gene, transcript and sequencing run ids"))
O(("finance/bic-and-routing-examples", "prose", lambda: "For the sandbox use BIC DEUTDEFFXXX, ABA routing number 021000021 and sort code 20-00-00; they are the bank's published test values.", "public bank identifiers"))
O(("maritime/imo-and-mmsi", "prose", lambda: f"Vessel IMO 9{r(6, DG)}, MMSI 2{r(8, DG)}, container MSCU{r(6, DG)}{R.randrange(10)} is on the manifest.", "ship and container numbers"))
O(("vcs/hg-changesets", "tool_output", lambda: f"$ hg log -l 2\nchangeset:   4821:{r(12, HX)}\nuser:        Dana <dana@example.org>\nsummary:     fix rounding\n\nchangeset:   4820:{r(12, HX)}", "Mercurial changeset ids"))
O(("kv/redis-info-run-id", "tool_output", lambda: f"$ redis-cli INFO server | head -6\n# Server\nredis_version:7.4.1\nredis_git_sha1:00000000\nredis_build_id:{r(16, HX)}\nrun_id:{r(40, HX)}", "a server's run id and build id"))
O(("macos/codesign-cdhash", "tool_output", lambda: f"$ codesign -dv --verbose=4 Shop.app\nIdentifier=org.example.shop\nCDHash={r(40, HX)}\nTeamIdentifier={r(10, UP)}", "a code directory hash"))
O(("linux/disk-by-id-paths", "tool_output", lambda: f"$ ls /dev/disk/by-id/\nnvme-Samsung_SSD_990_PRO_2TB_S7{r(11, UP)}\nnvme-eui.{r(16, HX)}\nwwn-0x5002538{r(9, HX)}", "device paths with serials"))
O(("conda/list-build-strings", "tool_output", lambda: f"$ conda list | head -4\n# Name        Version   Build              Channel\nnumpy         2.1.3     py312h{r(7, HX)}_0   conda-forge\nopenssl       3.4.0     h{r(7, HX)}_1        conda-forge", "package build strings"))
O(("python/compatible-wheel-tags", "tool_output", lambda: "$ pip debug --verbose | grep -m3 manylinux\n  cp312-cp312-manylinux_2_39_x86_64\n  cp312-cp312-manylinux_2_17_x86_64\n  cp312-abi3-manylinux2014_x86_64", "platform tags"))
O(("net/tcpdump-sequence-numbers", "tool_output", lambda: f"$ sudo tcpdump -ni eth0 port 443 -c 1\n10:02:11.481 IP 198.51.100.7.51234 > 203.0.113.9.443: Flags [S], seq {R.randrange(10**9, 4 * 10**9)}, win 64240", "TCP sequence numbers"))
O(("ml/hf-cache-scan", "tool_output", lambda: f"$ huggingface-cli scan-cache\nREPO ID                 REVISION                                 SIZE\nsentence-transformers/all-MiniLM-L6-v2 {r(40, HX)} 91.6M", "a model repository revision"))
O(("queue/sqs-receive-output", "tool_output", lambda: json.dumps({"Messages": [{"MessageId": u4(), "MD5OfBody": r(32, HX), "Body": "{\"order\": 1042}"}]}, indent=1), "a queue message id and body digest"))
O(("ci/actions-pinned-by-sha", "diff", lambda: f"-      - uses: actions/checkout@v4\n+      - uses: actions/checkout@{r(40, HX)} # v4.2.2\n-      - uses: actions/setup-node@v4\n+      - uses: actions/setup-node@{r(40, HX)} # v4.1.0", "actions pinned to commit ids"))
O(("i18n/passkey-strings", "diff", lambda: "+  \"auth.passkey.create\": \"Create a passkey\",\n+  \"auth.password.reset.token_expired\": \"This reset link has expired\",\n+  \"auth.secret_question.label\": \"Security question\",", "translation keys and strings"))
O(("pdf/trailer-file-id", "bytes_literal", lambda: f"TRAILER = b\"trailer\\n<< /Size 42 /Root 1 0 R /ID [<{r(32, HX).upper()}> <{r(32, HX).upper()}>] >>\"", "a PDF file identifier"))
O(("hash/tlsh-digest", "bytes_literal", lambda: f"EXPECTED_TLSH = b\"T1{r(70, HX).upper()}\"", "a locality-sensitive file hash"))
O(("security/slsa-provenance-subject", "yaml", lambda: f"_type: https://in-toto.io/Statement/v1\nsubject:\n  - name: shop-4.2.0.tar.gz\n    digest:\n      sha256: {r(64, HX)}\npredicateType: https://slsa.dev/provenance/v1", "an attestation subject"))
O(("gitops/argocd-sync-status", "yaml", lambda: f"status:\n  sync:\n    status: Synced\n    revision: {r(40, HX)}\n  health:\n    status: Healthy\n  reconciledAt: \"2026-12-06T09:58:02Z\"", "a sync revision"))
O(("logistics/iso6346-container-numbers", "csv", lambda: "container,size,seal\n" + "\n".join(f"{p}U{r(6, DG)}{R.randrange(10)},40HC,{r(2, UP[:26])}{r(6, DG)}" for p in ("MSK", "CMA", "HLX")), "container and seal numbers"))
O(("finance/lei-codes", "csv", lambda: "name,lei\n" + "\n".join(f"Example Holdings {i},{r(4, DG)}00{r(12, UP)}{r(2, DG)}" for i in (1, 2)), "legal entity identifiers"))
O(("telecom/imei-test-list", "csv", lambda: "device,imei,os\n" + "\n".join(f"test-phone-{i},{luhn('35' + r(12, DG))},android 15" for i in (1, 2, 3)), "device IMEIs from a test lab"))
O(("web/imgur-codepen-links", "url", lambda: f"https://imgur.com/a/{r(7)} https://codepen.io/shop-ui/pen/{r(6, AL)} https://jsfiddle.net/{r(8, LO)}/3/", "public share links"))
O(("cloud/gcp-console-links", "url", lambda: f"https://console.cloud.google.com/run/detail/europe-west1/shop/revisions?project=shop-prod-{r(6, DG)}&authuser=0", "a console link"))
O(("http/s3-request-ids", "header", lambda: f"HTTP/1.1 200 OK\nx-amz-id-2: {r(76, B64)}=\nx-amz-request-id: {r(16, UP)}\nETag: \"{r(32, HX)}\"", "request ids of a storage service"))
O(("http/azure-blob-etag", "header", lambda: f"HTTP/1.1 201 Created\nETag: \"0x8DD{r(12, HX).upper()}\"\nx-ms-request-id: {u4()}\nx-ms-version: 2025-01-05", "a blob ETag and request id"))
O(("http/vercel-request-id", "har", lambda: json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": "https://shop.example.com/"}, "response": {"status": 200, "headers": [{"name": "x-vercel-id", "value": f"fra1::iad1::{r(5, LO)}-{r(13, DG)}-{r(12, HX)}"}, {"name": "x-vercel-cache", "value": "HIT"}]}}]}}), "an edge request id"))
O(("db/zookeeper-session-ids", "log", lambda: f"INFO  [main-SendThread] Session establishment complete on server zk-1/198.51.100.4:2181, session id = 0x{r(16, HX)}, negotiated timeout = 30000", "a coordination session id"))
O(("search/elasticsearch-node-ids", "log", lambda: f"[2026-12-06T10:01:22,114][INFO ][o.e.c.s.MasterService] node-join[{{es-2}}{{{r(22, U64)}}}{{{r(22, U64)}}}] cluster_uuid [{r(22, U64)}]", "search cluster node ids"))
O(("ids/tsid-in-log", "log", lambda: f"2026-12-06 10:03:44.120 INFO order created id={r(13, CROCKFORD)} items=3", "a time-sorted id"))
O(("queue/rabbitmq-consumer-tags", "log", lambda: f"2026-12-06 10:04:01 consumer started queue=orders consumer_tag=amq.ctag-{r(22, U64)} prefetch=20", "a broker consumer tag"))
O(("cloud/gcp-operation-ids", "log", lambda: f"Waiting for operation [projects/shop-prod/locations/europe-west1/operations/operation-{R.randrange(10**12, 10**13)}-{r(13, HX)}-{r(8, HX)}-{r(8, HX)}] to complete...done.", "a long-running operation id"))
O(("service/consul-etcd-member-ids", "log", lambda: f"agent: Synced node info node_id={u4()}\netcdserver: published member {{Name:etcd-1}} id={r(16, HX)} cluster_id={r(16, HX)}", "cluster member ids"))
O(("db/oracle-easy-connect", "connection_string", lambda: "ORACLE_DSN=tcps://db.example.net:2484/ORCLPDB1?wallet_location=/opt/oracle/wallet&ssl_server_dn_match=true", "a connect string whose credentials live in a wallet"))
O(("db/odbc-dsn-without-password", "ini", lambda: "[shop-reporting]\nDriver = ODBC Driver 18 for SQL Server\nServer = tcp:sql.example.net,1433\nAuthentication = ActiveDirectoryMsi\nEncrypt = yes", "a DSN that authenticates by managed identity"))
O(("test/hypothesis-reproduce-failure", "code", lambda: f"@reproduce_failure('6.122.1', b'{b64(18)}')\ndef test_parse_roundtrip(data):\n    ...", "a property test's failing example blob"))
O(("test/proptest-regressions", "code", lambda: f"# Seeds for failure cases proptest has generated in the past.\ncc {r(64, HX)} # shrinks to input = \"\"\ncc {r(64, HX)} # shrinks to n = 0", "property test regression seeds"))
O(("test/go-fuzz-corpus-paths", "code", lambda: f"// testdata/fuzz/FuzzParseToken/{r(16, HX)}\ngo test fuzz v1\nstring(\"token=\")", "a fuzz corpus entry"))
O(("crypto/stellar-tezos-algorand-addresses", "code", lambda: f"DONATION = {{\n    \"stellar\": \"G{r(55, B32)}\",\n    \"tezos\": \"tz1{r(33, B58)}\",\n    \"algorand\": \"{r(58, B32)}\",\n}}", "public receiving addresses"))
O(("bio/uniprot-accessions", "code", lambda: "TARGETS = [\"P04637\", \"Q9Y6K9\", \"A0A024R161\", \"O15530\"]  # UniProt accessions", "protein accessions"))
O(("office/docx-rsid-attributes", "xml", lambda: f"<w:p w:rsidR=\"{r(8, HX).upper()}\" w:rsidRDefault=\"{r(8, HX).upper()}\" w:rsidP=\"{r(8, HX).upper()}\"><w:r><w:t>Quarterly report</w:t></w:r></w:p>", "revision save ids of a document"))
O(("image/xmp-document-ids", "xml", lambda: f"<rdf:Description xmpMM:DocumentID=\"xmp.did:{u4()}\" xmpMM:InstanceID=\"xmp.iid:{u4()}\" xmpMM:OriginalDocumentID=\"adobe:docid:photoshop:{u4()}\"/>", "image metadata ids"))
O(("docker/apt-pinned-versions", "dockerfile", lambda: "FROM ubuntu:24.04\nRUN apt-get update && apt-get install -y --no-install-recommends \\\n      curl=8.5.0-2ubuntu10.6 ca-certificates=20240203 libssl3t64=3.0.13-0ubuntu3.4", "pinned package versions"))
O(("netrc/login-only-entries", "netrc", lambda: "# passwords moved to the keychain helper\nmachine pypi.example.org login ci-reader\nmachine git.example.org login deploy-bot", "entries without passwords"))
O(("pem/pkcs7-certificate-bundle", "pem", lambda: f"-----BEGIN PKCS7-----\n{DRAW.pem_lines(180)}\n-----END PKCS7-----", "a public certificate chain"))
O(("email/x-google-smtp-source-folded", "wrapped", lambda: f"X-Google-Smtp-Source: AGHT+{r(40, B64)}\n {r(40, B64)}==\nX-Received: by 2002:a05:6a20:{r(4, HX)} with SMTP id {r(12, LO)}", "a relay's folded tracking header"))
O(("version/setuptools-scm-local", "toml", lambda: f"[tool.setuptools_scm]\nversion_file = \"shop/_version.py\"\n# built as 0.4.2.dev17+g{r(8, HX)}.d20261206", "a local version with a commit"))
O(("encoded/base64-public-json-in-history", "shell_history", lambda: f": 1765016000:0;echo {base64.b64encode(json.dumps({'env': 'staging', 'region': 'eu', 'replicas': 3}).encode()).decode()} | base64 -d", "base64 of public settings"))
O(("ml/notebook-sample-ids", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 3, "outputs": [{"output_type": "stream", "name": "stdout", "text": [f"sample {r(12, HX)}: label=cat\n", f"sample {r(12, HX)}: label=dog\n"]}], "source": ["rng = np.random.default_rng(20261206)\n"]}), "dataset sample ids"))
O(("hcl/random-password-rules", "hcl", lambda: "resource \"random_password\" \"db\" {\n  length           = 32\n  special          = true\n  override_special = \"!#$%&*()-_=+[]{}<>:?\"\n}", "the rules of a generated password, not the password"))
O(("db/liquibase-checksums", "properties", lambda: f"# DATABASECHANGELOG export\nchangeset.42.id=add-orders-index\nchangeset.42.md5sum=9:{r(32, HX)}", "migration checksums"))
O(("powershell/get-filehash", "powershell", lambda: f"PS C:\\dl> Get-FileHash .\\shop-setup.msi\n\nAlgorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          {r(64, HX).upper()}       C:\\dl\\shop-setup.msi", "a downloaded file's hash"))
O(("systemd/coredumpctl-list", "systemd", lambda: f"$ coredumpctl list --no-pager\nTIME                          PID  UID  GID SIG     COREFILE EXE\nSat 2026-12-06 10:05:11 UTC {R.randrange(1000, 99999)} 1000 1000 SIGSEGV present  /usr/bin/shop-worker", "crash listings"))
O(("curl/netlify-request-id", "curl_trace", lambda: f"< HTTP/2 200\n< server: Netlify\n< x-nf-request-id: 01{r(24, CROCKFORD)}\n< cache-status: \"Netlify Edge\"; hit", "an edge request id"))
O(("k8s/secret-with-public-ca", "k8s_secret", lambda: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: upstream-ca\n  annotations:\n    note: public CA bundle only\ndata:\n  ca.crt: {base64.b64encode(('-----BEGIN CERTIFICATE-----' + chr(10) + DRAW.pem_lines(96) + chr(10) + '-----END CERTIFICATE-----').encode()).decode()}", "a public CA certificate kept in a Secret"))
O(("crash/rust-mangled-symbols", "crash_report", lambda: f"thread 'main' panicked at src/parse.rs:88:14:\nstack backtrace:\n   0: _ZN4shop5parse10parse_line17h{r(16, HX)}E\n   1: _ZN4core3ops8function6FnOnce9call_once17h{r(16, HX)}E", "mangled symbol hashes"))
O(("crash/jvm-lambda-class-names", "crash_report", lambda: f"java.lang.NullPointerException\n\tat org.example.shop.Cart$$Lambda/0x00007f{r(10, HX)}.apply(Unknown Source)\n\tat java.base/java.util.stream.ReferencePipeline$3$1.accept(ReferencePipeline.java:197)", "hidden class names"))
O(("web/ga-cookie-client-ids", "web_storage", lambda: json.dumps({"cookies": {"_ga": f"GA1.1.{R.randrange(10**8, 10**9)}.1765000000", f"_ga_{r(10, UP)}": f"GS1.1.1765000000.3.1.1765000420.0.0.0"}, "localStorage": {"cart_count": "2"}}), "analytics client ids"))
O(("plist/sparkle-public-ed-key", "plist", lambda: f"<key>SUFeedURL</key>\n<string>https://example.org/shop/appcast.xml</string>\n<key>SUPublicEDKey</key>\n<string>{b64(32)}</string>", "an updater's public key"))
O(("tfstate/tls-certificate-data", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"mode": "data", "type": "tls_certificate", "name": "oidc", "instances": [{"attributes": {"url": "https://token.actions.githubusercontent.com", "certificates": [{"serial_number": str(R.randrange(10**30, 10**31)), "sha1_fingerprint": r(40, HX)}]}}]}]}), "a public certificate's details"))
O(("mobile/expo-project-ids", "mobile_config", lambda: json.dumps({"expo": {"slug": "shop", "owner": "example", "updates": {"url": f"https://u.expo.dev/{u4()}"}, "extra": {"eas": {"projectId": u4()}}, "runtimeVersion": {"policy": "appVersion"}}}), "a project id and update URL"))
O(("sql/oracle-rowids", "sql_dump", lambda: f"-- exported with ROWID for reconciliation\nINSERT INTO orders_audit (row_ref, order_id) VALUES ('AAAR{r(2, AL)}AAEAAAA{r(3, UP)}AA{r(1, UP)}', 1042);", "database row addresses"))
O(("sql/sqlserver-rowversion", "sql_dump", lambda: f"INSERT [dbo].[Orders] ([Id], [Total], [RowVer]) VALUES (1042, 18.90, 0x00000000{r(8, HX).upper()})", "a row version"))
O(("ids/cuid2-rows", "sql_dump", lambda: "INSERT INTO carts (id, user_id) VALUES " + ", ".join(f"('{r(1, LO[:26])}{r(23, B36)}', {R.randrange(100, 999)})" for _ in range(2)) + ";", "collision-resistant ids"))
O(("email/outlook-thread-index", "email", lambda: f"Thread-Topic: Q4 roadmap\nThread-Index: AQH{r(25, B64)}==\nX-MS-Has-Attach: yes\nX-MS-TNEF-Correlator: <{r(12, UP)}@example.org>", "a conversation index"))
O(("email/list-and-feedback-ids", "email", lambda: f"List-Id: Shop developers <dev.shop.example.org>\nFeedback-ID: {R.randrange(10**6, 10**7)}:{r(8, LO)}:newsletter:example\nX-Campaign-Id: {r(10, HX)}", "list and campaign ids"))
O(("tls/nginx-cipher-lists", "nginx", lambda: "ssl_protocols TLSv1.2 TLSv1.3;\nssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305;\nssl_ecdh_curve X25519:prime256v1;", "cipher suite names"))
O(("nginx/upstream-hash-keys", "nginx", lambda: "upstream api {\n    hash $http_x_session_key consistent;\n    server 10.0.0.11:8080;\n    server 10.0.0.12:8080;\n}", "a variable named after a key"))
O(("markdown/software-heritage-ids", "markdown", lambda: f"Archived as [swh:1:rev:{r(40, HX)}](https://archive.softwareheritage.org/swh:1:rev:{r(40, HX)}) and Zenodo record {R.randrange(10**6, 10**7)}.", "archive identifiers"))
O(("markdown/semantic-scholar-ids", "markdown", lambda: f"| paper | id |\n| --- | --- |\n| Attention Is All You Need | `{r(40, HX)}` |\n| BERT | `{r(40, HX)}` |", "paper ids"))
O(("postman/secret-typed-empty-values", "postman", lambda: json.dumps({"name": "shop-local", "values": [{"key": "api_key", "value": "", "type": "secret", "enabled": True}, {"key": "base_url", "value": "http://localhost:8080", "type": "default", "enabled": True}]}), "a secret-typed variable left empty"))
O(("postman/collection-event-ids", "postman", lambda: json.dumps({"info": {"_postman_id": u4(), "name": "Shop API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "event": [{"listen": "test", "script": {"id": u4(), "exec": ["pm.response.to.have.status(200);"]}}]}), "collection and script ids"))
O(("jenkins/credentials-binding-ids", "jenkinsfile", lambda: "withCredentials([string(credentialsId: 'npm-publish-token', variable: 'NPM_TOKEN'),\n                 sshUserPrivateKey(credentialsId: 'deploy-key', keyFileVariable: 'KEY_FILE')]) {\n  sh 'make release'\n}", "credential ids, not credentials"))
O(("jenkins/build-url-and-queue", "jenkinsfile", lambda: f"echo \"Triggered by ${{env.BUILD_URL}} (queue item {R.randrange(10**5, 10**6)}, node {r(8, LO)})\"", "build references"))
O(("compose/secrets-from-files", "compose", lambda: "services:\n  db:\n    image: postgres:17\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets: [db_password]\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt", "secrets named by file"))
O(("compose/image-digest-and-healthcheck", "compose", lambda: f"services:\n  cache:\n    image: redis:7.4@sha256:{r(64, HX)}\n    healthcheck:\n      test: [\"CMD\", \"redis-cli\", \"ping\"]", "an image pinned by digest"))
O(("gradle/in-memory-signing-from-properties", "gradle", lambda: "signing {\n    val signingKey: String? by project\n    val signingPassword: String? by project\n    useInMemoryPgpKeys(signingKey, signingPassword)\n    sign(publishing.publications)\n}", "signing configuration that names its inputs"))
O(("gradle/configuration-cache-ids", "gradle", lambda: f"> Configure project :app\nConfiguration cache entry stored. ({r(26, B36)})\nReusing configuration cache. key={r(32, B36)}", "configuration cache keys"))
O(("chat/shared-gist-links", "chat_export", lambda: json.dumps({"messages": [{"from": "Priya", "text": f"repro is here https://gist.github.com/priya-dev/{r(32, HX)} (public)"}, {"from": "Lee", "text": "the token expired again, I'll rotate it in the vault"}]}), "a public gist link and talk about tokens"))
O(("chat/reaction-and-thread-ids", "chat_export", lambda: json.dumps({"messages": [{"id": r(26, CROCKFORD), "thread": r(26, CROCKFORD), "text": "deploy done :rocket:", "reactions": [{"name": "white_check_mark", "count": 3}]}]}), "message and thread ids"))
O(("ansible/vault-variable-references", "ansible", lambda: "db_password: \"{{ vault_db_password }}\"\napi_token: \"{{ lookup('env', 'API_TOKEN') }}\"\nsecret_key_base: \"{{ vault_secret_key_base }}\"", "references to vaulted variables"))
O(("ansible/inventory-key-file-paths", "ansible", lambda: f"[web]\nweb-1 ansible_host=198.51.100.21 ansible_ssh_private_key_file=~/.ssh/deploy_ed25519\nweb-2 ansible_host=198.51.100.22 host_id={r(8, HX)}", "a key file path and host ids"))
O(("mobile/ios-bundle-and-build", "mobile_config", lambda: f"// Config/Shared.xcconfig\nINFOPLIST_KEY_CFBundleDisplayName = Shop\nDEVELOPMENT_TEAM = $(SHOP_TEAM)\nBUILD_TAG = {r(7, HX)}-{R.randrange(100, 999)}", "build settings and a build tag"))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first (contexts in turn), then pairs, then ordinary text."""
    items, seen = [], {}

    def add(fmt: str, context: str, text: str, found: list[str], what: str) -> None:
        seen[fmt] = seen.get(fmt, 0) + 1
        public = what in PUBLIC.values()
        note = f"{what}; {DRAWN}" if public else f"{what}, as the writer (a model) knows the vendor's format; {DRAWN}"
        items.append(secret_item(fmt, seen[fmt], context, text, found, {"kind": "public" if public else "generated", "note": note}))

    for number, (fmt, name, tool, draw, what) in enumerate(SECRETS):
        context = CONTEXTS[number % len(CONTEXTS)]
        add(fmt, context, *place(context, name, draw(), tool), what)
    for fmt, context, text, found, what in pair_items():
        add(fmt, context, text, found, what)
    for shape, context, make, why in ORDINARY:
        items.append(ordinary_item(shape, context, make(), why, DRAWN))
    return items


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh7.jsonl")
