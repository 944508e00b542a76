"""One message per line, as JSON with a "type" tag."""

import json

from generated.messages import MESSAGES


def encode(message):
    return json.dumps(message.to_dict(), sort_keys=True)


def decode(line):
    data = json.loads(line)
    kind = MESSAGES[data.pop("type")]
    return kind(**data)
