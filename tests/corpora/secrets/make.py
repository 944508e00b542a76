"""Writes the secrets corpus (development.jsonl, heldout.jsonl, manifest.json) from a fixed seed.

    python tests/corpora/secrets/make.py

Every value is random, drawn by this script, and shaped like the real thing: the prefix,
length and alphabet each format is documented or detected by (gitleaks' default rule set,
trufflehog's detectors, vendors' announcements of their token formats), and the checksum where
a format has one (GitHub and npm tokens end in a base62 CRC32 of their random part; age keys
are bech32; PyPI tokens are base64url macaroons that begin with their location). No value, and
no fixture, of those projects is copied.

This file names every format of both parts, so it is held-out material too: whoever tunes a
screen does not read it (README.md, "The held-out rule").

The split is fixed by `part_of` below, before any file is written: vendors (the part of a
format's name before "/") go wholly to one part, alternating within each category in the order
of a hash of their name; ordinary shapes go the same way within their family. Contexts are
dealt to the items of each part so that every part has the same mix.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import sys
import uuid
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from fresh_kit import bech32, chunks

SEED = 20261204
HERE = Path(__file__).resolve().parent
PARTS = ("development", "heldout")

DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
ALNUM = DIGITS + UPPER + LOWER
HEX = "0123456789abcdef"
B64 = UPPER + LOWER + DIGITS + "+/"
B64URL = UPPER + LOWER + DIGITS + "-_"
BASE62 = DIGITS + UPPER + LOWER  # the order GitHub's and npm's checksums are written in
BASE36 = DIGITS + LOWER


# --- values ---------------------------------------------------------------------------------

class Draw:
    """Random text for one format (its own stream, so adding a format changes no other)."""

    def __init__(self, name: str):
        self.r = random.Random(f"{SEED}:{name}")

    def pick(self, chars: str, n: int) -> str:
        body = [self.r.choice(chars) for _ in range(n)]
        # A digit, an upper- and a lower-case letter where the alphabet has them: real keys do.
        if n >= 8:
            for group in (DIGITS, UPPER, LOWER):
                usable = [c for c in group if c in chars]
                if usable:
                    body[self.r.randrange(n)] = self.r.choice(usable)
        return "".join(body)

    def hex(self, n: int) -> str:
        return self.pick(HEX, n)

    def digits(self, n: int, first: str = "123456789") -> str:
        return self.r.choice(first) + "".join(self.r.choice(DIGITS) for _ in range(n - 1))

    def bytes(self, n: int) -> bytes:
        return bytes(self.r.randrange(256) for _ in range(n))

    def b64(self, n_bytes: int, url: bool = False, pad: bool = True) -> str:
        raw = self.bytes(n_bytes)
        text = (base64.urlsafe_b64encode if url else base64.b64encode)(raw).decode()
        return text if pad else text.rstrip("=")

    def uuid(self) -> str:
        return str(uuid.UUID(bytes=self.bytes(16), version=4))

    def choice(self, seq):
        return self.r.choice(seq)

    def password(self, n: int = 16) -> str:
        symbols = "!#%*+-.:?@^_~"
        body = list(self.pick(ALNUM, n - 2)) + [self.r.choice(symbols), self.r.choice(symbols)]
        self.r.shuffle(body)
        return "".join(body)


def base62(number: int, width: int) -> str:
    out = ""
    while number:
        number, rest = divmod(number, 62)
        out = BASE62[rest] + out
    return out.rjust(width, "0")


def base36(number: int, width: int) -> str:
    out = ""
    while number:
        number, rest = divmod(number, 36)
        out = BASE36[rest] + out
    return out.rjust(width, "0")


def crc_token(d: Draw, prefix: str, random_chars: int = 30) -> str:
    """GitHub's and npm's token shape: prefix, random base62, then the CRC32 of the random part
    in six base62 digits."""
    body = d.pick(BASE62, random_chars)
    return prefix + body + base62(zlib.crc32(body.encode()), 6)


def macaroon(d: Draw, location: str) -> str:
    """A PyPI upload token: "pypi-" and a base64url v2 macaroon whose first field is its location."""
    def packet(kind: int, data: bytes) -> bytes:
        return bytes([kind, len(data)]) + data
    caveat = json.dumps({"version": 1, "permissions": {"projects": [d.choice(["acme-sdk", "shopkit", "tiny-orm"])]}},
                        separators=(",", ":")).encode()
    raw = (b"\x02" + packet(1, location.encode()) + packet(2, d.uuid().encode()) + b"\x00"
           + packet(2, caveat) + b"\x00" + packet(2, json.dumps({"nbf": 1767225600}).encode()) + b"\x00" + b"\x00"
           + packet(6, d.bytes(32)))
    return "pypi-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def der_len(n: int) -> bytes:
    if n < 128:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def der(tag: int, body: bytes) -> bytes:
    return bytes([tag]) + der_len(len(body)) + body


def der_int(value: bytes) -> bytes:
    return der(0x02, (b"\x00" + value) if value[0] & 0x80 else value)


def pem(kind: str, data: bytes) -> str:
    return f"-----BEGIN {kind}-----\n" + "\n".join(chunks(base64.b64encode(data).decode())) + f"\n-----END {kind}-----"


def pem_body_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("-----") and ":" not in line
            and len(line) >= 16]


def rsa_private(d: Draw) -> bytes:
    """A PKCS#1 RSA private key's DER shape (random numbers of the right sizes)."""
    n = b"\xc1" + d.bytes(255)
    parts = [b"\x00", n, b"\x01\x00\x01", b"\x5a" + d.bytes(255), b"\xe3" + d.bytes(127), b"\xd9" + d.bytes(127),
             b"\x31" + d.bytes(127), b"\x47" + d.bytes(127), b"\x6c" + d.bytes(127)]
    return der(0x30, b"".join(der_int(p) for p in parts))


def ed25519_pkcs8(d: Draw) -> bytes:
    return bytes.fromhex("302e020100300506032b657004220420") + d.bytes(32)


def ec_private(d: Draw) -> bytes:
    secret = d.bytes(32)
    public = b"\x04" + d.bytes(64)
    return der(0x30, der(0x02, b"\x01") + der(0x04, secret) + bytes.fromhex("a00a06082a8648ce3d030107")
               + der(0xA1, der(0x03, b"\x00" + public)))


def ssh_string(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def openssh_private(d: Draw) -> str:
    public = d.bytes(32)
    key_blob = ssh_string(b"ssh-ed25519") + ssh_string(public)
    check = d.bytes(4)
    private = (check + check + ssh_string(b"ssh-ed25519") + ssh_string(public) + ssh_string(d.bytes(32) + public)
               + ssh_string(b"dev@laptop"))
    private += bytes(range(1, 1 + (-len(private)) % 8))
    data = (b"openssh-key-v1\x00" + ssh_string(b"none") + ssh_string(b"none") + ssh_string(b"")
            + (1).to_bytes(4, "big") + ssh_string(key_blob) + ssh_string(private))
    body = base64.b64encode(data).decode()
    return ("-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(body[i:i + 70] for i in range(0, len(body), 70))
            + "\n-----END OPENSSH PRIVATE KEY-----")


def ssh_public(d: Draw, kind: str) -> str:
    if kind == "ed25519":
        blob = ssh_string(b"ssh-ed25519") + ssh_string(d.bytes(32))
        return "ssh-ed25519 " + base64.b64encode(blob).decode()
    if kind == "ecdsa":
        blob = ssh_string(b"ecdsa-sha2-nistp256") + ssh_string(b"nistp256") + ssh_string(b"\x04" + d.bytes(64))
        return "ecdsa-sha2-nistp256 " + base64.b64encode(blob).decode()
    blob = ssh_string(b"ssh-rsa") + ssh_string(b"\x01\x00\x01") + ssh_string(b"\x00\xc7" + d.bytes(255))
    return "ssh-rsa " + base64.b64encode(blob).decode()


def rsa_spki(d: Draw) -> bytes:
    key = der(0x30, der_int(b"\xb3" + d.bytes(255)) + der_int(b"\x01\x00\x01"))
    return der(0x30, bytes.fromhex("300d06092a864886f70d0101010500") + der(0x03, b"\x00" + key))


def certificate(d: Draw, subject: str) -> bytes:
    """An X.509 certificate's DER shape: version, serial, algorithms, a name, validity, a key, a
    signature. The numbers are random; the structure is what a PEM body of a real one starts with."""
    name = der(0x30, der(0x31, der(0x30, bytes.fromhex("0603550403") + der(0x0C, subject.encode()))))
    validity = der(0x30, der(0x17, b"250101000000Z") + der(0x17, b"351231235959Z"))
    algorithm = bytes.fromhex("300d06092a864886f70d01010b0500")
    tbs = der(0x30, bytes.fromhex("a003020102") + der_int(b"\x4a" + d.bytes(19)) + algorithm + name + validity + name
              + rsa_spki(d))
    return der(0x30, tbs + algorithm + der(0x03, b"\x00" + d.bytes(256)))


def jwt(d: Draw, claims: dict, alg: str = "HS256", signature_bytes: int = 32) -> str:
    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode().rstrip("=")
    return part({"alg": alg, "typ": "JWT"}) + "." + part(claims) + "." + d.b64(signature_bytes, url=True, pad=False)


# --- formats ---------------------------------------------------------------------------------

@dataclass
class Format:
    name: str  # vendor/kind
    category: str
    make: Callable[[Draw], object]  # a value, or (text, [secret substrings]) for a URL or a key block
    env: str = ""  # the name a .env or a shell would give it
    key: str = ""  # the name a JSON or YAML config would give it
    label: str = ""  # what a person calls it, in prose ("Stripe secret key")
    cli: str = ""  # a command line that takes it as a flag value: {v}
    header: str = ""  # an HTTP header line: {v}
    host: str = ""
    bare: bool = True  # recognisable without a name beside it (prefix, structure)
    multiline: bool = False
    conn: str = ""  # a connection string that carries it: {v} (percent-encoded where the format needs it)
    per_format: int = 0  # items; 0: the default for its vendor
    url: str = ""  # how it sits in a URL: {v} (taken as it is), for values that are URLs or queries
    source: str = ""

    @property
    def vendor(self) -> str:
        return self.name.split("/", 1)[0]


GITLEAKS = "gitleaks config/gitleaks.toml (gitleaks/gitleaks@b58d3f10), rule {}"
TRUFFLEHOG = "trufflehog pkg/detectors/{} (trufflesecurity/trufflehog@3ab759fe)"
GH_BLOG = ("GitHub blog 2021-04-05 'Behind GitHub's new authentication token formats': 3-letter prefix and '_', "
           "30 random base62 characters, last 6 a base62 CRC32")
NPM_BLOG = ("GitHub blog 2021-09-23 'Announcing npm's new access token format': prefix npm_, last six characters "
            "a CRC32 checksum in base62")


def F(name, category, make, **kw) -> Format:
    return Format(name, category, make, **kw)


def _aws_session(d: Draw) -> str:
    return "IQoJb3JpZ2luX2Vj" + d.pick(B64, 340) + "=="


def _azure_sas(d: Draw) -> tuple[str, list[str]]:
    sig = quote(d.b64(32), safe="")
    text = ("sv=2024-11-04&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2027-03-01T00:00:00Z&st=2026-03-01T00:00:00Z"
            f"&spr=https&sig={sig}")
    return text, [sig]


def _slack_webhook(d: Draw) -> tuple[str, list[str]]:
    secret = d.pick(ALNUM, 24)
    return f"https://hooks.slack.com/services/T{d.pick(UPPER + DIGITS, 10)}/B{d.pick(UPPER + DIGITS, 10)}/{secret}", [secret]


def _discord_webhook(d: Draw) -> tuple[str, list[str]]:
    secret = d.pick(ALNUM + "_-", 68)
    return f"https://discord.com/api/webhooks/{d.digits(19, '1')}/{secret}", [secret]


def _teams_webhook(d: Draw) -> tuple[str, list[str]]:
    secret = d.hex(32)
    return (f"https://acme.webhook.office.com/webhookb2/{d.uuid()}@{d.uuid()}/IncomingWebhook/{secret}/{d.uuid()}",
            [secret])


def _zapier_webhook(d: Draw) -> tuple[str, list[str]]:
    secret = d.digits(8) + "/" + d.pick(LOWER + DIGITS, 7)
    return f"https://hooks.zapier.com/hooks/catch/{secret}/", [secret]


def _discord_bot(d: Draw) -> str:
    user = base64.b64encode(d.digits(19, "1").encode()).decode().rstrip("=")
    return f"{user}.{d.pick(ALNUM + '_-', 6)}.{d.pick(ALNUM + '_-', 38)}"


def _pem(kind: str, builder) -> Callable[[Draw], tuple[str, list[str]]]:
    def make(d: Draw):
        text = pem(kind, builder(d))
        return text, pem_body_lines(text)
    return make


def _openssh(d: Draw):
    text = openssh_private(d)
    return text, pem_body_lines(text)


def _pgp_private(d: Draw):
    body = base64.b64encode(b"\x95\x05\x86\x04" + d.bytes(300)).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    text = ("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(lines) + "\n=" + d.pick(B64, 4)
            + "\n-----END PGP PRIVATE KEY BLOCK-----")
    return text, [line for line in lines if len(line) >= 16]


def _putty(d: Draw):
    public = base64.b64encode(ssh_string(b"ssh-ed25519") + ssh_string(d.bytes(32))).decode()
    private = base64.b64encode(ssh_string(d.bytes(32))).decode()
    text = ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@build\nPublic-Lines: 2\n"
            f"{public[:64]}\n{public[64:]}\nPrivate-Lines: 1\n{private}\nPrivate-MAC: {d.hex(64)}")
    return text, [private]


def _gcp_service_account(d: Draw):
    key = pem("PRIVATE KEY", ed25519_pkcs8(d) + d.bytes(1180))
    text = json.dumps({"type": "service_account", "project_id": "acme-prod-42", "private_key_id": d.hex(40),
                       "private_key": key + "\n", "client_email": "deployer@acme-prod-42.iam.gserviceaccount.com"},
                      indent=2)
    return text, pem_body_lines(key)


def _age(d: Draw) -> str:
    return bech32("age-secret-key-", d.bytes(32)).upper()


def _bip39(d: Draw):
    words = ("abandon ability able about above absent absorb abstract absurd abuse access accident account accuse "
             "achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust "
             "admit adult advance advice aerobic affair afford afraid again age agent agree ahead aim air airport "
             "aisle alarm album alcohol alert alien all alley allow almost alone alpha already also alter always "
             "amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce").split()
    phrase = " ".join(d.choice(words) for _ in range(12))
    return phrase, [phrase]


def _jwt_session(d: Draw) -> str:
    return jwt(d, {"sub": d.uuid(), "role": "admin", "iat": 1767225600, "exp": 1798761600})


def _k8s_sa(d: Draw) -> str:
    return jwt(d, {"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "prod",
                   "sub": "system:serviceaccount:prod:deployer"}, alg="RS256", signature_bytes=256)


def _supabase_service(d: Draw) -> str:
    return jwt(d, {"iss": "supabase", "ref": d.pick(LOWER, 20), "role": "service_role", "iat": 1767225600,
                   "exp": 2082585600})


def _auth0_mgmt(d: Draw) -> str:
    return jwt(d, {"iss": "https://acme.eu.auth0.com/", "sub": d.pick(ALNUM, 32) + "@clients",
                   "aud": "https://acme.eu.auth0.com/api/v2/", "scope": "read:users update:users"},
               alg="RS256", signature_bytes=256)


def _basic(d: Draw) -> str:
    return base64.b64encode(f"ci-bot:{d.password(18)}".encode()).decode()


def _totp(d: Draw) -> tuple[str, list[str]]:
    secret = "".join(d.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(32))
    return f"otpauth://totp/Acme:dev%40acme.example?secret={secret}&issuer=Acme&digits=6", [secret]


def _sidekiq(d: Draw) -> tuple[str, list[str]]:
    secret = f"{d.hex(8)}:{d.hex(8)}"
    return f"https://{secret}@gems.contribsys.com/", [secret]


def formats() -> list[Format]:
    gl = GITLEAKS.format
    th = TRUFFLEHOG.format
    return [
        # cloud
        F("aws/access-key-id", "cloud", lambda d: "AKIA" + d.pick(UPPER + "234567", 16), env="AWS_ACCESS_KEY_ID",
          key="aws_access_key_id", label="AWS access key id", cli="aws configure set aws_access_key_id {v}",
          source=gl("aws-access-token")),
        F("aws/secret-access-key", "cloud", lambda d: d.pick(B64, 40), env="AWS_SECRET_ACCESS_KEY",
          key="aws_secret_access_key", label="AWS secret access key", cli="aws configure set aws_secret_access_key {v}",
          bare=False, source=th("aws") + " (40 characters of base64 beside a key id)"),
        F("aws/session-token", "cloud", _aws_session, env="AWS_SESSION_TOKEN", key="aws_session_token",
          label="AWS session token", cli="aws configure set aws_session_token {v}", bare=False,
          source=th("aws") + " (session tokens: long base64); the reported leak of issue 50"),
        F("aws/temporary-key-id", "cloud", lambda d: "ASIA" + d.pick(UPPER + "234567", 16), env="AWS_ACCESS_KEY_ID",
          key="AccessKeyId", label="temporary AWS key id", source=gl("aws-access-token") + " (ASIA prefix)"),
        F("aws/bedrock-api-key", "ai", lambda d: "ABSK" + d.pick(B64, 132) + "=", env="AWS_BEARER_TOKEN_BEDROCK",
          key="bedrockApiKey", label="Bedrock API key", header="Authorization: Bearer {v}",
          source=gl("aws-amazon-bedrock-api-key-long-lived")),
        F("gcp/api-key", "cloud", lambda d: "AIza" + d.pick(ALNUM + "_-", 35), env="GOOGLE_API_KEY", key="apiKey",
          label="Google API key", source=gl("gcp-api-key")),
        F("gcp/oauth-client-secret", "auth", lambda d: "GOCSPX-" + d.pick(ALNUM + "_-", 28), env="GOOGLE_CLIENT_SECRET",
          key="client_secret", label="Google OAuth client secret",
          source="Google OAuth client secrets carry the GOCSPX- prefix (GitHub secret scanning partner list)"),
        F("gcp/access-token", "cloud", lambda d: "ya29.a0" + d.pick(ALNUM + "_-", 170), env="GOOGLE_OAUTH_ACCESS_TOKEN",
          key="access_token", label="Google access token", header="Authorization: Bearer {v}",
          source="Google OAuth 2.0 access tokens begin ya29. (Google identity documentation)"),
        F("gcp/refresh-token", "cloud", lambda d: "1//0" + d.pick(ALNUM + "_-", 99), key="refresh_token",
          label="Google refresh token", source="Google OAuth refresh tokens begin 1// (Google identity documentation)"),
        F("gcp/service-account-key", "cloud", _gcp_service_account, key="private_key", label="service account key file",
          multiline=True, source="gcp service-account JSON (trufflehog pkg/detectors/gcp) with a PKCS#8 private key"),
        F("azure/storage-account-key", "cloud", lambda d: d.b64(64), env="AZURE_STORAGE_KEY", key="AccountKey",
          label="storage account key", bare=False,
          conn="DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey={v};EndpointSuffix=core.windows.net",
          source=th("azure_storage") + " (88 base64 characters ending ==)"),
        F("azure/entra-client-secret", "auth",
          lambda d: d.pick(ALNUM, 3) + d.choice(DIGITS) + "Q~" + d.pick(ALNUM + "_~.-", 34), env="AZURE_CLIENT_SECRET",
          key="clientSecret", label="Entra ID client secret", source=gl("azure-ad-client-secret")),
        F("azure/sas-token", "cloud", _azure_sas, key="sasToken", label="SAS token",
          url="https://acmeprod.blob.core.windows.net/backups/db-2026-03-01.bak?{v}",
          source=th("azuresastoken") + "; the sig= parameter is the signature"),
        F("azure/cosmosdb-key", "database", lambda d: d.pick(ALNUM, 86) + "==", env="COSMOS_KEY", key="primaryMasterKey",
          label="Cosmos DB key", bare=False,
          conn="AccountEndpoint=https://acme-db.documents.azure.com:443/;AccountKey={v};",
          source=th("azure_cosmosdb")),
        F("azure/container-registry-password", "registry", lambda d: d.pick(ALNUM + "+/", 42) + "+ACR" + d.pick(ALNUM, 6),
          env="ACR_PASSWORD", key="password", label="container registry password",
          cli="docker login acmeprod.azurecr.io -u acmeprod -p {v}", source=th("azurecontainerregistry")),
        F("alibaba/access-key-id", "cloud", lambda d: "LTAI" + d.pick(ALNUM, 20), env="ALIBABA_CLOUD_ACCESS_KEY_ID",
          key="accessKeyId", label="Alibaba Cloud AccessKey ID", source=gl("alibaba-access-key-id")),
        F("tencent/secret-id", "cloud", lambda d: "AKID" + d.pick(ALNUM, 32), env="TENCENTCLOUD_SECRET_ID",
          key="SecretId", label="Tencent Cloud SecretId", source="Tencent Cloud SecretId: AKID and 32 alphanumerics"),
        F("digitalocean/pat", "cloud", lambda d: "dop_v1_" + d.hex(64), env="DIGITALOCEAN_TOKEN", key="token",
          label="DigitalOcean token", cli="doctl auth init --access-token {v}", source=gl("digitalocean-pat")),
        F("digitalocean/oauth", "cloud", lambda d: "doo_v1_" + d.hex(64), key="access_token",
          label="DigitalOcean OAuth token", source=gl("digitalocean-access-token")),
        F("digitalocean/refresh", "cloud", lambda d: "dor_v1_" + d.hex(64), key="refresh_token",
          label="DigitalOcean refresh token", source=gl("digitalocean-refresh-token")),
        F("cloudflare/origin-ca-key", "cloud", lambda d: "v1.0-" + d.hex(24) + "-" + d.hex(146),
          env="CF_ORIGIN_CA_KEY", key="origin_ca_key", label="Cloudflare Origin CA key",
          header="X-Auth-User-Service-Key: {v}", source=gl("cloudflare-origin-ca-key")),
        F("cloudflare/global-api-key", "cloud", lambda d: "cfk_" + d.pick(ALNUM, 40) + d.hex(8), env="CLOUDFLARE_API_KEY",
          key="api_key", label="Cloudflare API key", header="X-Auth-Key: {v}", source=th("cloudflareglobalapikey")),
        F("heroku/api-key-v2", "cloud", lambda d: "HRKU-AA" + d.pick(ALNUM + "_-", 58), env="HEROKU_API_KEY",
          key="api_key", label="Heroku API key", source=gl("heroku-api-key-v2")),
        F("flyio/access-token", "cloud", lambda d: "fo1_" + d.pick(ALNUM + "_-", 43), env="FLY_API_TOKEN",
          key="token", label="Fly.io token", cli="flyctl deploy --access-token {v}", source=gl("flyio-access-token")),
        F("scalingo/api-token", "cloud", lambda d: "tk-us-" + d.pick(ALNUM + "_-", 48), env="SCALINGO_API_TOKEN",
          key="token", label="Scalingo token", source=gl("scalingo-api-token")),
        F("yandex/api-key", "cloud", lambda d: "AQVN" + d.pick(ALNUM + "_-", 36), env="YC_API_KEY", key="api_key",
          label="Yandex Cloud API key", header="Authorization: Api-Key {v}", source=gl("yandex-api-key")),
        F("yandex/static-key", "cloud", lambda d: "YC" + d.pick(ALNUM + "_-", 38), env="YC_SECRET_KEY",
          key="secret", label="Yandex Cloud static key", source=gl("yandex-aws-access-token")),
        F("saladcloud/api-key", "cloud", lambda d: "salad_cloud_" + d.pick(ALNUM, 6) + "_" + d.pick(ALNUM, 60),
          env="SALAD_API_KEY", key="api_key", label="SaladCloud API key", header="Salad-Api-Key: {v}",
          source=th("saladcloudapikey")),
        F("tailscale/auth-key", "cloud",
          lambda d: "tskey-auth-" + d.pick(ALNUM, 14) + "CNTRL-" + d.pick(ALNUM, 33), env="TS_AUTHKEY",
          key="authkey", label="Tailscale auth key", cli="tailscale up --authkey={v}", source=th("tailscale")),
        F("openshift/user-token", "cloud", lambda d: "sha256~" + d.pick(ALNUM + "_-", 43), key="token",
          label="OpenShift token", cli="oc login --token={v} --server=https://api.ocp.acme.example:6443",
          source=gl("openshift-user-token")),
        F("kubernetes/service-account-token", "cloud", _k8s_sa, key="token", label="service account token",
          header="Authorization: Bearer {v}",
          cli="kubectl --token={v} --server=https://10.0.0.1:6443 get pods", source="a signed RS256 JWT, as kubelets mount"),
        # payment
        F("stripe/secret-live", "payment", lambda d: "sk_live_51" + d.pick(ALNUM, 97), env="STRIPE_SECRET_KEY",
          key="secretKey", label="Stripe secret key", header="Authorization: Bearer {v}", source=gl("stripe-access-token")),
        F("stripe/restricted-live", "payment", lambda d: "rk_live_51" + d.pick(ALNUM, 97), env="STRIPE_RESTRICTED_KEY",
          key="restricted_key", label="Stripe restricted key", source=gl("stripe-access-token")),
        F("stripe/webhook-secret", "payment", lambda d: "whsec_" + d.pick(ALNUM, 32), env="STRIPE_WEBHOOK_SECRET",
          key="webhook_secret", label="Stripe webhook signing secret",
          source="Stripe webhook signing secrets begin whsec_ (Stripe documentation)"),
        F("square/access-token", "payment", lambda d: "EAAA" + d.pick(ALNUM + "_-", 60), env="SQUARE_ACCESS_TOKEN",
          key="accessToken", label="Square access token", source=gl("square-access-token")),
        F("square/oauth-secret", "payment", lambda d: "sq0csp-" + d.pick(ALNUM + "_-", 43), env="SQUARE_APP_SECRET",
          key="application_secret", label="Square application secret", source=th("squareapp")),
        F("braintree/access-token", "payment",
          lambda d: "access_token$production$" + d.pick(LOWER + DIGITS, 16) + "$" + d.hex(32),
          env="BRAINTREE_ACCESS_TOKEN", key="accessToken", label="Braintree access token",
          source="Braintree access tokens: access_token$production$<merchant>$<32 hex>"),
        F("flutterwave/secret-key", "payment", lambda d: "FLWSECK-" + d.pick(LOWER + DIGITS, 32) + "-X",
          env="FLW_SECRET_KEY", key="secret_key", label="Flutterwave secret key", source=th("flutterwave")),
        F("flutterwave/test-secret-key", "payment", lambda d: "FLWSECK_TEST-" + d.pick("abcdefgh" + DIGITS, 32) + "-X",
          env="FLW_SECRET_KEY", key="secret_key", label="Flutterwave test secret key", source=gl("flutterwave-secret-key")),
        F("paystack/secret-key", "payment", lambda d: "sk_live_" + d.hex(40), env="PAYSTACK_SECRET_KEY",
          key="secretKey", label="Paystack secret key", header="Authorization: Bearer {v}",
          source="Paystack secret keys: sk_live_ and 40 hex (Paystack documentation)"),
        F("gocardless/access-token", "payment", lambda d: "live_" + d.pick(ALNUM + "_-", 40), env="GOCARDLESS_ACCESS_TOKEN",
          key="access_token", label="GoCardless access token", source=th("gocardless")),
        F("duffel/api-token", "payment", lambda d: "duffel_live_" + d.pick(ALNUM + "_-", 43), env="DUFFEL_ACCESS_TOKEN",
          key="token", label="Duffel token", source=gl("duffel-api-token")),
        F("easypost/api-key", "payment", lambda d: "EZAK" + d.pick(LOWER + DIGITS, 54), env="EASYPOST_API_KEY",
          key="api_key", label="EasyPost key", source=gl("easypost-api-token")),
        F("shippo/live-token", "payment", lambda d: "shippo_live_" + d.hex(40), env="SHIPPO_API_TOKEN", key="token",
          header="Authorization: ShippoToken {v}", label="Shippo token", source=gl("shippo-api-token")),
        F("plaid/access-token", "payment", lambda d: "access-production-" + d.uuid(), key="access_token",
          label="Plaid access token", source=gl("plaid-api-token")),
        F("pagarme/api-key", "payment", lambda d: "ak_live_" + d.pick(ALNUM, 30), env="PAGARME_API_KEY", key="api_key",
          label="Pagar.me key", source=th("pagarme")),
        F("ramp/client-secret", "payment", lambda d: "ramp_sec_" + d.pick(ALNUM, 48), env="RAMP_CLIENT_SECRET",
          key="client_secret", label="Ramp client secret", source=th("ramp")),
        # chat and mail
        F("slack/bot-token", "chat",
          lambda d: f"xoxb-{d.digits(12)}-{d.digits(13)}-{d.pick(ALNUM, 24)}", env="SLACK_BOT_TOKEN", key="bot_token",
          label="Slack bot token", header="Authorization: Bearer {v}", source=gl("slack-bot-token")),
        F("slack/user-token", "chat",
          lambda d: f"xoxp-{d.digits(12)}-{d.digits(12)}-{d.digits(13)}-{d.hex(32)}", env="SLACK_USER_TOKEN",
          key="user_token", label="Slack user token", source=gl("slack-user-token")),
        F("slack/app-token", "chat",
          lambda d: f"xapp-1-A{d.pick(UPPER + DIGITS, 10)}-{d.digits(13)}-{d.hex(64)}", env="SLACK_APP_TOKEN",
          key="app_token", label="Slack app-level token", source=gl("slack-app-token")),
        F("slack/webhook-url", "chat", _slack_webhook, url="{v}", env="SLACK_WEBHOOK_URL", key="webhook_url",
          label="Slack webhook", source=gl("slack-webhook-url")),
        F("slack/config-refresh-token", "chat", lambda d: "xoxe-1-" + d.pick(UPPER + DIGITS, 146), key="refresh_token",
          label="Slack config refresh token", source=gl("slack-config-refresh-token")),
        F("discord/bot-token", "chat", _discord_bot, env="DISCORD_TOKEN", key="token", label="Discord bot token",
          header="Authorization: Bot {v}", source="Discord bot tokens: base64 user id, '.', timestamp, '.', HMAC"),
        F("discord/webhook-url", "chat", _discord_webhook, url="{v}", env="DISCORD_WEBHOOK", key="webhook",
          label="Discord webhook", source=th("discordwebhook")),
        F("telegram/bot-token", "chat", lambda d: f"{d.digits(10)}:AA{d.pick(ALNUM + '_-', 33)}",
          env="TELEGRAM_BOT_TOKEN", key="bot_token", label="Telegram bot token", source=gl("telegram-bot-api-token")),
        F("msteams/webhook-url", "chat", _teams_webhook, url="{v}", env="TEAMS_WEBHOOK_URL", key="webhookUrl",
          label="Teams incoming webhook", source=gl("microsoft-teams-webhook")),
        F("webex/bot-token", "chat",
          lambda d: f"{d.pick(ALNUM, 64)}_{d.pick(UPPER + DIGITS, 4)}_{d.uuid()}", env="WEBEX_BOT_TOKEN", key="token",
          label="Webex bot token", header="Authorization: Bearer {v}", source=th("webexbot")),
        F("twilio/api-key-sid", "chat", lambda d: "SK" + d.hex(32), env="TWILIO_API_KEY", key="api_key_sid",
          label="Twilio API key SID", source=gl("twilio-api-key")),
        F("twilio/auth-token", "chat", lambda d: d.hex(32), env="TWILIO_AUTH_TOKEN", key="auth_token",
          label="Twilio auth token", bare=False, source=th("twilio") + " (32 hex beside an account SID)"),
        F("sendgrid/api-key", "chat", lambda d: "SG." + d.pick(ALNUM + "_-", 22) + "." + d.pick(ALNUM + "_-", 43),
          env="SENDGRID_API_KEY", key="apiKey", label="SendGrid key", source=gl("sendgrid-api-token")),
        F("mailgun/private-key", "chat", lambda d: "key-" + d.hex(32), env="MAILGUN_API_KEY", key="api_key",
          label="Mailgun key", cli="curl -s --user 'api:{v}' https://api.mailgun.net/v3/domains", source=th("mailgun")),
        F("mailchimp/api-key", "chat", lambda d: d.hex(32) + "-us" + str(d.r.randint(2, 21)), env="MAILCHIMP_API_KEY",
          key="apikey", label="Mailchimp key", source=th("mailchimp")),
        F("brevo/api-key", "chat", lambda d: "xkeysib-" + d.hex(64) + "-" + d.pick(ALNUM, 16), env="BREVO_API_KEY",
          key="api-key", label="Brevo key", header="api-key: {v}", source=gl("sendinblue-api-token")),
        F("zapier/webhook-url", "chat", _zapier_webhook, url="{v}", env="ZAPIER_HOOK", key="hook_url", label="Zapier catch hook",
          source=th("zapierwebhook")),
        # source control, CI and deploy
        F("github/pat-classic", "vcs", lambda d: crc_token(d, "ghp_"), env="GITHUB_TOKEN", key="token",
          label="GitHub token", header="Authorization: token {v}", cli="gh auth login --with-token <<< {v}",
          source=GH_BLOG),
        F("github/oauth", "vcs", lambda d: crc_token(d, "gho_"), env="GH_TOKEN", key="oauth_token",
          label="GitHub OAuth token", source=GH_BLOG),
        F("github/user-to-server", "vcs", lambda d: crc_token(d, "ghu_"), key="token", label="GitHub App user token",
          source=GH_BLOG),
        F("github/server-to-server", "vcs", lambda d: crc_token(d, "ghs_"), env="GITHUB_APP_TOKEN", key="token",
          label="GitHub App installation token", source=GH_BLOG),
        F("github/refresh", "vcs", lambda d: crc_token(d, "ghr_", 70), key="refresh_token",
          label="GitHub refresh token", source=GH_BLOG + "; refresh tokens are longer (gitleaks github-refresh-token)"),
        F("github/fine-grained-pat", "vcs",
          lambda d: "github_pat_11" + d.pick(UPPER + DIGITS, 20) + "_" + d.pick(ALNUM, 59), env="GITHUB_PAT",
          key="token", label="GitHub fine-grained token", source=gl("github-fine-grained-pat")),
        F("gitlab/pat", "vcs", lambda d: "glpat-" + d.pick(ALNUM + "_-", 20), env="GITLAB_TOKEN", key="private_token",
          label="GitLab token", header="PRIVATE-TOKEN: {v}", source=gl("gitlab-pat")),
        F("gitlab/pat-routable", "vcs",
          lambda d: (lambda p: "glpat-" + p + ".01" + base36(zlib.crc32(p.encode()), 7))(d.pick(ALNUM + "_-", 38)),
          env="GITLAB_TOKEN", key="token", label="GitLab token", source=gl("gitlab-pat-routable")),
        F("gitlab/runner-token", "vcs", lambda d: "glrt-" + d.pick(ALNUM + "_-", 20), key="token",
          label="GitLab runner token", cli="gitlab-runner register --url https://gitlab.acme.example --token {v}",
          source=gl("gitlab-runner-authentication-token")),
        F("gitlab/deploy-token", "vcs", lambda d: "gldt-" + d.pick(ALNUM + "_-", 20), key="password",
          label="GitLab deploy token", source=gl("gitlab-deploy-token")),
        F("gitlab/job-token", "vcs", lambda d: "glcbt-" + d.pick(ALNUM, 2) + "_" + d.pick(ALNUM + "_-", 20),
          key="job_token", label="GitLab CI job token", header="JOB-TOKEN: {v}", source=gl("gitlab-cicd-job-token")),
        F("gitlab/feed-token", "vcs", lambda d: "glft-" + d.pick(ALNUM + "_-", 20), key="feed_token",
          label="GitLab feed token", source=gl("gitlab-feed-token")),
        F("gitlab/oauth-app-secret", "vcs", lambda d: "gloas-" + d.hex(64), key="secret",
          label="GitLab application secret", source=gl("gitlab-oauth-app-secret")),
        F("gitlab/trigger-token", "vcs", lambda d: "glptt-" + d.hex(40), key="token", label="GitLab trigger token",
          source=gl("gitlab-ptt")),
        F("gitlab/scim-token", "vcs", lambda d: "glsoat-" + d.pick(ALNUM + "_-", 20), key="scim_token",
          label="GitLab SCIM token", source=gl("gitlab-scim-token")),
        F("gitlab/agent-token", "vcs", lambda d: "glagent-" + d.pick(ALNUM + "_-", 50), key="token",
          label="GitLab agent token", source=gl("gitlab-kubernetes-agent-token")),
        F("gitlab/incoming-mail-token", "vcs", lambda d: "glimt-" + d.pick(ALNUM + "_-", 25), key="token",
          label="GitLab incoming mail token", source=gl("gitlab-incoming-mail-token")),
        F("gitlab/feature-flag-token", "vcs", lambda d: "glffct-" + d.pick(ALNUM + "_-", 20), key="token",
          label="GitLab feature flag token", source=gl("gitlab-feature-flag-client-token")),
        F("bitbucket/app-password", "vcs", lambda d: "ATBB" + d.pick(ALNUM, 32), env="BITBUCKET_APP_PASSWORD",
          key="app_password", label="Bitbucket app password", source=th("bitbucketapppassword")),
        F("bitbucket/data-center-token", "vcs", lambda d: "BBDC-" + d.pick(ALNUM + "+/", 44), key="token",
          label="Bitbucket Data Center token", header="Authorization: Bearer {v}", source=th("atlassiandatacenter")),
        F("atlassian/api-token", "saas", lambda d: "ATATT3xFfGF0" + d.pick(ALNUM + "_-", 171) + "=" + d.hex(8).upper(),
          env="JIRA_API_TOKEN", key="api_token", label="Atlassian API token", source=gl("atlassian-api-token")),
        F("circleci/personal-token", "ci", lambda d: "CCIPAT_" + d.pick(ALNUM, 22) + "_" + d.hex(40),
          env="CIRCLECI_TOKEN", key="token", label="CircleCI token", header="Circle-Token: {v}", source=th("circleci")),
        F("buildkite/agent-token", "ci", lambda d: "bkua_" + d.pick(LOWER + DIGITS, 40), env="BUILDKITE_API_TOKEN",
          key="token", label="Buildkite token", source=th("buildkite")),
        F("harness/pat", "ci", lambda d: f"pat.{d.pick(ALNUM + '_-', 22)}.{d.pick(ALNUM, 24)}.{d.pick(ALNUM, 20)}",
          env="HARNESS_API_KEY", key="apiKey", label="Harness token", header="x-api-key: {v}", source=gl("harness-api-key")),
        F("octopus/api-key", "ci", lambda d: "API-" + d.pick(UPPER + DIGITS, 26), env="OCTOPUS_API_KEY", key="apiKey",
          label="Octopus Deploy key", header="X-Octopus-ApiKey: {v}", source=gl("octopus-deploy-api-key")),
        F("sonar/user-token", "ci", lambda d: "squ_" + d.hex(40), env="SONAR_TOKEN", key="sonar.token",
          label="SonarQube token", cli="sonar-scanner -Dsonar.token={v}", source=gl("sonar-api-token")),
        F("sonar/cloud-token", "ci", lambda d: "sqco_" + d.pick(ALNUM, 59), env="SONAR_TOKEN", key="token",
          label="SonarCloud token", source=th("sonarcloud")),
        F("sourcegraph/access-token", "ci", lambda d: "sgp_" + d.hex(16) + "_" + d.hex(40), env="SRC_ACCESS_TOKEN",
          key="token", label="Sourcegraph token", source=gl("sourcegraph-access-token")),
        F("terraform/cloud-token", "ci", lambda d: d.pick(ALNUM, 14) + ".atlasv1." + d.pick(ALNUM + "_-", 67),
          env="TFE_TOKEN", key="token", label="Terraform Cloud token", source=gl("hashicorp-tf-api-token")),
        F("pulumi/access-token", "ci", lambda d: "pul-" + d.hex(40), env="PULUMI_ACCESS_TOKEN", key="accessToken",
          label="Pulumi token", source=gl("pulumi-api-token")),
        F("vault/service-token", "auth", lambda d: "hvs." + d.pick(ALNUM + "_-", 92), env="VAULT_TOKEN", key="token",
          label="Vault token", header="X-Vault-Token: {v}", source=gl("vault-service-token")),
        F("vault/batch-token", "auth", lambda d: "hvb." + d.pick(ALNUM + "_-", 150), env="VAULT_TOKEN", key="token",
          label="Vault batch token", source=gl("vault-batch-token")),
        F("doppler/personal-token", "ci", lambda d: "dp.pt." + d.pick(ALNUM, 43), env="DOPPLER_TOKEN", key="token",
          label="Doppler token", source=gl("doppler-api-token")),
        F("onepassword/service-account-token", "auth",
          lambda d: "ops_eyJ" + d.pick(ALNUM + "+/", 290) + "=", env="OP_SERVICE_ACCOUNT_TOKEN", key="token",
          label="1Password service account token", source=gl("1password-service-account-token")),
        F("onepassword/secret-key", "auth",
          lambda d: f"A3-{d.pick(UPPER + DIGITS, 6)}-{d.pick(UPPER + DIGITS, 11)}-{d.pick(UPPER + DIGITS, 5)}"
                    f"-{d.pick(UPPER + DIGITS, 5)}-{d.pick(UPPER + DIGITS, 5)}",
          key="secret_key", label="1Password Secret Key", source=gl("1password-secret-key")),
        F("infracost/api-key", "ci", lambda d: "ico-" + d.pick(ALNUM, 32), env="INFRACOST_API_KEY", key="api_key",
          label="Infracost key", source=gl("infracost-api-token")),
        F("prefect/api-key", "ci", lambda d: "pnu_" + d.pick(ALNUM, 36), env="PREFECT_API_KEY", key="api_key",
          label="Prefect key", source=gl("prefect-api-token")),
        F("postman/api-key", "saas", lambda d: "PMAK-" + d.hex(24) + "-" + d.hex(34), env="POSTMAN_API_KEY",
          key="apiKey", label="Postman key", header="X-Api-Key: {v}", source=gl("postman-api-token")),
        F("readme/api-key", "saas", lambda d: "rdme_" + d.pick(LOWER + DIGITS, 70), env="README_API_KEY", key="apiKey",
          label="ReadMe key", source=gl("readme-api-token")),
        F("rootly/api-key", "monitoring", lambda d: "rootly_" + d.hex(64), env="ROOTLY_API_TOKEN", key="token",
          label="Rootly key", source=th("rootly")),
        F("linear/api-key", "saas", lambda d: "lin_api_" + d.pick(ALNUM, 40), env="LINEAR_API_KEY", key="apiKey",
          label="Linear key", header="Authorization: {v}", source=gl("linear-api-key")),
        F("typeform/pat", "saas", lambda d: "tfp_" + d.pick(ALNUM + "_", 44) + "_" + d.pick(ALNUM, 14),
          env="TYPEFORM_TOKEN", key="token", label="Typeform token", source=gl("typeform-api-token")),
        F("clickhouse/cloud-secret", "database", lambda d: "4b1d" + d.pick(ALNUM, 38), env="CLICKHOUSE_KEY_SECRET",
          key="key_secret", label="ClickHouse Cloud key secret", source=gl("clickhouse-cloud-api-secret-key")),
        F("settlemint/pat", "saas", lambda d: "sm_pat_" + d.pick(ALNUM, 16), env="SETTLEMINT_ACCESS_TOKEN",
          key="token", label="SettleMint token", source=gl("settlemint-personal-access-token")),
        # monitoring
        F("sentry/user-token", "monitoring", lambda d: "sntryu_" + d.hex(64), env="SENTRY_AUTH_TOKEN",
          key="auth_token", label="Sentry user token", cli="sentry-cli --auth-token {v} releases list",
          source=gl("sentry-user-token")),
        F("sentry/org-token", "monitoring",
          lambda d: "sntrys_" + base64.b64encode(json.dumps(
              {"iat": 1767225600.5, "url": "https://sentry.io", "region_url": "https://us.sentry.io", "org": "acme"},
              separators=(",", ":")).encode()).decode().rstrip("=") + "_" + d.pick(ALNUM + "+/", 43),
          env="SENTRY_AUTH_TOKEN", key="authToken", label="Sentry org token", source=gl("sentry-org-token")),
        F("grafana/cloud-token", "monitoring", lambda d: "glc_" + d.pick(ALNUM + "+/", 96) + "==", env="GRAFANA_CLOUD_TOKEN",
          key="token", label="Grafana Cloud token", source=gl("grafana-cloud-api-token")),
        F("grafana/service-account-token", "monitoring", lambda d: "glsa_" + d.pick(ALNUM, 32) + "_" + d.hex(8),
          env="GRAFANA_TOKEN", key="token", label="Grafana service account token",
          source=gl("grafana-service-account-token")),
        F("grafana/api-key", "monitoring",
          lambda d: "eyJrIjoi" + base64.b64encode(json.dumps({"k": d.pick(ALNUM, 32), "n": "ci", "id": 1})
                                                  .encode()).decode()[8:].rstrip("="),
          env="GRAFANA_API_KEY", key="api_key", label="Grafana API key", source=gl("grafana-api-key")),
        F("newrelic/user-key", "monitoring", lambda d: "NRAK-" + d.pick(UPPER + DIGITS, 27), env="NEW_RELIC_API_KEY",
          key="api_key", label="New Relic user key", header="Api-Key: {v}", source=th("newrelicuserkey")),
        F("newrelic/insert-key", "monitoring", lambda d: "NRII-" + d.pick(ALNUM + "_-", 25), env="NEW_RELIC_INSERT_KEY",
          key="insert_key", label="New Relic insert key", source=th("newrelicinsightsinsertkey")),
        F("newrelic/license-key", "monitoring", lambda d: d.hex(32) + "FFFFNRAL", env="NEW_RELIC_LICENSE_KEY",
          key="license_key", label="New Relic license key", source=th("newreliclicensekey")),
        F("datadog/api-key", "monitoring", lambda d: d.hex(32), env="DD_API_KEY", key="api_key", label="Datadog API key",
          header="DD-API-KEY: {v}", bare=False, source=gl("datadog-access-token") + " (32 hex beside a datadog name)"),
        F("dynatrace/api-token", "monitoring",
          lambda d: "dt0c01." + d.pick(UPPER + DIGITS, 24) + "." + d.pick(UPPER + DIGITS, 64), env="DT_API_TOKEN",
          key="apiToken", label="Dynatrace token", header="Authorization: Api-Token {v}", source=gl("dynatrace-api-token")),
        F("posthog/personal-key", "monitoring", lambda d: "phx_" + d.pick(ALNUM, 47), env="POSTHOG_PERSONAL_API_KEY",
          key="personal_api_key", label="PostHog personal key", source=th("posthog")),
        F("launchdarkly/api-token", "monitoring", lambda d: "api-" + d.uuid(), env="LD_API_KEY", key="apiKey",
          label="LaunchDarkly token", header="Authorization: {v}", bare=False,
          source="LaunchDarkly access tokens: api- and a UUID (LaunchDarkly documentation)"),
        # SaaS
        F("shopify/admin-token", "saas", lambda d: "shpat_" + d.hex(32), env="SHOPIFY_ACCESS_TOKEN", key="accessToken",
          label="Shopify admin token", header="X-Shopify-Access-Token: {v}", source=gl("shopify-access-token")),
        F("shopify/shared-secret", "saas", lambda d: "shpss_" + d.hex(32), env="SHOPIFY_API_SECRET", key="apiSecret",
          label="Shopify app secret", source=gl("shopify-shared-secret")),
        F("hubspot/private-app-token", "saas",
          lambda d: "pat-na1-" + d.uuid(), env="HUBSPOT_ACCESS_TOKEN", key="accessToken", label="HubSpot token",
          header="Authorization: Bearer {v}", source=th("hubspot_apikey")),
        F("notion/integration-token", "saas", lambda d: "ntn_" + d.digits(11) + d.pick(ALNUM, 35),
          env="NOTION_TOKEN", key="auth", label="Notion token", source=gl("notion-api-token")),
        F("airtable/pat", "saas", lambda d: "pat" + d.pick(ALNUM, 14) + "." + d.hex(64), env="AIRTABLE_TOKEN",
          key="apiKey", label="Airtable token", source=gl("airtable-personnal-access-token")),
        F("figma/pat", "saas", lambda d: "figd_" + d.pick(ALNUM + "_-", 40), env="FIGMA_TOKEN", key="token",
          label="Figma token", header="X-Figma-Token: {v}",
          source="Figma personal tokens begin figd_ (trufflehog figmapersonalaccesstoken)"),
        F("contentful/pat", "saas", lambda d: "CFPAT-" + d.pick(ALNUM + "_-", 43), env="CONTENTFUL_MANAGEMENT_TOKEN",
          key="accessToken", label="Contentful token", source=th("contentfulpersonalaccesstoken")),
        F("asana/pat", "saas", lambda d: f"2/{d.digits(16)}/{d.digits(16)}:{d.hex(32)}", env="ASANA_TOKEN",
          key="token", label="Asana token", header="Authorization: Bearer {v}",
          source="Asana personal access tokens: 2/<user gid>/<app gid>:<32 hex> (Asana developer docs)"),
        F("clickup/pat", "saas", lambda d: f"pk_{d.digits(8)}_{d.pick(UPPER + DIGITS, 32)}", env="CLICKUP_TOKEN",
          key="token", label="ClickUp token", header="Authorization: {v}",
          source="ClickUp personal tokens: pk_<user id>_<32 upper alphanumerics> (ClickUp API docs)"),
        F("frameio/token", "saas", lambda d: "fio-u-" + d.pick(ALNUM + "_-", 64), env="FRAMEIO_TOKEN", key="token",
          label="Frame.io token", source=gl("frameio-api-token")),
        F("mapbox/secret-token", "saas",
          lambda d: "sk.eyJ1IjoiYWNtZSIsImEiOiJ" + d.pick(ALNUM, 23) + "In0." + d.pick(ALNUM + "_-", 22),
          env="MAPBOX_SECRET_TOKEN", key="accessToken", label="Mapbox secret token",
          source="Mapbox secret tokens: sk. and a base64 JSON of user and key id, '.', 22 characters"),
        F("maxmind/license-key", "saas", lambda d: d.pick(ALNUM, 6) + "_" + d.pick(ALNUM, 29) + "_mmk",
          env="MAXMIND_LICENSE_KEY", key="LicenseKey", label="MaxMind license key", source=gl("maxmind-license-key")),
        F("dropbox/short-lived", "saas", lambda d: "sl.u." + d.pick(ALNUM + "_-", 140), env="DROPBOX_TOKEN",
          key="access_token", label="Dropbox token", source=gl("dropbox-short-lived-api-token")),
        F("adobe/client-secret", "saas", lambda d: "p8e-" + d.pick(ALNUM, 32), env="ADOBE_CLIENT_SECRET",
          key="client_secret", label="Adobe client secret", source=gl("adobe-client-secret")),
        F("bannerbear/api-key", "saas", lambda d: "bb_pr_" + d.hex(30), env="BANNERBEAR_API_KEY", key="api_key",
          label="Bannerbear key", source=th("bannerbear")),
        F("fleetbase/api-key", "saas", lambda d: "flb_live_" + d.pick(ALNUM, 20), env="FLEETBASE_KEY", key="api_key",
          label="Fleetbase key", source=th("fleetbase")),
        F("flexport/api-key", "saas", lambda d: "shltm_" + d.pick(ALNUM + "_-", 40), env="FLEXPORT_KEY", key="key",
          label="Flexport key", source=th("flexport")),
        F("sidekiq/enterprise-credentials", "registry", _sidekiq, url="{v}", env="BUNDLE_ENTERPRISE__CONTRIBSYS__COM",
          key="credentials", label="Sidekiq Enterprise credentials", source=gl("sidekiq-sensitive-url")),
        # package registries
        F("npm/access-token", "registry", lambda d: crc_token(d, "npm_"), env="NPM_TOKEN", key="_authToken",
          label="npm token", source=NPM_BLOG),
        F("pypi/upload-token", "registry", lambda d: macaroon(d, "pypi.org"), env="TWINE_PASSWORD", key="password",
          label="PyPI token", cli="twine upload -u __token__ -p {v} dist/*",
          source=gl("pypi-upload-token") + "; a v2 macaroon: version 2, location pypi.org, identifier, caveats, signature"),
        F("pypi/test-upload-token", "registry", lambda d: macaroon(d, "test.pypi.org"), key="password",
          label="TestPyPI token", source="as pypi/upload-token with location test.pypi.org"),
        F("rubygems/api-key", "registry", lambda d: "rubygems_" + d.hex(48), env="GEM_HOST_API_KEY",
          key=":rubygems_api_key", label="RubyGems key", source=gl("rubygems-api-token")),
        F("nuget/api-key", "registry", lambda d: "oy2" + d.pick(LOWER + DIGITS, 43), env="NUGET_API_KEY", key="apiKey",
          label="NuGet key", cli="dotnet nuget push pkg.nupkg --api-key {v} --source https://api.nuget.org/v3/index.json",
          source=th("nuget") + " (oy2 and 43 lower-case alphanumerics)"),
        F("cratesio/api-token", "registry", lambda d: "cio" + d.pick(ALNUM, 32), env="CARGO_REGISTRY_TOKEN",
          key="token", label="crates.io token",
          source="crates.io API tokens: cio and 32 alphanumerics (GitHub secret scanning partner list)"),
        F("clojars/deploy-token", "registry", lambda d: "CLOJARS_" + d.pick(LOWER + DIGITS, 60), env="CLOJARS_PASSWORD",
          key="password", label="Clojars deploy token", source=gl("clojars-api-token")),
        F("artifactory/api-key", "registry", lambda d: "AKCp" + d.pick(ALNUM, 69), env="ARTIFACTORY_API_KEY",
          key="apiKey", label="Artifactory key", header="X-JFrog-Art-Api: {v}", source=gl("artifactory-api-key")),
        F("artifactory/reference-token", "registry",
          lambda d: "cmVmdGtuOjAxOjE3" + d.pick(ALNUM, 48), env="JFROG_ACCESS_TOKEN", key="accessToken",
          label="JFrog reference token", source=gl("artifactory-reference-token")),
        F("dockerhub/pat", "registry", lambda d: "dckr_pat_" + d.pick(ALNUM + "_-", 27), env="DOCKERHUB_TOKEN",
          key="password", label="Docker Hub token", cli="docker login -u acmebot --password {v}", source=th("dockerhub")),
        F("dockerhub/org-token", "registry", lambda d: "dckr_oat_" + d.pick(ALNUM + "_-", 32), env="DOCKER_ORG_TOKEN",
          key="password", label="Docker organisation token", source=th("dockerhub")),
        F("docker/config-auth", "registry", lambda d: base64.b64encode(f"acmebot:{d.password(20)}".encode()).decode(),
          key="auth", label="registry auth", bare=False,
          source="~/.docker/config.json stores base64(user:password) under auths.<registry>.auth"),
        # AI APIs
        F("anthropic/api-key", "ai", lambda d: "sk-ant-api03-" + d.pick(ALNUM + "_-", 93) + "AA",
          env="ANTHROPIC_API_KEY", key="api_key", label="Anthropic key", header="x-api-key: {v}",
          source=gl("anthropic-api-key")),
        F("anthropic/admin-key", "ai", lambda d: "sk-ant-admin01-" + d.pick(ALNUM + "_-", 93) + "AA",
          env="ANTHROPIC_ADMIN_KEY", key="admin_key", label="Anthropic admin key", source=gl("anthropic-admin-api-key")),
        F("openai/project-key", "ai",
          lambda d: "sk-proj-" + d.pick(ALNUM + "_-", 74) + "T3BlbkFJ" + d.pick(ALNUM + "_-", 74), env="OPENAI_API_KEY",
          key="api_key", label="OpenAI key", header="Authorization: Bearer {v}", source=gl("openai-api-key")),
        F("openai/service-account-key", "ai",
          lambda d: "sk-svcacct-" + d.pick(ALNUM + "_-", 74) + "T3BlbkFJ" + d.pick(ALNUM + "_-", 74),
          env="OPENAI_API_KEY", key="apiKey", label="OpenAI service account key", source=gl("openai-api-key")),
        F("openai/admin-key", "ai",
          lambda d: "sk-admin-" + d.pick(ALNUM + "_-", 58) + "T3BlbkFJ" + d.pick(ALNUM + "_-", 58),
          env="OPENAI_ADMIN_KEY", key="admin_key", label="OpenAI admin key", source=th("openaiadmin")),
        F("huggingface/token", "ai", lambda d: "hf_" + d.pick(UPPER + LOWER, 34), env="HF_TOKEN", key="token",
          label="Hugging Face token", cli="huggingface-cli login --token {v}", source=gl("huggingface-access-token")),
        F("huggingface/org-token", "ai", lambda d: "api_org_" + d.pick(UPPER + LOWER, 34), key="token",
          label="Hugging Face org token", source=gl("huggingface-organization-api-token")),
        F("groq/api-key", "ai", lambda d: "gsk_" + d.pick(ALNUM, 52), env="GROQ_API_KEY", key="api_key",
          label="Groq key", source=th("groq")),
        F("xai/api-key", "ai", lambda d: "xai-" + d.pick(ALNUM, 80), env="XAI_API_KEY", key="api_key",
          label="xAI key", source=th("xai")),
        F("perplexity/api-key", "ai", lambda d: "pplx-" + d.pick(ALNUM, 48), env="PERPLEXITY_API_KEY", key="api_key",
          label="Perplexity key", source=gl("perplexity-api-key")),
        F("openrouter/api-key", "ai", lambda d: "sk-or-v1-" + d.hex(64), env="OPENROUTER_API_KEY", key="apiKey",
          label="OpenRouter key", source=th("openrouter")),
        F("replicate/api-token", "ai", lambda d: "r8_" + d.pick(ALNUM, 37), env="REPLICATE_API_TOKEN", key="api_token",
          label="Replicate token", source=th("replicate")),
        F("langsmith/api-key", "ai", lambda d: "lsv2_sk_" + d.hex(32) + "_" + d.hex(10), env="LANGSMITH_API_KEY",
          key="api_key", label="LangSmith service key", source=th("langsmith")),
        F("pinecone/api-key", "ai", lambda d: "pcsk_" + d.pick(ALNUM, 6) + "_" + d.pick(ALNUM, 63), env="PINECONE_API_KEY",
          key="api_key", label="Pinecone key", header="Api-Key: {v}", source=th("pinecone")),
        F("nvidia/api-key", "ai", lambda d: "nvapi-" + d.pick(ALNUM + "_-", 64), env="NVIDIA_API_KEY", key="api_key",
          label="NVIDIA key", source=th("nvapi")),
        F("cohere/api-key", "ai", lambda d: d.pick(ALNUM, 40), env="CO_API_KEY", key="cohere_api_key",
          label="Cohere key", bare=False, source=gl("cohere-api-token")),
        F("deepseek/api-key", "ai", lambda d: "sk-" + d.hex(32), env="DEEPSEEK_API_KEY", key="api_key",
          label="DeepSeek key", bare=False, source="DeepSeek keys: sk- and 32 hex (DeepSeek platform documentation)"),
        # auth providers
        F("okta/api-token", "auth", lambda d: "00" + d.pick(ALNUM + "_-", 40), env="OKTA_API_TOKEN", key="token",
          label="Okta API token", header="Authorization: SSWS {v}", bare=False, source=gl("okta-access-token")),
        F("auth0/management-token", "auth", _auth0_mgmt, env="AUTH0_MGMT_TOKEN", key="access_token",
          label="Auth0 management token", header="Authorization: Bearer {v}", source=th("auth0managementapitoken")),
        F("firebase/fcm-server-key", "auth",
          lambda d: "AAAA" + d.pick(ALNUM + "_-", 7) + ":APA91b" + d.pick(ALNUM + "_-", 134), env="FCM_SERVER_KEY",
          key="serverKey", label="FCM server key", header="Authorization: key={v}",
          source="Firebase Cloud Messaging legacy server keys: AAAA<7>:APA91b<134> (Firebase documentation)"),
        F("jwt/hs256-session", "auth", _jwt_session, key="session", label="session token",
          header="Authorization: Bearer {v}", source=gl("jwt") + "; a signed HS256 JWT carrying a role"),
        F("supabase/service-role-key", "database", _supabase_service, env="SUPABASE_SERVICE_ROLE_KEY",
          key="serviceRoleKey", label="Supabase service role key", header="apikey: {v}",
          source="Supabase service_role keys are HS256 JWTs with role service_role (Supabase documentation)"),
        F("supabase/access-token", "database", lambda d: "sbp_" + d.hex(40), env="SUPABASE_ACCESS_TOKEN",
          key="access_token", label="Supabase access token", source=th("supabasetoken")),
        F("planetscale/service-token", "database", lambda d: "pscale_tkn_" + d.pick(ALNUM + "_", 43),
          env="PLANETSCALE_SERVICE_TOKEN", key="token", label="PlanetScale token", source=gl("planetscale-api-token")),
        F("planetscale/password", "database", lambda d: "pscale_pw_" + d.pick(ALNUM + "_", 43),
          env="DATABASE_PASSWORD", key="password", label="PlanetScale password",
          conn="mysql://app:{v}@aws.connect.psdb.cloud/shop?sslaccept=strict", source=gl("planetscale-password")),
        F("astra/application-token", "database", lambda d: "AstraCS:" + d.pick(ALNUM, 24) + ":" + d.hex(64),
          env="ASTRA_DB_APPLICATION_TOKEN", key="token", label="Astra DB token",
          source="DataStax Astra application tokens: AstraCS:<24>:<64 hex> (DataStax documentation)"),
        F("elastic/api-key", "database",
          lambda d: base64.b64encode(f"{d.pick(ALNUM + '_-', 20)}:{d.pick(ALNUM + '_-', 22)}".encode()).decode(),
          env="ELASTIC_API_KEY", key="api_key", label="Elasticsearch API key", header="Authorization: ApiKey {v}",
          bare=False, source="Elasticsearch API keys: base64 of id:api_key, sent as 'ApiKey' (Elastic documentation)"),
        # databases: passwords in the places a password goes
        F("postgres/password", "database", lambda d: d.password(20), env="PGPASSWORD", key="password",
          label="Postgres password", bare=False, conn="postgresql://app:{v}@db.internal.example:5432/shop?sslmode=require",
          source="libpq connection URIs and PGPASSWORD (PostgreSQL documentation)"),
        F("mysql/password", "database", lambda d: d.password(18), env="MYSQL_PWD", key="password",
          label="MySQL password", bare=False, cli="mysql -h db.internal.example -u app -p{v} shop",
          conn="mysql://app:{v}@db.internal.example:3306/shop", source="the mysql client's -p<password> and MYSQL_PWD"),
        F("mongodb/password", "database", lambda d: d.password(22), env="MONGO_PASSWORD", key="password",
          label="MongoDB password", bare=False,
          conn="mongodb+srv://reporting:{v}@cluster0.ab12c.mongodb.net/?retryWrites=true&w=majority",
          source="MongoDB SRV connection strings (MongoDB documentation)"),
        F("redis/password", "database", lambda d: d.pick(ALNUM, 32), env="REDIS_PASSWORD", key="requirepass",
          label="Redis password", bare=False, cli="redis-cli -h cache.internal.example -a {v} ping",
          conn="rediss://default:{v}@cache.internal.example:6380/0", source="redis-cli -a and rediss:// URLs"),
        F("mssql/password", "database", lambda d: d.password(16), env="MSSQL_SA_PASSWORD", key="Password",
          label="SQL Server password", bare=False,
          conn="Server=tcp:sql.internal.example,1433;Database=shop;User ID=app;Password={v};Encrypt=True;",
          source="ADO.NET connection strings (Microsoft documentation)"),
        F("snowflake/password", "database", lambda d: d.password(24), env="SNOWFLAKE_PASSWORD", key="password",
          label="Snowflake password", bare=False, conn="snowflake://etl:{v}@acme-xy12345/analytics/public?warehouse=wh",
          source="Snowflake SQLAlchemy URLs (Snowflake documentation)"),
        F("rabbitmq/password", "database", lambda d: d.pick(ALNUM, 24), env="RABBITMQ_PASSWORD", key="password",
          label="RabbitMQ password", bare=False, conn="amqps://orders:{v}@mq.internal.example:5671/prod",
          source="AMQP URIs (RabbitMQ documentation)"),
        # private keys and other key material
        F("rsa/private-key-pkcs1", "crypto", _pem("RSA PRIVATE KEY", rsa_private), key="private_key",
          label="RSA private key", multiline=True, source=gl("private-key")),
        F("ed25519/private-key-pkcs8", "crypto", _pem("PRIVATE KEY", ed25519_pkcs8), key="private_key",
          label="signing key", multiline=True, source=gl("private-key") + "; PKCS#8 Ed25519 structure"),
        F("ec/private-key-sec1", "crypto", _pem("EC PRIVATE KEY", ec_private), key="private_key",
          label="EC private key", multiline=True, source=gl("private-key") + "; SEC1 P-256 structure"),
        F("openssh/private-key", "crypto", _openssh, key="ssh_key", label="SSH private key", multiline=True,
          source=gl("private-key") + "; openssh-key-v1 structure"),
        F("pgp/private-key-block", "crypto", _pgp_private, key="signing_key", label="PGP private key", multiline=True,
          source=gl("private-key") + " (PGP PRIVATE KEY BLOCK)"),
        F("putty/private-key", "crypto", _putty, key="ppk", label="PuTTY key", multiline=True,
          source="PuTTY-User-Key-File-3 format (PuTTY documentation)"),
        F("age/secret-key", "crypto", _age, env="SOPS_AGE_KEY", key="age_key", label="age key",
          source=gl("age-secret-key") + "; bech32 with its checksum"),
        F("wireguard/private-key", "crypto", lambda d: d.b64(32), key="PrivateKey", label="WireGuard private key",
          bare=False, source="wg(8): private keys are 32 bytes in base64, PrivateKey = in [Interface]"),
        F("ethereum/private-key", "crypto", lambda d: "0x" + d.hex(64), env="DEPLOYER_PRIVATE_KEY", key="privateKey",
          label="wallet private key", bare=False, source="Ethereum private keys: 32 bytes, 0x and 64 hex"),
        F("bip39/mnemonic", "crypto", _bip39, env="MNEMONIC", key="mnemonic", label="wallet seed phrase", bare=False,
          source="BIP-39 mnemonics: 12 words of the English word list"),
        F("totp/seed", "auth", _totp, url="{v}", key="otpauth_url", label="2FA seed",
          source="Key Uri Format: otpauth://totp/...?secret=<base32>"),
        # generic credentials with no vendor prefix
        F("django/secret-key", "generic",
          lambda d: "django-insecure-" + "".join(d.choice(LOWER + DIGITS + "!@#%^&*(-_=+)") for _ in range(50)),
          env="DJANGO_SECRET_KEY", key="SECRET_KEY", label="Django secret key", bare=False,
          source="django.core.management.utils.get_random_secret_key: 50 characters of a-z0-9!@#$%^&*(-_=+)"),
        F("rails/secret-key-base", "generic", lambda d: d.hex(128), env="SECRET_KEY_BASE", key="secret_key_base",
          label="Rails secret_key_base", bare=False, source="rails secret: 128 hex"),
        F("laravel/app-key", "generic", lambda d: "base64:" + d.b64(32), env="APP_KEY", key="key",
          label="Laravel APP_KEY", bare=False, source="php artisan key:generate: base64: and 32 random bytes"),
        F("fernet/key", "generic", lambda d: d.b64(32, url=True), env="FERNET_KEY", key="fernet_key",
          label="Fernet key", bare=False, source="cryptography Fernet keys: 32 bytes, url-safe base64"),
        F("generic-hex64/hmac", "generic", lambda d: d.hex(64), env="WEBHOOK_SIGNING", key="signing",
          label="webhook signing value", bare=False, source="a 256-bit HMAC value in hex, as openssl rand -hex 32 prints"),
        F("generic-base64/32-bytes", "generic", lambda d: d.b64(32), env="SESSION_ENCRYPTION", key="cookie_sealing",
          label="cookie sealing value", bare=False, source="32 random bytes in base64, as openssl rand -base64 32 prints"),
        F("generic-base62/40", "generic", lambda d: d.pick(ALNUM, 40), env="UPSTREAM_AUTH", key="auth",
          label="upstream credential", bare=False, source="a 40-character base62 bearer credential of an in-house API"),
        F("generic-urlsafe/43", "generic", lambda d: d.b64(32, url=True, pad=False), env="INTERNAL_API_CRED",
          key="cred", label="internal API credential", bare=False,
          source="secrets.token_urlsafe(32): 43 url-safe characters"),
        F("generic-password/symbols", "generic", lambda d: d.password(24), env="ADMIN_PASS", key="pass",
          label="admin password", bare=False, source="a generated password with symbols"),
        F("generic-basic-auth/header", "generic", _basic, key="authorization", label="basic auth header",
          header="Authorization: Basic {v}", bare=False, source="RFC 7617: base64 of user:password"),
        F("generic-hex40/api", "generic", lambda d: d.hex(40), env="METRICS_PUSH_AUTH", key="push_auth",
          label="metrics push credential", bare=False,
          source="40 hex, the shape of many in-house keys (and of git object ids: only the name tells)"),
        F("nextauth/secret", "generic", lambda d: d.b64(32), env="NEXTAUTH_SECRET", key="secret",
          label="NextAuth secret", bare=False, source="openssl rand -base64 32, as NextAuth's docs suggest"),
    ]


# --- contexts -----------------------------------------------------------------------------------

SECRET_CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml",
                   "csv", "url", "header", "log", "connection_string", "code", "ini", "xml")
PROSE = {
    "en": "I rotated the {label} this morning; the new one is {v}. Can you update the CI settings?",
    "fr": "J'ai renouvelé la {label} ce matin, la nouvelle est {v} — tu peux mettre à jour la CI ?",
    "de": "Ich habe heute früh den {label} erneuert, der neue lautet {v}. Kannst du die CI anpassen?",
    "es": "Esta mañana regeneré el {label}; el nuevo es {v}. ¿Puedes actualizar la CI?",
    "ja": "今朝 {label} を再発行しました。新しいのは {v} です。CI の設定を更新してもらえますか？",
    "zh": "我今天早上重新生成了 {label}，新的是 {v}，麻烦更新一下 CI 配置。",
    "pt": "Troquei a {label} hoje de manhã, a nova é {v}. Pode atualizar a CI?",
}
PROSE_BARE = {
    "en": "here you go: {v} (expires in 90 days)",
    "fr": "voilà : {v} (valable 90 jours)",
    "de": "bitte sehr: {v} (läuft in 90 Tagen ab)",
    "es": "aquí lo tienes: {v} (caduca en 90 días)",
    "ja": "こちらです：{v}（90日で失効します）",
    "zh": "给你：{v}（90 天后过期）",
    "pt": "aqui está: {v} (expira em 90 dias)",
}
LANGS = tuple(PROSE)


def compatible(fmt: Format) -> tuple[str, ...]:
    if fmt.multiline:
        return ("env", "json", "escaped_json", "prose", "tool_output", "diff", "bytes_literal", "yaml", "log", "code")
    found = [c for c in SECRET_CONTEXTS if c != "connection_string" or fmt.conn]
    return tuple(found)


def upper_name(fmt: Format) -> str:
    return fmt.env or fmt.vendor.upper().replace("-", "_") + "_" + fmt.name.split("/")[1].upper().replace("-", "_")


def key_name(fmt: Format) -> str:
    return fmt.key or "token"


SHELL_SPECIAL = set("&$!;|<>()`'\" #~*?[]{}")


def shell(value: str) -> str:
    """The value as a shell word: single-quoted where the shell would otherwise read it."""
    return f"'{value}'" if SHELL_SPECIAL & set(value) else value


def render(fmt: Format, ctx: str, value: str, n: int, extra: str = "") -> str:
    """The text of one item: `value` in context `ctx`; `n` (the item's number within its format)
    varies the template; `extra`: the key id beside an AWS secret in a credentials CSV."""
    name, key, label = upper_name(fmt), key_name(fmt), fmt.label or fmt.vendor
    host = f"{fmt.vendor}.example.com" if not fmt.host else fmt.host
    v = value
    sv = shell(value)
    one_line = value.replace("\n", "\\n")
    if ctx == "env":
        if fmt.multiline:
            return f'{name or "PRIVATE_KEY"}="{one_line}"'
        return [f"export {name}={sv}", f'{name}="{v}"', f"$env:{name} = '{v}'", f"set {name}={v}"][n % 4]
    if ctx == "json":
        if n % 2:
            return json.dumps({"service": fmt.vendor, "credentials": {key: value}, "region": "eu-west-1"}, indent=2)
        return json.dumps({key: value, "timeout": 30})
    if ctx == "escaped_json":
        inner = json.dumps({"path": "config/settings.json", "content": json.dumps({key: value}, indent=2)})
        return json.dumps({"type": "tool_use", "name": "Write", "input": inner})
    if ctx == "cli_flag":
        if fmt.cli:
            return "$ " + fmt.cli.format(v=sv)
        return ["$ ./scripts/deploy.sh --env prod --api-key " + sv,
                f"$ docker run --rm -e {name}={sv} ghcr.io/acme/worker:1.4.2",
                f"$ terraform apply -var \"{key.lower().replace('-', '_')}={v}\"",
                f"$ helm upgrade worker ./chart --set {fmt.vendor}.{key}={sv}",
                f"$ curl -sS --oauth2-bearer {sv} https://api.{host}/v1/me"][n % 5]
    if ctx == "prose":
        lang = LANGS[(n + len(fmt.name)) % len(LANGS)]
        if fmt.multiline:
            return {"en": "Here is the {label} you asked for:\n\n{v}\n\nkeep it somewhere safe",
                    "fr": "Voici la clé demandée ({label}) :\n\n{v}\n\ngarde-la en lieu sûr",
                    "de": "Hier ist der Schlüssel ({label}):\n\n{v}\n\nbitte sicher aufbewahren"}.get(
                lang, "Here is the {label} you asked for:\n\n{v}\n\nkeep it somewhere safe").format(label=label, v=v)
        if fmt.bare and n % 2:
            return PROSE_BARE[lang].format(v=v)
        return PROSE[lang].format(label=label, v=v)
    if ctx == "tool_output":
        if fmt.multiline:
            return f"$ cat ~/.config/{fmt.vendor}/key\n{v}\n$ "
        if fmt.bare:
            return [f"$ cat ~/.config/{fmt.vendor}/credentials\n{v}",
                    f"{v}",
                    f"NAME          VALUE                                    CREATED\nci-deploy     {v}    2026-03-02",
                    f"Created credential for acme-ci:\n\n  {v}\n\nStore it now; it will not be shown again."][n % 4]
        return [f"$ {fmt.vendor} config get {key}\n{v}",
                f"{key:<14} {v}\nregion         eu-west-1",
                f"$ grep -r {name} .env*\n.env.production:{name}={v}"][n % 3]
    if ctx == "diff":
        if fmt.multiline:
            lines = "\n".join("+" + line for line in value.splitlines())
            return f"diff --git a/deploy/key.pem b/deploy/key.pem\nnew file mode 100644\n--- /dev/null\n+++ b/deploy/key.pem\n@@ -0,0 +1,{len(value.splitlines())} @@\n{lines}"
        return [f"diff --git a/.env b/.env\n--- a/.env\n+++ b/.env\n@@ -1,2 +1,3 @@\n APP_ENV=production\n+{name}={v}\n LOG_LEVEL=info",
                f"@@ -12,6 +12,7 @@ def make_client():\n     return Client(\n-        {key.lower().replace('-', '_').replace('.', '_')}=os.environ[\"{name}\"],\n+        {key.lower().replace('-', '_').replace('.', '_')}=\"{v}\",\n         timeout=30,",
                f"-  {key}: ${{{{ secrets.{name} }}}}\n+  {key}: {v}"][n % 3]
    if ctx == "bytes_literal":
        if fmt.multiline:
            return "b'" + value.replace("\n", "\\n") + "\\n'"
        return [f"b'{name}={v}\\n'", f"b'{fmt.header.format(v=v) if fmt.header else 'Authorization: Bearer ' + v}\\r\\n'",
                f"b'{{\"{key}\": \"{v}\"}}'", f"(b'{v}', 200)"][n % 4 if fmt.bare else n % 3]
    if ctx == "yaml":
        if fmt.multiline:
            body = "\n".join("    " + line for line in value.splitlines())
            return f"{fmt.vendor}:\n  {key}: |\n{body}"
        yv = v if v[:1].isalnum() else f"'{v}'"
        return [f"services:\n  worker:\n    image: ghcr.io/acme/worker:1.4.2\n    environment:\n      {name}: {yv}",
                f"{fmt.vendor}:\n  {key}: \"{v}\"\n  timeout: 30",
                f"env:\n  {name}: {yv}\nsteps:\n  - run: make deploy"][n % 3]
    if ctx == "csv":
        if extra:
            return f"User name,Password,Access key ID,Secret access key,Console login link\nci-deploy,,{extra},{v},https://acme.signin.aws.amazon.com/console"
        if fmt.bare:
            return f"service,value,owner,rotated\n{fmt.vendor},{v},platform,2026-02-11"
        return f"name,{key},created\nprod,{v},2026-02-11"
    if ctx == "url":
        if fmt.url:
            return [fmt.url.format(v=v), f"see {fmt.url.format(v=v)} for the details",
                    f"[link]({fmt.url.format(v=v)})"][n % 3]
        enc = quote(v, safe="")
        return [f"https://ci-bot:{enc}@git.{host}/acme/app.git",
                f"https://api.{host}/v1/export?{key.lower().replace('.', '_')}={enc}&format=csv",
                f"GET /v2/items?access_token={enc} HTTP/1.1",
                f"git clone https://x-access-token:{enc}@github.com/acme/app.git"][n % 4]
    if ctx == "header":
        line = fmt.header.format(v=v) if fmt.header and n % 2 == 0 else ["Authorization: Bearer " + v, "X-API-Key: " + v][n % 2]
        return f"POST /v1/jobs HTTP/1.1\nHost: api.{host}\n{line}\nContent-Type: application/json"
    if ctx == "log":
        if fmt.multiline:
            return f"2026-03-02T10:14:07.551Z DEBUG loader: read {key} from disk:\n{v}"
        return [f"2026-03-02T10:14:07.551Z DEBUG http: request headers={{'Authorization': 'Bearer {v}'}}",
                f"level=info ts=2026-03-02T10:14:07Z msg=\"client configured\" {key.lower()}={v}",
                f"[worker-3] INFO  Using {label} {v} for {host}",
                f"Mar 02 10:14:07 build-7 deploy[4121]: retrying with credential {v} (attempt 2/5)"][n % 4]
    if ctx == "connection_string":
        return fmt.conn.format(v=quote(v, safe="") if fmt.conn.startswith(("postgres", "mysql", "mongodb", "redis", "amqp", "snow"))
                               else v)
    if ctx == "code":
        if fmt.multiline:
            return f'{key.upper()} = """{value}"""'
        ident = key.lower().replace("-", "_").replace(".", "_").lstrip(":")
        camel = ident.split("_")[0] + "".join(w.title() for w in ident.split("_")[1:])
        return [f'client = {fmt.vendor.title().replace("-", "")}Client({ident}="{v}")',
                f"const {camel} = '{v}';",
                f'os.Setenv("{name}", "{v}")',
                f'let {ident} = "{v}";'][n % 4]
    if ctx == "ini":
        return [f"[{fmt.vendor}]\n{key.lower()} = {v}", f'[auth]\n{key.lower()} = "{v}"',
                f"{fmt.vendor}.{key.lower()}={v}"][n % 3]
    if ctx == "xml":
        tag = key.replace(":", "").replace(".", "-").replace("_", "")
        return [f"<settings>\n  <{tag}>{v}</{tag}>\n</settings>", f'<add key="{key}" value="{v}" />'][n % 2]
    raise ValueError(ctx)


def url_form(ctx: str, value: str, fmt: Format) -> str:
    """How a value appears in its context (percent-encoded in URLs)."""
    if ctx == "url" and fmt.url:
        return value
    if ctx == "url" or (ctx == "connection_string" and fmt.conn.startswith(("postgres", "mysql", "mongodb", "redis", "amqp", "snow"))):
        return quote(value, safe="")
    return value


# --- ordinary strings ------------------------------------------------------------------------

@dataclass
class Shape:
    name: str  # family/shape
    make: Callable[[Draw, int], tuple[str, str]]  # (context, text)
    items: int = 8
    note: str = ""

    @property
    def family(self) -> str:
        return self.name.split("/", 1)[0]


def _git_sha1(d, n):
    sha = d.hex(40)
    return [("tool_output", f"$ git rev-parse HEAD\n{sha}"),
            ("log", f"commit {sha}\nAuthor: Dana Ortiz <dana@acme.example>\nDate:   Tue Mar 3 10:14:07 2026 +0100\n\n    Fix the retry loop"),
            ("prose", f"The regression came in with {sha}; reverting it fixes the test."),
            ("json", json.dumps({"sha": sha, "ref": "refs/heads/main", "status": "success"})),
            ("url", f"https://github.com/acme/shop/commit/{sha}"),
            ("yaml", f"- uses: actions/checkout@{sha}  # v4.2.2"),
            ("diff", f"-Subproject commit {d.hex(40)}\n+Subproject commit {sha}"),
            ("csv", f"commit,author,files\n{sha},dana,3")][n % 8]


def _git_sha256(d, n):
    sha = d.hex(64)
    return [("tool_output", f"$ git rev-parse HEAD\n{sha}"),
            ("log", f"commit {sha} (HEAD -> main)\nMerge: {d.hex(12)} {d.hex(12)}"),
            ("prose", f"This repository uses SHA-256 object ids, e.g. {sha}."),
            ("json", json.dumps({"object_format": "sha256", "head": sha})),
            ("tool_output", f"$ git cat-file -t {sha}\ncommit"),
            ("diff", f"index {d.hex(12)}..{d.hex(12)} 100644"),
            ("code", f'EXPECTED_TREE = "{sha}"'),
            ("log", f"Updating {sha[:12]}..{d.hex(12)}\nFast-forward")][n % 8]


def _git_short(d, n):
    shas = [d.hex(d.r.choice([7, 8, 9, 10, 12])) for _ in range(4)]
    return [("tool_output", "\n".join(f"{s} {m}" for s, m in zip(shas, ["Fix retry", "Add docs", "Bump deps", "Merge"]))),
            ("prose", f"Cherry-pick {shas[0]} and {shas[1]} onto the release branch."),
            ("log", f"HEAD is now at {shas[0]} Fix the retry loop"),
            ("tool_output", f"[main {shas[0]}] Fix the retry loop\n 2 files changed, 14 insertions(+), 3 deletions(-)"),
            ("diff", f"index {shas[0]}..{shas[1]} 100644\n--- a/src/retry.py\n+++ b/src/retry.py"),
            ("tool_output", f"Switched to branch 'fix/{shas[2]}'"),
            ("url", f"https://gitlab.com/acme/shop/-/commit/{shas[3]}"),
            ("log", f"{shas[0]} (origin/main) HEAD@{{0}}: rebase (finish): returning to refs/heads/main")][n % 8]


def _uuid4(d, n):
    u = d.uuid()
    return [("json", json.dumps({"id": u, "status": "queued"})), ("log", f"request_id={u} status=200 duration=41ms"),
            ("url", f"https://app.acme.example/orders/{u}"), ("tool_output", f"Created job {u}"),
            ("yaml", f"id: {u}\nname: nightly"), ("csv", f"id,name\n{u},nightly"),
            ("prose", f"The failing run is {u}; see its logs."), ("header", f"X-Request-Id: {u}")][n % 8]


def _uuid7(d, n):
    t = (1767225600000 + d.r.randrange(10 ** 9)).to_bytes(6, "big")
    raw = bytearray(t + d.bytes(10))
    raw[6] = 0x70 | (raw[6] & 0x0F)
    raw[8] = 0x80 | (raw[8] & 0x3F)
    u = str(uuid.UUID(bytes=bytes(raw)))
    return [("json", json.dumps({"event_id": u, "type": "order.created"})), ("log", f"trace={u} span=db.query ok"),
            ("code", f'ORDER_ID = UUID("{u}")'), ("tool_output", f"{u}  2026-03-02  done"),
            ("yaml", f"run_id: {u}"), ("prose", f"Row {u} was inserted twice."),
            ("url", f"/api/v1/events/{u}"), ("csv", f"event,kind\n{u},created")][n % 8]


def _guid(d, n):
    u = d.uuid().upper()
    return [("code", f'[Guid("{u}")]'), ("xml", f'<ProjectGuid>{{{u}}}</ProjectGuid>'),
            ("tool_output", f'Project("{{{d.uuid().upper()}}}") = "Shop", "Shop.csproj", "{{{u}}}"'),
            ("ini", f"[Setup]\nAppId={{{{{u}}}}}"), ("prose", f"The COM class id is {{{u}}}."),
            ("json", json.dumps({"productCode": "{" + u + "}"})), ("log", f"Installing component {{{u}}}"),
            ("yaml", f"guid: '{u}'")][n % 8]


def _ulid(d, n):
    ulid = "01" + "".join(d.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(24))
    return [("json", json.dumps({"id": ulid})), ("log", f"job={ulid} finished"), ("url", f"/runs/{ulid}"),
            ("tool_output", f"queued {ulid}"), ("yaml", f"id: {ulid}"), ("prose", f"See run {ulid}."),
            ("csv", f"id,state\n{ulid},done"), ("code", f'RUN = "{ulid}"')][n % 8]


def _npm_integrity(d, n):
    name = d.choice(["lodash", "react-dom", "@babel/core", "esbuild", "tslib", "zod", "undici", "semver"])
    integ = "sha512-" + d.b64(64)
    return [("json", json.dumps({f"node_modules/{name}": {"version": "4.17.21", "resolved": f"https://registry.npmjs.org/{name}/-/{name.split('/')[-1]}-4.17.21.tgz", "integrity": integ}}, indent=2)),
            ("diff", f'-      "integrity": "sha512-{d.b64(64)}",\n+      "integrity": "{integ}",'),
            ("tool_output", f"npm notice shasum: {d.hex(40)}\nnpm notice integrity: {integ[:20]}[...]{integ[-10:]}"),
            ("json", json.dumps({"dist": {"integrity": integ, "shasum": d.hex(40)}}))][n % 4]


def _yarn_lock(d, n):
    name = d.choice(["chalk", "debug", "ms", "commander", "minimist"])
    return [("yaml", f'{name}@^4.1.0:\n  version "4.1.2"\n  resolved "https://registry.yarnpkg.com/{name}/-/{name}-4.1.2.tgz#{d.hex(40)}"\n  integrity sha1-{d.b64(20)}'),
            ("yaml", f'"{name}@npm:^2.0.0":\n  version: 2.0.3\n  resolution: "{name}@npm:2.0.3"\n  checksum: {d.hex(128)}'),
            ("diff", f'-  integrity sha512-{d.b64(64)}\n+  integrity sha512-{d.b64(64)}')][n % 3]


def _pnpm_lock(d, n):
    name = d.choice(["vite", "vitest", "typescript", "prettier"])
    return [("yaml", f"  /{name}@5.4.2:\n    resolution: {{integrity: sha512-{d.b64(64)}}}\n    engines: {{node: '>=18'}}"),
            ("diff", f"-    resolution: {{integrity: sha512-{d.b64(64)}}}\n+    resolution: {{integrity: sha512-{d.b64(64)}}}")][n % 2]


def _go_sum(d, n):
    mod = d.choice(["github.com/spf13/cobra", "golang.org/x/sys", "github.com/stretchr/testify", "go.uber.org/zap"])
    return [("tool_output", f"{mod} v1.8.1 h1:{d.b64(32)}\n{mod} v1.8.1/go.mod h1:{d.b64(32)}"),
            ("diff", f"+{mod} v1.9.0 h1:{d.b64(32)}"),
            ("log", f"verifying {mod}@v1.8.1: checksum mismatch\n\tdownloaded: h1:{d.b64(32)}\n\tgo.sum:     h1:{d.b64(32)}")][n % 3]


def _cargo_lock(d, n):
    crate = d.choice(["serde", "tokio", "anyhow", "regex", "rand"])
    return [("ini", f'[[package]]\nname = "{crate}"\nversion = "1.0.197"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{d.hex(64)}"'),
            ("diff", f'-checksum = "{d.hex(64)}"\n+checksum = "{d.hex(64)}"')][n % 2]


def _pip_hash(d, n):
    pkg = d.choice(["requests", "urllib3", "certifi", "idna", "charset-normalizer"])
    return [("tool_output", f"{pkg}==2.32.3 \\\n    --hash=sha256:{d.hex(64)} \\\n    --hash=sha256:{d.hex(64)}"),
            ("ini", f'[[package]]\nname = "{pkg}"\nfiles = [\n    {{file = "{pkg}-2.32.3-py3-none-any.whl", hash = "sha256:{d.hex(64)}"}},\n]'),
            ("log", f"ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.\n    {pkg}==2.32.3 from https://files.pythonhosted.org/packages/{d.hex(2)}/{d.hex(2)}/{d.hex(60)}/{pkg}-2.32.3.tar.gz:\n        Expected sha256 {d.hex(64)}\n             Got        {d.hex(64)}"),
            ("tool_output", f"{pkg}-2.32.3.dist-info/RECORD: {pkg}/__init__.py,sha256={d.b64(32, url=True, pad=False)},4924")][n % 4]


def _sri(d, n):
    return [("code", f'<script src="https://cdn.jsdelivr.net/npm/alpinejs@3.14.1/dist/cdn.min.js" integrity="sha384-{d.b64(48)}" crossorigin="anonymous"></script>'),
            ("code", f'<link rel="stylesheet" href="/assets/app.css" integrity="sha256-{d.b64(32)}">')][n % 2]


def _docker_digest(d, n):
    digest = "sha256:" + d.hex(64)
    return [("yaml", f"image: ghcr.io/acme/worker@{digest}"),
            ("tool_output", f"Digest: {digest}\nStatus: Downloaded newer image for postgres:16"),
            ("code", f"FROM python:3.12-slim@{digest}"),
            ("json", json.dumps({"schemaVersion": 2, "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": digest, "size": 7023}})),
            ("tool_output", f"REPOSITORY   TAG     IMAGE ID       CREATED\nworker       1.4.2   {d.hex(12)}   2 days ago"),
            ("log", f"#7 writing image {digest} done"),
            ("tool_output", f"{d.hex(12)}: Pull complete\n{d.hex(12)}: Pull complete"),
            ("diff", f"-FROM node:20@sha256:{d.hex(64)}\n+FROM node:20@{digest}")][n % 8]


def _data_uri_png(d, n):
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + d.bytes(180)).decode()
    return [("code", f'<img alt="logo" src="data:image/png;base64,{png}">'),
            ("code", f"background-image: url('data:image/png;base64,{png}');"),
            ("json", json.dumps({"icon": f"data:image/png;base64,{png}"})),
            ("tool_output", f"$ base64 -w0 assets/dot.png\n{png}")][n % 4]


def _data_uri_other(d, n):
    svg = base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M' + d.hex(40).encode() + b'"/></svg>').decode()
    font = base64.b64encode(b"wOF2\x00\x01\x00\x00" + d.bytes(150)).decode()
    gif = base64.b64encode(b"GIF89a\x01\x00\x01\x00" + d.bytes(30)).decode()
    smap = base64.b64encode(json.dumps({"version": 3, "sources": ["src/app.ts"], "mappings": "AAAA," + d.pick(UPPER + LOWER, 40)}).encode()).decode()
    return [("code", f"<img src=\"data:image/svg+xml;base64,{svg}\"/>"),
            ("code", f"@font-face {{ src: url(data:font/woff2;base64,{font}) format('woff2'); }}"),
            ("code", f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{smap}"),
            ("json", json.dumps({"placeholder": f"data:image/gif;base64,{gif}"}))][n % 4]


def _certificate(d, n):
    cert = pem("CERTIFICATE", certificate(d, d.choice(["acme.example", "ISRG Root X9", "internal-ca"])))
    return [("tool_output", f"$ openssl s_client -connect acme.example:443 -showcerts </dev/null\n...\n{cert}"),
            ("yaml", "tls:\n  ca.crt: |\n" + "\n".join("    " + line for line in cert.splitlines())),
            ("escaped_json", json.dumps({"ca_cert": cert + "\n"})),
            ("diff", "\n".join("+" + line for line in cert.splitlines())),
            ("tool_output", f"$ cat /etc/ssl/certs/acme-root.pem\n{cert}"),
            ("env", 'NODE_EXTRA_CA_CERTS_PEM="' + cert.replace("\n", "\\n") + '"'),
            ("code", f'ROOT_CA = """{cert}"""'),
            ("log", f"loaded trust anchor:\n{cert}")][n % 8]


def _ca_bundle(d, n):
    chain = pem("CERTIFICATE", certificate(d, "acme-intermediate")) + "\n" + pem("CERTIFICATE", certificate(d, "acme-root"))
    return [("tool_output", f"$ cat ca-bundle.crt\n{chain}"),
            ("yaml", "caBundle: |\n" + "\n".join("  " + line for line in chain.splitlines())),
            ("escaped_json", json.dumps({"tls": {"ca_bundle": chain}})),
            ("log", f"curl: (60) SSL certificate problem: unable to get local issuer certificate\nserver sent:\n{chain}")][n % 4]


def _csr(d, n):
    body = pem("CERTIFICATE REQUEST", der(0x30, der(0x30, b"\x02\x01\x00" + der(0x30, der(0x31, der(0x30, bytes.fromhex("0603550403") + der(0x0C, b"shop.acme.example")))) + rsa_spki(d)) + bytes.fromhex("300d06092a864886f70d01010b0500") + der(0x03, b"\x00" + d.bytes(256))))
    return [("tool_output", f"$ openssl req -new -key shop.key -subj /CN=shop.acme.example\n{body}"),
            ("prose", f"Here is the CSR for the new certificate, please sign it:\n\n{body}"),
            ("code", f'CSR_PEM = """{body}"""'),
            ("diff", "\n".join("+" + line for line in body.splitlines()))][n % 4]


def _cert_fingerprint(d, n):
    fp = ":".join(d.hex(2).upper() for _ in range(32))
    return [("tool_output", f"SHA256 Fingerprint={fp}"), ("prose", f"Pin the server certificate {fp}."),
            ("yaml", f"pins:\n  - sha256/{d.b64(32)}"), ("tool_output", f"sha1 Fingerprint={':'.join(d.hex(2).upper() for _ in range(20))}")][n % 4]


def _ssh_public(d, n):
    key = ssh_public(d, ["ed25519", "rsa", "ecdsa"][n % 3])
    return [("tool_output", f"$ cat ~/.ssh/id_ed25519.pub\n{key} dana@laptop"),
            ("ini", f"# authorized_keys\n{key} deploy@ci"),
            ("tool_output", f"github.com {key}"),
            ("json", json.dumps({"title": "laptop", "key": key})),
            ("yaml", f"users:\n  - name: dana\n    ssh_authorized_keys:\n      - {key} dana@laptop"),
            ("diff", f"+{key} new-laptop"),
            ("prose", f"Add my public key to the server: {key} dana@laptop"),
            ("log", f"Accepted publickey for deploy from 10.1.2.3 port 52214 ssh2: ED25519 SHA256:{d.b64(32, pad=False)}")][n % 8]


def _pem_public(d, n):
    key = pem("PUBLIC KEY", rsa_spki(d))
    return [("tool_output", f"$ openssl rsa -in key.pem -pubout\nwriting RSA key\n{key}"),
            ("escaped_json", json.dumps({"jwks_public_pem": key})),
            ("code", f'PUBLIC_KEY = """{key}"""'),
            ("yaml", "verify:\n  public_key: |\n" + "\n".join("    " + line for line in key.splitlines()))][n % 4]


def _pgp_public(d, n):
    body = base64.b64encode(b"\x99\x01\x0d\x04" + d.bytes(260)).decode()
    block = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + "\n=" + d.pick(B64, 4) + "\n-----END PGP PUBLIC KEY BLOCK-----"
    fpr = d.hex(40).upper()
    return [("tool_output", f"$ gpg --armor --export dana@acme.example\n{block}"),
            ("tool_output", f"pub   ed25519 2025-01-10 [SC]\n      {fpr}\nuid           [ultimate] Dana Ortiz <dana@acme.example>"),
            ("prose", f"Verify the release with key {' '.join(fpr[i:i + 4] for i in range(0, 40, 4))}."),
            ("log", f"gpg: Signature made Tue Mar  3 10:14:07 2026 CET\ngpg:                using EDDSA key {fpr}")][n % 4]


def _age_public(d, n):
    key = bech32("age", d.bytes(32))
    return [("yaml", f"creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: {key}"),
            ("tool_output", f"$ age-keygen -y key.txt\n{key}"),
            ("prose", f"Encrypt it to my public key {key}."),
            ("ini", f"# recipients.txt\n{key}")][n % 4]


def _wireguard_public(d, n):
    key = d.b64(32)
    return [("ini", f"[Peer]\nPublicKey = {key}\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.acme.example:51820"),
            ("tool_output", f"peer: {key}\n  endpoint: 203.0.113.4:51820\n  latest handshake: 41 seconds ago"),
            ("yaml", f"peers:\n  - public_key: {key}\n    allowed_ips: [10.8.0.3/32]"),
            ("tool_output", f"$ wg pubkey < private.key\n{key}")][n % 4]


def _jwk_public(d, n):
    n_value = d.b64(256, url=True, pad=False)
    return [("json", json.dumps({"keys": [{"kty": "RSA", "kid": d.hex(16), "use": "sig", "alg": "RS256", "n": n_value, "e": "AQAB"}]}, indent=2)),
            ("json", json.dumps({"kty": "OKP", "crv": "Ed25519", "x": d.b64(32, url=True, pad=False), "kid": "2026-03"}))][n % 2]


def _minisign(d, n):
    key = "RW" + d.b64(40)[2:]
    return [("tool_output", f"untrusted comment: minisign public key {d.hex(16).upper()}\n{key}"),
            ("prose", f"Verify with minisign -Vm release.tar.gz -P {key}")][n % 2]


def _names_python(d, n):
    return [("code", "from transformers import AutoTokenizer\ntokenizer = AutoTokenizer.from_pretrained(\"bert-base-uncased\")\ntokens = tokenizer(text, max_length=512, truncation=True)"),
            ("code", "except KeyError as missing_key:\n    raise ConfigError(f\"no {missing_key} in settings\")"),
            ("code", "json.dumps(payload, sort_keys=True, separators=(',', ':'))"),
            ("code", "class ApiKeyHeader(HTTPBearer):\n    header_name = \"X-API-Key\"\n    auto_error = True"),
            ("code", "def rotate_secret(secret_name: str, *, dry_run: bool = False) -> None:"),
            ("code", "primary_key = Column(Integer, primary_key=True)\npassword_hash = Column(String(128))"),
            ("code", "if token.type == TokenType.IDENT and token.value in KEYWORDS:"),
            ("code", "keyring.get_password(\"acme-cli\", username)  # reads the OS keychain at run time"),
            ("code", "TOKEN_URL = \"https://oauth2.googleapis.com/token\"\nAUTH_URL = \"https://accounts.google.com/o/oauth2/auth\""),
            ("code", "for secret in client.list_secrets()[\"SecretList\"]:\n    print(secret[\"Name\"], secret[\"LastChangedDate\"])")][n % 10]


def _names_js(d, n):
    return [("code", "import { encoding_for_model } from 'tiktoken';\nconst tokenizer = encoding_for_model('gpt-4o');\nconst maxTokens = 4096;"),
            ("code", "const tokenUrl = `${issuer}/oauth2/v1/token`;\nconst secretName = process.env.SECRET_NAME ?? 'prod/shop/api';"),
            ("code", "export function redactSecrets(input: string): string {\n  return input.replace(SECRET_PATTERN, '[redacted]');\n}"),
            ("code", "interface TokenResponse { access_token: string; token_type: 'Bearer'; expires_in: number }"),
            ("code", "for (const [key, value] of Object.entries(headers)) { if (SENSITIVE_KEYS.has(key)) continue; }"),
            ("code", "fn verify_signature(public_key: &VerifyingKey, msg: &[u8]) -> Result<(), KeyError> {"),
            ("code", "func (s *SecretStore) GetSecret(ctx context.Context, secretName string) (string, error) {"),
            ("code", "val keyStore = KeyStore.getInstance(\"AndroidKeyStore\").apply { load(null) }")][n % 8]


def _names_config(d, n):
    return [("yaml", "env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}"),
            ("env", "DATABASE_PASSWORD=${DATABASE_PASSWORD}\nAPI_KEY=$API_KEY\nSECRET_KEY="),
            ("yaml", "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-credentials\n        key: password"),
            ("json", json.dumps({"token_url": "https://auth.acme.example/oauth/token", "token_type": "Bearer", "expires_in": 3600, "access_token": None})),
            ("code", "const apiKey = process.env.STRIPE_SECRET_KEY;\nif (!apiKey) throw new Error('STRIPE_SECRET_KEY is not set');"),
            ("ini", "[tool.poetry.dependencies]\npython = \"^3.11\"\nkeyring = \"^25.0\"\npython-dotenv = \"^1.0\""),
            ("xml", "<password>${env.DEPLOY_PASSWORD}</password>\n<privateKey>${user.home}/.ssh/id_rsa</privateKey>"),
            ("yaml", "vault:\n  path: secret/data/shop/prod\n  role: shop-api\n  auth_method: kubernetes"),
            ("cli_flag", "$ echo \"$CR_PAT\" | docker login ghcr.io -u acmebot --password-stdin"),
            ("env", "SECRET_NAME=prod/shop/db-credentials\nKMS_KEY_ALIAS=alias/shop-prod")][n % 10]


def _names_ml(d, n):
    return [("json", json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 4096, "temperature": 0.2})),
            ("json", json.dumps({"tokenizer_class": "LlamaTokenizerFast", "bos_token": "<s>", "eos_token": "</s>", "pad_token": None, "model_max_length": 131072})),
            ("log", "usage: input_tokens=18234 output_tokens=912 cache_read_input_tokens=16000"),
            ("yaml", "training:\n  max_tokens_per_batch: 65536\n  tokenizer: sentencepiece\n  vocab_size: 32000"),
            ("tool_output", "Tokens/sec: 812.4   Prompt tokens: 2048   Completion tokens: 256"),
            ("code", "special_tokens = tokenizer.all_special_tokens\nkey_states = self.k_proj(hidden_states)"),
            ("json", json.dumps({"secret_sauce": False, "key_frames": [0, 48, 96], "keyword_weight": 0.3})),
            ("prose", "Set max_tokens to 700 and check the token count before sending.")][n % 8]


def _names_cloud(d, n):
    acct = d.digits(12)
    return [("tool_output", f"arn:aws:secretsmanager:eu-west-1:{acct}:secret:prod/shop/db-{d.pick(ALNUM, 6)}"),
            ("json", json.dumps({"KeyId": f"arn:aws:kms:eu-west-1:{acct}:key/{d.uuid()}", "KeyState": "Enabled"})),
            ("url", "https://acme-prod-kv.vault.azure.net/secrets/db-password"),
            ("yaml", f"serviceAccountName: deployer\nimagePullSecrets:\n  - name: ghcr-pull-secret\n# project {d.digits(12)}"),
            ("tool_output", f"NAME                  TYPE                                  DATA   AGE\ndb-credentials        Opaque                                2      41d\ndefault-token-{d.pick(LOWER + DIGITS, 5)}   kubernetes.io/service-account-token   3      210d"),
            ("prose", f"The role arn:aws:iam::{acct}:role/ci-deploy may read the secret named prod/shop/api."),
            ("json", json.dumps({"client_id": f"{d.digits(12)}-{d.pick(LOWER + DIGITS, 32)}.apps.googleusercontent.com", "redirect_uris": ["http://localhost:8080/callback"]})),
            ("log", f"Fetched secret version {d.uuid()} of projects/{d.digits(12)}/secrets/api-key")][n % 8]


def _names_sql(d, n):
    return [("code", "CREATE TABLE api_keys (\n  id uuid PRIMARY KEY,\n  key_prefix text NOT NULL,\n  key_hash text NOT NULL,\n  last_used_at timestamptz\n);"),
            ("code", "ALTER TABLE users ADD COLUMN password_reset_token_expires_at timestamptz;"),
            ("tool_output", "SELECT token_id, created_at FROM sessions WHERE revoked = false LIMIT 5;\n token_id | created_at\n----------+------------\n(0 rows)"),
            ("code", "class Secret(models.Model):\n    name = models.SlugField(unique=True)\n    rotated_at = models.DateTimeField(null=True)"),
            ("json", json.dumps({"table": "oauth_tokens", "columns": ["access_token_hash", "refresh_token_hash", "expires_at"]})),
            ("diff", "+    op.add_column('accounts', sa.Column('api_key_last4', sa.String(4)))")][n % 6]


def _cloud_request_ids(d, n):
    return [("header", f"x-amz-request-id: {d.pick(UPPER + DIGITS, 16)}\nx-amz-id-2: {d.b64(48)}"),
            ("log", f"RequestId: {d.uuid()} Duration: 41.22 ms Billed Duration: 42 ms"),
            ("header", f"X-Cache: Miss from cloudfront\nX-Amz-Cf-Id: {d.b64(40, url=True, pad=False)}=="),
            ("json", json.dumps({"error": {"code": 429, "message": "rate limited", "requestId": "req_" + d.pick(ALNUM, 24)}})),
            ("header", f"cf-ray: {d.hex(16)}-FRA"),
            ("log", f"operation_id={d.hex(32)} x-ms-request-id={d.uuid()} status=404")][n % 6]


def _hash_build(d, n):
    return [("tool_output", f"$ sha256sum dist/*\n{d.hex(64)}  dist/shop-1.4.2.tar.gz\n{d.hex(64)}  dist/shop-1.4.2-py3-none-any.whl"),
            ("tool_output", f"$ md5sum build/app.bin\n{d.hex(32)}  build/app.bin"),
            ("log", f"  dist/assets/index-{d.pick(ALNUM + '_-', 8)}.js   143.21 kB │ gzip: 46.30 kB"),
            ("log", f"ccache hit: {d.hex(32)}"),
            ("log", f"cache hit, replaying logs {d.hex(16)}\n@acme/web:build: > vite build"),
            ("tool_output", f"/nix/store/{''.join(d.choice('0123456789abcdfghijklmnpqrsvwxyz') for _ in range(32))}-python3-3.12.4"),
            ("log", f"INFO: From Compiling src/main.cc:\nINFO: action digest {d.hex(64)}/1843"),
            ("tool_output", f"oid sha256:{d.hex(64)}\nsize 1843221"),
            ("log", f"Step 4/9 : RUN pip install -r requirements.txt\n ---> Using cache\n ---> {d.hex(12)}"),
            ("json", json.dumps({"name": "app.js", "contenthash": d.hex(20), "size": 48211}))][n % 10]


def _hash_md5_ids(d, n):
    return [("log", f"Sentry event {d.hex(32)} sent"), ("tool_output", f"ETag: \"{d.hex(32)}\""),
            ("json", json.dumps({"traceparent": f"00-{d.hex(32)}-{d.hex(16)}-01"})),
            ("header", f"traceparent: 00-{d.hex(32)}-{d.hex(16)}-01"),
            ("log", f"span_id={d.hex(16)} trace_id={d.hex(32)} db.query took 12ms"),
            ("url", f"https://www.gravatar.com/avatar/{d.hex(32)}?s=80"),
            ("tool_output", f"Content-MD5: {d.b64(16)}"),
            ("csv", f"file,md5\nreport.pdf,{d.hex(32)}")][n % 8]


def _ipfs(d, n):
    cid = "bafy" + "".join(d.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(55))
    return [("url", f"https://ipfs.io/ipfs/{cid}"), ("tool_output", f"added {cid} site/index.html"),
            ("json", json.dumps({"cid": cid})), ("prose", f"The build is pinned as {cid}.")][n % 4]


def _color(d, n):
    return [("code", f".btn {{ color: #{d.hex(6)}; background: #{d.hex(3)}; border-color: #{d.hex(8)}; }}"),
            ("json", json.dumps({"primary": f"#{d.hex(6)}", "secondary": f"#{d.hex(6)}", "muted": f"#{d.hex(6)}80"})),
            ("yaml", f"theme:\n  accent: \"#{d.hex(6)}\"\n  surface: \"#{d.hex(6)}\""),
            ("code", f"--color-brand-500: #{d.hex(6)};\n--color-brand-600: #{d.hex(6)};"),
            ("prose", f"Use #{d.hex(6)} for links and #{d.hex(6)} for hover."),
            ("code", f'<rect fill="#{d.hex(6)}" stroke="#{d.hex(6)}"/>')][n % 6]


def _semver(d, n):
    return [("tool_output", "shop 1.4.2-rc.1+build.20260302.5\nnode v20.11.1\nnpm 10.2.4"),
            ("json", json.dumps({"version": "3.0.0-beta.14+exp.sha.5114f85", "engines": {"node": ">=18.17.0 <21"}})),
            ("tool_output", f"Successfully installed shop-1.4.3.dev41+g{d.hex(8)}.d20260302"),
            ("code", "require github.com/acme/lib v0.0.0-20260302101407-" + d.hex(12)),
            ("yaml", "image: ghcr.io/acme/worker:1.4.2-alpine3.19\nchart: worker-0.12.0"),
            ("log", "Bumping version 2.31.0 -> 2.32.0-alpha.3"),
            ("prose", "Pin pydantic>=2.6,<3 and keep urllib3==2.2.1 until 2.2.2 ships."),
            ("diff", "-  \"typescript\": \"~5.3.3\",\n+  \"typescript\": \"~5.4.2\",")][n % 8]


def _npm_names(d, n):
    return [("json", json.dumps({"dependencies": {"@aws-sdk/client-secrets-manager": "^3.540.0", "jsonwebtoken": "^9.0.2", "keytar": "^7.9.0", "@octokit/auth-token": "^5.1.1"}})),
            ("tool_output", "added 3 packages: secret-handshake@1.1.21, token-types@6.0.0, js-tokens@9.0.0"),
            ("code", "import { createAppAuth } from '@octokit/auth-app';\nimport { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';"),
            ("tool_output", "$ pip install python-dotenv keyring secretstorage google-auth-oauthlib\nSuccessfully installed keyring-25.2.1 python-dotenv-1.0.1"),
            ("json", json.dumps({"devDependencies": {"@types/jsonwebtoken": "^9.0.6", "dotenv-vault": "^1.26.2", "tokenizers": "^0.13.3"}})),
            ("xml", "<dependency>\n  <groupId>io.jsonwebtoken</groupId>\n  <artifactId>jjwt-api</artifactId>\n  <version>0.12.5</version>\n</dependency>"),
            ("code", "go get github.com/golang-jwt/jwt/v5 golang.org/x/oauth2/clientcredentials"),
            ("tool_output", "npm warn deprecated request-promise-native@1.0.9: request-promise-native has been deprecated")][n % 8]


def _stripe_object_ids(d, n):
    return [("json", json.dumps({"id": "ch_3" + d.pick(ALNUM, 24), "object": "charge", "customer": "cus_" + d.pick(ALNUM, 14)})),
            ("log", f"payment_intent=pi_3{d.pick(ALNUM, 23)} status=succeeded"),
            ("tool_output", f"Created subscription sub_1{d.pick(ALNUM, 23)} for cus_{d.pick(ALNUM, 14)}"),
            ("url", f"https://dashboard.stripe.com/test/payments/pi_3{d.pick(ALNUM, 23)}"),
            ("json", json.dumps({"event": "evt_1" + d.pick(ALNUM, 23), "type": "invoice.paid", "invoice": "in_1" + d.pick(ALNUM, 23)})),
            ("prose", f"Refund charge ch_3{d.pick(ALNUM, 24)}, the customer was billed twice.")][n % 6]


def _chat_ids(d, n):
    return [("json", json.dumps({"channel": "C0" + d.pick(UPPER + DIGITS, 9), "user": "U0" + d.pick(UPPER + DIGITS, 9), "ts": f"{d.digits(10)}.{d.digits(6)}"})),
            ("log", f"discord: message {d.digits(19, '1')} in channel {d.digits(19, '1')} from {d.digits(18, '1')}"),
            ("url", f"https://acme.slack.com/archives/C0{d.pick(UPPER + DIGITS, 9)}/p{d.digits(16)}"),
            ("json", json.dumps({"node_id": "MDQ6VXNlcj" + d.pick(ALNUM, 6) + "=", "id": int(d.digits(8))})),
            ("json", json.dumps({"id": "I_kwDO" + d.pick(ALNUM + "_-", 16), "number": 512})),
            ("tool_output", f"tweet {d.digits(19, '1')} by @acme"),
            ("log", f"telegram update_id={d.digits(9)} chat_id=-100{d.digits(10)}"),
            ("url", f"https://www.youtube.com/watch?v={d.pick(ALNUM + '_-', 11)}")][n % 8]


def _cursors(d, n):
    cursor = base64.b64encode(f"cursor:v2:{d.hex(24)}".encode()).decode()
    return [("json", json.dumps({"items": [], "nextPageToken": d.b64(48, url=True, pad=False)})),
            ("json", json.dumps({"pageInfo": {"endCursor": cursor, "hasNextPage": True}})),
            ("url", f"https://api.acme.example/v1/orders?cursor={quote(cursor, safe='')}&limit=50"),
            ("tool_output", f"NextToken: {d.b64(96)}")][n % 4]


def _k8s_names(d, n):
    return [("tool_output", f"NAME                         READY   STATUS    RESTARTS   AGE\nweb-{d.pick(LOWER + DIGITS, 10)}-{d.pick(LOWER + DIGITS, 5)}   1/1     Running   0          3d"),
            ("log", f"pod/worker-{d.pick(LOWER + DIGITS, 9)}-{d.pick(LOWER + DIGITS, 5)} condition met"),
            ("tool_output", f"replicaset.apps/api-{d.pick(LOWER + DIGITS, 10)}   3   3   3   12d"),
            ("yaml", f"metadata:\n  name: job-{d.pick(LOWER + DIGITS, 5)}\n  uid: {d.uuid()}\n  resourceVersion: \"{d.digits(8)}\"")][n % 4]


def _base64_fixtures(d, n):
    payload = json.dumps({"name": d.choice(["widget", "gadget"]), "qty": d.r.randint(1, 9)}).encode()
    enc = base64.b64encode(payload).decode()
    return [("tool_output", f"$ echo {enc} | base64 -d\n{payload.decode()}"),
            ("yaml", f"apiVersion: v1\nkind: ConfigMap\nbinaryData:\n  fixture.json: {enc}"),
            ("code", f'FIXTURE = base64.b64decode("{enc}")'),
            ("json", json.dumps({"payload": enc, "encoding": "base64", "type": "order.created"}))][n % 4]


def _jwt_header(d, n):
    header = base64.urlsafe_b64encode(json.dumps({"alg": d.choice(["RS256", "HS256", "ES256"]), "typ": "JWT"}, separators=(",", ":")).encode()).decode().rstrip("=")
    return [("prose", f"A JWT starts with a header such as {header}, which decodes to the algorithm and type."),
            ("code", f'assert token.startswith("{header}.")  # header only; the test token is built at run time'),
            ("log", f"rejecting token: unsupported header {header}"),
            ("tool_output", f"$ echo {header} | base64 -d\n{base64.urlsafe_b64decode(header + '==').decode()}")][n % 4]


def shapes() -> list[Shape]:
    S = Shape
    return [
        S("git/sha1-object-id", _git_sha1, 10), S("git/sha256-object-id", _git_sha256, 8), S("git/abbreviated-id", _git_short, 8),
        S("uuid/v4", _uuid4, 8), S("uuid/v7", _uuid7, 8), S("uuid/guid-braced", _guid, 8), S("uuid/ulid", _ulid, 8),
        S("lockfile/npm-integrity", _npm_integrity, 8), S("lockfile/yarn-lock", _yarn_lock, 6), S("lockfile/pnpm-lock", _pnpm_lock, 6),
        S("lockfile/go-sum", _go_sum, 6), S("lockfile/cargo-lock", _cargo_lock, 6), S("lockfile/pip-hashes", _pip_hash, 8),
        S("lockfile/html-sri", _sri, 6),
        S("docker/image-digest", lambda d, n: _docker_digest(d, [0, 1, 2, 3, 5][n % 5]), 10),
        S("docker/build-output-ids", lambda d, n: _docker_digest(d, [4, 6, 7][n % 3]), 6),
        S("image/png-data-uri", _data_uri_png, 8), S("image/other-data-uri", _data_uri_other, 8),
        S("certificate/x509-pem", _certificate, 8), S("certificate/fingerprint", _cert_fingerprint, 4),
        S("certificate/ca-bundle", _ca_bundle, 4), S("certificate/signing-request", _csr, 4),
        S("public-key/ssh", _ssh_public, 10), S("public-key/pem-spki", _pem_public, 6), S("public-key/pgp", _pgp_public, 6),
        S("public-key/age-recipient", _age_public, 6), S("public-key/wireguard-peer", _wireguard_public, 6),
        S("public-key/jwk", _jwk_public, 4), S("public-key/minisign", _minisign, 4),
        S("identifier/python-names", _names_python, 10), S("identifier/js-ts-go-names", _names_js, 8), S("identifier/config-references", _names_config, 10),
        S("identifier/ml-config", _names_ml, 8), S("identifier/cloud-resource-names", _names_cloud, 8),
        S("hash/build-logs", _hash_build, 10), S("hash/trace-and-etag", _hash_md5_ids, 8), S("hash/ipfs-cid", _ipfs, 4),
        S("color/hex-in-styles", lambda d, n: _color(d, [0, 1, 2, 4][n % 4]), 6),
        S("color/css-vars-and-svg", lambda d, n: _color(d, [3, 5][n % 2]), 4),
        S("version/release-strings", lambda d, n: _semver(d, [0, 1, 2, 5][n % 4]), 4),
        S("version/dependency-pins", lambda d, n: _semver(d, [3, 4, 6, 7][n % 4]), 4),
        S("package/manifests-and-installs", lambda d, n: _npm_names(d, [0, 1, 3, 4, 7][n % 5]), 5),
        S("package/imports-and-coordinates", lambda d, n: _npm_names(d, [2, 5, 6][n % 3]), 3),
        S("identifier/sql-and-schema", _names_sql, 6), S("object-id/cloud-request-ids", _cloud_request_ids, 6),
        S("object-id/stripe", _stripe_object_ids, 6), S("object-id/chat-and-forge", _chat_ids, 8),
        S("object-id/pagination-cursor", _cursors, 4), S("object-id/k8s-names", _k8s_names, 4),
        S("encoded/base64-fixture", _base64_fixtures, 4), S("encoded/jwt-header-only", _jwt_header, 4),
    ]


# --- the split ---------------------------------------------------------------------------------

# Vendors that share a literal prefix go wherever the first goes, so that no prefix fitted on one
# part is credited on the other.
SAME_UNIT = {"paystack": "stripe"}


def rank(name: str) -> str:
    return hashlib.sha256(f"screen-corpora:{name}".encode()).hexdigest()


def split_units(groups: dict[str, list[str]]) -> dict[str, str]:
    """Each unit to a part: within each group, units in the order of `rank`, alternating
    development, held-out, development, ...; groups in the order of their name, and the next group
    starting with the part that has fewer units so far."""
    part_of: dict[str, str] = {}
    sizes = Counter()
    for group in sorted(groups):
        start = 0 if sizes["development"] <= sizes["heldout"] else 1
        for i, unit in enumerate(sorted(set(groups[group]), key=rank)):
            part = PARTS[(start + i) % 2]
            part_of[unit] = part
            sizes[part] += 1
    return part_of


def items_per_format(fmt: Format, vendor_formats: int) -> int:
    if fmt.per_format:
        return fmt.per_format
    return 2 if vendor_formats >= 5 else 3


# --- assembling ---------------------------------------------------------------------------------

def deal_contexts(units: list[tuple[str, int, tuple[str, ...]]]) -> dict[tuple[str, int], str]:
    """A context for each (unit, slot): the compatible context this part has least of so far,
    never the same one twice for one unit."""
    counts = Counter()
    dealt: dict[tuple[str, int], str] = {}
    used: dict[str, set] = {}
    for unit, slot, allowed in units:
        choices = [c for c in allowed if c not in used.setdefault(unit, set())] or list(allowed)
        best = min(choices, key=lambda c: (counts[c], SECRET_CONTEXTS.index(c) if c in SECRET_CONTEXTS else 99))
        counts[best] += 1
        used[unit].add(best)
        dealt[(unit, slot)] = best
    return dealt


def build() -> dict[str, list[dict]]:
    fmts = formats()
    names = [f.name for f in fmts]
    assert len(names) == len(set(names)), "a format is listed twice"
    category: dict[str, str] = {}
    for f in fmts:
        category.setdefault(SAME_UNIT.get(f.vendor, f.vendor), f.category)  # a unit's category: its first format's
    by_category: dict[str, list[str]] = {}
    for unit, cat in category.items():
        by_category.setdefault(cat, []).append(unit)
    unit_part = split_units(by_category)
    vendor_part = {f.vendor: unit_part[SAME_UNIT.get(f.vendor, f.vendor)] for f in fmts}
    shape_list = shapes()
    by_family: dict[str, list[str]] = {}
    for s in shape_list:
        by_family.setdefault(s.family, []).append(s.name)
    shape_part = split_units(by_family)
    vendor_formats = Counter(f.vendor for f in fmts)

    out: dict[str, list[dict]] = {part: [] for part in PARTS}
    for part in PARTS:
        mine = sorted((f for f in fmts if vendor_part[f.vendor] == part), key=lambda f: rank(f.name))
        plan = [(f.name, slot, compatible(f)) for f in mine for slot in range(items_per_format(f, vendor_formats[f.vendor]))]
        dealt = deal_contexts(plan)
        for f in mine:
            d = Draw(f.name)
            for slot in range(items_per_format(f, vendor_formats[f.vendor])):
                ctx = dealt[(f.name, slot)]
                made = f.make(d)
                value, parts = (made if isinstance(made, tuple) else (made, [made]))
                extra = ""
                if ctx == "csv" and f.name == "aws/secret-access-key":
                    extra = "AKIA" + d.pick(UPPER + "234567", 16)  # the key id beside it: also removed
                text = render(f, ctx, value, slot, extra)
                secrets = [url_form(ctx, part, f) for part in parts] + ([extra] if extra else [])
                out[part].append(item(f"s-{f.name.replace('/', '-')}-{slot + 1}", text, secrets, "secret", f.name, ctx,
                                      *provenance(f)))
        out[part] += reported_leak(part, vendor_part)
        for s in sorted((s for s in shape_list if shape_part[s.name] == part), key=lambda s: rank(s.name)):
            d = Draw(s.name)
            for n in range(s.items):
                ctx, text = s.make(d, n)
                out[part].append(item(f"o-{s.name.replace('/', '-')}-{n + 1}", text, [], "ordinary", s.name, ctx,
                                      "generated", f"ordinary {s.name}: must keep its text; drawn by make.py (seed {SEED})"
                                      + (f"; {s.note}" if s.note else "")))
    for part in PARTS:
        for it in out[part]:
            for secret in it["secrets"]:
                assert secret and secret in it["text"], (it["id"], secret)
    return out


def provenance(fmt: Format) -> tuple[str, str]:
    """(source kind, note): "public" where the format's facts were read in a public rule set or
    announcement, "generated" where they are the generating model's knowledge of the vendor's format."""
    looked_up = any(word in fmt.source for word in ("gitleaks", "trufflehog", "GitHub blog"))
    facts = fmt.source if looked_up else f"the vendor's format as the generating model knows it, not looked up: {fmt.source}"
    return ("public" if looked_up else "generated"), f"format facts: {facts}; value drawn by make.py (seed {SEED})"


def reported_leak(part: str, vendor_part: dict[str, str]) -> list[dict]:
    """The lines of the leak reported on 2026-12-04 (issue 50), with the AWS formats."""
    if vendor_part["aws"] != part:
        return []
    d = Draw("aws/reported-leak")
    session, secret, mine = _aws_session(d), d.pick(B64, 40), d.pick(B64, 40)
    note = "the leak reported on 2026-12-04 (issue 50): the value after this label skipped redaction"
    return [
        item("s-aws-reported-session-token", f"credential: aws_session_token = {session}", [session], "secret",
             "aws/session-token", "tool_output", "written", note),
        item("s-aws-reported-secret-env", f"AWS_SECRET_ACCESS_KEY={secret}", [secret], "secret",
             "aws/secret-access-key", "env", "written", note),
        item("s-aws-reported-my-aws-key", f'my_aws_key = "{mine}"', [mine], "secret", "aws/secret-access-key",
             "code", "written", note),
    ]


def item(id_, text, secrets, kind, fmt, context, source_kind, note) -> dict:
    return {"id": id_, "text": text, "secrets": secrets, "kind": kind, "format": fmt, "context": context,
            "source": {"kind": source_kind, "note": note}}


def main() -> int:
    parts = build()
    for part, items in parts.items():
        lines = [json.dumps(it, ensure_ascii=False) for it in items]
        (HERE / f"{part}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    sys.path.insert(0, str(HERE.parents[2]))
    from tests import screen_corpora
    screen_corpora.write_manifest("secrets")
    for part, items in parts.items():
        kinds = Counter(it["kind"] for it in items)
        print(f"{part}: {kinds['secret']} secret items, {kinds['ordinary']} ordinary")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
