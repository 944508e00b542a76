"""Writes the fourth fresh held-out part of the secrets corpus, fresh4.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as their documentation or public detectors state
them, or as the writer knows them, as each item's note says. No vendor and no ordinary shape of
this part is in another part.

    python tests/corpora/secrets/make_fresh4.py [OUT]   # default: fresh4.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from functools import partial
from pathlib import Path

import fresh_kit
from fresh_kit import AL, B58, B64, BECH32, DG, HX, LO, U64, UP, Seeded, build_part, write

SEED = 20261206
DRAW = Seeded(SEED)
R, r, b64, u4, pem_lines = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4, DRAW.pem_lines
jwt = partial(fresh_kit.jwt, DRAW)
DRAWN = f"value drawn by make_fresh4.py (seed {SEED})"


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    low = name.lower()
    texts = {
        "env": f"# copied from the {tool} dashboard on Friday\n{name}={value}\nLOG_LEVEL=info",
        "json": json.dumps({"integrations": [{"name": tool, "settings": {low: value}}]}),
        "escaped_json": "payload=" + json.dumps(json.dumps({"vendor": tool, "auth": {low: value}})),
        "cli_flag": f"$ ./bin/sync --source {tool} --{low.replace('_', '-')}={value} --since 7d",
        "prose": f"Ok, für {tool} habe ich jetzt {value} eingetragen, sag Bescheid, wenn es hakt.",
        "tool_output": f"$ {tool} auth print\n  account: ops@example.com\n  {value}\n",
        "diff": f"--- a/deploy/values.yaml\n+++ b/deploy/values.yaml\n@@ -12,2 +12,2 @@\n   {tool}:\n-    {low}: \"\"\n+    {low}: \"{value}\"",
        "bytes_literal": f"headers = {{b\"x-{tool}-auth\": b\"{value}\"}}",
        "yaml": f"- name: {tool}\n  with:\n    {low}: '{value}'",
        "csv": f"env,service,{low}\nstaging,{tool},{value}",
        "url": f"fetching https://{tool}.example.com/api/v1/items?page=2&{low}={value}",
        "header": f"GET /v1/me HTTP/1.1\nHost: {tool}.example.com\nX-{tool.capitalize()}-Key: {value}\nAccept: */*",
        "log": f"[{tool}] level=warn msg=\"retrying\" attempt=2 {low}={value} latency_ms=812",
        "connection_string": f"{tool}+https://svc:{value}@{tool}.internal.example.org/v1",
        "code": f"const {tool}Client = create{tool.capitalize()}Client({{ {low.split('_')[0]}: \"{value}\" }});",
        "ini": f"[default]\nprovider = {tool}\n{low} = {value}",
        "xml": f"<add key=\"{tool}:{name}\" value=\"{value}\" />",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci",
        "netrc": f"machine {tool}.example.com login deploy password {value}",
        "toml": f"[tool.{tool}]\n{low} = \"{value}\"",
        "shell_history": f": 1765012001:0;{name}='{value}' ./run.sh\n: 1765012033:0;git status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {},
                                "source": [f"{low} = \"{value}\"\n", f"client = {tool}.Client({low})\n"], "outputs": []}),
        "hcl": f"module \"{tool}\" {{\n  source = \"./modules/{tool}\"\n  {low} = \"{value}\"\n}}",
        "properties": f"# {tool} settings\n{tool}.{low.replace('_', '.')}={value}\n{tool}.timeout=30s",
        "powershell": f"PS C:\\src\\shop> $env:{name} = \"{value}\"\nPS C:\\src\\shop> npm run sync",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-agent",
    }
    if context == "wrapped":
        cut = len(value) // 3
        return (f"{tool} | 09:41:07 using {low} {value[:cut]}\n{tool} | 09:41:07 {value[cut:]} ok",
                [value[:cut], value[cut:]])
    return texts[context], [value]


SECRETS: list[tuple[str, str, str, str, object, str]] = []  # (format, context, NAME, tool, draw, what)
S = SECRETS.append
# facts read in public material (the note of the item names it)
PUBLIC = {
    "porkbun": "Porkbun API keys as the vendor's key page and public DNS clients show them (`pk1_` and `sk1_`, 64 hex digits)",
    "duo": "Duo secret key (40 characters; the integration key is 20, `DI...`), as Duo's DuoWeb constants quoted in Apache GUACAMOLE-819",
    "tigris": "Tigris access keys (`tid_` key id, `tsec_` secret), as GitGuardian's Tigris detector page and Tigris's docs state",
}
S(("porkbun/secret-api-key", "env", "PORKBUN_SECRET_API_KEY", "porkbun", lambda: "sk1_" + r(64, HX), PUBLIC["porkbun"]))
S(("porkbun/api-key", "hcl", "PORKBUN_API_KEY", "porkbun", lambda: "pk1_" + r(64, HX), PUBLIC["porkbun"]))
S(("duo/secret-key", "properties", "DUO_SKEY", "duo", lambda: r(40), PUBLIC["duo"]))
S(("tigris/secret-access-key", "systemd", "AWS_SECRET_ACCESS_KEY", "tigris", lambda: "tsec_" + r(56, U64), PUBLIC["tigris"]))
S(("rapidapi/api-key", "header", "X_RAPIDAPI_KEY", "rapidapi",
   lambda: r(10) + "msh" + r(15) + "p1" + r(6, LO) + "jsn" + r(12, LO), "RapidAPI key (50 characters with `msh`, `p1` and `jsn` inside)"))
S(("serpapi/api-key", "url", "API_KEY", "serpapi", lambda: r(64, HX), "SerpApi private key (64 hex digits)"))
S(("scrapingbee/api-key", "cli_flag", "API_KEY", "scrapingbee", lambda: r(80, UP), "ScrapingBee API key (80 upper-case characters)"))
S(("openweathermap/api-key", "url", "APPID", "openweathermap", lambda: r(32, HX), "OpenWeatherMap API key (32 hex digits)"))
S(("newsapi/api-key", "powershell", "NEWSAPI_KEY", "newsapi", lambda: r(32, HX), "NewsAPI key (32 hex digits)"))
S(("alphavantage/api-key", "properties", "API_KEY", "alphavantage", lambda: r(16, UP), "Alpha Vantage API key (16 upper-case characters)"))
S(("polygon/api-key", "notebook", "POLYGON_API_KEY", "polygon", lambda: r(32), "Polygon.io API key (32 characters)"))
S(("finnhub/api-token", "toml", "TOKEN", "finnhub", lambda: r(20, LO), "Finnhub API token (20 lower-case characters)"))
S(("hunter/api-key", "shell_history", "HUNTER_API_KEY", "hunter", lambda: r(40, HX), "Hunter.io API key (40 hex digits)"))
S(("ipinfo/access-token", "bytes_literal", "IPINFO_TOKEN", "ipinfo", lambda: r(14, HX), "ipinfo.io access token (14 hex digits)"))
S(("bluesky/app-password", "prose", "APP_PASSWORD", "bluesky", lambda: "-".join(r(4, LO[:26]) for _ in range(4)),
   "Bluesky app password (four groups of four lower-case letters)"))
S(("mastodon/access-token", "header", "TOKEN", "mastodon", lambda: r(43, U64), "Mastodon application access token (43 URL-safe characters)"))
S(("reddit/client-secret", "ini", "CLIENT_SECRET", "reddit", lambda: r(30, U64), "Reddit OAuth client secret (30 URL-safe characters)"))
S(("linkedin/client-secret", "yaml", "CLIENT_SECRET", "linkedin", lambda: "WPL_AP1." + r(16) + "." + r(22, B64) + "==",
   "LinkedIn client secret (`WPL_AP1.` prefix, two dotted parts)"))
S(("vk/access-token", "wrapped", "ACCESS_TOKEN", "vk", lambda: "vk1.a." + r(180, U64), "VK access token (`vk1.a.` and URL-safe characters)"))
S(("line/channel-access-token", "json", "CHANNEL_ACCESS_TOKEN", "line", lambda: r(171, B64) + "=", "LINE Messaging API long-lived channel access token (172 base64 characters)"))
S(("kakao/rest-api-key", "code", "REST_API_KEY", "kakao", lambda: r(32, HX), "Kakao REST API key (32 hex digits)"))
S(("steam/web-api-key", "systemd", "STEAM_API_KEY", "steam", lambda: r(32, HX).upper(), "Steam Web API key (32 upper-case hex digits)"))
S(("vimeo/access-token", "header", "ACCESS_TOKEN", "vimeo", lambda: r(32, HX), "Vimeo personal access token (32 hex digits)"))
S(("agora/app-certificate", "csv", "APP_CERTIFICATE", "agora", lambda: r(32, HX), "Agora app certificate (32 hex digits)"))
S(("daily/api-key", "diff", "API_KEY", "daily", lambda: r(64, HX), "Daily.co REST API key (64 hex digits)"))
S(("uptimerobot/main-api-key", "cli_flag", "API_KEY", "uptimerobot", lambda: "u" + r(7, DG) + "-" + r(24, HX),
   "UptimeRobot main API key (`u`, the account number, `-`, 24 hex digits)"))
S(("cronitor/api-key", "dockerfile", "CRONITOR_API_KEY", "cronitor", lambda: r(32, HX), "Cronitor API key (32 hex digits)"))
S(("healthchecks/api-key", "hcl", "API_KEY", "healthchecks", lambda: r(32), "Healthchecks.io project API key (32 characters)"))
S(("betterstack/source-token", "log", "SOURCE_TOKEN", "logtail", lambda: r(24), "Better Stack (Logtail) source token (24 characters)"))
S(("mezmo/ingestion-key", "yaml", "INGESTION_KEY", "mezmo", lambda: r(32, HX), "Mezmo (LogDNA) ingestion key (32 hex digits)"))
S(("harvest/access-token", "env", "HARVEST_ACCESS_TOKEN", "harvest", lambda: r(7, DG) + ".pt." + r(86, U64),
   "Harvest personal access token (account number, `.pt.`, 86 URL-safe characters)"))
S(("toggl/api-token", "netrc", "API_TOKEN", "toggl", lambda: r(32, HX), "Toggl Track API token (32 hex digits, the basic-auth user)"))
S(("youtrack/permanent-token", "powershell", "YOUTRACK_TOKEN", "youtrack",
   lambda: "perm:" + base64.b64encode(b"ci-bot").decode() + "." + base64.b64encode(f"{R.randrange(10, 99)}-{R.randrange(1, 9)}".encode()).decode() + "." + r(30),
   "YouTrack permanent token (`perm:`, base64 user name and id, 30 characters)"))
S(("plane/api-key", "tool_output", "API_KEY", "plane", lambda: "plane_api_" + r(32, HX), "Plane API key (`plane_api_` and 32 hex digits)"))
S(("builderio/private-key", "code", "PRIVATE_KEY", "builder", lambda: "bpk-" + r(32, HX), "Builder.io private key (`bpk-` and 32 hex digits)"))
S(("imagekit/private-key", "properties", "PRIVATE_KEY", "imagekit", lambda: "private_" + r(27, B64) + "=", "ImageKit private API key (`private_` and base64)"))
S(("contentstack/management-token", "xml", "MANAGEMENT_TOKEN", "contentstack", lambda: "cs" + r(32, HX), "Contentstack management token (`cs` and 32 hex digits)"))
S(("strapi/api-token", "wrapped", "API_TOKEN", "strapi", lambda: r(256, HX), "Strapi API token (256 hex digits)"))
S(("directus/static-token", "escaped_json", "ACCESS_TOKEN", "directus", lambda: r(32, U64), "Directus static token (32 URL-safe characters)"))
S(("mandrill/api-key", "notebook", "MANDRILL_API_KEY", "mandrill", lambda: "md-" + r(22, U64), "Mandrill (Mailchimp Transactional) API key (`md-` prefix)"))
S(("smtp2go/api-key", "json", "API_KEY", "smtp2go", lambda: "api-" + r(32, HX).upper(), "SMTP2GO API key (`api-` and 32 upper-case hex digits)"))
S(("customerio/app-api-key", "header", "APP_API_KEY", "customerio", lambda: r(32, HX), "Customer.io App API key (32 hex digits, a bearer token)"))
S(("plivo/auth-token", "connection_string", "AUTH_TOKEN", "plivo", lambda: r(40), "Plivo auth token (40 characters; the auth id starts `MA`)"))
S(("messagebird/access-key", "toml", "ACCESS_KEY", "messagebird", lambda: r(25), "MessageBird live access key (25 characters)"))
S(("nowpayments/api-key", "ini", "API_KEY", "nowpayments", lambda: "-".join(r(7, UP) for _ in range(4)),
   "NOWPayments API key (four groups of seven upper-case characters)"))
S(("lemonsqueezy/api-key", "shell_history", "LEMONSQUEEZY_API_KEY", "lemonsqueezy",
   lambda: jwt({"aud": "94d59cef", "jti": r(64, HX), "iat": 1764900000, "sub": r(6, DG), "scopes": []}, "RS256"),
   "Lemon Squeezy API key (a signed RS256 JWT)"))
S(("bigcommerce/access-token", "header", "X_AUTH_TOKEN", "bigcommerce", lambda: r(31, LO), "BigCommerce API account access token (31 lower-case characters)"))
S(("wix/api-key", "escaped_json", "API_KEY", "wix",
   lambda: "IST." + jwt({"data": json.dumps({"id": u4(), "identity": {"type": "application"}}), "iat": 1764900000}, "RS256"),
   "Wix API key (`IST.` and a signed JWT)"))
S(("fal/api-key", "dockerfile", "FAL_KEY", "fal", lambda: u4() + ":" + r(32, HX), "fal.ai API key (a UUID key id, `:`, 32 hex digits)"))
S(("runway/api-secret", "log", "API_SECRET", "runwayml", lambda: "key_" + r(128, HX), "Runway API secret (`key_` and 128 hex digits)"))
S(("ai21/api-key", "cli_flag", "API_KEY", "ai21", lambda: r(32), "AI21 Labs API key (32 characters)"))
S(("deepinfra/api-token", "csv", "API_TOKEN", "deepinfra", lambda: r(32), "DeepInfra API token (32 characters)"))
S(("baseten/api-key", "prose", "API_KEY", "baseten", lambda: r(8) + "." + r(32), "Baseten API key (8 characters, `.`, 32 characters)"))
S(("lambdalabs/api-key", "env", "LAMBDA_API_KEY", "lambda", lambda: "secret_ci-runner_" + r(32, HX) + "." + r(32),
   "Lambda Cloud API key (`secret_`, the key's name, hex and a dotted part)"))
S(("vastai/api-key", "tool_output", "API_KEY", "vastai", lambda: r(64, HX), "Vast.ai API key (64 hex digits)"))
S(("socket/api-token", "diff", "SOCKET_SECURITY_API_TOKEN", "socket", lambda: "sktsec_" + r(40) + "_api", "Socket.dev API token (`sktsec_` prefix)"))
S(("akeyless/access-key", "yaml", "ACCESS_KEY", "akeyless", lambda: r(43, B64) + "=", "Akeyless access key (44 base64 characters; the id starts `p-`)"))
S(("keeper/one-time-token", "prose", "TOKEN", "keeper", lambda: "US:" + r(43, U64), "Keeper Secrets Manager one-time access token (region, `:`, 43 URL-safe characters)"))
S(("conjur/api-key", "netrc", "API_KEY", "conjur", lambda: r(55, LO), "CyberArk Conjur host API key (55 lower-case characters)"))
S(("huaweicloud/secret-key", "xml", "SECRET_KEY", "huaweicloud", lambda: r(40), "Huawei Cloud secret access key (40 characters; the AK is 20 upper-case)"))
S(("equinix/auth-token", "bytes_literal", "METAL_AUTH_TOKEN", "metal", lambda: r(32), "Equinix Metal API auth token (32 characters)"))
S(("namecheap/api-key", "url", "ApiKey", "namecheap", lambda: r(32, HX), "Namecheap API key (32 hex digits)"))
S(("gandi/personal-access-token", "powershell", "GANDI_PAT", "gandi", lambda: r(40, HX), "Gandi personal access token (40 hex digits)"))
S(("zerotier/api-token", "systemd", "ZEROTIER_API_TOKEN", "zerotier", lambda: r(32), "ZeroTier Central API token (32 characters)"))
S(("travisci/api-token", "hcl", "TRAVIS_TOKEN", "travis", lambda: r(22, U64), "Travis CI API token (22 URL-safe characters)"))
S(("quay/robot-token", "connection_string", "ROBOT_TOKEN", "quay", lambda: r(64, UP), "Quay.io robot account token (64 upper-case characters)"))
S(("packagecloud/api-token", "netrc", "API_TOKEN", "packagecloud", lambda: r(48, HX), "packagecloud API token (48 hex digits)"))
S(("percy/project-token", "code", "PERCY_TOKEN", "percy", lambda: "web_" + r(64, HX), "Percy project token (`web_` and 64 hex digits)"))
S(("chromatic/project-token", "shell_history", "CHROMATIC_PROJECT_TOKEN", "chromatic", lambda: "chpt_" + r(15, HX), "Chromatic project token (`chpt_` prefix)"))
S(("gitee/access-token", "tool_output", "ACCESS_TOKEN", "gitee", lambda: r(32, HX), "Gitee personal access token (32 hex digits)"))
S(("dagster/user-token", "bytes_literal", "DAGSTER_CLOUD_API_TOKEN", "dagster", lambda: "user:" + r(32, HX), "Dagster+ user token (`user:` and 32 hex digits)"))
S(("motherduck/token", "notebook", "MOTHERDUCK_TOKEN", "motherduck",
   lambda: jwt({"email": "ci@example.com", "session": r(24, LO), "iat": 1764900000}), "MotherDuck service token (a signed JWT)"))
S(("getstream/api-secret", "csv", "API_SECRET", "stream", lambda: r(64, LO), "Stream (getstream.io) API secret (64 lower-case characters)"))
S(("onelogin/client-secret", "wrapped", "CLIENT_SECRET", "onelogin", lambda: r(64, HX), "OneLogin API client secret (64 hex digits)"))


def pair_items() -> list[tuple[str, str, str, list[str], str]]:
    """Items whose text holds a pair or a document, built by hand: (format, context, text, secrets, what)."""
    tid, tsec = "tid_" + r(30, U64), "tsec_" + r(56, U64)
    ikey, skey = "DI" + r(18, UP), r(40)
    lk_key, lk_secret = "API" + r(12), r(43)
    sol = "[" + ",".join(str(R.randrange(256)) for _ in range(64)) + "]"
    prisma = jwt({"tenant_id": r(64, HX), "secure_key": "sk_" + r(24), "api_key_id": u4()})
    storj = "1" + r(290, B58)
    signify = "RWRCSwAAAA" + r(142, B64) + "=="
    tink = r(60, B64) + "=="
    return [
        ("tigris/secret-access-key", "ini",
         f"[profile tigris]\nendpoint_url = https://t3.storage.dev\naws_access_key_id = {tid}\naws_secret_access_key = {tsec}",
         [tsec], PUBLIC["tigris"]),
        ("duo/secret-key", "json", json.dumps({"duo": {"ikey": ikey, "skey": skey, "host": f"api-{r(8, HX)}.duosecurity.com"}}),
         [skey], PUBLIC["duo"]),
        ("livekit/api-secret", "yaml", f"port: 7880\nkeys:\n  {lk_key}: {lk_secret}\nlogging:\n  level: info", [lk_secret],
         "LiveKit API secret (43 characters) under its key id (`API` and 12 characters) in livekit.yaml"),
        ("solana/keypair", "tool_output", f"$ cat ~/.config/solana/id.json\n{sol}", [sol],
         "a Solana CLI keypair file (64 bytes as a JSON array: the private key and its public half)"),
        ("prisma/accelerate-api-key", "connection_string", f"DATABASE_URL=\"prisma://accelerate.prisma-data.net/?api_key={prisma}\"",
         [prisma], "Prisma Accelerate API key (a JWT in a `prisma://` URL)"),
        ("storj/access-grant", "cli_flag", f"$ uplink access import ci-grant {storj}", [storj],
         "a Storj access grant (a long base58 string starting `1`: satellite, API key and encryption key)"),
        ("signify/secret-key", "pem", f"untrusted comment: signify secret key\n{signify}", [signify],
         "an OpenBSD signify secret key (base64 after an `untrusted comment:` line)"),
        ("tink/keyset", "json", json.dumps({"primaryKeyId": R.randrange(10 ** 9), "key": [{"keyData": {
            "typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey", "value": tink, "keyMaterialType": "SYMMETRIC"},
            "status": "ENABLED", "outputPrefixType": "TINK"}]}), [tink], "a cleartext Tink keyset (base64 key material)"),
    ]


# --- ordinary text: every character must stay -------------------------------------------------

ORDINARY: list[tuple[str, str, object, str]] = []  # (shape, context, build() -> text, why it is ordinary)
O = ORDINARY.append
O(("ids/ulid-export-filenames", "tool_output", lambda: "$ ls exports/\n" + "\n".join(f"01J{r(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}.parquet" for _ in range(3)), "ULIDs naming export files"))
O(("ids/ksuid-api-path", "url", lambda: f"GET https://api.example.com/v2/orders/{r(27)}/shipments -> 200", "a KSUID in a REST path"))
O(("ids/nanoid-sql-rows", "code", lambda: f"INSERT INTO links (id, target) VALUES ('{r(21, U64)}', '/docs'), ('{r(21, U64)}', '/blog');", "Nano IDs as primary keys"))
O(("ipfs/cidv1-gateway-link", "prose", lambda: f"The dataset is pinned at https://ipfs.example.org/ipfs/bafybei{r(52, 'abcdefghijklmnopqrstuvwxyz234567')}/ if you want to mirror it.", "a CIDv1 in a gateway link"))
O(("ipfs/pin-ls-output", "tool_output", lambda: "$ ipfs pin ls --type=recursive\n" + "\n".join(f"Qm{r(44, B58)} recursive" for _ in range(2)), "CIDv0 pins"))
O(("tor/hidden-service-hostname", "shell_history", lambda: f": 1765012101:0;sudo cat /var/lib/tor/site/hostname\n: 1765012109:0;echo {r(56, 'abcdefghijklmnopqrstuvwxyz234567')}.onion >> docs/mirrors.txt", "a public onion address"))
O(("i2p/b32-address", "ini", lambda: f"[mirror]\nhost = {r(52, 'abcdefghijklmnopqrstuvwxyz234567')}.b32.i2p\nport = 80", "a public I2P address"))
O(("banking/documented-iban-examples", "csv", lambda: "country,iban,bic\nDE,DE89370400440532013000,COBADEFFXXX\nGB,GB29NWBK60161331926819,NWBKGB2L\nFR,FR1420041010050500013M02606,PSSTFRPPXXX", "IBANs printed as examples by banks and standards"))
O(("color/tailwind-palette", "code", lambda: "colors: { brand: { 50: '#" + r(6, HX) + "', 500: '#" + r(6, HX) + "', 900: '#" + r(6, HX) + "' } },", "hex colours in a Tailwind config"))
O(("color/android-colors-xml", "xml", lambda: f"<resources>\n  <color name=\"primary\">#FF{r(6, HX).upper()}</color>\n  <color name=\"accent\">#{r(8, HX).upper()}</color>\n</resources>", "ARGB colours"))
O(("color/terminal-scheme-json", "json", lambda: json.dumps({"name": "Dusk", **{c: "#" + r(6, HX) for c in ("background", "foreground", "black", "red", "green", "blue")}}), "a terminal colour scheme"))
O(("geo/geohash-and-h3", "log", lambda: f"geo lookup cell=h3:89{r(13, HX)} geohash={r(11, '0123456789bcdefghjkmnpqrstuvwxyz')} ms=3", "geohash and H3 cell ids"))
O(("geo/plus-codes", "prose", lambda: f"Meet at {r(4, '23456789CFGHJMPQRVWX')}{r(4, '23456789CFGHJMPQRVWX')}+{r(2, '23456789CFGHJMPQRVWX')}, it's the side entrance.", "an Open Location Code"))
O(("p2p/libp2p-peer-ids", "yaml", lambda: "bootstrap:\n" + "\n".join(f"  - /dns4/node{n}.example.net/tcp/4001/p2p/12D3KooW{r(44, B58)}" for n in (1, 2)), "public peer ids"))
O(("crypto/ipns-name", "cli_flag", lambda: f"$ ipfs name resolve --recursive k51qzi5uqu5d{r(50, 'abcdefghijklmnopqrstuvwxyz0123456789')}", "an IPNS name (a public key hash)"))
O(("crypto/monero-public-address", "prose", lambda: f"Donations: 4{r(94, B58)} (view-only wallet, published on the site).", "a public wallet address"))
O(("crypto/cosmos-address", "json", lambda: json.dumps({"delegator_address": "cosmos1" + r(38, BECH32), "validator_address": "cosmosvaloper1" + r(38, BECH32)}), "bech32 account addresses"))
O(("crypto/lightning-node-pubkey", "tool_output", lambda: f"$ lncli getinfo | jq -r .identity_pubkey\n0{R.choice('23')}{r(64, HX)}", "a node's public key"))
O(("nostr/note-ids", "url", lambda: f"https://njump.example.com/note1{r(58, BECH32)}", "a public note id"))
O(("version/calver-build-metadata", "toml", lambda: f"[package]\nname = \"shop-api\"\nversion = \"2026.12.5+build.{r(7, HX)}\"", "a version with build metadata"))
O(("version/rustc-nightly", "tool_output", lambda: f"$ rustc -V\nrustc 1.86.0-nightly ({r(9, HX)} 2026-12-01)", "a toolchain version with a commit"))
O(("version/user-agent", "header", lambda: f"User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{r(4, DG)}.{r(3, DG)} Safari/537.36", "a browser user agent"))
O(("hash/git-annex-key", "tool_output", lambda: f"$ git annex lookupkey data/train.csv\nSHA256E-s{r(9, DG)}--{r(64, HX)}.csv", "an annex content key"))
O(("hash/dvc-lock-md5", "yaml", lambda: f"stages:\n  train:\n    outs:\n    - path: models/model.pkl\n      md5: {r(32, HX)}\n      size: {r(8, DG)}", "DVC output hashes"))
O(("hash/ssdeep-fuzzy", "csv", lambda: f"file,ssdeep\nsample.bin,3072:{r(60, B64)}:{r(30, B64)}", "a fuzzy hash"))
O(("hash/perceptual-image-hash", "log", lambda: f"dedupe: img_{r(4, DG)}.jpg phash={r(16, HX)} dhash={r(16, HX)} -> unique", "perceptual image hashes"))
O(("hash/gcs-x-goog-hash", "header", lambda: f"< x-goog-hash: crc32c={r(6, B64)}==\n< x-goog-hash: md5={r(22, B64)}==\n< x-goog-stored-content-length: 48213", "object checksums"))
O(("hash/go-mod-download-json", "json", lambda: json.dumps({"Path": "golang.org/x/text", "Version": "v0.21.0", "Sum": "h1:" + r(43, B64) + "=", "GoModSum": "h1:" + r(43, B64) + "="}), "Go module sums"))
O(("hash/apt-release-file", "tool_output", lambda: "SHA256:\n" + "\n".join(f" {r(64, HX)} {r(6, DG)} main/binary-amd64/Packages{ext}" for ext in ("", ".gz")), "apt index checksums"))
O(("hash/homebrew-bottle", "code", lambda: f"  bottle do\n    sha256 cellar: :any, arm64_sequoia: \"{r(64, HX)}\"\n    sha256 x86_64_linux: \"{r(64, HX)}\"\n  end", "bottle checksums"))
O(("hash/maven-sha1-sidecar", "shell_history", lambda: f": 1765012201:0;curl -s https://repo1.maven.org/maven2/org/slf4j/slf4j-api/2.0.16/slf4j-api-2.0.16.jar.sha1\n: 1765012202:0;echo {r(40, HX)}", "a published artifact checksum"))
O(("hash/pypi-json-digests", "escaped_json", lambda: json.dumps(json.dumps({"filename": "idna-3.10.tar.gz", "digests": {"blake2b_256": r(64, HX), "md5": r(32, HX), "sha256": r(64, HX)}})), "PyPI file digests"))
O(("hash/sigstore-rekor-uuid", "log", lambda: f"tlog entry created with index: {r(9, DG)}\nrekor uuid: 24296fb24b8ad77a{r(64, HX)}", "a transparency log entry id"))
O(("hash/sbom-component-hash", "xml", lambda: f"<component type=\"library\">\n  <name>lodash</name>\n  <hashes><hash alg=\"SHA-512\">{r(128, HX)}</hash></hashes>\n</component>", "a CycloneDX component hash"))
O(("lockfile/yarn-berry-checksum", "yaml", lambda: f"\"ms@npm:2.1.3\":\n  version: 2.1.3\n  resolution: \"ms@npm:2.1.3\"\n  checksum: 10c0/{r(128, HX)}\n  languageName: node", "a Yarn Berry checksum"))
O(("lockfile/pipfile-lock-meta", "json", lambda: json.dumps({"_meta": {"hash": {"sha256": r(64, HX)}, "pipfile-spec": 6}, "default": {}}), "a Pipfile.lock hash"))
O(("lockfile/julia-manifest", "toml", lambda: f"[[deps.JSON]]\ndeps = [\"Dates\", \"Mmap\"]\ngit-tree-sha1 = \"{r(40, HX)}\"\nuuid = \"{u4()}\"\nversion = \"0.21.4\"", "Julia package tree hashes"))
O(("lockfile/vcpkg-baseline", "json", lambda: json.dumps({"default-registry": {"kind": "git", "repository": "https://github.com/microsoft/vcpkg", "baseline": r(40, HX)}}), "a registry baseline commit"))
O(("lockfile/stack-yaml-lock", "yaml", lambda: f"packages:\n- completed:\n    hackage: aeson-2.2.3.0@sha256:{r(64, HX)},{r(4, DG)}\n    pantry-tree:\n      sha256: {r(64, HX)}\n      size: {r(5, DG)}", "pantry hashes"))
O(("lockfile/bazel-module-lock", "json", lambda: json.dumps({"registryFileHashes": {"https://bcr.bazel.build/modules/rules_cc/0.0.9/MODULE.bazel": r(64, HX)}}), "module file hashes"))
O(("db/alembic-revision-ids", "code", lambda: f"revision = \"{r(12, HX)}\"\ndown_revision = \"{r(12, HX)}\"\nbranch_labels = None", "migration revision ids"))
O(("dns/dnssec-ds-record", "tool_output", lambda: f"$ dig +short DS example.com\n{R.randrange(10000, 65000)} 13 2 {r(64, HX).upper()}", "a DS record digest"))
O(("dns/tlsa-and-sshfp", "hcl", lambda: f"resource \"dns_record\" \"tlsa\" {{\n  name  = \"_443._tcp.www\"\n  value = \"3 1 1 {r(64, HX)}\"\n}}\n# SSHFP 4 2 {r(64, HX)}", "public key digests in DNS"))
O(("dns/site-verification-txt", "hcl", lambda: f"resource \"dns_record\" \"verify\" {{\n  type  = \"TXT\"\n  value = \"google-site-verification={r(43, U64)}\"\n}}", "a published domain verification string"))
O(("dns/acme-challenge-txt", "log", lambda: f"certbot: set _acme-challenge.example.com TXT \"{r(43, U64)}\" and waiting 30s for propagation", "a public ACME challenge value"))
O(("oauth/pkce-authorize-url", "url", lambda: f"https://auth.example.com/authorize?response_type=code&client_id=web-app&code_challenge={r(43, U64)}&code_challenge_method=S256&state={r(16, HX)}", "a PKCE challenge (a hash, public by design)"))
O(("webauthn/credential-id", "json", lambda: json.dumps({"credentialId": r(43, U64), "transports": ["internal", "hybrid"], "aaguid": u4()}), "a passkey credential id"))
O(("saml/assertion-ids", "xml", lambda: f"<saml2:Assertion ID=\"_{r(32, HX)}\" IssueInstant=\"2026-12-05T10:01:00Z\" Version=\"2.0\">\n  <saml2:Issuer>https://idp.example.com</saml2:Issuer>", "SAML message ids"))
O(("git/gpgsig-header", "pem", lambda: f"tree {r(40, HX)}\nparent {r(40, HX)}\nauthor Ana <ana@example.com> 1764900000 +0100\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n {r(64, B64)}\n {r(28, B64)}=\n -----END PGP SIGNATURE-----", "a commit's public signature"))
O(("git/pack-listing", "tool_output", lambda: "$ ls .git/objects/pack\n" + "\n".join(f"pack-{h}.{ext}" for h in (r(40, HX),) for ext in ("idx", "pack", "rev")), "pack file names"))
O(("git/worktree-list", "tool_output", lambda: f"$ git worktree list\n~/src/shop          {r(7, HX)} [main]\n~/src/shop-hotfix   {r(7, HX)} [hotfix/cart]", "worktree heads"))
O(("pgp/detached-signature", "pem", lambda: f"$ cat shop-1.4.0.tar.gz.asc\n-----BEGIN PGP SIGNATURE-----\n\n{pem_lines(300)}\n-----END PGP SIGNATURE-----", "a release's public signature"))
O(("k8s/node-provider-ids", "yaml", lambda: f"spec:\n  providerID: aws:///eu-west-1a/i-0{r(16, HX)}\n  podCIDR: 10.0.{R.randrange(255)}.0/24", "a node's cloud id"))
O(("aws/s3-version-ids", "tool_output", lambda: f"$ aws s3api list-object-versions --bucket docs --prefix index.html --query 'Versions[].VersionId'\n[\n  \"{r(32, U64 + '.')}\"\n]", "S3 object version ids"))
O(("gcp/sa-key-id-listing", "tool_output", lambda: f"$ gcloud iam service-accounts keys list --iam-account ci@proj.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT\n{r(40, HX)}  2026-11-02T10:00:00Z  9999-12-31T23:59:59Z", "a key's id (public), not the key"))
O(("azure/account-show", "json", lambda: json.dumps({"environmentName": "AzureCloud", "id": u4(), "tenantId": u4(), "user": {"name": "ana@contoso.com", "type": "user"}}), "subscription and tenant ids"))
O(("payments/paypal-transaction-ids", "csv", lambda: "date,transaction_id,amount\n" + "\n".join(f"2026-12-0{d},{r(17, UP)},{R.randrange(5, 90)}.00" for d in (1, 2)), "transaction ids"))
O(("shipping/tracking-numbers", "prose", lambda: f"Le colis est parti, suivi 1Z{r(6, UP)}03{r(8, DG)} chez UPS et {r(22, DG)} pour l'autre.", "tracking numbers"))
O(("http/multipart-boundary", "header", lambda: f"Content-Type: multipart/form-data; boundary=----WebKitFormBoundary{r(16)}", "a form boundary"))
O(("http/websocket-handshake", "header", lambda: f"GET /ws HTTP/1.1\nUpgrade: websocket\nSec-WebSocket-Key: {r(22, B64)}==\nSec-WebSocket-Version: 13", "a handshake nonce"))
O(("http/csp-nonce", "code", lambda: f"<script nonce=\"{r(22, B64)}==\" src=\"/static/app.js\"></script>", "a per-response script nonce"))
O(("email/message-id", "log", lambda: f"smtp: delivered to ana@example.com message-id=<CA+{r(40, U64)}@mail.example.com> status=250", "a mail message id"))
O(("email/dkim-signature-header", "wrapped", lambda: (lambda h: f"[mx] 10:12:01 DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1; bh={h[:24]}\n[mx] 10:12:01 {h[24:]}= verified")(r(43, B64)), "a DKIM body hash wrapped across two log lines"))
O(("xcode/pbxproj-object-ids", "code", lambda: f"\t\t{r(24, HX).upper()} /* AppDelegate.swift in Sources */ = {{isa = PBXBuildFile; fileRef = {r(24, HX).upper()} /* AppDelegate.swift */; }};", "Xcode object ids"))
O(("unity/meta-guid", "yaml", lambda: f"fileFormatVersion: 2\nguid: {r(32, HX)}\nMonoImporter:\n  serializedVersion: 2", "an asset guid"))
O(("godot/resource-uid", "ini", lambda: f"[gd_scene load_steps=3 format=3 uid=\"uid://{r(13, LO)}\"]\n\n[ext_resource type=\"Script\" uid=\"uid://{r(13, LO)}\" path=\"res://player.gd\" id=\"1_{r(5, LO)}\"]", "resource uids"))
O(("chrome/extension-ids", "json", lambda: json.dumps({"extensions": {"settings": {r(32, "abcdefghijklmnop"): {"state": 1}, r(32, "abcdefghijklmnop"): {"state": 0}}}}), "extension ids (a-p alphabet)"))
O(("vscode/workspace-storage", "powershell", lambda: f"PS C:\\> Get-ChildItem $env:APPDATA\\Code\\User\\workspaceStorage | Select Name\n\nName\n----\n{r(32, HX)}\n{r(32, HX)}", "workspace storage folder hashes"))
O(("ssh/randomart", "tool_output", lambda: "The key's randomart image is:\n+--[ED25519 256]--+\n|" + "|\n|".join(r(17, " .o+=*BOX@%&#/^SE") for _ in range(4)) + "|\n+----[SHA256]-----+", "an SSH key's randomart"))
O(("x509/serial-and-ski", "tool_output", lambda: f"$ openssl x509 -in ca.pem -noout -serial -ext subjectKeyIdentifier\nserial={r(40, HX).upper()}\nX509v3 Subject Key Identifier:\n    {':'.join(r(2, HX).upper() for _ in range(20))}", "a certificate's serial and key identifier"))
O(("android/signing-report", "log", lambda: f"Variant: debug\nStore: ~/.android/debug.keystore\nSHA1: {':'.join(r(2, HX).upper() for _ in range(20))}\nSHA-256: {':'.join(r(2, HX).upper() for _ in range(32))}", "public certificate fingerprints"))
O(("names/token-bucket-config", "properties", lambda: "ratelimit.token-bucket.capacity=200\nratelimit.token-bucket.refill-tokens-per-second=50\nratelimit.key-resolver=clientIp", "identifiers with token and key words"))
O(("names/password-input-markup", "xml", lambda: "<input type=\"password\" name=\"password\" id=\"current-password\" autocomplete=\"current-password\" minlength=\"12\" />", "markup naming a password field"))
O(("names/openapi-security-schemes", "yaml", lambda: "components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n    BearerToken:\n      type: http\n      scheme: bearer", "security scheme declarations"))
O(("names/secret-scanning-alert-list", "tool_output", lambda: "$ gh api repos/acme/shop/secret-scanning/alerts --jq '.[].secret_type'\nstripe_api_key\nslack_incoming_webhook_url\ngoogle_api_key", "alert type names, no values"))
O(("names/systemd-credential-paths", "systemd", lambda: "[Service]\nEnvironment=\"SECRET_DIR=/run/secrets\"\nEnvironment=\"PASSWORD_FILE=/run/secrets/db_password\"\nLoadCredential=db_password:/etc/creds/db_password", "paths and names of secrets, no values"))
O(("names/powershell-securestring", "powershell", lambda: "PS> $cred = Get-Credential -UserName deploy -Message 'Enter the deploy password'\nPS> $token = Read-Host -AsSecureString 'API token'", "prompts for a secret, no value"))
O(("terraform/sensitive-plan-output", "tool_output", lambda: "  # aws_db_instance.main will be updated in-place\n  ~ resource \"aws_db_instance\" \"main\" {\n      ~ password = (sensitive value)\n        id       = \"shop-db\"\n    }", "a plan that hides the value"))
O(("docs/openapi-example-token", "json", lambda: json.dumps({"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "example": {"Authorization": "Bearer YOUR_TOKEN_HERE"}}), "a documentation placeholder"))
O(("docs/aws-configure-list", "tool_output", lambda: f"$ aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************{r(4, UP)} shared-credentials-file\n   secret_key     ****************{r(4, AL)} shared-credentials-file", "masked by the tool itself"))
O(("docs/env-sample-angle-hints", "env", lambda: "# .env.sample — fill these in locally\nSTRIPE_SECRET=<from 1Password: Shop/Stripe>\nSESSION_SECRET=<run: openssl rand -hex 32>", "hints, not values"))
O(("docs/properties-placeholders", "properties", lambda: "spring.datasource.password=${DB_PASSWORD:}\napp.jwt.secret=CHANGE_ME_IN_PROD\napp.api.key=", "placeholders"))
O(("url/figma-and-notion-ids", "url", lambda: f"design: https://www.figma.com/design/{r(22)}/Checkout?node-id=12-{R.randrange(100, 999)} spec: https://www.notion.so/acme/Checkout-{r(32, HX)}", "document ids in share links"))
O(("url/cloudinary-public-image", "bytes_literal", lambda: f"LOGO = b\"https://res.cloudinary.com/demo/image/upload/v{r(10, DG)}/{r(20, LO)}.png\"", "a public image URL"))
O(("ci/gitlab-section-markers", "log", lambda: f"section_start:{r(10, DG)}:step_script\r\u001b[0K\u001b[0K\u001b[36;1mExecuting \"step_script\" stage of the job script\u001b[0;m\nsection_end:{r(10, DG)}:step_script", "CI log section markers"))
O(("ci/actions-run-and-job-ids", "env", lambda: f"GITHUB_RUN_ID={r(11, DG)}\nGITHUB_RUN_ATTEMPT=1\nGITHUB_JOB=test\nGITHUB_SHA={r(40, HX)}\nRUNNER_TRACKING_ID=github_{u4()}", "public run metadata"))
O(("log/systemd-invocation-id", "systemd", lambda: f"$ systemctl show -p InvocationID shop-api\nInvocationID={r(32, HX)}\n$ journalctl --list-boots | tail -1\n  0 {r(32, HX)} Fri 2026-12-05 08:00:01 CET", "invocation and boot ids"))
O(("log/elf-build-id", "tool_output", lambda: f"$ file build/shop-api\nbuild/shop-api: ELF 64-bit LSB pie executable, x86-64, BuildID[sha1]={r(40, HX)}, not stripped", "a binary's build id"))
O(("log/python-object-reprs", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {}, "source": ["model\n"], "outputs": [{"output_type": "execute_result", "data": {"text/plain": [f"<sklearn.pipeline.Pipeline object at 0x7f{r(10, HX)}>"]}}]}), "object addresses"))
O(("log/java-thread-dump", "log", lambda: f"\"http-nio-8080-exec-3\" #41 daemon prio=5 os_prio=0 cpu=12.4ms tid=0x00007f{r(10, HX)} nid=0x{r(4, HX)} waiting on condition", "thread ids"))
O(("notebook/widget-model-ids", "notebook", lambda: json.dumps({"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": {"model_id": r(32, HX), "version_major": 2, "version_minor": 0}}}), "widget model ids"))
O(("encoded/xxd-hexdump", "tool_output", lambda: "$ xxd -l 32 assets/logo.png\n00000000: 8950 4e47 0d0a 1a0a 0000 000d 4948 4452  .PNG........IHDR\n00000010: " + " ".join(r(4, HX) for _ in range(8)) + "  ................", "a hex dump of a public image"))
O(("encoded/wasm-base64-module", "code", lambda: f"const wasm = Uint8Array.from(atob(\"AGFzbQEAAAAB{r(60, B64)}\"), c => c.charCodeAt(0));", "an inlined WebAssembly module"))
O(("encoded/percent-encoded-utm", "url", lambda: f"https://shop.example.com/?utm_source=newsletter&utm_campaign=winter%20sale&fbclid={r(60, U64)}", "tracking parameters"))
O(("encoded/base64-csv-fixture", "diff", lambda: f"+    fixture = base64.b64decode(\"{base64.b64encode(b'id,name,qty' + chr(10).encode() + b'1,widget,4' + chr(10).encode() + b'2,gadget,9').decode()}\")", "a base64 test fixture of public data"))
O(("unicode/escaped-emoji-json", "escaped_json", lambda: json.dumps(json.dumps({"title": "\\ud83d\\ude80 Launch", "slug": "launch-" + r(8, LO)})), "escaped text and a slug"))
O(("build/gradle-build-scan", "dockerfile", lambda: f"# last scan: https://scans.gradle.com/s/{r(13, LO)}\nFROM eclipse-temurin:21-jre\nCOPY build/libs/app.jar /app.jar", "a build scan link"))
O(("netrc/mirror-with-cache-comment", "netrc", lambda: "# CMake dependency cache " + r(32, HX) + "\nmachine mirror.example.org\n  login anonymous\n  password anonymous@", "an anonymous mirror entry and a cache key"))
O(("license/server-address", "connection_string", lambda: f"LICENSE_SERVER=tcp://licenses.example.org:27000 # SPDX-License-Identifier: Apache-2.0, product id {u4()}", "a licence server address without credentials"))
O(("db/mysql-gtid", "connection_string", lambda: f"mysql://replica@db2.example.internal:3306/shop?gtid={u4()}:1-{R.randrange(1000, 99999)}", "a replication position in a URL without a password"))
O(("gitattributes/lfs-oid-in-diff", "diff", lambda: f"-oid sha256:{r(64, HX)}\n+oid sha256:{r(64, HX)}\n size {r(7, DG)}", "LFS pointer ids in a diff"))
O(("docker/buildkit-cache-export", "shell_history", lambda: f": 1765012301:0;docker buildx build --cache-to type=registry,ref=ghcr.io/acme/shop:buildcache-{r(12, HX)} .", "a cache tag"))
O(("ids/crockford-order-ids", "hcl", lambda: f"locals {{\n  seed_orders = [\"ORD-{r(10, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}\", \"ORD-{r(10, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}\"]\n}}", "Crockford base32 order ids"))
O(("ids/stripe-test-clock", "properties", lambda: f"test.clock.id=clock_{r(24)}\ntest.price.id=price_{r(24)}", "test object ids"))
O(("phone/reserved-test-numbers", "yaml", lambda: "fixtures:\n  phones: ['+1 202-555-0143', '+44 20 7946 0958', '+61 491 570 156']", "numbers reserved for fiction"))


def build() -> list[dict]:
    """Every item of the part, in order: secrets first, then ordinary text."""
    return build_part(DRAWN, SECRETS, place, pair_items, ORDINARY, PUBLIC.values())


if __name__ == "__main__":
    write(build(), Path(__file__).resolve().parent / "fresh4.jsonl")
