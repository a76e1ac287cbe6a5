"""Jinja settings and filters every page uses (a feature adds its own on its blueprint)."""
from __future__ import annotations

from flask import Flask

from .bidi import bdi, bdi_join, isolate, isolate_join
from .domain.cards import Card, parse_card
from .translate import translated


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True  # less whitespace: the scoreboard has a byte budget
    app.jinja_env.lstrip_blocks = True
    app.add_template_filter(parse_card, "card")
    app.add_template_filter(game_name, "game_name")
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(translated, "tr")
    app.add_template_filter(bdi, "bdi")  # a typed name in page text (see bidi.py)
    app.add_template_filter(bdi_join, "bdi_join")
    app.add_template_filter(isolate, "isolate")  # in a title or an attribute
    app.add_template_filter(isolate_join, "isolate_join")  # plain text: for JSON, never escaped twice


def game_name(game) -> str:
    """How pages name a game: its players (its id is a long random string, for links only),
    each isolated (bidi.py): it goes in titles too."""
    return ", ".join(isolate(p.name) for p in game.players)


def card_name(card: Card | str) -> str:
    """A card's name in the page's language ("red Skip", "czerwona Stop"); given a label
    (a kind's or an edition's name, a Text), that label translated."""
    return translated(card.label if isinstance(card, Card) else card)
