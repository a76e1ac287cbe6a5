"""Human texts the domain hands back (judge rulings, card and edition errors), translatable at
the edge without the domain knowing how.

A `Text` is a `str` (its English rendering, so code and tests that read rulings as strings
keep working) that also carries its message id and values. The web layer translates it with
gettext (scorekeeper/judge/translate.py). `N_` and `Nn_` only mark message ids so that
`pybabel extract -k Nn_:1,2` finds them; values that are `Text` are translated too.
"""
from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    return singular, plural


class Text(str):
    msgid: str | tuple[str, str]
    params: dict[str, Any]
    count: int | None
    capital: bool

    def __new__(cls, msgid: str | tuple[str, str], params: dict[str, Any] | None = None,
                count: int | None = None, capital: bool = False) -> "Text":
        params = dict(params or {})
        template = msgid if isinstance(msgid, str) else msgid[0 if count == 1 else 1]
        english = template % {k: _english(v) for k, v in params.items()} if params else template
        if capital:
            english = english[:1].upper() + english[1:]
        self = super().__new__(cls, english)
        self.msgid, self.params, self.count, self.capital = msgid, params, count, capital
        return self

    def capitalised(self) -> "Text":
        return Text(self.msgid, self.params, self.count, capital=True)


def _english(value: Any) -> Any:
    return str(value) if isinstance(value, Text) else value


def say(msgid: str, **params: Any) -> Text:
    if isinstance(msgid, Text) and not params:
        return msgid  # already a message: keep its id, not its English rendering
    return Text(msgid, params)


def say_n(msgids: tuple[str, str], num: int, **params: Any) -> Text:
    """A sentence with a count: Polish has three plural forms, English two."""
    return Text(msgids, {**params, "num": num}, count=num)


def as_text(value: str) -> Text:
    """A line the judge wrote as a bare `N_` message id becomes a `Text` so the edge translates it."""
    return value if isinstance(value, Text) else Text(value)


def plain(value: str) -> Text:
    """A value shown as it is in every language (a name a player typed, an edition slug)."""
    return Text("%(value)s", {"value": value})
