"""The library's logger: every module logs under the "wirespec" name, never to stdout."""

import logging


def get_logger(name: str) -> logging.Logger:
    return logging.getLogger("wirespec").getChild(name.rsplit(".", 1)[-1])
