"""What static/referee.js needs to replay plays in the phone, taken from the domain.

One source of truth: the JS holds only the turn logic; the deck, the edition's fields,
the table after the card turned up, the rule titles and the page's short texts all come
from here, so nothing about cards or rules is written twice."""
from __future__ import annotations

from typing import Any

from ..domain.referee import Replay
from ..domain.referee.table import Table


def opening_table(table: Table) -> dict[str, Any]:
    """The table before the first play, in the shape referee.js replays from."""
    return {"players": list(table.players), "turn": table.turn, "direction": table.direction,
            "top": table.top.token, "colour": table.colour, "counts": dict(table.counts),
            "pending": table.pending, "cheese_fresh": table.cheese_fresh}


def engine_data(opening: Replay) -> dict[str, Any]:
    """The replay of no plays at all gives the opening table; the JS goes on from there."""
    setup = opening.setup
    return {"opening": opening_table(opening.table), "stacking": setup.rules.stacking,
            "edition": {"slug": setup.edition.slug, "deck": setup.edition.deck,
                        "must_play_drawn": setup.edition.must_play_drawn}}


# Every fault the engine gives; the page names each in words beside its ✗.
ENGINE_FAULTS = ("wrong-player", "wrong-card", "going-out", "challenge-who", "draw-when-stuck",
                 "cheese-touch")


# Every rule the engine cites on a play (the card turned up is the server's): their titles
# are the timeline's links.
ENGINE_RULES = ("going-out", "dealing", "cheese-touch", "play-drawn-card", "blank-cards", "wild",
                "wild-any-time", "wild-draw-four", "wild-draw-four-restriction", "matching",
                "skip", "reverse", "draw-two", "draw-when-stuck", "two-players",
                "cheese-touch-after", "stacking", "house-stacking", "going-out-on-draw",
                "draw-instead", "challenge", "challenge-who")


def page_texts() -> dict[str, str]:
    """The short texts referee.js writes into the timeline, in the page's language."""
    from flask_babel import gettext  # the domain part above stays free of Flask

    return {"legal": gettext("Legal"), "timeline": gettext("Timeline"), "first": gettext("The first illegal play"),
            "now": gettext("Now: %(who)s to play."),
            "over": gettext("%(who)s went out: the hand is over."),
            "pending": gettext("%(num)d cards waiting to be drawn."),
            "colour": gettext("Colour in play: %(colour)s"),
            "left": gettext("Play goes to the left"), "right": gettext("Play goes to the right"),
            "first_at": gettext("First illegal play: %(num)d"),
            "draws": gettext("Draws: %(list)s"), "challenges": gettext("challenges"),
            "cards": gettext("Cards left: %(list)s"),
            "pick": gettext("Tap who played first, then the card."),
            "pick_card": gettext("Tap the card's colour and its number or symbol.")}
