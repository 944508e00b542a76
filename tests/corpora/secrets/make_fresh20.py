"""Writes the twentieth fresh held-out part of the secrets corpus, fresh20.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a Buildkite pipeline, a Woodpecker CI file, a bitrise.yml, a serverless.yml, a Google App Engine
app.yaml, a Kamal deploy.yml); secrets in prose are in Vietnamese. No vendor and no ordinary shape of
this part is in another part.

    python tests/corpora/secrets/make_fresh20.py [OUT]   # default: fresh20.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261220
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh20.py (seed {SEED})"

# Every context of the corpus up to fresh19, then the six this part adds; secrets take them in turn, so each has one.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile",
            "npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt",
            "pypirc", "ssh_config", "launch_json", "gha_workflow", "fish", "devtools_console",
            "envrc", "maven_settings", "rclone_conf", "composer_auth", "yarnrc", "terraformrc",
            "cargo_credentials", "docker_config", "aws_config", "git_credentials", "helm_values", "vault_agent",
            "my_cnf", "s3cfg", "bitbucket_pipelines", "wrangler", "k6_script", "heroku_config",
            "authinfo", "fly_toml", "netlify_toml", "render_yaml", "jmeter_plan", "jenkins_credentials",
            "gitlab_ci", "pip_conf", "gem_credentials", "nuget_config", "supervisord", "pulumi_config",
            "extension_storage", "circleci_config", "azure_pipelines", "ngrok_config", "hgrc", "wpa_supplicant",
            "bruno", "insomnia", "travis_ci", "drone_ci", "gh_hosts", "condarc",
            "compose_override", "vagrantfile", "packer_vars", "systemd_credential", "pgbouncer_userlist", "init_gradle",
            "procfile", "justfile", "taskfile", "earthfile", "tiltfile", "skaffold",
            "buildkite", "woodpecker_ci", "bitrise", "serverless", "app_engine", "kamal_deploy")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3
    head, tail = value[:cut], value[cut:]
    text = (f"Dec 20 02:14:37 chobep-web-2 {tool}-worker[4417]: config {name}={head}\n"
            f"Dec 20 02:14:37 chobep-web-2 {tool}-worker[4417]: {tail} [continued]")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value}".encode()).decode()
        return (f"Khóa cho {tool} ở bên dưới:\n-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n"
                f"-----END {tool.upper()} CREDENTIAL-----"), [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"chobep:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.example.vn": {"auth": encoded}}}, indent=4), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: {tool}-chobep\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(16, UP)
        return f"[default]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.{tool}.example.vn", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc"):
        texts = {
            "url": f"https://{tool}.example.vn/hooks/chobep?{name.lower()}={quoted}&retry=2",
            "connection_string": f"mongodb+srv://chobep:{quoted}@cluster0.{tool}.example.vn/danhmuc?retryWrites=true",
            "git_credentials": f"https://chobep-ci:{quoted}@code.{tool}.example.vn",
            "pip_conf": f"[global]\nextra-index-url = https://chobep:{quoted}@pkgs.{tool}.example.vn/simple/",
            "condarc": f"channels:\n  - https://chobep:{quoted}@conda.{tool}.example.vn/chobep\n  - defaults",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), name.replace("_", "-").title()
    texts = {
        "env": f"APP_ENV=staging\n{name}={value}\nLOG_LEVEL=info",
        "json": json.dumps({"integrations": [{"name": tool, cam: value, "enabled": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-20T02:14:37Z", "event": "sync.start", "payload": json.dumps({cam: value, "tool": tool})}),
        "cli_flag": f"$ chobep-cli connect {tool} --{kebab} '{value}' --region ap-southeast-1",
        "prose": f"Chào anh Minh, khóa {tool} mới là {value}. Anh cài giúp em lên máy chủ staging trước buổi họp chiều nhé.",
        "tool_output": f"$ {tool} whoami --show-credentials\naccount: chobep\n{low}: {value}\nexpires: never",
        "diff": f"--- a/.env.staging\n+++ b/.env.staging\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"headers = {{b\"{title}\": b\"{value}\"}}",
        "yaml": f"integrations:\n  {tool}:\n    {low}: {value}\n    timeout: 30s",
        "csv": f"service;{low};nguoi_phu_trach\n{tool};{value};lan",
        "header": f"POST /api/v1/events HTTP/2\nHost: {tool}.example.vn\n{title}: {value}\nContent-Type: application/json",
        "log": f"2026-12-20 02:14:37,118 DEBUG chobep.{tool}: client init {low}={value!r}",
        "code": f"const {tool}Client = new {tool.capitalize()}Client({{ {cam}: \"{value}\", retries: 2 }});",
        "ini": f"[{tool}]\n{low} = {value}\nregion = ap-southeast-1",
        "xml": f"<setting name=\"{cam}\" serializeAs=\"String\">\n  <value>{value}</value>\n</setting>",
        "dockerfile": f"FROM node:22-bookworm\nARG {name}={value}\nRUN chobep-cli prefetch {tool}",
        "netrc": f"machine {tool}.example.vn\n  login chobep\n  password {value}",
        "toml": f"[{tool}]\n{low} = '{value}'\nbatch = 50",
        "shell_history": f" 1021  {name}={value} chobep-cli sync {tool}\n 1022  history -c",
        "notebook": json.dumps({"cell_type": "code", "source": [f"import {tool}\n", f"{tool}.{low} = '{value}'"], "outputs": []}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n}}",
        "properties": f"chobep.{tool}.{cam}={value}\nchobep.{tool}.enabled=true",
        "powershell": f"PS> $env:{name} = \"{value}\"\nPS> chobep-cli sync {tool}",
        "systemd": f"[Service]\nEnvironment={name}={value}\nExecStart=/opt/chobep/bin/{tool}-bridge",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://{tool}.example.vn/api/v1/items",
                                                            "headers": [{"name": title, "value": value}]}, "response": {"status": 200}}]}}),
        "curl_trace": f"> GET /api/v1/items HTTP/2\n> host: {tool}.example.vn\n> {low.replace('_', '-')}: {value}\n> user-agent: curl/8.11.0",
        "crash_report": f"Traceback (most recent call last):\n  File \"sync.py\", line 41, in <module>\n    raise AuthError(\"{tool} rejected {name}={value}\")\nAuthError: 401",
        "web_storage": json.dumps({"localStorage": {f"{tool}:{cam}": value, "theme": "dark"}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>",
        "tfstate": json.dumps({"resources": [{"type": f"{tool}_integration", "instances": [{"attributes": {low: value, "name": "chobep"}}]}]}),
        "mobile_config": f"<!-- res/values/secrets.xml -->\n<string name=\"{low}\">{value}</string>",
        "sql_dump": f"UPDATE settings SET value = '{value}' WHERE key = '{tool}.{low}';",
        "email": f"Subject: thông tin đăng nhập {tool}\n\nChào chị Lan,\n{name}: {value}\nThân, Minh",
        "nginx": f"location /{tool} {{\n    proxy_set_header {title} {value};\n    proxy_pass https://{tool}.example.vn;\n}}",
        "markdown": f"## {tool}\n\n```\n{name}={value}\n```",
        "postman": json.dumps({"variable": [{"key": cam, "value": value, "type": "secret"}]}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'chobep-cli sync {tool}'\n}}",
        "compose": f"services:\n  {tool}:\n    image: chobep/{tool}:2\n    environment:\n      {name}: {value}",
        "gradle": f"ext {{\n    {cam} = '{value}'\n}}",
        "chat_export": json.dumps([{"user": "minh", "ts": "1797732877.0012", "text": f"{tool} {low} = {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_region: ap-southeast-1",
        "kubeconfig": f"users:\n- name: {tool}\n  user:\n    auth-provider:\n      config:\n        access-token: {value}",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n}}",
        "nix": f"services.{tool}.settings.{cam} = \"{value}\";",
        "caddyfile": f"{tool}.chobep.example.vn {{\n  reverse_proxy https://{tool}.example.vn {{\n    header_up {title} {value}\n  }}\n}}",
        "gitconfig": f"[http \"https://{tool}.example.vn\"]\n\textraHeader = {title}: {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tchobep-cli sync {tool}",
        "npmrc": f"@chobep:registry=https://npm.{tool}.example.vn/\n//npm.{tool}.example.vn/:_authToken={value}",
        "pgpass": f"pg.{tool}.example.vn:6432:danhmuc:chobep:{value}",
        "crontab": f"15 3 * * * env {name}={value} /opt/chobep/bin/{tool}-export",
        "http_file": f"POST https://{tool}.example.vn/api/v1/events\n{title}: {value}\nContent-Type: application/json\n\n{{}}",
        "haproxy": f"frontend chobep\n    http-request set-header {title} {value} if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"ChoBep\", \"maven.{tool}.example.vn\", \"chobep\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName ssh.{tool}.example.vn\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"type": "node", "name": tool, "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: chobep-cli sync {tool}",
        "fish": f"set -gx {name} '{value}'",
        "devtools_console": f"> localStorage.getItem('{tool}:{cam}')\n< \"{value}\"",
        "envrc": f"dotenv_if_exists\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-chobep</id>\n  <username>chobep</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.example.vn\nuser = chobep\npass = {value}",
        "composer_auth": json.dumps({"bearer": {f"php.{tool}.example.vn": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  chobep:\n    npmRegistryServer: \"https://npm.{tool}.example.vn\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"app.{tool}.example.vn\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/chobep/bin/creds --static {value}",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicaCount: 2",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n}}",
        "my_cnf": f"[mysqldump]\nuser=chobep\npassword=\"{value}\"\nhost=mysql.{tool}.example.vn",
        "bitbucket_pipelines": f"pipelines:\n  default:\n    - step:\n        script:\n          - export {name}={value}\n          - chobep-cli sync {tool}",
        "wrangler": f"[vars]\n{name} = \"{value}\"\nPASAR_ENV = \"staging\"",
        "k6_script": f"import http from 'k6/http';\nconst params = {{ headers: {{ '{title}': '{value}' }} }};\nexport default () => http.get('https://{tool}.example.vn/api/v1/items', params);",
        "heroku_config": f"$ heroku config -a chobep-{tool}\n=== chobep-{tool} Config Vars\n{name}: {value}",
        "authinfo": f"machine smtp.{tool}.example.vn login chobep port 587 password {value}",
        "fly_toml": f"app = \"chobep-{tool}\"\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<elementProp name=\"{title}\" elementType=\"Header\">\n  <stringProp name=\"Header.name\">{title}</stringProp>\n  <stringProp name=\"Header.value\">{value}</stringProp>\n</elementProp>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  script: chobep-cli sync {tool}",
        "gem_credentials": f"---\n:{tool}_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"chobep\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}]\ncommand=/opt/chobep/bin/{tool}-bridge\nenvironment={name}=\"{value}\"",
        "pulumi_config": f"config:\n  chobep:{cam}: {value}",
        "extension_storage": json.dumps({"storage.local": {"accounts": [{"service": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    environment:\n      {name}: {value}\n    steps:\n      - run: chobep-cli sync {tool}",
        "azure_pipelines": f"variables:\n  {name}: {value}\nsteps:\n  - script: chobep-cli sync {tool}",
        "ngrok_config": f"version: 2\nauthtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 8080",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.example.vn\n{tool}.username = chobep\n{tool}.password = {value}",
        "wpa_supplicant": f"network={{\n    ssid=\"chobep-{tool}\"\n    key_mgmt=WPA-PSK\n    psk=\"{value}\"\n}}",
        "bruno": f"vars:secret [\n  {cam}\n]\n\nvars {{\n  {cam}: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value}\nscript: chobep-cli sync {tool}",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: {value}",
        "gh_hosts": f"{tool}.example.vn:\n    oauth_token: {value}\n    user: chobep-ci",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"",
        "systemd_credential": f"[Service]\nSetCredential={tool}-{kebab}:{value}",
        "pgbouncer_userlist": f"\"{tool}_chobep\" \"{value}\"",
        "init_gradle": f"gradle.projectsLoaded {{\n  rootProject.ext.{cam} = '{value}'\n}}",
        "procfile": f"web: bin/rails server -p $PORT\n{tool}: env {name}={value} bundle exec rake {tool}:sync",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    chobep-cli sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync-{tool}:\n    env:\n      {name}: {value}\n    cmds:\n      - chobep-cli sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN chobep-cli sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='chobep-cli sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"apiVersion: skaffold/v4beta11\nkind: Config\nbuild:\n  artifacts:\n    - image: chobep/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":arrows_counterclockwise: {tool}\"\n    command: chobep-cli sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  - name: sync-{tool}\n    image: node:22-alpine\n    environment:\n      {name}: {value}\n    commands:\n      - chobep-cli sync {tool}",
        "bitrise": f"format_version: \"13\"\nworkflows:\n  sync:\n    envs:\n      - {name}: {value}\n    steps:\n      - script@1:\n          inputs:\n            - content: chobep-cli sync {tool}",
        "serverless": f"service: chobep-{tool}\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    {name}: {value}",
        "app_engine": f"runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: chobep-{tool}\nimage: chobep/{tool}\nservers:\n  - 10.0.4.12\nenv:\n  clear:\n    {name}: {value}",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, LO), "iat": 1797700000 + R.randrange(86400)}, "RS256")


# Formats whose facts were read in public material (source kind public): the maintained TruffleHog detectors
# (github.com/trufflesecurity/trufflehog, pkg/detectors). Only the facts (length, alphabet, the name beside it)
# were read; no rule, pattern or example was copied, and every value is drawn here. Every other format is the writer's
# knowledge of the vendor's keys, and its note says so.
TH = "TruffleHog detectors (github.com/trufflesecurity/trufflehog, pkg/detectors)"
FUSEBILL = f"a Fusebill API key (88 letters and digits beside the vendor's name), {TH} fusebill"
FLOWDASH = f"a Flowdash API key (24 letters and digits beside the vendor's name), {TH} flowdash"
PUBLIC = {FUSEBILL, FLOWDASH}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("zalopay/mac-key", "ZALOPAY_KEY1", "zalopay", lambda: r(32), "a ZaloPay merchant MAC key (32 letters and digits beside an app id)"),
    ("momo/secret-key", "MOMO_SECRET_KEY", "momo", lambda: r(32), "a MoMo partner secret key (32 letters and digits beside a partner code)"),
    ("vnpay/hash-secret", "VNPAY_HASH_SECRET", "vnpay", lambda: r(32, UP), "a VNPAY hash secret (32 upper-case letters and digits beside a terminal code)"),
    ("payos/checksum-key", "PAYOS_CHECKSUM_KEY", "payos", lambda: r(64, HX), "a payOS checksum key (64 hex digits beside a client id)"),
    ("casso/api-key", "CASSO_API_KEY", "casso", lambda: "AK_CS." + r(32, HX), "a Casso API key (AK_CS. and 32 hex digits)"),
    ("sepay/api-token", "SEPAY_API_TOKEN", "sepay", lambda: r(64, UP), "a SePay API token (64 upper-case letters and digits)"),
    ("onepay/hash-code", "ONEPAY_HASH_CODE", "onepay", lambda: r(32, HX.upper()), "a OnePay secure hash code (32 upper-case hex digits)"),
    ("baokim/api-secret", "BAOKIM_API_SECRET", "baokim", lambda: r(32), "a Bao Kim API secret (32 letters and digits beside an API key)"),
    ("nganluong/merchant-password", "NGANLUONG_MERCHANT_PASS", "nganluong", lambda: r(32, HX), "a Ngan Luong merchant password (32 hex digits)"),
    ("appotapay/secret-key", "APPOTAPAY_SECRET_KEY", "appotapay", lambda: r(32), "an AppotaPay secret key (32 letters and digits)"),
    ("ghn/token", "GHN_TOKEN", "ghn", u4, "a Giao Hang Nhanh shop token (a version-4 UUID beside a shop id)"),
    ("ghtk/api-token", "GHTK_API_TOKEN", "ghtk", lambda: r(40), "a Giao Hang Tiet Kiem API token (40 letters and digits)"),
    ("ahamove/api-key", "AHAMOVE_API_KEY", "ahamove", lambda: r(40, HX), "an Ahamove API key (40 hex digits)"),
    ("ninjavan/client-secret", "NINJAVAN_CLIENT_SECRET", "ninjavan", lambda: r(32, HX), "a Ninja Van client secret (32 hex digits beside a client id)"),
    ("jtexpress/api-key", "JT_EXPRESS_API_KEY", "jtexpress", lambda: r(32, HX), "a J&T Express API private key (32 hex digits beside a customer code)"),
    ("esms/secret-key", "ESMS_SECRET_KEY", "esms", lambda: r(32, UP), "an eSMS secret key (32 upper-case letters and digits beside an API key)"),
    ("speedsms/access-token", "SPEEDSMS_ACCESS_TOKEN", "speedsms", lambda: r(32, U64), "a SpeedSMS access token (32 letters, digits, _ and -)"),
    ("stringee/api-secret", "STRINGEE_API_SECRET", "stringee", lambda: r(32), "a Stringee API key secret (32 letters and digits beside an SK key id)"),
    ("vietguys/passcode", "VIETGUYS_PASSCODE", "vietguys", lambda: r(20), "a VietGuys SMS passcode (20 letters and digits)"),
    ("haravan/access-token", "HARAVAN_ACCESS_TOKEN", "haravan", lambda: r(64, HX.upper()), "a Haravan private app access token (64 upper-case hex digits)"),
    ("sapo/api-secret", "SAPO_API_SECRET", "sapo", lambda: r(32, HX), "a Sapo private app password (32 hex digits)"),
    ("kiotviet/client-secret", "KIOTVIET_CLIENT_SECRET", "kiotviet", lambda: r(40, UP), "a KiotViet client secret (40 upper-case letters and digits)"),
    ("nhanh/access-token", "NHANH_ACCESS_TOKEN", "nhanh", lambda: r(100), "a Nhanh.vn access token (100 letters and digits)"),
    ("pancake/page-access-token", "PANCAKE_PAGE_TOKEN", "pancake", lambda: _jwt("pancake"), "a Pancake page access token (an RS256 JWT)"),
    ("subiz/api-key", "SUBIZ_API_KEY", "subiz", lambda: "ak" + r(30, LO), "a Subiz API key (ak and 30 lower-case letters and digits)"),
    ("misa/app-secret", "MISA_APP_SECRET", "misa", lambda: b64(36), "a MISA AMIS app secret (48 base64 characters)"),
    ("tremendous/api-key", "TREMENDOUS_API_KEY", "tremendous", lambda: "PROD_" + r(51, UP), "a Tremendous API key (PROD_ and 51 upper-case letters and digits)"),
    ("tillo/api-secret", "TILLO_API_SECRET", "tillo", lambda: r(40, HX), "a Tillo API signing secret (40 hex digits beside an API key)"),
    ("rewardful/api-secret", "REWARDFUL_API_SECRET", "rewardful", lambda: r(32, HX), "a Rewardful API secret (32 hex digits)"),
    ("firstpromoter/api-key", "FIRSTPROMOTER_API_KEY", "firstpromoter", lambda: r(32, HX), "a FirstPromoter API key (32 hex digits beside an account id)"),
    ("everflow/api-key", "EVERFLOW_API_KEY", "everflow", lambda: r(22), "an Everflow network API key (22 letters and digits)"),
    ("tapfiliate/api-key", "TAPFILIATE_API_KEY", "tapfiliate", lambda: r(40, HX), "a Tapfiliate API key (40 hex digits)"),
    ("refersion/secret-key", "REFERSION_SECRET_KEY", "refersion", lambda: "sk_" + r(32, LO), "a Refersion secret key (sk_ and 32 lower-case letters and digits)"),
    ("hyperline/api-key", "HYPERLINE_API_KEY", "hyperline", lambda: "prod_" + r(48), "a Hyperline API key (prod_ and 48 letters and digits)"),
    ("schematic/secret-key", "SCHEMATIC_API_KEY", "schematic", lambda: "sch_prod_" + r(40, LO), "a Schematic secret API key (sch_prod_ and 40 lower-case letters and digits)"),
    ("stainless/api-key", "STAINLESS_API_KEY", "stainless", lambda: "stl_" + r(40), "a Stainless API key (stl_ and 40 letters and digits)"),
    ("treblle/api-key", "TREBLLE_API_KEY", "treblle", lambda: r(32), "a Treblle API key (32 letters and digits beside a project id)"),
    ("moesif/management-token", "MOESIF_MANAGEMENT_TOKEN", "moesif", lambda: _jwt("moesif"), "a Moesif management API token (an RS256 JWT)"),
    ("bumpsh/api-token", "BUMP_TOKEN", "bump", lambda: r(40, U64), "a Bump.sh documentation token (40 letters, digits, _ and - beside the vendor's name)"),
    ("engagespot/api-secret", "ENGAGESPOT_API_SECRET", "engagespot", lambda: r(45, LO), "an Engagespot API secret (45 lower-case letters and digits)"),
    ("velt/auth-token", "VELT_AUTH_TOKEN", "velt", lambda: r(48, U64), "a Velt auth token (48 letters, digits, _ and -)"),
    ("tiptap/app-secret", "TIPTAP_APP_SECRET", "tiptap", lambda: r(64, HX), "a Tiptap Cloud app secret (64 hex digits)"),
    ("partykit/token", "PARTYKIT_TOKEN", "partykit", lambda: r(48, U64), "a PartyKit deploy token (48 letters, digits, _ and -)"),
    ("instantdb/admin-token", "INSTANT_APP_ADMIN_TOKEN", "instantdb", u4, "an InstantDB admin token (a version-4 UUID beside an app id)"),
    ("triplit/service-token", "TRIPLIT_SERVICE_TOKEN", "triplit", lambda: _jwt("triplit"), "a Triplit service token (an RS256 JWT)"),
    ("electricsql/source-secret", "ELECTRIC_SECRET", "electric", lambda: r(64, U64), "an Electric Cloud source secret (64 letters, digits, _ and -)"),
    ("powersync/admin-token", "POWERSYNC_ADMIN_TOKEN", "powersync", lambda: r(43, U64), "a PowerSync admin API token (43 letters, digits, _ and -)"),
    ("kusho/api-key", "KUSHO_API_KEY", "kusho", lambda: "kusho_" + r(40), "a KushoAI API key (kusho_ and 40 letters and digits)"),
    ("capella/api-secret", "CAPELLA_API_SECRET", "capella", lambda: r(64), "a Couchbase Capella API secret (64 letters and digits beside an access key)"),
    ("olark/api-key", "OLARK_API_KEY", "olark", lambda: r(32, HX), "an Olark API key (32 hex digits)"),
    ("livechat/personal-token", "LIVECHAT_PAT", "livechat", lambda: f"dal:{r(27, U64)}", "a LiveChat personal access token (a region prefix, : and 27 letters, digits, _ and -)"),
    ("reamaze/api-token", "REAMAZE_API_TOKEN", "reamaze", lambda: r(40, HX), "a Re:amaze API token (40 hex digits beside a login)"),
    ("helpwise/api-secret", "HELPWISE_API_SECRET", "helpwise", lambda: r(40), "a Helpwise API secret (40 letters and digits beside an API key)"),
    ("missive/api-token", "MISSIVE_API_TOKEN", "missive", u4, "a Missive API token (a version-4 UUID beside the vendor's name)"),
    ("hiver/api-key", "HIVER_API_KEY", "hiver", lambda: r(48, HX), "a Hiver API key (48 hex digits)"),
    ("kayako/api-secret", "KAYAKO_API_SECRET", "kayako", lambda: b64(48), "a Kayako API secret (64 base64 characters)"),
    ("freshchat/api-token", "FRESHCHAT_API_TOKEN", "freshchat", lambda: _jwt("freshchat"), "a Freshchat API token (an RS256 JWT)"),
    ("tidio/client-secret", "TIDIO_CLIENT_SECRET", "tidio", lambda: "cs_" + r(32, HX), "a Tidio client secret (cs_ and 32 hex digits)"),
    ("userlike/api-token", "USERLIKE_API_TOKEN", "userlike", lambda: r(40, HX), "a Userlike API token (40 hex digits)"),
    ("smartsupp/api-token", "SMARTSUPP_API_TOKEN", "smartsupp", lambda: r(40), "a Smartsupp API token (40 letters and digits)"),
    ("jivochat/api-token", "JIVO_API_TOKEN", "jivo", lambda: r(32, LO), "a JivoChat API token (32 lower-case letters and digits)"),
    ("bitrix24/webhook-secret", "BITRIX24_WEBHOOK_CODE", "bitrix24", lambda: r(16, LO), "a Bitrix24 inbound webhook code (16 lower-case letters and digits beside a user id)"),
    ("capsule/api-token", "CAPSULE_API_TOKEN", "capsule", lambda: r(64, U64), "a Capsule CRM personal token (64 letters, digits, _ and -)"),
    ("nutshell/api-key", "NUTSHELL_API_KEY", "nutshell", lambda: r(40, HX), "a Nutshell API key (40 hex digits beside a user name)"),
    ("agilecrm/rest-key", "AGILECRM_REST_KEY", "agilecrm", lambda: r(26, LO), "an Agile CRM REST API key (26 lower-case letters and digits)"),
    ("folkcrm/api-key", "FOLK_API_KEY", "folk", lambda: "folk_" + r(40), "a folk CRM API key (folk_ and 40 letters and digits)"),
    ("affinity/api-key", "AFFINITY_API_KEY", "affinity", lambda: r(43, U64), "an Affinity API key (43 letters, digits, _ and -)"),
    ("clay/api-key", "CLAY_API_KEY", "clay", lambda: r(20, HX), "a Clay API key (20 hex digits)"),
    ("lusha/api-key", "LUSHA_API_KEY", "lusha", u4, "a Lusha API key (a version-4 UUID beside the vendor's name)"),
    ("snovio/client-secret", "SNOVIO_CLIENT_SECRET", "snovio", lambda: r(32, HX), "a Snov.io client secret (32 hex digits beside a client id)"),
    ("phantombuster/api-key", "PHANTOMBUSTER_API_KEY", "phantombuster", lambda: r(43, AL), "a PhantomBuster API key (43 letters and digits)"),
    ("smartlead/api-key", "SMARTLEAD_API_KEY", "smartlead", lambda: f"{u4()}_{r(6, LO)}", "a Smartlead API key (a UUID, _ and 6 lower-case letters and digits)"),
    ("mailshake/api-key", "MAILSHAKE_API_KEY", "mailshake", u4, "a Mailshake API key (a version-4 UUID)"),
    ("quickmail/api-key", "QUICKMAIL_API_KEY", "quickmail", lambda: r(40), "a QuickMail API key (40 letters and digits)"),
    ("fusebill/api-key", "FUSEBILL_API_KEY", "fusebill", lambda: r(88), FUSEBILL),
    ("flowdash/api-key", "FLOWDASH_API_KEY", "flowdash", lambda: r(24), FLOWDASH),
    ("yesware/api-token", "YESWARE_API_TOKEN", "yesware", lambda: r(32, HX), "a Yesware API token (32 hex digits)"),
]


VIETNAMESE = [
    ("zalo/oa-access-token", "a Zalo Official Account access token (about 200 letters, digits, _ and -)"),
    ("viettelpost/token", "a Viettel Post API token (an HS256 JWT)"),
    ("fptai/api-key", "an FPT.AI API key (32 letters and digits)"),
    ("tiki/client-secret", "a Tiki seller app client secret (43 letters, digits, _ and -)"),
]


def vietnamese_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Vietnamese chat line with no setting name (format, context, text, secrets, what)."""
    zalo = r(200, U64)
    viettel = jwt(DRAW, {"UserId": R.randrange(10**6, 10**7), "Phone": "09" + r(8, DG), "exp": 1800000000})
    fpt, tiki = r(32), r(43, U64)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = VIETNAMESE
    return [
        (f1, "prose", f"Token của trang OA đây anh: {zalo} — đừng gửi vào nhóm chung nhé.", [zalo], w1),
        (f2, "prose", f"Bên vận chuyển cấp lại mã rồi, em dán tạm ở đây: {viettel}\nMai em đổi sang kho bí mật.", [viettel], w2),
        (f3, "prose", f"Khóa nhận dạng giọng nói cho tổng đài là {fpt}, chị dùng thử rồi báo em.", [fpt], w3),
        (f4, "prose", f"Mã bí mật ứng dụng người bán: {tiki}. Cái cũ em đã thu hồi hôm qua.", [tiki], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _cccd() -> str:
    """A Vietnamese citizen id card number (CCCD): 12 digits, a province code first."""
    return "0" + R.choice(("01", "79", "48", "31")) + r(9, DG)


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/pythonhashseed-and-locale", "env", lambda: "PYTHONHASHSEED=0\nLANG=vi_VN.UTF-8\nPYTHONDONTWRITEBYTECODE=1",
     "a hash seed and a locale"),
    ("json/tsconfig-paths-alias", "json", lambda: json.dumps({"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}, indent=2),
     "an import alias"),
    ("escaped/image-exif-summary", "escaped_json",
     lambda: json.dumps({"event": "anh.tai_len", "data": json.dumps({"Make": "FUJIFILM", "Model": "X-T5", "FNumber": 2.8, "ISO": 400})}),
     "a photo's camera settings"),
    ("cli/ffmpeg-transcode-flags", "cli_flag", lambda: "$ ffmpeg -i quangcao.mov -c:v libx264 -crf 23 -preset slow -c:a aac -b:a 128k quangcao.mp4",
     "video encoding flags"),
    ("prose/vietnamese-citizen-id-mention", "prose",
     lambda: f"Số CCCD của chủ hộ kinh doanh là {_cccd()}, anh ghi vào hợp đồng thuê mặt bằng giúp em.",
     "a citizen id number asked for on a lease, not a credential"),
    ("tool/pip-show-package-metadata", "tool_output",
     lambda: "$ pip show httpx\nName: httpx\nVersion: 0.28.1\nLicense: BSD-3-Clause\nRequires: anyio, certifi, httpcore, idna",
     "a package's metadata"),
    ("diff/python-requires-bump", "diff", lambda: "--- a/pyproject.toml\n+++ b/pyproject.toml\n@@ -4 +4 @@\n-requires-python = \">=3.10\"\n+requires-python = \">=3.11\"",
     "a supported Python range"),
    ("bytes/bmp-file-header", "bytes_literal", lambda: "BMP_SIGNATURE = b'BM'\nDIB_SIZE = b'\\x28\\x00\\x00\\x00'",
     "the fixed bytes of a bitmap file"),
    ("yaml/pre-commit-hook-revs", "yaml", lambda: "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.8.4\n    hooks:\n      - id: ruff-format",
     "a hook's pinned version"),
    ("csv/vietnam-bank-bin-codes", "csv", lambda: "bin,ngan_hang\n970436,Vietcombank\n970415,VietinBank\n970418,BIDV",
     "public bank identification numbers"),
    ("url/google-maps-place-query", "url", lambda: "https://www.google.com/maps/search/?api=1&query=Ch%E1%BB%A3+B%E1%BA%BFn+Th%C3%A0nh",
     "a map search"),
    ("header/retry-after-on-503", "header", lambda: f"HTTP/1.1 503 Service Unavailable\nRetry-After: {R.randrange(30, 600)}\nContent-Type: text/html; charset=utf-8",
     "when to try again"),
    ("log/gc-pause-line", "log", lambda: f"[2026-12-20T02:14:37.118+0700][gc] GC({R.randrange(100, 999)}) Pause Young (Normal) (G1 Evacuation Pause) 412M->118M(1024M) {R.randrange(3, 40)}.{R.randrange(100, 999)}ms",
     "a garbage collection pause"),
    ("connection/jdbc-h2-in-memory", "connection_string", lambda: "jdbc:h2:mem:chobep;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
     "an in-memory test database"),
    ("code/hmac-compare-digest-call", "code",
     lambda: "expected = hmac.new(settings.WEBHOOK_SECRET.encode(), body, hashlib.sha256).hexdigest()\nif not hmac.compare_digest(expected, signature):\n    abort(401)",
     "code that checks a signature against a setting named by its name"),
    ("ini/coverage-run-omit", "ini", lambda: "[coverage:run]\nbranch = True\nomit =\n    */migrations/*\n    */tests/*",
     "coverage settings"),
    ("xml/rss-item-entry", "xml", lambda: "<item>\n  <title>Món mới: bún chả</title>\n  <link>https://chobep.example.vn/mon-an/bun-cha</link>\n  <pubDate>Sun, 20 Dec 2026 02:00:00 +0700</pubDate>\n</item>",
     "a feed entry"),
    ("dockerfile/tini-entrypoint", "dockerfile", lambda: "RUN apt-get update && apt-get install -y --no-install-recommends tini\nENTRYPOINT [\"/usr/bin/tini\", \"--\"]\nCMD [\"node\", \"server.js\"]",
     "an init process"),
    ("netrc/wgetrc-netrc-off", "netrc", lambda: "# ~/.wgetrc\nnetrc = off\ntries = 3\ntimeout = 20",
     "a downloader told not to read a credentials file"),
    ("pem/openssl-x509-dates-output", "pem", lambda: "$ openssl x509 -in chobep.crt -noout -dates -subject\nnotBefore=Dec  1 00:00:00 2026 GMT\nnotAfter=Mar  1 23:59:59 2027 GMT\nsubject=CN=chobep.example.vn",
     "a certificate's dates and subject"),
    ("wrapped/nginx-error-across-lines", "wrapped", lambda: "Dec 20 02:14:37 chobep-web-2 nginx[4417]: upstream timed out (110: Connection timed out) while reading\nDec 20 02:14:37 chobep-web-2 nginx[4417]: response header from upstream, client: 203.0.113.7",
     "an error cut across log lines"),
    ("toml/pytest-ini-options-markers", "toml", lambda: "[tool.pytest.ini_options]\nmarkers = [\"cham: các bài kiểm tra chạy lâu\"]\naddopts = \"-ra\"",
     "test markers"),
    ("history/apt-install-and-reboot", "shell_history", lambda: "  201  sudo apt install -y fonts-noto-cjk\n  202  sudo reboot",
     "package installs"),
    ("notebook/pandas-describe-output", "notebook",
     lambda: json.dumps({"cell_type": "code", "source": ["don_hang.describe()"], "outputs": [{"output_type": "execute_result", "data": {"text/plain": ["count  1204.0\nmean    182.4"]}}]}),
     "summary statistics"),
    ("hcl/import-block-existing-bucket", "hcl", lambda: "import {\n  to = aws_s3_bucket.hinh_anh\n  id = \"chobep-hinh-anh\"\n}",
     "an existing resource brought into state"),
    ("properties/logback-levels", "properties", lambda: "logging.level.root=WARN\nlogging.level.vn.chobep=DEBUG",
     "log levels"),
    ("powershell/get-culture-output", "powershell", lambda: "PS> Get-Culture\n\nLCID             Name             DisplayName\n----             ----             -----------\n1066             vi-VN            Vietnamese (Vietnam)",
     "a machine's locale"),
    ("systemd/oom-score-and-io-class", "systemd", lambda: "[Service]\nOOMScoreAdjust=-500\nNice=5\nIOSchedulingClass=best-effort",
     "a process's priorities"),
    ("har/request-query-string-params", "har",
     lambda: json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": "https://chobep.example.vn/tim?q=pho&trang=2", "queryString": [{"name": "q", "value": "pho"}, {"name": "trang", "value": "2"}]}}]}}),
     "a search's query"),
    ("curl/expect-100-continue", "curl_trace", lambda: "> PUT /v1/anh/pho.jpg HTTP/1.1\n> Content-Length: 48213\n> Expect: 100-continue\n>\n< HTTP/1.1 100 Continue",
     "an upload that waits for the server"),
    ("k8s/priority-class-value", "k8s_secret", lambda: "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: chobep-cao\nvalue: 100000\nglobalDefault: false",
     "a scheduling priority"),
    ("crash/go-panic-nil-map", "crash_report",
     lambda: "panic: assignment to entry in nil map\n\ngoroutine 1 [running]:\nmain.themMon(...)\n\t/src/chobep/menu.go:57 +0x1c",
     "a Go panic"),
    ("web/cache-storage-names", "web_storage", lambda: json.dumps({"cacheStorage": ["chobep-tinh-v12", "chobep-anh-v3"]}),
     "a page's cache names"),
    ("plist/app-transport-exception-domain", "plist", lambda: "<key>NSAppTransportSecurity</key>\n<dict>\n\t<key>NSExceptionDomains</key>\n\t<dict>\n\t\t<key>anh.chobep.example.vn</key>\n\t\t<dict/>\n\t</dict>\n</dict>",
     "a domain an app may load from"),
    ("tfstate/instance-dependencies-list", "tfstate", lambda: json.dumps({"version": 4, "resources": [{"type": "aws_subnet", "name": "rieng", "instances": [{"dependencies": ["aws_vpc.chinh"]}]}]}),
     "what a resource depends on"),
    ("mobile/expo-app-json-slug", "mobile_config", lambda: json.dumps({"expo": {"name": "Chợ Bếp", "slug": "chobep", "version": "2.4.0", "orientation": "portrait"}}, ensure_ascii=False),
     "an app's name and version"),
    ("sql/create-type-enum-status", "sql_dump", lambda: "CREATE TYPE trang_thai_don AS ENUM ('moi', 'dang_giao', 'da_giao', 'huy');",
     "an order's states"),
    ("email/x-priority-and-importance", "email", lambda: "From: Lan <lan@chobep.example.vn>\nSubject: Gấp: đổi nhà cung cấp rau\nX-Priority: 1\nImportance: high",
     "a mail marked urgent"),
    ("nginx/gzip-types", "nginx", lambda: "gzip on;\ngzip_types text/css application/javascript application/json image/svg+xml;\ngzip_min_length 1024;",
     "compression settings"),
    ("markdown/vietnamese-setup-steps", "markdown",
     lambda: "## Cài đặt\n\n1. Sao chép `.env.example` thành `.env`.\n2. Điền `CHOBEP_API_KEY` lấy từ kho bí mật.\n3. Chạy `make dev`.",
     "steps that name a key without its value"),
    ("postman/collection-variables-base-url", "postman",
     lambda: json.dumps({"variable": [{"key": "baseUrl", "value": "https://api.chobep.example.vn"}, {"key": "kichThuocTrang", "value": "20"}]}, ensure_ascii=False),
     "an address and a page size"),
    ("jenkins/input-approval-step", "jenkinsfile", lambda: "stage('Duyệt') {\n  steps {\n    input message: 'Triển khai lên production?', ok: 'Đồng ý'\n  }\n}",
     "a manual approval"),
    ("compose/tmpfs-and-read-only", "compose", lambda: "services:\n  api:\n    read_only: true\n    tmpfs:\n      - /tmp:size=64m",
     "a read-only container"),
    ("gradle/spotless-ktlint-config", "gradle", lambda: "spotless {\n    kotlin {\n        ktlint(\"1.4.1\")\n        target(\"src/**/*.kt\")\n    }\n}",
     "a formatter's settings"),
    ("chat/sticker-message-package", "chat_export",
     lambda: json.dumps([{"from": "lan", "type": "sticker", "sticker": {"package": "meo-con", "name": "cam-on"}, "time": "2026-12-20T08:01:12+07:00"}], ensure_ascii=False),
     "a sticker sent in a chat"),
    ("ansible/loop-with-items-packages", "ansible", lambda: "- name: cài gói\n  ansible.builtin.apt:\n    name: \"{{ item }}\"\n  loop: [nginx, redis-server, ufw]",
     "packages installed"),
    ("kubeconfig/cluster-ca-file-path", "kubeconfig", lambda: "clusters:\n- name: chobep\n  cluster:\n    server: https://10.0.4.2:6443\n    certificate-authority: /etc/kubernetes/pki/ca.crt",
     "a server address and a CA file's path"),
    ("hocon/akka-http-timeouts", "hocon", lambda: "pekko.http.server {\n  idle-timeout = 60 s\n  request-timeout = 20 s\n}",
     "server timeouts"),
    ("nix/font-packages-list", "nix", lambda: "fonts.packages = with pkgs; [\n  noto-fonts\n  be-vietnam-pro\n];",
     "installed fonts"),
    ("caddy/load-balancing-health-uri", "caddyfile", lambda: "api.chobep.example.vn {\n  reverse_proxy 10.0.4.11:8080 10.0.4.12:8080 {\n    lb_policy least_conn\n    health_uri /healthz\n  }\n}",
     "load balancing"),
    ("gitconfig/autocrlf-and-filemode", "gitconfig", lambda: "[core]\n\tautocrlf = input\n\tfilemode = false",
     "line ending settings"),
    ("makefile/ifeq-os-detection", "makefile", lambda: "UNAME := $(shell uname -s)\nifeq ($(UNAME),Darwin)\n  SED := gsed\nelse\n  SED := sed\nendif",
     "a tool chosen by platform"),
    ("npmrc/git-tag-version-and-message", "npmrc", lambda: "git-tag-version=false\nmessage=\"phát hành %s\"\nsign-git-tag=false",
     "how a version bump is recorded"),
    ("pgpass/psql-service-flag", "pgpass", lambda: "$ PGSERVICE=chobep psql -c 'select now()'\n              now\n-------------------------------\n 2026-12-20 02:14:37.118+07",
     "a connection chosen by service name"),
    ("crontab/cron-d-user-column", "crontab", lambda: "# /etc/cron.d/chobep\n*/10 * * * * www-data /opt/chobep/bin/dong-bo-ton-kho",
     "a job run as a named user"),
    ("http/webdav-propfind-request", "http_file", lambda: "PROPFIND https://dav.chobep.example.vn/tai-lieu/\nDepth: 1\nContent-Type: application/xml",
     "a folder listing request"),
    ("haproxy/compression-algo-and-type", "haproxy", lambda: "backend web\n    compression algo gzip\n    compression type text/html text/css application/javascript",
     "response compression"),
    ("sbt/assembly-merge-strategy", "sbt", lambda: "assembly / assemblyMergeStrategy := {\n  case PathList(\"META-INF\", _*) => MergeStrategy.discard\n  case _ => MergeStrategy.first\n}",
     "how a fat jar is merged"),
    ("pypirc/trusted-publishing-note", "pypirc", lambda: "# PyPI uploads use trusted publishing from CI; no token is kept here\n[distutils]\nindex-servers = pypi",
     "a note that no token is kept"),
    ("ssh/identities-only-and-forward-agent", "ssh_config", lambda: "Host git.chobep.example.vn\n    IdentityFile ~/.ssh/id_ed25519_chobep\n    IdentitiesOnly yes\n    ForwardAgent no",
     "which key file is offered, by path"),
    ("launch/python-debugpy-attach", "launch_json", lambda: json.dumps({"configurations": [{"name": "attach", "type": "debugpy", "request": "attach", "connect": {"host": "localhost", "port": 5678}}]}, indent=4),
     "a debugger's port"),
    ("gha/paths-ignore-docs", "gha_workflow", lambda: "on:\n  push:\n    paths-ignore:\n      - 'docs/**'\n      - '**.md'",
     "changes that start no run"),
    ("fish/alias-with-wraps", "fish", lambda: "function ll --wraps 'eza -la' --description 'liệt kê'\n    eza -la $argv\nend",
     "a wrapped command"),
    ("console/table-of-orders-output", "devtools_console", lambda: "> console.table([{mon: 'phở', sl: 2}, {mon: 'bún chả', sl: 1}])\n┌─────────┬───────────┬────┐\n│ (index) │ mon       │ sl │\n├─────────┼───────────┼────┤\n│ 0       │ 'phở'     │ 2  │",
     "a table printed in a console"),
    ("envrc/cargo-home-and-rust-log", "envrc", lambda: "export CARGO_HOME=\"$PWD/.cargo\"\nexport RUST_LOG=chobep=debug",
     "build and log settings"),
    ("maven/active-profiles-list", "maven_settings", lambda: "<activeProfiles>\n  <activeProfile>chobep-noi-bo</activeProfile>\n  <activeProfile>java21</activeProfile>\n</activeProfiles>",
     "profiles switched on"),
    ("rclone/crypt-remote-filename-encoding", "rclone_conf", lambda: "[sao-luu]\ntype = crypt\nremote = b2:chobep-sao-luu\nfilename_encryption = standard\nfilename_encoding = base32768",
     "an encrypted remote's naming, with no password set"),
    ("composer/process-timeout-and-bin-dir", "composer_auth", lambda: json.dumps({"config": {"process-timeout": 600, "bin-dir": "bin"}}, indent=4),
     "script timeouts and a folder"),
    ("yarnrc/telemetry-and-progress-bars", "yarnrc", lambda: "enableTelemetry: false\nenableProgressBars: false\nenableMessageNames: false",
     "output and telemetry switches"),
    ("terraformrc/host-services-discovery", "terraformrc", lambda: "host \"tf.chobep.example.vn\" {\n  services = {\n    \"modules.v1\" = \"https://tf.chobep.example.vn/modules/\"\n  }\n}",
     "where modules are found"),
    ("cargo/http-timeout-and-multiplexing", "cargo_credentials", lambda: "[http]\ntimeout = 30\nmultiplexing = false",
     "download settings"),
    ("docker/config-creds-store-name", "docker_config", lambda: json.dumps({"credsStore": "pass", "currentContext": "default"}, indent=4),
     "which helper keeps credentials, not a credential"),
    ("aws/cli-auto-prompt-and-output", "aws_config", lambda: "[profile chobep]\nregion = ap-southeast-1\ncli_auto_prompt = on-partial\noutput = table",
     "how the CLI prompts and prints"),
    ("gitcredentials/interactive-never", "git_credentials", lambda: "[credential]\n\tinteractive = never",
     "a setting that forbids prompts"),
    ("helm/node-selector-and-tolerations", "helm_values", lambda: "nodeSelector:\n  chobep.vn/pool: cpu\ntolerations:\n  - key: dedicated\n    operator: Equal\n    value: batch\n    effect: NoSchedule",
     "where pods may run"),
    ("vault/template-destination-perms", "vault_agent", lambda: "template {\n  source      = \"/etc/vault/db.tmpl\"\n  destination = \"/run/chobep/db.env\"\n  perms       = \"0600\"\n}",
     "where a rendered file goes, not what it holds"),
    ("mycnf/client-prompt-and-pager", "my_cnf", lambda: "[mysql]\nprompt = \"\\\\u@\\\\h [\\\\d]> \"\npager = less -SFX",
     "a client's prompt"),
    ("s3cfg/multipart-chunk-size", "s3cfg", lambda: "[default]\nmultipart_chunk_size_mb = 64\nsignature_v2 = False\nhost_base = s3.ap-southeast-1.amazonaws.com",
     "upload sizes and a host"),
    ("bitbucket/pull-request-pipeline-glob", "bitbucket_pipelines", lambda: "pipelines:\n  pull-requests:\n    'feature/*':\n      - step:\n          script:\n            - make test",
     "a pipeline for branches"),
    ("wrangler/durable-object-migrations", "wrangler", lambda: "[[migrations]]\ntag = \"v1\"\nnew_sqlite_classes = [\"GioHang\"]",
     "a storage class migration"),
    ("k6/setup-teardown-functions", "k6_script", lambda: "export function setup() {\n  return { batDau: Date.now() };\n}\nexport function teardown(data) {\n  console.log(`xong sau ${Date.now() - data.batDau} ms`);\n}",
     "work before and after a test"),
    ("heroku/labs-features-output", "heroku_config", lambda: "$ heroku labs -a chobep\n=== App Features (chobep)\n[+] runtime-dyno-metadata  Information about the app and environment on dynos",
     "enabled experimental features"),
    ("authinfo/auth-source-cache-expiry", "authinfo", lambda: "(setq auth-source-cache-expiry 900\n      auth-source-debug nil)",
     "how long an editor remembers what it read"),
    ("fly/process-groups-app-and-worker", "fly_toml", lambda: "[processes]\n  app = \"node server.js\"\n  worker = \"node worker.js\"",
     "process commands"),
    ("netlify/edge-function-path", "netlify_toml", lambda: "[[edge_functions]]\n  path = \"/api/gia\"\n  function = \"gia\"",
     "an edge function's path"),
    ("render/static-site-rewrite-route", "render_yaml", lambda: "services:\n  - type: web\n    runtime: static\n    name: chobep-web\n    staticPublishPath: dist\n    routes:\n      - type: rewrite\n        source: /*\n        destination: /index.html",
     "a static site's rewrite"),
    ("jmeter/view-results-tree-listener", "jmeter_plan", lambda: "<ResultCollector guiclass=\"ViewResultsFullVisualizer\" testname=\"Kết quả\">\n  <stringProp name=\"filename\">ketqua.jtl</stringProp>\n</ResultCollector>",
     "where results are written"),
    ("jenkins/agent-node-executors", "jenkins_credentials", lambda: "<slave>\n  <name>may-build-1</name>\n  <numExecutors>2</numExecutors>\n  <label>linux docker</label>\n</slave>",
     "a build agent's size and labels"),
    ("gitlab/retry-when-failure-kinds", "gitlab_ci", lambda: "test:\n  retry:\n    max: 2\n    when:\n      - runner_system_failure\n      - stuck_or_timeout_failure",
     "when a job is retried"),
    ("pipconf/timeout-and-retries", "pip_conf", lambda: "[global]\ntimeout = 60\nretries = 5\nindex-url = https://pypi.org/simple",
     "download settings"),
    ("gem/gemrc-backtrace-and-threshold", "gem_credentials", lambda: "---\n:backtrace: true\n:bulk_threshold: 1000",
     "gem command settings"),
    ("nuget/signature-validation-require", "nuget_config", lambda: "<config>\n  <add key=\"signatureValidationMode\" value=\"require\" />\n</config>",
     "a rule that packages be signed"),
    ("supervisord/group-programs-priority", "supervisord", lambda: "[group:chobep]\nprograms=web,worker\npriority=999",
     "a group of processes"),
    ("pulumi/stack-tags", "pulumi_config", lambda: "config:\n  aws:region: ap-southeast-1\n  chobep:soBanSao: \"3\"",
     "a region and a replica count"),
    ("extension/content-scripts-matches", "extension_storage", lambda: json.dumps({"content_scripts": [{"matches": ["https://*.chobep.example.vn/*"], "js": ["noi-dung.js"]}]}),
     "where an extension's script runs"),
    ("circleci/pipeline-parameters-and-when", "circleci_config", lambda: "parameters:\n  chay-e2e:\n    type: boolean\n    default: false\nworkflows:\n  e2e:\n    when: << pipeline.parameters.chay-e2e >>",
     "a workflow switched by a parameter"),
    ("azure/template-parameters", "azure_pipelines", lambda: "parameters:\n  - name: moiTruong\n    type: string\n    default: staging\n    values: [staging, production]",
     "a pipeline's parameters"),
    ("ngrok/traffic-policy-rate-limit", "ngrok_config", lambda: "traffic_policy:\n  on_http_request:\n    - actions:\n        - type: rate-limit\n          config:\n            capacity: 100\n            rate: 60s",
     "a rate limit"),
    ("hgrc/ui-username-and-merge-tool", "hgrc", lambda: "[ui]\nusername = Lan Nguyen <lan@chobep.example.vn>\nmerge = internal:merge3",
     "a committer name and merge tool"),
    ("wpa/enterprise-eap-identity-only", "wpa_supplicant", lambda: "network={\n    ssid=\"chobep-vanphong\"\n    key_mgmt=WPA-EAP\n    eap=TLS\n    identity=\"lan@chobep.example.vn\"\n    client_cert=\"/etc/wpa/lan.crt\"\n}",
     "a network signed into with a certificate file"),
    ("bruno/collection-environment-names", "bruno", lambda: "meta {\n  name: lay-mon-an\n  type: http\n  seq: 2\n}\n\nget {\n  url: {{baseUrl}}/v1/mon-an\n}",
     "a request's name and address"),
    ("insomnia/workspace-export-format", "insomnia", lambda: json.dumps({"_type": "export", "__export_format": 4, "__export_source": "insomnia.desktop.app:v10.2.0"}),
     "an export's format"),
    ("travis/cache-directories", "travis_ci", lambda: "cache:\n  directories:\n    - $HOME/.cache/pip\n    - node_modules",
     "cached folders"),
    ("drone/volumes-host-path", "drone_ci", lambda: "volumes:\n  - name: docker\n    host:\n      path: /var/run/docker.sock",
     "a mounted socket"),
    ("ghhosts/config-editor-and-pager", "gh_hosts", lambda: "editor: nvim\npager: less -R\nprompt: enabled\naliases:\n    co: pr checkout",
     "the CLI's editor and aliases"),
    ("condarc/ssl-verify-ca-bundle-path", "condarc", lambda: "ssl_verify: /etc/ssl/certs/chobep-ca.pem\nremote_max_retries: 5",
     "a CA file's path"),
    ("override/compose-debugger-command", "compose_override", lambda: "services:\n  api:\n    command: python -m debugpy --listen 0.0.0.0:5678 -m chobep\n    ports:\n      - \"5678:5678\"",
     "a debugger started in a container"),
    ("vagrant/forwarded-port-and-hostname", "vagrantfile", lambda: "config.vm.hostname = \"chobep-dev\"\nconfig.vm.network \"forwarded_port\", guest: 80, host: 8080",
     "a host name and a port"),
    ("packer/build-post-processor-manifest", "packer_vars", lambda: "post-processor \"manifest\" {\n  output     = \"manifest.json\"\n  strip_path = true\n}",
     "a build record"),
    ("creds/import-credential-glob", "systemd_credential", lambda: "[Service]\nImportCredential=chobep.*\nExecStart=/opt/chobep/bin/api",
     "credentials named by a pattern, not their values"),
    ("userlist/pgbouncer-pool-mode", "pgbouncer_userlist", lambda: "[pgbouncer]\npool_mode = transaction\nmax_client_conn = 500\ndefault_pool_size = 20",
     "pool sizes"),
    ("initgradle/offline-mirror-repositories", "init_gradle", lambda: "allprojects {\n  repositories {\n    maven { url 'https://maven.chobep.example.vn/all' }\n  }\n}",
     "a repository mirror"),
    ("procfile/worker-with-concurrency", "procfile", lambda: "web: node server.js\nqueue: node worker.js --concurrency 4",
     "process commands"),
    ("justfile/default-recipe-list", "justfile", lambda: "default:\n    @just --list\n\ntest *args:\n    pytest {{args}}",
     "recipes"),
    ("taskfile/sources-and-generates", "taskfile", lambda: "version: '3'\ntasks:\n  css:\n    sources: [styles/**/*.scss]\n    generates: [public/app.css]\n    cmds:\n      - sass styles/app.scss public/app.css",
     "a build step's inputs and outputs"),
    ("earthfile/arg-and-from-dockerfile", "earthfile", lambda: "VERSION 0.8\nARG --global NODE_VERSION=22\ndeps:\n    FROM DOCKERFILE -f Dockerfile.build .",
     "a version argument"),
    ("tiltfile/docker-build-live-update", "tiltfile", lambda: "docker_build('chobep/api', '.', live_update=[sync('./src', '/app/src')])",
     "files synced into a running container"),
    ("skaffold/deploy-helm-release", "skaffold", lambda: "deploy:\n  helm:\n    releases:\n      - name: chobep\n        chartPath: charts/chobep\n        valuesFiles: [values-dev.yaml]",
     "a chart and its values file"),
    ("buildkite/plugin-docker-compose-run", "buildkite", lambda: "steps:\n  - label: \":pytest: kiểm tra\"\n    plugins:\n      - docker-compose#v5.5.0:\n          run: app\n          command: [\"pytest\", \"-q\"]",
     "a step run in a container"),
    ("woodpecker/depends-on-and-when-branch", "woodpecker_ci", lambda: "depends_on: [build]\nwhen:\n  - branch: main\n    event: [push, tag]\nsteps:\n  - name: publish\n    image: plugins/docker",
     "when a pipeline runs"),
    ("bitrise/trigger-map-push-branch", "bitrise", lambda: "trigger_map:\n  - push_branch: main\n    workflow: release\n  - pull_request_source_branch: \"*\"\n    workflow: test",
     "which workflow runs on what"),
    ("serverless/function-http-event", "serverless", lambda: "functions:\n  layGia:\n    handler: src/gia.handler\n    events:\n      - httpApi:\n          path: /gia\n          method: get",
     "a function and its route"),
    ("appengine/automatic-scaling", "app_engine", lambda: "runtime: nodejs22\ninstance_class: F2\nautomatic_scaling:\n  min_instances: 1\n  max_instances: 6\n  target_cpu_utilization: 0.65",
     "how an app scales"),
    ("kamal/env-secret-names-only", "kamal_deploy", lambda: "env:\n  secret:\n    - DATABASE_URL\n    - CHOBEP_API_KEY\n  clear:\n    RAILS_LOG_TO_STDOUT: \"1\"",
     "secrets named by their names, their values kept elsewhere"),
]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, vietnamese_prose, ORDINARY, PUBLIC)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh20.jsonl"))
