"""The library's logger: every module logs under the "unitkit" name, never to stdout."""

import logging


def get_logger(name: str) -> logging.Logger:
    return logging.getLogger("unitkit").getChild(name.rsplit(".", 1)[-1])
