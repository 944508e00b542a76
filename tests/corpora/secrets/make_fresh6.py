"""Writes the sixth fresh held-out part of the secrets corpus, fresh6.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation or public detectors state
them, or as the writer knows them, as each item's note says. Six contexts are new with this part
(Terraform state, a mobile app's build configuration, a SQL dump, an e-mail, an nginx
configuration, a markdown table). No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh6.py [OUT]   # default: fresh6.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from functools import partial
from pathlib import Path

import fresh_kit
from fresh_kit import AL, B36, B64, DG, HX, LO, U64, UP, Seeded, build_part, in_turn, write

SEED = 20261208
DRAW = Seeded(SEED)
R, r, b64, u4 = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4
jwt = partial(fresh_kit.jwt, DRAW)


def basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


DRAWN = f"value drawn by make_fresh6.py (seed {SEED})"

# The contexts of every earlier part, then the six this part adds (Terraform state, a mobile app's
# build configuration, a SQL dump, an e-mail, an nginx configuration, a markdown table). A secret
# item without a context of its own takes the next one in turn.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low = name.lower()
    texts = {
        "env": f"# {tool}, staging only\n{name}={value}\nLOG_LEVEL=info",
        "json": json.dumps({"integrations": [{"name": tool, "settings": {low: value, "timeout_ms": 5000}}]}),
        "escaped_json": "payload=" + json.dumps(json.dumps({"integration": tool, "auth": {low: value}})),
        "cli_flag": f"$ {tool} deploy --{low.replace('_', '-')}={value} --region eu-central",
        "prose": f"Te paso la clave de {tool} que usamos en pruebas: {value}. Bórrala del chat cuando la copies.",
        "tool_output": f"$ {tool} auth status\nLogged in as ci-bot\n{low}: {value}\nscopes: read, write",
        "diff": f"diff --git a/settings/{tool}.json b/settings/{tool}.json\n@@ -2 +2 @@\n-  \"{low}\": \"\",\n+  \"{low}\": \"{value}\",",
        "bytes_literal": f"HEADERS = [(b\"x-{tool}-key\", b\"{value}\")]",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: {value}\n  base_url: https://api.{tool}.example.com",
        "csv": f"service,env,{low}\n{tool},staging,{value}",
        "url": f"https://api.{tool}.example.com/v2/report?format=csv&{low}={value}",
        "header": f"GET /v1/usage HTTP/1.1\nHost: api.{tool}.example.com\nX-Api-Key: {value}\nAccept: */*",
        "log": f"2026-12-08 09:12:40,118 DEBUG {tool}.http request headers={{'authorization': 'Bearer {value}'}}",
        "connection_string": f"{tool}+https://deploy:{value}@{tool}.example.org/api",
        "code": f"client = {tool.capitalize()}(api_key=\"{value}\")  # TODO read from the environment",
        "ini": f"[{tool}:staging]\nurl = https://api.{tool}.example.com\n{low} = {value}",
        "xml": f"<integration name=\"{tool}\">\n  <credential key=\"{low}\">{value}</credential>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci && npm run build",
        "netrc": f"machine {tool}.example.com login token password {value}",
        "toml": f"[tool.{tool}]\n{low} = \"{value}\"\nbase_url = \"https://api.{tool}.example.com\"",
        "shell_history": f": 1765185600:0;{tool} login --token {value}\n: 1765185630:0;{tool} whoami",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {},
                                "source": [f"{tool}_key = \"{value}\"\n", f"client = connect({tool}_key)\n"], "outputs": []}),
        "hcl": f"resource \"{tool}_integration\" \"main\" {{\n  name    = \"shop\"\n  {low} = \"{value}\"\n}}",
        "properties": f"app.{tool}.url=https://api.{tool}.example.com\napp.{tool}.{low.replace('_', '-')}={value}",
        "powershell": f"PS C:\\src> $env:{name} = \"{value}\"\nPS C:\\src> npm run sync",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-exporter",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.com/v1/batch",
                                                           "headers": [{"name": "x-api-key", "value": value}]},
                                               "response": {"status": 202}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.com (198.51.100.7) port 443\n> POST /v1/jobs HTTP/2\n"
                      f"> authorization: Bearer {value}\n> content-type: application/json\n< HTTP/2 201",
        "crash_report": f"Exception in thread \"sync\" java.lang.IllegalStateException: quota exceeded\n"
                        f"System properties:\n  {tool}.{low}={value}\n  java.version=21.0.5",
        "web_storage": json.dumps({"origin": f"https://console.{tool}.example.com", "sessionStorage": {"draft": "", f"{low}": value}}),
        "plist": f"<dict>\n  <key>{tool.capitalize()}{name.split('_')[-1].capitalize()}</key>\n  <string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "terraform_version": "1.9.8", "resources": [
            {"mode": "managed", "type": f"{tool}_integration", "name": "main",
             "instances": [{"attributes": {"id": f"int-{r(6, DG)}", low: value}}]}]}),
        "mobile_config": f"// Config/Release.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = org.example.shop\n{name} = {value}",
        "sql_dump": f"INSERT INTO public.integrations (id, provider, {low}, enabled) VALUES (7, '{tool}', '{value}', true);",
        "email": f"From: ops@example.org\nTo: dev-team@example.org\nSubject: {tool} access for the new staging\n\n"
                 f"Hi all, the {tool} key is {value} until we move it to the vault.",
        "nginx": f"location /{tool}/ {{\n    proxy_set_header Authorization \"Bearer {value}\";\n    proxy_pass https://api.{tool}.example.com/;\n}}",
        "markdown": f"| service | {low} | owner |\n| --- | --- | --- |\n| {tool} | `{value}` | platform |",
    }
    if context == "wrapped":
        cut = len(value) // 2
        return f"[{tool}] {low}={value[:cut]}\n[{tool}]   {value[cut:]} (continued)", [value[:cut], value[cut:]]
    if context == "pem":
        return f"-----BEGIN {tool.upper()} TOKEN-----\n{value}\n-----END {tool.upper()} TOKEN-----", [value]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}\n  namespace: shop\ndata:\n  {low}: {encoded}", [encoded])
    return texts[context], [value]


SECRETS: list[tuple[str, str, str, object, str]] = []  # (format, NAME, tool, draw, what); contexts in turn
S = SECRETS.append
# facts read in public material (the note of the item names it)
PUBLIC = {
    "radar": "Radar secret key (begins `prj_live_sk_` or `prj_test_sk_`, as nango.dev's Radar connection guide states; 40 hex digits as the writer knows it)",
    "cartesia": "Cartesia API key (begins `sk_car_`, as reflex.dev's Cartesia integration page and docs.cartesia.ai's API conventions show; the length as the writer knows it)",
}
S(("radar/secret-key", "RADAR_SECRET_KEY", "radar", lambda: "prj_live_sk_" + r(40, HX), PUBLIC["radar"]))
S(("cartesia/api-key", "CARTESIA_API_KEY", "cartesia", lambda: "sk_car_" + r(22), PUBLIC["cartesia"]))
S(("aftership/api-key", "AFTERSHIP_API_KEY", "aftership", lambda: "asat_" + r(32, HX), "AfterShip API key (`asat_` and 32 hex digits)"))
S(("browserbase/api-key", "BROWSERBASE_API_KEY", "browserbase", lambda: "bb_live_" + r(27, U64), "Browserbase API key (`bb_live_` and 27 URL-safe characters)"))
S(("metabase/api-key", "METABASE_API_KEY", "metabase", lambda: "mb_" + b64(32), "Metabase API key (`mb_` and base64 of 32 bytes)"))
S(("covalent/api-key", "GOLDRUSH_API_KEY", "covalent", lambda: "cqt_" + r(28), "Covalent GoldRush API key (`cqt_` and 28 characters)"))
S(("humanloop/api-key", "HUMANLOOP_API_KEY", "humanloop", lambda: "hl_sk_" + r(48, HX), "Humanloop API key (`hl_sk_` and 48 hex digits)"))
S(("rapyd/secret-key", "RAPYD_SECRET_KEY", "rapyd", lambda: "rsk_" + r(96, HX), "Rapyd secret key (`rsk_` and 96 hex digits)"))
S(("paymob/secret-key", "PAYMOB_SECRET_KEY", "paymob", lambda: "egy_sk_test_" + r(64, HX), "Paymob secret key (`egy_sk_test_` and 64 hex digits)"))
S(("promptlayer/api-key", "PROMPTLAYER_API_KEY", "promptlayer", lambda: "pl_" + r(32, HX), "PromptLayer API key (`pl_` and 32 hex digits)"))
S(("portkey/api-key", "PORTKEY_API_KEY", "portkey", lambda: r(32, AL + "+/="), "Portkey API key (32 characters with `+`, `/` and `=`)"))
S(("chroma/cloud-api-key", "CHROMA_API_KEY", "chroma", lambda: "ck-" + r(44), "Chroma Cloud API key (`ck-` and 44 characters)"))
S(("foursquare/places-api-key", "FOURSQUARE_API_KEY", "foursquare", lambda: "fsq3" + r(44, B64), "Foursquare Places API key (`fsq3` and 44 base64 characters)"))
S(("shipengine/api-key", "SHIPENGINE_API_KEY", "shipengine", lambda: "TEST_" + r(43, B64), "ShipEngine sandbox API key (`TEST_` and 43 base64 characters)"))
S(("retool/api-token", "RETOOL_API_TOKEN", "retool", lambda: "retool_" + r(32), "Retool API token (`retool_` and 32 characters)"))
S(("fivetran/api-secret", "FIVETRAN_API_SECRET", "fivetran", lambda: r(32), "Fivetran API secret (32 characters)"))
S(("braze/rest-api-key", "BRAZE_REST_API_KEY", "braze", lambda: u4(), "Braze REST API key (a UUID)"))
S(("iterable/api-key", "ITERABLE_API_KEY", "iterable", lambda: r(32, HX), "Iterable API key (32 hex digits)"))
S(("mailtrap/api-token", "MAILTRAP_API_TOKEN", "mailtrap", lambda: r(32, HX), "Mailtrap API token (32 hex digits)"))
S(("loops/api-key", "LOOPS_API_KEY", "loops", lambda: r(32, HX), "Loops API key (32 hex digits)"))
S(("freshdesk/api-key", "FRESHDESK_API_KEY", "freshdesk", lambda: r(20), "Freshdesk API key (20 characters)"))
S(("infobip/api-key", "INFOBIP_API_KEY", "infobip", lambda: f"{r(32, HX)}-{u4()}", "Infobip API key (32 hex digits, `-`, a UUID)"))
S(("ringcentral/client-secret", "RINGCENTRAL_CLIENT_SECRET", "ringcentral", lambda: r(44, U64), "RingCentral client secret (44 URL-safe characters)"))
S(("wise/api-token", "WISE_API_TOKEN", "wise", lambda: u4(), "Wise personal API token (a UUID)"))
S(("moderntreasury/api-key", "MODERN_TREASURY_API_KEY", "moderntreasury", lambda: "live-" + r(48), "Modern Treasury API key (`live-` and 48 characters)"))
S(("lithic/api-key", "LITHIC_API_KEY", "lithic", lambda: u4(), "Lithic API key (a UUID)"))
S(("here/api-key", "HERE_API_KEY", "here", lambda: r(43, U64), "HERE platform API key (43 URL-safe characters)"))
S(("tomtom/api-key", "TOMTOM_API_KEY", "tomtom", lambda: r(32), "TomTom API key (32 characters)"))
S(("geoapify/api-key", "GEOAPIFY_API_KEY", "geoapify", lambda: r(32, HX), "Geoapify API key (32 hex digits)"))
S(("maptiler/api-key", "MAPTILER_KEY", "maptiler", lambda: r(20), "MapTiler key (20 characters)"))
S(("opencage/api-key", "OPENCAGE_API_KEY", "opencage", lambda: r(32, HX), "OpenCage geocoder API key (32 hex digits)"))
S(("serper/api-key", "SERPER_API_KEY", "serper", lambda: r(40, HX), "Serper API key (40 hex digits)"))
S(("scraperapi/api-key", "SCRAPERAPI_KEY", "scraperapi", lambda: r(32, HX), "ScraperAPI key (32 hex digits)"))
S(("zenrows/api-key", "ZENROWS_API_KEY", "zenrows", lambda: r(40, HX), "ZenRows API key (40 hex digits)"))
S(("cometml/api-key", "COMET_API_KEY", "cometml", lambda: r(25), "Comet ML API key (25 characters)"))
S(("clearml/secret-key", "CLEARML_API_SECRET_KEY", "clearml", lambda: r(64), "ClearML API secret key (64 characters)"))
S(("zilliz/api-key", "ZILLIZ_API_KEY", "zilliz", lambda: r(104, HX), "Zilliz Cloud API key (104 hex digits)"))
S(("koyeb/api-token", "KOYEB_TOKEN", "koyeb", lambda: r(64), "Koyeb API token (64 characters)"))
S(("platformsh/api-token", "PLATFORMSH_CLI_TOKEN", "platformsh", lambda: r(43, U64), "Platform.sh API token (43 URL-safe characters)"))
S(("bunny/access-key", "BUNNY_ACCESS_KEY", "bunny", lambda: f"{u4()}-{r(4, HX)}-{r(4, HX)}-{r(4, HX)}-{r(12, HX)}", "bunny.net account API key (a UUID and a second UUID-like group)"))
S(("infura/api-key-secret", "INFURA_API_KEY_SECRET", "infura", lambda: r(32, HX), "Infura API key secret (32 hex digits)"))
S(("moralis/api-key", "MORALIS_API_KEY", "moralis", lambda: jwt({"nonce": u4(), "orgId": r(6, DG), "userId": r(6, DG), "typeId": u4(), "iat": 1765000000}),
   "Moralis API key (an HS256 JWT)"))
S(("saucelabs/access-key", "SAUCE_ACCESS_KEY", "saucelabs", lambda: u4(), "Sauce Labs access key (a UUID)"))
S(("lambdatest/access-key", "LT_ACCESS_KEY", "lambdatest", lambda: "LT_" + r(47), "LambdaTest access key (`LT_` and 47 characters)"))
S(("codacy/project-token", "CODACY_PROJECT_TOKEN", "codacy", lambda: r(32, HX), "Codacy project API token (32 hex digits)"))
S(("gitguardian/api-key", "GITGUARDIAN_API_KEY", "gitguardian", lambda: r(69), "GitGuardian API key (69 characters)"))
S(("spacelift/api-key-secret", "SPACELIFT_API_KEY_SECRET", "spacelift", lambda: r(64, HX), "Spacelift API key secret (64 hex digits)"))
S(("semaphoreci/api-token", "SEMAPHORE_API_TOKEN", "semaphoreci", lambda: r(20), "Semaphore CI API token (20 characters)"))
S(("appveyor/api-key", "APPVEYOR_API_KEY", "appveyor", lambda: "v2." + r(20, LO), "AppVeyor API key (`v2.` and 20 lower-case characters)"))
S(("depot/project-token", "DEPOT_TOKEN", "depot", lambda: "depot_project_" + r(64, HX), "Depot project token (`depot_project_` and 64 hex digits)"))
S(("leonardo/api-key", "LEONARDO_API_KEY", "leonardo", lambda: u4(), "Leonardo.Ai API key (a UUID)"))
S(("lumaai/api-key", "LUMAAI_API_KEY", "lumaai", lambda: f"luma-{u4()}-{u4()}", "Luma AI API key (`luma-` and two UUIDs)"))


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own: connection URIs, command lines, webhook URLs, key stores."""
    scy, qdb, mg, yb, tidb, hana, vert, etcd = r(20), r(16), r(18), r(22), r(16), r(14) + "A1", r(18), r(20)
    pulsar = jwt({"sub": "shop-producer"}, "RS256")
    esdb, solr, ldap, mqtt, ftp = r(20), r(16), r(18), r(24), r(14)
    make_hook, cocoa, hexpm, ovsx, store = r(32, LO), r(32, HX), r(32, HX), u4(), r(20)
    return [
        ("scylladb/cql-password", "ini", f"[authentication]\nusername = shop_rw\npassword = {scy}\n\n[connection]\nhostname = node-0.scylla.example.net\nport = 9042", [scy],
         "a ScyllaDB password in a cqlshrc file"),
        ("questdb/pg-wire-uri", "connection_string", f"QUESTDB_URL=postgresql://admin:{qdb}@questdb.example.internal:8812/qdb", [qdb],
         "a QuestDB password in a PostgreSQL-wire URI"),
        ("memgraph/bolt-uri", "code", f"driver = GraphDatabase.driver(\"bolt+s://memgraph.example.org:7687\", auth=(\"shop\", \"{mg}\"))", [mg],
         "a Memgraph password in a Bolt driver call"),
        ("yugabytedb/ysql-uri", "tfstate", json.dumps({"version": 4, "outputs": {"ysql_url": {"value": f"postgresql://yugabyte:{yb}@yb-tserver.example.net:5433/yugabyte", "type": "string"}}}),
         [yb], "a YugabyteDB password in a Terraform state output left unmarked"),
        ("tidb/cloud-uri", "mobile_config", f"# android/local.properties\nsdk.dir=/opt/android-sdk\ntidb.url=mysql://2xQk.root:{tidb}@gateway01.eu-central-1.prod.aws.tidbcloud.com:4000/shop", [tidb],
         "a TiDB Cloud password in an Android build's local properties"),
        ("saphana/hdbsql-password", "shell_history", f": 1765186000:0;hdbsql -n hana.example.net:30015 -u SYSTEM -p {hana} \"SELECT * FROM M_DATABASE\"", [hana],
         "a SAP HANA password on the command line"),
        ("vertica/vsql-password", "sql_dump", f"-- restored with: vsql -h vertica.example.net -U dbadmin -w {vert} -f dump.sql\nCREATE TABLE public.orders (id INT, total NUMERIC(10,2));", [vert],
         "a Vertica password in a SQL dump's header comment"),
        ("etcd/user-password", "cli_flag", f"$ etcdctl --endpoints=https://etcd-0.example.net:2379 --user root:{etcd} get /config --prefix", [etcd],
         "an etcd root password in a command-line flag"),
        ("pulsar/client-token", "properties", f"webServiceUrl=https://pulsar.example.net:8443/\nauthPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:{pulsar}", [pulsar],
         "an Apache Pulsar client token (a JWT) in client.conf"),
        ("eventstoredb/connection-uri", "email", f"From: infra@example.org\nSubject: event store for the demo\n\nUse esdb://admin:{esdb}@events.example.net:2113?tls=true and tell me when you are done.",
         [esdb], "an EventStoreDB admin password in a connection URI sent by e-mail"),
        ("solr/basic-auth", "curl_trace", f"> GET /solr/admin/cores?action=STATUS HTTP/1.1\n> Host: solr.example.net:8983\n> Authorization: Basic {basic('solr', solr)}\n< HTTP/1.1 200 OK",
         [basic("solr", solr)], "Solr basic credentials in a curl trace"),
        ("ldap/bind-password", "nginx", f"ldap_server corp {{\n    url ldaps://ldap.example.org/dc=example,dc=org?uid?sub;\n    binddn \"cn=nginx,ou=svc,dc=example,dc=org\";\n    binddn_passwd \"{ldap}\";\n}}",
         [ldap], "an LDAP bind password in an nginx auth-ldap block"),
        ("hivemq/mqtt-uri", "markdown", f"| broker | url |\n| --- | --- |\n| staging | `mqtts://device-sim:{mqtt}@broker.hivemq.example.cloud:8883` |", [mqtt],
         "a HiveMQ Cloud password in an MQTT URI in a markdown table"),
        ("ftp/connection-uri", "har", json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"ftp://uploader:{ftp}@files.example.org/outgoing/report.csv"}, "response": {"status": 200}}]}}),
         [ftp], "an FTP password in a URL recorded in a HAR capture"),
        ("make/webhook-url", "web_storage", json.dumps({"localStorage": {"zapierless.lastHook": f"https://hook.eu1.make.com/{make_hook}"}}), [make_hook],
         "a Make (Integromat) webhook URL token (32 lower-case characters)"),
        ("cocoapods/trunk-token", "netrc", f"machine trunk.cocoapods.org\n  login dev@example.org\n  password {cocoa}", [cocoa],
         "a CocoaPods trunk session token in .netrc"),
        ("hexpm/api-key", "crash_report", f"** (Mix) Hex publish failed\nHEX_API_KEY={hexpm}\nHEX_MIRROR=https://repo.hex.pm\n    (hex 2.1.1) lib/mix/tasks/hex.publish.ex:212", [hexpm],
         "a Hex API key in a crash report's environment"),
        ("openvsx/access-token", "k8s_secret", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: ovsx-publish\ntype: Opaque\ndata:\n  OVSX_PAT: {base64.b64encode(ovsx.encode()).decode()}",
         [base64.b64encode(ovsx.encode()).decode()], "an Open VSX access token (a UUID), base64 in a Kubernetes Secret"),
        ("android/keystore-password", "mobile_config", f"# android/key.properties\nstorePassword={store}\nkeyPassword={store}\nkeyAlias=upload\nstoreFile=../upload-keystore.jks",
         [store], "an Android upload keystore password in key.properties"),
    ]


ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, make, why)
O = ORDINARY.append
JWT_IO = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
          ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
O(("env/build-metadata-vars", "env", lambda: f"GIT_SHA={r(40, HX)}\nBUILD_NUMBER={R.randrange(1000, 9999)}\nAPP_VERSION=3.{R.randrange(0, 20)}.0", "build metadata"))
O(("ci/jenkins-build-env", "env", lambda: f"BUILD_TAG=jenkins-shop-main-{R.randrange(100, 999)}\nEXECUTOR_NUMBER=2\nNODE_NAME=agent-{r(5, LO)}\nWORKSPACE=/var/lib/jenkins/workspace/shop", "CI build variables"))
O(("ids/ghsa-and-cve-ids", "json", lambda: json.dumps({"advisories": [{"id": f"GHSA-{r(4, B36)}-{r(4, B36)}-{r(4, B36)}", "cve": f"CVE-2026-{r(5, DG)}", "severity": "high", "module_name": "tar"}]}), "advisory ids"))
O(("design/token-json", "json", lambda: json.dumps({"color": {"primary": {"value": f"#{r(6, HX)}", "type": "color"}, "surface": {"value": f"#{r(6, HX)}", "type": "color"}}, "token_set": "light"}), "design tokens: colours named tokens"))
O(("image/blurhash", "json", lambda: json.dumps({"src": "/img/hero.jpg", "width": 1600, "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}), "an image placeholder hash (the BlurHash README's example)"))
O(("docs/bip39-test-mnemonic", "json", lambda: json.dumps({"fixture": "wallet-derivation", "mnemonic": "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", "note": "public BIP39 test vector, never fund it"}), "the public BIP39 test mnemonic"))
O(("docs/postman-variable-placeholders", "json", lambda: json.dumps({"name": "Create order", "request": {"header": [{"key": "X-Api-Key", "value": "{{apiKey}}"}, {"key": "Authorization", "value": "Bearer {{accessToken}}"}]}}), "Postman variables, not values"))
O(("i18n/formatjs-message-ids", "json", lambda: json.dumps({r(6, U64): {"defaultMessage": "Reset password"}, r(6, U64): {"defaultMessage": "Your token has expired"}}), "extracted message ids"))
O(("crypto/ens-namehash", "json", lambda: json.dumps({"name": "shop.eth", "namehash": "0x" + r(64, HX), "resolver": "0x" + r(40, HX)}), "an ENS name hash and a public contract address"))
O(("names/detect-secrets-baseline", "json", lambda: json.dumps({"version": "1.5.0", "results": {"tests/fixtures/settings.py": [{"type": "Secret Keyword", "hashed_secret": r(40, HX), "is_verified": False, "line_number": 12}]}}), "a secrets baseline that stores only hashes"))
O(("escaped/graphql-persisted-query-hash", "escaped_json", lambda: "body=" + json.dumps(json.dumps({"operationName": "Cart", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": r(64, HX)}}})), "a persisted query hash"))
O(("escaped/bip21-payment-uri-public", "escaped_json", lambda: "qr=" + json.dumps(json.dumps({"uri": f"bitcoin:bc1q{r(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}?amount=0.0021&label=Invoice%20{r(4, DG)}"})), "a payment request to a public address"))
O(("cli/gpg-recv-keys", "cli_flag", lambda: f"$ gpg --keyserver hkps://keys.openpgp.org --recv-keys {r(40, HX).upper()}", "fetching a public key by fingerprint"))
O(("cli/kubectl-create-secret-from-file", "cli_flag", lambda: "$ kubectl create secret generic shop-db --from-file=password=./secrets/db-password.txt --dry-run=client -o name", "a command that names a secret's file, not its value"))
O(("names/spanish-clave-words", "prose", lambda: "La clave del proyecto fue la constancia: cada contraseña del wifi del congreso estaba en el tablón y nadie guardó ningún secreto.", "clave, contraseña and secreto as plain words"))
O(("geo/what3words-address", "prose", lambda: "Nos vemos en ///filled.count.soap, la entrada de carga del almacén.", "a what3words address"))
O(("cert/x509-text-modulus", "tool_output", lambda: f"$ openssl x509 -in server.crt -noout -modulus\nModulus={r(256, HX).upper()}", "a certificate's public modulus"))
O(("names/gpg-list-secret-keys", "tool_output", lambda: f"$ gpg --list-secret-keys --keyid-format long\nsec   ed25519/{r(16, HX).upper()} 2026-01-10 [SC]\n      {r(40, HX).upper()}\nuid   [ultimate] Dev <dev@example.org>", "a key listing that shows only ids"))
O(("names/vault-kv-metadata", "tool_output", lambda: f"$ vault kv metadata get secret/shop/api\n======== Metadata ========\ncreated_time    2026-11-02T10:11:12.{r(6, DG)}Z\ncurrent_version 4\nmax_versions    0", "secret metadata without data"))
O(("names/secretsmanager-describe", "tool_output", lambda: f"$ aws secretsmanager describe-secret --secret-id shop/db --query VersionIdsToStages\n{{\n    \"{u4()}\": [\"AWSCURRENT\"],\n    \"{u4()}\": [\"AWSPREVIOUS\"]\n}}", "secret version ids"))
O(("names/keychain-item-attributes", "tool_output", lambda: f"$ security find-generic-password -s shop-deploy\nkeychain: \"/Users/dev/Library/Keychains/login.keychain-db\"\nclass: \"genp\"\n    \"svce\"<blob>=\"shop-deploy\"\n    \"cdat\"<timedate>=0x{r(32, HX).upper()}", "a keychain item's attributes, without its password"))
O(("names/gitleaks-ignore-fingerprints", "tool_output", lambda: f"$ cat .gitleaksignore\n{r(40, HX)}:tests/fixtures/fake_keys.py:generic-api-key:14\n{r(40, HX)}:docs/setup.md:aws-access-token:88", "finding fingerprints: commit, path, rule, line"))
O(("net/bgp-asn-prefix", "tool_output", lambda: f"$ whois -h whois.radb.net 203.0.113.0/24\nroute:      203.0.113.0/24\norigin:     AS{R.randrange(64512, 65534)}\nmnt-by:     MAINT-EXAMPLE", "routing registry data"))
O(("paths/firefox-profile-dir", "tool_output", lambda: f"$ ls ~/.mozilla/firefox\n{r(8, B36)}.default-release  installs.ini  profiles.ini", "a browser profile folder name"))
O(("build/rustc-dep-hashes", "tool_output", lambda: f"$ ls target/debug/deps | head -3\nserde-{r(16, HX)}.d\nlibserde-{r(16, HX)}.rlib\ntokio-{r(16, HX)}.d", "compiler metadata hashes"))
O(("hash/npm-view-dist", "tool_output", lambda: f"$ npm view left-pad@1.3.0 dist.shasum dist.tarball\n{r(40, HX)}\nhttps://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz", "a published tarball's checksum"))
O(("version/kubectl-version-json", "tool_output", lambda: json.dumps({"clientVersion": {"major": "1", "minor": "31", "gitVersion": "v1.31.2", "gitCommit": r(40, HX), "gitTreeState": "clean"}}, indent=1), "a version report with a commit"))
O(("encoded/cbor-diagnostic", "tool_output", lambda: f"$ cbor2diag < token-request.cbor\n{{1: \"shop\", 2: h'{r(32, HX)}', 3: [\"read\", \"write\"]}}", "CBOR diagnostic notation of a public request"))
O(("db/flyway-checksums", "diff", lambda: f"diff --git a/flyway_history.csv b/flyway_history.csv\n+7,V7__add_orders_index.sql,SQL,{R.randrange(-2**31, 2**31)},true", "a migration checksum"))
O(("lockfile/opam-lock", "diff", lambda: f"diff --git a/shop.opam.locked b/shop.opam.locked\n+  \"dune\" {{= \"3.16.0\"}}\n+  checksum: \"sha256={r(64, HX)}\"", "an opam lock checksum"))
O(("lockfile/carthage-resolved", "diff", lambda: f"diff --git a/Cartfile.resolved b/Cartfile.resolved\n-github \"Alamofire/Alamofire\" \"5.9.0\"\n+github \"Alamofire/Alamofire\" \"{r(40, HX)}\"", "a pinned dependency commit"))
O(("bytes/file-magic-numbers", "bytes_literal", lambda: "MAGIC = {b\"\\x89PNG\\r\\n\\x1a\\n\": \"png\", b\"\\x1f\\x8b\": \"gzip\", b\"PK\\x03\\x04\": \"zip\", b\"%PDF-\": \"pdf\"}", "file signatures"))
O(("encoded/z85", "bytes_literal", lambda: "assert z85_decode(b\"HelloWorld\") == b\"\\x86\\x4f\\xd2\\x6f\\xb5\\x59\\xf7\\x5b\"  # the Z85 spec's example", "the Z85 specification's example"))
O(("yaml/cert-manager-issuer-refs", "yaml", lambda: "apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nspec:\n  acme:\n    server: https://acme-v02.api.letsencrypt.org/directory\n    privateKeySecretRef:\n      name: letsencrypt-account-key", "a reference to a secret by name"))
O(("k8s/external-secret-refs", "yaml", lambda: "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  secretStoreRef: {name: vault, kind: ClusterSecretStore}\n  data:\n  - secretKey: password\n    remoteRef: {key: shop/db, property: password}", "references to secrets in a store"))
O(("names/argon2-parameters", "yaml", lambda: "password_hashing:\n  algorithm: argon2id\n  memory_kib: 65536\n  iterations: 3\n  parallelism: 4\n  salt_length: 16", "hashing parameters"))
O(("lockfile/pixi-lock", "yaml", lambda: f"packages:\n- kind: conda\n  name: numpy\n  version: 2.1.3\n  md5: {r(32, HX)}\n  sha256: {r(64, HX)}", "a pixi lock entry"))
O(("transit/gtfs-ids", "csv", lambda: f"trip_id,route_id,service_id,shape_id\n{r(8, DG)}_{r(4, UP)},M{R.randrange(1, 99)},WKD,{r(10, B36)}", "GTFS ids"))
O(("ids/steam-id64", "csv", lambda: f"player,steam_id64,rank\nnova,7656119{r(10, DG)},gold", "a public game account id"))
O(("geo/s2-cell-tokens", "csv", lambda: f"store,s2_token,quadkey\nmadrid-1,{r(10, HX)},{r(14, '0123')}", "S2 cell tokens and quadkeys"))
O(("url/imgproxy-signed-path", "url", lambda: f"https://img.example.net/{r(43, U64)}/rs:fill:300:200/plain/s3://shop-media/products/{R.randrange(100, 999)}.jpg", "a public signed image path"))
O(("url/wayback-snapshot-timestamps", "url", lambda: f"https://web.archive.org/web/2026{r(10, DG)}/https://example.org/pricing", "an archive snapshot"))
O(("ids/app-store-ids", "url", lambda: f"https://apps.apple.com/app/id{R.randrange(10**9, 10**10)} https://play.google.com/store/apps/details?id=org.example.shop", "store listing ids"))
O(("header/content-digest", "header", lambda: f"HTTP/1.1 200 OK\nContent-Digest: sha-256=:{b64(32)}:\nRepr-Digest: sha-512=:{b64(64)}:", "content digests"))
O(("names/cors-allowed-headers", "header", lambda: "HTTP/1.1 204 No Content\nAccess-Control-Allow-Headers: Authorization, X-Api-Key, X-Secret-Version, X-Csrf-Token\nAccess-Control-Max-Age: 600", "header names"))
O(("log/kafka-partition-offsets", "log", lambda: f"GROUP  TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  CONSUMER-ID\nshop   orders  3          {r(8, DG)}        {r(8, DG)}        consumer-shop-1-{u4()}", "consumer offsets"))
O(("net/quic-connection-ids", "log", lambda: f"quic: new connection scid={r(16, HX)} dcid={r(16, HX)} version=0x00000001 alpn=h3", "QUIC connection ids"))
O(("paths/pip-http-cache", "log", lambda: f"Using cached file ~/.cache/pip/http-v2/{r(1, HX)}/{r(1, HX)}/{r(1, HX)}/{r(1, HX)}/{r(1, HX)}/{r(56, HX)}.body", "a content-addressed cache path"))
O(("paths/vscode-server-bin-commit", "log", lambda: f"[10:12:03] Starting server: ~/.vscode-server/bin/{r(40, HX)}/bin/code-server --start-server", "an editor build commit in a path"))
O(("paths/cargo-registry-hash-dir", "log", lambda: f"   Compiling serde v1.0.215 (~/.cargo/registry/src/index.crates.io-{r(16, HX)}/serde-1.0.215)", "a registry folder hash"))
O(("build/r8-mapping-id", "log", lambda: f"> Task :app:minifyReleaseWithR8\n# pg_map_id: {r(7, HX)}\n# pg_map_hash: SHA-256 {r(64, HX)}", "a shrinker mapping id"))
O(("ids/snowflake-query-id", "log", lambda: f"query {r(8, HX)}-0000-{r(4, HX)}-0000-{r(12, HX)} finished in 1.4s rows=120", "a warehouse query id"))
O(("ids/tracker-issue-keys", "log", lambda: f"merged: SHOP-{R.randrange(100, 9999)} fix token refresh (linear {u4()})", "issue keys"))
O(("ci/upload-artifact-digest", "log", lambda: f"Artifact coverage-report has been successfully uploaded! Final size is 48213 bytes. Artifact ID is {r(10, DG)}\nArtifact digest is {r(64, HX)}", "an artifact digest"))
O(("crypto/ethereum-event-topics", "log", lambda: f"log index=3 topic0=0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef topic1=0x{'0' * 24}{r(40, HX)}", "the ERC-20 Transfer topic and an address"))
O(("db/ldap-anonymous-uri", "connection_string", lambda: "LDAP_URL=ldaps://ldap.example.org:636/ou=people,dc=example,dc=org?uid?sub?(objectClass=person)", "an LDAP URL without credentials"))
O(("db/mqtt-broker-without-credentials", "connection_string", lambda: f"MQTT_URL=mqtts://broker.example.net:8883\nMQTT_CLIENT_ID=sensor-{r(8, HX)}", "a broker URL and a client id"))
O(("code/hash-function-constants", "code", lambda: "FNV64_OFFSET = 0xcbf29ce484222325\nFNV64_PRIME = 0x100000001b3\nMURMUR_C1 = 0x87c37b91114253d5", "published hash constants"))
O(("docs/rfc-hmac-test-vectors", "code", lambda: "# RFC 4231, test case 1\nKEY = bytes.fromhex(\"0b\" * 20)\nEXPECTED = \"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7\"", "a published HMAC test vector"))
O(("docs/rfc8032-test-vector", "code", lambda: "# RFC 8032, section 7.1, TEST 1\nSECRET_KEY = \"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60\"\nPUBLIC_KEY = \"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a\"", "a key pair printed in the RFC as a test vector"))
O(("docs/jwt-io-example-token", "code", lambda: f"# the example token from jwt.io, used in the decoder's tests\nSAMPLE = \"{JWT_IO}\"", "the public example token of jwt.io"))
O(("docs/stripe-test-payment-methods", "code", lambda: "CARDS = {\"ok\": \"pm_card_visa\", \"declined\": \"pm_card_chargeDeclined\", \"legacy\": \"tok_visa\"}", "documented test-mode payment method ids"))
O(("lockfile/rebar-lock", "code", lambda: f"{{<<\"cowboy\">>,{{pkg,<<\"cowboy\">>,<<\"2.12.0\">>}},0}}.\n{{pkg_hash,[{{<<\"cowboy\">>, <<\"{r(64, HX).upper()}\">>}}]}}.", "a rebar3 lock hash"))
O(("lockfile/zig-zon-hash", "code", lambda: f".dependencies = .{{\n    .zap = .{{\n        .url = \"https://github.com/zigzap/zap/archive/v0.9.1.tar.gz\",\n        .hash = \"1220{r(64, HX)}\",\n    }},\n}},", "a package multihash"))
O(("docs/rfc6238-totp-test-seed", "ini", lambda: "; RFC 6238, appendix B: the seed is the ASCII string 12345678901234567890\n[totp-test]\nseed_base32 = GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ\nexpected_at_59 = 94287082", "the TOTP test seed the RFC prints"))
O(("ini/gitconfig-ssh-signing", "ini", lambda: "[gpg]\n\tformat = ssh\n[user]\n\tsigningkey = ~/.ssh/id_ed25519.pub\n[commit]\n\tgpgsign = true", "signing configuration naming a public key file"))
O(("names/ssh-config-identity-paths", "ini", lambda: "Host git.example.org\n    User git\n    IdentityFile ~/.ssh/id_ed25519_work\n    IdentitiesOnly yes", "key file paths"))
O(("xml/manifest-placeholder", "xml", lambda: "<meta-data\n    android:name=\"com.google.android.geo.API_KEY\"\n    android:value=\"${MAPS_API_KEY}\" />", "a build placeholder"))
O(("ci/junit-report-test-names", "xml", lambda: "<testsuite name=\"auth\" tests=\"2\">\n  <testcase classname=\"test_tokens\" name=\"test_refresh_token_rejects_expired_secret\" time=\"0.012\"/>\n  <testcase classname=\"test_tokens\" name=\"test_password_reset_key_is_single_use\" time=\"0.009\"/>\n</testsuite>", "test names"))
O(("dockerfile/label-vcs-ref", "dockerfile", lambda: f"FROM python:3.13-slim\nLABEL org.opencontainers.image.revision=\"{r(40, HX)}\" \\\n      org.opencontainers.image.source=\"https://github.com/example/shop\"", "an image's source revision"))
O(("netrc/macdef-macro", "netrc", lambda: "machine ftp.example.org login anonymous\nmacdef init\nbinary\ncd /pub/releases\n", "an anonymous login and a macro"))
O(("pem/ec-parameters", "pem", lambda: "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----", "the public parameters of P-256"))
O(("email/authentication-results-folded", "wrapped", lambda: f"Authentication-Results: mx.example.org;\n dkim=pass header.i=@example.net header.s=s1 header.b={r(8, B64)};\n spf=pass smtp.mailfrom=example.net", "a folded mail header"))
O(("toml/cargo-credential-providers", "toml", lambda: "[registry]\nglobal-credential-providers = [\"cargo:token\", \"cargo:libsecret\"]\n\n[registries.internal]\nindex = \"sparse+https://crates.example.org/index/\"", "credential provider names"))
O(("lockfile/gleam-manifest", "toml", lambda: f"packages = [\n  {{ name = \"gleam_stdlib\", version = \"0.44.0\", build_tools = [\"gleam\"], requirements = [], otp_app = \"gleam_stdlib\", source = \"hex\", outer_checksum = \"{r(64, HX).upper()}\" }},\n]", "a Gleam manifest checksum"))
O(("shell/history-key-generation-commands", "shell_history", lambda: ": 1765186500:0;openssl rand -hex 32 > .secrets/session.key\n: 1765186520:0;chmod 600 .secrets/session.key\n: 1765186540:0;ssh-keygen -t ed25519 -f ~/.ssh/id_deploy -N ''", "commands that make keys, not the keys"))
O(("notebook/kernelspec-session-metadata", "notebook", lambda: json.dumps({"metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}, "widgets": {}, "vscode": {"interpreter": {"hash": r(64, HX)}}}, "nbformat": 4}), "an interpreter hash"))
O(("hcl/random-pet-keepers", "hcl", lambda: f"resource \"random_pet\" \"bucket\" {{\n  keepers = {{ ami_id = \"ami-{r(17, HX)}\" }}\n}}\n# id = \"ample-{r(6, LO[:26])}-mongoose\"", "a random name and its keepers"))
O(("properties/signing-config-without-passwords", "properties", lambda: "android.injected.signing.store.file=release.jks\nandroid.injected.signing.key.alias=upload\n# passwords come from the CI keychain", "a signing configuration without passwords"))
O(("powershell/authenticode-signature-block", "powershell", lambda: f"Write-Output 'deploy done'\n# SIG # Begin signature block\n# {r(64, B64)}\n# {r(64, B64)}\n# SIG # End signature block", "a script's public signature"))
O(("systemd/journal-cursor", "systemd", lambda: f"$ journalctl -u shop --show-cursor -n 0\n-- cursor: s={r(32, HX)};i={r(5, HX)};b={r(32, HX)};m={r(8, HX)};t={r(13, HX)};x={r(16, HX)}", "a journal cursor"))
O(("net/dhcpv6-duid", "systemd", lambda: f"[DHCPv6]\nDUIDType=link-layer-time\nDUIDRawData=00:01:00:01:{':'.join(r(2, HX) for _ in range(10))}", "a DHCP unique identifier"))
O(("har/websocket-messages", "har", lambda: json.dumps({"log": {"entries": [{"_resourceType": "websocket", "request": {"url": "wss://live.example.com/socket"}, "_webSocketMessages": [{"type": "receive", "data": json.dumps({"event": "price", "sku": r(10, UP)})}]}]}}), "websocket messages with public data"))
O(("curl/trace-upload-id-and-generation", "curl_trace", lambda: f"* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384\n> GET /shop-public/logo.svg HTTP/2\n< x-guploader-uploadid: {r(72, U64)}\n< x-goog-generation: {r(16, DG)}\n< x-goog-metageneration: 1", "a storage response's upload id and object generation"))
O(("k8s/helm-checksum-annotation", "k8s_secret", lambda: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-env\n  annotations:\n    checksum/config: {r(64, HX)}\ntype: Opaque\ndata: {{}}", "an empty Secret with a checksum annotation"))
O(("crash/ios-crashreporter-key", "crash_report", lambda: f"Incident Identifier: {u4().upper()}\nCrashReporter Key:   {r(40, HX)}\nHardware Model:      iPhone15,2\nProcess:             Shop [{R.randrange(100, 9999)}]", "an anonymous crash reporter key"))
O(("crash/jvm-hs-err-registers", "crash_report", lambda: f"# A fatal error has been detected by the Java Runtime Environment:\n#  SIGSEGV (0xb) at pc=0x00007f{r(10, HX)}\nRAX=0x{r(16, HX)}, RBX=0x{r(16, HX)}", "register values"))
O(("version/jvm-build-strings", "crash_report", lambda: "# JRE version: OpenJDK Runtime Environment Corretto-21.0.5.11.1 (21.0.5+11) (build 21.0.5+11-LTS)\n# Java VM: OpenJDK 64-Bit Server VM (21.0.5+11-LTS, mixed mode, sharing)", "runtime version strings"))
O(("web/session-storage-experiment-buckets", "web_storage", lambda: json.dumps({"sessionStorage": {"exp.checkout_v2": "B", "exp.seed": r(12, HX), "tab_id": r(10, U64)}}), "experiment buckets"))
O(("plist/entitlements-app-groups", "plist", lambda: "<key>com.apple.security.application-groups</key>\n<array>\n  <string>group.org.example.shop</string>\n</array>\n<key>keychain-access-groups</key>\n<array><string>$(AppIdentifierPrefix)org.example.shop</string></array>", "entitlements"))
O(("tfstate/sensitive-attribute-paths", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "aws_db_instance", "name": "main", "instances": [{"attributes": {"identifier": "shop-db", "password": None}, "sensitive_attributes": [[{"type": "get_attr", "value": "password"}]]}]}]}), "a state that marks a secret without holding it"))
O(("tfstate/random-id-suffix", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "random_id", "name": "suffix", "instances": [{"attributes": {"byte_length": 4, "hex": r(8, HX), "b64_url": r(6, U64)}}]}]}), "a random bucket suffix"))
O(("mobile/firebase-app-id", "mobile_config", lambda: json.dumps({"project_info": {"project_number": r(12, DG), "project_id": "shop-prod"}, "client": [{"client_info": {"mobilesdk_app_id": f"1:{r(12, DG)}:android:{r(22, HX)}", "android_client_info": {"package_name": "org.example.shop"}}}]}), "public app ids"))
O(("mobile/xcconfig-build-settings", "mobile_config", lambda: f"// Config/Release.xcconfig\nMARKETING_VERSION = 4.2.0\nCURRENT_PROJECT_VERSION = {R.randrange(100, 999)}\nPROVISIONING_PROFILE_SPECIFIER = {u4().upper()}", "build settings"))
O(("mobile/android-version-code", "mobile_config", lambda: f"// app/build.gradle.kts\ndefaultConfig {{\n    applicationId = \"org.example.shop\"\n    versionCode = {R.randrange(10000, 99999)}\n    versionName = \"4.2.0-{r(7, HX)}\"\n}}", "version codes"))
O(("sql/pg-dump-setval", "sql_dump", lambda: f"SELECT pg_catalog.setval('public.orders_id_seq', {R.randrange(1000, 99999)}, true);\n-- Dumped by pg_dump version 17.2", "sequence values"))
O(("sql/mysql-binlog-coordinates", "sql_dump", lambda: f"-- CHANGE REPLICATION SOURCE TO SOURCE_LOG_FILE='mysql-bin.{r(6, DG)}', SOURCE_LOG_POS={R.randrange(4, 10**8)};", "binlog coordinates"))
O(("uuid/v1-timeuuid", "sql_dump", lambda: f"INSERT INTO events (day, ts, kind) VALUES ('2026-12-08', {r(8, HX)}-{r(4, HX)}-11f0-{r(4, HX)}-{r(12, HX)}, 'login');", "a time-based UUID"))
O(("email/received-smtp-ids", "email", lambda: f"Received: from mail-{r(6, LO)}.example.net (mail.example.net [192.0.2.44])\n\tby mx.example.org (Postfix) with ESMTPS id {r(10, UP)}\n\tfor <dev@example.org>; Mon, 8 Dec 2026 09:01:12 +0000", "mail relay ids"))
O(("email/mime-content-id", "email", lambda: f"Content-Type: image/png; name=\"logo.png\"\nContent-ID: <part1.{r(8, HX)}.{r(8, HX)}@example.org>\nContent-Transfer-Encoding: base64", "a MIME part id"))
O(("email/arc-seal-header", "email", lambda: f"ARC-Seal: i=1; a=rsa-sha256; t=1765184472; cv=none; d=example.net; s=arc-2026;\n\tb={r(88, B64)}", "a public ARC signature"))
O(("email/exchange-antispam-headers", "email", lambda: f"X-MS-Exchange-CrossTenant-Id: {u4()}\nX-MS-Exchange-CrossTenant-Network-Message-Id: {u4()}\nX-Microsoft-Antispam: BCL:0;", "tenant and message ids"))
O(("nginx/access-log-request-id", "nginx", lambda: f"203.0.113.9 - - [08/Dec/2026:09:03:11 +0000] \"GET /api/orders HTTP/2.0\" 200 512 \"-\" \"curl/8.5.0\" rid={r(32, HX)}", "a request id in an access log"))
O(("nginx/secret-file-directives", "nginx", lambda: "ssl_certificate     /etc/nginx/tls/shop.crt;\nssl_certificate_key /etc/nginx/tls/shop.key;\nssl_password_file   /etc/nginx/tls/passphrase;\nssl_session_ticket_key /etc/nginx/tls/ticket.key;", "paths to key files"))
O(("nginx/map-variable-names", "nginx", lambda: "map $http_x_api_key $api_tier {\n    default        anonymous;\n    \"~^pk_\"         public;\n}\nlimit_req_zone $api_tier zone=tiers:10m rate=10r/s;", "variables named after keys"))
O(("markdown/codecov-badge-graph-token", "markdown", lambda: f"[![codecov](https://codecov.io/gh/example/shop/graph/badge.svg?token={r(10, UP)})](https://codecov.io/gh/example/shop)", "a badge's graph token, meant to be published"))
O(("docs/env-var-reference-table", "markdown", lambda: "| variable | required | what |\n| --- | --- | --- |\n| `API_KEY` | yes | the key from the dashboard, never commit it |\n| `SECRET_KEY_BASE` | yes | generate with `openssl rand -hex 64` |", "a table that names variables"))
O(("markdown/heading-anchor-slugs", "markdown", lambda: "See [rotating keys](#rotating-api-keys-and-secrets) and [the token FAQ](#why-does-my-token-expire-after-1h).", "heading anchors"))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first (contexts in turn), then pairs, then ordinary text."""
    return build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, pair_items, ORDINARY, PUBLIC.values())


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh6.jsonl")
