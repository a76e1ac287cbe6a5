"""The judge: `/judge` pages for people at the table, `POST /api/judge` for clients.

Thin on purpose: read the question (a JSON body, or the GET parameters of a
form made of card pickers, which `judge_forms` turns into a question), ask
`domain.judge`, show or return the ruling. Judging changes nothing, so the
forms use GET: no CSRF token, and every ruling has a link that can be shared.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request, url_for

from .services import games
from .domain.cards import COLOURS, KINDS, CardError
from .domain import rulebook
from .domain.editions import DEFAULT_EDITION, EDITIONS, MAX_UNO_PENALTY, HouseRuleError
from .domain.judge import (
    CHALLENGERS, CHEESE_SITUATIONS, DRAW_ACTIONS, MAX_PLAYERS, MIN_PLAYERS, QUESTIONS,
    UNO_CAUGHT, JudgeError, Ruling, judge)
from .judge_forms import (
    BOOL_FIELDS, FORM_FIELDS, FORM_HOUSE_RULES, KIND_ONLY, OPTIONAL_PICKERS, PICKERS,
    colour_for_hand, kind_of, question_from_args)

bp = Blueprint("judge", __name__)
api_bp = Blueprint("judge_api", __name__, url_prefix="/api")

# ---------------------------------------------------------------- JSON API


@api_bp.post("/judge")
def api_judge():
    raw = request.get_data(cache=False)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return jsonify(error="The body must be a JSON object such as "
                             "{\"question\": \"play\", \"top\": \"red-7\", \"card\": \"blue-7\"}."), 400
    try:
        ruling = judge(body)
    except (JudgeError, CardError, HouseRuleError) as err:
        return jsonify(error=str(err)), 422
    return jsonify(ruling.as_json())


# ---------------------------------------------------------------- the web judge

# What the form pages say; judge_forms says which fields each form asks.
LABELS = {
    "top": "Top card of the discard pile",
    "card": "Card played",
    "drawn": "Card drawn this turn",
    "pending": "Draw card waiting",
    "color": "Colour",
    "hand": "Wild Draw Four: the cards of the colour in play they hold",
}
PICKER_LABELS = {
    ("play", "card"): "Card they want to play",
    ("draw", "card"): "Card from the hand they then want to play",
    ("draw", "drawn"): "Card they drew",
    ("first-card", "card"): "Card turned up to start",
    ("stacking", "card"): "Card they want to stack on it",
    ("two-players", "card"): "Card played",
    ("going-out", "card"): "Last card played",
    ("cheese-touch", "top"): "Top card (to play the Cheese Touch on)",
    ("cheese-touch", "card"): "Card they answer with",
    ("challenge", "hand"): "Cards of that colour they held when they played it",
}
COLOUR_LABELS = {
    ("play", "color"): "Colour called (only if a Wild is on top)",
    ("draw", "color"): "Colour called (only if a Wild is on top)",
    ("challenge", "color"): "Colour in play when the Wild Draw Four was played",
    ("stacking", "color"): "Colour called (only for a Draw Two on a Wild Draw Four)",
    ("cheese-touch", "color"): "Colour called (only if a Wild is on top)",
}
CHOICES = {
    "caught": [
        ("before-second-to-last-card", "Before their second-to-last card touched the pile"),
        ("before-next-turn", "After that, before the next player began their turn"),
        ("after-next-turn", "After the next player began their turn"),
    ],
    "action": [
        ("play-drawn", "Play the card they just drew"),
        ("keep-drawn", "Keep the card they drew, though it fits"),
        ("play-other-after-draw", "Draw, then play a different card from the hand"),
        ("draw-instead-of-playing", "Draw instead of playing a card they could play"),
        ("keep-drawing", "Keep drawing until a card fits"),
    ],
    "by": [("next-player", "The player who must draw the 4"),
           ("another-player", "Someone else at the table")],
    "drew": [
        ("no", "No"),
        ("this", "Yes, and this is the card they drew"),
        ("other", "Yes, but this card comes from their hand"),
    ],
    "situation": [
        ("play", "Can the Cheese Touch be played here?"),
        ("next-player", "It was just played on the next player"),
        ("later", "It is on the pile and was already answered"),
    ],
}
assert [c for c, _ in CHOICES["caught"]] == list(UNO_CAUGHT)
assert [c for c, _ in CHOICES["action"]] == list(DRAW_ACTIONS)
assert [c for c, _ in CHOICES["by"]] == list(CHALLENGERS)
assert [c for c, _ in CHOICES["situation"]] == list(CHEESE_SITUATIONS)
QUESTION_HELP = {
    "play": "Top card, card played, and (for a Wild Draw Four) their other cards.",
    "challenge": "Guilty or innocent, and who draws.",
    "uno": "Caught with one card without saying UNO.",
    "first-card": "Who starts, which way, who draws, who names the colour.",
    "draw": "Play what you drew? Draw instead of playing?",
    "stacking": "A Draw Two or Wild Draw Four on a pending draw.",
    "two-players": "Reverse, Skip and draw cards with two players.",
    "going-out": "Going out on a Draw Two or Wild Draw Four.",
    "empty-draw-pile": "No cards left to draw.",
    "cheese-touch": "Diary of a Wimpy Kid deck only.",
}
NAME_LABELS = {"player": "Who (optional)", "challenged": "Who played the Wild Draw Four",
               "challenger": "Who challenges"}
# What a picker tile says: the number or symbol, with a word where a symbol alone is cryptic.
SHORT = {"skip": "⊘ Skip", "reverse": "⇄ Reverse", "draw2": "+2", "wild": "Wild",
         "wild-draw4": "Wild +4", "blank": "Blank", "cheese-touch": "🧀 Cheese"}
# Which picker's Wild makes the colour-called question relevant (judge.js hides it otherwise).
COLOUR_NEEDS = {"play": "top", "draw": "top", "cheese-touch": "top", "stacking": "pending"}
PENDING_CHOICES = [0, 2, 4, 6, 8, 10, 12, 16, 20]
KIND_ORDER = [k for k in KINDS]


def _game_context() -> dict[str, Any]:
    """The game the judge was opened from (`?game=<id>`): its edition, rules, players."""
    game_id = request.args.get("game")
    if game_id is None:
        return {"game": None, "edition": DEFAULT_EDITION, "stacking": False,
                "uno_penalty": None, "players": None, "names": []}
    game = games.load_game(game_id)
    if game is None:
        abort(404)
    sheet = games.sheet_of(game)
    return {"game": game, "edition": sheet.edition.slug, "stacking": sheet.rules.stacking,
            "uno_penalty": sheet.rules.uno_penalty, "players": len(sheet.players),
            "names": list(sheet.players)}


@bp.get("/judge")
def judge_home():
    ctx = _game_context()
    return render_template("judge.html", questions=QUESTIONS, help=QUESTION_HELP,
                           editions=EDITIONS, **ctx)


def _nicer(message: str, question: str) -> str:
    """Domain messages name JSON fields; on the page, name the pickers instead."""
    for key, label in LABELS.items():
        label = PICKER_LABELS.get((question, key), label)
        message = message.replace(f" ('{key}')", "").replace(f"'{key}'", f"“{label}”")
    return message


def rule_title(edition: str, rule_id: str) -> str:
    """The cited rule's title from the rulebook (tests check every cited id is in it)."""
    try:
        return rulebook.get_rule(edition, rule_id).title
    except KeyError:
        return rule_id.replace("-", " ").capitalize()


@bp.get("/judge/<question>")
def judge_question(question: str):
    if question not in QUESTIONS:
        abort(404)
    ctx = _game_context()
    if question == "cheese-touch" and ctx["game"] is None:
        ctx["edition"] = "wimpy-kid"  # the only deck with the card
    args = request.args
    asked = args.get("asked") == "1"
    values: dict[str, Any] = {"edition": ctx["edition"], "stacking": ctx["stacking"],
                              "uno_penalty": ctx["uno_penalty"], "players": ctx["players"]}
    ruling: Ruling | None = None
    error = None
    status = 200
    asked_q: dict[str, Any] = {}
    if asked:
        asked_q, error = question_from_args(question, args, ctx["edition"])
        values.update(edition=asked_q["edition"],
                      stacking=asked_q["house_rules"].get("stacking", ctx["stacking"]),
                      uno_penalty=asked_q["house_rules"].get("uno_penalty", ctx["uno_penalty"]),
                      players=asked_q.get("players", ctx["players"]))
        wd4_key = {"play": "card", "draw": "drawn"}.get(question)
        if (error is None and wd4_key and "hand" not in asked_q
                and kind_of(asked_q.get(wd4_key)) == "wild-draw4"):
            error = ("A Wild Draw Four depends on the player's other cards: tick the ones of "
                     "the colour in play (or “None”), then tap Judge.")
        if error is None:
            try:
                ruling = judge(asked_q)
            except (JudgeError, CardError, HouseRuleError) as err:
                error = _nicer(str(err), question)
        if error:
            status = 422
    hand_colour = colour_for_hand(asked_q) if asked_q else None
    held = {kind_of(t) for t in asked_q.get("hand", []) if isinstance(t, str)
            and t.startswith(f"{hand_colour}-")} if hand_colour else set()
    links = []
    if ruling is not None:
        edition_slug = ruling.edition
        links = [(rule_id, rule_title(edition_slug, rule_id),
                  url_for("rules.rules_page", edition=edition_slug, _anchor=rule_id))
                 for rule_id in ruling.rules]
    picked = {f: asked_q.get(f) for f in PICKERS}
    picked_parts = {}
    for f in PICKERS:
        token = picked[f] or ""
        colour, _, kind = token.partition("-") if token.split("-")[0] in COLOURS else ("", "", token)
        picked_parts[f] = (colour, kind)
    edition = EDITIONS.get(values["edition"], EDITIONS[DEFAULT_EDITION])
    return render_template(
        "judge_question.html", question=question, title=QUESTIONS[question],
        fields=FORM_FIELDS[question], house=FORM_HOUSE_RULES.get(question, []),
        ruling=ruling, error=error, links=links, asked=asked, args=args, values=values,
        picked=picked_parts, held=held, hand_colour=hand_colour or "",
        edition=edition, editions=EDITIONS, colours=COLOURS, kinds=KINDS,
        picker_kinds=_picker_kinds(), short=SHORT, needs=COLOUR_NEEDS, extras=("blank", "cheese-touch"),
        labels=LABELS, picker_labels=PICKER_LABELS, colour_labels=COLOUR_LABELS,
        choices=CHOICES, bool_fields=BOOL_FIELDS, kind_only=KIND_ONLY,
        optional_pickers=OPTIONAL_PICKERS, name_labels=NAME_LABELS,
        pending_choices=PENDING_CHOICES, max_uno_penalty=MAX_UNO_PENALTY,
        player_counts=range(MIN_PLAYERS, MAX_PLAYERS + 1), game=ctx["game"], names=ctx["names"],
    ), status


def _picker_kinds() -> list:
    return [KINDS[k] for k in KIND_ORDER]
