"""Writes the thirty-third fresh held-out part of the secrets corpus, fresh33.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an s3fs `.passwd-s3fs`, a chrony `chrony.keys`, a `pam_radius_auth.conf`, a Nagios `resource.cfg`, a BIND
`rndc.key`, an Exim `passwd.client`), and in five of them nothing but the file's layout says which field is the
secret; secrets in prose are in Slovak. Most ordinary strings only name where a secret is kept (a sops extract,
an Azure Key Vault, Google Secret Manager, AWS Secrets Manager or OpenBao lookup, a kernel keyring pipe, a
KWallet query, an age decryption, a dotenvx lookup, a Secrets Store CSI mount), the rest are public ids. No
vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh33.py [OUT]   # default: fresh33.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import (AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, drawn_ordinary, jwt, placed_again,
                       url_quoted, write, written_rows)

SEED = 20270133
DRAW = Seeded(SEED)
R = DRAW.random
r = DRAW.text
DRAWN = f"value drawn by make_fresh33.py (seed {SEED})"
HOST = "example.sk"

# Every context of the corpus up to fresh32, then the six this part adds; secrets take them in turn, so each has one.
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
            "buildkite", "woodpecker_ci", "bitrise", "serverless", "app_engine", "kamal_deploy",
            "do_app_spec", "railway_json", "codemagic", "vercel_json", "samconfig", "azure_local_settings",
            "boto_config", "bunfig", "zeabur", "msmtprc", "muttrc", "offlineimaprc",
            "firebase_runtimeconfig", "redis_conf", "lftprc", "telegraf", "filebeat", "irssi",
            "odbc_ini", "rabbitmq_conf", "deno_json", "pgadmin_servers", "nmconnection", "grafana_ini",
            "wp_config", "fetchmailrc", "logstash_conf", "dockercfg", "windows_reg", "alertmanager_yml",
            "airflow_cfg", "mongod_conf", "elasticsearch_yml", "gitlab_rb", "superset_config", "prometheus_yml",
            "vector_toml", "pgbackrest_conf", "curlrc", "sssd_conf", "kibana_yml", "ldap_conf",
            "tfvars", "sentry_conf", "krb5_conf", "smb_conf", "mosquitto_conf", "keepalived_conf",
            "vault_hcl", "influx_configs", "sasl_passwd", "dovecot_conf", "davfs2_secrets", "cifs_credentials",
            "s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf",
            "pap_secrets", "mosquitto_passwd", "zabbix_psk", "nslcd_conf", "maven_settings_security", "helm_repositories",
            "ldap_secret", "radius_clients", "upsd_users", "bacula_dir_conf", "ddclient_conf", "aerc_accounts",
            "passwd_s3fs", "chrony_keys", "pam_radius_conf", "nagios_resource_cfg", "rndc_key", "exim_passwd_client")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 2 - 3
    head, tail = value[:cut], value[cut:]
    text = (f"jan 02 04:51:09 ovcinec-srv-2 {tool}-import[2840]: nastavenie {name}={head}\\\n"
            f"jan 02 04:51:09 ovcinec-srv-2 {tool}-import[2840]:     {tail} (pokračovanie riadku)")
    return text, [head, tail]


def _chrony_key(value: str) -> str:
    """A chrony key as its file writes it: HEX: before a hexadecimal key, else the ASCII key as it stands."""
    return f"HEX:{value}" if all(c in HX for c in value) else value


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{tool}|{name}|{value}".encode()).decode()
        return f"-----BEGIN {tool.upper()} ACCESS KEY-----\n{body}\n-----END {tool.upper()} ACCESS KEY-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"ovcinec-ci:{value}".encode()).decode()
        return json.dumps({"auths": {f"registry.{tool}.{HOST}": {"auth": encoded}}, "credsStore": ""}, indent=1), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"ovcinec:{value}".encode()).decode()
        return json.dumps({f"registry.{tool}.{HOST}": {"email": f"sklad@{HOST}", "auth": encoded}}), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: ovcinec-{tool}\n  namespace: salas\ntype: Opaque\n"
                f"data:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context in ("s3cfg", "passwd_s3fs"):
        key_id = r(20, UP)
        texts = {
            "s3cfg": f"[default]\nhost_base = s3.{tool}.{HOST}\naccess_key = {key_id}\nsecret_key = {value}\nuse_https = True",
            # s3fs's documented layout, bucket:access key id:secret key; nothing else marks the secret.
            "passwd_s3fs": f"# ~/.passwd-s3fs (chmod 600)\novcinec-zalohy-{tool}:{key_id}:{value}",
        }
        return texts[context], [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc", "gitconfig", "hgrc", "aerc_accounts"):
        texts = {
            "url": f"https://api.{tool}.{HOST}/v1/salase/7/export?format=csv&{name.lower()}={quoted}&jazyk=sk",
            "connection_string": f"Host=pg.{tool}.{HOST};Port=5432;Database=bryndza;Username=ovcinec;Password={quoted};SSL Mode=Require",
            "git_credentials": f"https://ovcinec-bot:{quoted}@gitlab.{tool}.{HOST}",
            "pip_conf": f"[global]\nindex-url = https://ovcinec:{quoted}@pypi.{tool}.{HOST}/simple/\ntrusted-host = pypi.{tool}.{HOST}",
            "condarc": f"channel_alias: https://conda.{tool}.{HOST}/t/{quoted}\nchannels:\n  - ovcinec\n  - defaults",
            "lftprc": f"set ftp:ssl-force true\nbookmark {tool}-sklad ftps://ovcinec:{quoted}@ftp.{tool}.{HOST}/sklad/",
            "gitconfig": f"[url \"https://ovcinec:{quoted}@git.{tool}.{HOST}/\"]\n\tinsteadOf = https://git.{tool}.{HOST}/",
            "hgrc": f"[paths]\ndefault = https://ovcinec:{quoted}@hg.{tool}.{HOST}/bryndza",
            "aerc_accounts": (f"[{tool}]\nsource = imaps://ovcinec%40{HOST}:{quoted}@imap.{tool}.{HOST}\n"
                              f"outgoing = smtps://ovcinec%40{HOST}@smtp.{tool}.{HOST}\nfrom = Ovčinec <ovcinec@{HOST}>"),
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool} (produkcia)\nNODE_ENV=production\n{name}={value}\nTZ=Europe/Bratislava",
        "json": json.dumps({"sluzby": {tool: {"zapnuta": True, low: value, "timeout_ms": 8000}}}, indent=2),
        "escaped_json": json.dumps({"level": "debug", "msg": "config loaded", "config": json.dumps({"provider": tool, cam: value})}),
        "cli_flag": f"$ ovcinec-cli connect {tool} --{kebab}={value} --kraj zilinsky",
        "prose": f"Zuzka, založil som nám nový účet v {tool}; kľúč je {value} a do piatku ho treba presunúť do trezoru.",
        "tool_output": f"$ {tool} auth status\nPrihlásený ako: ovcinec-salas\n{kebab}: {value}\nPlatnosť: bez obmedzenia",
        "diff": f"diff --git a/config/{tool}.yml b/config/{tool}.yml\n--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n@@ -2 +2 @@\n-{low}: ''\n+{low}: '{value}'",
        "bytes_literal": f"HLAVICKA = b'{tool}:' + b'{value}'",
        "yaml": f"integracie:\n  - nazov: {tool}\n    {low}: {value}\n    aktivna: true",
        "csv": f"poskytovatel,premenna,hodnota,poznamka\n{tool},{name},{value},produkcia",
        "header": f"GET /v1/salase HTTP/1.1\nHost: api.{tool}.{HOST}\n{title}: {value}\nAccept-Language: sk-SK",
        "log": f"[2027-01-02T04:40:17+01:00] ovcinec.INFO: {tool} client ready {{\"{low}\":\"{value}\",\"retries\":3}}",
        "code": f"import os\n\n{name} = os.environ.get(\"{name}\", \"{value}\")\nklient = {tool.capitalize()}Client({low}={name})",
        "ini": f"[{tool}]\nendpoint = https://api.{tool}.{HOST}\n{low} = {value}\njazyk = sk",
        "xml": f"<sluzba id=\"{tool}\">\n  <endpoint>https://api.{tool}.{HOST}</endpoint>\n  <{cam}>{value}</{cam}>\n</sluzba>",
        "dockerfile": f"FROM python:3.13-slim\nENV {name}={value}\nCMD [\"python\", \"-m\", \"ovcinec.{tool}\"]",
        "netrc": f"machine api.{tool}.{HOST} login ovcinec password {value}",
        "toml": f"[sluzby.{tool}]\nendpoint = \"https://api.{tool}.{HOST}\"\n{low} = \"{value}\"",
        "shell_history": f": 1798861200:0;cd ~/ovcinec\n: 1798861215:0;export {name}='{value}'\n: 1798861230:0;make import-{tool}",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [],
                                "source": [f"klient = {tool}.Client(\n", f"    {low}=\"{value}\",\n", ")"]}),
        "hcl": f"provider \"{tool}\" {{\n  endpoint = \"https://api.{tool}.{HOST}\"\n  {low} = \"{value}\"\n}}",
        "properties": f"ovcinec.{tool}.endpoint=https://api.{tool}.{HOST}\novcinec.{low.replace('_', '.')}={value}",
        "powershell": f"PS C:\\ovcinec> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')\nPS C:\\ovcinec> .\\import.ps1 -Sluzba {tool}",
        "systemd": f"# /etc/systemd/system/ovcinec-{tool}.service\n[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/opt/ovcinec/bin/import {tool}",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.{HOST}/v1/objednavky",
                                                            "headers": [{"name": title, "value": value}]}, "response": {"status": 201}}]}}),
        "curl_trace": f"* Connected to api.{tool}.{HOST} (192.0.2.41) port 443\n> POST /v1/objednavky HTTP/1.1\n> Host: api.{tool}.{HOST}\n> {title}: {value}\n< HTTP/1.1 201 Created",
        "crash_report": f"Exception in thread \"import-{tool}\" sk.ovcinec.ImportException: 401 pre {low}={value}\n\tat sk.ovcinec.{tool.capitalize()}Import.run(Import.java:88)",
        "web_storage": json.dumps({"origin": f"https://portal.{HOST}", "sessionStorage": {f"{tool}.{cam}": value, "jazyk": "sk"}}),
        "plist": f"<dict>\n\t<key>{cam}</key>\n\t<string>{value}</string>\n\t<key>Region</key>\n\t<string>SK</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_credential", "name": "ovcinec", "instances": [
            {"attributes": {low: value, "id": "ovcinec"}}]}]}),
        "mobile_config": f"// ios/Config/Release.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = sk.ovcinec.app\n{name} = {value}",
        "sql_dump": f"INSERT INTO `nastavenia` (`sluzba`, `kluc`, `hodnota`) VALUES ('{tool}', '{low}', '{value}');",
        "email": f"From: Zuzana <zuzana@{HOST}>\nTo: it@{HOST}\nSubject: {tool} – prístup\n\nAhoj, {low} pre ostrý systém je {value}\n\nS pozdravom\nZuzana",
        "nginx": f"location /api/{tool}/ {{\n    proxy_set_header {title} \"{value}\";\n    proxy_pass https://api.{tool}.{HOST}/;\n}}",
        "markdown": f"| služba | premenná | hodnota |\n| --- | --- | --- |\n| {tool} | `{name}` | `{value}` |",
        "postman": json.dumps({"name": f"ovcinec {tool}", "values": [{"key": cam, "value": value, "type": "secret", "enabled": True}]}),
        "jenkinsfile": f"pipeline {{\n  agent any\n  environment {{\n    {name} = '{value}'\n  }}\n  stages {{ stage('import') {{ steps {{ sh 'make import-{tool}' }} }} }}\n}}",
        "compose": f"services:\n  import-{tool}:\n    image: ovcinec/import:1.4\n    environment:\n      - {name}={value}",
        "gradle": f"// build.gradle.kts\nbuildConfigField(\"String\", \"{name}\", \"\\\"{value}\\\"\")",
        "chat_export": json.dumps({"messages": [{"from": "Zuzana", "date": "2027-01-02T07:12:00", "text": f"{tool} {kebab}: {value}"}]}),
        "ansible": f"[salas]\nsrv-2.{HOST} ansible_user=ovcinec {low}={value}",
        "kubeconfig": f"users:\n- name: ovcinec@{tool}\n  user:\n    token: {value}",
        "hocon": f"sluzby.{tool} {{\n  endpoint = \"https://api.{tool}.{HOST}\"\n  {cam} = \"{value}\"\n}}",
        "nix": f"environment.variables = {{\n  {name} = \"{value}\";\n  TZ = \"Europe/Bratislava\";\n}};",
        "caddyfile": f"portal.{HOST} {{\n  reverse_proxy /{tool}/* api.{tool}.{HOST}:443 {{\n    header_up {title} {value}\n  }}\n}}",
        "makefile": f"export {name} := {value}\n\nimport-{tool}:\n\tpython -m ovcinec.import {tool}",
        "npmrc": f"registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_auth={value}\nalways-auth=true",
        "pgpass": f"pg.{tool}.{HOST}:5432:*:ovcinec:{value}",
        "crontab": f"MAILTO=it@{HOST}\n30 4 * * 1-5 {name}={value} /opt/ovcinec/bin/import {tool} >> /var/log/ovcinec/{tool}.log 2>&1",
        "http_file": f"### {tool}: zoznam salašov\nGET https://api.{tool}.{HOST}/v1/salase\n{title}: {value}",
        "haproxy": f"backend {tool}\n    http-request set-header {title} {value}\n    server api api.{tool}.{HOST}:443 ssl verify required",
        "sbt": f"credentials += Credentials(\"Sonatype Nexus\", \"nexus.{tool}.{HOST}\", \"ovcinec\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers =\n    {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/legacy/\nusername = ovcinec\npassword = {value}",
        "ssh_config": f"Host {tool}-tunel\n    HostName bastion.{tool}.{HOST}\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": f"import {tool}", "type": "debugpy",
                                                                             "request": "launch", "module": "ovcinec.import", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"- name: Import {tool}\n  run: make import-{tool}\n  env:\n    {name}: '{value}'",
        "fish": f"# ~/.config/fish/conf.d/ovcinec.fish\nset -Ux {name} {value}",
        "devtools_console": f"> sessionStorage.getItem(\"{tool}.{cam}\")\n'{value}'",
        "envrc": f"dotenv_if_exists .env.local\nexport {name}='{value}'",
        "maven_settings": f"<servers>\n  <server>\n    <id>{tool}</id>\n    <username>ovcinec</username>\n    <password>{value}</password>\n  </server>\n</servers>",
        "rclone_conf": f"[{tool}-s3]\ntype = s3\nprovider = Other\nendpoint = https://s3.{tool}.{HOST}\naccess_key_id = ovcinec\nsecret_access_key = {value}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.{HOST}": {"username": "ovcinec", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistryServer: \"https://npm.{tool}.{HOST}\"\nnpmAlwaysAuth: true\nnpmAuthIdent: \"ovcinec:{value}\"",
        "terraformrc": f"credentials \"app.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}\nplugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"",
        "cargo_credentials": f"# ~/.cargo/credentials.toml\n[registries.{tool}]\ntoken = \"{value}\"",
        "aws_config": f"# ~/.aws/credentials\n[{tool}]\naws_secret_access_key = {value}\nregion = eu-central-1",
        "helm_values": f"global:\n  {tool}:\n    endpoint: https://api.{tool}.{HOST}\n    {cam}: {value}",
        "vault_agent": f"template {{\n  destination = \"/run/ovcinec/{tool}.env\"\n  contents    = \"{name}={value}\"\n}}",
        "my_cnf": f"[client]\nuser = ovcinec\npassword = {value}\nhost = mysql.{tool}.{HOST}\ndefault-character-set = utf8mb4",
        "bitbucket_pipelines": f"pipelines:\n  default:\n    - step:\n        name: import {tool}\n        script:\n          - {name}='{value}' make import-{tool}",
        "wrangler": f"name = \"ovcinec-{tool}\"\ncompatibility_date = \"2026-12-01\"\n[vars]\n{name} = \"{value}\"\nJAZYK = \"sk\"",
        "k6_script": f"import http from 'k6/http';\n\nexport default function () {{\n  http.get('https://api.{tool}.{HOST}/v1/salase', {{ headers: {{ '{title}': '{value}' }} }});\n}}",
        "heroku_config": f"$ heroku config:get {name} -a ovcinec-{tool}\n{value}",
        "authinfo": f"machine imap.{tool}.{HOST} login ovcinec@{HOST} port 993 password {value}",
        "fly_toml": f"app = \"ovcinec-{tool}\"\n\n[env]\n  JAZYK = \"sk\"\n  {name} = \"{value}\"",
        "netlify_toml": f"[build]\n  command = \"npm run build\"\n[build.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"envVarGroups:\n  - name: ovcinec-{tool}\n    envVars:\n      - key: {name}\n        value: \"{value}\"",
        "jmeter_plan": f"<Arguments testname=\"Premenné {tool}\">\n  <collectionProp name=\"Arguments.arguments\">\n    <elementProp name=\"{low}\" elementType=\"Argument\">\n      <stringProp name=\"Argument.value\">{value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</Arguments>",
        "jenkins_credentials": f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>{tool}-ovcinec</id>\n  <username>ovcinec</username>\n  <password>{value}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
        "gitlab_ci": f"import:{tool}:\n  image: python:3.13\n  variables:\n    {name}: '{value}'\n  script:\n    - make import-{tool}",
        "gem_credentials": f"---\nhttps://gems.{tool}.{HOST}: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"ovcinec\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:import-{tool}]\ncommand=/opt/ovcinec/bin/import {tool}\nenvironment=TZ=\"Europe/Bratislava\",{name}=\"{value}\"\nautorestart=true",
        "pulumi_config": f"config:\n  ovcinec:kraj: zilinsky\n  {tool}:{cam}: \"{value}\"",
        "extension_storage": json.dumps({"storage.sync": {"nastavenia": {"poskytovatel": tool, cam: value}}}),
        "circleci_config": f"jobs:\n  import:\n    docker:\n      - image: cimg/python:3.13\n    environment:\n      {name}: \"{value}\"\n    steps:\n      - run: make import-{tool}",
        "azure_pipelines": f"variables:\n  {name}: '{value}'\npool:\n  vmImage: ubuntu-24.04\nsteps:\n  - script: make import-{tool}",
        "ngrok_config": f"version: 3\nagent:\n  api_key: {value}\nendpoints:\n  - name: {tool}\n    url: https://ovcinec-{tool}.ngrok.app",
        "wpa_supplicant": f"network={{\n\tssid=\"Salas-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n\tpriority=5\n}}",
        "bruno": f"meta {{\n  name: salase\n  type: http\n}}\n\nheaders {{\n  {title}: {value}\n}}",
        "insomnia": json.dumps({"_type": "request", "name": f"{tool} salase", "headers": [{"name": title, "value": value}]}),
        "travis_ci": f"language: python\nenv:\n  global:\n    - {name}={value}\nscript: make import-{tool}",
        "drone_ci": f"kind: pipeline\ntype: docker\nname: import-{tool}\nsteps:\n  - name: import\n    image: python:3.13\n    environment:\n      {name}: {value}",
        "gh_hosts": f"github.com:\n    users:\n        ovcinec-{tool}:\n            oauth_token: {value}\n    user: ovcinec-{tool}",
        "compose_override": f"services:\n  import-{tool}:\n    environment:\n      {name}: \"{value}\"\n      TZ: Europe/Bratislava",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n  config.vm.provision \"shell\", env: {{ \"{name}\" => \"{value}\" }}, path: \"import-{tool}.sh\"\nend",
        "packer_vars": f"# ovcinec.pkrvars.hcl\n{low} = \"{value}\"\nregion = \"eu-central-1\"",
        "systemd_credential": f"# /etc/systemd/system/ovcinec-{tool}.service.d/kluc.conf\n[Service]\nSetCredential={kebab}:{value}",
        "pgbouncer_userlist": f"\"ovcinec_{tool}\" \"{value}\"",
        "init_gradle": f"// ~/.gradle/init.d/{tool}.gradle\nsettingsEvaluated {{ settings ->\n  settings.pluginManagement.repositories.maven {{\n    url 'https://maven.{tool}.{HOST}/'\n    credentials {{ username = 'ovcinec'; password = '{value}' }}\n  }}\n}}",
        "procfile": f"release: python manage.py migrate\nimport: {name}={value} python -m ovcinec.import {tool}",
        "justfile": f"set dotenv-load\n{low} := \"{value}\"\n\nimport:\n    python -m ovcinec.import {tool} --kluc {{{{{low}}}}}",
        "taskfile": f"version: '3'\nenv:\n  {name}: {value}\ntasks:\n  import:\n    cmds:\n      - python -m ovcinec.import {tool}",
        "earthfile": f"VERSION 0.8\nimport:\n    FROM python:3.13-slim\n    ARG {name}={value}\n    RUN python -m ovcinec.import {tool}",
        "tiltfile": f"os.putenv('{name}', '{value}')\ndocker_compose('docker-compose.{tool}.yml')",
        "skaffold": f"deploy:\n  helm:\n    releases:\n      - name: ovcinec-{tool}\n        setValues:\n          {cam}: {value}",
        "buildkite": f"env:\n  {name}: \"{value}\"\nsteps:\n  - command: make import-{tool}\n    label: \":sheep: {tool}\"",
        "woodpecker_ci": f"steps:\n  - name: import-{tool}\n    image: python:3.13\n    environment:\n      {name}: \"{value}\"\n    commands:\n      - make import-{tool}",
        "bitrise": f"app:\n  envs:\n    - {name}: {value}\n      opts:\n        is_expand: false",
        "serverless": f"service: ovcinec-{tool}\nprovider:\n  name: aws\n  region: eu-central-1\nfunctions:\n  import:\n    handler: handler.run\n    environment:\n      {name}: '{value}'",
        "app_engine": f"runtime: python313\nentrypoint: gunicorn ovcinec.wsgi\nenv_variables:\n  {name}: '{value}'\n  JAZYK: sk",
        "kamal_deploy": f"service: ovcinec-{tool}\nservers:\n  - 192.0.2.14\nenv:\n  clear:\n    JAZYK: sk\n    {name}: \"{value}\"",
        "do_app_spec": f"name: ovcinec\nservices:\n  - name: {tool}\n    envs:\n      - key: {name}\n        scope: RUN_TIME\n        value: \"{value}\"",
        "railway_json": json.dumps({"$schema": "https://railway.com/railway.schema.json", "deploy": {"startCommand": f"{name}={value} python -m ovcinec.import {tool}"}}, indent=2),
        "codemagic": f"workflows:\n  android:\n    environment:\n      vars:\n        {name}: {value}\n    scripts:\n      - ./gradlew assembleRelease",
        "vercel_json": json.dumps({"env": {name: value, "JAZYK": "sk"}, "regions": ["fra1"]}, indent=2),
        "samconfig": f"version = 0.1\n[default.deploy.parameters]\nstack_name = \"ovcinec-{tool}\"\nparameter_overrides = \"{name.title().replace('_', '')}={value}\"",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"FUNCTIONS_WORKER_RUNTIME": "python", name: value}}, indent=2),
        "boto_config": f"[Credentials]\naws_secret_access_key = {value}\n[s3]\nhost = s3.{tool}.{HOST}\n[Boto]\nhttps_validate_certificates = True",
        "bunfig": f"[install.scopes]\n\"@{tool}\" = {{ token = \"{value}\", url = \"https://npm.{tool}.{HOST}/\" }}",
        "zeabur": json.dumps({"start_command": f"{name}={value} python -m ovcinec.import {tool}", "python_version": "3.13"}, indent=2),
        "msmtprc": f"account {tool}\nhost smtp.{tool}.{HOST}\nport 587\ntls on\nauth on\nuser ovcinec@{HOST}\npassword {value}\naccount default : {tool}",
        "muttrc": f"set smtp_url = \"smtp://ovcinec@smtp.{tool}.{HOST}:587/\"\nset smtp_pass = \"{value}\"\nset from = \"ovcinec@{HOST}\"",
        "offlineimaprc": f"[Repository {tool}-vzdialeny]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = ovcinec@{HOST}\nremotepass = {value}\nsslcacertfile = OS-DEFAULT",
        "firebase_runtimeconfig": json.dumps({tool: {"endpoint": f"https://api.{tool}.{HOST}", "kluc": value}}, indent=2),
        "redis_conf": f"bind 127.0.0.1\nmasterauth {value}\nreplicaof redis.{tool}.{HOST} 6379",
        "telegraf": f"[[inputs.http]]\n  urls = [\"https://api.{tool}.{HOST}/v1/metriky\"]\n  headers = {{\"{title}\" = \"{value}\"}}\n  data_format = \"json\"",
        "filebeat": f"output.elasticsearch:\n  hosts: [\"https://es.{tool}.{HOST}:9200\"]\n  api_key: \"ovcinec:{value}\"",
        "irssi": f"servers = (\n  {{\n    address = \"irc.{tool}.{HOST}\";\n    chatnet = \"{tool}\";\n    port = \"6697\";\n    password = \"{value}\";\n    use_tls = \"yes\";\n  }}\n);",
        "odbc_ini": f"[ovcinec-{tool}]\nDriver = MariaDB Unicode\nServer = mysql.{tool}.{HOST}\nUser = ovcinec\nPassword = {value}\nDatabase = bryndza",
        "rabbitmq_conf": f"listeners.ssl.default = 5671\nauth_backends.1 = internal\nauth_ldap.dn_lookup_bind.user_dn = cn=rabbit,dc=example,dc=sk\nauth_ldap.dn_lookup_bind.password = {value}",
        "deno_json": json.dumps({"tasks": {"import": f"{name}={value} deno run -A import.ts {tool}"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": f"{tool} (produkcia)", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "Username": "ovcinec", "Password": value, "SSLMode": "require"}}}, indent=2),
        "nmconnection": f"[connection]\nid=ovcinec-{tool}\ntype=vpn\n\n[vpn]\nservice-type=org.freedesktop.NetworkManager.openvpn\n\n[vpn-secrets]\npassword={value}",
        "grafana_ini": f"[database]\ntype = postgres\nhost = pg.{tool}.{HOST}:5432\nuser = grafana\npassword = {value}",
        "wp_config": f"define( 'DB_HOST', 'mysql.{tool}.{HOST}' );\ndefine( 'DB_PASSWORD', '{value}' );\n$table_prefix = 'ov_';",
        "fetchmailrc": f"poll pop.{tool}.{HOST} with proto POP3\n  user 'ovcinec' there with password '{value}' is 'zuzana' here\n  options ssl keep",
        "logstash_conf": f"input {{\n  http_poller {{\n    urls => {{ {tool} => {{ url => \"https://api.{tool}.{HOST}/v1/udalosti\" headers => {{ \"{title}\" => \"{value}\" }} }} }}\n    schedule => {{ every => \"5m\" }}\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Ovcinec\\{tool}]\n\"{name}\"=\"{value}\"\n\"Jazyk\"=\"sk\"",
        "alertmanager_yml": f"global:\n  smtp_smarthost: smtp.{tool}.{HOST}:587\n  smtp_auth_username: alerty@{HOST}\n  smtp_auth_password: '{value}'",
        "airflow_cfg": f"[smtp]\nsmtp_host = smtp.{tool}.{HOST}\nsmtp_user = airflow@{HOST}\nsmtp_password = {value}\nsmtp_port = 587",
        "mongod_conf": f"net:\n  port: 27017\nsecurity:\n  ldap:\n    servers: ldap.{tool}.{HOST}\n    bind:\n      queryUser: cn=mongo,dc=example,dc=sk\n      queryPassword: \"{value}\"",
        "elasticsearch_yml": f"xpack.notification.slack:\n  account:\n    {tool}:\n      url: https://hooks.{tool}.{HOST}/alerty\n      {low}: \"{value}\"",
        "gitlab_rb": f"gitlab_rails['smtp_address'] = \"smtp.{tool}.{HOST}\"\ngitlab_rails['smtp_user_name'] = \"gitlab@{HOST}\"\ngitlab_rails['smtp_password'] = \"{value}\"",
        "superset_config": f"# superset_config.py\nMAPBOX_API_KEY = \"\"\n{name} = \"{value}\"\nBABEL_DEFAULT_LOCALE = \"sk\"",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    basic_auth:\n      username: prometheus\n      password: {value}\n    static_configs:\n      - targets: ['metriky.{tool}.{HOST}:9100']",
        "vector_toml": f"[sinks.{tool}_loki]\ntype = \"loki\"\nendpoint = \"https://loki.{tool}.{HOST}\"\nauth.strategy = \"basic\"\nauth.user = \"ovcinec\"\nauth.password = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-type=s3\nrepo1-s3-endpoint=s3.{tool}.{HOST}\nrepo1-s3-key=ovcinec\nrepo1-s3-key-secret={value}\nrepo1-s3-bucket=ovcinec-zalohy",
        "curlrc": f"# ~/.curlrc\nuser = \"ovcinec:{value}\"\nretry = 3",
        "sssd_conf": f"[domain/{HOST}]\nid_provider = ad\nldap_uri = ldaps://dc.{tool}.{HOST}\nldap_default_bind_dn = cn=sssd,ou=sluzby,dc=example,dc=sk\nldap_default_authtok = {value}",
        "kibana_yml": f"elasticsearch.hosts: [\"https://es.{tool}.{HOST}:9200\"]\nelasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"{value}\"\ni18n.locale: \"sk-SK\"",
        "ldap_conf": f"# /etc/ldap/ldap.conf\nURI ldaps://ldap.{tool}.{HOST}\nBASE dc=example,dc=sk\nBINDDN cn=citac,dc=example,dc=sk\n# {tool}: {kebab} {value}",
        "tfvars": f"kraj = \"zilinsky\"\n{low} = \"{value}\"",
        "sentry_conf": f"# sentry.conf.py\nSENTRY_OPTIONS[\"mail.host\"] = \"smtp.{tool}.{HOST}\"\nSENTRY_OPTIONS[\"mail.password\"] = \"{value}\"",
        "krb5_conf": f"[realms]\n    OVCINEC.EXAMPLE.SK = {{\n        kdc = kdc.{tool}.{HOST}\n        admin_server = kdc.{tool}.{HOST}\n        # {kebab} pre import (kým nebude keytab): {value}\n    }}",
        "smb_conf": f"[global]\n   workgroup = OVCINEC\n   ldap admin dn = cn=samba,dc=example,dc=sk\n   # smbpasswd -w {value}\n   passdb backend = ldapsam:ldaps://ldap.{tool}.{HOST}",
        "mosquitto_conf": f"connection {tool}\naddress mqtt.{tool}.{HOST}:8883\nbridge_cafile /etc/ssl/certs/ca-certificates.crt\nremote_clientid ovcinec-salas\nremote_password {value}\nremote_username ovcinec",
        "keepalived_conf": f"vrrp_instance SALAS_{tool.upper()} {{\n    interface ens18\n    virtual_router_id 51\n    authentication {{\n        auth_type PASS\n        auth_pass {value}\n    }}\n}}",
        "vault_hcl": f"seal \"transit\" {{\n  address         = \"https://vault.{tool}.{HOST}:8200\"\n  disable_renewal = \"false\"\n  token           = \"{value}\"\n  mount_path      = \"transit/\"\n}}",
        "influx_configs": f"[ovcinec-{tool}]\n  url = \"https://influx.{tool}.{HOST}:8086\"\n  token = \"{value}\"\n  org = \"ovcinec\"",
        "sasl_passwd": f"# /etc/postfix/sasl_passwd\n[mail.{tool}.{HOST}]:465 ovcinec:{value}",
        "dovecot_conf": f"# /etc/dovecot/conf.d/auth-ldap.conf.ext ({tool})\nhosts = ldap.{tool}.{HOST}\ndn = cn=dovecot,ou=sluzby,dc=example,dc=sk\ndnpass = {value}\nbase = ou=ludia,dc=example,dc=sk",
        "davfs2_secrets": f"# ~/.davfs2/secrets\n/mnt/{tool}-dokumenty  ovcinec  {value}",
        "cifs_credentials": f"# /root/.smb-{tool} (mount -t cifs -o credentials=/root/.smb-{tool})\nuser=ovcinec\npass={value}",
        "s3ql_authinfo": f"[{tool}-zalohy]\nstorage-url: s3c://s3.{tool}.{HOST}:443/ovcinec-zalohy/\nbackend-login: ovcinec\nbackend-password: {value}",
        "chap_secrets": f"# /etc/ppp/chap-secrets\n# client\tserver\tsecret\t\t\tIP addresses\novcinec@{tool}\t{tool}-lns\t{value}\t*",
        "openvpn_auth": f"# /etc/openvpn/{tool}/login.txt\novcinec-salas\n{value}",
        "ipsec_secrets": f"# /etc/ipsec.secrets\n: RSA /etc/ipsec.d/private/salas.pem\nsalas.{HOST} {tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"# /etc/snmp/snmpd.conf\nsysContact it@{HOST}\ncreateUser ovcinec-{tool} SHA-256 {value} AES\nrwuser ovcinec-{tool} authpriv",
        "pap_secrets": f"# /etc/ppp/pap-secrets\n# client\tserver\tsecret\t\tIP addresses\n\"ovcinec-{tool}\"\t*\t\"{value}\"\t\"\"",
        "mosquitto_passwd": f"# /etc/mosquitto/passwd.txt (pred mosquitto_passwd -U)\nsalas-{tool}:{value}",
        "zabbix_psk": f"# /etc/zabbix/{tool}.psk (TLSPSKFile v zabbix_agent2.conf, TLSPSKIdentity ovcinec-{tool})\n{value}",
        "nslcd_conf": f"# /etc/nslcd.conf\nuid nslcd\ngid nslcd\nuri ldaps://ldap.{tool}.{HOST}/\nbinddn cn=nslcd,dc=example,dc=sk\nbindpw {value}",
        "maven_settings_security": f"<settingsSecurity>\n  <!-- {tool} -->\n  <master>{{{value}}}</master>\n</settingsSecurity>",
        "helm_repositories": f"apiVersion: \"\"\ngenerated: \"2027-01-02T04:30:11+01:00\"\nrepositories:\n- name: {tool}\n  url: https://charts.{tool}.{HOST}/stable\n  username: ovcinec\n  password: \"{value}\"",
        "ldap_secret": f"$ cat /etc/ldap.secret\n{value}\n$ stat -c '%a %U' /etc/ldap.secret\n600 root",
        "radius_clients": f"client {tool}-ap {{\n\tipv4addr = 192.0.2.0/27\n\tsecret = {value}\n\tnas_type = other\n}}",
        "upsd_users": f"[{tool}]\n\tpassword = {value}\n\tactions = SET\n\tinstcmds = ALL",
        "bacula_dir_conf": f"Storage {{\n  Name = {tool}-sd\n  Address = sd.{tool}.{HOST}\n  SDPort = 9103\n  Password = \"{value}\"\n  Device = FileChgr1\n  Media Type = File1\n}}",
        "ddclient_conf": f"daemon=600\nssl=yes\nprotocol=dyndns2\nserver=ddns.{tool}.{HOST}\nlogin=ovcinec\npassword={value}\nsalas.{HOST}",
        # In four of the new contexts (and .passwd-s3fs above) nothing but the file's layout says which field is the
        # secret; rndc.key's syntax names it.
        "chrony_keys": f"# /etc/chrony/chrony.keys ({tool}: server ntp.{tool}.{HOST} key 17)\n17 SHA256 {_chrony_key(value)}",
        "pam_radius_conf": f"# /etc/pam_radius_auth.conf\nradius.{tool}.{HOST}:1812\t{value}\t3",
        "nagios_resource_cfg": f"# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n# {tool}\n$USER7$={value}",
        "rndc_key": f"# /etc/bind/rndc.key ({tool})\nkey \"rndc-key\" {{\n\talgorithm hmac-sha256;\n\tsecret \"{value}\";\n}};",
        "exim_passwd_client": f"# /etc/exim4/passwd.client\nsmtp.{tool}.{HOST}:ovcinec@{HOST}:{value}",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, DG), "exp": 1799000000 + R.randrange(86400)}, "HS256")


def _groups(count: int, size: int, alphabet: str = UP) -> str:
    return "-".join(r(size, alphabet) for _ in range(count))


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("tatrabanka/client-secret", "TATRABANKA_CLIENT_SECRET", "tatrabanka", lambda: r(48, U64), "a Tatra banka PSD2 API client secret (48 letters, digits, _ and -)"),
    ("slsp/api-key", "SLSP_API_KEY", "slsp", lambda: "slsp_" + r(32, AL), "a Slovenská sporiteľňa business banking API key (slsp_ and 32 letters and digits)"),
    ("vubbanka/api-token", "VUB_API_TOKEN", "vubbanka", lambda: r(40, HX), "a VÚB banka corporate API token (40 hex digits)"),
    ("primabanka/api-key", "PRIMABANKA_API_KEY", "primabanka", lambda: r(36, UP), "a Prima banka payments API key (36 upper-case letters and digits)"),
    ("bank365/api-secret", "BANK365_API_SECRET", "bank365", lambda: r(44, B64), "a 365.bank partner API secret (44 base64 characters)"),
    ("nbs/api-key", "NBS_API_KEY", "nbs", lambda: r(32, LO), "a Národná banka Slovenska reporting API key (32 lower-case letters and digits)"),
    ("dovera/api-token", "DOVERA_API_TOKEN", "dovera", lambda: _jwt("dovera.sk"), "a Dôvera health insurer provider portal token (an HS256 JWT)"),
    ("vszp/api-key", "VSZP_API_KEY", "vszp", lambda: r(32, HX), "a Všeobecná zdravotná poisťovňa e-services API key (32 hex digits)"),
    ("unionpoistovna/api-key", "UNION_API_KEY", "unionpoistovna", lambda: _groups(4, 5), "a Union poisťovňa broker API key (four groups of five upper-case letters and digits joined by -)"),
    ("allianzsp/client-secret", "ALLIANZSP_CLIENT_SECRET", "allianzsp", lambda: r(40, U64), "an Allianz - Slovenská poisťovňa partner client secret (40 letters, digits, _ and -)"),
    ("bcpb/api-key", "BCPB_API_KEY", "bcpb", lambda: r(24, HX), "a Bratislava Stock Exchange (BCPB) market data API key (24 hex digits)"),
    ("finax/api-token", "FINAX_API_TOKEN", "finax", lambda: "fx_" + r(40, AL), "a Finax investment API token (fx_ and 40 letters and digits)"),
    ("socialnapoistovna/api-key", "SP_API_KEY", "socialnapoistovna", lambda: r(36, LO), "a Sociálna poisťovňa employer reporting API key (36 lower-case letters and digits)"),
    ("telekomsk/api-key", "TELEKOM_API_KEY", "telekomsk", lambda: r(32, AL), "a Slovak Telekom business SMS API key (32 letters and digits)"),
    ("orangesk/client-secret", "ORANGE_CLIENT_SECRET", "orangesk", lambda: r(40, AL), "an Orange Slovensko developer API client secret (40 letters and digits)"),
    ("o2sk/api-key", "O2SK_API_KEY", "o2sk", lambda: r(32, UP), "an O2 Slovakia business API key (32 upper-case letters and digits)"),
    ("swan4ka/api-token", "SWAN_API_TOKEN", "swan4ka", lambda: r(40, LO), "a 4ka (SWAN) self-care API token (40 lower-case letters and digits)"),
    ("stvr/api-key", "STVR_API_KEY", "stvr", lambda: r(32, HX), "an STVR (Slovak Television and Radio) archive API key (32 hex digits)"),
    ("markiza/api-secret", "MARKIZA_API_SECRET", "markiza", lambda: r(48, U64), "a TV Markíza Voyo partner API secret (48 letters, digits, _ and -)"),
    ("tvjoj/api-key", "JOJ_API_KEY", "tvjoj", lambda: r(36, AL), "a TV JOJ video platform API key (36 letters and digits)"),
    ("smesk/api-key", "SME_API_KEY", "smesk", lambda: r(32, LO), "a SME (Petit Press) content API key (32 lower-case letters and digits)"),
    ("dennikn/api-token", "DENNIKN_API_TOKEN", "dennikn", lambda: "dn_" + r(32, AL), "a Denník N subscription API token (dn_ and 32 letters and digits)"),
    ("aktuality/api-key", "AKTUALITY_API_KEY", "aktuality", lambda: r(40, HX), "an Aktuality.sk syndication API key (40 hex digits)"),
    ("zoznam/api-key", "ZOZNAM_API_KEY", "zoznam", lambda: r(32, UP), "a Zoznam.sk catalogue API key (32 upper-case letters and digits)"),
    ("eset/license-key", "ESET_LICENSE_KEY", "eset", lambda: _groups(5, 4), "an ESET product licence key (five groups of four upper-case letters and digits joined by -)"),
    ("sygic/api-key", "SYGIC_API_KEY", "sygic", lambda: r(32, HX), "a Sygic maps API key (32 hex digits)"),
    ("pixelfederation/api-secret", "PIXELFED_API_SECRET", "pixelfederation", lambda: r(44, B64), "a Pixel Federation game backend API secret (44 base64 characters)"),
    ("innovatrics/api-token", "INNOVATRICS_API_TOKEN", "innovatrics", lambda: r(60, U64), "an Innovatrics digital identity API token (60 letters, digits, _ and -)"),
    ("websupport/api-secret", "WEBSUPPORT_API_SECRET", "websupport", lambda: r(40, HX), "a Websupport REST API secret (40 hex digits)"),
    ("nike/api-key", "NIKE_API_KEY", "nike", lambda: r(36, LO), "a Niké betting partner API key (36 lower-case letters and digits)"),
    ("slovanbratislava/api-key", "SLOVAN_API_KEY", "slovanbratislava", lambda: r(32, AL), "an ŠK Slovan Bratislava ticketing API key (32 letters and digits)"),
    ("exponea/api-secret", "EXPONEA_API_SECRET", "exponea", lambda: r(64, LO), "an Exponea private API secret (64 lower-case letters and digits)"),
    ("martinus/api-key", "MARTINUS_API_KEY", "martinus", lambda: r(32, HX), "a Martinus bookshop affiliate API key (32 hex digits)"),
    ("nay/api-token", "NAY_API_TOKEN", "nay", lambda: r(40, AL), "a NAY electronics supplier API token (40 letters and digits)"),
    ("pantarhei/api-key", "PANTARHEI_API_KEY", "pantarhei", lambda: r(36, UP), "a Panta Rhei bookshop stock API key (36 upper-case letters and digits)"),
    ("bazos/api-key", "BAZOS_API_KEY", "bazos", lambda: r(28, AL), "a Bazoš classifieds API key (28 letters and digits)"),
    ("profesia/api-key", "PROFESIA_API_KEY", "profesia", lambda: "pk_" + r(32, LO), "a Profesia.sk job posting API key (pk_ and 32 lower-case letters and digits)"),
    ("nehnutelnosti/api-token", "NEHNUTELNOSTI_API_TOKEN", "nehnutelnosti", lambda: r(40, HX), "a Nehnuteľnosti.sk listings import API token (40 hex digits)"),
    ("pricemania/api-key", "PRICEMANIA_API_KEY", "pricemania", lambda: r(32, AL), "a Pricemania shop feed API key (32 letters and digits)"),
    ("coopjednota/api-key", "COOP_API_KEY", "coopjednota", lambda: r(32, LO), "a COOP Jednota supplier API key (32 lower-case letters and digits)"),
    ("kofola/api-secret", "KOFOLA_API_SECRET", "kofola", lambda: r(48, U64), "a Kofola distributor API secret (48 letters, digits, _ and -)"),
    ("zlatybazant/api-key", "BAZANT_API_KEY", "zlatybazant", lambda: r(32, HX), "a Zlatý Bažant brewery trade API key (32 hex digits)"),
    ("sedita/api-key", "SEDITA_API_KEY", "sedita", lambda: r(36, AL), "a Sedita confectionery orders API key (36 letters and digits)"),
    ("rajo/api-token", "RAJO_API_TOKEN", "rajo", lambda: r(40, LO), "a Rajo dairy supplier API token (40 lower-case letters and digits)"),
    ("spp/api-key", "SPP_API_KEY", "spp", lambda: r(32, UP), "an SPP gas supply customer API key (32 upper-case letters and digits)"),
    ("zse/client-secret", "ZSE_CLIENT_SECRET", "zse", lambda: r(48, U64), "a ZSE electricity customer portal client secret (48 letters, digits, _ and -)"),
    ("vse/api-key", "VSE_API_KEY", "vse", lambda: r(32, HX), "a VSE (Východoslovenská energetika) metering API key (32 hex digits)"),
    ("slovnaft/api-key", "SLOVNAFT_API_KEY", "slovnaft", lambda: r(40, AL), "a Slovnaft fuel card API key (40 letters and digits)"),
    ("seas/api-token", "SEAS_API_TOKEN", "seas", lambda: r(64, HX), "a Slovenské elektrárne trading API token (64 hex digits)"),
    ("bvsas/api-key", "BVS_API_KEY", "bvsas", lambda: r(32, LO), "a Bratislavská vodárenská spoločnosť water meter API key (32 lower-case letters and digits)"),
    ("zssk/api-key", "ZSSK_API_KEY", "zssk", lambda: r(36, UP), "a ZSSK (Slovak railways) ticketing API key (36 upper-case letters and digits)"),
    ("dpb/api-key", "DPB_API_KEY", "dpb", lambda: r(32, AL), "a Dopravný podnik Bratislava real-time departures API key (32 letters and digits)"),
    ("slovaklines/api-token", "SLOVAKLINES_API_TOKEN", "slovaklines", lambda: r(40, HX), "a Slovak Lines coach booking API token (40 hex digits)"),
    ("bratislavaairport/api-key", "BTS_API_KEY", "bratislavaairport", lambda: r(32, LO), "a Bratislava Airport flight information API key (32 lower-case letters and digits)"),
    ("hopin/api-secret", "HOPIN_API_SECRET", "hopin", lambda: r(44, B64), "a Hopin Taxi business account API secret (44 base64 characters)"),
    ("slovenskaposta/api-key", "POSTA_API_KEY", "slovenskaposta", lambda: "sp-" + r(36, AL), "a Slovenská pošta parcel API key (sp- and 36 letters and digits)"),
    ("eznamka/api-key", "EZNAMKA_API_KEY", "eznamka", lambda: r(32, UP), "an NDS e-vignette (eznamka) reseller API key (32 upper-case letters and digits)"),
    ("financnasprava/api-key", "EKASA_API_KEY", "financnasprava", lambda: r(32, AL), "a Finančná správa eKasa API key (32 letters and digits)"),
    ("slovenskosk/api-token", "UPVS_API_TOKEN", "slovenskosk", lambda: _jwt("slovensko.sk"), "a slovensko.sk (ÚPVS) integration token (an HS256 JWT)"),
    ("shmu/api-key", "SHMU_API_KEY", "shmu", lambda: r(32, LO), "an SHMÚ weather data API key (32 lower-case letters and digits)"),
    ("uniba/api-key", "UNIBA_API_KEY", "uniba", lambda: r(36, AL), "a Comenius University (UNIBA) student records API key (36 letters and digits)"),
    ("stuba/api-token", "STUBA_API_TOKEN", "stuba", lambda: r(40, LO), "a Slovak University of Technology (STU) timetable API token (40 lower-case letters and digits)"),
    ("tuke/api-key", "TUKE_API_KEY", "tuke", lambda: r(32, HX), "a Technical University of Košice library API key (32 hex digits)"),
    ("snd/api-key", "SND_API_KEY", "snd", lambda: r(32, UP), "a Slovak National Theatre (SND) box office API key (32 upper-case letters and digits)"),
]
SLOVAK = [("tatralandia/api-key", "an Aquapark Tatralandia bookings API key (32 hex digits)"),
          ("nczi/portal-password", "an NCZI (National Health Information Centre) portal password (24 lower-case letters and digits)"),
          ("pohodafestival/api-token", "a Pohoda festival accreditation token (an HS256 JWT)"),
          ("tmr/api-secret", "a Tatry mountain resorts ski pass API secret (40 letters and digits)")]


def slovak_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Slovak chat line with no setting name (format, context, text, secrets, what)."""
    lent, portal = r(32, HX), r(24, LO)
    festival = jwt(DRAW, {"akreditacia": R.randrange(100, 999), "exp": 1801300000})
    resort = r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = SLOVAK
    return [
        (f1, "prose", f"Maťo, cez víkend môžeš používať môj: {lent} — v pondelok ho zruším, tak si ho nikam neukladaj.", [lent], w1),
        (f2, "prose", f"Do portálu sa dostaneš cez {portal}\nZajtra ho zmením a dám do správcu hesiel.", [portal], w2),
        (f3, "prose", f"Zuzka, skús sa prihlásiť s {festival}, ale iba na testovacom prostredí, na ostrom nie.", [festival], w3),
        (f4, "prose", f"Od lanoviek prišlo nové: {resort}. To staré som už zmazal.", [resort], w4),
    ]


def _ico() -> str:
    """A Slovak company id (IČO): seven drawn digits and the check digit of their weighted sum (weights 8 to 2) mod 11."""
    digits = r(7, DG)
    remainder = sum(w * int(d) for w, d in zip(range(8, 1, -1), digits)) % 11
    return digits + str((11 - remainder) % 10)


def _ic_dph() -> str:
    """A Slovak VAT id (IČ DPH): SK and ten digits, the first not 0, the third one of 2, 3, 4, 7, 8, 9, the number a multiple of 11."""
    while True:
        number = R.choice("123456789") + R.choice(DG) + R.choice("234789") + r(7, DG)
        if int(number) % 11 == 0:
            return "SK" + number


EIC_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"


def _eic() -> str:
    """An Energy Identification Code of a Slovak supply point: an issuer prefix, ten drawn digits and the check character
    (weights 16 to 2 over the 15 characters' values, 36 - (sum - 1) mod 37)."""
    head = R.choice(("24ZZS", "24ZSS", "24ZVS")) + r(10, DG)
    total = sum(w * EIC_CHARS.index(c) for w, c in zip(range(16, 1, -1), head))
    return head + EIC_CHARS[36 - (total - 1) % 37]


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why it is ordinary)
REFERENCES = [
    ("sops-decrypt-extract", "DB_PASSWORD", lambda t: f"$(sops -d --extract '[\"{t}\"][\"db_password\"]' secrets/prod.enc.yaml)", "a sops decryption naming a file and a key path"),
    ("az-keyvault-secret-show", "API_KEY", lambda t: f"$(az keyvault secret show --vault-name kv-ovcinec-prod --name {t}-api-key --query value -o tsv)", "an Azure Key Vault lookup naming a vault and a secret"),
    ("gcloud-secrets-versions-access", "API_TOKEN", lambda t: f"$(gcloud secrets versions access latest --secret={t}-api-token --project=ovcinec-prod)", "a Google Secret Manager lookup naming a secret and a project"),
    ("aws-secretsmanager-get-secret-value", "CLIENT_SECRET", lambda t: f"$(aws secretsmanager get-secret-value --secret-id ovcinec/{t}/client-secret --query SecretString --output text)", "an AWS Secrets Manager lookup naming a secret id"),
    ("openbao-kv-get", "ADMIN_PASSWORD", lambda t: f"$(bao kv get -mount=kv -field=admin_password ovcinec/{t})", "an OpenBao lookup naming a mount, a path and a field"),
    ("keyctl-pipe-user-key", "TOKEN", lambda t: f"$(keyctl pipe %user:ovcinec-{t})", "a kernel keyring read naming a key"),
    ("kwallet-query-read", "PASSWORD", lambda t: f"$(kwallet-query -f Ovcinec -r {t} kdewallet)", "a KWallet lookup naming a folder and an entry"),
    ("age-decrypt-identity", "SECRET_KEY", lambda t: f"$(age -d -i ~/.config/age/ovcinec.txt secrets/{t}.age)", "an age decryption naming an identity file and an encrypted file"),
    ("dotenvx-get", "SIGNING_KEY", lambda t: f"$(dotenvx get SIGNING_KEY -f .env.{t}.production)", "a dotenvx lookup naming a key and an encrypted env file"),
    ("csi-secrets-store-mount", "DEPLOY_TOKEN", lambda t: f"$(cat /mnt/secrets-store/{t}-deploy-token)", "a Secrets Store CSI mount path naming an object"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("sk-ico", "ICO", lambda t: _ico(), "a Slovak company id (IČO) with its check digit, public"),
    ("sk-ic-dph", "IC_DPH", lambda t: _ic_dph(), "a Slovak VAT id (IČ DPH), a multiple of 11, public"),
    ("eic-supply-point", "EIC_CODE", lambda t: _eic(), "an Energy Identification Code of a supply point with its check character, printed on every bill"),
    ("sk-municipality-code", "KOD_OBCE", lambda t: "5" + r(5, DG), "a Slovak municipality code, public"),
    ("sk-orsr-insert", "ORSR_VLOZKA", lambda t: f"{r(5, DG)}/{R.choice('BLNPRSTV')}", "a Slovak business register insert number with its court's letter, public"),
    ("upvs-ico-uri", "UPVS_URI", lambda t: f"ico://sk/{_ico()}", "a company's slovensko.sk e-mailbox URI, public"),
]
SERVICES = ("bryndza", "ostiepky", "zincica", "pastieri", "stada", "faktury", "sklad", "eshop")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "passwd_s3fs", "chrony_keys", "pam_radius_conf", "nagios_resource_cfg", "rndc_key", "exim_passwd_client")


def _csr_armour() -> str:
    """A certificate request under its older armour label: a DER SEQUENCE's header, then drawn bytes, cut at 64."""
    der = bytes((0x30, 0x82, 0x02, 0x9A)) + bytes(R.randrange(256) for _ in range(666))
    body = "\n".join(chunks(base64.b64encode(der).decode()))
    return f"-----BEGIN NEW CERTIFICATE REQUEST-----\n{body}\n-----END NEW CERTIFICATE REQUEST-----"


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/ovcinec-shepherds-notice-sk", "prose", "Milí chovatelia, od pondelka je salaš pod Kráľovou hoľou otvorený denne od 7:00 do 18:00. Bryndzu vydávame v utorok a v piatok, termín strihania oviec oznámime budúci týždeň.", "a notice to the co-operative's members"),
    ("pem/ovcinec-new-certificate-request", "pem", _csr_armour, "a certificate request under its legacy label, public"),
    ("wrapped/ovcinec-milking-record-continued", "wrapped", "jan 02 04:55:31 ovcinec-srv-2 dojenie[2291]: meranie {\"salas\":\"0412\",\"litre\":184,\\\njan 02 04:55:31 ovcinec-srv-2 dojenie[2291]:     \"teplota\":4.2,\"tuk\":7.1}", "a milking record cut across two lines"),
    ("dockerconfig/ovcinec-store-with-empty-auth-entry", "docker_config", json.dumps({"auths": {"registry.ovcinec.example.sk": {}}, "credsStore": "pass", "currentContext": "salas-arm"}, indent=1), "a registry logged in through a credential store, no credential"),
    ("dockercfg/ovcinec-file-type", "dockercfg", "$ file ~/.dockercfg\n/home/ovcinec/.dockercfg: JSON text data", "a legacy file's type, no credential"),
    ("s3cfg/ovcinec-make-bucket", "s3cfg", "$ s3cmd mb s3://ovcinec-faktury-2027\nBucket 's3://ovcinec-faktury-2027/' created", "a bucket made, no key"),
    ("k8s/ovcinec-service-account-token-request", "k8s_secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ovcinec-ci-token\n  annotations:\n    kubernetes.io/service-account.name: ovcinec-ci\ntype: kubernetes.io/service-account-token", "a Secret the control plane fills in, no value"),
    ("s3fs/ovcinec-mount-naming-passwd-file", "passwd_s3fs", "$ s3fs ovcinec-zalohy /mnt/zalohy -o passwd_file=${HOME}/.passwd-s3fs -o url=https://s3.example.sk -o use_path_request_style\n$ mount | grep s3fs\ns3fs on /mnt/zalohy type fuse.s3fs (rw,nosuid,nodev,relatime,user_id=1000,group_id=1000)", "a mount naming its passwd file, no key"),
    ("chrony/ovcinec-keyfile-named", "chrony_keys", "# /etc/chrony/chrony.conf\nkeyfile /etc/chrony/chrony.keys\nserver ntp1.example.sk iburst key 17\nserver ntp2.example.sk iburst nts\n$ ls -l /etc/chrony/chrony.keys\n-rw-r----- 1 root _chrony 61 jan  2 04:30 /etc/chrony/chrony.keys", "a key file and a key id named, no key"),
    ("pam/ovcinec-radius-module-line", "pam_radius_conf", "# /etc/pam.d/sshd\nauth  sufficient  pam_radius_auth.so conf=/etc/pam_radius_auth.conf retry=2 localifdown\n$ ls -l /etc/pam_radius_auth.conf\n-rw------- 1 root root 212 jan  2 04:30 /etc/pam_radius_auth.conf", "a PAM line naming the server file, no shared secret"),
    ("nagios/ovcinec-plugin-path-macros", "nagios_resource_cfg", "# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER2$=/usr/local/nagios/libexec/eventhandlers\n\ndefine command {\n    command_name  check_ovcinec_pg\n    command_line  $USER1$/check_pgsql -H $HOSTADDRESS$ -l nagios -p $USER3$\n}", "plugin paths and a macro named, no value"),
    ("bind/ovcinec-controls-including-key", "rndc_key", "// /etc/bind/named.conf.local\ninclude \"/etc/bind/rndc.key\";\ncontrols {\n\tinet 127.0.0.1 port 953 allow { 127.0.0.1; } keys { \"rndc-key\"; };\n};", "a key file included and named, no secret"),
    ("exim/ovcinec-smarthost-and-empty-client-file", "exim_passwd_client", "# /etc/exim4/update-exim4.conf.conf\ndc_eximconfig_configtype='satellite'\ndc_smarthost='smtp.example.sk::587'\n$ ls -l /etc/exim4/passwd.client\n-rw-r----- 1 root Debian-exim 0 jan  2 04:30 /etc/exim4/passwd.client", "a smarthost named and an empty client file, no password"),
]


def _ordinary() -> list[tuple]:
    """The written texts, then a reference or a public id for every other context."""
    drawn = drawn_ordinary((c for c in CONTEXTS if c not in WRITTEN_CONTEXTS), place, REFERENCES, PUBLIC, SERVICES)
    return written_rows(ORDINARY_TEXTS) + drawn


def build() -> list[dict]:
    return build_part(DRAWN, placed_again(SECRETS, CONTEXTS), place, slovak_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh33.jsonl"))
