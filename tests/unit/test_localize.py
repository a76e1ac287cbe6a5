"""The web layer's message shapes (scorekeeper/localize.py) still fit what the domain, the
services and the API write: a reworded English message would silently stay English in Polish."""
import re
from pathlib import Path

import pytest

from scorekeeper.domain import cards, editions, scoring
from scorekeeper.localize import SHAPES, _pattern

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def source_text() -> str:
    """Every module but localize.py, adjacent string literals joined and quotes unescaped."""
    text = "".join(p.read_text() for p in PACKAGE.rglob("*.py") if p.name != "localize.py")
    return re.sub(r'"\s*\n\s*f?"', "", text).replace('\\"', '"')


def shape_of(message: str) -> str | None:
    return next((s for s in SHAPES if _pattern(s).fullmatch(message)), None)


def test_every_literal_part_of_every_shape_is_still_in_the_code():
    text = source_text()
    missing = [(shape, part) for shape in SHAPES for part in re.split(r"%\(\w+\)s", shape)
               if len(part) > 6 and part not in text]
    assert not missing


@pytest.mark.parametrize("call", [
    lambda: scoring.clean_player_names(["Ana", "ana"]),
    lambda: scoring.clean_player_names(["Ana"]),
    lambda: scoring.clean_player_names(["Ana", "x" * 41]),
    lambda: cards.parse_card("purple-7"),
    lambda: cards.parse_card("red-wild"),
    lambda: editions.get_edition("nope"),
    lambda: editions.parse_house_rules({"uno_penalty": 99}, editions.get_edition("classic")),
    lambda: editions.parse_target(0),
    lambda: editions.parse_house_rules({"zero_counts_ten": 3}, editions.get_edition("classic")),
])
def test_real_domain_messages_fit_a_shape(call):
    with pytest.raises(ValueError) as raised:
        call()
    assert shape_of(str(raised.value)), str(raised.value)
