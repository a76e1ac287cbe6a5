"""The judge's pages for people at the table.

Thin on purpose: read the question (the GET parameters of a form made of card
pickers, which `forms` turns into a question), ask
`domain.judge`, show or return the ruling. Judging changes nothing, so the
forms use GET: no CSRF token, and every ruling has a link that can be shared.
"""
from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for
from flask_babel import gettext

from ..domain import rulebook
from ..domain.cards import COLOURS, KINDS, CardError, split_token
from ..domain.editions import (
    DEFAULT_EDITION, EDITIONS, HOUSE_RULE_HELP, HOUSE_RULE_NAMES, MAX_UNO_PENALTY, PLAY_RULES,
    STACKING_HELP, HouseRuleError, HouseRules, editions_with)
from ..domain.judge import (
    CHALLENGERS, CHEESE_SITUATIONS, CHOICE_LABELS, COLOUR_LABELS, DRAW_ACTIONS, FIELD_LABELS,
    LEGENDS, MAX_PLAYERS, MIN_PLAYERS, NAME_LABELS, PICKER_LABELS, QUESTION_HELP, QUESTIONS,
    SHORT, UNO_CAUGHT, JudgeError, Ruling, judge)
from ..services import games
from . import bp
from ..translate import translated_error, translated_ruling
from .forms import (
    BOOL_FIELDS, FORM_FIELDS, FORM_HOUSE_RULES, KIND_ONLY, OPTIONAL_PICKERS, PICKER_KINDS,
    PICKERS, colour_for_hand, kind_of, question_from_args)

# What the form pages say lives with the judge (domain.judge.labels); forms.py says
# which fields each form asks.
LABELS = FIELD_LABELS
CHOICES = {field: list(options.items()) for field, options in CHOICE_LABELS.items()}
assert [c for c, _ in CHOICES["caught"]] == list(UNO_CAUGHT)
assert [c for c, _ in CHOICES["action"]] == list(DRAW_ACTIONS)
assert [c for c, _ in CHOICES["by"]] == list(CHALLENGERS)
assert [c for c, _ in CHOICES["situation"]] == list(CHEESE_SITUATIONS)
# Which picker's Wild makes the colour-called question relevant (judge.js hides it otherwise).
COLOUR_NEEDS = {"play": "top", "draw": "top", "cheese-touch": "top", "stacking": "pending",
                "jump-in": "top"}
PENDING_CHOICES = [0, 2, 4, 6, 8, 10, 12, 16, 20]
KIND_ORDER = [k for k in KINDS]


def _game_context() -> dict[str, Any]:
    """The game the judge was opened from (`?game=<id>`): its edition, rules, players."""
    game_id = request.args.get("game")
    if game_id is None:
        return {"game": None, "edition": DEFAULT_EDITION, "rules": HouseRules(), "players": None,
                "names": []}
    game = games.load_game(game_id)
    if game is None:
        abort(404)
    sheet = games.sheet_of(game)
    return {"game": game, "edition": sheet.edition.slug, "rules": sheet.rules,
            "players": len(sheet.players), "names": list(sheet.players)}


@bp.get("/judge")
def judge_home():
    ctx = _game_context()
    return render_template("judge.html", questions=QUESTIONS, help=QUESTION_HELP,
                           editions=EDITIONS, **ctx)


def _nicer(message: str, question: str) -> str:
    """Domain messages name JSON fields; on the page, name the pickers instead."""
    for key, label in LABELS.items():
        label = gettext(PICKER_LABELS.get((question, key), label))
        message = message.replace(f" ('{key}')", "").replace(f"'{key}'", f"“{label}”")
    return message


def rule_title(edition: str, rule_id: str) -> str:
    """The cited rule's title from the rulebook (tests check every cited id is in it)."""
    try:
        return gettext(rulebook.get_rule(edition, rule_id).title)
    except KeyError:
        return rule_id.replace("-", " ").capitalize()


@bp.get("/judge/<question>")
def judge_question(question: str):
    if question not in QUESTIONS:
        abort(404)
    ctx = _game_context()
    if question == "cheese-touch" and ctx["game"] is None:
        ctx["edition"] = editions_with("cheese-touch")[0].slug  # a deck with the card
    values: dict[str, Any] = {"edition": ctx["edition"], "players": ctx["players"],
                              **_rule_values(ctx["rules"])}
    asked = request.args.get("asked") == "1"
    asked_q, ruling, error = _ask(question, ctx, values) if asked else ({}, None, None)
    edition = EDITIONS.get(values["edition"], EDITIONS[DEFAULT_EDITION])
    return render_template(
        "judge_question.html", question=question, title=QUESTIONS[question],
        fields=FORM_FIELDS[question], house=FORM_HOUSE_RULES.get(question, []),
        ruling=ruling, error=error, links=_rule_links(ruling), asked=asked, args=request.args,
        values=values, edition=edition, game=ctx["game"], names=ctx["names"],
        **_picked(asked_q), **FORM_CONSTANTS,
    ), 422 if error else 200


def _ask(question: str, ctx: dict[str, Any], values: dict[str, Any]
         ) -> tuple[dict[str, Any], Ruling | None, str | None]:
    """The question the form asks, judged: the ruling, or what is wrong with it."""
    asked_q, error = question_from_args(question, request.args, ctx["edition"])
    values.update(edition=asked_q["edition"], players=asked_q.get("players", ctx["players"]),
                  **asked_q["house_rules"])
    wd4_key = {"play": "card", "draw": "drawn"}.get(question)
    if (error is None and wd4_key and "hand" not in asked_q
            and not asked_q["house_rules"].get("wild_draw4_any_time")  # no bluffing: no hand
            and kind_of(asked_q.get(wd4_key)) == "wild-draw4"):
        error = gettext("A Wild Draw Four depends on the player's other cards: tick the ones of "
                        "the colour in play (or “None”), then tap Judge.")
    if error is not None:
        return asked_q, None, error
    try:
        return asked_q, translated_ruling(judge(asked_q)), None
    except (JudgeError, CardError, HouseRuleError) as err:
        return asked_q, None, _nicer(translated_error(err), question)


def _rule_values(rules: HouseRules) -> dict[str, Any]:
    """The house rules a form starts from: the game's, or all off."""
    return {"stacking": rules.stacking, "uno_penalty": rules.uno_penalty,
            **{name: getattr(rules, name) for name in PLAY_RULES}}


def _rule_links(ruling: Ruling | None) -> list[tuple[str, str, str]]:
    if ruling is None:
        return []
    return [(rule_id, rule_title(ruling.edition, rule_id),
             url_for("rules.rules_page", edition=ruling.edition, _anchor=rule_id))
            for rule_id in ruling.rules]


def _picked(asked_q: dict[str, Any]) -> dict[str, Any]:
    """What the form shows as already tapped: each picker's colour and kind, the hand."""
    hand_colour = colour_for_hand(asked_q) if asked_q else None
    held = {kind_of(t) for t in asked_q.get("hand", []) if isinstance(t, str)
            and t.startswith(f"{hand_colour}-")} if hand_colour else set()
    picked = {}
    for f in PICKERS:
        token = asked_q.get(f)
        colour, kind = split_token(token) if isinstance(token, str) else (None, "")
        picked[f] = (colour or "", kind)
    return {"picked": picked, "held": held, "hand_colour": hand_colour or ""}


FORM_CONSTANTS = {
    "editions": EDITIONS, "colours": COLOURS, "kinds": KINDS,
    "picker_kinds": [KINDS[k] for k in KIND_ORDER], "short": SHORT, "needs": COLOUR_NEEDS,
    "extras": ("blank", "cheese-touch"), "labels": LABELS, "picker_labels": PICKER_LABELS,
    "colour_labels": COLOUR_LABELS, "choices": CHOICES, "legends": LEGENDS,
    "bool_fields": BOOL_FIELDS, "kind_only": KIND_ONLY, "optional_pickers": OPTIONAL_PICKERS,
    "name_labels": NAME_LABELS, "pending_choices": PENDING_CHOICES,
    "max_uno_penalty": MAX_UNO_PENALTY, "player_counts": range(MIN_PLAYERS, MAX_PLAYERS + 1),
    "picker_only": PICKER_KINDS, "rule_help": HOUSE_RULE_HELP, "stacking_help": STACKING_HELP,
    "rule_names": HOUSE_RULE_NAMES,
    "play_rules": PLAY_RULES,
}
