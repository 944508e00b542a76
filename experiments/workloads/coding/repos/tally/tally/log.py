"""The library's logger: every module logs under the "tally" name, never to stdout."""

import logging


def get_logger(name: str) -> logging.Logger:
    return logging.getLogger("tally").getChild(name.rsplit(".", 1)[-1])
