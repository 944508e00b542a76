"""Writes grown2.jsonl, a third development part of the secrets corpus, written after the first two
were exhausted (the redactor passed both). Secret formats are vendors' documented formats and the
facts of public detector rules (prefix, length, alphabet, checksum or fixed signature where the
format has one), of vendors neither earlier development part has; they sit in the contexts where
a name does not help (a value alone in tool output, a sentence in seven languages, a command-line
flag, a diff line, escaped JSON, a bytes literal, a URL query, a connection string, a .netrc, a
PEM body in JSON). Ordinary strings are look-alikes that must keep every character: git ids,
UUIDs, sha512 integrity, base64 images and fonts, public certificates and keys, image digests,
trace ids, public wallet addresses, identifiers holding "token", "secret" or "key", and the
placeholder keys of documentation. A development part: read it, print it, tune on it.

Every value is drawn with `secrets` when this runs, so each run writes a new sample: the file is
the record (its sha256 is in manifest.json), and a redactor fitted to its values would fail the next
draw.

    python tests/corpora/secrets/make_grown2.py    # then: python -m tests.screen_corpora secrets
"""

from __future__ import annotations

import base64
import secrets
import string
from functools import partial
from pathlib import Path

from fresh_kit import AL as B62, ANEW, B32, B58 as BASE58, B64, HX as HEX, LO as LOWER, U64 as URLSAFE, UP as UPPER
from fresh_kit import (anew_b64, b64url_json, b64url_nopad, base58check, bech32, chunks, grown_item, held_out_units, hex_uuid4, pick,
                       three_different, three_placed, url_quoted, write)

HERE = Path(__file__).resolve().parent
BASE32 = B32.lower()
draw, uuid4, b64 = partial(pick, ANEW), partial(hex_uuid4, ANEW), anew_b64


# --- checksummed and structured formats ------------------------------------------------------

def bitcoin_wif() -> str:
    """A compressed-key WIF: 0x80, 32 random bytes, 0x01, then base58check (52 characters, K or L)."""
    return base58check(b"\x80" + secrets.token_bytes(32) + b"\x01")


def azure_devops_pat() -> str:
    """84 characters: 52 random, the fixed signature JQQJ99 and a few fields, AZDO at 77-80, 4 more."""
    middle = "JQQJ99" + draw(string.ascii_uppercase, 2) + "AC" + "A" * 13 + draw(string.ascii_uppercase, 1)
    return draw(B62, 52) + middle + "AZDO" + draw(B62, 4)


def jwt_eddsa() -> str:
    claims = {"a": "rw", "iat": 1764000000 + secrets.randbelow(10**6), "id": uuid4()}
    return b64url_json({"alg": "EdDSA", "typ": "JWT"}) + "." + b64url_json(claims) + "." + b64url_nopad(secrets.token_bytes(64))


def ec_private_key_lines() -> list[str]:
    """A SEC1 P-256 private key (DER of the right shape), base64 in 64-character lines."""
    der = (bytes.fromhex("30770201010420") + secrets.token_bytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
           + b"\x04" + secrets.token_bytes(64))
    return chunks(base64.b64encode(der).decode())


def minisign_secret_key() -> str:
    """The base64 line of a minisign secret key file: `Ed`, `Sc`, `B2`, salt, limits, key, checksum."""
    return base64.b64encode(b"EdScB2" + secrets.token_bytes(152)).decode()


# --- the formats: (format, where its facts come from, value maker, the name a named context uses or None)
# A name is given for formats whose value alone looks like other things (hex, a UUID, plain
# base64): those are always placed beside a name.

def _public(rule: str) -> str:
    return f"format facts: {rule}; value drawn by make_grown2.py with secrets"


GITLEAKS = "gitleaks config/gitleaks.toml (gitleaks/gitleaks@b58d3f10), rule "
DOCS = "the vendor's documentation: "

FORMATS = [
    ("tavily/api-key", _public(DOCS + "Tavily API keys start tvly-"), lambda: "tvly-" + secrets.choice(["", "dev-", "prod-"]) + draw(B62, 32), None),
    ("telnyx/api-key", _public(DOCS + "Telnyx v2 API keys start KEY (trufflehog's telnyx detector: KEY and 55 more)"),
     lambda: "KEY" + draw("0123456789ABCDEF", 32) + "_" + draw(B62, 22), None),
    ("supabase/secret-key", _public(DOCS + "Supabase secret keys start sb_secret_"), lambda: "sb_secret_" + draw(URLSAFE, 31), None),
    ("maxmind/license-key", _public(GITLEAKS + "maxmind-license-key"), lambda: draw(B62, 6) + "_" + draw(B62, 29) + "_mmk", None),
    ("defined-networking/api-token", _public(GITLEAKS + "defined-networking-api-token"),
     lambda: "dnkey-" + draw(LOWER + "_-", 26) + "-" + draw(LOWER + "_-", 52), None),
    ("azure-devops/pat", _public(DOCS + "Azure DevOps PATs are 84 characters, 52 random, AZDO at 77-80 (Microsoft Purview's definition)"),
     azure_devops_pat, None),
    ("bitcoin/wif-private-key", _public("Bitcoin's wallet import format: base58check of 0x80, the key and 0x01"), bitcoin_wif, None),
    ("nostr/nsec", _public("NIP-19: a private key is bech32 with the prefix nsec"), lambda: bech32("nsec", secrets.token_bytes(32)), None),
    ("mailersend/api-token", _public(DOCS + "MailerSend API tokens start mlsn."), lambda: "mlsn." + draw(HEX, 64), None),
    ("cerebras/api-key", _public(DOCS + "Cerebras API keys start csk-"), lambda: "csk-" + draw(LOWER, 48), None),
    ("langfuse/secret-key", _public(DOCS + "Langfuse secret keys are sk-lf- and a UUID"), lambda: "sk-lf-" + uuid4(), None),
    ("firecrawl/api-key", _public(DOCS + "Firecrawl API keys start fc-"), lambda: "fc-" + draw(HEX, 32), None),
    ("e2b/api-key", _public(DOCS + "E2B API keys start e2b_"), lambda: "e2b_" + draw(HEX, 40), None),
    ("axiom/api-token", _public(DOCS + "Axiom API tokens are xaat- and a UUID"), lambda: "xaat-" + uuid4(), None),
    ("checkly/api-key", _public(DOCS + "Checkly user API keys start cu_"), lambda: "cu_" + draw(HEX, 32), None),
    ("flagsmith/server-key", _public(DOCS + "Flagsmith server-side environment keys start ser."), lambda: "ser." + draw(B62, 22), None),
    ("unleash/api-token", _public(DOCS + "Unleash API tokens are project:environment.secret"),
     lambda: secrets.choice(["*", "default", "checkout"]) + ":" + secrets.choice(["production", "development"]) + "." + draw(HEX, 64), None),
    ("configcat/sdk-key", _public(DOCS + "ConfigCat SDK keys are configcat-sdk-1/ and two 22-character parts"),
     lambda: "configcat-sdk-1/" + draw(URLSAFE, 22) + "/" + draw(URLSAFE, 22), None),
    ("statsig/server-secret", _public(DOCS + "Statsig server secret keys start secret-"), lambda: "secret-" + draw(B62, 43), None),
    ("stytch/secret", _public(DOCS + "Stytch project secrets start secret-live- or secret-test-"),
     lambda: "secret-" + secrets.choice(["live", "test"]) + "-" + draw(URLSAFE, 36) + "=", None),
    ("ory/pat", _public(DOCS + "Ory personal access tokens start ory_pat_"), lambda: "ory_pat_" + draw(B62, 32), None),
    ("bitwarden/access-token", _public(DOCS + "Bitwarden Secrets Manager access tokens are 0.<uuid>.<secret>:<key>"),
     lambda: "0." + uuid4() + "." + draw(B62, 30) + ":" + b64(16), None),
    ("paddle/api-key", _public(DOCS + "Paddle Billing API keys start pdl_live_apikey_ or pdl_sdbx_apikey_"),
     lambda: "pdl_" + secrets.choice(["live", "sdbx"]) + "_apikey_01" + draw("0123456789abcdefghjkmnpqrstvwxyz", 24) + "_" + draw(B62, 22) + "_" + draw(B62, 3), None),
    ("klaviyo/private-key", _public(DOCS + "Klaviyo private API keys start pk_ and 34 hex digits"), lambda: "pk_" + draw(HEX, 34), None),
    ("salesforce/session-id", _public("trufflehog's salesforce detector: 00, 13 characters, !, 96 more"),
     lambda: "00D" + draw(B62, 12) + "!AQ" + draw(B62 + "._", 94), None),
    ("hetzner/api-token", _public(DOCS + "Hetzner Cloud API tokens are 64 letters and digits"), lambda: draw(B62, 64), "HCLOUD_TOKEN"),
    ("linode/pat", _public(DOCS + "Linode personal access tokens are 64 hex digits"), lambda: draw(HEX, 64), "LINODE_TOKEN"),
    ("ibm-cloud/api-key", _public(DOCS + "IBM Cloud API keys are 44 url-safe characters"), lambda: draw(URLSAFE, 44), "IBMCLOUD_API_KEY"),
    ("jenkins/api-token", _public(DOCS + "Jenkins API tokens are 11 and 32 hex digits"), lambda: "11" + draw(HEX, 32), "JENKINS_API_TOKEN"),
    ("fastly/api-token", _public(GITLEAKS + "fastly-api-token"), lambda: draw(URLSAFE, 32), "FASTLY_API_TOKEN"),
    ("zendesk/api-token", _public(GITLEAKS + "zendesk-secret-key"), lambda: draw(B62, 40), "ZENDESK_API_TOKEN"),
    ("postmark/server-token", _public(DOCS + "Postmark server tokens are UUIDs"), uuid4, "POSTMARK_SERVER_TOKEN"),
    ("influxdb/token", _public(DOCS + "InfluxDB API tokens are 88 characters of base64url ending =="),
     lambda: b64(64, urlsafe=True), "INFLUX_TOKEN"),
    ("alpaca/secret-key", _public(DOCS + "Alpaca secret keys are 40 letters and digits beside a PK key id"), lambda: draw(B62, 40), "APCA_API_SECRET_KEY"),
]

# Formats with their own contexts: key pairs, connection strings, files.
PAIRS = [
    ("razorpay/key-secret", _public(DOCS + "Razorpay key ids start rzp_live_ or rzp_test_; the secret is 24 letters and digits"),
     lambda: ("rzp_live_" + draw(B62, 14), draw(B62, 24)),
     [("env", "RAZORPAY_KEY_ID={0}\nRAZORPAY_KEY_SECRET={1}"),
      ("code", 'razorpay.Client(auth=("{0}", "{1}"))'),
      ("csv", "key_id,key_secret,mode\n{0},{1},live")]),
    ("scaleway/secret-key", _public(DOCS + "Scaleway access keys are SCW and 17 characters; secret keys are UUIDs"),
     lambda: ("SCW" + draw(UPPER, 17), uuid4()),
     [("ini", "[profile ci]\naccess_key = {0}\nsecret_key = {1}"),
      ("env", "SCW_ACCESS_KEY={0}\nSCW_SECRET_KEY={1}"),
      ("yaml", "profiles:\n  ci:\n    access_key: {0}\n    secret_key: {1}")]),
    ("backblaze/application-key", _public(DOCS + "Backblaze B2 application keys start K0 and are 31 characters"),
     lambda: ("005" + draw(HEX, 22), "K005" + draw(B62 + "+/", 27)),
     [("cli_flag", "$ b2 account authorize {0} {1}"),
      ("tool_output", "$ cat ~/.b2_account_info.txt\naccountId: {0}\napplicationKey: {1}"),
      ("env", "B2_APPLICATION_KEY_ID={0}\nB2_APPLICATION_KEY={1}")]),
    ("akamai/edgerc", _public(DOCS + "Akamai .edgerc: client_token and access_token start akab-, client_secret is 44 base64"),
     lambda: ("akab-" + draw(LOWER, 16) + "-" + draw(LOWER, 16), b64(32)),
     [("ini", "[default]\nclient_secret = {1}\nhost = akab-example.luna.akamaiapis.net\naccess_token = {0}"),
      ("diff", "--- a/.edgerc\n+++ b/.edgerc\n@@ -1 +1,3 @@\n [ci]\n+client_secret = {1}\n+access_token = {0}"),
      ("tool_output", "$ cat ~/.edgerc\n[ci]\nclient_secret = {1}\naccess_token = {0}")]),
    ("cockroachdb/password", _public(DOCS + "CockroachDB Cloud connection strings are postgresql://user:password@host:26257/db"),
     lambda: (draw(string.ascii_lowercase, 6), draw(URLSAFE, 22)),
     [("connection_string", "postgresql://{0}:{1}@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"),
      ("env", "DATABASE_URL=postgresql://{0}:{1}@blue-kiwi-4512.8nk.cockroachlabs.cloud:26257/app"),
      ("log", "2026-11-30 09:12:44 INFO connecting to postgresql://{0}:{1}@blue-kiwi-4512.8nk.cockroachlabs.cloud:26257/app")]),
    ("neo4j/aura-password", _public(DOCS + "Neo4j Aura passwords are 43 url-safe characters, used in neo4j+s:// URIs"),
     lambda: ("neo4j", draw(URLSAFE, 43)),
     [("connection_string", "neo4j+s://{0}:{1}@7f3a2b1c.databases.neo4j.io"),
      ("prose", "Aura gave me the login {0} / {1}, store it before closing the dialog."),
      ("code", 'driver = GraphDatabase.driver("neo4j+s://7f3a2b1c.databases.neo4j.io", auth=("{0}", "{1}"))')]),
    ("gitea/netrc", _public(DOCS + "Gitea access tokens are 40 hex digits, usable as a .netrc password"),
     lambda: ("ci-bot", draw(HEX, 40)),
     [("tool_output", "$ cat ~/.netrc\nmachine git.example.org\n  login {0}\n  password {1}"),
      ("tool_output", "machine git.example.org login {0} password {1}"),
      ("url", "https://{0}:{1}@git.example.org/platform/infra.git")]),
    ("ghcr/docker-auth", _public(DOCS + "~/.docker/config.json keeps base64 of user:token under auths.<host>.auth"),
     lambda: ("", base64.b64encode(("octo-" + draw(LOWER, 5) + ":" + draw(B62, 40)).encode()).decode()),
     [("json", '{{"auths": {{"ghcr.io": {{"auth": "{1}"}}}}}}'),
      ("escaped_json", '{{"content": "{{\\"auths\\": {{\\"ghcr.io\\": {{\\"auth\\": \\"{1}\\"}}}}}}"}}'),
      ("tool_output", "$ jq -r '.auths[\"ghcr.io\"].auth' ~/.docker/config.json\n{1}")]),
    ("turso/jwt", _public(DOCS + "Turso database tokens are EdDSA-signed JWTs"), lambda: ("", jwt_eddsa()),
     [("env", "TURSO_AUTH_TOKEN={1}"),
      ("tool_output", "$ turso db tokens create app-db\n{1}"),
      ("url", "libsql://app-db-acme.turso.io?authToken={1}")]),
    ("tor/onion-service-key", _public("Tor's control protocol: ADD_ONION returns PrivateKey=ED25519-V3:<base64 of 64 bytes>"),
     lambda: ("", "ED25519-V3:" + b64(64)),
     [("tool_output", "250-ServiceID=" + draw(BASE32, 56) + "\n250-PrivateKey={1}\n250 OK"),
      ("log", "Nov 30 10:02:11 host app[812]: restored onion service key {1}"),
      ("diff", "+HiddenServiceKey {1}")]),
    ("minisign/secret-key", _public("minisign's secret key file: an untrusted comment, then one base64 line starting RWRTY0Iy"),
     lambda: ("", minisign_secret_key()),
     [("tool_output", "$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\n{1}"),
      ("diff", "+untrusted comment: minisign encrypted secret key\n+{1}"),
      ("prose", "El fichero de firma contiene {1} — no lo subas al repositorio.")]),
]

# A PEM body: every base64 line is a secret, the armour alone is not enough.
PEM_CONTEXTS = [
    ("escaped_json", lambda lines: '{"name": "organizations/acme/apiKeys/ci", "privateKey": "-----BEGIN EC PRIVATE KEY-----\\n'
     + "\\n".join(lines) + '\\n-----END EC PRIVATE KEY-----\\n"}'),
    ("tool_output", lambda lines: "$ sed -n 2,4p cdp_api_key.pem\n" + "\n".join(lines)),
    ("diff", lambda lines: "+-----BEGIN EC PRIVATE KEY-----\n" + "\n".join("+" + line for line in lines) + "\n+-----END EC PRIVATE KEY-----"),
]

# Contexts a value without a telling name is placed in: (context, template).
CONTEXTS = [
    ("tool_output", "$ vault kv get -field=value kv/ci/upstream\n{v}"),
    ("tool_output", "$ security find-generic-password -s upstream -w\n{v}\n$ echo $?\n0"),
    ("prose", "C'est la nouvelle valeur pour la préprod : {v} (à ne pas partager)."),
    ("prose", "Der neue Zugang lautet {v}, bitte im Runner hinterlegen."),
    ("prose", "新しい値は {v} です。本番にも入れてください。"),
    ("prose", "把 {v} 填到流水线里就行，旧的已经作废了。"),
    ("prose", "o valor novo é {v}, troca no cofre até sexta"),
    ("prose", "Use {v} for the staging run, I'll rotate it tomorrow."),
    ("cli_flag", "$ upstream-cli configure --profile ci --with {v} --yes"),
    ("cli_flag", "$ ./bin/sync -k {v} --dry-run"),
    ("diff", "@@ -12,3 +12,3 @@\n-    client = Client(os.environ['UPSTREAM'])\n+    client = Client('{v}')"),
    ("diff", "-  upstream: \"\"\n+  upstream: \"{v}\""),
    ("escaped_json", '{{"role": "tool", "content": "{{\\"items\\": [{{\\"v\\": \\"{v}\\"}}]}}"}}'),
    ("bytes_literal", "seed = b\"{v}\""),
    ("bytes_literal", "sock.sendall(b'HELLO {v}\\r\\n')"),
    ("url", "https://hooks.example.net/ingest?k={u}&ts=1733011200"),
    ("url", "wss://rt.example.io/socket?vsn=2.0.0&auth={u}"),
    ("log", "2026-12-01 12:00:03,114 DEBUG upstream: using {v} for the bulk endpoint"),
    ("header", "X-Upstream: {v}"),
    ("yaml", "upstream:\n  url: https://api.example.com\n  with: {v}"),
    ("code", "const client = new Upstream({{ auth: \"{v}\", retries: 3 }});"),
    ("xml", "<setting name=\"Upstream\">{v}</setting>"),
]

# Contexts for a value only its name tells apart: (context, template with {n} the NAME).
NAMED_CONTEXTS = [
    ("env", "export {n}={v}"),
    ("yaml", "env:\n  - name: {n}\n    value: \"{v}\""),
    ("json", '{{"{l}": "{v}"}}'),
    ("cli_flag", "$ docker run -e {n}={v} app:latest"),
    ("code", "os.environ[\"{n}\"] = \"{v}\""),
    ("escaped_json", '{{"content": "{{\\"{l}\\": \\"{v}\\"}}"}}'),
]

# (shape, text maker): ordinary strings that must keep every character.


def _sha() -> str:
    return draw(HEX, 40)


def _cert_lines(n: int) -> list[str]:
    return chunks("MII" + draw("BCDE", 1) + draw(B64, 64 * n - 4))


PLACEHOLDERS = ["export OPENAI_API_KEY=sk-...", 'api_key = "YOUR_API_KEY_HERE"', "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
                "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "Authorization: Bearer <token>",
                "STRIPE_SECRET_KEY=sk_test_...", "password: ********", "token: REPLACE_ME", "--api-key <your-key>"]
TOKEN_WORDS = ["const tokenCount = countTokens(prompt, { model: 'gpt-4o' });", "max_output_tokens: 4096",
               "SECRET_ROTATION_DAYS=30", "password_min_length: 12", "api_key_env: OPENAI_API_KEY",
               "def get_signing_key(kid: str) -> JWK:", "token_endpoint: https://login.example.com/oauth2/v2.0/token",
               "secretsManager.getSecretValue({ SecretId: 'prod/db' })", "KEY_PREFIX = 'cache:v2:'",
               "token_endpoint_auth_method: client_secret_post"]
CAMEL = ["X509Certificate2Collection", "Ec2InstanceMetadataV2Client", "getUtf8StringFromBase64Url",
         "AWSLambdaBasicExecutionRole", "Sha256WithRsaEncryptionV3Signer", "S3ObjectLambdaAccessPointArn"]

ORDINARY = [
    ("git/ls-tree-output", lambda: f"100644 blob {_sha()}\tsrc/app.py\n040000 tree {_sha()}\tdocs"),
    ("git/fsck-dangling", lambda: f"Checking object directories: 100% (256/256), done.\ndangling commit {_sha()}\ndangling blob {_sha()}"),
    ("git/compare-url", lambda: f"https://github.com/acme/web/compare/{_sha()}...{_sha()}"),
    ("uuid/k8s-uid", lambda: f"metadata:\n  name: api-7d9f\n  uid: {uuid4()}\n  resourceVersion: \"{secrets.randbelow(99999)}\""),
    ("uuid/v7-event", lambda: '{"event":"' + draw(HEX, 8) + "-" + draw(HEX, 4) + "-7" + draw(HEX, 3) + "-a" + draw(HEX, 3) + "-" + draw(HEX, 12) + '","status":200}'),
    ("lockfile/poetry-hash", lambda: f'    {{file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:{draw(HEX, 64)}"}},'),
    ("lockfile/bun-lock", lambda: f'    "zod": ["zod@3.23.8", "", {{}}, "sha512-{draw(B64, 86)}=="],'),
    ("image/webp-css", lambda: f"background-image: url(data:image/webp;base64,UklGR{draw(B64, 120)}=);"),
    ("font/woff2-data-uri", lambda: f"  src: url(data:font/woff2;base64,d09GMgABAAAAA{draw(B64, 160)}) format('woff2');"),
    ("certificate/escaped-json-ca", lambda: '{"ca": "-----BEGIN CERTIFICATE-----\\n' + "\\n".join(_cert_lines(4)) + '\\n-----END CERTIFICATE-----\\n"}'),
    ("public-key/jwks-x5c", lambda: '{"keys":[{"kty":"RSA","use":"sig","kid":"' + draw(URLSAFE, 43) + '","x5c":["MIIC' + draw(B64, 240) + '"],"x5t":"' + draw(URLSAFE, 27) + '"}]}'),
    ("public-key/known-hosts-hashed", lambda: f"|1|{b64(20)}|{b64(20)} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{draw(B64, 43)}"),
    ("public-key/pem-escaped", lambda: '{"publicKey": "-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' + draw(B64, 20) + "\\n" + "\\n".join(_cert_lines(3)) + '\\n-----END PUBLIC KEY-----"}'),
    ("oci/manifest-digests", lambda: '{"mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": "sha256:' + draw(HEX, 64) + '", "size": ' + str(secrets.randbelow(9000)) + "}"),
    ("trace/otel-span", lambda: '{"traceId":"' + draw(HEX, 32) + '","spanId":"' + draw(HEX, 16) + '","name":"GET /api/orders"}'),
    ("trace/xray-header", lambda: f"X-Amzn-Trace-Id: Root=1-{draw(HEX, 8)}-{draw(HEX, 24)};Parent={draw(HEX, 16)};Sampled=1"),
    ("identifier/token-words", lambda: secrets.choice(TOKEN_WORDS)),
    ("placeholder/doc-keys", lambda: secrets.choice(PLACEHOLDERS)),
    ("crypto/public-addresses", lambda: secrets.choice([
        "Sent 0.01 BTC to " + bech32("bc", secrets.token_bytes(20)) + " (txid " + draw(HEX, 64) + ")",
        "Deposit address: 1" + draw(BASE58, 33),
        "wallet " + draw(BASE58, 44) + " balance 12.5 SOL",
        "transfer to 0x" + draw("0123456789abcdefABCDEF", 40) + " confirmed"])),
    ("nostr/npub", lambda: "follow me: " + bech32("npub", secrets.token_bytes(32))),
    ("build/next-build-id", lambda: f"GET /_next/static/{draw(URLSAFE, 21)}/_buildManifest.js 200 in 3ms"),
    ("object-id/firestore-paths", lambda: f"Document written: users/{draw(B62, 20)}/orders/{draw(B62, 20)}"),
    ("encoded/gzip-base64", lambda: f"binaryData:\n  bundle.tgz: H4sIAAAAAAAAA{draw(B64, 150)}="),
    ("net/ipv6-and-mac", lambda: f"inet6 fe80::{draw(HEX, 4)}:{draw(HEX, 4)}:{draw(HEX, 4)}:{draw(HEX, 4)}%en0 prefixlen 64\nether {':'.join(draw(HEX, 2) for _ in range(6))}"),
    ("torrent/magnet", lambda: f"magnet:?xt=urn:btih:{draw(HEX, 40)}&dn=ubuntu-24.04-desktop-amd64.iso"),
    ("words/camel-with-digits", lambda: f"class {secrets.choice(CAMEL)}({secrets.choice(CAMEL)}):"),
    ("tor/onion-address", lambda: f"mirror at {draw(BASE32, 55)}d.onion (v3)"),
]


def _item(fmt: str, turn: int, text: str, found: list[str], context: str, note: str) -> dict:
    if found:
        return grown_item("s-grown2-", fmt, turn, text, found, context, {"kind": "public", "note": note})
    return grown_item("o-grown2-", fmt, turn, text, found, context, {"kind": "generated", "note": note})


def build() -> list[dict]:
    held_out = held_out_units(HERE, ("heldout.jsonl", "fresh.jsonl"))
    items: list[dict] = []
    for number, (fmt, note, make, name) in enumerate(FORMATS):
        if fmt.split("/")[0] not in held_out:
            placed = three_placed(number, make, name, CONTEXTS, NAMED_CONTEXTS)
            items += [_item(fmt, turn, text, [found], context, note) for turn, (context, text, found) in enumerate(placed, 1)]
    for fmt, note, make, places in PAIRS:
        if fmt.split("/")[0] in held_out:
            continue
        for turn, (context, template) in enumerate(places, 1):
            ident, secret = make()
            found = [url_quoted(secret) if context == "url" else secret]
            items.append(_item(fmt, turn, template.format(ident, found[0]), found, context, note))
    if "coinbase" not in held_out:
        note = _public("Coinbase Developer Platform API keys: a SEC1 EC private key in PEM, kept in JSON")
        for turn, (context, place) in enumerate(PEM_CONTEXTS, 1):
            lines = ec_private_key_lines()
            items.append(_item("coinbase/cdp-private-key", turn, place(lines), lines, context, note))
    note = "an everyday look-alike of transcript text, must keep every character; drawn by make_grown2.py with secrets"
    for shape, make in ORDINARY:
        if shape in held_out:
            continue
        items += [_item(shape, turn, text, [], "tool_output", note) for turn, text in enumerate(three_different(make), 1)]
    return items


if __name__ == "__main__":
    write(build(), HERE / "grown2.jsonl")
