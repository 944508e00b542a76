"""Writes the thirty-fifth fresh held-out part of the secrets corpus, fresh35.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an isync `.mbsyncrc`, a `cntlm.conf`, a `znc.conf`, a NUT `upsmon.conf`, a DragonFly Mail Agent `auth.conf`, a
stunnel PSK secrets file), and in four of them nothing but the file's layout says which field is the secret; secrets in
prose are in Hebrew. Most ordinary strings only name where a secret is kept (a CyberArk Credential Provider lookup, a
Delinea `tss secret`, a CredHub `get`, a Nomad variable template, a Clevis decryption, an AWS KMS decryption, a
`pulumi config get`, an envchain, a blackbox decryption, a `kubectl view-secret`), the rest are public ids. No vendor
and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh35.py [OUT]   # default: fresh35.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
import quopri
from pathlib import Path

from fresh_kit import (AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, drawn_ordinary, jwt, placed_again,
                       url_quoted, write, written_rows)
from make_fresh34 import CONTEXTS as FRESH34_CONTEXTS, _chrony_key

SEED = 20270135
DRAW = Seeded(SEED)
R = DRAW.random
r = DRAW.text
DRAWN = f"value drawn by make_fresh35.py (seed {SEED})"
HOST = "example.co.il"
LOWER = "abcdefghijklmnopqrstuvwxyz"

# Every context of the corpus up to fresh34 (that part's list, in its order), then the six this part adds; secrets take
# them in turn, so each has one.
CONTEXTS = FRESH34_CONTEXTS + ("mbsyncrc", "cntlm_conf", "znc_conf", "upsmon_conf", "dma_auth_conf", "stunnel_psk")


def _quoted_printable(body: str, value: str) -> tuple[str, list[str]]:
    """A UTF-8 mail body as quoted-printable writes it, lines cut at 76 characters by a soft break (a closing =), and
    the lines' pieces of a value in it (its characters need no escape, so it stands as it is once the breaks go)."""
    encoded = quopri.encodestring(body.encode()).decode()
    start = encoded.replace("=\n", "").index(value)
    pieces, at = [], 0  # at: where each encoded line begins once the soft breaks are gone
    for line in encoded.split("\n"):
        text = line[:-1] if line.endswith("=") else line
        lo, hi = max(start, at), min(start + len(value), at + len(text))
        if lo < hi:
            pieces.append(text[lo - at:hi - at])
        at += len(text) + (0 if line.endswith("=") else 1)
    return encoded, pieces


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A value in a mail body that quoted-printable cut with a soft line break; the Hebrew before it is =XX escapes,
    so the break falls inside the value (each piece listed)."""
    for opening in ("הגדרות חדשות", "הגדרות חדשות לשרת", "עדכון הגדרות", "הגדרות"):
        body, pieces = _quoted_printable(f"{opening} ({tool}): {name}={value}\nנא לשמור בכספת.\n", value)
        if len(pieces) > 1:
            break
    assert len(pieces) > 1 and "".join(pieces) == value, (tool, pieces)
    return (f"From: noa@{HOST}\nTo: it@{HOST}\nSubject: =?UTF-8?B?{base64.b64encode('הגדרות'.encode()).decode()}?=\n"
            f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n{body}"), pieces


def _pem(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A vendor's token as it stands (not base64 of anything) under an armour of its own, with a header and its body cut
    into 64-character lines, each listed."""
    body = chunks(value)
    lines = "\n".join(body)
    return (f"-----BEGIN {tool.upper()} ACCESS TOKEN-----\nIssued-For: tmarim@mamgura-1\nKey-Name: {name}\n\n{lines}\n"
            f"-----END {tool.upper()} ACCESS TOKEN-----"), body


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(name, value, tool)
    if context == "docker_config":
        encoded = base64.b64encode(f"tmarim-bot:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded}},
                           "credHelpers": {"gcr.io": "gcloud"}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"tmarim:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\n  namespace: tmarim\n  labels:\n"
                f"    app.kubernetes.io/part-of: tmarim\ntype: Opaque\ndata:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context in ("s3cfg", "passwd_s3fs"):
        key_id = r(20, UP)
        texts = {
            "s3cfg": (f"[default]\nhost_base = s3.{tool}.{HOST}\naccess_key = {key_id}\nsecret_key = {value}\n"
                      f"bucket_location = IL\nsignature_v2 = False"),
            # s3fs's global file: access key id:secret key and nothing else.
            "passwd_s3fs": f"$ sudo cat /etc/passwd-s3fs\n{key_id}:{value}",
        }
        return texts[context], [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc", "gitconfig", "hgrc", "aerc_accounts"):
        texts = {
            "url": f"https://{tool}.{HOST}/api/v2/reports?from=2027-10-01&{name.lower()}={quoted}&lang=he",
            "connection_string": f"mongodb+srv://tmarim:{quoted}@cluster0.{tool}.{HOST}/tamar?retryWrites=true&w=majority",
            "git_credentials": f"https://tmarim-ci:{quoted}@git.{tool}.{HOST}",
            "pip_conf": f"[global]\ntimeout = 30\nextra-index-url = https://tmarim:{quoted}@pypi.{tool}.{HOST}/simple/",
            "condarc": f"channels:\n  - https://conda.{tool}.{HOST}/t/{quoted}/tmarim\n  - conda-forge\nchannel_priority: strict",
            "lftprc": f"set ssl:verify-certificate yes\nset net:max-retries 3\nopen sftp://tmarim:{quoted}@sftp.{tool}.{HOST}",
            "gitconfig": (f"[credential \"https://git.{tool}.{HOST}\"]\n\tusername = tmarim\n[remote \"origin\"]\n"
                          f"\turl = https://tmarim:{quoted}@git.{tool}.{HOST}/tmarim/sync.git"),
            "hgrc": f"[ui]\nusername = Tmarim <it@{HOST}>\n[paths]\ndefault = https://tmarim:{quoted}@hg.{tool}.{HOST}/tmarim-sync",
            "aerc_accounts": (f"[{tool}]\nsource = imaps://tmarim:{quoted}@imap.{tool}.{HOST}:993\n"
                              f"outgoing = smtp+plain://tmarim@smtp.{tool}.{HOST}:587\ndefault = INBOX"),
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool} — ייצור\nNODE_ENV=production\n{name}={value}\nTZ=Asia/Jerusalem",
        "json": json.dumps({"mimshakim": [{"sapak": tool, low: value, "pail": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2027-10-06T06:41:17+03:00", "event": "settings.reload",
                                    "payload": json.dumps({"service": tool, cam: value, "region": "hatzeva"})}),
        "cli_flag": f"$ tmarim sync --sapak {tool} --{kebab} {value} --ezor arava",
        "prose": f"חברים, ל-{tool} יש לנו עכשיו גישה, המפתח הוא {value}. אל תכניסו אותו ל-git; בערב אעביר אותו לכספת.",
        "tool_output": f"$ {tool} auth status --show-token\nחשבון:   tmarim-hatzeva\n{low}: {value}\nתוקף:    ללא",
        "diff": f"--- a/.env.{tool}\n+++ b/.env.{tool}\n@@ -1,2 +1,2 @@\n LANG=he_IL.UTF-8\n-{name}=\n+{name}={value}",
        "bytes_literal": f"sock.sendall(b'AUTH {tool} ' + b'{value}' + b'\\r\\n')",
        "yaml": f"{tool}:\n  base_url: https://{tool}-api.{HOST}/v1\n  {low}: \"{value}\"\n  timeout: 20s",
        "csv": f"שירות,שם,ערך,עודכן\n{tool},{name},{value},2027-10-06",
        "header": f"POST /api/v2/mishloachim HTTP/1.1\nHost: {tool}-api.{HOST}\nContent-Type: application/json\n{title}: {value}",
        "log": f"2027-10-06 06:41:17,311 INFO  [{tool}-client] initialised with {low}={value} (attempt 1/3)",
        "code": f"{low} = os.environ.get(\"{name}\", \"{value}\")\nclient = {tool.capitalize()}Client({low}={low})",
        "ini": f"; {tool}\n[{tool}]\nurl = https://{tool}-api.{HOST}/v1\n{low} = {value}\nsafa = he",
        "xml": f"<hagdarot>\n  <sherut ime=\"{tool}\">\n    <{cam}>{value}</{cam}>\n  </sherut>\n</hagdarot>",
        "dockerfile": f"FROM python:3.12-slim\nWORKDIR /app\nARG {name}={value}\nRUN pip install --no-cache-dir -r requirements.txt",
        "netrc": f"machine {tool}.{HOST}\n  login tmarim\n  password {value}",
        "toml": f"[{tool}]\nbase_url = \"https://{tool}-api.{HOST}/v1\"\n{low} = \"{value}\"\nmax_retries = 5",
        "shell_history": f": 1822800000:0;cd ~/tmarim/sync\n: 1822800011:0;{name}={value} npm run sync:{tool}\n: 1822800042:0;git status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 12, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n", f"df = {tool}_export(\"2027-10\")"]}),
        "hcl": f"resource \"{tool}_webhook\" \"katif\" {{\n  url    = \"https://tmarim.{HOST}/hooks/{tool}\"\n  {low} = \"{value}\"\n}}",
        "properties": f"# {tool}\ntmarim.{tool}.base-url=https://{tool}-api.{HOST}/v1\ntmarim.{tool}.{kebab}={value}",
        "powershell": f"PS C:\\tmarim> $env:{name} = '{value}'\nPS C:\\tmarim> .\\sync.ps1 -Sherut {tool} -Chodesh 2027-10",
        "systemd": f"[Unit]\nDescription=Tmarim {tool} sync\n\n[Service]\nEnvironment={name}={value}\nExecStart=/usr/local/bin/tmarim-ibud {tool}",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://{tool}-api.{HOST}/v1/machsan",
                                                                              "headers": [{"name": "Accept-Language", "value": "he-IL"},
                                                                                          {"name": title, "value": value}]},
                                                                  "response": {"status": 204}}]}}),
        "curl_trace": (f"*   Trying 192.0.2.77:443...\n* Connected to {tool}-api.{HOST} (192.0.2.77) port 443\n> GET /v2/machsan HTTP/2\n"
                       f"> Host: {tool}-api.{HOST}\n> {title}: {value}\n< HTTP/2 200"),
        "crash_report": (f"Traceback (most recent call last):\n  File \"/opt/tmarim/sync.py\", line 41, in <module>\n"
                         f"    client = {tool.capitalize()}({low}=\"{value}\")\n{tool.capitalize()}Error: 403 Forbidden"),
        "web_storage": json.dumps({"origin": f"https://app.tmarim.{HOST}", "localStorage": {"safa": "he", f"{tool}:{cam}": value}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDevelopmentRegion</key>\n\t<string>he</string>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "terraform_version": "1.10.2", "resources": [
            {"mode": "managed", "type": f"{tool}_api_key", "name": "tmarim", "instances": [{"attributes": {"id": "tmarim-hatzeva", "value": value}}]}]}),
        "mobile_config": f"# android/gradle.properties\norg.gradle.jvmargs=-Xmx2g\nTMARIM_{name}={value}",
        "sql_dump": f"INSERT INTO integration_keys (service, key_name, key_value, created_at) VALUES ('{tool}', '{low}', '{value}', '2027-10-06 06:41:17');",
        "email": (f"From: Noa Peretz <noa@{HOST}>\nTo: it@{HOST}\nSubject: {tool}\nContent-Type: text/plain; charset=UTF-8\n\n"
                  f"היי,\n{name}: {value}\nתשמרו בבקשה בכספת.\n\nנועה"),
        "nginx": (f"server {{\n    listen 8443 ssl;\n    server_name {tool}.tmarim.{HOST};\n    location / {{\n"
                  f"        proxy_set_header {title} {value};\n        proxy_pass https://{tool}-api.{HOST};\n    }}\n}}"),
        "markdown": f"| שירות | הגדרה |\n| --- | --- |\n| {tool} | `{name}={value}` |\n| דואר | בכספת |",
        "postman": json.dumps({"info": {"name": f"tmarim-{tool}"}, "auth": {"type": "apikey", "apikey": [
            {"key": "key", "value": title}, {"key": "value", "value": value}, {"key": "in", "value": "query"}]}}),
        "jenkinsfile": f"node {{\n  withEnv([\"{name}={value}\"]) {{\n    stage('ibud') {{ sh './scripts/ibud.sh {tool}' }}\n  }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: tmarim/sync:2.3\n    environment:\n      {name}: \"{value}\"\n    restart: unless-stopped",
        "gradle": f"android {{\n  defaultConfig {{\n    resValue 'string', '{low}', '{value}'\n  }}\n}}",
        "chat_export": json.dumps({"name": "tmarim-ops", "messages": [{"id": 7208, "from": "נועה", "date": "2027-10-06T08:03:11",
                                                                   "text": f"{name} של {tool}: {value}"}]}, ensure_ascii=False),
        "ansible": f"# group_vars/arava.yml\n{tool}_endpoint: https://{tool}-api.{HOST}\n{tool}_{low}: \"{value}\"",
        "kubeconfig": f"apiVersion: v1\nkind: Config\nusers:\n- name: tmarim-{tool}\n  user:\n    token: {value}\ncurrent-context: tmarim-{tool}",
        "hocon": f"{tool} {{\n  base-url = \"https://{tool}-api.{HOST}/v1\"\n  {kebab} = \"{value}\"\n}}",
        "nix": f"services.tmarim-sync = {{\n  enable = true;\n  environment.{name} = \"{value}\";\n}};",
        "caddyfile": f"{tool}.tmarim.{HOST} {{\n  reverse_proxy https://{tool}-api.{HOST} {{\n    header_up {title} \"{value}\"\n  }}\n}}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{name}=$({name}) ./scripts/ibud.sh {tool}",
        "npmrc": f"@tmarim:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# ~/.pgpass\ndb.{tool}.{HOST}:5432:tamar:tmarim_app:{value}",
        "crontab": f"SHELL=/bin/bash\n{name}={value}\n15 5 * * * /usr/local/bin/tmarim-ibud {tool} >/dev/null 2>&1",
        "http_file": f"@baseUrl = https://{tool}-api.{HOST}/v1\n@{cam} = {value}\n\n###\nGET {{{{baseUrl}}}}/machsan\n{title}: {{{{{cam}}}}}",
        "haproxy": (f"frontend tmarim\n    bind :443 ssl crt /etc/haproxy/tmarim.pem\n"
                    f"    http-request set-header {title} {value} if {{ hdr(host) -i {tool}.tmarim.{HOST} }}\n    default_backend {tool}"),
        "sbt": f"ThisBuild / credentials += Credentials(\"Artifactory Realm\", \"artifacts.{tool}.{HOST}\", \"tmarim\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://{tool}.{HOST}/pypi/upload/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName sftp.{tool}.{HOST}\n    User tmarim\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"type": "debugpy", "request": "launch", "name": f"ibud {tool}",
                                                                             "module": "tmarim.ibud", "env": {name: value, "TZ": "Asia/Jerusalem"}}]}, indent=2),
        "gha_workflow": f"jobs:\n  ibud:\n    runs-on: ubuntu-22.04\n    env:\n      {name}: {value}\n    steps:\n      - run: ./scripts/ibud.sh {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx LANG he_IL.UTF-8",
        "devtools_console": f"> sessionStorage['{tool}.{cam}']\n'{value}'",
        "envrc": f"export LANG=he_IL.UTF-8\nexport {name}=\"{value}\"\nlayout node",
        "maven_settings": (f"<settings>\n  <servers>\n    <server>\n      <id>{tool}-releases</id>\n      <username>tmarim</username>\n"
                           f"      <password>{value}</password>\n      <configuration><timeout>20000</timeout></configuration>\n    </server>\n  </servers>\n</settings>"),
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/tmarim\nvendor = other\nuser = tmarim\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"composer.{tool}.{HOST}": value}}, indent=2),
        "yarnrc": f"npmScopes:\n  tmarim:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"plugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"\n\ncredentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\nindex = \"sparse+https://crates.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "aws_config": f"[profile {tool}]\nregion = il-central-1\naws_access_key_id = tmarim-{tool}\naws_secret_access_key = {value}",
        "helm_values": f"{tool}:\n  replicaCount: 1\n  credentials:\n    {cam}: \"{value}\"\nnodeSelector: {{}}",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n  error_on_missing_key = false\n}}",
        "my_cnf": f"[mysqldump]\nuser = tmarim_backup\npassword = \"{value}\"\nhost = mysql.{tool}.{HOST}",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - ./scripts/ibud.sh {tool}",
        "wrangler": f"name = \"tmarim-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\nSAFA = \"he\"\n{name} = \"{value}\"",
        "k6_script": (f"import http from 'k6/http';\nimport {{ check }} from 'k6';\nconst {cam} = '{value}';\n"
                      f"export default () => http.get('https://{tool}-api.{HOST}/v1/machsan', {{ headers: {{ '{title}': {cam} }} }});"),
        "heroku_config": f"$ heroku config -a tmarim-{tool}\n=== tmarim-{tool} Config Vars\nLANG: he_IL.UTF-8\n{name}: {value}",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login tmarim@{HOST} password {value}",
        "fly_toml": f"app = \"tmarim-{tool}\"\nprimary_region = \"otp\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"\n  SAFA = \"he\"",
        "render_yaml": f"services:\n  - type: worker\n    name: tmarim-{tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": (f"<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\" testname=\"{tool} headers\" enabled=\"true\">\n"
                        f"  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"\" elementType=\"Header\">\n"
                        f"      <stringProp name=\"Header.name\">{title}</stringProp>\n      <stringProp name=\"Header.value\">{value}</stringProp>\n"
                        f"    </elementProp>\n  </collectionProp>\n</HeaderManager>"),
        "jenkins_credentials": (f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <scope>SYSTEM</scope>\n"
                                f"  <id>{tool}-{kebab}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>"),
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\n\nsync:{tool}:\n  script: ./scripts/ibud.sh {tool}",
        "gem_credentials": f"---\nhttps://gems.{tool}.{HOST}: {value}",
        "nuget_config": (f"<configuration>\n  <packageSourceCredentials>\n    <{tool}>\n      <add key=\"Username\" value=\"tmarim-nuget\" />\n"
                         f"      <add key=\"ClearTextPassword\" value=\"{value}\" />\n    </{tool}>\n  </packageSourceCredentials>\n</configuration>"),
        "supervisord": f"[program:{tool}-sync]\ncommand=/usr/local/bin/tmarim-ibud {tool}\nenvironment={name}=\"{value}\",LANG=\"he_IL.UTF-8\"\nuser=tmarim",
        "pulumi_config": f"config:\n  tmarim:{cam}: {value}\n  aws:region: il-central-1",
        "extension_storage": json.dumps({"local": {f"{tool}_{cam}": value, "theme": "dark", "dir": "rtl"}}),
        "circleci_config": (f"version: 2.1\njobs:\n  ibud:\n    docker:\n      - image: cimg/python:3.12\n        environment:\n"
                            f"          {name}: {value}\n    steps:\n      - checkout\n      - run: make test"),
        "azure_pipelines": f"steps:\n- script: ./scripts/ibud.sh {tool}\n  displayName: ibud {tool}\n  env:\n    {name}: {value}",
        "ngrok_config": f"version: \"2\"\nagent:\n  authtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 5000",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n    ssid=\"Tmarim-{tool}\"\n    psk=\"{value}\"\n}}",
        "bruno": f"get {{\n  url: https://{tool}-api.{HOST}/v1/machsan\n  body: none\n  auth: bearer\n}}\n\nauth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": f"{tool} prod", "data": {cam: value, "baseUrl": f"https://{tool}-api.{HOST}"}}),
        "travis_ci": f"language: python\npython: \"3.12\"\nenv:\n  - {name}={value}\nscript: ./scripts/ibud.sh {tool}",
        "drone_ci": (f"kind: pipeline\nname: {tool}\nsteps:\n- name: sync\n  image: python:3.12-slim\n  environment:\n    {name}: \"{value}\"\n"
                     f"  commands:\n  - ./scripts/ibud.sh {tool}"),
        "gh_hosts": f"github.com:\n    git_protocol: https\n    user: tmarim-{tool}\n    oauth_token: {value}",
        "compose_override": f"services:\n  {tool}-worker:\n    environment:\n      - TZ=Asia/Jerusalem\n      - {name}={value}",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo 'export {name}={value}' > /etc/profile.d/tmarim.sh\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nbase_image = \"ubuntu-24.04\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/usr/local/bin/tmarim-ibud {tool} --credential {low}",
        "pgbouncer_userlist": f"$ sudo -u postgres cat /etc/pgbouncer/userlist.txt\n\"tmarim_{tool}\" \"{value}\"",
        "init_gradle": (f"// ~/.gradle/init.d/{tool}.repos.init.gradle.kts\nallprojects {{\n  repositories {{\n    maven {{\n"
                        f"      url = uri(\"https://maven.{tool}.{HOST}/releases\")\n      credentials {{\n        username = \"tmarim\"\n"
                        f"        password = \"{value}\"\n      }}\n    }}\n  }}\n}}"),
        "procfile": f"web: node server.js\nsync: {name}={value} python -m tmarim.ibud {tool}",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    python -m tmarim.ibud {tool}",
        "taskfile": f"version: '3'\ntasks:\n  ibud:\n    env:\n      {name}: '{value}'\n    cmds:\n      - python -m tmarim.ibud {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM python:3.12-slim\n    ENV {name}={value}\n    RUN python -m tmarim.ibud {tool}",
        "tiltfile": f"local_resource('sync-{tool}', cmd='python -m tmarim.ibud', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: tmarim/{tool}\n      docker:\n        buildArgs:\n          {name}: {value}",
        "buildkite": f"steps:\n  - label: \"ibud {tool}\"\n    command: python -m tmarim.ibud\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": (f"when:\n  - event: push\nsteps:\n  ibud:\n    image: python:3.12-slim\n    environment:\n      {name}: {value}\n"
                          f"    commands:\n      - python -m tmarim.ibud {tool}"),
        "bitrise": (f"workflows:\n  ibud:\n    envs:\n    - {name}: \"{value}\"\n    steps:\n    - script@1:\n        inputs:\n"
                    f"        - content: python -m tmarim.ibud {tool}"),
        "serverless": f"service: tmarim-{tool}\nprovider:\n  name: aws\n  runtime: python3.12\n  environment:\n    {name}: {value}",
        "app_engine": f"runtime: python312\ninstance_class: F2\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: tmarim-{tool}\nimage: tmarim/{tool}\nenv:\n  clear:\n    {name}: {value}\n    LANG: he_IL.UTF-8",
        "do_app_spec": f"name: tmarim-{tool}\nworkers:\n  - name: sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"$schema": "https://railway.com/railway.schema.json", "deploy": {"numReplicas": 1}, "build": {"buildCommand": f"{name}={value} make dist"}}, indent=2),
        "codemagic": f"workflows:\n  ios-release:\n    environment:\n      vars:\n        {name}: \"{value}\"\n      xcode: 16.2",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": None}, indent=2),
        "samconfig": (f"version = 0.1\n[prod.deploy.parameters]\nstack_name = \"tmarim-{tool}\"\n"
                      f"parameter_overrides = \"Stage=prod {name.title().replace('_', '')}={value}\""),
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Host": {"CORS": "*"}, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_secret_access_key = {value}\n[GSUtil]\ndefault_project_id = tmarim-{tool}",
        "bunfig": f"[install]\nregistry = {{ url = \"https://registry.{tool}.{HOST}/npm/\", token = \"{value}\" }}\nexact = true",
        "zeabur": json.dumps({"build_command": f"{name}={value} make dist", "output_dir": "public"}, indent=2),
        "msmtprc": f"defaults\ntls on\n\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom katif@{HOST}\nuser katif@{HOST}\npassword {value}",
        "muttrc": f"set imap_user = \"tmarim@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = tmarim\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({tool: {"key": value, "region": "me-west1"}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nmaxmemory 256mb",
        "telegraf": f"[[outputs.http]]\n  url = \"https://{tool}.{HOST}/metrics/ingest\"\n  data_format = \"json\"\n  [outputs.http.headers]\n    {title} = \"{value}\"",
        "filebeat": (f"output.logstash:\n  hosts: [\"logstash.{tool}.{HOST}:5045\"]\n  ssl.enabled: true\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n"
                     f"  username: tmarim\n  password: \"{value}\""),
        "irssi": (f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"tmarim\";\n"
                  f"    sasl_password = \"{value}\";\n    autosendcmd = \"/msg nickserv identify\";\n  }};\n}};"),
        "odbc_ini": f"[{tool}_dsn]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nUsername = tmarim\nPassword = {value}\nDatabase = tamar",
        "rabbitmq_conf": f"default_user = tmarim\ndefault_pass = {value}\nlisteners.tcp.default = 5672",
        "deno_json": json.dumps({"tasks": {"sync": {"description": f"ibud {tool}", "command": f"deno run -A sync.ts --{kebab}={value}"}}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "תמרים", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "tmarim", "Password": value}}},
                                      indent=2, ensure_ascii=False),
        "nmconnection": f"[connection]\nid={tool}-wifi\ntype=wifi\n\n[wifi]\nssid=Tmarim-{tool}\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n[server]\nhttp_port = 3300",
        "wp_config": f"define( 'SECURE_AUTH_KEY', '{value}' );\ndefine( 'WP_CACHE', true );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} proto IMAP user \"tmarim\" pass \"{value}\" ssl",
        "logstash_conf": (f"output {{\n  elasticsearch {{\n    hosts => [\"https://search.{tool}.{HOST}:9243\"]\n    index => \"tmarim-%{{+YYYY.MM}}\"\n    user => \"tmarim_ingest\"\n"
                          f"    password => \"{value}\"\n  }}\n}}"),
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Tmarim\\{tool}]\n\"{cam}\"=\"{value}\"",
        "alertmanager_yml": (f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://{tool}.{HOST}/hooks/alertmanager\n        send_resolved: true\n"
                             f"        http_config:\n          authorization:\n            credentials: {value}"),
        "airflow_cfg": f"[webserver]\nsecret_key = {value}\nweb_server_port = 8793",
        "mongod_conf": f"net:\n  port: 27018\n  tls:\n    mode: requireTLS\n    certificateKeyFile: /etc/ssl/tmarim-mongo.pem\n    certificateKeyFilePassword: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: tmarim-logs\nxpack.security.enabled: true\nxpack.security.http.ssl.keystore.path: certs/tmarim-http.p12\nxpack.security.http.ssl.keystore.password: \"{value}\"",
        "gitlab_rb": f"external_url 'https://code.{tool}.{HOST}'\ngitlab_rails['time_zone'] = 'Asia/Jerusalem'\ngitlab_rails['initial_root_password'] = \"{value}\"",
        "superset_config": f"SECRET_KEY = \"{value}\"\nROW_LIMIT = 5000",
        "prometheus_yml": (f"scrape_configs:\n  - job_name: {tool}-exporter\n    scheme: https\n    authorization:\n      type: Bearer\n      credentials: {value}\n"
                           f"    static_configs:\n      - targets: ['{tool}.{HOST}:9182']"),
        "vector_toml": f"[sinks.{tool}_http]\ntype = \"http\"\ninputs = [\"journald\"]\nuri = \"https://{tool}.{HOST}/logs\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo2-cipher-type=aes-256-cbc\nrepo2-cipher-pass={value}\nrepo2-path=/srv/pgbackrest",
        "curlrc": f"# ~/.config/curlrc\noauth2-bearer = \"{value}\"\nfail-with-body",
        "sssd_conf": (f"[domain/tmarim]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\n"
                      f"ldap_default_bind_dn = uid=sssd,ou=services,dc=tmarim,dc=il\nldap_default_authtok_type = password\nldap_default_authtok = {value}"),
        "kibana_yml": f"server.name: tmarim-kibana\ni18n.locale: \"en\"\nxpack.encryptedSavedObjects.encryptionKey: \"{value}\"",
        "ldap_conf": f"# /etc/openldap/ldap.conf\nURI ldaps://ldap.{tool}.{HOST}\nBASE dc=tmarim,dc=il\n# ldapsearch -D cn=reader,dc=tmarim,dc=il -w {value}",
        "tfvars": f"{tool}_{low} = \"{value}\"\nregion = \"il-central-1\"",
        "sentry_conf": f"SENTRY_OPTIONS['system.secret-key'] = '{value}'\nSENTRY_OPTIONS['mail.from'] = 'sentry@{tool}.{HOST}'",
        "krb5_conf": (f"[libdefaults]\n    default_realm = TMARIM.IL\n[realms]\n    TMARIM.IL = {{\n        kdc = kdc.{tool}.{HOST}\n    }}\n"
                      f"# kinit tmarim-svc: {value}"),
        "smb_conf": f"[global]\n   workgroup = TMARIM\n   security = ads\n   realm = TMARIM.IL\n# net ads join -U Administrator%{value}",
        "mosquitto_conf": f"connection {tool}-bridge\naddress mqtt.{tool}.{HOST}:8883\nremote_username tmarim\nremote_password {value}\ntopic chaishanim/# both 0",
        "keepalived_conf": (f"vrrp_instance VI_{tool.upper()} {{\n    state MASTER\n    interface ens18\n    authentication {{\n"
                            f"        auth_type PASS\n        auth_pass {value}\n    }}\n}}"),
        "vault_hcl": (f"seal \"awskms\" {{\n  region     = \"il-central-1\"\n  access_key = \"tmarim-{tool}\"\n  secret_key = \"{value}\"\n"
                      f"  kms_key_id = \"alias/tmarim-unseal\"\n}}"),
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"tmarim\"\n  active = true",
        "sasl_passwd": f"[smtp.{tool}.{HOST}]:587    katif@{HOST}:{value}",
        "dovecot_conf": f"# /etc/dovecot/dovecot-sql-tmarim.conf.ext\ndriver = mysql\nconnect = host=pg.{tool}.{HOST} dbname=dovecot user=dovecot_ro password={value}",
        "davfs2_secrets": f"https://dav.{tool}.{HOST}/tmarim tmarim \"{value}\"",
        "cifs_credentials": f"username=tmarim-scan\npassword={value}\ndomain=ARAVA",
        "s3ql_authinfo": f"[{tool}-archion]\nstorage-url: s3c://s3.{tool}.{HOST}/tmarim-archion\nfs-passphrase: {value}\nbackend-login: tmarim",
        "chap_secrets": f"# client\t\tserver\tsecret\t\t\tIP addresses\n\"tmarim-{tool}\"\tl2tpd\t\"{value}\"\t*",
        "openvpn_auth": f"tmarim.{tool}@{HOST}\n{value}",
        "ipsec_secrets": f"@mamgura.{HOST} @{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"rouser tmarim-snmp authpriv\ncreateUser tmarim-snmp SHA-256 \"{value}\" AES",
        "pap_secrets": f"tmarim-{tool}\tpptp\t{value}\t*",
        "mosquitto_passwd": f"chaishan-{tool}:{value}",
        "zabbix_psk": f"$ sudo cat /etc/zabbix/zabbix_agent2.d/{tool}.psk\n{value}",
        "nslcd_conf": f"uri ldap://ldap.{tool}.{HOST}/\nbase dc=tmarim,dc=il\nbinddn cn=nslcd,dc=tmarim,dc=il\nbindpw {value}\ntls_reqcert demand",
        "maven_settings_security": f"<!-- ~/.m2/settings-security.xml ({tool}) -->\n<settingsSecurity>\n  <master>{value}</master>\n</settingsSecurity>",
        "helm_repositories": f"repositories:\n- name: {tool}-charts\n  url: https://charts.{tool}.{HOST}\n  username: tmarim\n  password: {value}\n  caFile: ""\n  insecure_skip_tls_verify: false",
        "ldap_secret": f"# /etc/pam_ldap.secret ({tool})\n{value}",
        "radius_clients": f"client 198.51.100.0/24 {{\n\tsecret = {value}\n\tshortname = {tool}-nas\n}}",
        "upsd_users": f"[mashgiach-{tool}]\n\tpassword = {value}\n\tupsmon secondary",
        "bacula_dir_conf": f"Client {{\n  Name = {tool}-fd\n  Address = fd.{tool}.{HOST}\n  Password = \"{value}\"\n  Catalog = TmarimCatalog\n}}",
        "ddclient_conf": f"protocol=dyndns2\nzone={HOST}\nlogin=tmarim\npassword={value}\n{tool}.{HOST}",
        "chrony_keys": f"# /etc/chrony.keys — {tool}\n7 SHA256 {_chrony_key(value)}",
        "pam_radius_conf": f"# server[:port]\tshared_secret\ttimeout\n198.51.100.7:1812\t{value}\t5",
        "nagios_resource_cfg": f"$USER1$=/usr/lib/nagios/plugins\n$USER12$={value}",
        "rndc_key": f"key \"{tool}-rndc\" {{\n\talgorithm hmac-sha256;\n\tsecret \"{value}\";\n}};",
        "exim_passwd_client": f"*.{tool}.{HOST}:tmarim:{value}",
        # fresh34's contexts: in rsyncd.secrets, hostapd.wpa_psk and secrets.yaml the layout alone marks the secret.
        "rsyncd_secrets": f"# /etc/rsyncd.secrets ({tool})\ntmarim-{tool}:{value}",
        "hostapd_wpa_psk": f"# /etc/hostapd/hostapd.wpa_psk ({tool})\n02:5e:10:4a:7c:21 {value}",
        "sendmail_authinfo": f"AuthInfo:smtp.{tool}.{HOST} \"U:tmarim\" \"I:tmarim\" \"P:{value}\" \"M:LOGIN PLAIN\"",
        "ceph_keyring": f"[client.{tool}]\n\tkey = {value}\n\tcaps mon = \"profile rbd\"\n\tcaps osd = \"profile rbd pool=tmarim-{tool}\"",
        "homeassistant_secrets": f"# /config/secrets.yaml\n{tool}_gisha: \"{value}\"\nhome_elevation: -145",
        "frr_conf": (f"key chain {tool}\n key 3\n  key-string {value}\n!\ninterface ens19\n ip rip authentication mode text\n"
                     f" ip rip authentication key-chain {tool}\n!"),
        # Four of the six new contexts mark the secret by the file's layout alone: ZNC's Server = host +port password,
        # upsmon's MONITOR system power user password role, DMA's user|host:password and stunnel's identity:key; Pass and
        # Password are the only words beside the other two.
        "mbsyncrc": (f"IMAPAccount {tool}\nHost imap.{tool}.{HOST}\nUser tmarim@{HOST}\nPass {value}\nTLSType IMAPS\n\n"
                     f"IMAPStore {tool}-remote\nAccount {tool}"),
        "cntlm_conf": (f"Username\ttmarim-proxy\nDomain\t\tTMARIM\nPassword\t{value}\nProxy\t\tproxy.{tool}.{HOST}:8080\n"
                       f"NoProxy\t\tlocalhost, 127.0.0.*, 10.*\nListen\t\t3128"),
        "znc_conf": (f"<User tmarim>\n\tNick = tmarim\n\tAltNick = tmarim_\n\t<Network {tool}>\n"
                     f"\t\tServer = irc.{tool}.{HOST} +6697 {value}\n\t\t<Chan #mamgura>\n\t\t</Chan>\n\t</Network>\n</User>"),
        "upsmon_conf": f"# /etc/nut/upsmon.conf ({tool})\nMONITOR ups@192.0.2.40 1 tmarim-mon {value} secondary\nMINSUPPLIES 1",
        "dma_auth_conf": f"# /etc/dma/auth.conf\ntmarim|smtp.{tool}.{HOST}:{value}",
        "stunnel_psk": f"# /etc/stunnel/psk-{tool}.txt\ntmarim-{tool}:{value}",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(9, DG), "iat": 1822800000 + R.randrange(86400)}, "HS256")


def _groups(count: int, size: int, alphabet: str = UP) -> str:
    return "-".join(r(size, alphabet) for _ in range(count))


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("bankhapoalim/client-secret", "HAPOALIM_CLIENT_SECRET", "hapoalim", lambda: r(48, U64), "a Bank Hapoalim open banking API client secret (48 letters, digits, _ and -)"),
    ("bankleumi/api-key", "LEUMI_API_KEY", "leumi", lambda: "lm_live_" + r(32, LO), "a Bank Leumi business API key (lm_live_ and 32 lower-case letters and digits)"),
    ("discountbank/api-token", "DISCOUNT_API_TOKEN", "discount", lambda: r(64, HX), "an Israel Discount Bank corporate API token (64 hex digits)"),
    ("mizrahitefahot/api-key", "MIZRAHI_API_KEY", "mizrahi", lambda: _groups(5, 5), "a Mizrahi-Tefahot Bank business API key (five groups of five upper-case letters and digits joined by -)"),
    ("fibi/client-secret", "FIBI_CLIENT_SECRET", "fibi", DRAW.uuid4, "a First International Bank of Israel (FIBI) open banking client secret (a version-4 UUID; only the name beside it marks it)"),
    ("bankofisrael/api-key", "BOI_API_KEY", "boi", lambda: r(32, LO), "a Bank of Israel statistics series API key (32 lower-case letters and digits)"),
    ("tase/api-key", "TASE_API_KEY", "tase", lambda: r(36, UP), "a Tel Aviv Stock Exchange Data Hub API key (36 upper-case letters and digits)"),
    ("isracard/api-secret", "ISRACARD_API_SECRET", "isracard", lambda: r(44, B64), "an Isracard merchant API secret (44 base64 characters)"),
    ("visacal/api-key", "VISACAL_API_KEY", "visacal", lambda: "cal_" + r(40, AL), "a Cal (Israel Credit Cards) merchant API key (cal_ and 40 letters and digits)"),
    ("maxfinance/api-token", "MAX_API_TOKEN", "maxit", lambda: r(40, HX), "a Max (formerly Leumi Card) merchant API token (40 hex digits)"),
    ("tranzila/terminal-password", "TRANZILA_TERMINAL_PASSWORD", "tranzila", lambda: r(12, AL), "a Tranzila payment terminal password (12 letters and digits; only the name beside it marks it)"),
    ("cardcom/api-password", "CARDCOM_API_PASSWORD", "cardcom", lambda: r(20, AL), "a CardCom clearing API password (20 letters and digits)"),
    ("meshulam/api-key", "MESHULAM_API_KEY", "meshulam", lambda: r(32, LO), "a Meshulam (Grow) payment page API key (32 lower-case letters and digits)"),
    ("harelinsurance/api-key", "HAREL_API_KEY", "harel", lambda: "hrl-" + r(36, AL), "a Harel Insurance agent API key (hrl- and 36 letters and digits)"),
    ("migdal/api-token", "MIGDAL_API_TOKEN", "migdal", lambda: _jwt("migdal.co.il"), "a Migdal Insurance agent portal token (an HS256 JWT)"),
    ("clalinsurance/client-secret", "CLAL_CLIENT_SECRET", "clal", lambda: r(48, U64), "a Clal Insurance partner API client secret (48 letters, digits, _ and -)"),
    ("phoenixil/api-key", "PHOENIX_API_KEY", "phoenix", lambda: r(32, UP), "a Phoenix (HaPhoenix) insurance broker API key (32 upper-case letters and digits)"),
    ("menoramivtachim/api-key", "MENORA_API_KEY", "menora", lambda: r(40, LO), "a Menora Mivtachim insurance agent API key (40 lower-case letters and digits)"),
    ("bituachleumi/api-key", "BTL_API_KEY", "btl", lambda: r(32, HX), "a Bituach Leumi (National Insurance Institute) employer API key (32 hex digits)"),
    ("israeltaxauthority/api-token", "ITA_API_TOKEN", "ita", lambda: "ita_" + r(48, U64), "an Israel Tax Authority invoice allocation API token (ita_ and 48 letters, digits, _ and -)"),
    ("govil/api-token", "GOVIL_API_TOKEN", "govil", lambda: _jwt("gov.il"), "a gov.il e-services integration token (an HS256 JWT)"),
    ("clalit/api-key", "CLALIT_API_KEY", "clalit", lambda: r(36, AL), "a Clalit Health Services provider API key (36 letters and digits)"),
    ("maccabihealth/api-key", "MACCABI_API_KEY", "maccabi", lambda: r(32, LO), "a Maccabi Healthcare Services provider API key (32 lower-case letters and digits)"),
    ("bezeq/api-key", "BEZEQ_API_KEY", "bezeq", lambda: r(32, AL), "a Bezeq business SMS API key (32 letters and digits)"),
    ("partnercomm/client-secret", "PARTNER_CLIENT_SECRET", "partner", lambda: r(48, U64), "a Partner Communications business API client secret (48 letters, digits, _ and -)"),
    ("cellcom/api-token", "CELLCOM_API_TOKEN", "cellcom", lambda: "ccm-" + r(36, LO), "a Cellcom business API token (ccm- and 36 lower-case letters and digits)"),
    ("hotnet/api-key", "HOT_API_KEY", "hot", lambda: r(32, HX), "a HOT (cable and mobile) business API key (32 hex digits)"),
    ("yestv/api-key", "YES_API_KEY", "yestv", lambda: r(28, AL), "a yes (satellite TV) content API key (28 letters and digits)"),
    ("kanil/api-key", "KAN_API_KEY", "kan", lambda: r(32, UP), "a Kan (Israeli Public Broadcasting Corporation) archive API key (32 upper-case letters and digits)"),
    ("keshet12/api-key", "KESHET_API_KEY", "keshet", lambda: r(40, LO), "a Keshet 12 video API key (40 lower-case letters and digits)"),
    ("ynet/api-key", "YNET_API_KEY", "ynet", lambda: r(24, AL), "a ynet news syndication API key (24 letters and digits)"),
    ("haaretz/api-token", "HAARETZ_API_TOKEN", "haaretz", lambda: r(40, HX), "a Haaretz content syndication API token (40 hex digits)"),
    ("walla/app-password", "WALLA_APP_PASSWORD", "walla", lambda: r(16, LOWER), "a Walla! mail app password (16 lower-case letters)"),
    ("checkpointsw/api-secret", "CHECKPOINT_API_SECRET", "checkpoint", lambda: r(32, LO), "a Check Point Infinity Portal API secret key (32 lower-case letters and digits)"),
    ("elementor/license-key", "ELEMENTOR_LICENSE_KEY", "elementor", lambda: r(32, HX), "an Elementor Pro license key (32 hex digits)"),
    ("similarweb/api-key", "SIMILARWEB_API_KEY", "similarweb", lambda: r(32, HX), "a Similarweb data API key (32 hex digits)"),
    ("taboola/client-secret", "TABOOLA_CLIENT_SECRET", "taboola", lambda: r(32, HX), "a Taboola Backstage API client secret (32 hex digits)"),
    ("outbrain/api-token", "OUTBRAIN_API_TOKEN", "outbrain", lambda: r(60, B64), "an Outbrain Amplify API token (60 base64 characters)"),
    ("moovit/api-key", "MOOVIT_API_KEY", "moovit", lambda: r(36, UP), "a Moovit transit data API key (36 upper-case letters and digits)"),
    ("gett/client-secret", "GETT_CLIENT_SECRET", "gett", lambda: r(64, AL), "a Gett business rides API client secret (64 letters and digits)"),
    ("shufersal/api-key", "SHUFERSAL_API_KEY", "shufersal", lambda: r(32, LO), "a Shufersal supplier API key (32 lower-case letters and digits)"),
    ("ramilevy/api-key", "RAMILEVY_API_KEY", "ramilevy", lambda: r(32, AL), "a Rami Levy supplier API key (32 letters and digits)"),
    ("superpharm/api-key", "SUPERPHARM_API_KEY", "superpharm", lambda: "sp_" + r(40, HX), "a Super-Pharm supplier API key (sp_ and 40 hex digits)"),
    ("yad2/api-token", "YAD2_API_TOKEN", "yad2", lambda: r(40, AL), "a Yad2 listings import API token (40 letters and digits)"),
    ("zapgroup/api-key", "ZAP_API_KEY", "zap", lambda: r(24, HX), "a Zap price comparison feed API key (24 hex digits)"),
    ("ksp/api-key", "KSP_API_KEY", "ksp", lambda: r(32, UP), "a KSP supplier API key (32 upper-case letters and digits)"),
    ("straussgroup/api-key", "STRAUSS_API_KEY", "strauss", lambda: r(36, AL), "a Strauss Group distributor API key (36 letters and digits)"),
    ("tnuva/api-token", "TNUVA_API_TOKEN", "tnuva", lambda: r(40, HX), "a Tnuva dairy orders API token (40 hex digits)"),
    ("osem/api-key", "OSEM_API_KEY", "osem", lambda: r(32, LO), "an Osem supplier API key (32 lower-case letters and digits)"),
    ("tenbis/api-key", "TENBIS_API_KEY", "tenbis", lambda: "10b_" + r(32, AL), "a 10bis meal card restaurant API key (10b_ and 32 letters and digits)"),
    ("israelelectric/api-key", "IEC_API_KEY", "iec", lambda: r(32, HX), "an Israel Electric Corporation metering API key (32 hex digits)"),
    ("mekorot/api-key", "MEKOROT_API_KEY", "mekorot", lambda: r(36, UP), "a Mekorot water supply API key (36 upper-case letters and digits)"),
    ("pazoil/api-key", "PAZ_API_KEY", "paz", lambda: r(32, AL), "a Paz fuel card API key (32 letters and digits)"),
    ("delekisrael/api-token", "DELEK_API_TOKEN", "delek", lambda: r(40, LO), "a Delek fuel fleet API token (40 lower-case letters and digits)"),
    ("doralenergy/api-key", "DORAL_API_KEY", "doral", lambda: "dr-" + r(36, AL), "a Doral Energy solar monitoring API key (dr- and 36 letters and digits)"),
    ("israelrailways/api-key", "RAKEVET_API_KEY", "rakevet", lambda: r(32, HX), "an Israel Railways timetable API key (32 hex digits)"),
    ("egged/api-key", "EGGED_API_KEY", "egged", lambda: r(36, AL), "an Egged bus ticketing API key (36 letters and digits)"),
    ("elal/api-secret", "ELAL_API_SECRET", "elal", lambda: r(44, B64), "an El Al corporate booking API secret (44 base64 characters)"),
    ("israelairports/api-key", "IAA_API_KEY", "iaa", lambda: r(32, UP), "an Israel Airports Authority flight information API key (32 upper-case letters and digits)"),
    ("israelpost/api-key", "ISRAELPOST_API_KEY", "israelpost", lambda: r(32, AL), "an Israel Post parcel API key (32 letters and digits)"),
    ("ravkav/api-token", "RAVKAV_API_TOKEN", "ravkav", lambda: r(40, HX), "a Rav-Kav Online transit card API token (40 hex digits)"),
    ("technion/api-key", "TECHNION_API_KEY", "technion", lambda: r(36, AL), "a Technion student records API key (36 letters and digits)"),
    ("huji/api-key", "HUJI_API_KEY", "huji", lambda: r(32, LO), "a Hebrew University of Jerusalem library API key (32 lower-case letters and digits)"),
    ("telavivuni/api-key", "TAU_API_KEY", "tau", lambda: "tau-" + r(32, LO), "a Tel Aviv University research data API key (tau- and 32 lower-case letters and digits)"),
]
HEBREW = [("habima/box-office-password", "a Habima National Theatre box office portal password (20 letters and digits)"),
          ("israelmuseum/api-key", "an Israel Museum tickets API key (32 hex digits)"),
          ("hapoeltelaviv/api-token", "a Hapoel Tel Aviv stadium gate scanner token (an HS256 JWT)"),
          ("mounthermon/api-secret", "a Mount Hermon ski site lift pass API secret (40 letters and digits)")]


def hebrew_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Hebrew chat line with no setting name (format, context, text, secrets, what)."""
    box_office, museum = r(20), r(32, HX)
    scanners = jwt(DRAW, {"shaar": R.randrange(1, 14), "exp": 1823400000})
    lifts = r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = HEBREW
    return [
        (f1, "prose", f"לקופה של הבימה: {box_office}\nאם זה לא עובד, תתקשר אליי אחרי שבע.", [box_office], w1),
        (f2, "prose", f"נועה, עד שאחזור מהמילואים תשתמשי בשלי: {museum}. כשאחזור יוציאו לך משלך, אז אל תעבירי אותו לאף אחד.", [museum], w2),
        (f3, "prose", f"עומר, זה בשביל הסורקים בשער של בלומפילד: {scanners} — פג תוקף אחרי המשחק במוצאי שבת.", [scanners], w3),
        (f4, "prose", f"שמתי {lifts} בקופת הרכבל בחרמון, הישן כבר מחזיר 401.", [lifts], w4),
    ]


def _luhn_like(digits: str) -> str:
    """The check digit of an Israeli registry number (an identity, company or association number): weights 1 and 2 in
    turn, a two-digit product's digits summed, and the digit that makes the total a multiple of ten."""
    total = sum(sum(divmod(int(d) * (1 + i % 2), 10)) for i, d in enumerate(digits))
    return str(-total % 10)


def _registry_number(prefix: str) -> str:
    """A nine-digit registry number: its kind's prefix (51 a private company, 58 an association), drawn digits, a check digit."""
    head = prefix + r(8 - len(prefix), DG)
    return head + _luhn_like(head)


def _isin() -> str:
    """An Israeli ISIN: IL, a nine-digit national number (a TASE security number with leading zeros) and the ISIN check
    digit (letters as 10 to 35, then Luhn from the right)."""
    body = "IL" + "000" + r(6, DG)
    digits = "".join(str(int(c, 36)) for c in body)
    total = sum(sum(divmod(int(d) * (2 if i % 2 == 0 else 1), 10)) for i, d in enumerate(reversed(digits)))
    return body + str(-total % 10)


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why)
REFERENCES = [
    ("cyberark-ccp-getpassword", "SMTP_PASSWORD", lambda t: f"$(/opt/CARKaim/sdk/clipasswordsdk GetPassword -p AppDescs.AppID=tmarim -p Query=\"Safe=Tmarim;Folder=Root;Object={t}-smtp\" -o Password)", "a CyberArk Credential Provider lookup naming a safe and an object"),
    ("delinea-tss-secret-field", "API_KEY", lambda t: f"$(tss secret --secret {R.randrange(1000, 9999)} --field api-key)", "a Delinea Secret Server lookup naming a secret id and a field"),
    ("credhub-get-quiet", "WEBHOOK_SECRET", lambda t: f"$(credhub get -n /concourse/tmarim/{t}-webhook-secret -q)", "a CredHub lookup naming a credential path"),
    ("nomad-variable-template", "CLIENT_SECRET", lambda t: f"{{{{ with nomadVar \"nomad/jobs/tmarim-{t}\" }}}}{{{{ .client_secret }}}}{{{{ end }}}}", "a Nomad template naming a variable path and a key"),
    ("clevis-decrypt-jwe", "ADMIN_PASSWORD", lambda t: f"$(clevis decrypt < /etc/tmarim/sodot/{t}-admin.jwe)", "a Clevis decryption naming a JWE file"),
    ("aws-kms-decrypt-ciphertext", "ACCESS_TOKEN", lambda t: f"$(aws kms decrypt --ciphertext-blob fileb:///etc/tmarim/sodot/{t}.token.enc --query Plaintext --output text | base64 -d)", "an AWS KMS decryption naming a ciphertext file"),
    ("pulumi-config-get", "DB_PASS", lambda t: f"$(pulumi config get tmarim:{t}DbPass --stack prod)", "a Pulumi stack configuration lookup naming a key"),
    ("envchain-printenv", "ENCRYPTION_KEY", lambda t: f"$(envchain tmarim-{t} printenv ENCRYPTION_KEY)", "an envchain lookup naming a keychain namespace and a variable"),
    ("blackbox-cat", "SIGNING_SECRET", lambda t: f"$(blackbox_cat secrets/{t}-signing.txt.gpg)", "a blackbox decryption naming an encrypted file"),
    ("kubectl-view-secret", "REGISTRY_TOKEN", lambda t: f"$(kubectl view-secret {t}-registry token -n tmarim)", "a kubectl view-secret lookup naming a Secret and a key"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("il-company-number", "MISPAR_CHEVRA", lambda t: _registry_number("51"), "an Israeli private company number with its check digit, public in the companies register"),
    ("il-amuta-number", "MISPAR_AMUTA", lambda t: _registry_number("58"), "an Israeli association (amuta) number with its check digit, public in the associations register"),
    ("il-isin", "ISIN", lambda t: _isin(), "an Israeli security's ISIN with its check digit, public on the stock exchange"),
    ("il-postal-code", "MIKUD", lambda t: "86" + r(5, DG), "a seven-digit Israeli postal code of the Arava, public"),
    ("il-gush-helka", "GUSH_HELKA", lambda t: f"{R.randrange(39000, 39200)}/{R.randrange(1, 240)}", "a land registry block and parcel, public in the land registry"),
    ("il-licence-plate", "MISPAR_RECHEV", lambda t: f"{r(3, DG)}-{r(2, DG)}-{r(3, DG)}", "a vehicle's eight-digit licence plate, painted on the vehicle"),
]
SERVICES = ("katif", "machsan", "bustan", "meshek", "cheshbonit", "hashkaya", "chanut", "mamgura")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "mbsyncrc", "cntlm_conf", "znc_conf", "upsmon_conf", "dma_auth_conf", "stunnel_psk")


def _certificate_pair() -> str:
    """A cross-certificate pair under OpenSSL's legacy CERTIFICATE PAIR label: a DER SEQUENCE, then drawn bytes."""
    der = bytes((0x30, 0x82, 0x05, 0x3A, 0xA0, 0x82, 0x02, 0x99, 0x30, 0x82, 0x02, 0x95))
    body = "\n".join(chunks(base64.b64encode(der + bytes(R.randrange(256) for _ in range(1010))).decode()))
    return f"-----BEGIN CERTIFICATE PAIR-----\n{body}\n-----END CERTIFICATE PAIR-----"


def _harvest_record() -> str:
    """A harvest record in a quoted-printable mail body, its long line cut by soft breaks; nothing in it is a secret."""
    body, _ = _quoted_printable("רשומת קטיף {\"id\":\"T-2027-0412\",\"zan\":\"majhul\",\"kg\":4180,\"arigim\":212,"
                                "\"lachut\":21.5,\"chelka\":\"hatzeva-7\"}\n", "T-2027-0412")
    return f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n{body}"


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/tmarim-date-harvest-notice-he", "prose", "חברי האגודה שלום, קטיף המג'הול מתחיל ב-6 באוקטובר. תחנת הקבלה בחצבה פתוחה בכל יום מ-5:30 עד 11:00; תמרים יתקבלו רק בארגזים נקיים, שקולים מול הבודק.", "a notice to the co-operative's members"),
    ("pem/tmarim-certificate-pair-legacy-label", "pem", _certificate_pair, "a cross-certificate pair under a legacy armour label, public"),
    ("wrapped/tmarim-harvest-record-quoted-printable", "wrapped", _harvest_record, "a harvest record cut by quoted-printable soft breaks"),
    ("dockerconfig/tmarim-auths-emptied-by-logout", "docker_config", json.dumps({"auths": {f"cr.tmarim.{HOST}": {}, "ghcr.io": {}}, "features": {"buildkit": "true"}}, indent=2), "registries left with empty entries after a logout, no credential"),
    ("dockercfg/tmarim-sha256sum-of-file", "dockercfg", lambda: f"$ sha256sum ~/.dockercfg\n{r(64, HX)}  /home/noa/.dockercfg", "a legacy file's checksum, no credential"),
    ("s3cfg/tmarim-expire-rule-set", "s3cfg", "$ s3cmd expire s3://tmarim-archion --expiry-days=365 --expiry-prefix=katif/\nBucket 's3://tmarim-archion/': expiration configuration is set.", "a lifecycle rule, no key"),
    ("k8s/tmarim-dry-run-from-file", "k8s_secret", "$ kubectl create secret generic tmarim-db --from-file=password=./db.pass --namespace tmarim --dry-run=server -o name\nsecret/tmarim-db", "a Secret named and the file its value would come from, no value"),
    ("mbsync/tmarim-passcmd-keychain", "mbsyncrc", f"IMAPAccount tmarim\nHost imap.{HOST}\nUser noa@{HOST}\nPassCmd \"security find-internet-password -s imap.{HOST} -a noa@{HOST} -w\"\nTLSType IMAPS\nAuthMechs LOGIN", "an account whose password command names a keychain entry, no password"),
    ("cntlm/tmarim-conf-without-password", "cntlm_conf", f"# /etc/cntlm.conf\nUsername\ttmarim-proxy\nDomain\t\tTMARIM\nAuth\t\tNTLMv2\nProxy\t\tproxy.{HOST}:8080\nNoProxy\t\tlocalhost, 127.0.0.*, 10.*, 192.168.*\nListen\t\t127.0.0.1:3128\nGateway\t\tno", "a proxy, its user and domain, the password left out, no password"),
    ("znc/tmarim-network-without-server-password", "znc_conf", "<Listener listener0>\n\tPort = 6697\n\tIPv4 = true\n\tSSL = true\n</Listener>\n<User tmarim>\n\t<Network libera>\n\t\tLoadModule = sasl\n\t\tServer = irc.libera.chat +6697\n\t</Network>\n</User>", "a network with a server and port and no server password"),
    ("upsmon/tmarim-conf-shutdown-settings", "upsmon_conf", "# /etc/nut/upsmon.conf\nRUN_AS_USER nut\nMINSUPPLIES 1\nSHUTDOWNCMD \"/sbin/shutdown -h +0\"\nPOLLFREQ 5\nDEADTIME 15\nPOWERDOWNFLAG /etc/killpower\nNOTIFYFLAG ONBATT SYSLOG+WALL", "shutdown settings, no MONITOR line and no password"),
    ("dma/tmarim-conf-naming-authpath", "dma_auth_conf", f"# /etc/dma/dma.conf\nSMARTHOST smtp.{HOST}\nPORT 587\nAUTHPATH /etc/dma/auth.conf\nSECURETRANSFER\nSTARTTLS\nMASQUERADE tmarim@{HOST}", "a smart host naming its auth file, no password"),
    ("stunnel/tmarim-conf-naming-psk-file", "stunnel_psk", "; /etc/stunnel/stunnel.conf\n[nut]\nclient = yes\naccept = 127.0.0.1:3493\nconnect = 192.0.2.40:3494\nciphers = PSK\nPSKsecrets = /etc/stunnel/psk-nut.txt\nPSKidentity = tmarim-nut", "a tunnel naming its PSK file and identity, no key"),
]


def _ordinary() -> list[tuple]:
    """The written texts, then a reference or a public id for every other context."""
    drawn = drawn_ordinary((c for c in CONTEXTS if c not in WRITTEN_CONTEXTS), place, REFERENCES, PUBLIC, SERVICES)
    return written_rows(ORDINARY_TEXTS) + drawn


def build() -> list[dict]:
    return build_part(DRAWN, placed_again(SECRETS, CONTEXTS), place, hebrew_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh35.jsonl"))
