"""Jinja settings and filters every page uses."""
from __future__ import annotations

from flask import Flask
from flask_babel import gettext, pgettext

from .domain.cards import Card, parse_card
from .localize import card_name as named_text, fixed_text
from .scoreboard.board import js_texts
from .scoreboard.chart import running_chart


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True  # less whitespace: the scoreboard has a byte budget
    app.jinja_env.lstrip_blocks = True
    app.add_template_filter(parse_card, "card")
    app.add_template_global(running_chart)
    app.add_template_filter(game_name, "game_name")
    app.add_template_filter(card_name, "card_name")
    app.add_template_global(js_texts, "board_js_texts")
    app.add_template_filter(fixed_text, "tr")


def game_name(game) -> str:
    """How pages name a game: its players (its id is a long random string, for links only)."""
    return ", ".join(p.name for p in game.players)


# Card colours as adjectives for "karta" (a card), which is feminine in Polish: "czerwona 7".
COLOUR_NAMES = {"red": lambda: pgettext("card", "red"), "yellow": lambda: pgettext("card", "yellow"),
                "green": lambda: pgettext("card", "green"), "blue": lambda: pgettext("card", "blue")}


def card_name(card: Card | str) -> str:
    """A card's name in the page's language ("red Skip", "czerwona Stop"); given a label
    (a kind or an edition's name), that label translated."""
    if not isinstance(card, Card):
        return named_text(card)
    kind = card.kind.label if card.kind.is_number else gettext(card.kind.label)
    if not card.colour:
        return kind
    return gettext("%(colour)s %(card)s", colour=COLOUR_NAMES[card.colour](), card=kind)
