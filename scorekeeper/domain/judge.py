"""The judge: a disputed situation in, a ruling out.

`judge(question)` takes the same mapping as the body of `POST /api/judge`
(see docs/judge-api.md) and returns a `Ruling`: a short verdict, who draws how
many, a two-line explanation naming the actual cards, the edition and house
rules it depends on, and the ids of the rules it rests on (anchors on
`/rules/<edition>`). A question that cannot be judged raises `JudgeError` with
a sentence saying what is missing: the judge never guesses.

Standard library only; the rule ids are plain strings so this module does not
depend on the rulebook.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from .cards import COLOURS, Card, CardError, parse_card
from .editions import (
    DEFAULT_EDITION, Edition, HouseRuleError, HouseRules, get_edition, parse_house_rules,
    uno_penalty)

MAX_NAME = 40
MAX_HAND = 120
MAX_PENDING = 200
MIN_PLAYERS, MAX_PLAYERS = 2, 10


class JudgeError(ValueError):
    """A question that cannot be judged; the message says what is missing."""


@dataclass(frozen=True)
class Ruling:
    question: str
    ruling: str  # legal/illegal, guilty/innocent, penalty/no-penalty, or the question's own values
    verdict: str  # the headline: "Legal", "Guilty: Ben draws 4"
    explanation: str  # two lines, separated by "\n", naming the actual cards
    rules: list[str]  # rule ids on /rules/<edition>
    edition: str
    draws: dict[str, int] = field(default_factory=dict)  # role -> cards to draw
    depends_on: list[str] = field(default_factory=list)  # edition / house-rule notes
    details: dict[str, Any] = field(default_factory=dict)  # question-specific facts

    @property
    def lines(self) -> list[str]:
        return self.explanation.split("\n")

    def as_json(self) -> dict[str, Any]:
        return {
            "question": self.question, "ruling": self.ruling, "verdict": self.verdict,
            "draws": dict(self.draws), "explanation": self.explanation,
            "rules": list(self.rules), "edition": self.edition,
            "depends_on": list(self.depends_on), "details": dict(self.details),
        }


# The questions, in the order the judge page lists them.
QUESTIONS: dict[str, str] = {
    "play": "Can this card be played?",
    "challenge": "Wild Draw Four challenge",
    "uno": "Forgot to say UNO",
    "first-card": "The first card turned up",
    "draw": "Drawing a card",
    "stacking": "Stacking draw cards",
    "two-players": "Two players",
    "going-out": "Going out on a draw card",
    "empty-draw-pile": "The draw pile is empty",
    "cheese-touch": "The Cheese Touch",
}

UNO_CAUGHT = ("before-second-to-last-card", "before-next-turn", "after-next-turn")
DRAW_ACTIONS = ("play-drawn", "keep-drawn", "play-other-after-draw", "draw-instead-of-playing",
                "keep-drawing")
CHEESE_SITUATIONS = ("play", "next-player", "later")
CHALLENGERS = ("next-player", "another-player")

COMMON_FIELDS = {"question", "edition", "house_rules", "players"}
FIELDS: dict[str, set[str]] = {
    "play": {"top", "color", "card", "hand", "drawn", "pending_draw", "player",
             "cheese_touch_fresh"},
    "challenge": {"color", "top", "hand", "card", "by", "challenged", "challenger"},
    "uno": {"caught", "said_uno_first", "player"},
    "first-card": {"card"},
    "draw": {"action", "top", "color", "card", "drawn", "hand", "player", "by_choice"},
    "stacking": {"pending", "card", "total", "color"},
    "two-players": {"card"},
    "going-out": {"card", "player"},
    "empty-draw-pile": set(),
    "cheese-touch": {"situation", "top", "color", "card", "has_yellow"},
}
ALL_FIELDS = COMMON_FIELDS.union(*FIELDS.values(), {"colour"})

DIRECTIONS = {"left": "to the left (clockwise)", "right": "to the right (counter-clockwise)"}
SEATS = {
    "dealer": "the dealer",
    "left-of-dealer": "the player to the dealer's left",
    "right-of-dealer": "the player to the dealer's right",
    "second-left-of-dealer": "the player two seats to the dealer's left",
}


# ---------------------------------------------------------------- wording

def name(card: Card) -> str:
    """A card as the explanation says it: 'red 7', 'blue Draw Two', 'Wild Draw Four'."""
    return card.label


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def a(card: Card) -> str:
    """'the red 7' reads better than 'a red 7' when naming a card on the table."""
    return f"the {name(card)}"


def listing(cards: list[Card]) -> str:
    names = sorted({name(c) for c in cards})
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def two_lines(first: str, second: str) -> str:
    return f"{first}\n{second}"


def who(name_: str | None, role: str) -> str:
    return name_ or role


# ---------------------------------------------------------------- reading questions

def _get(q: Mapping, key: str) -> Any:
    value = q.get(key)
    if key == "color" and value is None:
        value = q.get("colour")
    return value


def read_edition(q: Mapping) -> Edition:
    raw = q.get("edition")
    if raw is None or raw == "":
        raw = DEFAULT_EDITION
    try:
        return get_edition(raw)
    except HouseRuleError as err:
        raise JudgeError(str(err)) from None


def read_rules(q: Mapping, ed: Edition) -> HouseRules:
    try:
        return parse_house_rules(q.get("house_rules"), ed)
    except HouseRuleError as err:
        raise JudgeError(str(err)) from None


def read_card(q: Mapping, key: str, ed: Edition, what: str, *, required: bool = True,
              colour_needed: bool = True) -> Card | None:
    raw = q.get(key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(f"Say {what} ('{key}'), for example 'red-7', 'blue-skip' or 'wild'.")
        return None
    return check_card(raw, key, ed, colour_needed=colour_needed)


def check_card(raw: object, key: str, ed: Edition, *, colour_needed: bool = True) -> Card:
    try:
        card = parse_card(raw)
    except CardError as err:
        raise JudgeError(f"'{key}': {err}") from None
    if card.kind.token not in ed.deck:
        raise JudgeError(
            f"'{key}': there is no {card.kind.label} card in the {ed.slug} deck ({ed.name}).")
    if colour_needed and card.kind.coloured and card.colour is None:
        raise JudgeError(
            f"'{key}': say the colour of the {card.kind.label}, for example 'red-{card.kind.token}'.")
    return card


def read_colour(q: Mapping, key: str, what: str, *, required: bool = True) -> str | None:
    raw = _get(q, key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(f"Say {what} ('{key}'): one of {', '.join(COLOURS)}.")
        return None
    if not isinstance(raw, str) or raw.strip().lower() not in COLOURS:
        raise JudgeError(f"'{key}' must be one of {', '.join(COLOURS)}, not {raw!r}.")
    if q.get("color") and q.get("colour") and str(q["color"]).lower() != str(q["colour"]).lower():
        raise JudgeError("'color' and 'colour' disagree: give the colour once.")
    return raw.strip().lower()


def read_hand(q: Mapping, key: str, ed: Edition, *, required: bool) -> list[Card] | None:
    raw = q.get(key)
    if raw is None:
        if required:
            raise JudgeError(
                f"Say which cards the player holds ('{key}'), as a list such as "
                "[\"red-2\", \"blue-7\"]; an empty list if none.")
        return None
    if not isinstance(raw, list):
        raise JudgeError(f"'{key}' must be a list of cards such as [\"red-2\", \"blue-7\"].")
    if len(raw) > MAX_HAND:
        raise JudgeError(f"'{key}' lists {len(raw)} cards; a hand holds at most {MAX_HAND}.")
    cards = [check_card(t, key, ed) for t in raw]
    for token, count in Counter(c.token for c in cards).items():
        card = parse_card(token)
        most = card.kind.per_colour if card.colour else ed.deck[card.kind.token]
        if count > most:
            raise JudgeError(
                f"'{key}' holds {count} × {name(card)}, but the {ed.slug} deck has only {most}.")
    return cards


def read_bool(q: Mapping, key: str, default: bool) -> bool:
    raw = q.get(key)
    if raw is None:
        return default
    if not isinstance(raw, bool):
        raise JudgeError(f"'{key}' must be true or false.")
    return raw


def read_int(q: Mapping, key: str, low: int, high: int, default: int | None) -> int | None:
    raw = q.get(key)
    if raw is None:
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise JudgeError(f"'{key}' must be a whole number from {low} to {high}.")
    return raw


def read_choice(q: Mapping, key: str, choices: tuple[str, ...], what: str,
                default: str | None = None) -> str:
    raw = q.get(key)
    if raw is None or raw == "":
        if default is not None:
            return default
        raise JudgeError(f"Say {what} ('{key}'): one of {', '.join(choices)}.")
    if raw not in choices:
        raise JudgeError(f"'{key}' must be one of {', '.join(choices)}, not {raw!r}.")
    return raw


def read_name(q: Mapping, key: str) -> str | None:
    raw = q.get(key)
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw.strip()) > MAX_NAME:
        raise JudgeError(f"'{key}' must be a player's name of at most {MAX_NAME} characters.")
    return raw.strip() or None


def read_players(q: Mapping) -> int | None:
    return read_int(q, "players", MIN_PLAYERS, MAX_PLAYERS, None)


# ---------------------------------------------------------------- the colour in play

def colour_in_play(top: Card, called: str | None) -> str | None:
    """The colour the next card must match; None only for a Blank with nothing called."""
    if top.kind.token in ("wild", "wild-draw4"):
        if called is None:
            raise JudgeError(
                f"The top card is a {top.kind.label}: say which colour was called ('color').")
        return called
    if top.kind.token == "cheese-touch":
        if called not in (None, "yellow"):
            raise JudgeError("A Cheese Touch on top is yellow: 'color' cannot be "
                             f"{called}.")
        return "yellow"
    if top.kind.token == "blank":
        return called
    if called is not None and called != top.colour:
        raise JudgeError(
            f"The top card is the {name(top)}: 'color' is only for a Wild on top "
            f"(it says {called}).")
    return top.colour


def is_yellow(card: Card) -> bool:
    return card.colour == "yellow" or card.kind.token == "cheese-touch"


# ---------------------------------------------------------------- play

def judge_play(ed: Edition, rules: HouseRules, top: Card, card: Card, *,
               color: str | None = None, hand: list[Card] | None = None,
               drawn: Card | None = None, pending_draw: int = 0, players: int | None = None,
               player: str | None = None, cheese_touch_fresh: bool = True) -> Ruling:
    colour = colour_in_play(top, color)
    R = _Builder("play", ed)
    someone = who(player, "the player")

    if pending_draw:
        if drawn is not None:
            raise JudgeError("With a draw pending the player draws the penalty and loses the "
                             "turn: leave out 'drawn'.")
        return _play_on_pending(R, rules, top, card, colour, hand, pending_draw, someone)

    if top.kind.token == "cheese-touch" and cheese_touch_fresh:
        return _play_on_fresh_cheese(R, top, card, someone)

    if drawn is not None and drawn.token != card.token:
        R.rules("no-play-after-draw", "play-drawn-card", "draw-instead")
        return R.done(
            "illegal", "Illegal",
            f"{cap(someone)} drew the {name(drawn)} this turn, so the {name(card)} from the "
            "hand may not be played now.",
            f"After drawing, only the card just drawn may be played (if it fits); the turn "
            "then passes.")

    drew = drawn is not None
    if drew:
        R.rules("play-drawn-card")
    return _play_match(R, ed, top, card, colour, hand, players, someone, drew)


def _play_on_pending(R: "_Builder", rules: HouseRules, top: Card, card: Card,
                     colour: str | None, hand: list[Card] | None, pending: int,
                     someone: str) -> Ruling:
    if top.kind.token not in ("draw2", "wild-draw4"):
        raise JudgeError(
            f"A draw is pending only when a Draw Two or Wild Draw Four is on top; the top "
            f"card is the {name(top)}. Leave out 'pending_draw' or change the top card.")
    draw_card = card.kind.token in ("draw2", "wild-draw4")
    adds = 2 if card.kind.token == "draw2" else 4
    if not rules.stacking:
        R.rules("stacking", "draw-two" if top.kind.token == "draw2" else "wild-draw-four")
        if draw_card:
            R.depends(f"Official rules: no stacking. With the house rule 'stacking' the "
                      f"{name(card)} could be stacked and the next player would draw "
                      f"{pending + adds}.")
            R.rules("house-stacking")
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"{cap(a(top))} left {pending} cards to draw: {someone} must draw them and "
            f"cannot play the {name(card)}.",
            "Stacking a draw card on a pending draw is not allowed in official play.")
    R.rules("house-stacking", "stacking")
    R.depends("House rule: stacking is on (sheet 003); official rules do not allow it.")
    if not draw_card:
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"Only a Draw Two or Wild Draw Four can be stacked on {a(top)}; "
            f"the {name(card)} cannot.",
            f"So {someone} draws the {pending} pending cards and loses the turn.")
    if card.kind.token == "draw2" and top.kind.token != "draw2" and card.colour != colour:
        R.rules("draw-two")
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"The {name(card)} matches neither the Draw Two symbol nor the colour in play "
            f"({colour}) on {a(top)}.",
            f"Even with stacking a Draw Two must match, so {someone} draws {pending}.")
    if card.kind.token == "wild-draw4":
        verdict = _wild_draw_four_restriction(R, card, colour, hand, someone)
        if verdict is not None:
            return verdict
    R.draw("next-player", pending + adds)
    return R.done(
        "legal", f"Legal: the next player draws {pending + adds}",
        f"With stacking, the {name(card)} may go on {a(top)} and the totals add up: "
        f"{pending} + {adds} = {pending + adds}.",
        f"{cap(someone)} draws nothing; the next player draws {pending + adds} "
        "(or stacks again).")


def _play_on_fresh_cheese(R: "_Builder", top: Card, card: Card, someone: str) -> Ruling:
    R.rules("cheese-touch")
    R.draw("player", 2)
    R.depends("wimpy-kid edition: the Cheese Touch (sheet 004).")
    if is_yellow(card):
        return R.done(
            "legal", f"Legal: {someone} draws 2 first",
            f"The Cheese Touch was just passed on: {someone} draws 2, then plays a yellow "
            f"card such as the {name(card)}.",
            "The yellow card answers the Cheese Touch and play goes on as usual.")
    return R.done(
        "illegal", "Illegal: only a yellow card answers the Cheese Touch",
        f"After drawing 2 for the Cheese Touch, {someone} must play a yellow card; "
        f"the {name(card)} is not yellow.",
        "With no yellow card to play, they draw 2 more cards (4 in all).")


def _wild_draw_four_restriction(R: "_Builder", card: Card, colour: str | None,
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
        R.depends("Sheet 004 does not say whether a Cheese Touch in the hand counts as "
                  "yellow: the judge counts only yellow cards.")
    return None


def _play_match(R: "_Builder", ed: Edition, top: Card, card: Card, colour: str | None,
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
        verdict = _wild_draw_four_restriction(R, card, colour, hand, someone)
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
        R.rules("cheese-touch")
        R.depends("wimpy-kid edition: the Cheese Touch is played only on yellow (sheet 004).")
        if colour == "yellow":
            R.draw("next-player", 2)
            return R.done(
                "legal", "Legal: the next player draws 2",
                f"The Cheese Touch may be played on {a(top)} because yellow is in play.",
                "The next player draws 2, then must play a yellow card or draw 2 more.")
        return R.done(
            "illegal", "Illegal: the Cheese Touch goes only on yellow",
            f"The colour in play is {colour}, not yellow, so the Cheese Touch cannot go "
            f"on {a(top)}.",
            "It may only be played on a yellow card (or after yellow is called on a Wild).")

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


# ---------------------------------------------------------------- challenge

def judge_challenge(ed: Edition, rules: HouseRules, colour: str, hand: list[Card], *,
                    by: str = "next-player", challenged: str | None = None,
                    challenger: str | None = None) -> Ruling:
    R = _Builder("challenge", ed)
    R.rules("challenge", "challenge-who")
    offender = who(challenged, "the challenged player")
    victim = who(challenger, "the challenger")
    if by != "next-player":
        R.draw("next-player", 4)
        return R.done(
            "not-allowed", "No challenge: only the player who must draw may challenge",
            f"Only the player told to draw the 4 may challenge the Wild Draw Four; "
            f"{who(challenger, 'anyone else')} cannot.",
            "The card stands: the next player draws 4 unless they challenge it themselves.")
    R.rules("wild-draw-four-restriction")
    matching = [c for c in hand if c.colour == colour]
    if matching:
        R.draw("challenged", 4)
        return R.done(
            "guilty", f"Guilty: {offender} draws 4",
            f"{cap(offender)} held the {listing(matching)}, a card of the colour in play "
            f"({colour}), when playing the Wild Draw Four.",
            f"So {offender} draws the 4 cards instead of {victim}.")
    R.draw("challenger", 6)
    elsewhere = [c for c in hand if c.colour and c.colour != colour]
    if elsewhere:
        first = (f"{cap(offender)} held no {colour} card; the {listing(elsewhere)} "
                 f"{'is another colour' if len(elsewhere) == 1 else 'are other colours'}, "
                 "and only the colour counts.")
    else:
        first = f"{cap(offender)} held no {colour} card, the colour in play."
    if any(c.kind.token == "cheese-touch" for c in hand) and colour == "yellow":
        R.depends("Sheet 004 does not say whether a Cheese Touch in the hand counts as "
                  "yellow: the judge counts only yellow cards.")
    return R.done(
        "innocent", f"Innocent: {victim} draws 6", first,
        f"The Wild Draw Four was legal: {victim} draws the 4 plus 2 more (6) and loses "
        "the turn.")


# ---------------------------------------------------------------- UNO

def judge_uno(ed: Edition, rules: HouseRules, caught: str, said_uno_first: bool = False,
              player: str | None = None) -> Ruling:
    R = _Builder("uno", ed)
    someone = who(player, "the player")
    if caught == "before-second-to-last-card":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", "No penalty: too early",
            "A player can be caught only once their second-to-last card has touched the "
            "discard pile.",
            f"Before that, {someone} still has time to say UNO.")
    if caught == "after-next-turn":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", "No penalty: too late",
            "The catch came after the next player began their turn (drew from the pile or "
            "took a card to play).",
            f"Once that happens {someone} can no longer be caught.")
    if said_uno_first:
        R.rules("uno-self-catch", "say-uno", "uno-catch-window")
        return R.done(
            "no-penalty", f"No penalty: {someone} said UNO first",
            f"{cap(someone)} said UNO before anyone else called it out.",
            "Catching yourself first is safe, even if it was a little late.")
    n = uno_penalty(ed, rules)
    R.rules("say-uno", "uno-catch-window", "uno-penalty")
    if rules.uno_penalty is not None:
        R.rules("house-uno-penalty")
        R.depends(f"House rule: the UNO penalty is {n} (the {ed.slug} edition says "
                  f"{ed.uno_penalty}).")
    elif ed.uno_penalty != 2:
        R.depends(f"{ed.slug} edition: the penalty is {n} (sheet 000); the 108-card sheets "
                  "say 2.")
    else:
        R.depends(f"{ed.slug} edition: the penalty is {n}.")
    if n == 0:
        return R.done(
            "no-penalty", "No penalty: the house rule sets it to 0",
            f"{cap(someone)} was caught in time without having said UNO.",
            "The table's house rule sets the UNO penalty to 0 cards.")
    R.draw("player", n)
    return R.done(
        "penalty", f"Penalty: {someone} draws {n}",
        f"{cap(someone)} was caught after playing the second-to-last card and before the "
        "next player began their turn.",
        f"Not having said UNO first, {someone} draws {n} cards.")


# ---------------------------------------------------------------- first card

def judge_first_card(ed: Edition, rules: HouseRules, card: Card,
                     players: int | None = None) -> Ruling:
    R = _Builder("first-card", ed)
    R.rules("first-card")
    kind = card.kind.token
    two = players == 2
    details: dict[str, Any] = {"first_player": "left-of-dealer", "direction": "left",
                               "names_colour": None}
    if kind == "wild-draw4":
        R.rules("first-card-wild-draw-four")
        return R.done(
            "returned", "Returned: turn up another card",
            "A Wild Draw Four turned up to start is returned to the deck.",
            "Turn up the next card and judge that one instead.",
            details={"first_player": None, "direction": None, "names_colour": None})
    if kind == "blank":
        R.rules("first-card-blank", "blank-cards")
        R.depends("classic-112 edition: sheet 000 is silent on a Blank turned up first; "
                  "the rulebook's reading is to turn up another, unless the table's rule "
                  "for Blanks says otherwise.")
        return R.done(
            "returned", "Returned: turn up another card",
            "A Blank turned up to start is shuffled back in and another card turned up.",
            "Unless your table's rule for Blank cards says what it does as a first card.",
            details={"first_player": None, "direction": None, "names_colour": None})
    if kind == "skip":
        R.rules("first-card-skip", "skip")
        details["first_player"] = "dealer" if two else "second-left-of-dealer"
        first = ("The player to the dealer's left is skipped" +
                 (", so with two players the dealer plays first." if two else
                  "; the next player to the left plays first."))
        second = "Play then goes to the left."
        ruling = details["first_player"]
    elif kind == "reverse":
        R.rules("first-card-reverse", "reverse")
        if two:
            R.rules("two-players")
            R.depends("Two players: Reverse acts as Skip (official Mattel rule).")
            details.update(first_player="dealer", direction="right")
            first = ("With two players, Reverse acts as Skip: the other player is skipped "
                     "and the dealer plays first.")
            second = "Play then simply alternates."
        elif ed.first_reverse == "dealer-right-first":
            details.update(first_player="right-of-dealer", direction="right")
            R.depends(f"{ed.slug} edition: the player to the dealer's right plays first "
                      "(sheet 000); the classic sheet 002 says the dealer.")
            first = "The player to the dealer's right plays first."
            second = "Play then goes to the right instead of the left."
        else:
            details.update(first_player="dealer", direction="right")
            sheet = "004" if ed.slug == "wimpy-kid" else "002"
            note = f"{ed.slug} edition: the dealer plays first (sheet {sheet})"
            if ed.slug == "classic":
                note += "; sheet 001 says the player to the dealer's right instead"
            R.depends(note + ".")
            first = "The dealer plays first."
            second = "Play then goes to the right instead of the left."
        ruling = details["first_player"]
    elif kind == "draw2":
        R.rules("first-card-draw-two", "draw-two")
        details["first_player"] = "dealer" if two else "second-left-of-dealer"
        R.draw("left-of-dealer", 2)
        first = "The player to the dealer's left draws 2 and loses the turn."
        second = ("With two players the dealer plays next; play goes to the left." if two
                  else "The next player to the left plays first; play goes to the left.")
        ruling = details["first_player"]
    elif kind == "wild":
        R.rules("first-card-wild", "wild")
        details["names_colour"] = "left-of-dealer"
        first = "The player to the dealer's left names the colour to start with."
        second = "That player also plays first; play goes to the left."
        ruling = "left-of-dealer"
    elif kind == "cheese-touch":
        R.rules("first-card-cheese-touch", "cheese-touch")
        R.draw("left-of-dealer", 2)
        R.depends("wimpy-kid edition: sheet 004 does not cover a Cheese Touch turned up "
                  "first; the judge treats it as played by the dealer, as sheet 001 does "
                  "for every action card.")
        first = "The player to the dealer's left draws 2 for the Cheese Touch."
        second = ("Then that player plays a yellow card, or draws 2 more if they have none; "
                  "play goes to the left.")
        ruling = "left-of-dealer"
    else:
        first = f"The {name(card)} is an ordinary card: nothing special happens."
        second = "The player to the dealer's left plays first, matching it; play goes left."
        ruling = "left-of-dealer"
    return R.done(ruling, "First: " + SEATS[details["first_player"]], first, second,
                  details=details)


# ---------------------------------------------------------------- drawing

def judge_draw(ed: Edition, rules: HouseRules, action: str, q: Mapping) -> Ruling:
    R = _Builder("draw", ed)
    someone = who(read_name(q, "player"), "the player")
    if action == "draw-instead-of-playing":
        R.rules("draw-instead", "play-drawn-card", "no-play-after-draw")
        return R.done(
            "legal", "Legal",
            f"{cap(someone)} may choose not to play a playable card and draw one from the "
            "draw pile instead.",
            "Only the drawn card may then be played, if it fits; no other card from the hand.")
    if action == "keep-drawing":
        R.rules("draw-when-stuck", "play-drawn-card")
        return R.done(
            "illegal", "Illegal: draw one card only",
            f"A player who cannot play draws one card, not until something fits.",
            "If the drawn card can be played it may be; otherwise the turn passes.")
    if action == "keep-drawn":
        by_choice = read_bool(q, "by_choice", False)
        R.rules("play-drawn-card", "draw-when-stuck")
        if ed.slug == "classic-112" and not by_choice:
            R.depends("classic-112 edition: a drawn card that fits must be played when you "
                      "drew because nothing fit (sheet 000); the other editions let you keep it.")
            return R.done(
                "illegal", "Illegal: the drawn card must be played",
                f"{cap(someone)} drew because no card fitted, and the drawn card fits.",
                "In this edition it must then be played at once; the turn then ends.")
        if ed.slug == "classic-112":
            R.rules("draw-instead")
            R.depends("classic-112 edition: drawing by choice leaves the drawn card up to "
                      "the player (sheet 000).")
        else:
            R.depends(f"{ed.slug} edition: a drawn card that fits may be kept (sheet "
                      f"{'004' if ed.slug == 'wimpy-kid' else '001'}); classic-112's sheet "
                      "000 says it must be played.")
        return R.done(
            "legal", "Legal",
            f"{cap(someone)} may keep the card just drawn, even if it fits.",
            "Either way the turn then ends: no other card may be played.")
    if action == "play-other-after-draw":
        drawn = read_card(q, "drawn", ed, "the card drawn", required=False)
        card = read_card(q, "card", ed, "the card from the hand", required=False)
        R.rules("no-play-after-draw", "draw-instead")
        if drawn and card:
            first = (f"{cap(someone)} drew the {name(drawn)} and may not then play the "
                     f"{name(card)} from the hand.")
        else:
            first = (f"After drawing, {someone} may not play a card from the hand, "
                     "even one that matches.")
        return R.done("illegal", "Illegal", first,
                      "Only the card just drawn may be played, if it fits; "
                      "otherwise the turn passes.")
    # play-drawn: the same question as "play", with the drawn card as the card played
    top = read_card(q, "top", ed, "the top card of the discard pile")
    drawn = read_card(q, "drawn", ed, "the card drawn")
    card = read_card(q, "card", ed, "the card played", required=False) or drawn
    ruling = judge_play(ed, rules, top, card, color=read_colour(q, "color", "", required=False),
                        hand=read_hand(q, "hand", ed, required=False), drawn=drawn,
                        players=read_players(q), player=read_name(q, "player"),
                        cheese_touch_fresh=False)
    return Ruling(**{**ruling.__dict__, "question": "draw"})


# ---------------------------------------------------------------- stacking

def judge_stacking(ed: Edition, rules: HouseRules, pending: Card, card: Card,
                   total: int | None = None, colour: str | None = None) -> Ruling:
    R = _Builder("stacking", ed)
    if pending.kind.token not in ("draw2", "wild-draw4"):
        raise JudgeError("'pending' must be the draw card waiting to be answered: "
                         "'draw2' (or e.g. 'red-draw2') or 'wild-draw4'.")
    base = 2 if pending.kind.token == "draw2" else 4
    total = base if total is None else total
    if total < base:
        raise JudgeError(f"'total' cannot be less than {base} with a {pending.kind.label} "
                         "pending.")
    adds = {"draw2": 2, "wild-draw4": 4}.get(card.kind.token)
    if not rules.stacking:
        R.rules("stacking", "draw-two" if pending.kind.token == "draw2" else "wild-draw-four")
        R.draw("player", total)
        if adds:
            R.rules("house-stacking")
            R.depends(f"Official rules: no stacking. With the house rule 'stacking' this "
                      f"would be legal and the next player would draw {total + adds}.")
        return R.done(
            "illegal", f"Illegal: the player draws {total}",
            f"The {name(card)} may not be stacked on the pending "
            f"{pending.kind.label}: official rules have no stacking.",
            f"The player draws the {total} cards and loses the turn.")
    R.rules("house-stacking", "stacking")
    R.depends("House rule: stacking is on (sheet 003); official rules do not allow it.")
    if adds is None:
        R.draw("player", total)
        return R.done(
            "illegal", f"Illegal: the player draws {total}",
            f"Only a Draw Two or Wild Draw Four can be stacked; the {name(card)} cannot.",
            f"The player draws the {total} cards and loses the turn.")
    if card.kind.token == "draw2" and pending.kind.token == "wild-draw4":
        if card.colour is None:
            raise JudgeError("'card': say the colour of the Draw Two (for example "
                             "'red-draw2'); on a Wild Draw Four it must match the colour called.")
        if colour is None:
            raise JudgeError("Say which colour was called with the Wild Draw Four ('color').")
        if card.colour != colour:
            R.rules("draw-two")
            R.draw("player", total)
            return R.done(
                "illegal", f"Illegal: the player draws {total}",
                f"The {name(card)} does not match the colour called ({colour}) on the "
                "Wild Draw Four.",
                f"Even with stacking a Draw Two must match, so the player draws {total}.")
    R.draw("next-player", total + adds)
    second = f"The player draws nothing; the next player draws {total + adds} or stacks again."
    if card.kind.token == "wild-draw4":
        R.rules("wild-draw-four-restriction")
        second = (f"The next player draws {total + adds} or stacks again; the Wild Draw "
                  "Four's own colour rule still applies.")
    return R.done(
        "legal", f"Legal: the next player draws {total + adds}",
        f"With stacking, the {name(card)} goes on the pending {pending.kind.label} and the "
        f"totals add up: {total} + {adds} = {total + adds}.", second)


# ---------------------------------------------------------------- two players, going out, ...

def judge_two_players(ed: Edition, rules: HouseRules, card: Card) -> Ruling:
    R = _Builder("two-players", ed)
    R.rules("two-players")
    kind = card.kind.token
    if kind == "reverse":
        R.rules("reverse")
        R.depends("Two players: Reverse acts as Skip (official Mattel rule).")
        return R.done(
            "play-again", "Play again: Reverse acts as Skip",
            f"With two players the {name(card)} acts as a Skip: the other player loses "
            "the turn.",
            "So whoever played it plays again.")
    if kind == "skip":
        R.rules("skip")
        return R.done(
            "play-again", "Play again",
            f"The {name(card)} skips the other player.",
            "With two players that means whoever played it plays again.")
    if kind in ("draw2", "wild-draw4"):
        n = 2 if kind == "draw2" else 4
        R.rules("draw-two" if kind == "draw2" else "wild-draw-four")
        R.draw("other-player", n)
        return R.done(
            "play-again", f"Play again: the other player draws {n}",
            f"The {name(card)} makes the other player draw {n} and lose the turn.",
            "With two players that means whoever played it plays again.")
    return R.done(
        "turn-passes", "The turn passes",
        f"The {name(card)} has no effect on the order of play.",
        "With two players, turns simply alternate.")


def judge_going_out(ed: Edition, rules: HouseRules, card: Card, player: str | None = None) -> Ruling:
    R = _Builder("going-out", ed)
    R.rules("going-out")
    someone = who(player, "the player")
    kind = card.kind.token
    if kind in ("draw2", "wild-draw4"):
        n = 2 if kind == "draw2" else 4
        R.rules("going-out-on-draw", "draw-two" if kind == "draw2" else "wild-draw-four")
        R.draw("next-player", n)
        second = "Those cards count when the points are totalled."
        if kind == "wild-draw4":
            second = ("Those cards count in the score; the Wild Draw Four was allowed, "
                      "as no other card was left in the hand.")
        return R.done(
            "next-player-draws", f"The next player draws {n}",
            f"{cap(someone)} went out on the {name(card)}: the next player still draws {n}.",
            second)
    if kind == "cheese-touch":
        R.rules("going-out-on-draw", "cheese-touch")
        R.draw("next-player", 2)
        R.depends("wimpy-kid edition: sheet 004 says the next player draws 2 whenever a "
                  "Cheese Touch is discarded; it does not say so for the last card, so the "
                  "judge applies the Draw Two rule.")
        return R.done(
            "next-player-draws", "The next player draws 2",
            f"{cap(someone)} went out on the Cheese Touch: the next player still draws 2.",
            "Those cards count when the points are totalled.")
    if kind == "blank":
        R.rules("blank-cards")
        R.depends("classic-112 edition: Blank cards are left to the table (sheet 000).")
    return R.done(
        "hand-over", "The hand is over",
        f"{cap(someone)} went out on the {name(card)}: nobody draws.",
        "Count the cards left in the other hands.")


def judge_empty_draw_pile(ed: Edition, rules: HouseRules) -> Ruling:
    R = _Builder("empty-draw-pile", ed)
    R.rules("empty-draw-pile")
    return R.done(
        "reshuffle", "Reshuffle the discards",
        "Keep the top card of the discard pile; shuffle the rest into a new draw pile.",
        "Play goes on: the hand only ends when someone goes out.")


def judge_cheese_touch(ed: Edition, rules: HouseRules, situation: str, q: Mapping) -> Ruling:
    if ed.extra != "cheese-touch":
        raise JudgeError(
            f"The Cheese Touch is only in the wimpy-kid edition; the {ed.slug} deck has none.")
    R = _Builder("cheese-touch", ed)
    R.depends("wimpy-kid edition: the Cheese Touch (sheet 004).")
    if situation == "play":
        top = read_card(q, "top", ed, "the top card of the discard pile")
        colour = colour_in_play(top, read_colour(q, "color", "", required=False))
        R.rules("cheese-touch")
        if colour == "yellow":
            R.draw("next-player", 2)
            return R.done(
                "legal", "Legal: the next player draws 2",
                f"The Cheese Touch may go on {a(top)}: yellow is in play.",
                "The next player draws 2, then must play a yellow card or draw 2 more.")
        return R.done(
            "illegal", "Illegal: only on yellow",
            f"The colour in play on {a(top)} is {colour}, not yellow.",
            "The Cheese Touch may only be played on a yellow card.")
    if situation == "later":
        R.rules("cheese-touch-after", "matching")
        return R.done(
            "yellow-card", "A normal yellow card now",
            "Once the next player has answered it, the Cheese Touch counts as a normal "
            "yellow card.",
            "Play any yellow card or a Wild on it; nobody draws because of it any more.")
    # the next player, who just got the Cheese Touch
    R.rules("cheese-touch")
    card = read_card(q, "card", ed, "the card played", required=False)
    has_yellow = q.get("has_yellow")
    if has_yellow is not None and not isinstance(has_yellow, bool):
        raise JudgeError("'has_yellow' must be true or false.")
    if card is not None:
        R.draw("player", 2)
        if is_yellow(card):
            return R.done(
                "legal", "Legal: draw 2, then play it",
                f"The player draws 2, then answers the Cheese Touch with the {name(card)}.",
                "Any yellow card answers it; play then goes on as usual.")
        return R.done(
            "illegal", "Illegal: a yellow card is needed",
            f"The {name(card)} is not yellow: only a yellow card answers the Cheese Touch.",
            "With no yellow card, the player draws 2 more (4 in all).")
    if has_yellow is False:
        R.draw("player", 4)
        return R.done(
            "draw-more", "Draw 2, then 2 more",
            "The player draws 2 for the Cheese Touch and has no yellow card to play on it.",
            "So they draw 2 more cards: 4 in all.")
    R.draw("player", 2)
    return R.done(
        "play-yellow", "Draw 2, then play yellow",
        "The player the Cheese Touch is passed to draws 2 cards.",
        "Then they play a yellow card, or draw 2 more if they have none.")


# ---------------------------------------------------------------- the entry point

def judge(question: object) -> Ruling:
    """Judge one question given as a mapping (the JSON body of POST /api/judge)."""
    if not isinstance(question, Mapping):
        raise JudgeError("A question must be a JSON object such as "
                         "{\"question\": \"play\", \"top\": \"red-7\", \"card\": \"blue-7\"}.")
    kind = question.get("question")
    if kind is None or kind == "":
        raise JudgeError(f"Say which question to judge ('question'): one of {', '.join(QUESTIONS)}.")
    if not isinstance(kind, str) or kind not in QUESTIONS:
        raise JudgeError(f"Unknown question {kind!r}: choose one of {', '.join(QUESTIONS)}.")
    unknown = sorted(str(k) for k in question if k not in ALL_FIELDS)
    if unknown:
        known = sorted(COMMON_FIELDS | FIELDS[kind])
        raise JudgeError(f"Unknown field {', '.join(repr(u) for u in unknown)}: "
                         f"a '{kind}' question uses {', '.join(known)}.")
    ed = read_edition(question)
    rules = read_rules(question, ed)
    q = question
    if kind == "play":
        return judge_play(
            ed, rules, read_card(q, "top", ed, "the top card of the discard pile"),
            read_card(q, "card", ed, "the card played"),
            color=read_colour(q, "color", "the colour called", required=False),
            hand=read_hand(q, "hand", ed, required=False),
            drawn=read_card(q, "drawn", ed, "the card drawn", required=False),
            pending_draw=read_int(q, "pending_draw", 0, MAX_PENDING, 0),
            players=read_players(q), player=read_name(q, "player"),
            cheese_touch_fresh=read_bool(q, "cheese_touch_fresh", True))
    if kind == "challenge":
        colour = read_colour(q, "color", "the colour in play when the Wild Draw Four was "
                             "played", required=False)
        top = read_card(q, "top", ed, "the top card", required=False)
        if top is not None:
            colour = colour_in_play(top, colour)
        if colour is None:
            raise JudgeError("Say the colour in play when the Wild Draw Four was played "
                             f"('color'): one of {', '.join(COLOURS)}.")
        card = read_card(q, "card", ed, "the card challenged", required=False)
        if card is not None and card.kind.token != "wild-draw4":
            raise JudgeError(f"Only a Wild Draw Four can be challenged, not the {name(card)}.")
        return judge_challenge(
            ed, rules, colour, read_hand(q, "hand", ed, required=True),
            by=read_choice(q, "by", CHALLENGERS, "who challenges", "next-player"),
            challenged=read_name(q, "challenged"), challenger=read_name(q, "challenger"))
    if kind == "uno":
        return judge_uno(
            ed, rules, read_choice(q, "caught", UNO_CAUGHT, "when the catch came"),
            read_bool(q, "said_uno_first", False), read_name(q, "player"))
    if kind == "first-card":
        return judge_first_card(
            ed, rules, read_card(q, "card", ed, "the card turned up", colour_needed=False),
            read_players(q))
    if kind == "draw":
        return judge_draw(ed, rules, read_choice(q, "action", DRAW_ACTIONS, "what the player "
                                                 "wants to do"), q)
    if kind == "stacking":
        return judge_stacking(
            ed, rules, read_card(q, "pending", ed, "the draw card pending", colour_needed=False),
            read_card(q, "card", ed, "the card to stack", colour_needed=False),
            read_int(q, "total", 2, MAX_PENDING, None),
            read_colour(q, "color", "the colour called", required=False))
    if kind == "two-players":
        return judge_two_players(
            ed, rules, read_card(q, "card", ed, "the card played", colour_needed=False))
    if kind == "going-out":
        return judge_going_out(
            ed, rules, read_card(q, "card", ed, "the last card played", colour_needed=False),
            read_name(q, "player"))
    if kind == "empty-draw-pile":
        return judge_empty_draw_pile(ed, rules)
    return judge_cheese_touch(
        ed, rules, read_choice(q, "situation", CHEESE_SITUATIONS, "the situation", "play"), q)


class _Builder:
    """Collects rule ids, draws and notes while a ruling is worked out."""

    def __init__(self, question: str, ed: Edition):
        self.question = question
        self.ed = ed
        self._rules: list[str] = []
        self._draws: dict[str, int] = {}
        self._depends: list[str] = []

    def rules(self, *ids: str) -> None:
        for rule_id in ids:
            if rule_id not in self._rules:
                self._rules.append(rule_id)

    def draw(self, role: str, n: int) -> None:
        self._draws[role] = n

    def depends(self, note: str) -> None:
        if note not in self._depends:
            self._depends.append(note)

    def done(self, ruling: str, verdict: str, first: str, second: str, *,
             details: dict[str, Any] | None = None) -> Ruling:
        return Ruling(
            question=self.question, ruling=ruling, verdict=cap(verdict),
            explanation=two_lines(cap(first), cap(second)), rules=list(self._rules),
            edition=self.ed.slug, draws=dict(self._draws), depends_on=list(self._depends),
            details=details or {})
