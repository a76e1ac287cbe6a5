"""Text a database can store: no NUL character, no lone surrogate."""
from __future__ import annotations


def unstorable(value: object) -> bool:
    """True if any text inside `value` (JSON-like nesting, walked without recursion) holds
    a NUL character or a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return False
