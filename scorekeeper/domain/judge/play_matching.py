"""Can this card be played? The ordinary case: match the card on top, or play a Wild."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition
from .cheese_touch import cheese_touch_played
from .colour import CHEESE_IN_HAND
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import a, cap, listing, name


def wild_draw_four_restriction(R: RulingBuilder, card: Card, colour: str | None,
                               hand: list[Card] | None, someone: str) -> Ruling | None:
    """None when the Wild Draw Four is allowed; an illegal ruling when it is not."""
    R.rules("wild-draw-four", "wild-draw-four-restriction")
    if hand is None:
        raise JudgeError(
            "To judge a Wild Draw Four, say which other cards the player holds ('hand'); "
            "an empty list if it was their last card.")
    if colour is None:
        return None  # a Blank on top with nothing called: handled by the caller
    matching = [c for c in hand if c.colour == colour]
    if matching:
        R.rules("challenge")
        return R.done(
            "illegal", f"Illegal: {someone} holds a {colour} card",
            f"{cap(someone)} holds the {listing(matching)}, a card of the colour in play "
            f"({colour}), so the {name(card)} may not be played.",
            "If it is played anyway and challenged, the player who played it draws the 4.")
    if any(c.kind.token == "cheese-touch" for c in hand) and colour == "yellow":
        R.depends(CHEESE_IN_HAND)
    return None


def play_match(R: RulingBuilder, ed: Edition, top: Card, card: Card, colour: str | None,
               hand: list[Card] | None, players: int | None, someone: str,
               drew: bool) -> Ruling:
    after = "just drawn " if drew else ""
    kind = card.kind.token
    if kind == "blank" or (top.kind.token == "blank" and colour is None
                           and kind not in ("wild", "wild-draw4")):
        R.rules("blank-cards")
        R.depends("classic-112 edition: sheet 000 lists Blank cards but gives no rule "
                  "for playing them; the table decides.")
        return R.done(
            "table-decides", "The table decides",
            f"Sheet 000 says nothing about playing the {name(card)} on {a(top)}: "
            "Blank cards are left to the table.",
            "Agree on a rule for Blank cards before going on; the judge does not guess.")

    if kind == "wild":
        R.rules("wild", "wild-any-time")
        return R.done(
            "legal", "Legal",
            f"A Wild {after}may be played on any card, {a(top)} included, even when the "
            "player holds another playable card.",
            f"{cap(someone)} names the colour that continues play (any colour, "
            "the current one included).")

    if kind == "wild-draw4":
        verdict = wild_draw_four_restriction(R, card, colour, hand, someone)
        if verdict is not None:
            return verdict
        if colour is None:
            R.rules("blank-cards")
            return R.done(
                "table-decides", "The table decides",
                f"No colour is in play on {a(top)}, so the Wild Draw Four's restriction "
                "cannot be checked.",
                "Blank cards are left to the table: say which colour it stands for.")
        R.draw("next-player", 4)
        others = [c for c in hand if c.colour and c.colour != colour]
        if others and any(c.kind == top.kind for c in others):
            same = [c for c in others if c.kind == top.kind]
            first = (f"{cap(someone)} holds no {colour} card; the {listing(same)} only "
                     f"matches {a(top)} by {'number' if top.kind.is_number else 'symbol'}, "
                     "which is allowed.")
        else:
            first = f"{cap(someone)} holds no {colour} card, the colour in play."
        return R.done(
            "legal", "Legal: the next player draws 4", first,
            f"The next player draws 4 and loses the turn; they may challenge, "
            "but would draw 6 instead.")

    if kind == "cheese-touch":
        R.depends("wimpy-kid edition: the Cheese Touch is played only on yellow (sheet 004).")
        return cheese_touch_played(R, top, colour)

    # a coloured card: match the colour in play, or the number / symbol of the top card
    R.rules("matching")
    if top.kind.token == "blank":
        R.rules("blank-cards")
        R.depends(f"classic-112 edition: Blank cards are left to the table; the judge takes "
                  f"{colour}, the colour given, as the colour in play.")
    kind_rule = {"skip": "skip", "reverse": "reverse", "draw2": "draw-two"}.get(kind)
    if kind_rule:
        R.rules(kind_rule)
    by = None
    if card.colour == colour:
        by = "colour"
    elif card.kind == top.kind:
        by = "number" if kind.isdigit() else "symbol"
    if by is None:
        against = (f"the colour called ({colour}) on {a(top)}"
                   if top.colour is None else f"{a(top)} by colour or "
                   f"{'number' if top.kind.is_number else 'symbol'}")
        second = ("After drawing, a card that does not fit stays in the hand and the turn "
                  "passes." if drew else
                  "Play a matching card or a Wild, or draw a card from the draw pile.")
        if drew:
            R.rules("draw-when-stuck")
        return R.done("illegal", "Illegal",
                      f"The {name(card)} {'(just drawn) ' if drew else ''}does not match "
                      f"{against}.", second)
    if top.kind.token == "cheese-touch":
        R.rules("cheese-touch-after")
        first = (f"The {name(card)} {'(just drawn) ' if drew else ''}matches the Cheese Touch, "
                 "which counts as a normal yellow card once answered.")
    elif top.colour is None:
        first = (f"The {name(card)} {'(just drawn) ' if drew else ''}matches the colour called "
                 f"on {a(top)} ({colour}).")
    else:
        first = (f"The {name(card)} {'(just drawn) ' if drew else ''}matches {a(top)} "
                 f"by {by}.")
    verdict = "Legal"
    if kind == "draw2":
        R.draw("next-player", 2)
        verdict = "Legal: the next player draws 2"
        second = "The next player draws 2 and loses the turn."
    elif kind == "skip":
        second = "The next player is skipped."
    elif kind == "reverse" and players == 2:
        R.rules("two-players")
        R.depends("Two players: Reverse acts as Skip (official Mattel rule).")
        second = f"With two players, Reverse acts as Skip: {someone} plays again."
    elif kind == "reverse":
        second = "The direction of play reverses."
    elif drew:
        second = "A drawn card that fits may be played straight away, in the same turn."
        if ed.slug == "classic-112":
            second = ("A drawn card that fits is played straight away (sheet 000: if you drew "
                      "because nothing fit, you must).")
    else:
        second = "Play passes to the next player."
    return R.done("legal", verdict, first, second)
