"""Where a secret is kept, written in a secret store's documented reference syntax.

A tool resolves such a value to the secret when it runs; the value itself only names the store and
the path under which the secret is kept, as public as the name of an environment variable. Read in
a value's place (quoted, after an auth scheme's word, or URL-encoded in a URL or a query string).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.word_runs import identifier

_WORD = r"(?:[^\s()$`;|&<>\"']|\"[^\"\n$`\\]*\"|'[^'\n]*')+"  # a character or a quoted run at a time: no nested repeat
_COMMAND = rf"(?:/[\w.\-]+)*/?[A-Za-z_][\w.\-]*(?:[ \t]+(?:{_WORD}|<[ \t]*[^\s()$`;|&<>]+))*"
# A command given a key as written (`$(decrypt "<key>")`, `-k <key>`) wraps that literal, it looks
# nothing up: an argument of 16 or more letters and digits with both cases and a digit.
_KEY_ARGUMENT = lazy(r"(?<![\w./\-])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{16,}(?![\w./\-])")
_STORE_REFERENCE = lazy(
    # An Amazon Resource Name: the partition, service, region, account and the resource's path
    # (an SSM parameter, a Secrets Manager secret), never the value stored under it.
    r"arn:aws(?:-[a-z]+)*:[a-z0-9\-]+:[a-z0-9\-]*:\d{12}:[\w./:+=@,\-]+"
    # A CloudFormation dynamic reference: `{{resolve:secretsmanager:<id>:SecretString:<key>}}`.
    r"|\{\{resolve:(?:ssm|ssm-secure|secretsmanager):[^{}\s]+\}\}"
    # Berglas: `sm://<project>/<secret>[#<version>]`, `berglas://<bucket>/<object>`.
    r"|(?:sm|berglas)://[\w.\-]+/[\w./\-]+(?:#\w+)?"
    # A 1Password secret reference: `op://<vault>/<item>/[<section>/]<field>[?attribute=...]`.
    r"|op://[^\s/]+/[^\s/]+/[^\s/?]+(?:/[^\s/?]+)?(?:\?[\w=&\-]+)?"
    # vals: `ref+<backend>://<path>[#/<key path>][+]`.
    r"|ref\+[a-z0-9]+://[^\s\"'<>]+"
    # An Azure Pipelines macro (`$(System.AccessToken)`), a variable the agent fills in; or a shell's
    # command substitution (`$(bws secret get <id>)`, `$(vault kv get -field=x ...)`), whose program
    # prints the secret when the line runs: the text names a command, never the value. `echo` and
    # `printf` print their own arguments: what they are given is the value, written out. The program
    # may be named by its path, read a file on its input (`< /etc/x.jwe`, never a `<<` here-string), take a
    # quoted argument without expansions, and pipe what it prints on (`| base64 -d`).
    rf"|\$\((?!(?:echo|printf)[ \t)]){_COMMAND}(?:[ \t]*\|[ \t]*{_COMMAND})*[ \t]*\)"
    # A Jenkins pipeline's `credentials('<id>')`: the id of an entry in Jenkins' credentials store.
    r"|credentials\((?:'[\w.:/@\-]+'|\"[\w.:/@\-]+\")\)"
    # A Terraform interpolation of a data source, variable, local or module output
    # (`${data.aws_secretsmanager_secret_version.x.secret_string}`, `${var.db_password}`).
    r"|\$\{(?:data|var|local|module)\.[\w.\-\[\]\"]+\}"
    # A Hiera interpolation of a lookup (`%{lookup('profile::db::password')}`, `%{hiera('x')}`, `%{alias('x')}`).
    r"|%\{(?:lookup|hiera|alias|literal)\((?:'[\w.:/\-]+'|\"[\w.:/\-]+\")\)\}")
# A path of words (`/etc/creds/db_password`, `kv/app/client_secret`, `profile::db::password`): where a
# secret is kept, or the key a store looks it up by, not the secret.
WORD_PATH = lazy(r"(?:~?/)?[a-z]+(?:[/._:\-]+[a-z]+)*/?", re.I)
# A call whose arguments are quoted literals, lists of them, or another such call (Puppet's
# `Deferred('vault_lookup::lookup', ['kv/app/db'])`, `Sensitive(lookup('db::password'))`,
# `get_secret("projects/shop/secrets/db")`): code that fetches the secret by naming where it is kept,
# whatever the function is called. `_names_only` reads its literals.
_LITERAL = r"(?:'[^'\s(),\[\]]*'|\"[^\"\s(),\[\]]*\")"
_ARGUMENT = rf"(?:{_LITERAL}|\[[ \t]*{_LITERAL}(?:[ \t]*,[ \t]*{_LITERAL})*[ \t]*\])"
_FLAT_CALL = rf"[A-Za-z_][\w.:]*\([ \t]*{_ARGUMENT}(?:[ \t]*,[ \t]*{_ARGUMENT})*[ \t]*\)"
_CALL = lazy(rf"[A-Za-z_][\w.:]*\([ \t]*(?:{_FLAT_CALL}|{_ARGUMENT})(?:[ \t]*,[ \t]*(?:{_FLAT_CALL}|{_ARGUMENT}))*[ \t]*\)")
_LITERALS = lazy(r"'([^']*)'|\"([^\"]*)\"")
# A store's address as a call's argument (`https://vault.example.com:8200`): a host, no user or password.
_PLACE_URL = lazy(r"[a-z][a-z0-9+.\-]*://[\w.\-]+(?::\d{1,5})?(?:/[\w.\-/]*)?", re.I)
# A value may carry an auth scheme's word before it (`Bearer sm://...`), as a header's is written.
_SCHEME = lazy(r"(?:Bearer|Token|token|bearer)[ \t]+")
# A user's name and its colon before the password's place, as a registry's auth ident or a Basic
# credential writes the pair (`me:$(pass show npm/token)`).
_USER = lazy(r"[\w.@+\-]+:(?=\$\()")
# Texts holding none of these hold no reference: most values are tested by a substring only.
_MARKS = ("arn:aws", "{{resolve:", "://", "$(", "%", "(", "${")


def store_reference(value: str) -> bool:
    """`value` (quotes around it allowed) is a reference to a secret kept in a store, not a secret."""
    if not any(mark in value for mark in _MARKS):
        return False
    bare = value.strip().strip("'\"")
    if "%" in bare:
        bare = unquote(bare)
    scheme = _SCHEME.match(bare)
    if scheme:
        bare = bare[scheme.end():]
    if _STORE_REFERENCE.fullmatch(bare) is not None:
        return not (bare.startswith("$(") and _KEY_ARGUMENT.search(bare))
    return _CALL.fullmatch(bare) is not None and _names_only(bare)


def _names_only(call: str) -> bool:
    """Every literal of a call is a path of words (not letters whose case switches as a key's do) or a
    store's address, and one names a place (a path, a qualified name): a call given a key
    (`decrypt('9f8a...')`) or only a word (`Sensitive('hunter')`) wraps a literal, it looks nothing up."""
    literals = [single or double for single, double in _LITERALS.findall(call)]
    return (all(_PLACE_URL.fullmatch(literal) or (WORD_PATH.fullmatch(literal) and identifier(literal)) for literal in literals)
            and any("/" in literal or "::" in literal for literal in literals))


def _reference_end(text: str, start: int) -> int:
    """Where a reference opening at `start` ends, or -1 where none opens there."""
    found = _STORE_REFERENCE.match(text, start)
    if found is None:
        found = _CALL.match(text, start)
        if found is None or not _names_only(found.group(0)):
            return -1
    return found.end()


def reference_at(text: str, start: int) -> bool:
    """The value opening at `start` is a reference that runs past where a value's pattern stops: quoted,
    with its own quotes the same as the value's (`'credentials('id')'`, as a generated file writes it),
    or unquoted with spaces in it (`bindpw Deferred('vault_lookup::lookup', ['kv/ldap/bind'])`), to the
    value's edge; a user and a colon may come before a command substitution there. A pattern that
    stops at the first inner quote or space would take `credentials(` or
    `Deferred('vault_lookup::lookup',` for the value."""
    if not any(mark in text[start:start + 200] for mark in _MARKS):
        return False
    quote = text[start:start + 1]
    quoted = quote in ("'", '"')
    opening = start + 1 if quoted else start
    end = _reference_end(text, opening)
    user = _USER.match(text, opening) if end < 0 else None
    if user:
        end = _reference_end(text, user.end())  # `user:$(pass show npm/token)`: a user, then where the password is kept
    if end < 0:
        return False
    return text[end:end + 1] == quote if quoted else text[end:end + 1] in ("", " ", "\t", "\r", "\n", ",", ";")
