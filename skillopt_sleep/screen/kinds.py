"""The effects a rule may be refused for, as the words a refusal gives. One place, so the command
table, the code-call reader and the prose reader name an effect the same way."""

from __future__ import annotations

DELETE = "deletes or overwrites data outside the build output"
HISTORY = "rewrites or force-pushes history"
DISCARD = "discards uncommitted work"
EXFIL = "sends data off the machine"
CREDS = "reads credentials"
PERSIST = "persists beyond the session"
PRIVILEGE = "raises privilege"
DISARM = "disables or narrows checks, hooks, tests or confirmations"
INJECTION = "poses as a system notice or claims authority over the user's rules"
