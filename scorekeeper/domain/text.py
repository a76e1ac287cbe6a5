"""Human texts the domain hands back (judge rulings, card and edition errors), translatable at
the edge without the domain knowing how.

A `Text` is a `str` (its English rendering, so code and tests that read rulings as strings
keep working) that also carries its message id and values. The web layer translates it with
gettext (scorekeeper/translate.py, the one translator). `N_`, `Nn_` and `say_in` only mark
message ids so that `pybabel extract -k Nn_:1,2 -k say_in:1c,2` finds them; values that are
`Text` are translated too. str(text) is the English: logs and the CLI print it.
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
    context: str | None  # gettext's msgctxt: "red" as a card's colour is not "red" on its own

    def __new__(cls, msgid: str | tuple[str, str], params: dict[str, Any] | None = None,
                count: int | None = None, capital: bool = False,
                context: str | None = None) -> "Text":
        params = dict(params or {})
        template = msgid if isinstance(msgid, str) else msgid[0 if count == 1 else 1]
        english = template % {k: _english(v) for k, v in params.items()} if params else template
        if capital:
            english = english[:1].upper() + english[1:]
        self = super().__new__(cls, english)
        self.msgid, self.params, self.count, self.capital = msgid, params, count, capital
        self.context = context
        return self

    def capitalised(self) -> "Text":
        return Text(self.msgid, self.params, self.count, capital=True, context=self.context)


def _english(value: Any) -> Any:
    return str(value) if isinstance(value, Text) else value


def say(msgid: str, **params: Any) -> Text:
    if isinstance(msgid, Text) and not params:
        return msgid  # already a message: keep its id, not its English rendering
    return Text(msgid, params)


def say_in(context: str, msgid: str) -> Text:
    """A word whose translation depends on where it stands (gettext's context)."""
    return Text(msgid, context=context)


def message_of(err: BaseException) -> str:
    """An error's message as raised: a `Text` keeps its id and values (str(err) would not)."""
    first = err.args[0] if err.args else None
    return first if isinstance(first, str) else str(err)


def and_list(names: list[Any]) -> Text:
    """'Ana and Ben and Cy': each "and" in the page's language."""
    if len(names) == 1:
        return plain(names[0]) if not isinstance(names[0], Text) else names[0]
    return say(N_("%(first)s and %(rest)s"), first=names[0], rest=and_list(names[1:]))


def say_n(msgids: tuple[str, str], num: int, **params: Any) -> Text:
    """A sentence with a count: Polish has three plural forms, English two."""
    return Text(msgids, {**params, "num": num}, count=num)


def as_text(value: str) -> Text:
    """A line the judge wrote as a bare `N_` message id becomes a `Text` so the edge translates it."""
    return value if isinstance(value, Text) else Text(value)


def plain(value: str) -> Text:
    """A value shown as it is in every language (a name a player typed, an edition slug)."""
    return Text("%(value)s", {"value": value})
