"""The judge's web forms: which fields each one asks, and its GET parameters read
into the question `domain.judge` answers (the same shape as a `POST /api/judge` body).

Taps on card pickers arrive as `<field>_kind` and `<field>_colour`; links carry full
tokens such as `top=red-7`. Nothing is judged here: a value the judge will not accept
is passed on as it is, so that the judge's message explains what it wanted.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext

from ..domain.cards import KINDS, split_token
from ..domain.editions import DEFAULT_EDITION
from ..domain.judge import BOOL_LABELS, FIELDS
from ..domain.judge.text import N_

# What each form asks, in order; the template draws one block per field.
FORM_FIELDS: dict[str, list[str]] = {
    "play": ["top", "color", "card", "hand", "drew", "pending_draw", "cheese_touch_fresh",
             "players", "player"],
    "challenge": ["color", "hand", "by", "challenged", "challenger"],
    "uno": ["caught", "said_uno_first", "player"],
    "first-card": ["card", "players"],
    "draw": ["action", "by_choice", "top", "color", "drawn", "hand", "player"],
    "stacking": ["pending", "total", "color", "card"],
    "two-players": ["card"],
    "going-out": ["card", "player"],
    "empty-draw-pile": [],
    "cheese-touch": ["situation", "top", "color", "card", "has_yellow"],
    "seven-o": ["card", "direction", "last_card", "decline_swap", "players", "player"],
    "jump-in": ["top", "color", "card", "players", "player"],
}
# House rules shown on a form because they can change its answer.
FORM_HOUSE_RULES = {"play": ["stacking", "wild_draw4_any_time"],
                    "stacking": ["stacking", "wild_draw4_any_time"], "uno": ["uno_penalty"],
                    "challenge": ["wild_draw4_any_time"], "draw": ["draw_to_match", "force_play"],
                    "seven-o": ["seven_o"], "jump-in": ["jump_in"], "going-out": ["seven_o"],
                    "two-players": ["seven_o"]}
# A form's stacking choice: "on" is plain stacking (links from before the modes keep working).
STACKING_ARGS = {"on": True, "same-kind": "same-kind", "equal-or-higher": "equal-or-higher"}
# Pickers where only the kind matters (colour never changes the answer).
KIND_ONLY = {("first-card", "card"), ("two-players", "card"), ("going-out", "card"),
             ("stacking", "pending"), ("seven-o", "card")}
# Pickers that offer only some kinds.
PICKER_KINDS = {("stacking", "pending"): ("draw2", "wild-draw4"), ("seven-o", "card"): ("7", "0")}
OPTIONAL_PICKERS = {("draw", "drawn"), ("cheese-touch", "card"),
                    ("cheese-touch", "top")}
PICKERS = {"top", "card", "drawn", "pending"}
MISSING = {
    "top": N_("Tap the top card of the discard pile."),
    "card": N_("Tap the card played."),
    "drawn": N_("Tap the card they drew."),
    "pending": N_("Tap the draw card waiting to be answered."),
}
# Where "the card played" would be wrong: nothing has been played yet, or it is the last card.
MISSING_IN = {
    ("first-card", "card"): N_("Tap the card turned up to start."),
    ("going-out", "card"): N_("Tap the last card played."),
    ("stacking", "card"): N_("Tap the card they want to stack on it."),
}
BOOL_FIELDS = BOOL_LABELS


def _tap(question: str, field: str) -> str:
    return gettext(MISSING_IN.get((question, field), MISSING[field]))
NAME_FIELDS = {"player", "challenged", "challenger"}


def _picker_token(args, name: str, kind_only: bool) -> str | None:
    token = args.get(name, "").strip()
    if token:
        return token
    kind = args.get(f"{name}_kind", "").strip()
    if not kind:
        return None
    colour = args.get(f"{name}_colour", "").strip()
    info = KINDS.get(kind)
    if info is None or not info.coloured or kind_only or not colour:
        return kind
    return f"{colour}-{kind}"


def _int_arg(args, name: str) -> Any:
    raw = args.get(name, "").strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return raw  # the judge explains what it wanted


def _bool_arg(args, name: str) -> Any:
    raw = args.get(name, "")
    return {"yes": True, "no": False}.get(raw)


def question_from_args(question: str, args, edition: str = DEFAULT_EDITION
                       ) -> tuple[dict[str, Any], str | None]:
    """The judge's question built from a form's GET parameters; a message if a tap is missing."""
    q: dict[str, Any] = {"question": question, "edition": args.get("edition") or edition,
                         "house_rules": _house_rules_from_args(question, args)}
    for f in FORM_FIELDS[question]:
        value = _field_from_args(question, f, args)
        if value is not None:
            q[f] = value
    hand = _hand_from_args(args, q)
    if hand is not None:
        q["hand"] = hand
    missing = _missing_tap(question, args, q)
    if question == "play" and args.get("drew") == "this" and "card" in q:
        q["drawn"] = q["card"]
    if question == "play" and args.get("drew") == "other":
        # a card from the hand after drawing: the drawing question answers that, and
        # it would refuse the play form's fields it does not use
        q = {k: v for k, v in q.items() if k in FIELDS["draw"] or k in ("edition", "house_rules")}
        q.update(question="draw", action="play-other-after-draw")
    return q, missing


def _house_rules_from_args(question: str, args) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for name in FORM_HOUSE_RULES.get(question, []):
        if name == "stacking":
            rules["stacking"] = STACKING_ARGS.get(args.get("stacking", ""), False)
        elif name == "uno_penalty":
            rules["uno_penalty"] = _int_arg(args, "uno_penalty")
        else:
            rules[name] = args.get(name) == "on"
    return rules


def _field_from_args(question: str, f: str, args) -> Any:
    """One field's value for the judge; None when the form leaves it out."""
    if f in PICKERS:
        return _picker_token(args, f, (question, f) in KIND_ONLY)
    if f in ("hand", "drew"):
        return None  # read once the card and the colour in play are known
    if f in ("pending_draw", "players", "total"):
        return _int_arg(args, f)
    if f in BOOL_FIELDS:
        return _bool_arg(args, f)
    if f in NAME_FIELDS:
        return args[f] if args.get(f, "").strip() else None
    return args.get(f) or None


def _missing_tap(question: str, args, q: dict[str, Any]) -> str | None:
    """What the person still has to tap before the judge can answer."""
    action = args.get("action") or ""
    for f in FORM_FIELDS[question]:
        if f not in PICKERS or f in q:
            continue
        if (question, f) not in OPTIONAL_PICKERS and not (question == "draw" and action != "play-drawn"):
            return _tap(question, f)
        if question == "cheese-touch" and f == "top" and (args.get("situation") or "play") == "play":
            return _tap(question, "top")
    if question == "draw" and action == "play-drawn" and "drawn" not in q:
        return _tap(question, "drawn")
    return None


def colour_for_hand(q: dict[str, Any]) -> str | None:
    """The colour in play the hand picker asks about: the colour called, or the top card's."""
    top = q.get("top")
    if q["question"] == "challenge" or kind_of(top) in ("wild", "wild-draw4", "blank"):
        return q.get("color")
    if kind_of(top) == "cheese-touch":
        return "yellow"
    return split_token(top)[0] if isinstance(top, str) else None


def _hand_from_args(args, q: dict[str, Any]) -> list[str] | None:
    """Full tokens (`hand=red-2`, as in links), or the kinds ticked for the colour in play.

    The page only asks which cards of the colour in play the player holds: cards of
    other colours never change a Wild Draw Four ruling.
    """
    tokens = [t for t in args.getlist("hand") if t]
    kinds = [k for k in args.getlist("hand_kind") if k]
    if not tokens and not kinds and args.get("hand_none") != "on":
        return None
    if kinds:
        colour = colour_for_hand(q)
        if colour is None:
            return None  # the judge asks for the top card or the colour first
        tokens += [f"{colour}-{k}" for k in kinds]
    return tokens


def kind_of(token: Any) -> str:
    """The kind part of a card token ('red-7' -> '7', 'wild-draw4' -> 'wild-draw4')."""
    if not isinstance(token, str):
        return ""
    return split_token(token)[1]
