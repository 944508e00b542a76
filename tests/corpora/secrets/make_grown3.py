"""Writes grown3.jsonl, a fourth development part of the secrets corpus, written after the third was
exhausted (the redactor passed development, grown and grown2 whole). It asks what the redactor does
with things nobody listed: vendors no development part has (and none that the README names for the
held-out parts), in contexts where the value sits alone or after a name that says nothing (`appid`,
`with`, a profile's `key`), and ordinary look-alikes of shapes no development part has (cloud
resource ids, IAM unique ids, git binary patches, Terraform and Nix lockfiles, Go build ids, source
maps, SSH certificates, certificates without their armour, Lightning invoices, Twilio message
ids, masked keys, `.env.example` files, kubeconfig CA data). A development part: read it, print it,
tune on it.

Every value is drawn with `secrets` when this runs, so each run writes a new sample: the file is the
record (its sha256 is in manifest.json), and a redactor fitted to its values would fail the next draw.
Format facts are the vendors' formats as the writer knows them (source kind `generated`), except
where a note names the public document they were read in.

    python tests/corpora/secrets/make_grown3.py    # then: python -m tests.screen_corpora secrets
"""

from __future__ import annotations

import base64
import json
import secrets
from functools import partial
from pathlib import Path

from fresh_kit import AL as B62, ANEW, B32, B64, HX as HEX, LO as LOWER, U64 as URLSAFE, UP as UPPER
from fresh_kit import (anew_b64, b64url_nopad, bech32_groups, chunks, grown_item, hex_uuid4, pick, three_different,
                       three_placed, url_quoted, write)

HERE = Path(__file__).resolve().parent
BASE32 = B32.lower()
BASE85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
draw, uuid4, b64 = partial(pick, ANEW), partial(hex_uuid4, ANEW), anew_b64


def _der_length(n: int) -> bytes:
    return bytes([0x82, n >> 8, n & 0xFF])


def certificate_der() -> bytes:
    """A DER X.509 certificate's outline: SEQUENCE { SEQUENCE { [0] version 3, serial, ... }, ... },
    the rest random (what a pager or a SAML file shows is its base64)."""
    tbs_rest = bytes.fromhex("a003020102") + bytes.fromhex("0214") + secrets.token_bytes(20) + secrets.token_bytes(520)
    tbs = b"\x30" + _der_length(len(tbs_rest)) + tbs_rest
    tail = bytes.fromhex("300d06092a864886f70d01010b0500") + b"\x03" + _der_length(257) + b"\x00" + secrets.token_bytes(256)
    body = tbs + tail
    return b"\x30" + _der_length(len(body)) + body


def spki_der() -> bytes:
    """A DER RSA SubjectPublicKeyInfo (2048 bits): the algorithm, then the key as a BIT STRING."""
    key = b"\x30\x82\x01\x0a\x02\x82\x01\x01\x00" + secrets.token_bytes(256) + b"\x02\x03\x01\x00\x01"
    bits = b"\x03" + _der_length(len(key) + 1) + b"\x00" + key
    body = bytes.fromhex("300d06092a864886f70d0101010500") + bits
    return b"\x30" + _der_length(len(body)) + body


def pkcs8_ec_der() -> bytes:
    """A DER PKCS#8 P-256 private key (what an App Store Connect .p8 file holds)."""
    inner = bytes.fromhex("30770201010420") + secrets.token_bytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + secrets.token_bytes(64)
    body = bytes.fromhex("020100301306072a8648ce3d020106082a8648ce3d030107") + b"\x04" + bytes([0x81, len(inner)]) + inner
    return b"\x30\x81" + bytes([len(body)]) + body


def ssh_string(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def ssh_certificate() -> str:
    """An OpenSSH user certificate: its type name, a nonce, the public key, then signed fields."""
    name = b"ssh-ed25519-cert-v01@openssh.com"
    blob = ssh_string(name) + ssh_string(secrets.token_bytes(32)) + ssh_string(secrets.token_bytes(32)) + secrets.token_bytes(180)
    return name.decode() + " " + base64.b64encode(blob).decode() + " ci@build"


# --- secret formats: (format, note, value maker, the name a named context uses or None) -----------

NOTE = "format facts: the vendor's format as the writer knows it ({}); value drawn by make_grown3.py with secrets"


def _note(fact: str) -> str:
    return NOTE.format(fact)


def _tinybird() -> str:
    claims = json.dumps({"u": uuid4(), "id": uuid4(), "host": secrets.choice(["gcp-europe-west3", "aws-us-east-1"])})
    return "p." + b64url_nopad(claims.encode()) + "." + draw(URLSAFE, 43)


def _neptune() -> str:
    claims = {"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": uuid4()}
    return base64.b64encode(json.dumps(claims).encode()).decode().rstrip("=")


def _synapse() -> str:
    local = b64url_nopad(secrets.choice([b"ci-bot", b"alice", b"deploy"])).replace("-", "+").replace("_", "/")
    return f"syt_{local}_{draw(B62, 20)}_{draw(B62, 6)}"


FORMATS = [
    ("mistral/api-key", _note("32 letters and digits, no prefix"), lambda: draw(B62, 32), "MISTRAL_API_KEY"),
    ("voyage/api-key", _note("pa- and 43 url-safe characters"), lambda: "pa-" + draw(URLSAFE, 43), None),
    ("jina/api-key", _note("jina_ and 60 letters and digits"), lambda: "jina_" + draw(B62, 60), None),
    ("llamacloud/api-key", _note("llx- and 48 letters and digits"), lambda: "llx-" + draw(B62, 48), None),
    ("nomic/api-key", _note("nk- and 43 url-safe characters"), lambda: "nk-" + draw(URLSAFE, 43), None),
    ("anyscale/api-key", _note("esecret_ and 26 lower-case letters and digits"), lambda: "esecret_" + draw(LOWER, 26), None),
    ("honeybadger/pat", _note("hbp_ and 36 letters and digits"), lambda: "hbp_" + draw(B62, 36), None),
    ("coralogix/api-key", _note("cxtp_ and 30 letters and digits"), lambda: "cxtp_" + draw(B62, 30), None),
    ("xata/api-key", _note("xau_ and 36 letters and digits"), lambda: "xau_" + draw(B62, 36), None),
    ("fauna/secret", _note("fn and 38 url-safe characters"), lambda: "fnA" + draw(URLSAFE, 37), None),
    ("tinybird/token", _note("p., base64url of JSON claims, a dot and a signature"), _tinybird, None),
    ("neptune/api-token", _note("base64 of a JSON object holding api_address, api_url and api_key"), _neptune, None),
    ("miro/access-token", _note("base64url of {\"miro.origin\": ...}, _ and 27 url-safe characters"),
     lambda: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + draw(URLSAFE, 27), None),
    ("matrix/synapse-token", _note("syt_, unpadded base64 of the user's local part, 20 random letters and digits, 6 more"),
     _synapse, None),
    ("ghost/admin-api-key", _note("a 24-hex id, a colon and a 64-hex secret"), lambda: draw(HEX, 24) + ":" + draw(HEX, 64), None),
    ("amazon-lwa/refresh-token", _note("Login with Amazon refresh tokens start Atzr|"), lambda: "Atzr|IwEBI" + draw(URLSAFE, 300), None),
    ("paypal/access-token", _note("PayPal OAuth access tokens start A21AA"), lambda: "A21AA" + draw(URLSAFE, 92), None),
    ("checkout-com/secret-key", _note("sk_sbox_ and 26 base32 characters"), lambda: "sk_sbox_" + draw(BASE32, 26), None),
    ("etherscan/api-key", _note("34 upper-case letters and digits"), lambda: draw(UPPER, 34), "ETHERSCAN_API_KEY"),
    ("pagerduty/api-key", _note("20 url-safe characters, u+ for a user key"), lambda: "u+" + draw(URLSAFE, 18), "PAGERDUTY_TOKEN"),
    ("infisical/service-token", _note("st., then three dot-separated hex parts"),
     lambda: "st." + draw(HEX, 24) + "." + draw(HEX, 32) + "." + draw(HEX, 32), None),
    ("ebay/user-token", _note("v^1.1#i^1# ... #t^ and base64"), lambda: "v^1.1#i^1#p^3#r^1#I^3#f^0#t^" + draw(B64, 220) + "=", None),
    ("apollo/graph-api-key", _note("service:<graph id>: and 22 url-safe characters"),
     lambda: "service:" + secrets.choice(["shop-graph", "acme-supergraph"]) + ":" + draw(URLSAFE, 22), None),
]

# Formats with their own contexts: key pairs, files, URLs.
PAIRS = [
    ("modal/token-pair", _note("token ids ak- and secrets as-, 22 letters and digits each"),
     lambda: ("ak-" + draw(B62, 22), "as-" + draw(B62, 22)),
     [("cli_flag", "$ modal token set --token-id {0} --token-secret {1} --profile ci"),
      ("ini", "[ci]\ntoken_id = \"{0}\"\ntoken_secret = \"{1}\"\nactive = true"),
      ("env", "MODAL_TOKEN_ID={0}\nMODAL_TOKEN_SECRET={1}")]),
    ("woocommerce/rest-keys", _note("consumer keys ck_ and secrets cs_, 40 hex digits each"),
     lambda: ("ck_" + draw(HEX, 40), "cs_" + draw(HEX, 40)),
     [("url", "GET https://shop.example.com/wp-json/wc/v3/orders?consumer_key={0}&consumer_secret={1}"),
      ("cli_flag", "$ curl https://shop.example.com/wp-json/wc/v3/products -u {0}:{1}"),
      ("code", "const api = new WooCommerceRestApi({{ url: SHOP, consumerKey: \"{0}\", consumerSecret: \"{1}\" }});")]),
    ("kraken/api-keypair", _note("a 56-character base64 key and an 88-character base64 private key"),
     lambda: (b64(42), b64(64)),
     [("yaml", "exchanges:\n  kraken:\n    apiKey: {0}\n    secret: {1}"),
      ("tool_output", "$ cat kraken.key\n{0}\n{1}"),
      ("json", '{{"kraken": {{"key": "{0}", "private": "{1}"}}}}')]),
    ("wasabi/access-keys", _note("S3-compatible: a 20-character upper-case key id and a 40-character secret"),
     lambda: (draw(UPPER, 20), draw(B62 + "+/", 40)),
     [("ini", "[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = {0}\nsecret_access_key = {1}\nendpoint = s3.wasabisys.com"),
      ("cli_flag", "$ mc alias set wasabi https://s3.wasabisys.com {0} {1}"),
      ("csv", "User name,Access key ID,Secret access key\nci-uploader,{0},{1}")]),
    ("ovhcloud/api-credentials", _note("an application key of 16, an application secret and a consumer key of 32 letters and digits"),
     lambda: (draw(B62, 16), draw(B62, 32)),
     [("ini", "[default]\nendpoint=ovh-eu\n[ovh-eu]\napplication_key={0}\napplication_secret={1}"),
      ("code", "client = ovh.Client(endpoint='ovh-eu', application_key='{0}', application_secret='{1}')"),
      ("env", "OVH_APPLICATION_KEY={0}\nOVH_APPLICATION_SECRET={1}")]),
    ("zulip/zuliprc", _note("a bot's zuliprc: email, key (32 letters and digits), site"),
     lambda: ("deploy-bot@chat.example.org", draw(B62, 32)),
     [("ini", "[api]\nemail={0}\nkey={1}\nsite=https://chat.example.org"),
      ("tool_output", "$ cat ~/.zuliprc\n[api]\nemail={0}\nkey={1}"),
      ("cli_flag", "$ zulip-send --user {0} --api-key {1} --stream deploys -m done")]),
    ("alchemy/rpc-url", _note("RPC URLs end /v2/ and a 32-character url-safe key"),
     lambda: ("", draw(URLSAFE, 32)),
     [("url", "https://eth-mainnet.g.alchemy.com/v2/{1}"),
      ("env", "RPC_URL=https://arb-mainnet.g.alchemy.com/v2/{1}"),
      ("code", "const provider = new JsonRpcProvider(\"https://polygon-mainnet.g.alchemy.com/v2/{1}\");")]),
    ("wordpress/application-password", _note("24 letters and digits in six groups of four, separated by spaces"),
     lambda: ("ci", " ".join(draw(B62, 4) for _ in range(6))),
     [("prose", "WordPress made the application password {1} for the deploy user, it is shown once."),
      ("cli_flag", "$ curl -u \"{0}:{1}\" https://blog.example.com/wp-json/wp/v2/posts"),
      ("env", "WP_APP_PASSWORD=\"{1}\"")]),
]

# A PEM body cut by a pager or kept in JSON: every base64 line is a secret.
PEM_CONTEXTS = [
    ("pem", lambda lines: "$ head -n 3 AuthKey_" + draw(UPPER, 10) + ".p8 | tail -n 2\n" + "\n".join(lines[:2])),
    ("escaped_json", lambda lines: '{"issuer_id": "' + uuid4() + '", "private_key": "-----BEGIN PRIVATE KEY-----\\n'
     + "\\n".join(lines) + '\\n-----END PRIVATE KEY-----"}'),
    ("wrapped", lambda lines: "2026-12-04T10:00:01Z asc-upload key material: " + lines[1][:40] + "\n2026-12-04T10:00:01Z "
     + lines[1][40:]),
]

# Contexts a value without a telling name is placed in: (context, template).
CONTEXTS = [
    ("tool_output", "$ op read op://ci/upstream/credential\n{v}"),
    ("tool_output", "In [3]: cfg['with']\nOut[3]: '{v}'"),
    ("prose", "Il nuovo valore è {v}, mettilo nel runner prima di venerdì."),
    ("prose", "새 값은 {v} 입니다. 배포 전에 교체해 주세요."),
    ("prose", "Nieuwe waarde: {v} — zet hem in de pipeline."),
    ("prose", "Nowa wartość to {v}, podmień ją w sejfie."),
    ("prose", "Yeni değer {v}, lütfen CI'a ekle."),
    ("prose", "Новое значение {v}, обнови в раннере."),
    ("cli_flag", "$ upstream login --with {v}"),
    ("cli_flag", "PS> Connect-Upstream -Credential {v} -Region eu"),
    ("diff", "@@ -3,2 +3,2 @@\n-upstream = env(\"UPSTREAM\")\n+upstream = \"{v}\""),
    ("escaped_json", '{{"type": "tool_result", "content": "{{\\"ok\\": true, \\"value\\": \\"{v}\\"}}"}}'),
    ("bytes_literal", "payload = b\"{v}\""),
    ("url", "https://api.example.dev/v1/stream?app={u}&lang=en"),
    ("log", "{{\"level\":\"debug\",\"ts\":1733300000.12,\"msg\":\"client ready\",\"with\":\"{v}\"}}"),
    ("log", "##[debug]Evaluating: upstream = '{v}'"),
    ("header", "X-Upstream-With: {v}"),
    ("yaml", "services:\n  worker:\n    environment:\n      - UPSTREAM_WITH={v}"),
    ("code", "let client = Upstream::new(\"{v}\");"),
    ("code", "$client = New-Object Upstream.Client('{v}')"),
    ("xml", "<upstream with=\"{v}\" retries=\"3\"/>"),
    ("dockerfile", "ENV UPSTREAM_WITH={v}"),
]

# Contexts for a value only its name tells apart: (context, template with {n} the NAME, {l} its lower case).
NAMED_CONTEXTS = [
    ("env", "{n}={v}"),
    ("yaml", "stringData:\n  {n}: \"{v}\""),
    ("json", '{{"env": {{"{n}": "{v}"}}}}'),
    ("cli_flag", "$ fly secrets set {n}={v}"),
    ("code", "Environment.SetEnvironmentVariable(\"{n}\", \"{v}\");"),
    ("dockerfile", "ARG {n}={v}"),
]


# --- ordinary look-alikes that must keep every character ---------------------------------------

def _ocid() -> str:
    kind = secrets.choice(["instance", "tenancy", "user", "vcn", "bucket"])
    return f"ocid1.{kind}.oc1.{secrets.choice(['iad', 'phx', 'eu-frankfurt-1'])}.aaaaaaaa{draw(BASE32, 52)}"


def _git_binary_patch() -> str:
    lines = [secrets.choice("abcdefghijklmnopqrstuvwxyz") + draw(BASE85, 52) for _ in range(4)]
    return ("diff --git a/logo.png b/logo.png\nindex " + draw(HEX, 7) + ".." + draw(HEX, 7) + " 100644\nGIT binary patch\n"
            f"literal {secrets.randbelow(9000) + 1000}\n" + "\n".join(lines) + "\n")


def _terraform_lock() -> str:
    return ('provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.80.0"\n  hashes = [\n'
            f'    "h1:{b64(32)}",\n    "zh:{draw(HEX, 64)}",\n    "zh:{draw(HEX, 64)}",\n  ]\n}}')


def _flake_lock() -> str:
    return ('"nixpkgs": {\n  "locked": {\n    "lastModified": 1733000000,\n    "narHash": "sha256-'
            + b64(32) + '",\n    "owner": "NixOS",\n    "repo": "nixpkgs",\n    "rev": "' + draw(HEX, 40) + '",\n    "type": "github"\n  }\n}')


def _go_buildid() -> str:
    return "$ go tool buildid ./bin/server\n" + "/".join(draw(URLSAFE, 20) for _ in range(4))


def _sourcemap() -> str:
    segment = lambda: "".join(secrets.choice(B64) for _ in range(secrets.choice([4, 5, 6, 8])))
    mappings = ";".join(",".join(segment() for _ in range(6)) for _ in range(3))
    return '{"version":3,"file":"index.js","sources":["../src/index.ts"],"names":[],"mappings":"' + mappings + '"}'


def _saml_cert() -> str:
    return ("<ds:KeyInfo><ds:X509Data><ds:X509Certificate>" + base64.b64encode(certificate_der()).decode()
            + "</ds:X509Certificate></ds:X509Data></ds:KeyInfo>")


def _dkim() -> str:
    return f"selector1._domainkey.example.com. 3600 IN TXT \"v=DKIM1; k=rsa; p={base64.b64encode(spki_der()).decode()}\""


def _lightning() -> str:
    groups = [secrets.randbelow(32) for _ in range(180)]
    return "Pay this invoice: " + bech32_groups("lnbc" + str(secrets.choice([10, 25, 250])) + "u", groups)


def _kubeconfig() -> str:
    pem = "-----BEGIN CERTIFICATE-----\n" + "\n".join(chunks(base64.b64encode(certificate_der()).decode())) + "\n-----END CERTIFICATE-----\n"
    return ("clusters:\n- cluster:\n    certificate-authority-data: " + base64.b64encode(pem.encode()).decode()
            + "\n    server: https://10.0.0.1:6443\n  name: dev")


MASKED = ["API key: sk-…" + draw(B62, 4), "token ends with ****" + draw(HEX, 4), "AKIA************" + draw(UPPER, 4),
          "Bearer xoxb-****-****-****", "secret: ••••••••" + draw(B62, 4), "key=" + "*" * 28 + draw(HEX, 4)]
ENV_EXAMPLE = ["# .env.example\nSTRIPE_SECRET_KEY=\nSESSION_SECRET=replace-with-a-long-random-string\nDATABASE_URL=postgres://localhost/app",
               "API_TOKEN=  # ask in #platform for one\nJWT_SECRET=generate-one-with-openssl-rand",
               "OPENAI_API_KEY=your-key-goes-here\nANTHROPIC_API_KEY=put-your-key-here"]

ORDINARY = [
    ("cloud/oci-ocid", lambda: f'{{"id": "{_ocid()}", "lifecycleState": "RUNNING"}}'),
    ("cloud/iam-unique-ids", lambda: f'"UserId": "AIDA{draw(UPPER, 17)}",\n"RoleId": "AROA{draw(UPPER, 17)}"'),
    ("cloud/aws-resource-ids", lambda: f"i-{draw(HEX, 17)}  ami-{draw(HEX, 17)}  vol-{draw(HEX, 17)}  subnet-{draw(HEX, 17)}"),
    ("git/binary-patch", _git_binary_patch),
    ("git/describe-output", lambda: f"$ git describe --long --dirty\nv{secrets.randbelow(9)}.{secrets.randbelow(20)}.0-{secrets.randbelow(200)}-g{draw(HEX, 12)}"),
    ("lockfile/terraform-lock", _terraform_lock),
    ("lockfile/nix-flake-lock", _flake_lock),
    ("lockfile/gradle-verification", lambda: f'<component group="com.squareup.okio" name="okio" version="3.9.0">\n  <artifact name="okio-3.9.0.jar">\n    <sha256 value="{draw(HEX, 64)}" origin="Generated by Gradle"/>\n  </artifact>\n</component>'),
    ("lockfile/swift-package-resolved", lambda: f'{{\n  "identity" : "swift-argument-parser",\n  "state" : {{\n    "revision" : "{draw(HEX, 40)}",\n    "version" : "1.5.0"\n  }}\n}}'),
    ("lockfile/conda-explicit", lambda: f"https://conda.anaconda.org/conda-forge/linux-64/numpy-2.1.3-py312h58c1407_0.conda#{draw(HEX, 32)}"),
    ("url/gravatar", lambda: f'<img src="https://www.gravatar.com/avatar/{draw(HEX, 32)}?s=80&d=identicon" alt="">'),
    ("build/go-buildid", _go_buildid),
    ("build/sourcemap-mappings", _sourcemap),
    ("build/vite-assets", lambda: "\n".join(f"dist/assets/{name}-{draw(URLSAFE, 8)}.js   {secrets.randbelow(400)}.{secrets.randbelow(99)} kB" for name in ("index", "vendor", "router"))),
    ("public-key/ssh-certificate", lambda: "$ cat ~/.ssh/id_ed25519-cert.pub\n" + ssh_certificate()),
    ("public-key/saml-x509", _saml_cert),
    ("public-key/dkim-record", _dkim),
    ("encoded/kubeconfig-ca", _kubeconfig),
    ("crypto/lightning-invoice", _lightning),
    ("crypto/tx-hash", lambda: f'{{"transactionHash": "0x{draw(HEX, 64)}", "blockNumber": "0x{draw(HEX, 7)}", "status": "0x1"}}'),
    ("object-id/twilio-sids", lambda: f'{{"sid": "SM{draw(HEX, 32)}", "messaging_service_sid": "MG{draw(HEX, 32)}", "status": "queued"}}'),
    ("ci/actions-cache-key", lambda: f"Cache restored from key: node-cache-Linux-x64-npm-{draw(HEX, 64)}"),
    ("placeholder/masked-values", lambda: secrets.choice(MASKED)),
    ("placeholder/env-example", lambda: secrets.choice(ENV_EXAMPLE)),
]


ONE_SECRET = ("alchemy/rpc-url", "wordpress/application-password", "zulip/zuliprc")


def _item(fmt: str, turn: int, text: str, found: list[str], context: str, note: str) -> dict:
    return grown_item("s-grown3-" if found else "o-grown3-", fmt, turn, text, found, context, {"kind": "generated", "note": note})

def build() -> list[dict]:
    """Every item, drawn anew. Vendors and shapes are chosen apart from the earlier development parts
    and from those the README names for the held-out parts; the held-out files are not read."""
    items: list[dict] = []
    for number, (fmt, note, make, name) in enumerate(FORMATS):
        placed = three_placed(number, make, name, CONTEXTS, NAMED_CONTEXTS)
        items += [_item(fmt, turn, text, [found], context, note) for turn, (context, text, found) in enumerate(placed, 1)]
    for fmt, note, make, places in PAIRS:
        for turn, (context, template) in enumerate(places, 1):
            ident, secret = make()
            shown = url_quoted(secret) if context == "url" and "?" in template else secret
            # Both halves of a key pair grant access together; a login name or an e-mail does not.
            found = [ident, shown] if fmt not in ONE_SECRET else [shown]
            items.append(_item(fmt, turn, template.format(ident, shown), found, context, note))
    note = _note("an App Store Connect .p8 file: a PKCS#8 EC private key in PEM")
    for turn, (context, place) in enumerate(PEM_CONTEXTS, 1):
        lines = chunks(base64.b64encode(pkcs8_ec_der()).decode())
        text = place(lines)
        found = [lines[1][:40], lines[1][40:]] if context == "wrapped" else (lines[:2] if context == "pem" else lines)
        items.append(_item("apple/app-store-connect-key", turn, text, found, context, note))
    note = "an everyday look-alike of transcript text, must keep every character; drawn by make_grown3.py with secrets"
    for shape, make in ORDINARY:
        items += [_item(shape, turn, text, [], "tool_output", note) for turn, text in enumerate(three_different(make), 1)]
    return items


if __name__ == "__main__":
    write(build(), HERE / "grown3.jsonl")
