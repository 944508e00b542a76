"""Writes the tenth fresh held-out part of the secrets corpus, fresh10.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation states them, or as the
writer knows them, as each item's note says. Six contexts are new with this part (a .pypirc, an
ssh_config, an editor's launch.json, a GitHub Actions workflow, a fish shell configuration, a
browser devtools console). No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh10.py [OUT]   # default: fresh10.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, BECH32, DG, HX, LO, U64, UP, Seeded, bech32, bech32_polymod, build_part, camel, in_turn, jwt, write

SEED = 20261226
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh10.py (seed {SEED})"

# The contexts of every earlier part; a secret without a shape of its own takes the next one in turn.
# The six contexts this part adds hold the secrets whose shape is the vendor's own (pair_items).
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile",
            "npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt")
NEW_CONTEXTS = ("pypirc", "ssh_config", "launch_json", "gha_workflow", "fish", "devtools_console")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# {tool}: rotated after the offsite, see the ops channel\nLOG_FORMAT=json\n{name}={value}\nFEATURE_BETA=0",
        "json": json.dumps({"service": "ledger", "vendors": {tool: {low: value, "region": "eu-central"}}}, indent=2),
        "escaped_json": json.dumps({"level": "debug", "msg": "outbound request", "payload": json.dumps({"vendor": tool, cam: value, "attempt": 2})}),
        "cli_flag": f"$ python -m ledger.sync --vendor {tool} --{kebab}={value} --batch-size 500",
        "prose": f"Ciao Giulia, per provare {tool} in locale usa pure la mia chiave {value}, poi domani ti faccio creare la tua dal pannello.",
        "tool_output": f"$ {tool} whoami --verbose\naccount   acme-eu\nplan      team\n{low}   {value}\nexpires   never",
        "diff": f"diff --git a/settings/{tool}.env b/settings/{tool}.env\n--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -1,2 +1,2 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"req_body = b'{{\"client\": \"{tool}\", \"{cam}\": \"{value}\"}}'",
        "yaml": f"vendors:\n  {tool}:\n    enabled: true\n    {low}: {value}\n    retries: 3",
        "csv": f"vendor,environment,{low},owner\n{tool},production,{value},payments-team",
        "url": f"https://api.{tool}.example.com/v2/send?to=%2B4915700000000&{cam}={value}&channel=sms",
        "header": f"GET /v2/rooms HTTP/1.1\nHost: api.{tool}.example.com\nX-{tool.capitalize()}-Token: {value}\nAccept: application/json",
        "log": f"2026-12-20T07:41:09.512Z DEBUG [{tool}-adapter] init client {low}={value} timeout=15s",
        "connection_string": f"{tool}://ledger_rw:{value}@{tool}-prod.example.com:50000/ledger",
        "code": f"client = {tool.capitalize()}Client(\n    {low}=\"{value}\",\n    timeout=15,\n)",
        "ini": f"[{tool}]\nbase_url = https://api.{tool}.example.com\n{low} = {value}\nmax_retries = 3",
        "xml": f"<configuration>\n  <{tool} {cam}=\"{value}\" sandbox=\"false\" />\n</configuration>",
        "dockerfile": f"FROM node:22-alpine\nWORKDIR /srv\nENV {name}=\"{value}\"\nCMD [\"node\", \"server.js\"]",
        "netrc": f"machine review.{tool}.example.com\nlogin ci-bot\npassword {value}",
        "toml": f"[vendors.{tool}]\nendpoint = \"https://api.{tool}.example.com\"\n{low} = \"{value}\"\nsandbox = true",
        "shell_history": f"  733  {tool} login --{kebab} {value}\n  734  {tool} accounts list",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 12, "metadata": {}, "outputs": [],
                                "source": [f"{name} = \"{value}\"\n", f"client = {tool}.Client({name})\n"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"{tool}.enabled=true\n{tool}.{cam}={value}\n{tool}.timeout=15s",
        "powershell": f"PS C:\\ledger> $env:{name} = \"{value}\"\nPS C:\\ledger> .\\sync.ps1 -Vendor {tool}",
        "systemd": f"[Unit]\nDescription={tool} sync\n\n[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-sync",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.com/v1/calls",
                                                            "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]},
                                                "response": {"status": 201}}]}}),
        "curl_trace": f"> POST /v1/conversations HTTP/2\n> Host: api.{tool}.example.com\n> x-api-key: {value}\n> content-type: application/json\n>\n< HTTP/2 201",
        "crash_report": f"Traceback (most recent call last):\n  File \"/srv/ledger/sync.py\", line 88, in run\nConnectionError: {tool} refused\n\nLocals:\n  {low} = '{value}'",
        "web_storage": json.dumps({"origin": f"https://{tool}.example.com", "sessionStorage": {f"{tool}.{cam}": value, "lang": "it"}}),
        "plist": f"<dict>\n\t<key>{cam}</key>\n\t<string>{value}</string>\n\t<key>Environment</key>\n\t<string>prod</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_webhook", "name": "ledger", "instances": [{"attributes": {"id": "wh-7", low: value}}]}]}),
        "mobile_config": f"<!-- res/values/secrets.xml -->\n<resources>\n    <string name=\"{low}\">{value}</string>\n</resources>",
        "sql_dump": f"INSERT INTO vendor_settings (vendor, name, value) VALUES ('{tool}', '{low}', '{value}');",
        "email": f"From: ops@example.com\nTo: dev@example.com\nSubject: {tool} access\n\nThe {tool} key is {value} (prod). Please don't forward.",
        "nginx": f"location /ext/{tool}/ {{\n    proxy_set_header Authorization \"Bearer {value}\";\n    proxy_pass https://api.{tool}.example.com/;\n}}",
        "markdown": f"| vendor | key |\n| --- | --- |\n| {tool} | `{value}` |",
        "postman": json.dumps({"info": {"name": f"{tool} API"}, "variable": [{"key": cam, "value": value, "type": "string"}]}),
        "jenkinsfile": f"pipeline {{\n  agent any\n  environment {{ {name} = '{value}' }}\n  stages {{ stage('Sync') {{ steps {{ sh 'make sync' }} }} }}\n}}",
        "compose": f"services:\n  sync:\n    image: ghcr.io/acme/{tool}-sync:2\n    environment:\n      {name}: \"{value}\"",
        "gradle": f"android {{\n    defaultConfig {{\n        buildConfigField \"String\", \"{name}\", '\"{value}\"'\n    }}\n}}",
        "chat_export": json.dumps({"messages": [{"from": "giulia", "date": "2026-12-20T08:02:00", "text": f"{tool} api key: {value}"}]}),
        "ansible": f"- name: configure {tool}\n  ansible.builtin.lineinfile:\n    path: /etc/ledger/{tool}.env\n    line: \"{name}={value}\"",
        "kubeconfig": f"apiVersion: v1\nkind: Config\nusers:\n- name: {tool}-ci\n  user:\n    token: {value}",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  base-url = \"https://api.{tool}.example.com\"\n}}",
        "nix": f"systemd.services.{tool}-sync.environment = {{\n  {name} = \"{value}\";\n}};",
        "caddyfile": f"api.example.com {{\n\thandle /ext/{tool}/* {{\n\t\treverse_proxy https://api.{tool}.example.com {{\n\t\t\theader_up X-Api-Key \"{value}\"\n\t\t}}\n\t}}\n}}",
        "gitconfig": f"[credential \"https://git.{tool}.example.com\"]\n\tusername = ci-bot\n\thelper = \"!f() {{ echo password={value}; }}; f\"",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t./bin/sync --vendor {tool} --key $({name})",
        "npmrc": f"@ledger:registry=https://{tool}.example.com/api/packages/ledger/npm/\n//{tool}.example.com/api/packages/ledger/npm/:_authToken={value}",
        "pgpass": f"{tool}-db.example.com:4003:public:ledger_rw:{value}",
        "crontab": f"{name}={value}\n30 1 * * * /opt/ledger/bin/{tool}-export --since yesterday",
        "http_file": f"### recent events\nGET https://{tool}.example.com/api/events?count=50\nX-{tool.capitalize()}-ApiKey: {value}",
        "haproxy": f"backend be_{tool}_ingest\n    http-request set-header {tool}-ingestion-key {value}\n    server ingest ingest.{tool}.example.com:443 ssl verify required",
        "sbt": f"credentials += Credentials(\"{tool}\", \"{tool}.example.com\", \"deployer\", \"{value}\")",
    }
    if context == "wrapped":
        cut = len(value) // 3
        return f"ledger-sync-2  | 07:41:09 {low}={value[:cut]}\nledger-sync-2  | {value[cut:]}", [value[:cut], value[cut:]]
    if context == "pem":
        return f"-----BEGIN {tool.upper()} TOKEN-----\n{value}\n-----END {tool.upper()} TOKEN-----", [value]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}\n  namespace: ledger\ntype: Opaque\ndata:\n  {kebab}: {encoded}", [encoded])
    return texts[context], [value]


# facts read in public material (the note of the item names it)
PUBLIC = {
    "onfido": "Onfido (Entrust) API token sent as `Authorization: Token token=<API_TOKEN>`, sandbox and live tokens (documentation.identity.entrust.com quick start guide; the header as a public question about it quotes it); the `api_sandbox.` prefix and two dot-separated parts as the writer knows them",
    "paymongo": "PayMongo secret test key (`sk_test_` prefix, developers.paymongo.com 'API keys'), passed as the HTTP Basic user with an empty password, the colon after it (developers.paymongo.com 'Make Your First API Call'); 24 characters after the prefix as the writer knows them",
    "dotenvvault": "a dotenv-vault DOTENV_KEY (`dotenv://:key_...@dotenv.org/vault/.env.vault?environment=production`, the dotenv-vault README on rubydoc.info; the key at least 64 characters as the dotenv vault decryption documentation states); 64 hex digits after `key_`",
}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn
    ("sumsub/app-token", "SUMSUB_APP_TOKEN", "sumsub", lambda: f"sbx:{r(24)}.{r(32)}", "Sumsub app token (`sbx:` for the sandbox, 24 characters, a dot, 32 characters)"),
    ("persona/api-key", "PERSONA_API_KEY", "persona", lambda: "persona_sandbox_" + u4(), "Persona API key (`persona_sandbox_` and a UUID)"),
    ("vectara/api-key", "VECTARA_API_KEY", "vectara", lambda: "zqt_" + r(40, AL + "-_"), "Vectara query API key (`zqt_` and 40 URL-safe characters)"),
    ("arcgis/api-key", "ARCGIS_API_KEY", "arcgis", lambda: "AAPK" + r(32, HX) + r(64, AL + "-_"), "ArcGIS location platform API key (`AAPK`, 32 hex digits and 64 URL-safe characters)"),
    ("what3words/api-key", "W3W_API_KEY", "what3words", lambda: r(8, UP), "what3words API key (8 upper-case characters)"),
    ("ordnancesurvey/api-key", "OS_DATA_HUB_KEY", "osdatahub", lambda: r(32), "Ordnance Survey Data Hub project API key (32 characters)"),
    ("thunderforest/api-key", "THUNDERFOREST_APIKEY", "thunderforest", lambda: r(32, HX), "Thunderforest tile API key (32 hex digits)"),
    ("accuweather/api-key", "ACCUWEATHER_API_KEY", "accuweather", lambda: r(32), "AccuWeather API key (32 characters)"),
    ("marketstack/access-key", "MARKETSTACK_ACCESS_KEY", "marketstack", lambda: r(32, HX), "marketstack access key (32 hex digits)"),
    ("openexchangerates/app-id", "OXR_APP_ID", "openexchangerates", lambda: r(32, HX), "Open Exchange Rates App ID (32 hex digits)"),
    ("termii/api-key", "TERMII_API_KEY", "termii", lambda: "TL" + r(58), "Termii API key (`TL` and 58 characters)"),
    ("chatwork/api-token", "CHATWORK_API_TOKEN", "chatwork", lambda: r(32, HX), "Chatwork API token (32 hex digits)"),
    ("kaleyra/api-key", "KALEYRA_API_KEY", "kaleyra", lambda: "A" + r(32, HX), "Kaleyra API key (`A` and 32 hex digits)"),
    ("monetdb/password", "MONETDB_PASSWORD", "monetdb", lambda: r(20, AL + "._~"), "a MonetDB password in its own URI"),
    ("bandwidth/api-token", "BANDWIDTH_API_TOKEN", "bandwidth", lambda: r(40, LO), "Bandwidth API token (40 lower-case characters)"),
    ("mailpace/server-token", "MAILPACE_SERVER_TOKEN", "mailpace", lambda: u4(), "MailPace server token (a UUID)"),
    ("moosend/api-key", "MOOSEND_API_KEY", "moosend", lambda: u4(), "Moosend API key (a UUID)"),
    ("campaignmonitor/api-key", "CAMPAIGN_MONITOR_API_KEY", "campaignmonitor", lambda: b64(66), "Campaign Monitor API key (88 base64 characters)"),
    ("gerrit/http-password", "GERRIT_HTTP_PASSWORD", "gerrit", lambda: r(42, AL + "+/"), "Gerrit generated HTTP password (42 characters)"),
    ("dremio/personal-access-token", "DREMIO_PAT", "dremio", lambda: b64(66), "Dremio personal access token (88 base64 characters)"),
    ("drip/api-token", "DRIP_API_TOKEN", "drip", lambda: r(32, HX), "Drip API token (32 hex digits)"),
    ("moyasar/secret-key", "MOYASAR_SECRET_KEY", "moyasar", lambda: "sk_test_" + r(40), "Moyasar test secret key (`sk_test_` and 40 characters)"),
    ("airwallex/api-key", "AIRWALLEX_API_KEY", "airwallex", lambda: r(96, HX), "Airwallex API key (96 hex digits)"),
    ("liqpay/private-key", "LIQPAY_PRIVATE_KEY", "liqpay", lambda: "sandbox_" + r(40), "LiqPay sandbox private key (`sandbox_` and 40 characters)"),
    ("przelewy24/crc-key", "P24_CRC_KEY", "przelewy24", lambda: r(16, HX), "Przelewy24 CRC key (16 hex digits)"),
    ("payfast/passphrase", "PAYFAST_PASSPHRASE", "payfast", lambda: r(24, AL + "-_"), "a PayFast security passphrase (24 characters)"),
    ("attio/access-token", "ATTIO_ACCESS_TOKEN", "attio", lambda: r(64, HX), "Attio access token (64 hex digits)"),
    ("lemlist/api-key", "LEMLIST_API_KEY", "lemlist", lambda: r(32, HX), "lemlist API key (32 hex digits)"),
    ("gong/access-key-secret", "GONG_ACCESS_KEY_SECRET", "gong", lambda: jwt(DRAW, {"exp": 2080000000, "accessKey": r(26, UP)}), "Gong access key secret (an HS256 JWT)"),
    ("helpscout/app-secret", "HELPSCOUT_APP_SECRET", "helpscout", lambda: r(32), "Help Scout app secret (32 characters)"),
    ("chatwoot/api-access-token", "CHATWOOT_API_ACCESS_TOKEN", "chatwoot", lambda: r(24), "Chatwoot api_access_token (24 characters)"),
    ("front/api-token", "FRONT_API_TOKEN", "front", lambda: jwt(DRAW, {"scopes": ["shared:*"], "iat": 1766000000, "iss": "front", "sub": r(20, HX), "jti": r(16, HX)}), "Front API token (an HS256 JWT)"),
    ("basecamp/access-token", "BASECAMP_ACCESS_TOKEN", "basecamp", lambda: "BAhbB0kiAbB7ImNsaWVudF9pZCI6" + r(160, AL + "+/") + "--" + r(40, HX), "Basecamp OAuth access token (a signed `BAh` message, `--` and 40 hex digits)"),
    ("everhour/api-key", "EVERHOUR_API_KEY", "everhour", lambda: f"{r(4, HX)}-{r(4, HX)}-{r(6, HX)}-{r(6, HX)}-{r(8, HX)}", "Everhour API key (hex groups of 4, 4, 6, 6 and 8)"),
    ("savvycal/personal-token", "SAVVYCAL_TOKEN", "savvycal", lambda: "pt_secret_" + r(32, HX), "SavvyCal personal token (`pt_secret_` and 32 hex digits)"),
    ("simpleanalytics/api-key", "SA_API_KEY", "simpleanalytics", lambda: "sa_api_key_" + r(32), "Simple Analytics API key (`sa_api_key_` and 32 characters)"),
    ("umami/api-key", "UMAMI_API_KEY", "umami", lambda: "api_" + r(32), "Umami Cloud API key (`api_` and 32 characters)"),
    ("pendo/integration-key", "PENDO_INTEGRATION_KEY", "pendo", lambda: u4() + ".us", "Pendo integration key (a UUID and `.us`)"),
    ("kontent/management-api-key", "KONTENT_MANAGEMENT_API_KEY", "kontent", lambda: jwt(DRAW, {"jti": r(32, HX), "iss": "kontent.ai", "aud": "manage.kontent.ai", "uid": "usr_" + r(20, LO)}), "Kontent.ai Management API key (an HS256 JWT)"),
    ("cosmic/write-key", "COSMIC_WRITE_KEY", "cosmic", lambda: r(50), "Cosmic bucket write key (50 characters)"),
    ("tina/token", "TINA_TOKEN", "tina", lambda: r(40, HX), "TinaCloud token (40 hex digits)"),
    ("ecwid/secret-token", "ECWID_SECRET_TOKEN", "ecwid", lambda: "secret_" + r(32), "Ecwid secret access token (`secret_` and 32 characters)"),
    ("printful/private-token", "PRINTFUL_TOKEN", "printful", lambda: r(40), "Printful private token (40 characters)"),
    ("etsy/shared-secret", "ETSY_SHARED_SECRET", "etsy", lambda: r(10, LO), "Etsy app shared secret (10 lower-case characters)"),
    ("dhl/api-key", "DHL_API_KEY", "dhl", lambda: r(32), "DHL developer API key (32 characters)"),
    ("descope/management-key", "DESCOPE_MANAGEMENT_KEY", "descope", lambda: "K2" + r(27, UP) + ":" + r(43, AL), "Descope management key (`K2` and 27 upper-case characters, a colon, 43 characters)"),
    ("woodpecker/api-token", "WOODPECKER_TOKEN", "woodpecker", lambda: jwt(DRAW, {"type": "user", "user-id": str(R.randrange(1, 999))}), "Woodpecker CI personal token (an HS256 JWT)"),
    ("hanko/api-key", "HANKO_API_KEY", "hanko", lambda: b64(33), "Hanko Cloud API key (44 base64 characters)"),
    ("orama/private-api-key", "ORAMA_PRIVATE_API_KEY", "orama", lambda: r(32), "Orama Cloud private API key (32 characters)"),
    ("brightdata/api-token", "BRIGHTDATA_API_TOKEN", "brightdata", lambda: r(64, HX), "Bright Data API token (64 hex digits)"),
    ("cirrus/api-token", "CIRRUS_API_TOKEN", "cirrus", lambda: r(64, HX), "Cirrus CI API token (64 hex digits)"),
    ("sematext/app-token", "SEMATEXT_TOKEN", "sematext", lambda: u4(), "Sematext app token (a UUID)"),
    ("codeberg/access-token", "CODEBERG_TOKEN", "codeberg", lambda: r(40, HX), "Codeberg (Forgejo) access token (40 hex digits)"),
    ("greptime/password", "GREPTIME_PASSWORD", "greptime", lambda: r(24), "a GreptimeCloud database password (24 characters)"),
    ("zabbix/api-token", "ZABBIX_API_TOKEN", "zabbix", lambda: r(64, HX), "Zabbix API token (64 hex digits)"),
    ("seq/api-key", "SEQ_API_KEY", "seq", lambda: r(20), "Seq API key (20 characters)"),
    ("signoz/ingestion-key", "SIGNOZ_INGESTION_KEY", "signoz", lambda: r(36, AL + "-"), "SigNoz Cloud ingestion key (36 characters)"),
    ("proget/api-key", "PROGET_API_KEY", "proget", lambda: r(20, AL), "ProGet API key (20 characters) as a Maven feed password"),
]


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own, the six new contexts among them."""
    cloudrepo, octoprint, immich, harbor, paperless = r(24, AL + "!#%"), r(32, HX).upper(), r(43), r(32), r(40, HX)
    onfido, paymongo, dotenv = f"api_sandbox.{r(11, U64)}.{r(32, U64)}", "sk_test_" + r(24), "key_" + r(64, HX)
    uptrace, oxylabs = r(22, U64), r(16, AL + "_+=")
    return [
        ("cloudrepo/password", "pypirc", f"[distutils]\nindex-servers =\n    pypi\n    cloudrepo\n\n[cloudrepo]\nrepository = https://acme.mycloudrepo.io/repositories/python-internal\nusername = deploy@acme.example\npassword = {cloudrepo}", [cloudrepo],
         "a CloudRepo repository user's password in a .pypirc"),
        ("octoprint/api-key", "ssh_config", f"Host octopi\n    HostName octopi.local\n    User pi\n    SetEnv OCTOPRINT_API_KEY={octoprint}\n    ForwardAgent no", [octoprint],
         "an OctoPrint API key (32 upper-case hex digits) passed by an ssh_config SetEnv line"),
        ("immich/api-key", "launch_json", json.dumps({"version": "0.2.0", "configurations": [{"name": "photo import", "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/import.py",
                                                                                           "env": {"IMMICH_URL": "http://nas.local:2283/api", "IMMICH_API_KEY": immich}}]}, indent=2), [immich],
         "an Immich API key (43 characters) in a debug configuration's env"),
        ("harbor/robot-secret", "gha_workflow", f"jobs:\n  push:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: docker login harbor.example.com -u 'robot$ledger+ci' -p '{harbor}'\n      - run: docker push harbor.example.com/ledger/api:${{{{ github.sha }}}}", [harbor],
         "a Harbor robot account secret (32 characters) written into a workflow step"),
        ("paperless/api-token", "fish", f"# ~/.config/fish/conf.d/paperless.fish\nset -gx PAPERLESS_URL https://docs.home.example\nset -gx PAPERLESS_TOKEN {paperless}", [paperless],
         "a Paperless-ngx API token (40 hex digits) exported in a fish configuration"),
        ("onfido/api-token", "devtools_console", f"> await fetch('/kyc/applicants', {{headers}}).then(r => r.status)\n< 201\n> headers\n< {{Authorization: 'Token token={onfido}', Content-Type: 'application/json'}}", [onfido],
         PUBLIC["onfido"]),
        ("paymongo/secret-key", "cli_flag", f"$ curl https://api.paymongo.com/v1/payment_intents/pi_{r(24)} -u {paymongo}:", [paymongo], PUBLIC["paymongo"]),
        ("dotenvvault/dotenv-key", "env", f"DOTENV_KEY=\"dotenv://:{dotenv}@dotenv.org/vault/.env.vault?environment=production\"", [dotenv], PUBLIC["dotenvvault"]),
        ("uptrace/dsn", "yaml", f"uptrace:\n  dsn: https://{uptrace}@api.uptrace.dev?grpc=4317\n  service_name: ledger", [uptrace],
         "an Uptrace DSN's token (22 URL-safe characters) before `@api.uptrace.dev`"),
        ("oxylabs/proxy-password", "connection_string", f"HTTPS_PROXY=http://customer-acme_scraper:{oxylabs}@pr.oxylabs.io:7777", [oxylabs],
         "an Oxylabs residential proxy password in the proxy URL"),
    ]


def luhn_digit(digits: str) -> str:
    """The check digit of the Luhn scheme (mod 10, doubling every second digit from the right)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def gs1_digit(digits: str) -> str:
    """The GS1 check digit: weights 3 and 1 from the right."""
    total = sum(int(ch) * (3 if i % 2 == 0 else 1) for i, ch in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def sscc() -> str:
    body = "0" + "4012345" + r(9, DG)
    return "00" + body + gs1_digit(body)


def awb() -> str:
    serial = r(7, DG)
    return f"020-{serial}{int(serial) % 7}"


def polyline(points: list[tuple[float, float]]) -> str:
    """Google's encoded polyline of the points (five decimals)."""
    out, last = [], (0, 0)
    for lat, lng in points:
        now = (round(lat * 1e5), round(lng * 1e5))
        for delta in (now[0] - last[0], now[1] - last[1]):
            value = ~(delta << 1) if delta < 0 else delta << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        last = now
    return "".join(out)


def maidenhead(lat: float, lon: float) -> str:
    lon, lat = lon + 180, lat + 90
    return (chr(65 + int(lon // 20)) + chr(65 + int(lat // 10)) + str(int(lon % 20 // 2)) + str(int(lat % 10))
            + chr(97 + int(lon % 2 * 12)) + chr(97 + int(lat % 1 * 24)))


def taproot_address() -> str:
    """A BIP-350 bech32m mainnet address of witness version 1 over 32 drawn bytes."""
    acc, bits, groups = 0, 0, [1]
    for byte in bytes(R.randrange(256) for _ in range(32)):
        acc, bits = acc << 8 | byte, bits + 8
        while bits >= 5:
            bits -= 5
            groups.append(acc >> bits & 31)
    groups.append(acc << (5 - bits) & 31)
    expanded = [ord(c) >> 5 for c in "bc"] + [0] + [ord(c) & 31 for c in "bc"]
    polymod = bech32_polymod(expanded + groups + [0] * 6) ^ 0x2BC830A3
    return "bc1" + "".join(BECH32[g] for g in groups + [polymod >> 5 * (5 - i) & 31 for i in range(6)])


def route() -> str:
    lat, lng = 45.4642, 9.19
    points = [(lat + R.uniform(-0.01, 0.01) * i, lng + R.uniform(-0.01, 0.01) * i) for i in range(6)]
    return polyline(points)


def cms_timestamp() -> str:
    """A CMS SignedData body (its DER opening, then drawn bytes) in RFC 7468's armour."""
    body = "MIAGCSqGSIb3DQEHAqCAMIACAQMx" + "".join(b64(48) for _ in range(4))
    return "-----BEGIN CMS-----\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + "\n-----END CMS-----"


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("supabase/project-ref-url", "env", lambda: f"SUPABASE_URL=https://{r(20, LO)}.supabase.co\nSUPABASE_PROJECT_REF=${{SUPABASE_URL#https://}}\n# the anon and service keys come from the vault", "a project's public URL and reference"),
    ("health/fhir-resource-ids", "json", lambda: json.dumps({"resourceType": "Patient", "id": r(16, LO + "-"), "meta": {"versionId": str(R.randrange(1, 40)), "lastUpdated": "2026-12-20T08:00:00Z"}, "name": [{"family": "Example", "given": ["Test"]}]}, indent=2), "a synthetic FHIR resource's id and version"),
    ("consent/tcf-tc-string", "escaped_json", lambda: json.dumps({"event": "consent.saved", "body": json.dumps({"gdprApplies": True, "tcString": "C" + r(40, U64) + "." + r(12, U64), "cmpId": 300})}), "a consent string that records cookie choices"),
    ("aws/ec2-instance-ids", "cli_flag", lambda: f"$ aws ec2 describe-instances --instance-ids i-0{r(16, HX)} i-0{r(16, HX)} --query 'Reservations[].Instances[].State.Name'", "instance ids"),
    ("bib/issn-citations", "prose", lambda: "Per la tesi cito la rivista Journal of Open Source Software (ISSN 2475-9066) e la sua edizione a stampa, senza bisogno di credenziali: sono codici pubblici del catalogo.", "journal numbers in Italian prose"),
    ("storage/lvm-pvdisplay-uuids", "tool_output", lambda: f"$ sudo pvdisplay /dev/nvme0n1p3\n  --- Physical volume ---\n  PV Name               /dev/nvme0n1p3\n  VG Name               vg0\n  PV UUID               {'-'.join(r(n, AL) for n in (6, 4, 4, 4, 4, 4, 6))}", "a physical volume's id"),
    ("sbom/spdx-package-refs", "diff", lambda: f"@@ -12,3 +12,4 @@\n   \"SPDXID\": \"SPDXRef-Package-npm-left-pad-{r(16, HX)}\",\n+  \"SPDXID\": \"SPDXRef-Package-npm-zod-{r(16, HX)}\",\n   \"licenseConcluded\": \"MIT\",", "package references of a software bill of materials"),
    ("health/hl7-v2-control-ids", "bytes_literal", lambda: f"msg = b'MSH|^~\\\\&|LAB|ACME|EHR|ACME|20261220080000||ORU^R01|{r(20, UP)}|P|2.5.1\\rPID|1||{r(8, DG)}^^^ACME'", "an HL7 message's control id and a synthetic patient number"),
    ("airflow/dag-run-ids", "yaml", lambda: f"- dag_id: ledger_export\n  run_id: scheduled__2026-12-19T00:00:00+00:00\n  state: success\n- dag_id: ledger_export\n  run_id: manual__2026-12-20T07:12:44.{r(6, DG)}+00:00\n  state: running", "workflow run ids"),
    ("logistics/sscc-pallet-codes", "csv", lambda: "pallet,sscc,warehouse\n" + "\n".join(f"P{i},{sscc()},MXP-2" for i in range(1, 4)), "shipping container codes with their check digits"),
    ("maps/encoded-polyline", "url", lambda: f"https://maps.example.com/staticmap?size=640x320&path=enc:{route()}&markers=color:red", "an encoded route"),
    ("trace/gcp-cloud-trace-context", "header", lambda: f"GET /ledger HTTP/1.1\nHost: ledger.example.com\nX-Cloud-Trace-Context: {r(32, HX)}/{R.randrange(10**18, 10**19)};o=1", "a trace context header"),
    ("spark/yarn-application-ids", "log", lambda: f"26/12/20 08:10:41 INFO Client: Submitted application application_{R.randrange(1765000000000, 1766000000000)}_{R.randrange(1, 9999):04d}\n26/12/20 08:10:44 INFO Client: Application report for application_1765843210123_0042 (state: ACCEPTED)", "cluster application ids"),
    ("storage/iscsi-iqn-targets", "connection_string", lambda: f"iscsi://10.0.4.20:3260/iqn.2026-01.com.example:storage.ledger-{r(8, HX)}/0", "an iSCSI target name"),
    ("crypto/lightning-invoice-fixture", "code", lambda: "INVOICE = \"" + bech32("lnbc25u", bytes(R.randrange(256) for _ in range(48))) + "\"  # test fixture: a payment request, meant to be shown to the payer", "a payment request, public by design"),
    ("ids/airtable-and-trello-object-ids", "ini", lambda: f"[sync]\nairtable_base = app{r(14, AL)}\nairtable_table = tbl{r(14, AL)}\ntrello_board = {r(8, AL)}", "ids of bases, tables and boards"),
    ("health/ndc-codes-in-cda", "xml", lambda: f"<manufacturedMaterial>\n  <code code=\"{r(4, DG)}-{r(4, DG)}-{r(2, DG)}\" codeSystem=\"2.16.840.1.113883.6.69\" displayName=\"Example tablet 10 mg\"/>\n</manufacturedMaterial>", "a drug code and its code system id"),
    ("sbom/purl-labels", "dockerfile", lambda: f"LABEL org.opencontainers.image.source=\"https://github.com/acme/ledger\" \\\n      io.example.sbom.purl=\"pkg:oci/ledger@sha256%3A{r(64, HX)}?repository_url=ghcr.io%2Facme\"", "a package URL of an image"),
    ("cdn/cloudfront-hostnames-in-netrc", "netrc", lambda: f"# the mirror asks for a login but no password (read-only)\nmachine d{r(13, LO)}.cloudfront.net\nlogin mirror-reader", "a CDN host name and a login"),
    ("pem/cms-timestamp-token", "pem", cms_timestamp, "a timestamp token (CMS), public by design"),
    ("trace/uber-trace-id-wrapped", "wrapped", lambda: (lambda t: f"api-1  | 08:12:01 span finished uber-trace-id={t[:20]}\napi-1  |   {t[20:]}")(f"{r(16, HX)}:{r(16, HX)}:0:1"), "a trace id cut across two log lines"),
    ("bio/pdb-and-genbank-accessions", "toml", lambda: f"[structures]\npdb = [\"{R.randrange(1, 9)}{r(3, UP)}\", \"{R.randrange(1, 9)}{r(3, UP)}\"]\n\n[sequences]\ngenbank = [\"MN{r(6, DG)}.1\", \"OQ{r(6, DG)}.2\"]", "public accession numbers"),
    ("aws/cloudfront-invalidation-ids", "shell_history", lambda: f"  901  aws cloudfront create-invalidation --distribution-id E{r(13, UP)} --paths '/*'\n  902  aws cloudfront get-invalidation --distribution-id E{r(13, UP)} --id I{r(13, UP)}", "distribution and invalidation ids"),
    ("astro/gaia-source-ids", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 4, "source": ["stars[['source_id', 'ra', 'dec']].head(2)"], "outputs": [{"output_type": "execute_result", "data": {"text/plain": [f"            source_id        ra       dec\n0  {R.randrange(10**18, 7 * 10**18)}  83.8221  -5.3911\n1  {R.randrange(10**18, 7 * 10**18)}  83.8187  -5.3875"]}}]}), "catalogue source ids"),
    ("aws/ami-ids", "hcl", lambda: f"variable \"base_ami\" {{\n  type    = string\n  default = \"ami-0{r(16, HX)}\"\n}}", "a machine image id"),
    ("flink/savepoint-paths", "properties", lambda: f"execution.savepoint.path=s3://ledger-flink/savepoints/savepoint-{r(6, HX)}-{r(12, HX)}\npipeline.name=ledger-enrich", "a savepoint path with a job id"),
    ("storage/fibre-channel-wwns", "powershell", lambda: f"PS> Get-InitiatorPort | Select NodeAddress, PortAddress\n\nNodeAddress      PortAddress\n-----------      -----------\n20000090fa{r(6, HX)} 10000090fa{r(6, HX)}", "port names of host bus adapters"),
    ("systemd/list-boots-ids", "systemd", lambda: f"$ journalctl --list-boots\n -1 {r(32, HX)} Fri 2026-12-19 07:58:12 UTC Fri 2026-12-19 23:10:05 UTC\n  0 {r(32, HX)} Sat 2026-12-20 07:59:40 UTC Sat 2026-12-20 08:14:22 UTC", "boot ids"),
    ("mail/gmail-api-message-ids", "har", lambda: json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://gmail.googleapis.com/gmail/v1/users/me/messages/{r(16, HX)}?format=metadata"}, "response": {"status": 200, "content": {"text": json.dumps({"id": r(16, HX), "threadId": r(16, HX)})}}}]}}), "message and thread ids"),
    ("chat/whatsapp-message-ids", "curl_trace", lambda: f"< HTTP/2 200\n< content-type: application/json\n<\n{{\"messaging_product\":\"whatsapp\",\"messages\":[{{\"id\":\"wamid.{b64(36)}\"}}]}}", "an id the messaging API returns for a sent message"),
    ("k8s/projected-token-volume-config", "k8s_secret", lambda: "volumes:\n- name: vault-token\n  projected:\n    sources:\n    - serviceAccountToken:\n        audience: vault\n        expirationSeconds: 600\n        path: token", "a volume that names a token, with none in it"),
    ("crash/crashlytics-issue-ids", "crash_report", lambda: f"Crashlytics issue {r(32, HX)}\nSession: {r(32, HX).upper()}\nFatal Exception: java.lang.IllegalStateException: ledger not ready\n    at com.example.ledger.Sync.run(Sync.kt:41)", "issue and session ids of a crash"),
    ("image/thumbhash-cache", "web_storage", lambda: json.dumps({"localStorage": {"thumbs": json.dumps({f"/img/{i}.jpg": base64.b64encode(bytes(R.randrange(256) for _ in range(24))).decode() for i in range(1, 4)})}}), "image placeholders"),
    ("apple/merchant-identifiers", "plist", lambda: "<key>com.apple.developer.in-app-payments</key>\n<array>\n\t<string>merchant.com.example.ledger</string>\n\t<string>merchant.com.example.ledger.sandbox</string>\n</array>", "payment merchant ids"),
    ("dns/spf-and-dmarc-values", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "aws_route53_record", "name": "dmarc", "instances": [{"attributes": {"name": "_dmarc.example.com", "records": ["v=DMARC1; p=reject; rua=mailto:dmarc@example.com; adkim=s"]}}]}, {"type": "aws_route53_record", "name": "spf", "instances": [{"attributes": {"records": ["v=spf1 include:_spf.example.net -all"]}}]}]}), "mail policy records"),
    ("mobile/gtm-container-and-facebook-app-ids", "mobile_config", lambda: f"<resources>\n    <string name=\"gtm_container_id\">GTM-{r(7, UP)}</string>\n    <string name=\"facebook_app_id\">{r(16, DG)}</string>\n</resources>", "public ids of a tag container and an app"),
    ("company/eori-siret-duns", "sql_dump", lambda: f"INSERT INTO suppliers (name, eori, siret, duns) VALUES ('Example SARL', 'FR{r(14, DG)}', '{r(14, DG)}', '{r(9, DG)}');", "public company registration numbers"),
    ("mail/exim-message-ids", "email", lambda: f"Received: from mx.example.net ([192.0.2.7])\n\tby mail.example.com with esmtps (TLS1.3) tls TLS_AES_256_GCM_SHA384\n\t(Exim 4.98)\n\tid 1t{r(4, AL)}-{r(6, AL)}-{r(2, AL)}\n\tfor dev@example.com; Sat, 20 Dec 2026 08:20:11 +0000", "a mail server's message id"),
    ("trace/datadog-trace-span-ids", "nginx", lambda: f"log_format dd '$remote_addr \"$request\" $status dd.trace_id=\"$opentelemetry_trace_id\"';\n# 203.0.113.9 \"GET /ledger HTTP/1.1\" 200 dd.trace_id=\"{R.randrange(10**18, 10**19)}\" dd.span_id=\"{R.randrange(10**18, 10**19)}\"", "trace and span ids"),
    ("geo/maidenhead-locators", "markdown", lambda: "| station | locator |\n| --- | --- |\n" + "\n".join(f"| IZ2{r(3, UP)} | {maidenhead(R.uniform(44, 47), R.uniform(7, 12))} |" for _ in range(3)), "grid locators of radio stations"),
    ("workflow/temporal-run-ids", "postman", lambda: json.dumps({"item": [{"name": "describe run", "request": {"method": "GET", "url": f"http://localhost:7243/api/v1/namespaces/default/workflows/ledger-export/runs/{u4()}"}}]}), "a workflow run id"),
    ("ml/ray-submission-ids", "jenkinsfile", lambda: f"+ ray job submit --address http://ray-head:8265 -- python train.py\nJob 'raysubmit_{r(16, AL)}' submitted successfully\n[Pipeline] }}", "a job submission id"),
    ("hdfs/cluster-and-blockpool-ids", "compose", lambda: f"services:\n  namenode:\n    image: apache/hadoop:3\n    environment:\n      CLUSTER_ID: CID-{u4()}\n      BLOCKPOOL_ID: BP-{R.randrange(10**8, 10**9)}-10.0.5.2-{R.randrange(1765000000000, 1766000000000)}", "cluster and block pool ids"),
    ("security/cpe-names", "gradle", lambda: "dependencyCheck {\n    suppressionFile = 'config/dc-suppressions.xml'\n}\n// suppressed: cpe:2.3:a:apache:commons_text:1.9:*:*:*:*:*:*:* (CWE-94, not reachable)", "a product name in the CPE dictionary and a weakness id"),
    ("chat/teams-thread-ids", "chat_export", lambda: json.dumps([{"from": "luca", "text": f"meeting chat is 19:meeting_{b64(36).rstrip('=')}@thread.v2, notes there"}]), "a chat thread id"),
    ("ops/pagerduty-object-ids", "ansible", lambda: f"pagerduty_service_id: P{r(6, UP)}\npagerduty_escalation_policy: P{r(6, UP)}\npagerduty_integration_key_var: \"{{{{ vault_pd_routing_key }}}}\"", "object ids and a variable reference"),
    ("k8s/eks-endpoint-hostnames", "kubeconfig", lambda: f"clusters:\n- cluster:\n    server: https://{r(32, HX).upper()}.gr7.eu-west-1.eks.amazonaws.com\n  name: ledger-prod", "a cluster endpoint host name"),
    ("edi/x12-interchange-ids", "hocon", lambda: f"edi.partners.acme {{\n  isa-sender-id = \"ZZ{r(8, UP)}\"\n  isa-control-number = \"{r(9, DG)}\"\n}}", "EDI sender and control numbers"),
    ("storage/mdadm-array-uuids", "nix", lambda: f"boot.swraid.mdadmConf = ''\n  ARRAY /dev/md0 metadata=1.2 UUID={':'.join(r(8, HX) for _ in range(4))}\n'';", "a RAID array id"),
    ("ids/openlibrary-olids", "caddyfile", lambda: f"books.example.com {{\n\tredir /ledger-book https://openlibrary.org/works/OL{r(8, DG)}W\n\tredir /ledger-edition https://openlibrary.org/books/OL{r(8, DG)}M\n}}", "catalogue ids of a public library"),
    ("gitconfig/sendemail-without-password", "gitconfig", lambda: "[sendemail]\n\tsmtpServer = smtp.example.com\n\tsmtpServerPort = 587\n\tsmtpEncryption = tls\n\tsmtpUser = patches@example.com\n\t# smtpPass comes from the credential helper", "mail settings that name a password field without one"),
    ("build/source-date-epoch", "makefile", lambda: f"SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct)\n# reproducible: {R.randrange(1765000000, 1766000000)} for the tagged release\nexport SOURCE_DATE_EPOCH", "a build timestamp"),
    ("npm/codeartifact-registry-url", "npmrc", lambda: f"registry=https://acme-{r(12, DG)}.d.codeartifact.eu-west-1.amazonaws.com/npm/ledger/\n; the token is fetched by `aws codeartifact login`, never stored here\nalways-auth=true", "a registry URL with an account number"),
    ("aws/rds-cluster-endpoints", "pgpass", lambda: f"# pg_service.conf: writer and reader endpoints of the Aurora cluster\n[ledger-rw]\nhost=ledger-prod.cluster-{r(12, LO)}.eu-west-1.rds.amazonaws.com\n[ledger-ro]\nhost=ledger-prod.cluster-ro-{r(12, LO)}.eu-west-1.rds.amazonaws.com\ndbname=ledger", "database cluster endpoint names"),
    ("crypto/taproot-receive-address", "crontab", lambda: f"0 4 * * 1 /opt/treasury/bin/sweep --to {taproot_address()} --min 0.01", "a public receiving address"),
    ("crypto/dogecoin-address-lookup", "http_file", lambda: f"### donation address balance\nGET https://api.blockchair.com/dogecoin/dashboards/address/D{r(33, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz')}", "a public receiving address"),
    ("haproxy/unique-id-values", "haproxy", lambda: f"frontend fe_web\n    unique-id-format %{{+X}}o\\ %ci:%cp_%fi:%fp_%Ts_%rt:%pid\n    http-request set-header X-Unique-ID %[unique-id]\n# e.g. C0A80001:D2F4_0A000002:01BB_{r(8, HX).upper()}_00{r(2, HX).upper()}:1A2B", "request ids HAProxy builds"),
    ("sbt/coursier-cache-paths", "sbt", lambda: f"[info] downloading https://repo1.maven.org/maven2/org/typelevel/cats-core_3/2.12.0/cats-core_3-2.12.0.jar\n[info]   to ~/.cache/coursier/v1/https/repo1.maven.org/.{r(40, HX)}.checked", "a dependency cache path"),
    ("pypirc/repositories-without-passwords", "pypirc", lambda: "[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[pypi]\nusername = __token__\n# the password comes from the keyring\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__", "upload settings without a password"),
    ("ssh/host-key-alias-and-certificate-paths", "ssh_config", lambda: "Host build-*\n    User builder\n    HostKeyAlias build-farm\n    CertificateFile ~/.ssh/id_ed25519-cert.pub\n    IdentityFile ~/.ssh/id_ed25519\n    VerifyHostKeyDNS yes", "paths and aliases, no key material"),
    ("launch/env-file-and-token-file-args", "launch_json", lambda: json.dumps({"configurations": [{"name": "api", "type": "node", "request": "launch", "envFile": "${workspaceFolder}/.env.local", "args": ["--token-file", "${workspaceFolder}/.secrets/dev.token"]}]}, indent=2), "a debug configuration that names where a token lives"),
    ("gha/oidc-id-token-permission", "gha_workflow", lambda: "permissions:\n  id-token: write   # the job asks the OIDC provider for a short-lived token\n  contents: read\njobs:\n  deploy:\n    steps:\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: ${{ vars.DEPLOY_ROLE }}\n          aws-region: eu-west-1", "a permission that names a token, with none in it"),
    ("gha/app-and-installation-ids", "gha_workflow", lambda: f"      - uses: actions/create-github-app-token@v1\n        id: app\n        with:\n          app-id: {R.randrange(100000, 999999)}\n          private-key: ${{{{ secrets.RELEASE_APP_KEY }}}}\n      # installation {R.randrange(10**7, 10**8)}", "a public app id and an installation number"),
    ("fish/universal-variables", "fish", lambda: f"# This file contains fish universal variable definitions.\n# VERSION: 3.0\nSETUVAR __fish_initialized:3800\nSETUVAR fish_color_command:{r(6, HX)}\nSETUVAR fish_color_param:{r(6, HX)}\nSETUVAR fish_key_bindings:fish_default_key_bindings", "a shell's colour and state variables"),
    ("fish/abbreviations-with-secret-words", "fish", lambda: "abbr -a ghtok 'gh auth status --show-token=false'\nabbr -a vlogin 'vault login -method=oidc'\nfunction rotate-keys --description 'open the key rotation runbook'\n    open https://wiki.example.com/ops/rotate-keys\nend", "abbreviations and functions named after tokens and keys"),
    ("console/dev-server-hmr-log", "devtools_console", lambda: f"[vite] connecting...\n[vite] connected.\n[vite] hot updated: /src/Ledger.tsx?t={R.randrange(1766000000000, 1767000000000)}\n[vite] hot updated: /src/ledger.module.css?t={R.randrange(1766000000000, 1767000000000)}", "module update timestamps"),
    ("push/fcm-message-names", "devtools_console", lambda: f"> await sendTestPush()\n< {{name: 'projects/ledger-demo/messages/0:{R.randrange(1766000000000000, 1767000000000000)}%{r(16, HX)}'}}", "a sent message's name"),
    ("log/sidekiq-jids", "log", lambda: f"2026-12-20T08:30:01.120Z pid=7 tid=2bq class=LedgerExportJob jid={r(24, HX)} INFO: start\n2026-12-20T08:30:02.911Z pid=7 tid=2bq class=LedgerExportJob jid={r(24, HX)} elapsed=1.79 INFO: done", "background job ids"),
    ("tls/sct-log-ids-and-ocsp-responder", "tool_output", lambda: f"$ openssl s_client -connect example.com:443 -status < /dev/null 2>/dev/null | grep -A2 -E 'Log ID|Responder Id'\n    Responder Id: {r(40, HX).upper()}\n            Log ID    : {':'.join(r(2, HX).upper() for _ in range(16))}", "a certificate log's id and an OCSP responder's key hash"),
    ("logistics/air-waybill-numbers", "csv", lambda: "shipment,awb,origin,destination\n" + "\n".join(f"S-{R.randrange(1000, 9999)},{awb()},MXP,JFK" for _ in range(3)), "air waybill numbers with their check digit"),
    ("travel/iata-bcbp-specimen", "csv", lambda: f"scan_time,barcode\n2026-12-20T06:41:00,M1EXAMPLE/TEST       E{r(6, UP)} MXPJFKAZ 0610 354Y014C0042 100", "a specimen boarding pass barcode with a made-up passenger"),
    ("security/cwe-taxonomy-refs", "json", lambda: json.dumps({"ruleId": "py/sql-injection", "properties": {"tags": ["security", "external/cwe/cwe-089"], "precision": "high"}, "relationships": [{"target": {"id": "CWE-89", "toolComponent": {"name": "CWE"}}}]}, indent=2), "a weakness id in a scanner's rule"),
    ("trade/hs-codes", "yaml", lambda: "customs:\n  - sku: LEDGER-BOOK-A5\n    hs_code: \"4820.10.30\"\n    origin: IT\n  - sku: LEDGER-PEN\n    hs_code: \"9608.10.00\"\n    origin: DE", "customs tariff numbers"),
    ("bib/lccn-permalinks", "url", lambda: f"https://lccn.loc.gov/20{R.randrange(10, 26)}{r(6, DG)}", "a library catalogue permalink"),
    ("logistics/nato-stock-numbers", "code", lambda: f"PARTS = {{\n    \"washer\": \"5310-{r(2, DG)}-{r(3, DG)}-{r(4, DG)}\",\n    \"screw\": \"5305-{r(2, DG)}-{r(3, DG)}-{r(4, DG)}\",\n}}", "stock numbers"),
    ("cdn/x-amz-cf-id-header", "header", lambda: f"HTTP/2 200\ncontent-type: text/html\nx-cache: Hit from cloudfront\nx-amz-cf-pop: MXP64-P1\nx-amz-cf-id: {r(54, U64)}==", "a CDN request id"),
    ("pkg/debian-md5sums", "diff", lambda: f"--- a/DEBIAN/md5sums\n+++ b/DEBIAN/md5sums\n@@ -1,2 +1,2 @@\n-{r(32, HX)}  usr/bin/ledger\n+{r(32, HX)}  usr/bin/ledger\n {r(32, HX)}  usr/share/doc/ledger/copyright", "a package's file checksums"),
    ("hw/dmidecode-system-info", "tool_output", lambda: f"$ sudo dmidecode -t system | head -8\nSystem Information\n\tManufacturer: Example Computers\n\tProduct Name: EX-2026\n\tSerial Number: {r(10, UP)}\n\tUUID: {u4()}\n\tSKU Number: {r(7, UP)}#ABZ", "hardware serial and model numbers"),
    ("media/isan-work-numbers", "yaml", lambda: f"catalogue:\n  - title: Example Documentary\n    isan: \"0000-0005-{r(4, HX).upper()}-0000-{r(1, UP)}-0000-0000-{r(1, UP)}\"\n    release: 2026", "audiovisual work numbers"),
    ("banking/sepa-creditor-ids", "xml", lambda: f"<CdtrSchmeId><Id><PrvtId><Othr>\n  <Id>IT{r(2, DG)}ZZZ{r(11, DG)}</Id>\n  <SchmeNm><Prtry>SEPA</Prtry></SchmeNm>\n</Othr></PrvtId></Id></CdtrSchmeId>", "a creditor's public direct debit id"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, pair_items, ORDINARY, PUBLIC.values()),
          Path(__file__).resolve().parent / "fresh10.jsonl")
