"""One log line per event: log collectors count lines, so a failed request is one line."""
from __future__ import annotations

import logging
import traceback

from flask.logging import default_handler

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class OneLineFormatter(logging.Formatter):
    """Each record on one line: a traceback is folded into it, innermost frame last.

    Log collectors count one line per event, so a request that fails is one line
    (`... ERROR scorekeeper: Unhandled error on GET /x | Traceback ... | ZeroDivisionError: ...`).
    """

    def formatException(self, ei) -> str:  # noqa: N802 - logging's name
        return one_line("".join(traceback.format_exception(*ei)))

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return one_line(stack_info)

    def format(self, record: logging.LogRecord) -> str:
        return one_line(super().format(record))


def one_line(text_: str) -> str:
    return " | ".join(part.strip() for part in text_.splitlines() if part.strip())


def use_one_line_logs() -> None:
    """Errors go to stderr (Flask's handler writes to the WSGI error stream), one line each."""
    default_handler.setFormatter(OneLineFormatter(LOG_FORMAT))
