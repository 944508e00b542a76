"""Writes the ninth fresh held-out part of the secrets corpus, fresh9.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation states them, or as the
writer knows them, as each item's note says. Six contexts are new with this part (an .npmrc, a
PostgreSQL password or service file, a crontab, an editor's .http request file, an HAProxy
configuration, an sbt build). No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh9.py [OUT]   # default: fresh9.jsonl beside this file
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from fresh_kit import AL, B32, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, write

SEED = 20261219
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh9.py (seed {SEED})"

# The contexts of every earlier part, then the six this part adds. A secret without a shape of its
# own takes the next context in turn.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile",
            "npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt")


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# copied from the {tool} dashboard on Monday\nAPP_ENV=staging\n{name}={value}",
        "json": json.dumps({"providers": [{"name": tool, "credentials": {low: value}, "sandbox": False}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-13T08:02:11Z", "event": "config.loaded", "body": json.dumps({"provider": tool, low: value})}),
        "cli_flag": f"$ ./bin/import --source {tool} --{kebab} {value} --since 2026-12-01",
        "prose": f"Hallo Jonas, für {tool} nimm vorerst meinen Schlüssel {value}, ich beantrage morgen einen eigenen für dich.",
        "tool_output": f"$ {tool}-cli config show\nprofile    default\nregion     eu\n{low}    {value}\noutput     table",
        "diff": f"--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n@@ -3,3 +3,3 @@\n-  {low}: REPLACE_ME\n+  {low}: {value}",
        "bytes_literal": f"payload = b'{{\"{low}\": \"{value}\", \"page\": 1}}'",
        "yaml": f"integrations:\n  - provider: {tool}\n    {low}: \"{value}\"\n    timeout_s: 20",
        "csv": f"provider;stage;{low};contact\n{tool};live;{value};ops@example.org",
        "url": f"https://{tool}.example.net/api/v1/lookup?q=berlin&{cam}={value}&format=json",
        "header": f"POST /v1/jobs HTTP/1.1\nHost: api.{tool}.example.net\nX-{tool.capitalize()}-Key: {value}\nContent-Type: application/json",
        "log": f"[2026-12-13 08:15:42,118] INFO {tool}_client: using {low}={value} for tenant acme",
        "connection_string": f"{tool}://svc-import:{value}@gateway.{tool}.example.net:8443/?tls=true",
        "code": f"const client = new {tool.capitalize()}({{ {cam}: \"{value}\", retries: 2 }});",
        "ini": f"[provider:{tool}]\nendpoint = https://api.{tool}.example.net\n{low} = {value}\nverify_tls = yes",
        "xml": f"<appSettings>\n  <add key=\"{cam}\" value=\"{value}\" />\n</appSettings>",
        "dockerfile": f"FROM python:3.13-slim\nENV {name}={value}\nCOPY . /app\nCMD [\"python\", \"-m\", \"app\"]",
        "netrc": f"machine api.{tool}.example.net\n  login importer\n  password {value}",
        "toml": f"[tool.{tool}]\nbase_url = \"https://api.{tool}.example.net\"\n{low} = \"{value}\"",
        "shell_history": f"  501  export {name}={value}\n  502  {tool}-cli sync --dry-run",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [],
                                "source": [f"{low} = \"{value}\"\n", f"resp = session.get(URL, params={{\"key\": {low}}})\n"]}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n  region  = \"eu\"\n}}",
        "properties": f"# {tool}\n{tool}.endpoint=https://api.{tool}.example.net\n{tool}.{cam}={value}",
        "powershell": f"PS C:\\src\\import> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"[Service]\nType=oneshot\nEnvironment={name}={value}\nExecStart=/opt/{tool}/bin/pull",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.example.net/v1/items",
                                                                               "queryString": [{"name": cam, "value": value}]},
                                                                  "response": {"status": 200}}]}}),
        "curl_trace": f"> GET /v1/items HTTP/1.1\n> Host: api.{tool}.example.net\n> User-Agent: curl/8.11.0\n> X-API-Key: {value}\n>\n< HTTP/1.1 200 OK",
        "crash_report": f"panic: {tool}: unexpected status 502\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:42\n\nenv at crash:\n{name}={value}",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.net", "localStorage": {f"{tool}:{cam}": value, "theme": "dark"}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>\n<key>Region</key>\n<string>eu</string>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_integration", "name": "main", "instances": [{"attributes": {low: value, "id": "int-1"}}]}]}),
        "mobile_config": f"// lib/env.dart\nconst {cam} = '{value}';\nconst apiBase = 'https://api.{tool}.example.net';",
        "sql_dump": f"COPY public.provider_keys (provider, secret) FROM stdin;\n{tool}\t{value}\n\\.",
        "email": f"To: lena@example.org\nSubject: Re: {tool} login\n\nHere it is: {value}\nDelete this mail once you've stored it.",
        "nginx": f"location /proxy/{tool}/ {{\n    proxy_set_header X-Api-Key {value};\n    proxy_pass https://api.{tool}.example.net/;\n}}",
        "markdown": f"## {tool} setup\n\n1. Open the dashboard.\n2. Paste the key `{value}` into Settings → API.",
        "postman": json.dumps({"id": "env-staging", "name": "staging", "values": [{"key": low, "value": value, "enabled": True}]}),
        "jenkinsfile": f"environment {{\n  {name} = '{value}'\n}}\nstages {{ stage('Pull') {{ steps {{ sh './pull.sh' }} }} }}",
        "compose": f"services:\n  importer:\n    image: acme/{tool}-importer:3\n    command: [\"--{kebab}\", \"{value}\"]",
        "gradle": f"// gradle.properties\norg.gradle.jvmargs=-Xmx2g\n{cam}={value}",
        "chat_export": json.dumps([{"user": "mika", "ts": "1765613000.000200", "text": f"{tool} key for the demo → {value}"}]),
        "ansible": f"{tool}_settings:\n  endpoint: https://api.{tool}.example.net\n  {low}: \"{value}\"",
        "kubeconfig": f"users:\n- name: {tool}-bridge\n  user:\n    token: {value}",
        "hocon": f"clients.{tool} {{\n  {kebab} = \"{value}\"\n  timeout = 20s\n}}",
        "nix": f"environment.variables.{name} = \"{value}\";",
        "caddyfile": f":8080 {{\n\treverse_proxy https://api.{tool}.example.net {{\n\t\theader_up Authorization \"Bearer {value}\"\n\t}}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}\n\tendpoint = https://api.{tool}.example.net",
        "makefile": f"pull:\n\tcurl -s -H 'X-Api-Key: {value}' https://api.{tool}.example.net/v1/export > data.json",
        "npmrc": f"@acme:registry=https://npm.{tool}.example.net/\n//npm.{tool}.example.net/:_authToken={value}\nsave-exact=true",
        "pgpass": f"# hostname:port:database:username:password\n{tool}-db.example.net:5432:ledger:svc_{tool}:{value}",
        "crontab": f"MAILTO=ops@example.org\n*/20 * * * * curl -fsS -H 'Authorization: Bearer {value}' https://api.{tool}.example.net/v1/sync >/dev/null",
        "http_file": f"@{cam} = {value}\n\n### list items\nGET https://api.{tool}.example.net/v1/items\nAuthorization: Bearer {{{{{cam}}}}}",
        "haproxy": f"backend be_{tool}\n    http-request set-header X-Api-Key {value}\n    server s1 api.{tool}.example.net:443 ssl verify required",
        "sbt": f"ThisBuild / resolvers += \"{tool}\" at \"https://repo.{tool}.example.net/releases\"\ncredentials += Credentials(\"{tool}\", \"repo.{tool}.example.net\", \"ci\", \"{value}\")",
    }
    if context == "wrapped":
        cut = len(value) // 2
        return f"importer-7  | 08:15:42 {low}={value[:cut]}\nimporter-7  |   {value[cut:]}", [value[:cut], value[cut:]]
    if context == "pem":
        return f"-----BEGIN {tool.upper()} API KEY-----\n{value}\n-----END {tool.upper()} API KEY-----", [value]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: {tool}-credentials\ndata:\n  {low}: {encoded}", [encoded])
    return texts[context], [value]


# facts read in public material (the note of the item names it)
PUBLIC = {
    "omise": "Omise test secret key (`skey_test_` and lower-case letters and digits, as docs.omise.co 'Authentication' lists the key kinds and shows one in a curl example; 19 characters after the prefix as that example has)",
    "coingecko": "CoinGecko Demo API key sent in the `x-cg-demo-api-key` header (docs.coingecko.com, 'Authentication (Demo API)'); the `CG-` prefix and 25 characters after it as the writer knows them",
}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn
    ("mapquest/api-key", "MAPQUEST_KEY", "mapquest", lambda: r(32), "MapQuest API key (32 characters)"),
    ("weatherapi/api-key", "WEATHERAPI_KEY", "weatherapi", lambda: r(31, HX), "WeatherAPI.com key (31 hex digits)"),
    ("tomorrowio/api-key", "TOMORROW_API_KEY", "tomorrowio", lambda: r(32), "Tomorrow.io API key (32 characters)"),
    ("visualcrossing/api-key", "VISUALCROSSING_KEY", "visualcrossing", lambda: r(25, UP), "Visual Crossing weather API key (25 upper-case characters)"),
    ("ipstack/access-key", "IPSTACK_ACCESS_KEY", "ipstack", lambda: r(32, HX), "ipstack access key (32 hex digits)"),
    ("ipgeolocation/api-key", "IPGEOLOCATION_API_KEY", "ipgeolocation", lambda: r(32, HX), "ipgeolocation.io API key (32 hex digits)"),
    ("abstractapi/api-key", "ABSTRACT_API_KEY", "abstractapi", lambda: r(32, HX), "Abstract API key (32 hex digits)"),
    ("zerobounce/api-key", "ZEROBOUNCE_API_KEY", "zerobounce", lambda: r(32, HX), "ZeroBounce API key (32 hex digits)"),
    ("kickbox/api-key", "KICKBOX_API_KEY", "kickbox", lambda: "live_" + r(64, HX), "Kickbox API key (`live_` and 64 hex digits)"),
    ("clearbit/secret-key", "CLEARBIT_KEY", "clearbit", lambda: "sk_" + r(32, HX), "Clearbit secret key (`sk_` and 32 hex digits)"),
    ("phrase/access-token", "PHRASE_ACCESS_TOKEN", "phrase", lambda: r(64, HX), "Phrase Strings access token (64 hex digits)"),
    ("poeditor/api-token", "POEDITOR_API_TOKEN", "poeditor", lambda: r(32, HX), "POEditor API token (32 hex digits)"),
    ("trackjs/token", "TRACKJS_TOKEN", "trackjs", lambda: r(32, HX), "TrackJS token (32 hex digits)"),
    ("updown/api-key", "UPDOWN_API_KEY", "updown", lambda: r(20, LO), "updown.io API key (20 lower-case characters)"),
    ("site24x7/refresh-token", "SITE24X7_REFRESH_TOKEN", "site24x7", lambda: f"1000.{r(32, HX)}.{r(32, HX)}", "Site24x7 OAuth refresh token (`1000.` and two groups of 32 hex digits)"),
    ("cloudconvert/api-key", "CLOUDCONVERT_API_KEY", "cloudconvert", lambda: jwt(DRAW, {"aud": "1", "jti": r(80, HX), "iat": 1765600000, "nbf": 1765600000, "sub": str(R.randrange(10**7, 10**8)), "scopes": ["task.read", "task.write"]}, "RS256"),
     "CloudConvert API key (an RS256 JWT with task scopes)"),
    ("convertapi/secret", "CONVERTAPI_SECRET", "convertapi", lambda: r(16), "ConvertAPI secret (16 characters)"),
    ("docraptor/api-key", "DOCRAPTOR_API_KEY", "docraptor", lambda: r(20), "DocRaptor API key (20 characters)"),
    ("pdfmonkey/secret-key", "PDFMONKEY_SECRET_KEY", "pdfmonkey", lambda: r(20, U64), "PDFMonkey secret key (20 URL-safe characters)"),
    ("browserless/api-token", "BROWSERLESS_TOKEN", "browserless", lambda: u4(), "Browserless API token (a UUID)"),
    ("zyte/api-key", "ZYTE_API_KEY", "zyte", lambda: r(32, HX), "Zyte API key (32 hex digits)"),
    ("picovoice/access-key", "PICOVOICE_ACCESS_KEY", "picovoice", lambda: b64(40), "Picovoice AccessKey (base64 of 40 bytes, ending in `=`)"),
    ("coinmarketcap/api-key", "CMC_PRO_API_KEY", "coinmarketcap", lambda: u4(), "CoinMarketCap API key (a UUID)"),
    ("cryptocompare/api-key", "CRYPTOCOMPARE_API_KEY", "cryptocompare", lambda: r(64, HX), "CryptoCompare API key (64 hex digits)"),
    ("financialmodelingprep/api-key", "FMP_API_KEY", "financialmodelingprep", lambda: r(32), "Financial Modeling Prep API key (32 characters)"),
    ("nasdaqdatalink/api-key", "NASDAQ_DATA_LINK_API_KEY", "nasdaqdatalink", lambda: r(20, AL + "-_"), "Nasdaq Data Link (Quandl) API key (20 characters)"),
    ("easyship/api-token", "EASYSHIP_API_TOKEN", "easyship", lambda: "prod_" + r(44, AL + "+/"), "Easyship API access token (`prod_` and 44 base64 characters)"),
    ("shipstation/api-secret", "SHIPSTATION_API_SECRET", "shipstation", lambda: r(32, HX), "ShipStation API secret (32 hex digits)"),
    ("sendcloud/secret-key", "SENDCLOUD_SECRET_KEY", "sendcloud", lambda: r(32, HX), "Sendcloud secret key (32 hex digits)"),
    ("graphhopper/api-key", "GRAPHHOPPER_KEY", "graphhopper", lambda: u4(), "GraphHopper API key (a UUID)"),
    ("openrouteservice/api-key", "ORS_API_KEY", "openrouteservice", lambda: "5b3ce3597851110001cf6248" + r(32, HX), "openrouteservice API key (`5b3ce3597851110001cf6248` and 32 hex digits)"),
    ("clicksend/api-key", "CLICKSEND_API_KEY", "clicksend", lambda: u4().upper(), "ClickSend API key (an upper-case UUID)"),
    ("textmagic/api-key", "TEXTMAGIC_API_KEY", "textmagic", lambda: r(30), "TextMagic API key (30 characters)"),
    ("gupshup/api-key", "GUPSHUP_API_KEY", "gupshup", lambda: r(32, HX), "Gupshup API key (32 hex digits)"),
    ("smsapi/oauth-token", "SMSAPI_TOKEN", "smsapi", lambda: r(40), "SMSAPI OAuth token (40 characters)"),
    ("elasticemail/api-key", "ELASTICEMAIL_API_KEY", "elasticemail", lambda: r(96, HX).upper(), "Elastic Email API key (96 upper-case hex digits)"),
    ("sendpulse/client-secret", "SENDPULSE_CLIENT_SECRET", "sendpulse", lambda: r(32, HX), "SendPulse REST API secret (32 hex digits)"),
    ("activecampaign/api-key", "ACTIVECAMPAIGN_API_KEY", "activecampaign", lambda: r(72, HX), "ActiveCampaign API key (72 hex digits)"),
    ("getresponse/api-key", "GETRESPONSE_API_KEY", "getresponse", lambda: r(32, LO), "GetResponse API key (32 lower-case characters)"),
    ("omnisend/api-key", "OMNISEND_API_KEY", "omnisend", lambda: f"{r(24, HX)}-{r(50)}", "Omnisend API key (24 hex digits, a dash and 50 characters)"),
    ("insightly/api-key", "INSIGHTLY_API_KEY", "insightly", lambda: u4(), "Insightly API key (a UUID)"),
    ("clockify/api-key", "CLOCKIFY_API_KEY", "clockify", lambda: r(48), "Clockify API key (48 characters)"),
    ("wrike/permanent-token", "WRIKE_TOKEN", "wrike", lambda: jwt(DRAW, {"i": R.randrange(10**6, 10**7), "c": R.randrange(10**6, 10**7), "u": R.randrange(10**7, 10**8), "r": "EU", "a": R.randrange(10**6, 10**7), "t": "p"}),
     "Wrike permanent access token (an HS256 JWT)"),
    ("redmine/api-key", "REDMINE_API_KEY", "redmine", lambda: r(40, HX), "Redmine REST API key (40 hex digits)"),
    ("bugzilla/api-key", "BUGZILLA_API_KEY", "bugzilla", lambda: r(40), "Bugzilla API key (40 characters)"),
    ("codeclimate/test-reporter-id", "CC_TEST_REPORTER_ID", "codeclimate", lambda: r(64, HX), "Code Climate test reporter id (64 hex digits)"),
    ("securitytrails/api-key", "SECURITYTRAILS_API_KEY", "securitytrails", lambda: r(32), "SecurityTrails API key (32 characters)"),
    ("hibp/api-key", "HIBP_API_KEY", "hibp", lambda: r(32, HX), "Have I Been Pwned API key (32 hex digits)"),
    ("urlscan/api-key", "URLSCAN_API_KEY", "urlscan", lambda: u4(), "urlscan.io API key (a UUID)"),
    ("greynoise/api-key", "GREYNOISE_API_KEY", "greynoise", lambda: r(64), "GreyNoise API key (64 characters)"),
    ("otx/api-key", "OTX_API_KEY", "otx", lambda: r(64, HX), "AlienVault OTX API key (64 hex digits)"),
    ("zeplin/personal-access-token", "ZEPLIN_TOKEN", "zeplin", lambda: jwt(DRAW, {"aud": "uid:" + r(24, HX), "iss": "zeplin:api.zeplin.io", "sub": "personal_access_token", "iat": 1765600000, "jti": r(24, HX)}),
     "Zeplin personal access token (an HS256 JWT)"),
    ("disqus/secret-key", "DISQUS_SECRET_KEY", "disqus", lambda: r(64), "Disqus API secret key (64 characters)"),
    ("crisp/token-key", "CRISP_TOKEN_KEY", "crisp", lambda: r(64, HX), "Crisp plugin token key (64 hex digits)"),
    ("surveymonkey/access-token", "SURVEYMONKEY_TOKEN", "surveymonkey", lambda: r(60, AL + "-."), "SurveyMonkey access token (60 characters)"),
    ("qualtrics/api-token", "QUALTRICS_API_TOKEN", "qualtrics", lambda: r(40), "Qualtrics API token (40 characters)"),
    ("dropboxsign/api-key", "DROPBOX_SIGN_API_KEY", "dropboxsign", lambda: r(64, HX), "Dropbox Sign (HelloSign) API key (64 hex digits)"),
    ("buttercms/api-token", "BUTTER_CMS_TOKEN", "buttercms", lambda: r(40, HX), "ButterCMS write API token (40 hex digits)"),
]


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose shape is the vendor's own: registry and database password files, webhook URLs, headers and checkout keys."""
    myget, tembo, kuma, reposilite = u4(), r(24), r(32, AL), r(64, U64)
    omise, cg, prismic, coveo = "skey_test_" + r(19, LO), "CG-" + r(25), "MC5" + r(60, U64), "xx" + u4()
    loqate, wolfram, klarna, yoco = "-".join(r(4, UP) for _ in range(4)), f"{r(6, UP)}-{r(10, UP)}", "klarna_test_api_" + b64(45), "sk_test_" + r(20, HX) + r(24)
    conekta, culqi, wompi, payu = "key_" + r(24), "sk_test_" + r(16), "prv_test_" + r(32), r(32, HX)
    return [
        ("myget/api-key", "npmrc", f"registry=https://registry.npmjs.org/\n@acme:registry=https://www.myget.org/F/acme-internal/npm/\n//www.myget.org/F/acme-internal/npm/:_authToken={myget}", [myget],
         "a MyGet feed API key (a UUID) as an npm auth token in an .npmrc"),
        ("tembo/postgres-password", "pgpass", f"org-acme-inst-ledger.data-1.use1.tembo.io:5432:postgres:postgres:{tembo}", [tembo],
         "a Tembo Postgres password in a .pgpass line"),
        ("uptimekuma/push-token", "crontab", f"* * * * * curl -fsS -m 10 https://status.example.org/api/push/{kuma}?status=up&msg=OK >/dev/null 2>&1", [kuma],
         "an Uptime Kuma push monitor token in the push URL of a crontab line"),
        ("reposilite/access-token", "sbt", f"credentials += Credentials(\"Reposilite\", \"maven.example.org\", \"deploy-bot\", \"{reposilite}\")\npublishTo := Some(\"releases\" at \"https://maven.example.org/releases\")", [reposilite],
         "a Reposilite access token as the password of sbt credentials"),
        ("omise/secret-key", "http_file", f"### list customers\nGET https://api.omise.co/customers?limit=10\nAuthorization: Basic {omise}:", [omise], PUBLIC["omise"]),
        ("coingecko/demo-api-key", "curl_trace", f"> GET /api/v3/ping HTTP/2\n> Host: api.coingecko.com\n> accept: application/json\n> x-cg-demo-api-key: {cg}\n>\n< HTTP/2 200", [cg], PUBLIC["coingecko"]),
        ("prismic/access-token", "haproxy", f"backend be_cms\n    http-request set-header Authorization \"Token {prismic}\"\n    server cms acme.cdn.prismic.io:443 ssl verify required", [prismic],
         "a Prismic permanent access token (`MC5` and base64url) set by an HAProxy backend"),
        ("coveo/api-key", "http_file", f"POST https://platform.cloud.coveo.com/rest/search/v2?organizationId=acmeprod\nAuthorization: Bearer {coveo}\nContent-Type: application/json\n\n{{\"q\": \"invoice\"}}", [coveo],
         "a Coveo API key (`xx` and a UUID) in an .http request"),
        ("loqate/api-key", "url", f"https://api.addressy.com/Capture/Interactive/Find/v1.10/json3.ws?Key={loqate}&Text=10+Downing&Countries=GB", [loqate],
         "a Loqate API key (four groups of four upper-case characters) in a Find request URL"),
        ("wolframalpha/app-id", "sbt", f"Test / envVars := Map(\"WOLFRAM_APP_ID\" -> \"{wolfram}\")", [wolfram],
         "a Wolfram|Alpha AppID (six and ten upper-case characters) in an sbt setting"),
        ("klarna/api-key", "pgpass", f"# pg_service.conf\n[payments]\nhost=db.example.org\ndbname=payments\n# klarna sandbox key kept here for the import job: {klarna}", [klarna],
         "a Klarna test API key (`klarna_test_api_` and base64) left in a comment of a service file"),
        ("yoco/secret-key", "crontab", f"YOCO_SECRET_KEY={yoco}\n0 6 * * * /opt/shop/bin/reconcile --provider yoco", [yoco],
         "a Yoco test secret key (`sk_test_` and 44 characters) in a crontab's environment line"),
        ("conekta/private-key", "npmrc", f"; conekta private key for the checkout e2e suite\nconekta_private_key={conekta}\nfund=false", [conekta],
         "a Conekta private key (`key_` and 24 characters) stored as an npm config value"),
        ("culqi/secret-key", "haproxy", f"userlist checkout_admins\n    user culqi-hook insecure-password {culqi}", [culqi],
         "a Culqi test secret key (`sk_test_` and 16 characters) reused as an HAProxy userlist password"),
        ("wompi/private-key", "compose", f"services:\n  checkout:\n    environment:\n      WOMPI_PRIVATE_KEY: {wompi}\n      WOMPI_ENV: sandbox", [wompi],
         "a Wompi sandbox private key (`prv_test_` and 32 characters) in a Compose file"),
        ("payu/second-key", "properties", f"payu.pos-id=145227\npayu.second-key={payu}\npayu.sandbox=true", [payu],
         "a PayU second key (32 hex digits, the MD5 signature key) beside its public POS id"),
    ]


def rfc4648_vectors() -> str:
    # RFC 4648 section 10: the base32 and base64 test vectors of "f" ... "foobar"
    pairs = [(w, base64.b32encode(w.encode()).decode(), base64.b64encode(w.encode()).decode()) for w in ("f", "fo", "foo", "foob", "fooba", "foobar")]
    return "def test_rfc4648_vectors():\n" + "".join(f"    assert b32({w!r}) == {b!r} and b64({w!r}) == {s!r}\n" for w, b, s in pairs)


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/otel-resource-attributes", "env", lambda: f"OTEL_SERVICE_NAME=checkout\nOTEL_RESOURCE_ATTRIBUTES=service.version=4.2.0,service.instance.id={u4()},host.id={r(32, HX)}", "telemetry resource ids"),
    ("env/public-prefixed-client-settings", "env", lambda: f"VITE_API_URL=https://api.example.org\nNEXT_PUBLIC_SITE_ID={u4()}\nPUBLIC_BUILD_SHA={r(40, HX)}", "settings a browser bundle exposes by design"),
    ("json/openid-configuration-discovery", "json", lambda: json.dumps({"issuer": "https://id.example.org", "authorization_endpoint": "https://id.example.org/oauth2/authorize", "jwks_uri": "https://id.example.org/.well-known/jwks.json", "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"], "code_challenge_methods_supported": ["S256"]}, indent=2), "a public discovery document that names secret kinds"),
    ("json/geojson-feature-ids", "json", lambda: json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "id": f"node/{R.randrange(10**9, 10**10)}", "properties": {"name": "Kiosk", "@id": f"way/{R.randrange(10**8, 10**9)}"}, "geometry": {"type": "Point", "coordinates": [13.4050, 52.5200]}}]}), "map feature ids and coordinates"),
    ("escaped/lsp-message-ids", "escaped_json", lambda: json.dumps({"level": "trace", "msg": json.dumps({"jsonrpc": "2.0", "id": R.randrange(100, 999), "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///src/app/token_store.py"}, "position": {"line": 41, "character": 12}}})}), "a language server message with ids and a file uri"),
    ("cli/gh-run-rerun-ids", "cli_flag", lambda: f"$ gh run rerun {R.randrange(10**10, 10**11)} --job {R.randrange(10**10, 10**11)} --repo acme/shop --debug", "workflow run and job numbers"),
    ("cli/curl-with-header-names-only", "cli_flag", lambda: "$ curl -sS -H \"X-Request-ID: $(uuidgen)\" -H \"Accept: application/vnd.github+json\" -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.github.com/rate_limit", "a command that names a variable for the token, not the token"),
    ("prose/jira-projects-named-key-token", "prose", lambda: f"KEY-{R.randrange(100, 999)} and TOKEN-{R.randrange(10, 99)} are tickets of our KEY (key management UI) and TOKEN (design tokens) projects; SECRET-4 was closed as a duplicate.", "ticket keys of projects named with secret words"),
    ("prose/spelled-out-error-codes", "prose", lambda: "The installer failed with 0x80070005 (E_ACCESSDENIED) on the first run and 0x8007045D on the retry; both are documented HRESULTs.", "Windows error codes"),
    ("prose/passphrase-advice", "prose", lambda: "Pick a passphrase of at least four random words, store it in the team's password manager, and never reuse the one from your laptop.", "advice about passwords without a password"),
    ("tool/npm-ls-tree", "tool_output", lambda: "$ npm ls --depth=1\nacme-shop@4.2.0\n├─┬ express@4.21.2\n│ └── body-parser@1.20.3\n└─┬ jsonwebtoken@9.0.2\n  └── jws@3.2.2", "a dependency tree that names a token library"),
    ("tool/pip-freeze-with-direct-urls", "tool_output", lambda: f"$ pip freeze\nrequests==2.32.3\nacme-utils @ git+https://github.com/acme/acme-utils@{r(40, HX)}\nkeyring==25.5.0", "a pinned direct reference"),
    ("tool/nvidia-smi-gpu-uuids", "tool_output", lambda: f"$ nvidia-smi -L\nGPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-{u4()})\nGPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-{u4()})", "device uuids"),
    ("diff/jest-snapshot-class-hashes", "diff", lambda: f"@@ -4,7 +4,7 @@ exports[`LoginForm renders 1`] = `\n <form\n-  className=\"css-{r(6, LO)}\"\n+  className=\"css-{r(6, LO)}\"\n >\n   <input\n     type=\"password\"", "generated class names in a snapshot of a password form"),
    ("diff/translation-file-keys", "diff", lambda: "--- a/locales/en.json\n+++ b/locales/en.json\n@@ -12,2 +12,3 @@\n   \"auth.password_hint\": \"At least 12 characters\",\n+  \"auth.token_expired\": \"Your session token expired, please sign in again\",\n   \"auth.secret_question\": \"Your first pet's name\"", "translation keys with secret words"),
    ("bytes/utf8-encoded-cjk-text", "bytes_literal", lambda: "GREETING = b'\\xe3\\x81\\x93\\xe3\\x82\\x93\\xe3\\x81\\xab\\xe3\\x81\\xa1\\xe3\\x81\\xaf'  # \"こんにちは\" in UTF-8", "encoded public text"),
    ("yaml/dependabot-registries-secret-refs", "yaml", lambda: "version: 2\nregistries:\n  npm-github:\n    type: npm-registry\n    url: https://npm.pkg.github.com\n    token: ${{secrets.GH_PACKAGES_TOKEN}}\nupdates:\n  - package-ecosystem: npm\n    directory: /\n    registries: [npm-github]\n    schedule: {interval: weekly}", "a reference to a stored secret"),
    ("yaml/gitlab-ci-needs-and-cache-keys", "yaml", lambda: "test:\n  needs: [build]\n  cache:\n    key:\n      files: [poetry.lock]\n      prefix: $CI_JOB_NAME\n    paths: [.venv/]\n  script: [poetry run pytest]", "cache key rules"),
    ("yaml/openapi-password-format-schema", "yaml", lambda: "components:\n  schemas:\n    Credentials:\n      type: object\n      properties:\n        username: {type: string, example: ada}\n        password: {type: string, format: password, minLength: 12}", "a schema that declares a password field"),
    ("csv/sha256-hashed-audience", "csv", lambda: "hashed_email,country\n" + "\n".join(f"{hashlib.sha256(f'user{i}@example.org'.encode()).hexdigest()},DE" for i in (1, 2, 3)), "hashes of documentation e-mail addresses"),
    ("csv/geoip-network-ranges", "csv", lambda: "network,asn,org\n192.0.2.0/24,64496,Documentation\n198.51.100.0/24,64497,Documentation\n2001:db8::/32,64498,Documentation", "documentation networks and private-use ASNs"),
    ("csv/lorawan-device-euis", "csv", lambda: "dev_eui,join_eui,room,temp_c\n" + "\n".join(f"{r(16, HX).upper()},70B3D57ED0000000,{room},21.{i}" for i, room in enumerate(("A1", "B2"))), "device and join EUIs (public identifiers)"),
    ("url/unsplash-photo-urls", "url", lambda: f"https://images.unsplash.com/photo-{R.randrange(10**12, 10**13)}-{r(12, HX)}?ixid={r(48, U64)}&w=1080&q=80", "a public image URL with its tracking id"),
    ("url/jsdelivr-npm-pinned-files", "url", lambda: "https://cdn.jsdelivr.net/npm/htmx.org@2.0.4/dist/htmx.min.js", "a pinned public asset"),
    ("header/server-timing", "header", lambda: f"HTTP/2 200\nserver-timing: cdn-cache;desc=HIT, edge;dur=12, origin;dur=0\ncf-cache-status: HIT\nx-served-by: cache-fra-{r(7, UP)}-FRA", "cache and timing headers"),
    ("header/client-hints", "header", lambda: "GET / HTTP/2\nsec-ch-ua: \"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\"\nsec-ch-ua-platform: \"Linux\"\nsec-fetch-site: none", "browser client hints"),
    ("log/celery-task-received", "log", lambda: f"[2026-12-13 09:01:11,204: INFO/MainProcess] Task shop.tasks.rotate_api_tokens[{u4()}] received\n[2026-12-13 09:01:11,980: INFO/ForkPoolWorker-2] Task shop.tasks.rotate_api_tokens[{u4()}] succeeded in 0.77s", "task ids of a task named after tokens"),
    ("log/postgres-query-ids", "log", lambda: f"2026-12-13 09:03:44 UTC [2231] LOG:  duration: 1204.551 ms  queryid={-R.randrange(10**18, 9 * 10**18)}  statement: SELECT * FROM api_keys WHERE revoked_at IS NULL", "a query id in a slow query log"),
    ("log/kafka-consumer-member-ids", "log", lambda: f"INFO [Consumer clientId=consumer-billing-1, groupId=billing] Successfully joined group with generation Generation{{generationId=7, memberId='consumer-billing-1-{u4()}', protocol='range'}}", "consumer group member ids"),
    ("db/jdbc-url-tuning-properties", "connection_string", lambda: "jdbc:postgresql://db.example.org:5432/shop?ssl=true&sslmode=verify-full&ApplicationName=billing&prepareThreshold=0", "a connection URL without credentials"),
    ("code/secret-scanner-regexes", "code", lambda: "PATTERNS = {\n    \"github_pat\": r\"ghp_[A-Za-z0-9]{36}\",\n    \"slack_bot\": r\"xoxb-[0-9]{10,13}-[0-9]{10,13}-[A-Za-z0-9]{24}\",\n    \"aws_access_key_id\": r\"AKIA[0-9A-Z]{16}\",\n}", "patterns that describe tokens"),
    ("code/rfc4648-test-vectors", "code", rfc4648_vectors, "the base32 and base64 test vectors of RFC 4648"),
    ("code/prng-constants", "code", lambda: "# java.util.Random's LCG and SplitMix64's increment\nMULTIPLIER = 0x5DEECE66D\nADDEND = 0xB\nGOLDEN_GAMMA = 0x9E3779B97F4A7C15", "published generator constants"),
    ("ini/supervisord-programs", "ini", lambda: "[program:token-refresher]\ncommand=/opt/shop/bin/refresh-tokens --interval 300\nautorestart=true\nstdout_logfile=/var/log/shop/token-refresher.log", "a program named after tokens"),
    ("xml/svg-path-data", "xml", lambda: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4z\"/></svg>", "vector path data of a shield icon"),
    ("xml/nuget-packages-config", "xml", lambda: "<packages>\n  <package id=\"System.IdentityModel.Tokens.Jwt\" version=\"8.3.0\" targetFramework=\"net48\" />\n  <package id=\"Newtonsoft.Json\" version=\"13.0.3\" targetFramework=\"net48\" />\n</packages>", "package ids with token words"),
    ("dockerfile/go-build-ldflags-version", "dockerfile", lambda: f"ARG VERSION=1.4.2\nARG COMMIT={r(40, HX)}\nRUN go build -ldflags \"-s -w -X main.version=$VERSION -X main.commit=$COMMIT\" -o /out/app ./cmd/app", "a version and commit stamped into a binary"),
    ("dockerfile/healthcheck-and-uid", "dockerfile", lambda: "RUN useradd --uid 10001 --no-create-home app\nUSER 10001:10001\nHEALTHCHECK --interval=30s --timeout=3s CMD wget -qO- http://127.0.0.1:8080/healthz || exit 1", "a user id and a health check"),
    ("netrc/negotiate-empty-credentials", "netrc", lambda: "# Kerberos does the work (curl --negotiate -u :); nothing is stored here\nmachine intranet.example.org\n  login :\n  password :", "an entry whose credentials are empty on purpose"),
    ("pem/attribute-certificate-label", "pem", lambda: "-----BEGIN ATTRIBUTE CERTIFICATE-----\n" + "\n".join(b64(48) for _ in range(3)) + "\n-----END ATTRIBUTE CERTIFICATE-----", "an attribute certificate, public by design (RFC 7468 names the label)"),
    ("wrapped/ldif-folded-base64-dn", "wrapped", lambda: "dn:: " + base64.b64encode("cn=Zoë Müller,ou=Entwicklung,dc=example,dc=org".encode()).decode()[:40] + "\n " + base64.b64encode("cn=Zoë Müller,ou=Entwicklung,dc=example,dc=org".encode()).decode()[40:] + "\nobjectClass: inetOrgPerson\nmail: zoe@example.org", "a folded base64 distinguished name"),
    ("toml/rust-toolchain-pin", "toml", lambda: "[toolchain]\nchannel = \"nightly-2026-11-30\"\ncomponents = [\"rustfmt\", \"clippy\", \"rust-src\"]\ntargets = [\"wasm32-unknown-unknown\"]", "a toolchain pin"),
    ("shell/history-git-bisect", "shell_history", lambda: f"  812  git bisect start\n  813  git bisect bad HEAD\n  814  git bisect good {r(40, HX)}\n  815  git bisect run pytest tests/test_tokens.py -q", "a bisect session with commit ids"),
    ("notebook/dataframe-row-hashes", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 3, "outputs": [{"output_type": "execute_result", "data": {"text/plain": ["   order_id                          row_md5\n", f"0      1001  {r(32, HX)}\n", f"1      1002  {r(32, HX)}"]}}], "source": ["df.assign(row_md5=df.apply(md5_row, axis=1))[['order_id', 'row_md5']]"]}), "row checksums of a data frame"),
    ("hcl/packer-iso-checksum", "hcl", lambda: f"source \"qemu\" \"debian\" {{\n  iso_url      = \"https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-12.8.0-amd64-netinst.iso\"\n  iso_checksum = \"sha256:{r(64, HX)}\"\n}}", "a published image checksum"),
    ("properties/i18n-password-messages", "properties", lambda: "login.password.label=Password\nlogin.password.forgotten=Forgot your password?\nlogin.token.expired=Your sign-in link has expired\nlogin.secret.question=Security question", "message keys and texts with secret words"),
    ("powershell/bitlocker-key-protector-ids", "powershell", lambda: f"PS> (Get-BitLockerVolume -MountPoint C:).KeyProtector | Select KeyProtectorId, KeyProtectorType\n\nKeyProtectorId                         KeyProtectorType\n--------------                         ----------------\n{{{u4().upper()}}} Tpm\n{{{u4().upper()}}} RecoveryPassword", "key protector ids, not the recovery password"),
    ("systemd/list-timers-output", "systemd", lambda: "$ systemctl list-timers --all\nNEXT                        LEFT     LAST                        PASSED  UNIT                  ACTIVATES\nSun 2026-12-13 00:00:00 UTC 14h left Sat 2026-12-12 00:00:01 UTC 9h ago  logrotate.timer       logrotate.service\nSun 2026-12-13 03:10:00 UTC 17h left Sat 2026-12-12 03:10:04 UTC 6h ago  rotate-keys.timer     rotate-keys.service", "timers named after keys"),
    ("har/timings-and-server-ip", "har", lambda: json.dumps({"log": {"entries": [{"serverIPAddress": "203.0.113.24", "startedDateTime": "2026-12-13T09:10:11.204Z", "time": 182.4, "timings": {"blocked": 1.2, "dns": 0, "connect": 0, "ssl": 0, "send": 0.3, "wait": 170.1, "receive": 10.8}, "request": {"method": "GET", "url": "https://shop.example.com/"}}]}}), "request timings"),
    ("curl/tls-handshake-summary", "curl_trace", lambda: "* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384 / X25519 / id-ecPublicKey\n* ALPN: server accepted h2\n* Server certificate:\n*  subject: CN=shop.example.com\n*  issuer: C=US; O=Let's Encrypt; CN=E6\n*  SSL certificate verify ok.", "a handshake summary naming public key algorithms"),
    ("k8s/ingress-tls-secret-reference", "k8s_secret", lambda: "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: shop\n  annotations:\n    cert-manager.io/cluster-issuer: letsencrypt\nspec:\n  tls:\n  - hosts: [shop.example.com]\n    secretName: shop-tls", "a reference to a TLS secret by name"),
    ("crash/go-panic-goroutine-addresses", "crash_report", lambda: f"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x{r(6, HX)}]\n\ngoroutine 34 [running]:\nacme/shop/tokens.(*Store).Get(0x0, {{0xc000{r(6, HX)}, 0x9}})\n\t/src/tokens/store.go:58 +0x{r(2, HX)}", "addresses in a stack trace of a token store"),
    ("web/i18next-cache", "web_storage", lambda: json.dumps({"localStorage": {"i18next_res_de-common": json.dumps({"i18nStamp": 1765613000000, "password": "Passwort", "apiKey": "API-Schlüssel"}), "i18nextLng": "de"}}), "cached translations"),
    ("plist/launchd-agent-schedule", "plist", lambda: "<key>Label</key>\n<string>org.example.rotate-keys</string>\n<key>StartCalendarInterval</key>\n<dict>\n\t<key>Hour</key>\n\t<integer>3</integer>\n</dict>", "a scheduled job named after keys"),
    ("tfstate/iam-policy-document", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "aws_iam_policy", "name": "read_secrets", "instances": [{"attributes": {"arn": f"arn:aws:iam::{r(12, DG)}:policy/read-secrets", "policy": json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": ["secretsmanager:GetSecretValue"], "Resource": "arn:aws:secretsmanager:eu-west-1:*:secret:shop/*"}]})}}]}]}), "a policy that grants reading secrets"),
    ("mobile/capacitor-config", "mobile_config", lambda: json.dumps({"appId": "org.example.shop", "appName": "Shop", "webDir": "dist", "server": {"androidScheme": "https"}, "plugins": {"SplashScreen": {"launchShowDuration": 0}}}, indent=2), "an app's configuration"),
    ("sql/bytea-hex-thumbnail", "sql_dump", lambda: "INSERT INTO thumbnails (product_id, png) VALUES (42, '\\x89504e470d0a1a0a0000000d4948445200000001000000010806000000');", "the bytes of a public image header"),
    ("email/delivery-status-notification", "email", lambda: f"Content-Type: message/delivery-status\n\nReporting-MTA: dns; mx1.example.org\nX-Postfix-Queue-ID: {r(10, HX).upper()}\nFinal-Recipient: rfc822; old@example.net\nAction: failed\nStatus: 5.1.1", "a bounce report's queue id and status"),
    ("nginx/limit-req-and-geo-zones", "nginx", lambda: "geo $limited {\n    default 1;\n    10.0.0.0/8 0;\n}\nlimit_req_zone $binary_remote_addr zone=login:10m rate=5r/m;\nlocation /api/token { limit_req zone=login burst=3; }", "rate limits on a token endpoint"),
    ("markdown/shields-badge-urls", "markdown", lambda: "[![build](https://img.shields.io/github/actions/workflow/status/acme/shop/ci.yml?branch=main)](https://github.com/acme/shop/actions)\n[![pypi](https://img.shields.io/pypi/v/acme-shop)](https://pypi.org/project/acme-shop/)", "public badge links"),
    ("markdown/mermaid-node-ids", "markdown", lambda: "```mermaid\nflowchart LR\n  A[Client] -->|password| B(Auth)\n  B -->|access token| C{API}\n  C --> D[(secrets store)]\n```", "a diagram with secret words"),
    ("postman/test-scripts-with-token-words", "postman", lambda: json.dumps({"event": [{"listen": "test", "script": {"exec": ["pm.test('returns an access token', () => {", "  pm.expect(pm.response.json()).to.have.property('access_token');", "});"]}}]}), "a test that checks a token is present"),
    ("jenkins/fingerprint-md5-output", "jenkinsfile", lambda: f"Recording fingerprints\n[Pipeline] fingerprint\nFingerprint of dist/shop-4.2.0.tgz: {r(32, HX)}", "an artifact fingerprint"),
    ("compose/traefik-router-labels", "compose", lambda: "services:\n  api:\n    labels:\n      - traefik.http.routers.api.rule=Host(`api.example.org`)\n      - traefik.http.routers.api.tls.certresolver=le\n      - traefik.http.middlewares.api-auth.forwardauth.address=http://auth:4181", "router labels"),
    ("gradle/wrapper-distribution-sha256", "gradle", lambda: f"distributionUrl=https\\://services.gradle.org/distributions/gradle-8.11.1-bin.zip\ndistributionSha256Sum={r(64, HX)}\nvalidateDistributionUrl=true", "a published distribution checksum"),
    ("chat/meeting-id-without-passcode", "chat_export", lambda: json.dumps([{"user": "noor", "text": f"standup moved: Meeting ID {R.randrange(100, 999)} {R.randrange(1000, 9999)} {R.randrange(1000, 9999)}, passcode in the calendar invite"}]), "a meeting number without its passcode"),
    ("ansible/galaxy-requirements-versions", "ansible", lambda: "collections:\n  - name: community.hashi_vault\n    version: 6.2.0\n  - name: community.crypto\n    version: 2.22.3\nroles:\n  - name: geerlingguy.security\n    version: 3.0.0", "collection names with vault and crypto words"),
    ("kubeconfig/oidc-issuer-and-client-id", "kubeconfig", lambda: "users:\n- name: oidc\n  user:\n    exec:\n      command: kubectl\n      args: [oidc-login, get-token, --oidc-issuer-url=https://id.example.org, --oidc-client-id=kubernetes]", "an issuer and a public client id"),
    ("hocon/akka-cluster-seed-nodes", "hocon", lambda: "akka.cluster {\n  seed-nodes = [\n    \"akka://shop@10.0.1.11:25520\",\n    \"akka://shop@10.0.1.12:25520\"\n  ]\n  downing-provider-class = \"akka.cluster.sbr.SplitBrainResolverProvider\"\n}", "cluster addresses"),
    ("nix/flake-inputs-follows", "nix", lambda: "inputs = {\n  nixpkgs.url = \"github:NixOS/nixpkgs/nixos-24.11\";\n  agenix.url = \"github:ryantm/agenix\";\n  agenix.inputs.nixpkgs.follows = \"nixpkgs\";\n};", "flake inputs, one of them a secrets tool"),
    ("caddy/matchers-and-internal-tls", "caddyfile", lambda: "localhost:8443 {\n\ttls internal\n\t@token path /oauth/token\n\trespond @token 204\n\treverse_proxy 127.0.0.1:3000\n}", "a matcher named token"),
    ("gitconfig/include-if-and-aliases", "gitconfig", lambda: "[includeIf \"gitdir:~/work/\"]\n\tpath = ~/.gitconfig-work\n[alias]\n\tsecrets-scan = !gitleaks protect --staged\n\tlg = log --graph --oneline", "an alias named after secrets"),
    ("makefile/version-from-git-describe", "makefile", lambda: f"VERSION := $(shell git describe --tags --always --dirty)\n# e.g. v4.2.0-3-g{r(7, HX)}\nLDFLAGS := -X main.version=$(VERSION)", "a version from git describe"),
    ("npmrc/scoped-registry-without-auth", "npmrc", lambda: "@acme:registry=https://npm.pkg.github.com\nengine-strict=true\nsave-exact=true\nfund=false", "registry settings without credentials"),
    ("pgpass/pg-service-conf-without-passwords", "pgpass", lambda: "# ~/.pg_service.conf (passwords come from the keyring)\n[reporting]\nhost=replica.example.org\nport=5432\ndbname=shop\nuser=report_ro\nsslmode=verify-full", "a service file without passwords"),
    ("cron/backup-schedule-with-repo-ids", "crontab", lambda: f"# m h dom mon dow command\n15 2 * * * /usr/local/bin/backup --repo b2:acme-backups:{r(12, HX)} --keep-daily 7\n45 4 * * 0 /usr/local/bin/backup --check", "a schedule with a bucket path id"),
    ("http/rest-client-env-references", "http_file", lambda: "@baseUrl = https://api.example.org\n\n### who am I\nGET {{baseUrl}}/v1/me\nAuthorization: Bearer {{$dotenv API_TOKEN}}", "a request that reads its token from the environment"),
    ("haproxy/server-ids-and-cookies", "haproxy", lambda: "backend be_web\n    balance roundrobin\n    cookie SRV insert indirect nocache\n    server web1 10.0.2.11:8080 check cookie w1 id 101\n    server web2 10.0.2.12:8080 check cookie w2 id 102", "server ids and cookie values"),
    ("sbt/credentials-file-reference", "sbt", lambda: "credentials += Credentials(Path.userHome / \".sbt\" / \".credentials\")\nlibraryDependencies += \"com.auth0\" % \"java-jwt\" % \"4.4.0\"", "a reference to a credentials file and a token library"),
    ("ids/base32-invite-codes", "chat_export", lambda: json.dumps([{"user": "ops-bot", "text": f"Your public conference ticket code is {r(8, B32)} (shown at the door, not a password)"}]), "a printed ticket code"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, pair_items, ORDINARY, PUBLIC.values()),
          Path(__file__).resolve().parent / "fresh9.jsonl")
