"""Writes the fifth fresh held-out part of the secrets corpus, fresh5.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation or public detectors state
them, or as the writer knows them, as each item's note says. Six contexts are new with this part
(a HAR capture, a `curl -v` trace, a Kubernetes Secret, a crash report, a browser storage dump, a property list). No vendor and no ordinary shape of
this part is in another part.

    python tests/corpora/secrets/make_fresh5.py [OUT]   # default: fresh5.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from functools import partial
from pathlib import Path

import fresh_kit
from fresh_kit import B36, B58, B64, DG, HX, LO, U64, UP, Seeded, build_part, in_turn, write

SEED = 20261207
DRAW = Seeded(SEED)
R, r, b64, u4 = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4
jwt = partial(fresh_kit.jwt, DRAW)
DRAWN = f"value drawn by make_fresh5.py (seed {SEED})"


# The contexts of every earlier part, then the six this part adds (a HAR capture, a `curl -v` trace,
# a Kubernetes Secret's base64 data, a crash report's environment, a browser storage dump, an
# Apple property list). A secret item without a context of its own takes the next one in turn.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low = name.lower()
    texts = {
        "env": f"# {tool}: rotated after the offboarding\n{name}={value}\nTZ=UTC",
        "json": json.dumps({"providers": {tool: {"enabled": True, low: value}}}),
        "escaped_json": "body=" + json.dumps(json.dumps({"service": tool, "credentials": {low: value}})),
        "cli_flag": f"$ {tool}-cli login --{low.replace('_', '-')} {value} --profile staging",
        "prose": f"Hier la clé {tool} c'était {value}, je l'ai mise dans le coffre mais je te la colle ici au cas où.",
        "tool_output": f"$ {tool} config show\nprofile   staging\n{low:<9} {value}\nregion    eu-west",
        "diff": f"diff --git a/config/{tool}.yml b/config/{tool}.yml\n@@ -3 +3 @@\n-  {low}: ~\n+  {low}: {value}",
        "bytes_literal": f"SEED_CONFIG = {{b\"{tool}\": {{b\"{low}\": b\"{value}\"}}}}",
        "yaml": f"services:\n  {tool}:\n    {low}: \"{value}\"\n    retries: 3",
        "csv": f"name,{low},owner\n{tool}-prod,{value},platform",
        "url": f"GET https://hooks.{tool}.example.com/v1/notify?{low}={value}&channel=ops 200",
        "header": f"POST /v1/events HTTP/1.1\nHost: api.{tool}.example.com\nAuthorization: Bearer {value}\nContent-Type: application/json",
        "log": f"2026-12-07T08:14:55Z WARN {tool}.client retry=1 {low}={value} status=429",
        "connection_string": f"{tool}://svc-reader:{value}@{tool}.db.example.net:7000/main?tls=true",
        "code": f"{tool}_client = {tool.capitalize()}Client({low}=\"{value}\", timeout=10)",
        "ini": f"[{tool}]\nendpoint = https://api.{tool}.example.com\n{low} = {value}",
        "xml": f"<{tool}Settings>\n  <{low}>{value}</{low}>\n</{tool}Settings>",
        "dockerfile": f"FROM python:3.12-slim\nENV {name}={value}\nCMD [\"python\", \"-m\", \"{tool}_sync\"]",
        "netrc": f"machine api.{tool}.example.com\n  login ci\n  password {value}",
        "toml": f"[{tool}]\n{low} = \"{value}\"\nregion = \"eu\"",
        "shell_history": f": 1765094400:0;export {name}={value}\n: 1765094410:0;make sync",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {},
                                "source": [f"import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n"], "outputs": []}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n}}",
        "properties": f"{tool}.{low.replace('_', '.')}={value}\n{tool}.region=eu",
        "powershell": f"PS C:\\work> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"[Service]\nEnvironment={name}={value}\nExecStart=/opt/{tool}/bin/agent --foreground",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.example.com/v2/me",
                                                           "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]},
                                               "response": {"status": 200}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.com (203.0.113.24) port 443\n> GET /v1/account HTTP/2\n"
                      f"> Host: api.{tool}.example.com\n> X-Api-Key: {value}\n> User-Agent: curl/8.5.0\n< HTTP/2 200",
        "crash_report": f"*** {tool}-worker crashed (signal 11)\nenvironment:\n  PATH=/usr/bin:/bin\n  {name}={value}\n"
                        f"backtrace:\n  #0 0x00007f3a2c1d4e10 in memcpy ()",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.com",
                                   "localStorage": {"ui.theme": "dark", f"{tool}.{low}": value}}),
        "plist": f"<dict>\n  <key>{name}</key>\n  <string>{value}</string>\n</dict>",
    }
    if context == "wrapped":
        cut = len(value) // 2
        return f"{tool} | {low} {value[:cut]}\\\n{tool} | {value[cut:]}", [value[:cut], value[cut:]]
    if context == "pem":
        return (f"-----BEGIN {tool.upper()} API KEY-----\n{value}\n-----END {tool.upper()} API KEY-----", [value])
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\ntype: Opaque\ndata:\n  {low}: {encoded}",
                [encoded])
    return texts[context], [value]


SECRETS: list[tuple[str, str, str, object, str]] = []  # (format, NAME, tool, draw, what); contexts in turn
S = SECRETS.append
# facts read in public material (the note of the item names it)
PUBLIC = {
    "inngest": "Inngest signing key (begins `signkey-`, as api-docs.inngest.com 'Authentication' states; `prod-` and 64 hex digits as the writer knows it)",
    "ntfy": "ntfy access token (`tk_` prefix, as the ntfy client docs of TundraSoft/tundra-connect and ntfy-blade-mcp on PyPI show; 29 lower-case characters as the writer knows it)",
    "deepl": "DeepL API Free authentication key (a UUID with the suffix `:fx`, as developers.deepl.com 'Access and authentication' states)",
}
S(("zoho/oauth-refresh-token", "ZOHO_REFRESH_TOKEN", "zoho", lambda: f"1000.{r(32, HX)}.{r(32, HX)}", "Zoho OAuth token (`1000.`, two groups of 32 hex digits)"))
S(("sumup/secret-api-key", "SUMUP_API_KEY", "sumup", lambda: "sup_sk_" + r(32), "SumUp secret API key (`sup_sk_` prefix)"))
S(("pangea/service-token", "PANGEA_TOKEN", "pangea", lambda: "pts_" + r(32, LO), "Pangea service token (`pts_` and 32 lower-case characters)"))
S(("trigger/secret-key", "TRIGGER_SECRET_KEY", "trigger", lambda: "tr_prod_" + r(20), "Trigger.dev secret key (`tr_prod_` and 20 characters)"))
S(("inngest/signing-key", "INNGEST_SIGNING_KEY", "inngest", lambda: "signkey-prod-" + r(64, HX), PUBLIC["inngest"]))
S(("svix/webhook-secret", "SVIX_WEBHOOK_SECRET", "svix", lambda: "whsec_" + b64(24), "Svix webhook signing secret (`whsec_` and base64 of 24 bytes)"))
S(("liveblocks/secret-key", "LIVEBLOCKS_SECRET_KEY", "liveblocks", lambda: "sk_prod_" + r(64, U64), "Liveblocks secret key (`sk_prod_` and URL-safe characters)"))
S(("helicone/api-key", "HELICONE_API_KEY", "helicone", lambda: "sk-helicone-" + "-".join(r(7, LO) for _ in range(4)), "Helicone API key (`sk-helicone-` and four groups of seven)"))
S(("ntfy/access-token", "NTFY_TOKEN", "ntfy", lambda: "tk_" + r(29, LO), PUBLIC["ntfy"]))
S(("gotify/app-token", "GOTIFY_TOKEN", "gotify", lambda: "A" + r(14), "Gotify application token (`A` and 14 characters)"))
S(("pushbullet/access-token", "PUSHBULLET_TOKEN", "pushbullet", lambda: "o." + r(32), "Pushbullet access token (`o.` and 32 characters)"))
S(("nextcloud/app-password", "NEXTCLOUD_APP_PASSWORD", "nextcloud", lambda: "-".join(r(5) for _ in range(5)), "Nextcloud app password (five groups of five characters)"))
S(("truenas/api-key", "TRUENAS_API_KEY", "truenas", lambda: f"{R.randrange(1, 9)}-" + r(64), "TrueNAS API key (the key number, `-`, 64 characters)"))
S(("pihole/api-token", "PIHOLE_TOKEN", "pihole", lambda: r(64, HX), "Pi-hole API token (64 hex digits)"))
S(("deepl/auth-key", "DEEPL_AUTH_KEY", "deepl", lambda: u4() + ":fx", PUBLIC["deepl"]))
S(("mapillary/client-token", "MAPILLARY_TOKEN", "mapillary", lambda: f"MLY|{r(16, DG)}|{r(32, HX)}", "Mapillary client token (`MLY|`, the app id, `|`, 32 hex digits)"))
S(("locationiq/access-token", "LOCATIONIQ_KEY", "locationiq", lambda: "pk." + r(32, HX), "LocationIQ access token (`pk.` and 32 hex digits)"))
S(("oanda/api-token", "OANDA_TOKEN", "oanda", lambda: f"{r(32, HX)}-{r(32, HX)}", "OANDA v20 API token (two groups of 32 hex digits)"))
S(("binance/secret-key", "BINANCE_SECRET_KEY", "binance", lambda: r(64), "Binance API secret key (64 characters)"))
S(("blockfrost/project-id", "BLOCKFROST_PROJECT_ID", "blockfrost", lambda: "mainnet" + r(32), "Blockfrost project id, the API's secret (`mainnet` and 32 characters)"))
S(("tatum/api-key", "TATUM_API_KEY", "tatum", lambda: f"t-{r(24, HX)}-{r(32, HX)}", "Tatum API key (`t-`, 24 hex digits, `-`, 32 hex digits)"))
S(("xendit/secret-key", "XENDIT_SECRET_KEY", "xendit", lambda: "xnd_development_" + r(48), "Xendit secret key (`xnd_development_` and 48 characters)"))
S(("midtrans/server-key", "MIDTRANS_SERVER_KEY", "midtrans", lambda: "SB-Mid-server-" + r(24), "Midtrans sandbox server key (`SB-Mid-server-` prefix)"))
S(("cashfree/secret-key", "CASHFREE_SECRET_KEY", "cashfree", lambda: f"cfsk_ma_test_{r(32, HX)}_{r(8, HX)}", "Cashfree secret key (`cfsk_ma_test_`, 32 and 8 hex digits)"))
S(("iyzico/secret-key", "IYZICO_SECRET_KEY", "iyzico", lambda: "sandbox-" + r(32), "iyzico sandbox secret key (`sandbox-` and 32 characters)"))
S(("calcom/api-key", "CAL_API_KEY", "calcom", lambda: "cal_live_" + r(32, HX), "Cal.com API key (`cal_live_` and 32 hex digits)"))
S(("africastalking/api-key", "AT_API_KEY", "africastalking", lambda: "atsk_" + r(64, HX), "Africa's Talking API key (`atsk_` and 64 hex digits)"))
S(("feishu/tenant-access-token", "FEISHU_TENANT_TOKEN", "feishu", lambda: "t-g" + r(38), "Feishu/Lark tenant access token (`t-` prefix)"))
S(("baidu/qianfan-api-key", "QIANFAN_API_KEY", "baidu", lambda: f"bce-v3/ALTAK-{r(21)}/{r(40, HX)}", "Baidu Qianfan API key (`bce-v3/ALTAK-`, a key id, `/`, 40 hex digits)"))
S(("qiniu/secret-key", "QINIU_SECRET_KEY", "qiniu", lambda: r(40, U64), "Qiniu secret key (40 URL-safe characters)"))
S(("wecom/corp-secret", "WECOM_CORP_SECRET", "wecom", lambda: r(43, U64), "WeCom application secret (43 URL-safe characters)"))
S(("zhipu/api-key", "ZHIPUAI_API_KEY", "zhipu", lambda: f"{r(32, HX)}.{r(16)}", "Zhipu AI API key (32 hex digits, `.`, 16 characters)"))
S(("siliconflow/api-key", "SILICONFLOW_API_KEY", "siliconflow", lambda: "sk-" + r(48, LO[:26]), "SiliconFlow API key (`sk-` and 48 lower-case letters)"))
S(("moonshot/api-key", "MOONSHOT_API_KEY", "moonshot", lambda: "sk-" + r(48), "Moonshot (Kimi) API key (`sk-` and 48 characters)"))
S(("brave/search-api-key", "BRAVE_API_KEY", "brave", lambda: "BSA" + r(28), "Brave Search API key (`BSA` and 28 characters)"))
S(("exa/api-key", "EXA_API_KEY", "exa", lambda: u4(), "Exa API key (a UUID)"))
S(("turbopuffer/api-key", "TURBOPUFFER_API_KEY", "turbopuffer", lambda: "tpuf_" + r(32), "turbopuffer API key (`tpuf_` and 32 characters)"))
S(("typesense/admin-api-key", "TYPESENSE_API_KEY", "typesense", lambda: r(32), "Typesense admin API key (32 characters)"))
S(("qdrant/api-key", "QDRANT_API_KEY", "qdrant", lambda: r(40, U64), "Qdrant Cloud API key (URL-safe characters)"))
S(("weaviate/api-key", "WEAVIATE_API_KEY", "weaviate", lambda: r(40), "Weaviate Cloud API key (40 characters)"))
S(("appwrite/api-key", "APPWRITE_API_KEY", "appwrite", lambda: "standard_" + r(256, HX), "Appwrite API key (`standard_` and 256 hex digits)"))
S(("fusionauth/api-key", "FUSIONAUTH_API_KEY", "fusionauth", lambda: r(64, U64), "FusionAuth API key (64 URL-safe characters)"))
S(("workos/api-key", "WORKOS_API_KEY", "workos", lambda: "sk_test_" + r(80), "WorkOS API key (`sk_test_` and 80 characters)"))
S(("growthbook/secret-key", "GROWTHBOOK_SECRET", "growthbook", lambda: "secret_admin_" + r(40), "GrowthBook secret API key (`secret_admin_` prefix)"))
S(("devcycle/server-sdk-key", "DEVCYCLE_SERVER_SDK_KEY", "devcycle", lambda: "dvc_server_" + u4(), "DevCycle server SDK key (`dvc_server_` prefix)"))
S(("optimizely/personal-access-token", "OPTIMIZELY_TOKEN", "optimizely", lambda: "2:" + r(43, U64), "Optimizely personal access token (`2:` and 43 URL-safe characters)"))
S(("fullstory/api-key", "FULLSTORY_API_KEY", "fullstory", lambda: "na1." + b64(60), "FullStory API key (`na1.` and base64)"))
S(("splunk/hec-token", "SPLUNK_HEC_TOKEN", "splunk", lambda: u4(), "Splunk HTTP Event Collector token (a UUID)"))
S(("logzio/shipping-token", "LOGZIO_TOKEN", "logzio", lambda: r(32), "Logz.io shipping token (32 characters)"))
S(("airbrake/project-key", "AIRBRAKE_PROJECT_KEY", "airbrake", lambda: r(32, HX), "Airbrake project key (32 hex digits)"))
S(("appsignal/push-api-key", "APPSIGNAL_PUSH_API_KEY", "appsignal", lambda: u4(), "AppSignal push API key (a UUID)"))
S(("instana/agent-key", "INSTANA_AGENT_KEY", "instana", lambda: r(22, U64), "Instana agent key (22 URL-safe characters)"))
S(("crowdin/personal-access-token", "CROWDIN_TOKEN", "crowdin", lambda: r(80, HX), "Crowdin personal access token (80 hex digits)"))
S(("transifex/api-token", "TX_TOKEN", "transifex", lambda: "1/" + r(40, HX), "Transifex API token (`1/` and 40 hex digits)"))
S(("weblate/api-key", "WEBLATE_API_KEY", "weblate", lambda: "wlu_" + r(40), "Weblate user API key (`wlu_` and 40 characters)"))
S(("tolgee/api-key", "TOLGEE_API_KEY", "tolgee", lambda: "tgpak_" + r(40, LO), "Tolgee project API key (`tgpak_` prefix)"))
S(("gitbook/api-token", "GITBOOK_TOKEN", "gitbook", lambda: "gb_api_" + r(40), "GitBook API token (`gb_api_` prefix)"))
S(("phabricator/conduit-token", "CONDUIT_TOKEN", "phabricator", lambda: "api-" + r(28, LO), "Phabricator Conduit API token (`api-` and 28 lower-case characters)"))
S(("pixabay/api-key", "PIXABAY_KEY", "pixabay", lambda: f"{r(8, DG)}-{r(25, HX)}", "Pixabay API key (the user id, `-`, 25 hex digits)"))
S(("tmdb/read-access-token", "TMDB_TOKEN", "tmdb", lambda: jwt({"aud": r(32, HX), "nbf": 1765000000.1, "sub": r(24, HX), "scopes": ["api_read"], "version": 1}),
   "TMDB API read access token (an HS256 JWT with `api_read`)"))
S(("closecrm/api-key", "CLOSE_API_KEY", "closecrm", lambda: f"api_{r(22)}.{r(22)}", "Close API key (`api_`, 22 characters, `.`, 22 characters)"))
S(("pushover/app-token", "PUSHOVER_APP_TOKEN", "pushover", lambda: "a" + r(29, LO), "Pushover application token (30 lower-case characters)"))
S(("homeassistant/long-lived-token", "HASS_TOKEN", "homeassistant", lambda: jwt({"iss": r(32, HX), "iat": 1765000000, "exp": 2080360000}),
   "Home Assistant long-lived access token (an HS256 JWT)"))
S(("semgrep/app-token", "SEMGREP_APP_TOKEN", "semgrep", lambda: r(64, HX), "Semgrep App token (64 hex digits)"))


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own: connection URIs, webhook URLs, cookies, paired keys."""
    cb, ar, su, ma, co = r(20), r(18), r(16), r(22), r(24)
    ora, tok = r(16), r(43, U64)
    ding_token, ding_sec = r(64, HX), "SEC" + r(64, HX)
    ifttt = r(22, U64)
    robl = "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_" + r(300, HX).upper()
    ak, sk = "AKLT" + r(42, U64), r(60, B64)
    ck, cs = r(16, UP), r(64, B64)
    mk, ms = r(20, UP), r(40)
    pve, edge = u4(), "nbwt_" + jwt({"iss": "aws.edgedb.cloud", "iat": 1765000000, "edb.i": ["acme/shop"]}, "ES256")
    return [
        ("couchbase/connection-uri", "connection_string", f"CB_CONN=couchbases://app_rw:{cb}@cb.example.org/orders?ssl=no_verify", [cb],
         "a Couchbase connection string with a password"),
        ("arangodb/connection-uri", "har", json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": "https://arango.example.net:8529/_db/shop/_api/cursor",
                                                                                   "headers": [{"name": "Authorization", "value": "Basic " + base64.b64encode(f'root:{ar}'.encode()).decode()}]}}]}}),
         [base64.b64encode(f"root:{ar}".encode()).decode()], "ArangoDB basic credentials in a HAR capture"),
        ("surrealdb/connection-uri", "shell_history", f": 1765094700:0;surreal sql --endpoint wss://db.example.org --user root --pass {su} --ns shop --db main", [su],
         "a SurrealDB root password on the command line"),
        ("mariadb/connection-uri", "crash_report", f"Fatal error in worker 3\nsettings.DATABASE_URL = 'mariadb://shop:{ma}@mariadb.example.internal:3306/shop'\nTraceback (most recent call last):",
         [ma], "a MariaDB URI with a password in a crash report"),
        ("couchdb/connection-uri", "curl_trace", f"$ curl -v http://admin:{co}@couch.example.org:5984/_all_dbs\n* Trying 198.51.100.14:5984...\n> GET /_all_dbs HTTP/1.1",
         [co], "a CouchDB admin password in a curl trace"),
        ("oracle/jdbc-password", "properties", f"spring.datasource.url=jdbc:oracle:thin:shop/{ora}@//ora.example.org:1521/ORCLPDB1", [ora],
         "an Oracle JDBC URL with a password"),
        ("rocketchat/auth-token", "curl_trace", f"> POST /api/v1/chat.postMessage HTTP/1.1\n> X-User-Id: {r(17)}\n> X-Auth-Token: {tok}\n< HTTP/1.1 200 OK",
         [tok], "a Rocket.Chat personal access token (43 URL-safe characters)"),
        ("dingtalk/robot-webhook", "url", f"https://oapi.dingtalk.com/robot/send?access_token={ding_token}\nsigning secret: {ding_sec}", [ding_token, ding_sec],
         "a DingTalk robot webhook token (64 hex digits) and its `SEC` signing secret"),
        ("ifttt/webhook-key", "web_storage", json.dumps({"localStorage": {"lastTrigger": f"https://maker.ifttt.com/trigger/deploy_done/with/key/{ifttt}"}}), [ifttt],
         "an IFTTT Webhooks key in a trigger URL"),
        ("roblox/session-cookie", "web_storage", json.dumps({"cookies": [{"name": ".ROBLOSECURITY", "domain": ".roblox.com", "value": robl}]}), [robl],
         "Roblox's .ROBLOSECURITY session cookie (its published warning prefix and hex)"),
        ("volcengine/access-key", "ini", f"[volcengine]\naccess_key_id = {ak}\nsecret_access_key = {sk}", [ak, sk],
         "Volcengine access key (`AKLT` id) and secret access key"),
        ("confluent/api-secret", "properties", f"sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{ck}\" password=\"{cs}\";", [cs],
         "a Confluent Cloud API secret (64 characters; the 16-character key is the user name)"),
        ("minio/root-credentials", "k8s_secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: minio-root\ndata:\n  rootUser: " + base64.b64encode(mk.encode()).decode()
         + "\n  rootPassword: " + base64.b64encode(ms.encode()).decode(), [base64.b64encode(ms.encode()).decode()], "MinIO root password, base64 in a Kubernetes Secret"),
        ("proxmox/api-token", "header", f"GET /api2/json/nodes HTTP/1.1\nAuthorization: PVEAPIToken=automation@pve!terraform={pve}", [pve],
         "a Proxmox VE API token secret (a UUID after the token id)"),
        ("edgedb/secret-key", "plist", f"<key>EDGEDB_SECRET_KEY</key>\n<string>{edge}</string>", [edge], "an EdgeDB Cloud secret key (`nbwt_` and a JWT)"),
    ]


ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, make, why)
O = ORDINARY.append
O(("bio/dna-sequence", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 3, "metadata": {},
                                                      "source": [f"primer = \"{r(60, 'ACGT')}\"\n"], "outputs": []}), "a DNA primer sequence"))
O(("bio/protein-fasta", "tool_output", lambda: f"$ head -2 query.fasta\n>sp|P{r(5, DG)}|DEMO_HUMAN Demo protein\n{r(70, 'ACDEFGHIKLMNPQRSTVWY')}", "an amino-acid sequence"))
O(("chem/inchikey", "csv", lambda: f"compound,inchikey\ncaffeine,RYYVLZVUVIJVGH-UHFFFAOYSA-N\nsample-7,{r(14, UP[:26])}-{r(10, UP[:26])}-N", "InChIKeys, hashes of public structures"))
O(("chem/smiles", "json", lambda: json.dumps({"molecules": [{"name": "aspirin", "smiles": "CC(=O)OC1=CC=CC=C1C(=O)O"}, {"name": "ibuprofen", "smiles": "CC(C)CC1=CC=C(C=C1)C(C)C(=O)O"}]}), "SMILES strings"))
O(("games/chess-fen", "prose", lambda: "Position after 12...Nxe4: rnbq1rk1/pp2bppp/2p5/3p4/3Pn3/2NB1N2/PPP2PPP/R1BQ1RK1 w - - 0 13, and white is fine.", "a chess position in FEN"))
O(("games/world-seed", "properties", lambda: f"level-name=world\nlevel-seed={R.randrange(10**18, 10**19)}\nspawn-protection=16", "a game world's seed (not a secret seed)"))
O(("geo/mgrs-grid", "yaml", lambda: f"waypoints:\n  - mgrs: 33UXP{r(10, DG)}\n  - maidenhead: JO{r(2, DG)}{r(2, 'abcdefghijklmnopqrstuvwx')}", "MGRS and Maidenhead grid references"))
O(("aviation/icao24-hex", "log", lambda: f"adsb rx icao24={r(6, HX)} squawk=7000 callsign=DLH4AB alt=36000 icao24={r(6, HX)}", "aircraft transponder addresses"))
O(("isbn/book-ids", "xml", lambda: "<book><isbn13>978-0-306-40615-7</isbn13><isbn10>0-306-40615-2</isbn10></book>", "ISBNs"))
O(("music/isrc-codes", "csv", lambda: f"track,isrc\nOpening,USRC1{r(7, DG)}\nInterlude,GBAYE{r(7, DG)}", "ISRC recording codes"))
O(("retail/gtin-barcodes", "ini", lambda: f"[sku-1042]\ngtin = 0{r(12, DG)}\nean13 = 4006381333931", "GTIN/EAN barcodes"))
O(("vehicle/vin", "json", lambda: json.dumps({"fleet": [{"vin": "1M8GDM9AXKP042788", "plate": "TEST-123"}]}), "a vehicle identification number"))
O(("finance/isin-figi", "toml", lambda: f"[[holdings]]\nisin = \"US0378331005\"\nfigi = \"BBG000B9XRY4\"\nlei = \"5493000{r(11, UP)}{r(2, DG)}\"", "ISIN, FIGI and LEI identifiers"))
O(("ids/arxiv-and-pmcid", "prose", lambda: f"See arXiv:{R.randrange(2101, 2412)}.{r(5, DG)}v2 and PMC{r(7, DG)} for the method.", "paper identifiers"))
O(("ids/wikidata-osm", "code", lambda: f"PLACES = {{\"Q{r(6, DG)}\": \"way/{r(9, DG)}\", \"Q64\": \"relation/62422\"}}", "Wikidata and OpenStreetMap ids"))
O(("ids/imdb-asin", "url", lambda: f"https://www.imdb.com/title/tt{r(7, DG)}/ and https://www.amazon.com/dp/B0{r(8, UP)}", "film and product ids in URLs"))
O(("ble/gatt-uuids", "code", lambda: "HEART_RATE = \"0000180d-0000-1000-8000-00805f9b34fb\"\nMEASUREMENT = \"00002a37-0000-1000-8000-00805f9b34fb\"", "Bluetooth GATT UUIDs"))
O(("hw/usb-pci-ids", "tool_output", lambda: f"$ lsusb\nBus 001 Device 004: ID 046d:c52b Logitech, Inc. Unifying Receiver\n$ lspci -nn | head -1\n00:02.0 VGA [0300]: Intel [8086:{r(4, HX)}]", "USB and PCI vendor:product ids"))
O(("hw/disk-serials", "tool_output", lambda: f"$ lsblk -o NAME,SERIAL,WWN\nnvme0n1 S{r(14, UP)} eui.{r(16, HX)}\nsda     WD-WX{r(10, UP)} 0x{r(16, HX)}", "disk serial numbers and WWNs"))
O(("fs/fstab-uuids", "systemd", lambda: f"[Mount]\nWhat=/dev/disk/by-uuid/{u4()}\nWhere=/srv/data\nType=ext4", "a filesystem UUID in a mount unit"))
O(("fs/mktemp-paths", "shell_history", lambda: f": 1765095000:0;cd /tmp/tmp.{r(10)}\n: 1765095010:0;ls /tmp/pytest-of-ci/pytest-{R.randrange(1, 99)}/tmp{r(8, LO)}", "temporary paths"))
O(("os/machine-id", "tool_output", lambda: f"$ cat /etc/machine-id\n{r(32, HX)}\n$ cat /proc/sys/kernel/random/boot_id\n{u4()}", "a machine id and a boot id"))
O(("os/windows-sid", "powershell", lambda: f"PS C:\\> whoami /user\nUSER INFORMATION\nacme\\dev S-1-5-21-{r(10, DG)}-{r(10, DG)}-{r(9, DG)}-1104", "a Windows security identifier"))
O(("os/com-clsid", "ini", lambda: f"[HKEY_CLASSES_ROOT\\CLSID\\{{{u4().upper()}}}]\n@=\"Acme Shell Extension\"", "a COM class id"))
O(("os/windows-product-id", "powershell", lambda: f"PS C:\\> (Get-CimInstance Win32_OperatingSystem).SerialNumber\n00330-{r(5, DG)}-{r(5, DG)}-AA{r(3, DG)}", "a Windows product id (not a licence key)"))
O(("log/native-backtrace", "crash_report", lambda: f"Thread 0 Crashed:\n0   libsystem_kernel.dylib  0x{r(16, HX)} __pthread_kill + 8\n1   Shop   0x{r(16, HX)} main + 412", "addresses in a backtrace"))
O(("crash/binary-image-uuids", "crash_report", lambda: f"Binary Images:\n0x1024a8000 - 0x1025fbfff Shop arm64 <{r(32, HX)}> /Applications/Shop.app/Shop", "binary image UUIDs of a crash report"))
O(("crash/minidump-debug-ids", "log", lambda: f"minidump module libshop.so debug_id={r(32, HX).upper()}0 code_id={r(40, HX)}", "debug and code ids of a minidump"))
O(("android/build-fingerprint", "crash_report", lambda: f"Build fingerprint: 'google/redfin/redfin:13/TQ3A.{r(6, DG)}.001/{r(7, DG)}:user/release-keys'\nABI: 'arm64'", "an Android build fingerprint (says release-keys)"))
O(("dotnet/public-key-token", "xml", lambda: f"<dependentAssembly>\n  <assemblyIdentity name=\"Acme.Core\" publicKeyToken=\"{r(16, HX)}\" culture=\"neutral\" />\n</dependentAssembly>", "a .NET public key token"))
O(("java/serial-version-uid", "code", lambda: f"private static final long serialVersionUID = {R.randrange(10**17, 9 * 10**18)}L;", "a Java serialVersionUID"))
O(("java/jar-manifest-digest", "properties", lambda: f"Name: com/acme/App.class\nSHA-256-Digest: {b64(32)}", "a jar manifest's entry digest"))
O(("http/csp-script-hashes", "header", lambda: f"HTTP/1.1 200 OK\nContent-Security-Policy: script-src 'self' 'sha256-{b64(32)}' 'sha384-{b64(48)}'", "CSP script hashes"))
O(("url/cache-buster-query", "har", lambda: json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://static.example.com/app.css?v={r(8, HX)}"}, "response": {"status": 200}}]}}), "a cache-busting query"))
O(("tls/ja3-ja4-fingerprints", "log", lambda: f"tls client ja3={r(32, HX)} ja4=t13d1516h2_{r(12, HX)}_{r(12, HX)} sni=example.com", "TLS client fingerprints"))
O(("tls/ct-log-ids", "curl_trace", lambda: f"* Server certificate:\n*  subject: CN=example.com\n*  SCT log id: {b64(32)}\n*  SSL certificate verify ok.", "certificate transparency log ids"))
O(("http/curl-connection-trace", "curl_trace", lambda: f"* Connected to example.com (93.184.215.14) port 443\n> GET / HTTP/2\n< etag: \"{r(16, HX)}\"\n< x-cache: HIT\n< age: {R.randrange(10, 999)}", "a curl trace without credentials"))
O(("k8s/ca-cert-hash", "shell_history", lambda: f": 1765095200:0;kubeadm token list\n: 1765095230:0;openssl x509 -pubkey -in /etc/kubernetes/pki/ca.crt | sha256sum  # sha256:{r(64, HX)}", "a CA public key hash"))
O(("k8s/secret-listing", "tool_output", lambda: f"$ kubectl get secrets\nNAME                TYPE                DATA   AGE\napi-keys            Opaque              3      {R.randrange(2, 90)}d\nregistry-cred       kubernetes.io/dockerconfigjson   1   12d", "a listing of Secret names, no data"))
O(("k8s/configmap-binarydata", "k8s_secret", lambda: f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fonts\nbinaryData:\n  logo.ico: {b64(48)}", "a ConfigMap's public binary data"))
O(("k8s/secret-string-data-placeholder", "k8s_secret", lambda: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  API_KEY: ${API_KEY}  # filled in by the deploy job", "a Secret template with a variable"))
O(("k8s/helm-release-secret-names", "log", lambda: f"helm: created secret sh.helm.release.v1.shop.v{R.randrange(2, 40)} in namespace shop", "helm release secret names"))
O(("k8s/sealed-secret-ciphertext", "yaml", lambda: f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n    password: Ag{r(120, B64)}==", "sealed (encrypted) data, safe to commit"))
O(("sops/encrypted-value", "yaml", lambda: f"db_password: ENC[AES256_GCM,data:{r(24, B64)},iv:{b64(32)},tag:{b64(16)},type:str]\nsops:\n  version: 3.9.0", "a SOPS-encrypted value"))
O(("ansible/vault-ciphertext", "yaml", lambda: f"vault_api_key: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {r(80, DG + 'abcdef')}\n  {r(80, DG + 'abcdef')}", "Ansible Vault ciphertext"))
O(("crypto/age-armored-ciphertext", "pem", lambda: f"-----BEGIN AGE ENCRYPTED FILE-----\n{b64(48)}\n{b64(30)}\n-----END AGE ENCRYPTED FILE-----", "an age-encrypted file"))
O(("git/ssh-signature-block", "pem", lambda: f"-----BEGIN SSH SIGNATURE-----\n{r(64, B64)}\n{r(64, B64)}\n{r(20, B64)}=\n-----END SSH SIGNATURE-----", "an SSH signature of a commit (public)"))
O(("aws/kms-key-ids", "hcl", lambda: f"data \"aws_kms_key\" \"logs\" {{\n  key_id = \"{u4()}\"\n}}", "a KMS key id (names a key, is none)"))
O(("aws/cognito-pool-and-client-ids", "env", lambda: f"VITE_COGNITO_USER_POOL_ID=eu-west-1_{r(9)}\nVITE_COGNITO_CLIENT_ID={r(26, LO)}", "Cognito pool and public app client ids"))
O(("mobile/reversed-client-id", "plist", lambda: f"<key>REVERSED_CLIENT_ID</key>\n<string>com.googleusercontent.apps.{r(12, DG)}-{r(32, LO)}</string>", "an iOS app's public OAuth client id"))
O(("mobile/expo-app-json-ids", "json", lambda: json.dumps({"expo": {"slug": "shop", "extra": {"eas": {"projectId": u4()}}, "ios": {"bundleIdentifier": "org.example.shop"}}}), "Expo project ids"))
O(("mobile/push-app-ids", "plist", lambda: f"<key>OneSignalAppID</key>\n<string>{u4()}</string>\n<key>CFBundleVersion</key>\n<string>{R.randrange(100, 999)}</string>", "a push service's public app id"))
O(("web/recaptcha-site-key", "code", lambda: f"<div class=\"g-recaptcha\" data-sitekey=\"6L{r(38, U64)}\"></div>", "a reCAPTCHA site key (public)"))
O(("web/hcaptcha-sitekey", "dockerfile", lambda: f"FROM nginx:1.27\nENV PUBLIC_HCAPTCHA_SITEKEY={u4()}\nCOPY dist/ /usr/share/nginx/html", "an hCaptcha site key (public)"))
O(("web/analytics-measurement-ids", "code", lambda: f"gtag('config', 'G-{r(10, UP)}'); // container GTM-{r(7, UP)}, pixel {r(16, DG)}", "analytics measurement ids"))
O(("web/localstorage-prefs", "web_storage", lambda: json.dumps({"origin": "https://app.example.com", "localStorage": {"theme": "dark", "sidebar": "collapsed", "deviceId": u4(), "lastRoute": "/orders"}}), "UI preferences and a device id"))
O(("web/workbox-precache-manifest", "web_storage", lambda: json.dumps({"cacheStorage": {"workbox-precache-v2": [{"url": "/index.html", "revision": r(32, HX)}]}}), "precache revisions"))
O(("web/indexeddb-keys", "web_storage", lambda: json.dumps({"indexedDB": {"keyval-store": {"keys": ["draft:" + r(21, U64), "draft:" + r(21, U64)]}}}), "store keys named key"))
O(("har/public-page-load", "har", lambda: json.dumps({"log": {"pages": [{"id": "page_1", "title": "https://example.com/"}], "entries": [{"pageref": "page_1", "request": {"method": "GET", "url": f"https://fonts.gstatic.com/s/inter/v13/{r(40, U64)}.woff2"}, "response": {"status": 200}}]}}), "a HAR of public assets"))
O(("har/set-cookie-consent", "har", lambda: json.dumps({"log": {"entries": [{"response": {"status": 200, "headers": [{"name": "set-cookie", "value": f"cookie_consent=analytics%3Afalse%7Cv{R.randrange(1, 9)}; Path=/"}]}}]}}), "a consent cookie, not a session"))
O(("url/short-link-slugs", "prose", lambda: f"Slides: https://bit.ly/{r(7)} and the recording at https://youtu.be/{r(11, U64)}", "short link slugs"))
O(("url/instagram-shortcodes", "url", lambda: f"https://www.instagram.com/p/C{r(10, U64)}/ https://www.reddit.com/comments/{r(7, B36)}/", "public post shortcodes"))
O(("url/hashids-paths", "log", lambda: f"GET /invoices/{r(10)} 200 12ms\nGET /p/{r(6)} 302 3ms", "hashid path segments"))
O(("ids/reddit-fullnames", "json", lambda: json.dumps({"after": "t3_" + r(7, B36), "children": ["t1_" + r(7, B36), "t1_" + r(7, B36)]}), "Reddit fullnames"))
O(("ids/atproto-did", "cli_flag", lambda: f"$ goat resolve --did did:plc:{r(24, 'abcdefghijklmnopqrstuvwxyz234567')} --pds https://bsky.social", "an AT Protocol DID"))
O(("ids/did-key", "toml", lambda: f"[issuer]\ndid = \"did:key:z6Mk{r(44, B58)}\"", "a did:key (a public key)"))
O(("calendar/ical-uid", "wrapped", lambda: f"BEGIN:VEVENT\nUID:{r(26, LO)}@google.c\n om\nSUMMARY:Sprint review\nEND:VEVENT", "an iCalendar UID folded across lines"))
O(("crypto/cardano-address", "csv", lambda: f"label,address\ntreasury,addr1q{r(98, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}", "a Cardano address (public)"))
O(("crypto/ss58-tron-xrp-addresses", "tool_output", lambda: f"$ wallet list --public\nDOT  1{r(46, B58)}\nTRX  T{r(33, B58)}\nXRP  r{r(33, B58)}", "public addresses"))
O(("crypto/abi-function-selectors", "diff", lambda: "diff --git a/abi/selectors.txt b/abi/selectors.txt\n+0xa9059cbb transfer(address,uint256)\n+0x095ea7b3 approve(address,uint256)", "ABI function selectors"))
O(("pkg/rpm-key-ids", "tool_output", lambda: f"$ rpm -qi bash | grep Signature\nSignature   : RSA/SHA256, Mon 02 Dec 2026, Key ID {r(16, HX)}", "an RPM signing key id"))
O(("pkg/flatpak-ostree-commits", "shell_history", lambda: f": 1765095500:0;flatpak info --show-commit org.gnome.Calculator  # {r(64, HX)}", "an OSTree commit"))
O(("build/bazel-output-base", "log", lambda: f"INFO: output base /home/ci/.cache/bazel/_bazel_ci/{r(32, HX)}/execroot/_main", "a Bazel output base path"))
O(("build/xcode-derived-data", "log", lambda: f"Build settings: OBJROOT=/Users/dev/Library/Developer/Xcode/DerivedData/Shop-{r(28, LO[:26])}/Build/Intermediates.noindex", "an Xcode DerivedData folder"))
O(("docker/anonymous-volume-names", "tool_output", lambda: f"$ docker volume ls\nDRIVER    VOLUME NAME\nlocal     {r(64, HX)}\nlocal     shop_pgdata", "anonymous volume names"))
O(("encoded/ascii85", "bytes_literal", lambda: "GLYPH = b\"<~87cURD]i,\\\"Ebo80~>\"  # base85 of 'Hello world'", "Ascii85 data"))
O(("encoded/uuencoded-block", "wrapped", lambda: "begin 644 logo.txt\nM:&5L;&\\@=V]R;&0@:&5L;&\\@=V]R;&0@:&5L;&\\@=V]R;&0@:&5L;&\\@=V]R\n$;&0*\n`\nend", "a uuencoded file"))
O(("encoded/c-array-bytes", "bytes_literal", lambda: "static const uint8_t icon[] = {" + ", ".join(f"0x{r(2, HX)}" for _ in range(24)) + "};", "a byte array of an icon"))
O(("saml/authn-request-redirect", "url", lambda: f"https://idp.example.org/sso?SAMLRequest={r(120, B64).replace('+', '%2B').replace('/', '%2F')}&RelayState=%2Fdashboard", "a SAML AuthnRequest (carries no credential)"))
O(("names/lexer-token-dump", "tool_output", lambda: "$ calc --tokens 'secret + key'\nTOKEN_IDENT  'secret'\nTOKEN_PLUS   '+'\nTOKEN_IDENT  'key'\nTOKEN_EOF", "a lexer's token dump"))
O(("names/keybindings-json", "json", lambda: json.dumps([{"key": "ctrl+shift+k", "command": "editor.action.deleteLines"}, {"key": "ctrl+alt+p", "command": "workbench.action.showPasswordPrompt"}]), "editor key bindings"))
O(("names/password-policy-config", "ini", lambda: "[password_policy]\nmin_length = 12\nrequire_symbol = true\nmax_age_days = 365\nreuse_window = 5", "a password policy"))
O(("names/music-key-signatures", "prose", lambda: "The bridge moves from key: F#m to key: A, and the token riff repeats twice.", "key and token as plain words"))
O(("docs/vendor-example-credentials", "netrc", lambda: "# from the docs: replace both before use\nmachine api.example.com\n  login YOUR_LOGIN\n  password YOUR_PASSWORD_HERE", "a documented placeholder"))
O(("docs/env-var-interpolation", "env", lambda: "DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/${PGDATABASE}\nAPI_TOKEN=${{ secrets.API_TOKEN }}", "variables, not values"))
O(("docs/curl-example-placeholder", "escaped_json", lambda: "snippet=" + json.dumps(json.dumps({"example": "curl -H 'Authorization: Bearer <YOUR_TOKEN>' https://api.example.com/v1/me"})), "a docs snippet with a placeholder"))
O(("docs/systemd-credential-placeholder", "systemd", lambda: "[Service]\nLoadCredential=api-token:/etc/credstore/api-token\nExecStart=/usr/bin/shop --token-file=%d/api-token", "a credential loaded from a file"))
O(("docs/hcl-variable-reference", "hcl", lambda: "variable \"api_token\" {\n  type      = string\n  sensitive = true\n}\nprovider \"acme\" { token = var.api_token }", "a variable reference"))
O(("docs/dockerfile-secret-mount", "dockerfile", lambda: "# syntax=docker/dockerfile:1\nRUN --mount=type=secret,id=npm_token,env=NPM_TOKEN npm ci", "a build secret mount (no value)"))
O(("docs/xml-masked-password", "xml", lambda: "<connectionStrings><add name=\"Shop\" connectionString=\"Server=db;User Id=app;Password=********;\" /></connectionStrings>", "a masked password"))
O(("docs/plist-placeholder", "plist", lambda: "<key>API_BASE_URL</key>\n<string>$(API_BASE_URL)</string>\n<key>API_KEY</key>\n<string>$(API_KEY)</string>", "build-setting placeholders"))
O(("docs/powershell-get-credential", "powershell", lambda: "PS C:\\> $cred = Get-Credential -UserName 'acme\\deploy' -Message 'Deploy account'\nPS C:\\> Invoke-Deploy -Credential $cred", "a prompt for a credential"))
O(("version/electron-chrome-versions", "header", lambda: f"GET /update HTTP/1.1\nUser-Agent: Shop/4.2.{R.randrange(0, 99)} Chrome/130.0.6723.{R.randrange(10, 199)} Electron/33.2.1", "version strings"))
O(("ci/job-log-timestamps", "log", lambda: f"2026-12-07T08:20:11.{r(7, DG)}Z ##[group]Run actions/checkout@v4\n2026-12-07T08:20:12.{r(7, DG)}Z Syncing repository: acme/shop", "CI log timestamps"))
O(("db/couchdb-revisions", "json", lambda: json.dumps({"_id": "order:1042", "_rev": f"3-{r(32, HX)}", "status": "paid"}), "CouchDB document revisions"))
O(("db/surreal-record-ids", "cli_flag", lambda: f"$ surreal export --ns shop --db main --only person:{r(20, B36)} out.surql", "record ids"))
O(("db/connection-without-password", "connection_string", lambda: "couchbases://cb.example.org/orders?ssl=no_verify&kv_timeout=2500ms", "a connection string with no credentials"))
O(("db/kafka-sasl-oauth", "connection_string", lambda: "bootstrap.servers=pkc-12345.eu-west-1.aws.confluent.cloud:9092\nsasl.mechanism=OAUTHBEARER\nsecurity.protocol=SASL_SSL", "Kafka settings without a secret"))
O(("notebook/cell-outputs-metrics", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 9, "metadata": {}, "source": ["model.evaluate()\n"], "outputs": [{"output_type": "stream", "name": "stdout", "text": [f"loss=0.{r(6, DG)} token_accuracy=0.{r(4, DG)}\n"]}]}), "metrics that say token"))
O(("csv/export-checksums", "csv", lambda: f"file,crc32,size\nexport-{r(6, DG)}.parquet,{r(8, HX)},{r(7, DG)}", "CRC32 checksums"))
O(("yaml/renovate-digests", "diff", lambda: f"diff --git a/.github/workflows/ci.yml b/.github/workflows/ci.yml\n-      - uses: actions/setup-node@{r(40, HX)} # v4.0.3\n+      - uses: actions/setup-node@{r(40, HX)} # v4.1.0", "pinned action commits"))
O(("toml/cargo-feature-flags", "toml", lambda: "[features]\ndefault = [\"tokio\", \"secret-store\"]\nkeyring = [\"dep:keyring\"]\npassword-hash = []", "feature names with secret, key and password"))
O(("ini/pip-index-no-credentials", "ini", lambda: "[global]\nindex-url = https://pypi.example.org/simple\ntrusted-host = pypi.example.org\nkeyring-provider = subprocess", "a package index without credentials"))
O(("properties/spring-placeholders", "properties", lambda: "spring.datasource.password=${DB_PASSWORD:}\nspring.security.oauth2.client.registration.acme.client-secret=${ACME_CLIENT_SECRET}", "property placeholders"))
O(("shell/history-gpg-list", "shell_history", lambda: f": 1765095700:0;gpg --list-keys --keyid-format long\n: 1765095720:0;git config user.signingkey {r(16, HX).upper()}", "a public signing key id"))
O(("crash/python-faulthandler", "crash_report", lambda: f"Fatal Python error: Segmentation fault\nCurrent thread 0x{r(16, HX)} (most recent call first):\n  File \"/app/shop/image.py\", line 88 in resize", "a thread address"))
O(("k8s/service-account-token-path", "k8s_secret", lambda: "apiVersion: v1\nkind: Pod\nspec:\n  volumes:\n  - name: token\n    projected:\n      sources:\n      - serviceAccountToken:\n          path: token\n          expirationSeconds: 3600", "a projected token volume (no token)"))
O(("curl/trace-basic-auth-redacted", "curl_trace", lambda: "> GET /api/v1/status HTTP/1.1\n> Host: couch.example.org:5984\n> Authorization: Basic [REDACTED]\n< HTTP/1.1 401 Unauthorized", "a redacted header"))
O(("pem/ssh2-public-key-rfc4716", "pem", lambda: f"---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"ci@example.org\"\n{r(64, B64)}\n{r(28, B64)}\n---- END SSH2 PUBLIC KEY ----", "an SSH public key in RFC 4716 form"))
O(("net/wireguard-allowed-ips", "ini", lambda: f"[Peer]\n# public key is in the vault entry 'wg-office'\nAllowedIPs = 10.{R.randrange(0, 255)}.0.0/16, fd00:{r(4, HX)}::/64\nEndpoint = vpn.example.org:51820", "a peer without keys"))
O(("header/request-tracing-ids", "header", lambda: f"HTTP/1.1 200 OK\nX-Request-Id: req_{r(24, LO)}\nX-Amzn-Trace-Id: Root=1-{r(8, HX)}-{r(24, HX)}", "request tracing ids"))
O(("escaped/json-in-log-ids", "escaped_json", lambda: "event=" + json.dumps(json.dumps({"event": "order.paid", "order_id": "ord_" + r(16, LO), "idempotency": u4()})), "event ids in escaped JSON"))
O(("xml/maven-gpg-fingerprint", "xml", lambda: f"<properties><gpg.keyname>{r(40, HX).upper()}</gpg.keyname><gpg.passphraseEnvName>GPG_PASSPHRASE</gpg.passphraseEnvName></properties>", "a key fingerprint and an env name"))
O(("bytes/hash-digest-literal", "bytes_literal", lambda: f"EXPECTED = bytes.fromhex(\"{r(64, HX)}\")  # sha256 of fixtures/empty.tar", "a digest as a bytes literal"))
O(("cli/flag-token-file", "cli_flag", lambda: "$ gh auth login --with-token < ~/.config/gh-token.txt --hostname github.example.com", "a token read from a file"))
O(("systemd/invocation-and-unit-hash", "systemd", lambda: f"[Unit]\nDescription=shop worker {r(12, HX)}\n[Service]\nEnvironment=SHOP_BUILD={r(40, HX)}", "a build hash in a unit"))
O(("hcl/provider-lock-constraints", "hcl", lambda: "terraform {\n  required_providers {\n    acme = { source = \"acme/acme\", version = \"~> 2.4\" }\n  }\n}", "provider constraints"))
O(("powershell/module-guid", "powershell", lambda: f"PS C:\\> (Get-Module Acme.Tools).Guid\n\nGuid\n----\n{u4()}", "a module GUID"))
O(("url/cdn-asset-hashes", "url", lambda: f"https://cdn.example.net/assets/{r(20, U64)}/logo.svg?w=256&h=256", "a CDN asset path"))
O(("prose/long-compound-words", "prose", lambda: "Die Donaudampfschifffahrtsgesellschaftskapitänsmütze und das Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz.", "long words"))
O(("dockerfile/multi-stage-digests", "dockerfile", lambda: f"FROM golang:1.23@sha256:{r(64, HX)} AS build\nFROM gcr.io/distroless/static@sha256:{r(64, HX)}", "pinned base image digests"))
O(("wrapped/base64-license-text", "wrapped", lambda: f"LICENSE (base64, folded):\n{base64.b64encode(b'Permission is hereby granted, free of charge, to any person obtaining a copy').decode()[:60]}\n{base64.b64encode(b'Permission is hereby granted, free of charge, to any person obtaining a copy').decode()[60:]}", "a public text, base64-folded"))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first (contexts in turn), then pairs, then ordinary text."""
    return build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, pair_items, ORDINARY, PUBLIC.values())


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh5.jsonl")
