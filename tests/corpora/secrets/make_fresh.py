"""Writes the fresh held-out part of the secrets corpus (held-out material: whoever tunes a redactor
does not read this file). Values are random from a fixed seed; formats as named in each note.

    python tests/corpora/secrets/make_fresh.py [OUT]   # default: fresh.jsonl beside this file
"""
import base64, json, string, zlib
from functools import partial
from pathlib import Path
import fresh_kit
from fresh_kit import AL, B64, HX, LO, U64, UP, Seeded, write
DRAW = Seeded(20261206)
R, r, b64, u4 = DRAW.random, DRAW.text, DRAW.b64, DRAW.uuid4
jwt = partial(fresh_kit.jwt, DRAW)
def b62(n):
    s = ""; 
    while n: n, k = divmod(n, 62); s = AL[k] + s  # digits last? keep simple, order irrelevant for shape
    return s
def crc_tok(prefix, n=30):
    body = r(n); c = zlib.crc32(body.encode()) & 0xffffffff
    tail = b62(c).rjust(6, "0")[:6]
    return prefix + body + tail
GEN = "vendor's documented format as the writer knows it; value drawn at random by make_secrets.py (seed 20261206)"
PUB = lambda src: f"format facts read in {src}; value drawn at random by make_secrets.py (seed 20261206)"
S = []  # (format, value_fn, note)
def f(fmt, fn, note=GEN): S.append((fmt, fn, note))
HS = "github/token-scanning-service hypercredscan test (exampleTokens)"
GL = "the gitleaks rule set as republished in Wicker25/PromptGuard:src/core/secrets.ts"
f("adafruit/io-key", lambda: "aio_" + r(28), PUB(HS))
f("aiven/auth-token", lambda: "AVNU_" + r(372, B64) + "==", PUB(HS))
f("adobe/client-secret", lambda: "p8e-" + r(32, LO), PUB(GL))
f("alibaba/access-key-id", lambda: "LTAI" + r(20, AL), PUB(GL))
f("onepassword/secret-key", lambda: "A3-" + r(6, UP) + "-" + r(11, UP) + "-" + "-".join(r(5, UP) for _ in range(3)), PUB(GL))
f("onepassword/service-account", lambda: "ops_eyJ" + r(300, B64), PUB(GL))
f("airtable/pat", lambda: "pat" + r(14) + "." + r(64, HX), PUB(GL))
f("tailscale/api-key", lambda: "tskey-api-" + r(7) + "CNTRL-" + r(32), PUB("Tailscale's key-prefixes page"))
f("tailscale/oauth-client", lambda: "tskey-client-" + r(7) + "CNTRL-" + r(32), PUB("Tailscale's key-prefixes page"))
f("github/fine-grained-pat", lambda: "github_pat_" + r(22) + "_" + r(59))
f("github/oauth", lambda: crc_tok("gho_"))
f("gitlab/pat", lambda: "glpat-" + r(20, U64))
f("gitlab/runner", lambda: "glrt-" + r(20, U64))
f("gitlab/deploy-token", lambda: "gldt-" + r(20, U64))
f("openai/project-key", lambda: "sk-proj-" + r(74, U64) + "T3BlbkFJ" + r(74, U64))
f("anthropic/api-key", lambda: "sk-ant-api03-" + r(93, U64) + "AA")
f("anthropic/admin-key", lambda: "sk-ant-admin01-" + r(93, U64) + "AA")
f("huggingface/token", lambda: "hf_" + r(34, string.ascii_letters))
f("groq/api-key", lambda: "gsk_" + r(52))
f("replicate/token", lambda: "r8_" + r(37))
f("perplexity/api-key", lambda: "pplx-" + r(48, LO))
f("stripe/restricted", lambda: "rk_live_" + r(99))
f("stripe/secret", lambda: "sk_live_" + r(99))
f("stripe/webhook", lambda: "whsec_" + r(32))
f("slack/bot", lambda: f"xoxb-{R.randrange(10**11,10**12)}-{R.randrange(10**12,10**13)}-{r(24)}")
f("slack/app", lambda: f"xapp-1-A{r(10, UP)}-{R.randrange(10**12,10**13)}-{r(64, HX)}")
f("sendgrid/api-key", lambda: "SG." + r(22, U64) + "." + r(43, U64))
f("mailgun/key", lambda: "key-" + r(32, HX))
f("newrelic/user-key", lambda: "NRAK-" + r(27, UP))
f("doppler/token", lambda: "dp.pt." + r(43))
f("pulumi/token", lambda: "pul-" + r(40, HX))
f("terraform/token", lambda: r(14) + ".atlasv1." + r(67))
f("buildkite/token", lambda: "bkua_" + r(40, HX))
f("dockerhub/pat", lambda: "dckr_pat_" + r(27, U64))
f("digitalocean/pat", lambda: "dop_v1_" + r(64, HX))
f("databricks/token", lambda: "dapi" + r(32, HX))
f("shopify/access", lambda: "shpat_" + r(32, HX))
f("linear/api-key", lambda: "lin_api_" + r(40))
f("postman/api-key", lambda: "PMAK-" + r(24, HX) + "-" + r(34, HX))
f("sentry/user-token", lambda: "sntryu_" + r(64, HX))
f("grafana/service-account", lambda: "glsa_" + r(32) + "_" + r(8, HX))
f("vault/service-token", lambda: "hvs." + r(90, U64))
f("npm/token", lambda: crc_tok("npm_"))
f("pypi/token", lambda: "pypi-AgEIcHlwaS5vcmc" + r(150, U64))
f("google/api-key", lambda: "AIza" + r(35, U64))
f("google/oauth-secret", lambda: "GOCSPX-" + r(28, U64))
f("aws/access-key-id", lambda: "AKIA" + r(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
f("telegram/bot", lambda: f"{R.randrange(10**8,10**10)}:AA{r(33, U64)}")
f("discord/bot", lambda: base64.b64encode(str(R.randrange(10**17, 10**18)).encode()).decode().rstrip("=") + "." + r(6, U64) + "." + r(38, U64))
f("age/secret-key", lambda: "AGE-SECRET-KEY-1" + r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"))
f("figma/pat", lambda: "figd_" + r(40, U64))
f("notion/token", lambda: "ntn_" + r(46))
f("supabase/service", lambda: "sbp_" + r(40, HX))
f("netlify/pat", lambda: "nfp_" + r(36))
f("render/api-key", lambda: "rnd_" + r(32))
f("planetscale/token", lambda: "pscale_tkn_" + r(43, U64))
f("fly/token", lambda: "FlyV1 fm2_" + r(200, B64))
f("square/access", lambda: "EAAA" + r(60, U64))
f("atlassian/api-token", lambda: "ATATT3xFfGF0" + r(180, U64) + "=" + r(8, UP))
f("langsmith/key", lambda: "lsv2_pt_" + r(32, HX) + "_" + r(10, HX))
f("pinecone/key", lambda: "pcsk_" + r(5) + "_" + r(60))
f("xai/key", lambda: "xai-" + r(80))
f("jwt/session", lambda: jwt({"sub": str(R.randrange(10**6, 10**7)), "iat": 1764979200, "exp": 1765584000, "scope": "repo:write"}))
f("generic/hex40", lambda: r(40, HX), )
f("generic/base64-32", lambda: b64(32))
f("generic/urlsafe-43", lambda: r(43, U64))
f("generic/password", lambda: r(6) + R.choice("!@#%^*") + r(5) + R.choice("!@#%^*") + r(4))
def ctx_for(fmt, v, i):
    """(context, text); the text names the credential only where the format needs a name."""
    needs_name = fmt.startswith("generic/")
    c = CTX[i % len(CTX)]
    return c, c_render(c, fmt, v, needs_name)
CTX = ["tool_output", "prose", "cli_flag", "diff", "escaped_json", "bytes_literal", "log", "header", "url", "code", "yaml", "env"]
PROSE = ["Here is what I got back from the dashboard: {v} — does that look right?",
         "J'ai collé la valeur {v} dans le fichier de configuration, mais ça ne marche pas.",
         "Ich habe {v} eingetragen und der Aufruf schlägt trotzdem fehl.",
         "Probé con {v} y sigue devolviendo 401.",
         "設定に {v} を入れましたが、まだエラーになります。",
         "我把 {v} 填进去了，还是报错。"]
def c_render(c, fmt, v, named):
    name = R.choice(["UPSTREAM_AUTH", "SIGNING", "svc_cred", "pass", "key"]) if named else None
    if c == "tool_output":
        return (f"$ cat .secrets/{fmt.split('/')[0]}\n{name}: {v}" if named else f"$ {fmt.split('/')[0]} auth print\n{v}\n$")
    if c == "prose":
        return R.choice(PROSE).format(v=(f"{name}={v}" if named else v))
    if c == "cli_flag":
        return f"$ deploy --region eu-west-1 --{(name or 'auth').lower().replace('_','-')} {v} --dry-run"
    if c == "diff":
        return f"@@ -3,2 +3,2 @@\n-  {(name or 'auth')}: ''\n+  {(name or 'auth')}: '{v}'"
    if c == "escaped_json":
        return json.dumps(json.dumps({"service": fmt.split("/")[0], (name or "value"): v}))
    if c == "bytes_literal":
        return f"payload = b\"{(name or 'Authorization')}: {v}\\r\\n\""
    if c == "log":
        return f"2026-12-05T10:14:02Z DEBUG client init ({(name + '=') if named else ''}{v}) region=us-east-1"
    if c == "header":
        return f"> GET /v1/me HTTP/1.1\n> Host: api.example.com\n> Authorization: Bearer {v}"
    if c == "url":
        from urllib.parse import quote
        return None  # handled below
    if c == "code":
        return f"client = Client(\"{v}\", timeout=30)" if not named else f"client = Client({name}=\"{v}\", timeout=30)"
    if c == "yaml":
        return f"deploy:\n  provider: {fmt.split('/')[0]}\n  {(name or 'credential')}: \"{v}\""
    if c == "env":
        return f"{(name or fmt.split('/')[0].upper() + '_CRED')}={v}"
items = []
for n, (fmt, fn, note) in enumerate(S):
    for k in range(2 if not fmt.startswith("generic/") else 3):
        v = fn()
        c, text = ctx_for(fmt, v, n * 2 + k)
        sec = v.split(" ", 1)[1] if v.startswith("FlyV1 ") else v
        if c == "url":
            from urllib.parse import quote
            q = quote(sec, safe="")
            text = f"curl -s 'https://api.example.com/v2/export?format=csv&access_token={q}'"
            secs = [q]
        elif c == "escaped_json":
            secs = [json.dumps(sec)[1:-1].replace("\\", "\\\\") if "\\" in json.dumps(sec) else sec]
            secs = [s for s in secs if s in text] or [sec.replace("/", "\\/")]
        else:
            secs = [sec]
        assert all(s in text for s in secs), (fmt, c, text[:80])
        items.append({"id": f"s-fresh-{fmt.replace('/', '-')}-{k+1}", "text": text, "secrets": secs, "kind": "secret",
                      "format": fmt, "context": c, "source": {"kind": "public" if "read in" in note else "generated", "note": note}})
# two-part credentials: key id and secret together
for k in range(2):
    kid, sk = "AKIA" + r(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), r(40, AL + "+/")
    t = f"User name,Password,Access key ID,Secret access key,Console login link\ndeploy-bot,,{kid},{sk},https://123456789012.signin.aws.amazon.com/console" if k == 0 else f"[profile ci]\naws_access_key_id={kid}\naws_secret_access_key={sk}"
    items.append({"id": f"s-fresh-aws-pair-{k+1}", "text": t, "secrets": [kid, sk], "kind": "secret", "format": "aws/key-pair",
                  "context": "csv" if k == 0 else "ini", "source": {"kind": "generated", "note": GEN}})
# ordinary strings
O = []
def o(fmt, ctx, text): O.append((fmt, ctx, text))
for _ in range(3):
    o("git/commit-line", "tool_output", f"commit {r(40, HX)}\nAuthor: Dana <dana@example.com>")
    o("git/merge-base", "tool_output", f"$ git merge-base HEAD origin/main\n{r(40, HX)}")
    o("git/short-log", "tool_output", f"{r(7, HX)} Fix parser edge case\n{r(7, HX)} Bump version")
    o("uuid/v4-in-url", "url", f"https://app.example.com/projects/{u4()}/settings")
    o("uuid/request-id", "log", f"request_id={u4()} status=200 duration_ms=41")
    o("lockfile/npm-integrity", "json", json.dumps({"resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz", "integrity": "sha512-" + b64(64)}))
    o("lockfile/pip-hash", "tool_output", f"requests==2.32.3 \\\n    --hash=sha256:{r(64, HX)}")
    o("lockfile/go-sum", "code", f"golang.org/x/net v0.30.0 h1:{b64(32)}")
    o("docker/digest", "tool_output", f"Digest: sha256:{r(64, HX)}\nStatus: Downloaded newer image for python:3.12-slim")
    o("names/token-words", "code", R.choice(["tokenizer = AutoTokenizer.from_pretrained(model_name)", "max_tokens = config.get('max_tokens', 4096)",
                                            "secret_name = f'{env}-db-credentials'", "if token_type == 'refresh': rotate()",
                                            "def get_access_token_from_refresh_token_async(client): ...", "SECRET_KEY_FALLBACKS = []",
                                            "password_min_length: 12", "api_key_header_name = 'X-Api-Key'"]))
    o("names/secret-refs", "yaml", R.choice(["env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
                                            "        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}", "token: !vault |\n  path: secret/data/ci\n  field: token"]))
    o("hashes/sha256sum", "tool_output", f"{r(64, HX)}  dist/app-1.4.2.tar.gz")
    o("hashes/md5-etag", "header", f"< ETag: \"{r(32, HX)}\"\n< Content-Type: application/json")
    o("build/chunk-names", "tool_output", f"dist/assets/index-{r(8, HX)}.js   142.31 kB │ gzip: 45.12 kB\ndist/assets/vendor-{r(8, LO)}.css  8.02 kB")
    o("ids/mongo-objectid", "json", json.dumps({"_id": {"$oid": r(24, HX)}, "name": "widget"}))
    o("ids/stripe-object", "json", json.dumps({"id": "pi_" + r(24), "object": "payment_intent", "customer": "cus_" + r(14)}))
    o("ids/eth-address", "prose", f"The contract is deployed at 0x{r(40, HX)} on the test network.")
    o("keys/ssh-public", "tool_output", f"$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{r(43, B64)} dana@laptop")
    o("data/base64-image", "code", "<img src=\"data:image/png;base64," + b64(90) + "\">")
    o("cert/pem-certificate", "tool_output", "-----BEGIN CERTIFICATE-----\nMIIB" + "\n".join(r(64, B64) for _ in range(4)) + "\n-----END CERTIFICATE-----")
    o("text/camel-identifiers", "code", R.choice(["const refreshAccessTokenIfExpired = async () => {", "class PasswordResetTokenGenerator(Base):",
                                                  "final String apiKeyHeaderValueProvider = provider.name();"]))
    o("versions/pins", "tool_output", f"Successfully installed numpy-2.1.{R.randrange(9)} pandas-2.2.{R.randrange(9)} torch-2.5.1+cu124")
    o("ids/trace", "log", f"traceparent: 00-{r(32, HX)}-{r(16, HX)}-01")
    o("paths/nix-store", "tool_output", f"/nix/store/{r(32, 'abcdfghijklmnpqrsvwxyz0123456789')}-python3-3.12.7/bin/python3")
    o("prose/long-words", "prose", R.choice(["Internationalization and counterrevolutionaries are long words, not credentials.",
                                             "Die Donaudampfschifffahrtsgesellschaftskapitänsmütze ist ein langes Wort."]))
for n, (fmt, c, text) in enumerate(O):
    items.append({"id": f"o-fresh-{fmt.replace('/', '-')}-{n+1}", "text": text, "secrets": [], "kind": "ordinary", "format": fmt,
                  "context": c, "source": {"kind": "generated", "note": "ordinary text that must keep every character; drawn by make_secrets.py (seed 20261206)"}})
seen: set[str] = set()
items = [i for i in items if not (i["text"] in seen or seen.add(i["text"]))]  # a text drawn twice is kept once
write(items, Path(__file__).resolve().parent / "fresh.jsonl")
print(sum(i["kind"] == "secret" for i in items), sum(i["kind"] == "ordinary" for i in items))
