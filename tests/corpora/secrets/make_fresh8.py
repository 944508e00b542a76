"""Writes the eighth fresh held-out part of the secrets corpus, fresh8.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation states them, or as the
writer knows them, as each item's note says. Six contexts are new with this part (a kubeconfig, a
HOCON file, a Nix expression, a Caddyfile, a git configuration file, a Makefile). No vendor and no
ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh8.py [OUT]   # default: fresh8.jsonl beside this file
"""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from pathlib import Path

from fresh_kit import AL, B36, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, write

SEED = 20261212
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
CROCKFORD_LO = "0123456789abcdefghjkmnpqrstvwxyz"
TID = "234567abcdefghijklmnopqrstuvwxyz"  # the sortable base32 of AT Protocol record keys
SHORTUUID = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
DRAWN = f"value drawn by make_fresh8.py (seed {SEED})"

# The contexts of every earlier part, then the six this part adds. A secret without a shape of its
# own takes the next context in turn.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low, kebab = name.lower(), name.lower().replace("_", "-")
    texts = {
        "env": f"# {tool}: production values, do not share\n{name}={value}\n{tool.upper()}_TIMEOUT=15",
        "json": json.dumps({"integrations": {tool: {"enabled": True, low: value}}, "version": 2}, indent=2),
        "escaped_json": json.dumps({"level": "debug", "msg": "settings", "payload": json.dumps({low: value, "retry": 2})}),
        "cli_flag": f"$ {tool} login --non-interactive --{kebab}={value}",
        "prose": f"Oi, para o {tool} usa a minha chave por enquanto: {value} — depois crio uma conta para ti.",
        "tool_output": f"$ {tool} whoami --verbose\naccount   shop-eu\nscope     read,write\n{kebab}  {value}",
        "diff": f"diff --git a/.env.staging b/.env.staging\n@@ -1,2 +1,2 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"HEADERS = {{b\"X-Api-Key\": b\"{value}\", b\"Accept\": b\"application/json\"}}",
        "yaml": f"{tool}:\n  base_url: https://api.{tool}.example.com\n  {low}: {value}\n  retries: 3",
        "csv": f"service,env,{low},owner\n{tool},prod,{value},payments",
        "url": f"https://api.{tool}.example.com/v2/report.csv?{camel(name)}={value}&range=7d",
        "header": f"GET /v2/account HTTP/1.1\nHost: api.{tool}.example.com\nAuthorization: Bearer {value}\nAccept: */*",
        "log": f"2026-12-06T11:14:09Z DEBUG {tool}.client request signed with {low}={value} attempt=1",
        "connection_string": f"{tool}+https://integration:{value}@api.{tool}.example.com/v1?timeout=30",
        "code": f"client = {tool.capitalize()}Client(api_key=\"{value}\", region=\"eu\")",
        "ini": f"[{tool}]\nurl = https://api.{tool}.example.com\n{low} = {value}",
        "xml": f"<configuration>\n  <{camel(name)}>{value}</{camel(name)}>\n</configuration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci && npm run build",
        "netrc": f"machine {tool}.example.com login token password {value}",
        "toml": f"[integrations.{tool}]\n{low} = \"{value}\"\nenabled = true",
        "shell_history": f": 1765019000:0;{tool} auth set {value}\n: 1765019011:0;{tool} projects list",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"{tool}.base-url=https://api.{tool}.example.com\n{tool}.{camel(name)}={value}",
        "powershell": f"PS C:\\shop> $env:{name} = \"{value}\"\nPS C:\\shop> .\\sync.ps1 -Target {tool}",
        "systemd": f"[Unit]\nDescription={tool} exporter\n\n[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-exporter",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.com/v1/query",
                                                           "headers": [{"name": "X-Api-Key", "value": value}]},
                                               "response": {"status": 201}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.com (203.0.113.41) port 443\n> POST /v1/jobs HTTP/2\n> authorization: Bearer {value}\n> content-type: application/json",
        "crash_report": f"Traceback (most recent call last):\n  File \"sync.py\", line 41, in <module>\nRuntimeError: {tool} refused\n\nEnvironment:\n  {name}={value}\n  PYTHONHASHSEED=0",
        "web_storage": json.dumps({"origin": f"https://console.{tool}.example.com", "sessionStorage": {f"{tool}.{camel(name)}": value, "tab": "overview"}}),
        "plist": f"<dict>\n\t<key>{camel(name)}</key>\n\t<string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "outputs": {low: {"value": value, "type": "string"}}, "resources": []}),
        "mobile_config": f"<!-- res/values/secrets.xml -->\n<resources>\n    <string name=\"{low}\">{value}</string>\n</resources>",
        "sql_dump": f"INSERT INTO integration_settings (provider, key_name, key_value) VALUES ('{tool}', '{low}', '{value}');",
        "email": f"From: ops@example.org\nSubject: {tool} access\n\nHi Ana, the {tool} key is {value} — please move it to the vault today.",
        "nginx": f"location /{tool}/ {{\n    proxy_set_header Authorization \"Bearer {value}\";\n    proxy_pass https://api.{tool}.example.com/;\n}}",
        "markdown": f"| service | key |\n| --- | --- |\n| {tool} | `{value}` |",
        "postman": json.dumps({"info": {"name": f"{tool} API"}, "variable": [{"key": low, "value": value}]}),
        "jenkinsfile": f"stage('Sync') {{\n  steps {{\n    sh \"{tool} sync --{kebab} {value}\"\n  }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: shop/{tool}-sync:2.1\n    environment:\n      {name}: \"{value}\"",
        "gradle": f"android {{\n    defaultConfig {{\n        buildConfigField(\"String\", \"{name}\", \"\\\"{value}\\\"\")\n    }}\n}}",
        "chat_export": json.dumps({"messages": [{"sender": "Rui", "sent_at": "2026-12-06T09:12:00Z", "body": f"{tool}: {value}"}]}),
        "ansible": f"- name: Configure {tool}\n  ansible.builtin.lineinfile:\n    path: /etc/{tool}.conf\n    line: \"{low}={value}\"",
        "kubeconfig": f"users:\n- name: {tool}-ci\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: {tool}-auth\n      env:\n      - name: {name}\n        value: {value}",
        "hocon": f"{tool} {{\n  base-url = \"https://api.{tool}.example.com\"\n  {kebab} = \"{value}\"\n}}",
        "nix": f"services.{tool}-exporter = {{\n  enable = true;\n  settings.{camel(name)} = \"{value}\";\n}};",
        "caddyfile": f"shop.example.com {{\n\treverse_proxy /{tool}/* https://api.{tool}.example.com {{\n\t\theader_up X-Api-Key {value}\n\t}}\n}}",
        "gitconfig": f"[http \"https://git.{tool}.example.com/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{tool} sync --key $({name})",
    }
    if context == "wrapped":
        cut = len(value) // 2
        return f"{tool} | 11:14:09 {low}={value[:cut]}\n{tool} | 11:14:09   {value[cut:]}", [value[:cut], value[cut:]]
    if context == "pem":
        return f"-----BEGIN {tool.upper()} TOKEN-----\n{value}\n-----END {tool.upper()} TOKEN-----", [value]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-api\n  namespace: shop\ndata:\n  {kebab}: {encoded}",
                [encoded])
    return texts[context], [value]


# facts read in public material (the note of the item names it)
PUBLIC = {
    "materialize": "Materialize app password (begins `mzp_`, as the Materialize documentation of `mz app-password create` and the `mz_frontegg_auth::app_password::PREFIX` constant on dev.materialize.com state; the 64 hex digits after it as the writer knows them)",
}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn
    ("spotify/client-secret", "SPOTIFY_CLIENT_SECRET", "spotify", lambda: r(32, HX), "Spotify client secret (32 hex digits)"),
    ("unsplash/access-key", "UNSPLASH_ACCESS_KEY", "unsplash", lambda: r(43, U64), "Unsplash access key (43 URL-safe characters)"),
    ("pexels/api-key", "PEXELS_API_KEY", "pexels", lambda: r(56), "Pexels API key (56 characters)"),
    ("giphy/api-key", "GIPHY_API_KEY", "giphy", lambda: r(32), "GIPHY API key (32 characters)"),
    ("flickr/api-secret", "FLICKR_API_SECRET", "flickr", lambda: r(16, HX), "Flickr API secret (16 hex digits)"),
    ("lastfm/shared-secret", "LASTFM_SHARED_SECRET", "lastfm", lambda: r(32, HX), "Last.fm shared secret (32 hex digits)"),
    ("docusign/client-secret", "DOCUSIGN_CLIENT_SECRET", "docusign", lambda: u4(), "DocuSign integration secret key (a UUID)"),
    ("xero/client-secret", "XERO_CLIENT_SECRET", "xero", lambda: r(48, U64), "Xero OAuth client secret (48 URL-safe characters)"),
    ("bamboohr/api-key", "BAMBOOHR_API_KEY", "bamboohr", lambda: r(40, HX), "BambooHR API key (40 hex digits)"),
    ("greenhouse/harvest-key", "GREENHOUSE_HARVEST_KEY", "greenhouse", lambda: r(32, HX) + "-" + r(1, DG), "Greenhouse Harvest API key (32 hex digits, a dash and a digit)"),
    ("jotform/api-key", "JOTFORM_API_KEY", "jotform", lambda: r(32, HX), "Jotform API key (32 hex digits)"),
    ("webflow/api-token", "WEBFLOW_API_TOKEN", "webflow", lambda: r(64, HX), "Webflow API token (64 hex digits)"),
    ("prestashop/webservice-key", "PRESTASHOP_WS_KEY", "prestashop", lambda: r(32, UP), "PrestaShop webservice key (32 upper-case characters)"),
    ("gumroad/access-token", "GUMROAD_ACCESS_TOKEN", "gumroad", lambda: r(43, U64), "Gumroad application access token (43 URL-safe characters)"),
    ("patreon/creator-token", "PATREON_CREATOR_TOKEN", "patreon", lambda: r(43, U64), "Patreon creator access token (43 URL-safe characters)"),
    ("clarifai/pat", "CLARIFAI_PAT", "clarifai", lambda: r(32, HX), "Clarifai personal access token (32 hex digits)"),
    ("roboflow/api-key", "ROBOFLOW_API_KEY", "roboflow", lambda: r(20), "Roboflow private API key (20 characters)"),
    ("labelbox/api-key", "LABELBOX_API_KEY", "labelbox", lambda: jwt(DRAW, {"organizationId": r(25, LO), "userId": r(25, LO), "iat": 1765000000}),
     "Labelbox API key (an HS256 JWT with organisation and user ids)"),
    ("scaleai/api-key", "SCALE_API_KEY", "scaleai", lambda: "live_" + r(32, HX), "Scale AI API key (`live_` and 32 hex digits)"),
    ("sinch/key-secret", "SINCH_KEY_SECRET", "sinch", lambda: r(26, AL + "-_~."), "Sinch access key secret (26 characters)"),
    ("signalwire/api-token", "SIGNALWIRE_API_TOKEN", "signalwire", lambda: "PT" + r(48, HX), "SignalWire API token (`PT` and 48 hex digits)"),
    ("telesign/api-key", "TELESIGN_API_KEY", "telesign", lambda: b64(64), "TeleSign API key (base64 of 64 bytes)"),
    ("bybit/api-secret", "BYBIT_API_SECRET", "bybit", lambda: r(36), "Bybit API secret (36 characters)"),
    ("okx/secret-key", "OKX_SECRET_KEY", "okx", lambda: r(32, HX).upper(), "OKX API secret key (32 upper-case hex digits)"),
    ("kucoin/api-secret", "KUCOIN_API_SECRET", "kucoin", lambda: u4(), "KuCoin API secret (a UUID)"),
    ("bitfinex/api-secret", "BITFINEX_API_SECRET", "bitfinex", lambda: r(43), "Bitfinex API secret (43 characters)"),
    ("affirm/private-key", "AFFIRM_PRIVATE_API_KEY", "affirm", lambda: r(32), "Affirm private API key (32 characters)"),
    ("dlocal/secret-key", "DLOCAL_SECRET_KEY", "dlocal", lambda: r(40), "dLocal secret key (40 characters)"),
    ("yookassa/secret-key", "YOOKASSA_SECRET_KEY", "yookassa", lambda: "test_" + r(43, U64), "YooKassa secret key (`test_` and 43 URL-safe characters)"),
    ("pingdom/api-token", "PINGDOM_API_TOKEN", "pingdom", lambda: r(64, U64), "Pingdom API 3.1 token (64 URL-safe characters)"),
    ("statuspage/api-key", "STATUSPAGE_API_KEY", "statuspage", lambda: u4(), "Atlassian Statuspage API key (a UUID)"),
    ("shodan/api-key", "SHODAN_API_KEY", "shodan", lambda: r(32), "Shodan API key (32 characters)"),
    ("virustotal/api-key", "VT_API_KEY", "virustotal", lambda: r(64, HX), "VirusTotal API key (64 hex digits)"),
    ("abuseipdb/api-key", "ABUSEIPDB_API_KEY", "abuseipdb", lambda: r(80, HX), "AbuseIPDB API key (80 hex digits)"),
    ("censys/api-secret", "CENSYS_API_SECRET", "censys", lambda: r(32), "Censys API secret (32 characters)"),
    ("veracode/api-key-secret", "VERACODE_API_KEY_SECRET", "veracode", lambda: r(128, HX), "Veracode API key secret (128 hex digits)"),
    ("tenable/secret-key", "TENABLE_SECRET_KEY", "tenable", lambda: r(64, HX), "Tenable.io secret key (64 hex digits)"),
    ("godaddy/api-secret", "GODADDY_API_SECRET", "godaddy", lambda: r(22), "GoDaddy API secret (22 characters)"),
    ("duckdns/token", "DUCKDNS_TOKEN", "duckdns", lambda: u4(), "Duck DNS token (a UUID)"),
    ("desec/token", "DESEC_TOKEN", "desec", lambda: r(28, U64), "deSEC API token (28 URL-safe characters)"),
    ("pantheon/machine-token", "PANTHEON_MACHINE_TOKEN", "pantheon", lambda: r(43, U64), "Pantheon machine token (43 URL-safe characters)"),
    ("drone/token", "DRONE_TOKEN", "drone", lambda: r(32), "Drone CI personal token (32 characters)"),
    ("chocolatey/api-key", "CHOCOLATEY_API_KEY", "chocolatey", lambda: u4(), "Chocolatey community repository API key (a UUID)"),
    ("sonatype/user-token", "SONATYPE_TOKEN_PASSWORD", "sonatype", lambda: r(44, AL + "+/"), "Sonatype Central user token password (44 base64 characters)"),
    ("coda/api-token", "CODA_API_TOKEN", "coda", lambda: u4(), "Coda API token (a UUID)"),
    ("viber/auth-token", "VIBER_AUTH_TOKEN", "viber", lambda: "-".join(r(16, LO) for _ in range(3)), "Viber bot auth token (three groups of 16 lower-case characters)"),
    ("plausible/api-key", "PLAUSIBLE_API_KEY", "plausible", lambda: r(64, U64), "Plausible Analytics API key (64 URL-safe characters)"),
    ("matomo/token-auth", "MATOMO_TOKEN_AUTH", "matomo", lambda: r(32, HX), "Matomo token_auth (32 hex digits)"),
    ("iexcloud/secret-token", "IEX_SECRET_TOKEN", "iexcloud", lambda: "sk_" + r(32, HX), "IEX Cloud secret token (`sk_` and 32 hex digits)"),
    ("eodhd/api-token", "EODHD_API_TOKEN", "eodhd", lambda: r(14, HX) + "." + r(8, DG), "EODHD API token (14 hex digits, a dot, 8 digits)"),
    ("neverbounce/api-key", "NEVERBOUNCE_API_KEY", "neverbounce", lambda: "private_" + r(32, HX), "NeverBounce v4 API key (`private_` and 32 hex digits)"),
    ("storyblok/management-token", "STORYBLOK_MANAGEMENT_TOKEN", "storyblok", lambda: r(26) + "-" + r(6, DG) + "-" + r(20), "Storyblok personal access token (characters in three dash-joined groups)"),
    ("hygraph/permanent-token", "HYGRAPH_TOKEN", "hygraph", lambda: jwt(DRAW, {"version": 3, "iat": 1765000000, "aud": ["https://api-eu-central-1.hygraph.com/v2/" + r(25, LO) + "/master"], "iss": "https://management.hygraph.com/", "sub": u4(), "jti": r(25, LO)}, "RS256"),
     "Hygraph permanent auth token (an RS256 JWT whose audience is the project's endpoint)"),
    ("fastmail/api-token", "FASTMAIL_API_TOKEN", "fastmail", lambda: f"fmu1-{r(8, HX)}-{r(32, HX)}-0-{r(32, HX)}", "Fastmail API token (`fmu1-` and hex groups)"),
    ("mailerlite/api-token", "MAILERLITE_API_KEY", "mailerlite", lambda: jwt(DRAW, {"aud": "4", "jti": r(80, HX), "iat": 1765000000, "nbf": 1765000000, "sub": str(R.randrange(10**5, 10**6)), "scopes": []}, "RS256"),
     "MailerLite API token (an RS256 JWT)"),
    ("n8n/api-key", "N8N_API_KEY", "n8n", lambda: jwt(DRAW, {"sub": u4(), "iss": "n8n", "aud": "public-api", "iat": 1765000000}),
     "n8n public API key (an HS256 JWT with a public-api audience)"),
]


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own: connection strings of less common stores, webhook and gateway URLs, signed headers."""
    mzp, db2, fb, td, exa, crate = "mzp_" + r(64, HX), r(14), r(16), r(18), r(20), r(24)
    tnt, rdb, bon_u, bon_p, dg, disc = r(16), r(20), r(10, LO), r(10, LO), r(48, U64), r(64, HX)
    did_key, thr, sig, novita = r(21), r(16), r(64, HX), "sk_" + r(43, U64)
    email_b64 = base64.b64encode(b"video-team@example.org").decode()
    return [
        ("materialize/app-password", "connection_string",
         f"MZ_URL=postgres://ops%40example.org:{mzp}@{r(20, LO)}.eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require",
         [mzp], PUBLIC["materialize"]),
        ("db2/connection-password", "hocon", f"db2 {{\n  url = \"jdbc:db2://db2.example.net:50000/SHOP:sslConnection=true;\"\n  user = db2inst1\n  password = \"{db2}\"\n}}",
         [db2], "an IBM Db2 password beside its JDBC URL in a HOCON file"),
        ("firebird/connection-uri", "makefile", f"FB_URL := firebird://SYSDBA:{fb}@fb.example.net:3050//data/shop.fdb\n\nmigrate:\n\tflyway -url=$(FB_URL) migrate", [fb],
         "a Firebird SYSDBA password in a connection URI in a Makefile"),
        ("teradata/logon-password", "notebook", json.dumps({"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [],
                                                             "source": ["import teradatasql\n", f"con = teradatasql.connect(host=\"td.example.net\", user=\"etl\", password=\"{td}\")\n"]}),
         [td], "a Teradata logon password in a notebook cell"),
        ("exasol/connection-uri", "compose", f"services:\n  loader:\n    environment:\n      EXA_URL: exa+websocket://sys:{exa}@exa.example.net:8563/SHOP?CONNECTIONLCALL=en_US.UTF-8", [exa],
         "an Exasol password in a SQLAlchemy websocket URI in a Compose file"),
        ("cratedb/connection-uri", "nix", f"systemd.services.ingest.environment.CRATE_URL = \"crate://admin:{crate}@shop.aks1.westeurope.azure.cratedb.net:4200?ssl=true\";", [crate],
         "a CrateDB Cloud admin password in a URI in a Nix expression"),
        ("tarantool/connection-uri", "ansible", f"tarantool_uri: \"tarantool://admin:{tnt}@tt.example.net:3301\"\ntarantool_pool_size: 8", [tnt],
         "a Tarantool admin password in a URI in Ansible variables"),
        ("rethinkdb/admin-password", "code", f"conn = r.connect(host=\"rdb.example.net\", port=28015, user=\"admin\", password=\"{rdb}\")", [rdb],
         "a RethinkDB admin password in a driver call"),
        ("bonsai/cluster-url", "caddyfile", f"search.example.com {{\n\treverse_proxy https://{bon_u}:{bon_p}@shop-{r(6, DG)}.eu-west-1.bonsaisearch.net\n}}", [bon_p],
         "a Bonsai Elasticsearch cluster URL with its access secret (the user part is the access key id)"),
        ("dgraph/cloud-api-key", "gitconfig", f"[alias]\n\tschema = \"!curl -s -H 'X-Auth-Token: {dg}' https://blue-surf.eu-central-1.aws.cloud.dgraph.io/admin/schema\"", [dg],
         "a Dgraph Cloud API key in a git alias"),
        ("discourse/api-key", "kubeconfig", f"users:\n- name: forum-bot\n  user:\n    exec:\n      command: forum-auth\n      env:\n      - name: DISCOURSE_API_KEY\n        value: \"{disc}\"", [disc],
         "a Discourse API key (64 hex digits) in a kubeconfig's exec environment"),
        ("d-id/api-key", "header", f"POST /talks HTTP/1.1\nHost: api.d-id.com\nAuthorization: Basic {email_b64}:{did_key}\nContent-Type: application/json", [did_key],
         "a D-ID API key (the part after the base64 e-mail of the account) in a Basic header"),
        ("threema/gateway-secret", "url", f"https://msgapi.threema.ch/send_simple?from=*SHOP042&to=ECHOECHO&secret={thr}&text=deploy+done", [thr],
         "a Threema Gateway API secret in the send URL's query"),
        ("veriff/shared-secret", "hocon", f"veriff {{\n  api-key = \"{u4()}\"\n  shared-secret = \"{sig}\"\n}}", [sig],
         "a Veriff shared secret key (64 hex digits) beside its public API key id in a HOCON file"),
        ("novita/api-key", "makefile", f"export NOVITA_API_KEY := {novita}\n\nbench:\n\tpython bench.py --provider novita", [novita],
         "a Novita AI API key (`sk_` and 43 URL-safe characters) in a Makefile"),
    ]


NAMED_UUIDS = [str(uuid.uuid5(uuid.NAMESPACE_DNS, host)) for host in ("shop.example.org", "api.example.org")]


def ulid_like(n: int = 26) -> str:
    return r(n, CROCKFORD_LO)


CACHED = hashlib.md5(b"httpsshop.example.com/api/catalog").hexdigest()  # nginx names a cache file by its key's md5


def weights_log(prefix: str) -> str:
    return (f"Downloading: \"https://download.pytorch.org/models/resnet50-{prefix}.pth\" to cache/checkpoints/resnet50-{prefix}.pth"
            "\n100%|██████████| 97.8M/97.8M")


def slack_files(user: str, file: str) -> str:
    return json.dumps({"messages": [{"user": user, "text": "log attached", "files": [
        {"id": file, "name": "build.log", "permalink": f"https://example.slack.com/files/{user}/{file}/build.log"}]}]})


def app_association(app_id: str) -> str:
    return json.dumps({"applinks": {"details": [{"appIDs": [app_id], "components": [{"/": "/orders/*"}]}]},
                       "webcredentials": {"apps": [app_id]}})


ORDINARY = [  # (shape, context, make, why)
    ("ids/typeid-seed-fixtures", "env", lambda: f"SEED_ADMIN_ID=user_01{ulid_like(24)}\nSEED_ORG_ID=org_01{ulid_like(24)}\nSEED_PLAN=plan_free", "type-prefixed sortable ids of seed fixtures"),
    ("music/musicbrainz-ids", "json", lambda: json.dumps({"artist": {"name": "Example Quartet", "mbid": u4()}, "release_group": u4(), "recording": u4()}), "music catalogue ids"),
    ("science/openalex-and-ror-ids", "json", lambda: json.dumps({"work": f"https://openalex.org/W{r(10, DG)}", "author": f"https://openalex.org/A{r(10, DG)}", "institution_ror": f"https://ror.org/0{r(6, B36)}{r(2, DG)}"}), "research work, author and institution ids"),
    ("geo/google-place-ids", "json", lambda: json.dumps({"stores": [{"name": "Lisbon", "place_id": "ChIJ" + r(23, U64)}, {"name": "Porto", "place_id": "ChIJ" + r(23, U64)}]}), "public map place ids"),
    ("security/sarif-partial-fingerprints", "json", lambda: json.dumps({"ruleId": "py/sql-injection", "partialFingerprints": {"primaryLocationLineHash": f"{r(16, HX)}:1"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "shop/db.py"}}}]}), "a code scanning result's line hash"),
    ("webauthn/authenticator-aaguids", "json", lambda: json.dumps({"allowed_authenticators": [{"name": "YubiKey 5 NFC", "aaguid": "fa2b99dc-9e39-4257-8f92-4a30d23c4118"}, {"name": "iCloud Keychain", "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"}]}), "published authenticator model ids"),
    ("net/yggdrasil-addresses", "json", lambda: json.dumps({"Peers": ["tls://198.51.100.12:443"], "NodeInfo": {"name": "edge-3"}, "Address": f"200:{r(4, HX)}:{r(4, HX)}:{r(4, HX)}:{r(4, HX)}:{r(4, HX)}:{r(4, HX)}:{r(4, HX)}"}), "overlay network addresses"),
    ("ids/atproto-record-tids", "escaped_json", lambda: json.dumps(json.dumps({"uri": f"at://did:plc:{r(24, TID)}/app.bsky.feed.post/3l{r(11, TID)}", "cid": "bafyrei" + r(52, "abcdefghijklmnopqrstuvwxyz234567")})), "a social post's record key and content id"),
    ("ids/graphql-gid-uris", "escaped_json", lambda: json.dumps(json.dumps({"node": {"id": f"gid://shopify/Product/{r(13, DG)}", "variant": f"gid://shopify/ProductVariant/{r(14, DG)}", "project": f"gid://gitlab/Project/{r(8, DG)}"}})), "GraphQL global ids"),
    ("backup/restic-snapshot-ids", "cli_flag", lambda: f"$ restic -r sftp:backup@198.51.100.30:/srv/restic restore {r(8, HX)} --target ./restore --include /srv/shop/uploads", "a backup snapshot id"),
    ("cloud/gcp-billing-account-ids", "cli_flag", lambda: f"$ gcloud billing projects link shop-prod --billing-account={r(6, HX).upper()}-{r(6, HX).upper()}-{r(6, HX).upper()}", "a billing account id"),
    ("legal/ecli-and-celex-ids", "prose", lambda: "O parecer cita o acórdão ECLI:EU:C:2014:317 e o regulamento 32016R0679 (CELEX); ambos são públicos.", "public case-law and legislation ids"),
    ("health/icd10-loinc-snomed-codes", "prose", lambda: "Codificámos o episódio com ICD-10 E11.65, o exame LOINC 4548-4 e o conceito SNOMED CT 44054006.", "clinical code values"),
    ("vcs/git-patch-id-output", "tool_output", lambda: f"$ git show HEAD | git patch-id --stable\n{r(40, HX)} {r(40, HX)}", "a patch id and commit id"),
    ("backup/borg-list-archives", "tool_output", lambda: f"$ borg list /srv/borg\nshop-2026-12-05T02:00:04  Fri, 2026-12-05 02:00:05 [{r(64, HX)}]\nshop-2026-12-06T02:00:03  Sat, 2026-12-06 02:00:04 [{r(64, HX)}]", "backup archive ids"),
    ("fs/zfs-dataset-guids", "tool_output", lambda: f"$ zfs get -H -o name,value guid tank/shop tank/shop@pre-upgrade\ntank/shop\t{R.randrange(10**18, 10**19)}\ntank/shop@pre-upgrade\t{R.randrange(10**18, 10**19)}", "dataset and snapshot guids"),
    ("hw/tpm2-pcrread", "tool_output", lambda: "$ tpm2_pcrread sha256:0,7\n  sha256:\n" + "".join(f"    {i} : 0x{r(64, HX).upper()}\n" for i in (0, 7)), "measured boot register values"),
    ("ml/ollama-list", "tool_output", lambda: f"$ ollama list\nNAME               ID              SIZE      MODIFIED\nllama3.2:3b        {r(12, HX)}    2.0 GB    3 days ago\nqwen2.5-coder:7b   {r(12, HX)}    4.7 GB    2 weeks ago", "local model ids"),
    ("vcs/svn-info-uuid", "tool_output", lambda: f"$ svn info\nURL: https://svn.example.org/repos/shop/trunk\nRepository UUID: {u4()}\nRevision: {R.randrange(10000, 99999)}", "a repository uuid and revision"),
    ("vcs/fossil-timeline", "tool_output", lambda: f"$ fossil timeline -n 2\n=== 2026-12-06 ===\n10:14:02 [{r(10, HX)}] fix rounding in totals (user: ana tags: trunk)\n09:58:47 [{r(10, HX)}] *MERGE* release notes (user: rui tags: trunk)", "check-in hashes"),
    ("db/redis-cluster-nodes", "tool_output", lambda: "$ redis-cli -c cluster nodes\n" + "".join(f"{r(40, HX)} 10.0.0.{i}:6379@16379 {'myself,master' if i == 11 else 'master'} - 0 1765019000000 {i - 10} connected {(i - 11) * 5461}-{(i - 10) * 5461 - 1}\n" for i in (11, 12)), "cluster node ids"),
    ("db/pg-controldata", "tool_output", lambda: f"$ pg_controldata /var/lib/postgresql/17/main | head -4\npg_control version number:            1700\nCatalog version number:               {R.randrange(202400000, 202499999)}\nDatabase system identifier:           {R.randrange(7 * 10**18, 75 * 10**17)}\nDatabase cluster state:               in production", "a database system identifier"),
    ("net/snmpwalk-oids", "tool_output", lambda: f"$ snmpwalk -v2c -c public 198.51.100.1 system\nSNMPv2-MIB::sysObjectID.0 = OID: SNMPv2-SMI::enterprises.9.1.{R.randrange(1000, 3000)}\nSNMPv2-MIB::sysUpTime.0 = Timeticks: ({R.randrange(10**8, 10**9)}) 42 days\nIF-MIB::ifPhysAddress.1 = STRING: 0:1a:2b:{r(2, HX)}:{r(2, HX)}:{r(2, HX)}", "object ids read with the public read community"),
    ("dns/rrsig-and-nsec3", "tool_output", lambda: f"$ dig +dnssec +noall +answer example.org A\nexample.org. 3600 IN A 203.0.113.10\nexample.org. 3600 IN RRSIG A 13 2 3600 20261220000000 20261206000000 {R.randrange(1000, 65000)} example.org. {b64(64)}\n{r(32, '0123456789abcdefghijklmnopqrstuv')}.example.org. 3600 IN NSEC3 1 0 0 - {r(32, '0123456789abcdefghijklmnopqrstuv').upper()} A RRSIG", "zone signatures and hashed owner names"),
    ("dns/https-record-echconfig", "tool_output", lambda: f"$ dig +short HTTPS example.org\n1 . alpn=\"h3,h2\" ipv4hint=203.0.113.10 ech={b64(66)}", "a published encrypted client hello configuration"),
    ("linux/modinfo-signature", "tool_output", lambda: f"$ modinfo nvidia | grep -A3 sig_id\nsig_id:         PKCS#7\nsigner:         Build time autogenerated kernel key\nsig_key:        {':'.join(r(2, HX).upper() for _ in range(20))}\nsig_hashalgo:   sha512", "a kernel module's signing key id"),
    ("macos/quarantine-xattr", "tool_output", lambda: f"$ xattr -p com.apple.quarantine ~/Downloads/shop-setup.dmg\n0083;{r(8, HX)};Safari;{u4().upper()}", "a download's quarantine record"),
    ("snap/store-assertions", "tool_output", lambda: f"$ snap known snap-declaration snap-name=shop-cli\ntype: snap-declaration\nauthority-id: canonical\nsnap-id: {r(32, AL)}\npublisher-id: {r(32, AL)}\nsign-key-sha3-384: {r(64, U64)}", "store assertion ids and the store's signing key hash"),
    ("oci/cosign-signature-tags", "tool_output", lambda: f"$ crane ls ghcr.io/example/shop\n4.2.0\nsha256-{r(64, HX)}.sig\nsha256-{r(64, HX)}.att", "signature tags named after image digests"),
    ("pulumi/stack-urns", "tool_output", lambda: "$ pulumi stack --show-urns | head -3\n    urn:pulumi:prod::shop::pulumi:pulumi:Stack::shop-prod\n    urn:pulumi:prod::shop::aws:s3/bucketV2:BucketV2::assets\n        ID: assets-" + r(7, LO), "resource names of a stack"),
    ("names/prometheus-metric-names", "tool_output", lambda: "$ curl -s localhost:9100/metrics | grep token\n# TYPE auth_token_refresh_total counter\nauth_token_refresh_total{result=\"ok\"} 412\nauth_password_reset_requests_total 9\napi_key_cache_hits_total 18233", "metric names that say token, password and key"),
    ("tor/relay-fingerprints", "tool_output", lambda: f"$ grep -E 'Nodes|Family' /etc/tor/torrc\nEntryNodes ${r(40, HX).upper()},${r(40, HX).upper()}\nMyFamily ${r(40, HX).upper()}", "public relay fingerprints"),
    ("lockfile/chart-lock", "diff", lambda: f"--- a/charts/shop/Chart.lock\n+++ b/charts/shop/Chart.lock\n@@ -2,5 +2,5 @@\n - name: postgresql\n   repository: oci://registry-1.docker.io/bitnamicharts\n-  version: 16.2.1\n+  version: 16.3.0\n-digest: sha256:{r(64, HX)}\n+digest: sha256:{r(64, HX)}", "a chart dependency lock digest"),
    ("lockfile/buf-lock", "diff", lambda: f"+version: v2\n+deps:\n+  - name: buf.build/googleapis/googleapis\n+    commit: {r(32, HX)}\n+    digest: b5:{r(128, HX)}", "a schema module lock"),
    ("hw/edid-bytes", "bytes_literal", lambda: "EDID_HEADER = b\"\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\x00" + "".join(f"\\x{r(2, HX)}" for _ in range(10)) + "\"", "a display's identification bytes"),
    ("k8s/lease-holder-identity", "yaml", lambda: f"apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: shop-controller-leader\nspec:\n  holderIdentity: shop-controller-7d9f{r(5, LO)}_{u4()}\n  leaseDurationSeconds: 15", "a leader election holder"),
    ("k8s/kustomize-hash-suffixes", "yaml", lambda: f"envFrom:\n  - configMapRef:\n      name: shop-config-{r(10, 'bcdfghkmt2456789')}\n  - secretRef:\n      name: shop-env-{r(10, 'bcdfghkmt2456789')}", "generated object names with content hash suffixes"),
    ("winget/installer-sha256", "yaml", lambda: f"PackageIdentifier: Example.ShopCLI\nPackageVersion: 4.2.0\nInstallers:\n  - Architecture: x64\n    InstallerUrl: https://example.org/shop-cli-4.2.0-x64.msi\n    InstallerSha256: {r(64, HX).upper()}\nManifestType: installer", "an installer's checksum"),
    ("names/openapi-operation-ids", "yaml", lambda: "paths:\n  /keys/{id}/rotate:\n    post:\n      operationId: rotateApiKey\n  /tokens/{id}:\n    delete:\n      operationId: revokeAccessToken\n  /users/{id}/password:\n    put:\n      operationId: resetUserPassword", "operation names that say key, token and password"),
    ("health/dicom-uids", "csv", lambda: "study_uid,series_uid,modality\n" + "".join(f"1.2.840.113619.2.55.3.{r(10, DG)}.{R.randrange(100, 999)}.{r(10, DG)},1.2.840.113619.2.55.3.{r(10, DG)}.{R.randrange(100, 999)},CT\n" for _ in range(2)), "imaging study and series ids"),
    ("tax/eu-vat-ids", "csv", lambda: "supplier,vat_id,country\nExample GmbH,DE" + r(9, DG) + ",DE\nExemplo Lda,PT" + r(9, DG) + ",PT", "supplier VAT numbers"),
    ("security/ioc-hash-feed", "csv", lambda: "first_seen,sha256,family\n" + "".join(f"2026-12-0{i},{r(64, HX)},loader\n" for i in (4, 5)), "published hashes of malicious files"),
    ("geo/unlocode-and-iata", "csv", lambda: "port,unlocode,iata\nLisbon,PTLIS,LIS\nRotterdam,NLRTM,RTM\nHamburg,DEHAM,HAM", "location codes"),
    ("rail/uic-wagon-numbers", "csv", lambda: "wagon,type\n" + "".join(f"31 80 {r(4, DG)} {r(3, DG)}-{R.randrange(10)},Habbiins\n" for _ in range(2)), "rail wagon numbers"),
    ("media/twitch-clip-slugs", "url", lambda: f"https://clips.twitch.tv/BraveAmazingPenguin{r(4, AL[:52])}-{r(16, U64)} https://www.twitch.tv/videos/{r(10, DG)}", "public clip slugs and video ids"),
    ("media/tiktok-video-urls", "url", lambda: f"https://www.tiktok.com/@example.shop/video/74{r(17, DG)}?lang=pt-PT", "a public video id"),
    ("http/message-signature-headers", "header", lambda: f"POST /webhooks/orders HTTP/1.1\nContent-Digest: sha-256=:{b64(32)}:\nSignature-Input: sig1=(\"@method\" \"@path\" \"content-digest\");created=1765019000;keyid=\"shop-2026\"\nSignature: sig1=:{b64(64)}:", "a request's public signature and its key name"),
    ("http/akamai-grn", "header", lambda: f"HTTP/1.1 403 Forbidden\nServer: AkamaiGHost\nAkamai-GRN: 0.{r(8, HX)}.1765019000.{r(8, HX)}\nX-Reference-Error: 18.{r(8, HX)}.1765019000.{r(8, HX)}", "an edge error reference"),
    ("log/auth-error-messages", "log", lambda: "2026-12-06 11:20:01 WARN auth: refresh token expired for session s-1042, asking user to sign in again\n2026-12-06 11:20:03 WARN auth: invalid password for user ana (attempt 2/5)\n2026-12-06 11:20:09 INFO auth: api key rotated by admin", "log lines that say token, password and key"),
    ("k8s/pv-volume-handles", "log", lambda: f"I1206 11:21:44 controller.go:1366] provision \"shop/data-db-0\" class \"gp3\": volume \"pvc-{u4()}\" provisioned, handle vol-0{r(16, HX)}", "storage volume names and handles"),
    ("queue/pulsar-message-ids", "log", lambda: f"2026-12-06T11:22:10Z INFO consumer acked messageId={R.randrange(1000, 99999)}:{R.randrange(0, 999)}:-1:0 topic=persistent://shop/orders/created", "broker message ids"),
    ("aviation/metar-reports", "log", lambda: "2026-12-06T11:20Z weather fetched: METAR LPPT 061120Z 33012KT 9999 FEW025 14/08 Q1021 NOSIG", "a weather report"),
    ("ml/torchvision-weight-filenames", "log", lambda: weights_log(r(8, HX)), "model weight files named by hash prefix"),
    ("terraform/cloud-run-ids", "log", lambda: f"Running apply in HCP Terraform. Output will stream here.\nTo view this run in a browser, visit:\nhttps://app.terraform.io/app/example/shop-prod/runs/run-{r(16, AL)}", "a remote run id"),
    ("db/sqlite-readonly-uri", "connection_string", lambda: f"CACHE_DSN=file:var/cache/catalog-{u4()}.db?mode=ro&immutable=1", "a read-only local database file"),
    ("captcha/turnstile-sitekey", "code", lambda: f"<div class=\"cf-turnstile\" data-sitekey=\"0x4AAAAAAA{r(14, AL)}\" data-theme=\"light\"></div>", "a public challenge site key"),
    ("ids/shortuuid-fixtures", "code", lambda: f"FIXTURE_IDS = [\"{r(22, SHORTUUID)}\", \"{r(22, SHORTUUID)}\"]  # shortuuid.uuid()", "short encoded UUIDs"),
    ("uuid/v5-name-based", "code", lambda: f"SHOP_NS = uuid.NAMESPACE_DNS\nassert str(uuid.uuid5(SHOP_NS, \"shop.example.org\")) == \"{NAMED_UUIDS[0]}\"\nassert str(uuid.uuid5(SHOP_NS, \"api.example.org\")) == \"{NAMED_UUIDS[1]}\"", "name-based UUIDs computed from public names"),
    ("payments/emvco-qr-payload", "code", lambda: "PIX_QR = \"00020126580014br.gov.bcb.pix0136" + u4() + "5204000053039865802BR5913Loja Exemplo6009SAO PAULO62070503***6304" + r(4, HX).upper() + "\"", "a merchant payment QR payload with its public receiving key"),
    ("names/ui-component-names", "code", lambda: "export { PasswordStrengthMeter } from './PasswordStrengthMeter';\nexport { ApiKeyTable } from './ApiKeyTable';\nexport { TokenExpiryBanner } from './TokenExpiryBanner';", "component names that say password, key and token"),
    ("ini/pgbouncer-auth-settings", "ini", lambda: "[pgbouncer]\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\nauth_user = pgbouncer_auth\nauth_query = SELECT usename, passwd FROM pgbouncer.get_auth($1)", "settings that say where passwords are looked up"),
    ("xml/drawio-diagram-ids", "xml", lambda: f"<mxfile host=\"app.diagrams.net\">\n  <diagram id=\"{r(20, U64)}\" name=\"Checkout\">\n    <mxGraphModel><root><mxCell id=\"{r(20, U64)}-1\" value=\"API\"/></root></mxGraphModel>\n  </diagram>\n</mxfile>", "diagram element ids"),
    ("payments/sepa-pain001-ids", "xml", lambda: f"<PmtId>\n  <InstrId>SHOP-{r(10, DG)}</InstrId>\n  <EndToEndId>E2E-{r(20, UP)}</EndToEndId>\n</PmtId>\n<MndtId>MNDT{r(12, DG)}</MndtId>", "payment instruction, end-to-end and mandate ids"),
    ("dockerfile/download-checksum-verify", "dockerfile", lambda: f"ARG KUBECTL_VERSION=v1.31.3\nARG KUBECTL_SHA256={r(64, HX)}\nRUN curl -fsSLo kubectl https://dl.k8s.io/release/${{KUBECTL_VERSION}}/bin/linux/amd64/kubectl \\\n && echo \"${{KUBECTL_SHA256}}  kubectl\" | sha256sum -c -", "a download's published checksum"),
    ("netrc/ci-job-token-template", "netrc", lambda: "# rendered by envsubst in CI; the value is never written to the repository\nmachine gitlab.example.com login gitlab-ci-token password ${CI_JOB_TOKEN}", "a variable reference, not a password"),
    ("pem/openssl-trusted-certificate", "pem", lambda: f"-----BEGIN TRUSTED CERTIFICATE-----\n{DRAW.pem_lines(420)}\n-----END TRUSTED CERTIFICATE-----", "a public certificate with trust settings"),
    ("wrapped/openssl-asn1parse-dump", "wrapped", lambda: f"$ openssl asn1parse -in ca.pem | head -4\n    0:d=0  hl=4 l=1310 cons: SEQUENCE\n    4:d=1  hl=4 l=1030 cons: SEQUENCE\n   13:d=3  hl=2 l=  16 prim: INTEGER           :{r(32, HX).upper()}\n   31:d=2  hl=2 l=  13 cons: SEQUENCE", "the structure of a public certificate"),
    ("astro/tle-orbital-elements", "wrapped", lambda: f"ISS (ZARYA)\n1 25544U 98067A   26340.{r(8, DG)}  .00016717  00000-0  10270-3 0  9005\n2 25544  51.6416 {R.randrange(100, 359)}.{r(4, DG)} 0006703 {R.randrange(100, 359)}.{r(4, DG)} {R.randrange(100, 359)}.{r(4, DG)} 15.50{r(6, DG)}{r(5, DG)}{R.randrange(10)}", "published orbital elements"),
    ("lockfile/pdm-lock", "toml", lambda: f"[[package]]\nname = \"httpx\"\nversion = \"0.28.1\"\nfiles = [\n    {{file = \"httpx-0.28.1-py3-none-any.whl\", hash = \"sha256:{r(64, HX)}\"}},\n]\n\n[metadata]\ncontent_hash = \"sha256:{r(64, HX)}\"", "lockfile hashes"),
    ("android/adb-device-serials", "shell_history", lambda: f": 1765019200:0;adb devices -l\n: 1765019214:0;adb -s R58M{r(7, UP)} install -r app-release.apk\n: 1765019230:0;adb -s emulator-5554 logcat -d", "device serials"),
    ("ml/gguf-metadata-dump", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 5, "outputs": [{"output_type": "stream", "name": "stdout", "text": ["general.architecture = llama\n", "general.name = TinyLlama\n", f"tokenizer.ggml.model = llama\n", f"file sha256 = {r(64, HX)}\n"]}], "source": ["!gguf-dump --no-tensors models/tinyllama.gguf\n"]}), "a model file's metadata and digest"),
    ("hcl/vault-policy-paths", "hcl", lambda: "path \"secret/data/shop/*\" {\n  capabilities = [\"read\"]\n}\npath \"auth/token/renew-self\" {\n  capabilities = [\"update\"]\n}", "a policy that names secret paths"),
    ("properties/git-commit-id-plugin", "properties", lambda: f"git.branch=main\ngit.commit.id={r(40, HX)}\ngit.commit.id.abbrev={r(7, HX)}\ngit.build.time=2026-12-06T11:30:00+0000\ngit.dirty=false", "build provenance of a jar"),
    ("kafka/kraft-cluster-id", "properties", lambda: f"# meta.properties\nnode.id=1\ndirectory.id={r(22, U64)}\nversion=1\ncluster.id={r(22, U64)}", "a cluster and log directory id"),
    ("powershell/appx-package-family-names", "powershell", lambda: "PS> Get-AppxPackage *Terminal* | Select PackageFamilyName, Version\n\nPackageFamilyName                      Version\n-----------------                      -------\nMicrosoft.WindowsTerminal_8wekyb3d8bbwe 1.21.3231.0", "a package family name with its publisher hash"),
    ("windows/prefetch-file-names", "powershell", lambda: f"PS> Get-ChildItem C:\\Windows\\Prefetch -Filter SHOP*\n\nMode   LastWriteTime     Length Name\n-a---  06/12/2026 10:12  18344 SHOP-CLI.EXE-{r(8, HX).upper()}.pf\n-a---  06/12/2026 10:13   9120 SHOPUPDATER.EXE-{r(8, HX).upper()}.pf", "prefetch file names with path hashes"),
    ("systemd/cryptenroll-slot-listing", "systemd", lambda: "$ systemd-cryptenroll /dev/nvme0n1p3\nSLOT TYPE\n   0 password\n   1 tpm2\n   2 recovery", "key slot types, not keys"),
    ("har/connection-and-initiator-ids", "har", lambda: json.dumps({"log": {"entries": [{"connection": str(R.randrange(10**5, 10**6)), "_initiator": {"type": "script", "url": f"https://shop.example.com/assets/app-{r(8, HX)}.js"}, "request": {"method": "GET", "url": "https://shop.example.com/api/catalog?page=2"}, "response": {"status": 200}}]}}), "a capture's connection and initiator"),
    ("curl/digest-auth-challenge", "curl_trace", lambda: f"< HTTP/1.1 401 Unauthorized\n< WWW-Authenticate: Digest realm=\"shop\", qop=\"auth\", nonce=\"{r(32, HX)}\", opaque=\"{r(32, HX)}\", algorithm=SHA-256\n< Content-Length: 0", "a server's one-time challenge"),
    ("k8s/dockerconfig-cred-helpers-only", "k8s_secret", lambda: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ecr-helper\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: " + base64.b64encode(json.dumps({"credHelpers": {f"{r(12, DG)}.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login"}}).encode()).decode(), "a registry configuration that names a credential helper and holds no credential"),
    ("crash/windows-wer-report", "crash_report", lambda: f"Faulting application name: shop-cli.exe, version: 4.2.0.0\nFaulting module name: ntdll.dll, version: 10.0.22631.4460\nException code: 0xc0000005\nFault offset: 0x00000000000{r(5, HX)}\nReport Id: {u4()}\nFaulting package full name: ", "a crash report's ids and offsets"),
    ("web/apollo-cache-keys", "web_storage", lambda: json.dumps({"localStorage": {"apollo-cache-persist": json.dumps({f"Product:gid://shopify/Product/{r(13, DG)}": {"title": "Mug"}, "ROOT_QUERY": {"cart": {"__ref": f"Cart:{r(26, CROCKFORD_LO)}"}}})}}), "normalised cache keys"),
    ("plist/mdm-profile-payload-uuids", "plist", lambda: f"<key>PayloadIdentifier</key>\n<string>org.example.wifi.{u4()}</string>\n<key>PayloadUUID</key>\n<string>{u4().upper()}</string>\n<key>PayloadType</key>\n<string>com.apple.wifi.managed</string>", "configuration profile payload ids"),
    ("tfstate/acm-validation-records", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "aws_acm_certificate", "name": "shop", "instances": [{"attributes": {"domain_validation_options": [{"resource_record_name": f"_{r(32, HX)}.shop.example.org.", "resource_record_type": "CNAME", "resource_record_value": f"_{r(32, HX)}.{r(10, LO)}.acm-validations.aws."}]}}]}]}), "certificate validation record names"),
    ("mobile/apple-app-site-association", "mobile_config", lambda: app_association(f"{r(10, UP)}.org.example.shop"), "an app association file naming team and bundle ids"),
    ("version/os-build-numbers", "mobile_config", lambda: "// Fastlane/devices.json\n{\"devices\": [{\"name\": \"iPhone 15\", \"os\": \"18.2\", \"build\": \"22C152\"}, {\"name\": \"Pixel 8\", \"os\": \"15\", \"build\": \"AP4A.241205.013\"}]}", "operating system build numbers"),
    ("ids/salesforce-record-ids", "sql_dump", lambda: "INSERT INTO crm_accounts (sf_id, name) VALUES " + ", ".join(f"('001{r(12, AL)}{r(3, UP)}', 'Account {i}')" for i in (1, 2)) + ";", "CRM record ids"),
    ("email/mime-encoded-word-subject", "email", lambda: f"Subject: =?UTF-8?B?{base64.b64encode('Encomenda nº 1042 enviada ✓'.encode()).decode()}?=\nX-Mailer: shop-mailer 4.2\nX-Entity-Ref-ID: {u4()}", "an encoded subject and a mailer reference"),
    ("nginx/proxy-cache-file-names", "nginx", lambda: f"# ls /var/cache/nginx/shop/{CACHED[-1]}/{CACHED[-3:-1]}/\n# {CACHED}\nproxy_cache_path /var/cache/nginx/shop levels=1:2 keys_zone=shop:10m max_size=1g;", "cache files named by the md5 of public URLs"),
    ("markdown/osv-advisory-ids", "markdown", lambda: "| advisory | package | fixed |\n| --- | --- | --- |\n| PYSEC-2024-48 | werkzeug | 3.0.3 |\n| RUSTSEC-2024-0336 | rustls | 0.23.5 |\n| GO-2024-2687 | golang.org/x/net | 0.23.0 |", "vulnerability database ids"),
    ("postman/mock-server-urls", "postman", lambda: json.dumps({"variable": [{"key": "baseUrl", "value": f"https://{u4()}.mock.pstmn.io"}], "info": {"name": "Shop mocks"}}), "a mock server address"),
    ("jenkins/shared-library-pinned-commit", "jenkinsfile", lambda: f"@Library('shop-pipeline@{r(40, HX)}') _\nshopPipeline(node: '22', deploy: false)", "a library pinned to a commit"),
    ("compose/serial-device-by-id", "compose", lambda: f"services:\n  zigbee:\n    image: koenkk/zigbee2mqtt:1.42.0\n    devices:\n      - /dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus_{r(32, HX)}-if00-port0:/dev/ttyACM0", "a device path with its serial"),
    ("gradle/nexus-staging-repository-ids", "gradle", lambda: f"> Task :closeSonatypeStagingRepository\nClosing staging repository orgexample-{R.randrange(1000, 9999)} ({r(8, HX)})\n> Task :releaseSonatypeStagingRepository", "staging repository ids"),
    ("chat/slack-file-ids", "chat_export", lambda: slack_files("U07" + r(8, UP), "F07" + r(8, UP)), "file and user ids"),
    ("ansible/fact-cache-product-uuids", "ansible", lambda: f"# fact cache: web-1\nansible_product_uuid: {u4()}\nansible_machine_id: {r(32, HX)}\nansible_product_serial: {r(10, UP)}", "cached hardware ids"),
    ("kubeconfig/exec-plugin-without-token", "kubeconfig", lambda: f"users:\n- name: arn:aws:eks:eu-west-1:{r(12, DG)}:cluster/shop\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [eks, get-token, --cluster-name, shop]", "a kubeconfig whose credentials come from a plugin"),
    ("hocon/env-substitution-placeholders", "hocon", lambda: "payments {\n  api-key = ${?PAYMENTS_API_KEY}\n  webhook-secret = ${?PAYMENTS_WEBHOOK_SECRET}\n  timeout = 10s\n}", "references to environment variables"),
    ("nix/sops-nix-secret-declarations", "nix", lambda: "sops.secrets.\"shop/db_password\" = {\n  owner = \"shop\";\n  sopsFile = ./secrets/prod.yaml;\n};\nsops.age.keyFile = \"/var/lib/sops-nix/key.txt\";", "declarations that name secrets and a key file"),
    ("nix/fetchfromgithub-rev-and-hash", "nix", lambda: f"src = fetchFromGitHub {{\n  owner = \"example\";\n  repo = \"shop\";\n  rev = \"{r(40, HX)}\";\n  hash = \"sha256-{b64(32)}\";\n}};", "a pinned source revision and its hash"),
    ("caddy/env-placeholders", "caddyfile", lambda: "api.example.com {\n\treverse_proxy localhost:8080 {\n\t\theader_up X-Api-Key {env.UPSTREAM_API_KEY}\n\t}\n\tbasic_auth /admin/* {\n\t\t{$ADMIN_USER} {$ADMIN_HASH}\n\t}\n}", "placeholders for values the server reads at start"),
    ("gitconfig/credential-helper-settings", "gitconfig", lambda: "[credential]\n\thelper = osxkeychain\n\tuseHttpPath = true\n[credential \"https://git.example.org\"]\n\tusername = ana", "settings that name a credential helper"),
    ("gitconfig/url-insteadof-rewrites", "gitconfig", lambda: "[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n[url \"https://mirror.example.org/github/\"]\n\tinsteadOf = gh:", "URL rewrites"),
    ("makefile/required-variable-guards", "makefile", lambda: "guard-%:\n\t@test -n \"$($*)\" || (echo \"set $* first\" && exit 1)\n\ndeploy: guard-API_TOKEN guard-DB_PASSWORD\n\t./deploy.sh", "checks that variables named after secrets are set"),
    ("names/commit-subjects-about-secrets", "chat_export", lambda: json.dumps({"messages": [{"from": "ci-bot", "text": "merged: fix token refresh race; rotate signing key docs; password reset email copy"}]}), "commit subjects that say token, key and password"),
    ("files/camera-and-screenshot-names", "markdown", lambda: f"Attached: `IMG_20261206_101522.jpg`, `PXL_20261206_{r(9, DG)}.MP.jpg`, `Screenshot 2026-12-06 at 10.15.22.png`", "camera and screenshot file names"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, pair_items, ORDINARY, PUBLIC.values()),
          Path(__file__).resolve().parent / "fresh8.jsonl")
