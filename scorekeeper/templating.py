"""Jinja settings and filters every page uses."""
from __future__ import annotations

from flask import Flask

from .domain.cards import parse_card
from .scoreboard.chart import running_chart


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True  # less whitespace: the scoreboard has a byte budget
    app.jinja_env.lstrip_blocks = True
    app.add_template_filter(parse_card, "card")
    app.add_template_global(running_chart)
    app.add_template_filter(game_name, "game_name")


def game_name(game) -> str:
    """How pages name a game: its players (its id is a long random string, for links only)."""
    return ", ".join(p.name for p in game.players)
