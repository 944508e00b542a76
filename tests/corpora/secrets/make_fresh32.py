"""Writes the thirty-second fresh held-out part of the secrets corpus, fresh32.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an OpenLDAP `ldap.secret`, a FreeRADIUS `clients.conf`, a NUT `upsd.users`, a `bacula-dir.conf`, a
`ddclient.conf`, an aerc `accounts.conf`); secrets in prose are in Welsh. Most ordinary strings only name where a
secret is kept (a gopass, Infisical, Doppler, Akeyless or Conjur lookup, an AWS SSM parameter lookup, a Kustomize
secret generator file, a Spring Cloud Vault placeholder, a Puppet Deferred call, a Nomad template), the rest are
public ids. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh32.py [OUT]   # default: fresh32.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20270132
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh32.py (seed {SEED})"
HOST = "example.wales"

# Every context of the corpus up to fresh31, then the six this part adds; secrets take them in turn, so each has one.
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
            "ldap_secret", "radius_clients", "upsd_users", "bacula_dir_conf", "ddclient_conf", "aerc_accounts")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"Ion 02 05:12:44 hufenfa-app-1 {tool}-sync[3117]: config {name}={head}\\\n"
            f"Ion 02 05:12:44 hufenfa-app-1 {tool}-sync[3117]:   {tail} (mae'r llinell yn parhau)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};darparwr={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"hufenfa:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"hufenfa:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-mynediad\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[hufenfa]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v2/ffermydd/12?{name.lower()}={quoted}&iaith=cy",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=llaeth;User Id=hufenfa_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://hufenfa-ci:{quoted}@git.{tool}.{HOST}/llaeth.git",
            "pip_conf": f"[global]\nextra-index-url = https://hufenfa:{quoted}@pypi.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/hufenfa",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://hufenfa:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integreiddiadau": [{"enw": tool, "gweithredol": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ hufenfa integration set {tool} --{kebab} '{value}' --rhanbarth cy-ceredigion",
        "prose": f"Gwenllian, dw i wedi agor cyfrif newydd gyda {tool}; yr allwedd yw {value} a rhaid ei symud i'r gladdgell cyn dydd Gwener.",
        "tool_output": f"$ {tool}-cli whoami\ncyfrif: hufenfa-llaeth\n{kebab}:  {value}\ndilys tan: byth",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"sistema\";\"clau\";\"valor\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v2/llaeth HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-31 06:14:02,377 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login hufenfa\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nrhanbarth = \"cy\"",
        "shell_history": f"hufenfa deploy --dry-run\n{name}=\"{value}\" hufenfa sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/hufenfa> $env:{name} = \"{value}\"\nPS /home/hufenfa> hufenfa sync {tool}",
        "systemd": f"$ systemctl show hufenfa-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/London",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/llaeth",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /llaeth HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"hufenfa/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"hufenfa:{tool}:{cam}": value, "hufenfa:iaith": "cy"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: ops@{HOST}\nSubject: Mynediad: {tool}\n\nDyma {low} y system fyw: {value}\n\nHwyl, Gwenllian",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- amgylchedd: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} hufenfa"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'hufenfa sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: hufenfa/sync:3\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "gwenllian", "ts": "1798700400.000300", "text": f"{kebab} newydd ar gyfer {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: hufenfa-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.hufenfa.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.hufenfa.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://git.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\thufenfa sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:llaeth:hufenfa:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/hufenfa/bin/lawrlwytho-llaeth {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/llaeth\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend hufenfa\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"hufenfa\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User hufenfa\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: hufenfa sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx HUFENFA_RHANBARTH cy",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>hufenfa</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = hufenfa\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/hufenfa/bin/creds --key {value}\nregion = eu-west-2",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/hufenfa/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = hufenfa\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - hufenfa sync {tool}",
        "wrangler": f"name = \"hufenfa-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/llaeth', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a hufenfa-{tool}\n=== hufenfa-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/London",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login hufenfa password \"{value}\"",
        "fly_toml": f"app = \"hufenfa-{tool}\"\nprimary_region = \"fra\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: hufenfa sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"hufenfa\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/hufenfa/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/London\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  hufenfa:rhanbarth: cy",
        "extension_storage": json.dumps({"chrome.storage.local": {"cyfrifon": [{"darparwr": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: hufenfa sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = hufenfa\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Hufenfa-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: hufenfa-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"hufenfa-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/hufenfa/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"hufenfa_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'hufenfa'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    hufenfa sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - hufenfa sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN hufenfa sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='hufenfa sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: hufenfa/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":books: {tool}\"\n    command: hufenfa sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: hufenfa-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: hufenfa\nimage: hufenfa/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - hufenfa sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"hufenfa-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom hufenfa@{HOST}\nauth on\nuser hufenfa\npassword {value}",
        "muttrc": f"set imap_user = \"hufenfa@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = hufenfa\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"hufenfa\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"hufenfa\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_llaeth]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = llaeth\nUsername = hufenfa\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = hufenfa\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A cysoni.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Hufenfa", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "hufenfa", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Hufenfa-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'hufenfa' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"hufenfa\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"hufenfa\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Hufenfa\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Regio\"=\"ca\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
        "airflow_cfg": f"[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow@pg.{tool}.{HOST}/airflow\n\n[{tool}]\n{low} = {value}",
        "mongod_conf": f"security:\n  authorization: enabled\n  keyFile: /etc/mongod/{tool}.key\nsetParameter:\n  {cam}: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: hufenfa-{tool}\nxpack.security.enabled: true\n{tool}.{low}: \"{value}\"",
        "gitlab_rb": f"external_url 'https://git.{tool}.{HOST}'\ngitlab_rails['env'] = {{ '{name}' => '{value}' }}",
        "superset_config": f"ROW_LIMIT = 5000\n{name} = \"{value}\"\nFEATURE_FLAGS = {{\"ALERT_REPORTS\": True}}",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    scheme: https\n    authorization:\n      credentials: {value}\n    static_configs:\n      - targets: ['metrigau.{tool}.{HOST}:443']",
        "vector_toml": f"[sinks.{tool}]\ntype = \"http\"\ninputs = [\"hufenfa_digwyddiadau\"]\nuri = \"https://logs.{tool}.{HOST}/ingest\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-path=/srv/backups/{tool}\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass={value}\n\n[llaeth]\npg1-path=/var/lib/postgresql/16/main",
        "curlrc": f"# ~/.curlrc ar gyfer {tool}\nsilent\nshow-error\noauth2-bearer = \"{value}\"\nconnect-timeout = 10",
        "sssd_conf": f"[domain/{tool}.{HOST}]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\nldap_default_bind_dn = cn=hufenfa,ou=gwasanaethau,dc=example,dc=wales\nldap_default_authtok_type = password\nldap_default_authtok = {value}",
        "kibana_yml": f"server.name: hufenfa-{tool}\nelasticsearch.hosts: [\"https://es.{tool}.{HOST}:9200\"]\nelasticsearch.serviceAccountToken: \"{value}\"",
        "ldap_conf": f"uri ldaps://ldap.{tool}.{HOST}\nbase dc=example,dc=wales\nbinddn cn=hufenfa-{tool},ou=gwasanaethau,dc=example,dc=wales\nbindpw {value}\nssl on",
        "tfvars": f"# terraform.tfvars\n{low} = \"{value}\"\nffermydd = 214",
        "sentry_conf": f"# sentry.conf.py\nSENTRY_WEB_PORT = 9000\nSENTRY_OPTIONS[\"integrations.{low}\"] = \"{value}\"",
        "krb5_conf": f"[realms]\n  HUFENFA.EXAMPLE.CAT = {{\n    kdc = kdc.{tool}.{HOST}\n    # {kebab} (dros dro, nes bod keytab): {value}\n  }}",
        "smb_conf": f"[{tool}]\n   path = /srv/hufenfa/{tool}\n   read only = yes\n   root preexec = /opt/hufenfa/bin/cysylltu --{kebab} {value}",
        "mosquitto_conf": f"connection {tool}-tanciau\naddress mqtt.{tool}.{HOST}:8883\nremote_username hufenfa\nremote_password {value}\ntopic llaeth/# out 1",
        "keepalived_conf": f"vrrp_instance HUFENFA_{tool.upper()} {{\n    state MASTER\n    interface eth0\n    authentication {{\n        auth_type PASS\n        auth_pass {value}\n    }}\n}}",
        "vault_hcl": f"storage \"postgresql\" {{\n  connection_url = \"postgres://vault@pg.{tool}.{HOST}/vault\"\n}}\nseal \"transit\" {{\n  address = \"https://vault.{tool}.{HOST}:8200\"\n  token   = \"{value}\"\n  key_name = \"hufenfa-allwedd\"\n}}",
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"hufenfa\"\n  active = true",
        "sasl_passwd": f"# /etc/postfix/sasl_passwd\n[smtp.{tool}.{HOST}]:587    hufenfa@{HOST}:{value}",
        "dovecot_conf": f"passdb {{\n  driver = ldap\n  args = /etc/dovecot/dovecot-ldap.conf.ext\n}}\n# dovecot-ldap.conf.ext ({tool})\ndn = cn=dovecot,ou=gwasanaethau,dc=example,dc=wales\ndnpass = {value}",
        "davfs2_secrets": f"# /etc/davfs2/secrets\nhttps://dav.{tool}.{HOST}/hufenfa/    hufenfa    \"{value}\"",
        "cifs_credentials": f"# /etc/hufenfa/{tool}.cifs (mount -o credentials=...)\nusername=hufenfa\npassword={value}\ndomain=HUFENFA",
        "s3ql_authinfo": f"# ~/.s3ql/authinfo2\n[{tool}]\nstorage-url: s3c://s3.{tool}.{HOST}/hufenfa-backups\nbackend-login: hufenfa\nbackend-password: {value}",
        "chap_secrets": f"# /etc/ppp/chap-secrets\n# client\tserver\tsecret\tIP addresses\n\"hufenfa-{tool}\"\t*\t\"{value}\"\t*",
        "openvpn_auth": f"# /etc/openvpn/client/{tool}.pass (auth-user-pass)\nhufenfa\n{value}",
        "ipsec_secrets": f"# /etc/ipsec.secrets\nvpn.hufenfa.{HOST} gw.{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"# /etc/snmp/snmpd.conf\nsysLocation \"Aberaeron, ystafell weinyddion\"\ncreateUser hufenfa-{tool} SHA \"{value}\" AES\nrouser hufenfa-{tool} priv",
        "pap_secrets": f"# /etc/ppp/pap-secrets\nhufenfa-{tool}@{tool}.{HOST}\t*\t{value}",
        "mosquitto_passwd": f"# /etc/mosquitto/passwd (testun plaen; bydd mosquitto_passwd -U yn ei amgryptio)\ntancer-{tool}:{value}",
        "zabbix_psk": (f"# /etc/zabbix/zabbix_agentd.conf\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=hufenfa-{tool}\n"
                       f"TLSPSKFile=/etc/zabbix/{tool}.psk\n\n$ cat /etc/zabbix/{tool}.psk\n{value}"),
        "nslcd_conf": (f"# /etc/nslcd.conf\nuri ldaps://ldap.{tool}.{HOST}/\nbase dc=example,dc=wales\n"
                       f"binddn cn=nslcd,ou=gwasanaethau,dc=example,dc=wales\nbindpw {value}\ntls_reqcert demand"),
        "maven_settings_security": f"<!-- ~/.m2/settings-security.xml ({tool}) -->\n<settingsSecurity>\n  <master>{{{value}}}</master>\n</settingsSecurity>",
        "helm_repositories": (f"repositories:\n- name: {tool}\n  url: https://charts.{tool}.{HOST}\n  username: hufenfa\n"
                              f"  password: {value}\n  pass_credentials_all: false"),
        "ldap_secret": f"# /etc/ldap.secret (rootbinddn cn=admin,dc=example,dc=wales; {tool})\n{value}",
        "radius_clients": (f"# /etc/freeradius/3.0/clients.conf\nclient {tool}-nas {{\n    ipaddr = 10.42.7.0/24\n"
                           f"    secret = {value}\n    shortname = {tool}\n}}"),
        "upsd_users": f"# /etc/nut/upsd.users\n[{tool}-monitor]\n    password = {value}\n    upsmon primary",
        "bacula_dir_conf": (f"# /etc/bacula/bacula-dir.conf\nClient {{\n  Name = {tool}-fd\n  Address = backup.{tool}.{HOST}\n"
                            f"  FDPort = 9102\n  Catalog = MyCatalog\n  Password = \"{value}\"\n}}"),
        "ddclient_conf": (f"# /etc/ddclient.conf\nprotocol=dyndns2\nuse=web\nserver=dyn.{tool}.{HOST}\n"
                          f"login=hufenfa\npassword='{value}'\nllaeth.{HOST}"),
        "aerc_accounts": (f"# ~/.config/aerc/accounts.conf\n[{tool}]\nsource = imaps://hufenfa@imap.{tool}.{HOST}\n"
                          f"source-cred-cmd = echo {value}\noutgoing = smtps://hufenfa@smtp.{tool}.{HOST}\nfrom = Hufenfa <hufenfa@{HOST}>"),
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(8, DG), "exp": 1798790000 + R.randrange(86400)}, "HS256")


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("principality/api-key", "PRINCIPALITY_API_KEY", "principality", lambda: r(40, AL), "a Principality Building Society mortgage broker API key (40 letters and digits)"),
    ("developmentbankwales/client-secret", "DBW_CLIENT_SECRET", "developmentbankwales", lambda: r(48, U64), "a Development Bank of Wales loan portal client secret (48 letters, digits, _ and -)"),
    ("admiralgroup/api-token", "ADMIRAL_API_TOKEN", "admiralgroup", lambda: r(32, HX), "an Admiral insurance broker API token (32 hex digits)"),
    ("confusedcom/api-secret", "CONFUSED_API_SECRET", "confusedcom", lambda: r(44, B64), "a confused.com partner API secret (44 base64 characters)"),
    ("gocompare/api-key", "GOCOMPARE_API_KEY", "gocompare", lambda: "gc_live_" + r(32, LO), "a GoCompare partner API key (gc_live_ and 32 lower-case letters and digits)"),
    ("dwrcymru/api-key", "DWRCYMRU_API_KEY", "dwrcymru", lambda: r(36, UP), "a Dŵr Cymru Welsh Water meter data API key (36 upper-case letters and digits)"),
    ("tfwrail/api-token", "TFW_API_TOKEN", "tfwrail", lambda: r(40, LO), "a Transport for Wales rail departures API token (40 lower-case letters and digits)"),
    ("cardiffbus/api-key", "CARDIFFBUS_API_KEY", "cardiffbus", lambda: r(32, AL), "a Cardiff Bus real-time API key (32 letters and digits)"),
    ("newportbus/api-key", "NEWPORTBUS_API_KEY", "newportbus", lambda: r(24, HX), "a Newport Bus timetable API key (24 hex digits)"),
    ("s4c/api-secret", "S4C_API_SECRET", "s4c", lambda: r(40, U64), "an S4C Clic player partner API secret (40 letters, digits, _ and -)"),
    ("golwg360/api-key", "GOLWG_API_KEY", "golwg360", lambda: r(32, LO), "a Golwg360 news feed API key (32 lower-case letters and digits)"),
    ("ffestiniograilway/api-key", "FFESTINIOG_API_KEY", "ffestiniograilway", lambda: r(36, AL), "a Ffestiniog & Welsh Highland Railways booking API key (36 letters and digits)"),
    ("zipworld/api-token", "ZIPWORLD_API_TOKEN", "zipworld", lambda: "zw-" + r(40, AL), "a Zip World bookings API token (zw- and 40 letters and digits)"),
    ("portmeirion/api-key", "PORTMEIRION_API_KEY", "portmeirion", lambda: r(32, HX), "a Portmeirion village bookings API key (32 hex digits)"),
    ("penderyn/api-key", "PENDERYN_API_KEY", "penderyn", lambda: r(40, AL), "a Penderyn distillery shop API key (40 letters and digits)"),
    ("brainsbrewery/api-secret", "BRAINS_API_SECRET", "brainsbrewery", lambda: r(48, U64), "a Brains brewery trade orders API secret (48 letters, digits, _ and -)"),
    ("tinyrebel/api-key", "TINYREBEL_API_KEY", "tinyrebel", lambda: r(32, LO), "a Tiny Rebel taproom stock API key (32 lower-case letters and digits)"),
    ("halenmon/api-key", "HALENMON_API_KEY", "halenmon", lambda: r(36, UP), "a Halen Môn sea salt wholesale API key (36 upper-case letters and digits)"),
    ("rachelsorganic/api-token", "RACHELS_API_TOKEN", "rachelsorganic", lambda: r(40, HX), "a Rachel's Organic dairy supplier API token (40 hex digits)"),
    ("calonwen/api-key", "CALONWEN_API_KEY", "calonwen", lambda: r(32, AL), "a Calon Wen dairy co-operative member API key (32 letters and digits)"),
    ("sccdairy/api-key", "SCC_API_KEY", "sccdairy", lambda: "scc_" + r(36, LO), "a South Caernarfon Creameries milk collection API key (scc_ and 36 lower-case letters and digits)"),
    ("wrexhamlager/api-key", "WREXHAMLAGER_API_KEY", "wrexhamlager", lambda: r(32, HX), "a Wrexham Lager trade API key (32 hex digits)"),
    ("wrexhamafc/api-token", "WREXHAMAFC_API_TOKEN", "wrexhamafc", lambda: r(40, AL), "a Wrexham AFC ticketing API token (40 letters and digits)"),
    ("cardiffcityfc/api-key", "CARDIFFCITY_API_KEY", "cardiffcityfc", lambda: r(36, LO), "a Cardiff City FC season ticket API key (36 lower-case letters and digits)"),
    ("swanseacityafc/api-key", "SWANSEACITY_API_KEY", "swanseacityafc", lambda: r(32, UP), "a Swansea City AFC membership API key (32 upper-case letters and digits)"),
    ("wru/client-secret", "WRU_CLIENT_SECRET", "wru", lambda: r(48, U64), "a Welsh Rugby Union club portal client secret (48 letters, digits, _ and -)"),
    ("glamorganccc/api-key", "GLAMORGAN_API_KEY", "glamorganccc", lambda: r(32, HX), "a Glamorgan County Cricket Club ticketing API key (32 hex digits)"),
    ("principalitystadium/api-key", "STADIUM_API_KEY", "principalitystadium", lambda: r(40, AL), "a Principality Stadium events API key (40 letters and digits)"),
    ("wmcwales/api-token", "WMC_API_TOKEN", "wmcwales", lambda: r(36, LO), "a Wales Millennium Centre box office API token (36 lower-case letters and digits)"),
    ("amgueddfacymru/api-key", "AMGUEDDFA_API_KEY", "amgueddfacymru", lambda: r(32, AL), "an Amgueddfa Cymru collections API key (32 letters and digits)"),
    ("llgc/api-key", "LLGC_API_KEY", "llgc", lambda: r(40, HX), "a National Library of Wales (LLGC) archive API key (40 hex digits)"),
    ("cadw/api-token", "CADW_API_TOKEN", "cadw", lambda: r(32, LO), "a Cadw monuments membership API token (32 lower-case letters and digits)"),
    ("cyfoethnaturiol/api-key", "CNC_API_KEY", "cyfoethnaturiol", lambda: r(36, UP), "a Natural Resources Wales river levels API key (36 upper-case letters and digits)"),
    ("aberuni/api-secret", "ABERUNI_API_SECRET", "aberuni", lambda: r(40, U64), "an Aberystwyth University student records API secret (40 letters, digits, _ and -)"),
    ("bangoruni/api-key", "BANGOR_API_KEY", "bangoruni", lambda: r(32, AL), "a Bangor University library API key (32 letters and digits)"),
    ("swanseauni/api-key", "SWANSEAUNI_API_KEY", "swanseauni", lambda: r(36, LO), "a Swansea University timetable API key (36 lower-case letters and digits)"),
    ("cardiffmet/api-token", "CARDIFFMET_API_TOKEN", "cardiffmet", lambda: r(40, HX), "a Cardiff Metropolitan University portal API token (40 hex digits)"),
    ("uwtsd/api-key", "UWTSD_API_KEY", "uwtsd", lambda: r(32, UP), "a University of Wales Trinity Saint David VLE API key (32 upper-case letters and digits)"),
    ("gigcymru/api-token", "GIG_API_TOKEN", "gigcymru", lambda: r(48, AL), "an NHS Wales (GIG Cymru) appointments API token (48 letters and digits)"),
    ("welshambulance/api-key", "WAST_API_KEY", "welshambulance", lambda: r(32, HX), "a Welsh Ambulance Service dispatch API key (32 hex digits)"),
    ("egnicoop/api-key", "EGNI_API_KEY", "egnicoop", lambda: r(36, AL), "an Egni Co-op solar generation API key (36 letters and digits)"),
    ("monmouthshirebs/api-secret", "MONBS_API_SECRET", "monmouthshirebs", lambda: r(44, B64), "a Monmouthshire Building Society savings API secret (44 base64 characters)"),
    ("cardiffairport/api-key", "CWL_API_KEY", "cardiffairport", lambda: r(32, LO), "a Cardiff Airport flight information API key (32 lower-case letters and digits)"),
    ("urdd/api-key", "URDD_API_KEY", "urdd", lambda: r(32, AL), "an Urdd Gobaith Cymru camps booking API key (32 letters and digits)"),
    ("eisteddfod/api-token", "EISTEDDFOD_API_TOKEN", "eisteddfod", lambda: r(40, LO), "a National Eisteddfod competitors API token (40 lower-case letters and digits)"),
    ("ylolfa/api-key", "YLOLFA_API_KEY", "ylolfa", lambda: r(24, HX), "a Y Lolfa publisher catalogue API key (24 hex digits)"),
    ("gwasgomer/api-key", "GOMER_API_KEY", "gwasgomer", lambda: r(32, UP), "a Gwasg Gomer print orders API key (32 upper-case letters and digits)"),
    ("tinopolis/api-secret", "TINOPOLIS_API_SECRET", "tinopolis", lambda: r(40, U64), "a Tinopolis media asset API secret (40 letters, digits, _ and -)"),
    ("boomcymru/api-key", "BOOM_API_KEY", "boomcymru", lambda: r(36, AL), "a Boom Cymru production scheduling API key (36 letters and digits)"),
    ("walesonline/api-key", "WALESONLINE_API_KEY", "walesonline", lambda: r(32, HX), "a WalesOnline content syndication API key (32 hex digits)"),
    ("iqe/api-token", "IQE_API_TOKEN", "iqe", lambda: r(40, AL), "an IQE wafer fab supplier portal API token (40 letters and digits)"),
    ("creditsafe/api-key", "CREDITSAFE_API_KEY", "creditsafe", lambda: r(36, LO), "a Creditsafe company credit report API key (36 lower-case letters and digits)"),
    ("hodgebank/client-secret", "HODGE_CLIENT_SECRET", "hodgebank", lambda: r(48, U64), "a Hodge Bank intermediary API client secret (48 letters, digits, _ and -)"),
    ("veezu/api-key", "VEEZU_API_KEY", "veezu", lambda: r(32, AL), "a Veezu taxi account bookings API key (32 letters and digits)"),
    ("tramshed/api-key", "TRAMSHED_API_KEY", "tramshed", lambda: r(32, LO), "a Tramshed Cardiff venue ticketing API key (32 lower-case letters and digits)"),
    ("stdavidshall/api-key", "STDAVIDS_API_KEY", "stdavidshall", lambda: r(36, UP), "a St David's Hall box office API key (36 upper-case letters and digits)"),
    ("snowdonrailway/api-token", "SNOWDONRAIL_API_TOKEN", "snowdonrailway", lambda: r(40, HX), "a Snowdon Mountain Railway bookings API token (40 hex digits)"),
    ("llangollenrailway/api-key", "LLANGOLLEN_API_KEY", "llangollenrailway", lambda: r(32, AL), "a Llangollen Railway tickets API key (32 letters and digits)"),
    ("greenman/api-key", "GREENMAN_API_KEY", "greenman", lambda: r(36, LO), "a Green Man festival ticketing API key (36 lower-case letters and digits)"),
    ("hayfestival/api-key", "HAYFESTIVAL_API_KEY", "hayfestival", lambda: r(32, HX), "a Hay Festival events API key (32 hex digits)"),
    ("bluestonewales/api-secret", "BLUESTONE_API_SECRET", "bluestonewales", lambda: r(40, U64), "a Bluestone National Park Resort bookings API secret (40 letters, digits, _ and -)"),
    ("follyfarm/api-key", "FOLLYFARM_API_KEY", "follyfarm", lambda: r(32, UP), "a Folly Farm tickets API key (32 upper-case letters and digits)"),
    ("techniquest/api-key", "TECHNIQUEST_API_KEY", "techniquest", lambda: r(36, AL), "a Techniquest school visits API key (36 letters and digits)"),
    ("dvla/api-key", "DVLA_API_KEY", "dvla", lambda: r(40, AL), "a DVLA vehicle enquiry API key (40 letters and digits)"),
]
WELSH = [("royalwelsh/api-key", "a Royal Welsh Show entries API key (32 hex digits)"),
         ("bcuhb/portal-password", "a Betsi Cadwaladr health board staff portal password (24 lower-case letters and digits)"),
         ("cyngorgwynedd/api-token", "a Cyngor Gwynedd bin collections token (an HS256 JWT)"),
         ("hwbcymru/api-secret", "a Hwb (Welsh schools platform) API secret (40 letters and digits)")]


def welsh_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Welsh chat line with no setting name (format, context, text, secrets, what)."""
    show, portal = r(32, HX), r(24, LO)
    council = jwt(DRAW, {"ward": R.randrange(1, 70), "exp": 1801200000})
    hwb = r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = WELSH
    return [
        (f1, "prose", f"Dafydd, mae'r Sioe wedi anfon hwn atom ni: {show} — paid â'i gludo yn unman, os gweli di'n dda.", [show], w1),
        (f2, "prose", f"Cyfrinair y porth yw {portal}\nBydda i'n ei newid yfory a'i gadw yn y rheolwr.", [portal], w2),
        (f3, "prose", f"Gwenllian, mewngofnoda gyda {council}, ond dim ond ar y system brofi, byth ar y system fyw.", [council], w3),
        (f4, "prose", f"Mae'r ysgol wedi rhoi cyfrinach newydd i ni: {hwb}. Dw i wedi dileu'r hen un yn barod.", [hwb], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _uk_vat() -> str:
    """A UK VAT number: GB, seven drawn digits and the two check digits that make the weighted sum a multiple of 97."""
    digits = r(7, DG)
    total = sum(w * int(d) for w, d in zip(range(8, 1, -1), digits))
    return f"GB {digits[:3]} {digits[3:]}{-total % 97:02d}"


def _os_grid() -> str:
    """An Ordnance Survey grid reference in Wales: a 100 km square and a drawn ten-figure position."""
    return f"{R.choice(('SN', 'SH', 'SO', 'SS', 'SM', 'SJ'))} {r(5, DG)} {r(5, DG)}"


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why it is ordinary)
REFERENCES = [
    ("gopass-show-lookup", "DB_PASSWORD", lambda t: f"$(gopass show -o hufenfa/{t}/db)", "a gopass lookup naming an entry"),
    ("doppler-secrets-get", "API_TOKEN", lambda t: f"$(doppler secrets get API_TOKEN --plain -p hufenfa-{t} -c prd)", "a Doppler lookup naming a project and config"),
    ("aws-ssm-get-parameter", "API_KEY", lambda t: f"$(aws ssm get-parameter --name /hufenfa/{t}/api-key --with-decryption --query Parameter.Value --output text)", "an SSM parameter lookup naming a path"),
    ("kamal-secrets-fetch", "ADMIN_PASSWORD", lambda t: f"$(kamal secrets fetch --adapter bitwarden --account ops@{HOST} hufenfa/{t}/admin)", "a Kamal secrets fetch naming an item"),
    ("puppet-deferred-lookup", "CLIENT_SECRET", lambda t: f"Deferred('vault_lookup::lookup', ['kv/hufenfa/{t}/client_secret'])", "a Puppet deferred function naming a path"),
    ("keyring-get", "TOKEN", lambda t: f"$(keyring get hufenfa-{t} token)", "a Python keyring lookup naming a service and user"),
    ("ejson-decrypt-jq", "SECRET_KEY", lambda t: f"$(ejson decrypt config/{t}.ejson | jq -r .secret_key)", "an ejson decrypt naming a file and key"),
    ("rbw-get", "PASSWORD", lambda t: f"$(rbw get --folder hufenfa {t})", "an rbw (Bitwarden) lookup naming an entry"),
    ("lpass-show-password", "SIGNING_KEY", lambda t: f"$(lpass show --password Hufenfa/{t}-signing)", "a LastPass CLI lookup naming an entry"),
    ("nomad-var-get", "DEPLOY_TOKEN", lambda t: f"$(nomad var get -item=deploy_token nomad/jobs/{t})", "a Nomad variable lookup naming a path"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("uk-vat-number", "VAT_NUMBER", lambda t: _uk_vat(), "a UK VAT number with its check digits, public"),
    ("ukprn", "UKPRN", lambda t: "100" + r(5, DG), "a UK Provider Reference Number, public"),
    ("uprn", "UPRN", lambda t: "1000" + r(8, DG), "a Unique Property Reference Number, public"),
    ("charity-commission-number", "CHARITY_NUMBER", lambda t: "11" + r(5, DG), "a registered charity number, public"),
    ("welsh-school-estab-number", "SCHOOL_NUMBER", lambda t: f"{R.choice(('661', '662', '663', '664', '665', '666'))}{r(4, DG)}", "a Welsh school's local authority and establishment number, public"),
    ("os-grid-reference", "SITE_GRID_REF", lambda t: _os_grid(), "an Ordnance Survey grid reference, public"),
]
SERVICES = ("llaeth", "caws", "menyn", "siop", "aelodau", "tanceri", "anfonebau", "blasu")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret")


def _names_the_value(context: str) -> bool:
    """Whether the context's text sets the value beside its NAME; elsewhere it sits in a credential's own slot."""
    text, _ = place(context, "SAMPLE_NAME", "v", "tool")
    return any(form in text for form in ("SAMPLE_NAME", "sample_name", "sample-name", "sampleName", "Sample-Name", "SampleName"))


def _drawn_ordinary() -> list[tuple]:
    """One ordinary string for each context not written out: a reference where the value has a slot of its own, a
    reference or a public id in turn where a NAME says what the value is."""
    rows, slot, named = [], 0, 0
    for context in CONTEXTS:
        if context in WRITTEN_CONTEXTS:
            continue
        if _names_the_value(context):
            family, name, make, why = (REFERENCES + PUBLIC)[named % (len(REFERENCES) + len(PUBLIC))]
            named += 1
        else:
            family, name, make, why = REFERENCES[slot % len(REFERENCES)]
            slot += 1
        service = SERVICES[(slot + named) % len(SERVICES)]
        rows.append((f"{family}/{context.replace('_', '-')}", context,
                     lambda context=context, name=name, make=make, service=service: place(context, name, make(service), service)[0], why))
    return rows


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/hufenfa-milk-collection-notice-cy", "prose", "Annwyl aelodau, bydd y tancer llaeth yn casglu ddwywaith y dydd o ddydd Llun ymlaen, am 6:00 ac am 17:30. Cofiwch gadw'r iard yn glir a'r tanc ar 4°C.", "a milk collection notice"),
    ("pem/hufenfa-pgp-detached-signature", "pem", lambda: f"-----BEGIN PGP SIGNATURE-----\n\n{DRAW.pem_lines(566)}\n={DRAW.b64(3)}\n-----END PGP SIGNATURE-----", "a detached signature of a release, public"),
    ("wrapped/hufenfa-tanker-reading-continued", "wrapped", "Ion 02 05:15:20 hufenfa-app-1 tancer[2291]: darlleniad {\"fferm\":\"0412\",\"litrau\":3840,\\\nIon 02 05:15:20 hufenfa-app-1 tancer[2291]:   \"tymheredd\":3.9,\"braster\":4.1}", "a tanker reading cut across two lines"),
    ("dockerconfig/hufenfa-credential-helpers-only", "docker_config", json.dumps({"credHelpers": {"cofrestrfa.hufenfa.example.wales": "pass"}, "detachKeys": "ctrl-e,e"}, indent=2), "a credential helper named, no credential"),
    ("dockercfg/hufenfa-empty-legacy-file", "dockercfg", "$ cat ~/.dockercfg\n{}\n$ ls -l ~/.dockercfg\n-rw------- 1 hufenfa hufenfa 3 Ion  2 05:02 /home/hufenfa/.dockercfg", "an empty legacy file, no credential"),
    ("s3cfg/hufenfa-bucket-usage", "s3cfg", "$ s3cmd -c ~/.s3cfg du s3://hufenfa-llaeth/\n 1843221504   412 objects s3://hufenfa-llaeth/", "a bucket's size, no key"),
    ("k8s/hufenfa-secret-keys-jsonpath", "k8s_secret", "$ kubectl get secret hufenfa-db -o jsonpath='{.data}' | jq 'keys'\n[\n  \"password\",\n  \"username\"\n]", "a secret's key names, no value"),
]


def _ordinary() -> list[tuple]:
    written = [(shape, context, text if callable(text) else lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]
    return written + _drawn_ordinary()


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, welsh_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh32.jsonl"))
