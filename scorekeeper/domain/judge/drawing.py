"""Drawing a card: what may be played, or kept, afterwards."""
from __future__ import annotations

from dataclasses import replace

from ..cards import Card
from ..editions import Edition, HouseRules
from .play import judge_play
from .ruling import JudgeError, Ruling, RulingBuilder
from .text import N_, say
from .wording import cap, name, who


def judge_draw(ed: Edition, rules: HouseRules, action: str, *, player: str | None = None,
               by_choice: bool = False, top: Card | None = None, color: str | None = None,
               drawn: Card | None = None, card: Card | None = None,
               hand: list[Card] | None = None, players: int | None = None) -> Ruling:
    if action == "play-drawn":
        if top is None or drawn is None:
            raise JudgeError(say(N_("To play the card drawn, say the top card of the "
                                    "discard pile ('top') and the card drawn ('drawn').")))
        ruling = judge_play(ed, rules, top, card or drawn, color=color, hand=hand, drawn=drawn,
                            players=players, player=player, cheese_touch_fresh=False)
        return replace(ruling, question="draw")
    R = RulingBuilder("draw", ed)
    someone = who(player, say(N_("the player")))
    if action == "keep-drawn":
        return _keep_drawn(R, ed, rules, someone, by_choice)
    if action == "play-other-after-draw":
        return _play_other(R, someone, drawn, card)
    if action == "keep-drawing":
        return _keep_drawing(R, rules, someone)
    return _draw_instead(R, someone)


def _draw_instead(R: RulingBuilder, someone: str) -> Ruling:
    R.rules("draw-instead", "play-drawn-card", "no-play-after-draw")
    return R.done(
        "legal", say(N_("Legal")),
        say(N_("%(who)s may draw from the pile instead of laying a card that fits."),
            who=cap(someone)),
        say(N_("Only the drawn card may then be played, if it fits; no other card from the "
               "hand.")))


def _keep_drawing(R: RulingBuilder, rules: HouseRules, someone: str) -> Ruling:
    R.rules("draw-when-stuck", "play-drawn-card", "house-draw-to-match")
    if rules.draw_to_match:
        R.depends(DRAW_TO_MATCH_ON)
        return R.done(
            "legal", say(N_("Legal: draw until a card fits")),
            say(N_("With draw until you can play, %(who)s keeps drawing until a card fits."),
                who=someone),
            say(N_("That card must then be laid at once. Never for penalty draws (Draw Two, "
                   "Wild Draw Four, a challenge, UNO).")))
    R.depends(say(N_("House rule not in play: with draw until you can play, drawing on until a "
                     "card fits would be the rule.")))
    return R.done(
        "illegal", say(N_("Illegal: draw one card only")),
        say(N_("A player who cannot play draws one card, not until something fits.")),
        say(N_("If the drawn card can be played it may be; otherwise the turn passes.")))


DRAW_TO_MATCH_ON = say(N_("House rule: draw until you can play is on: a player who draws on "
                          "their turn keeps drawing until a card fits and lays it at once."))


def _keep_drawn(R: RulingBuilder, ed: Edition, rules: HouseRules, someone: str,
                by_choice: bool) -> Ruling:
    R.rules("play-drawn-card", "draw-when-stuck")
    if rules.force_play or (rules.draw_to_match and not by_choice):
        return _must_play_drawn(R, rules, someone)
    if ed.must_play_drawn and not by_choice:
        R.depends(say(N_("Classic with Blank cards: a drawn card that fits must be played "
                         "when you drew because nothing fit, as its leaflet says; the other "
                         "editions let you keep it.")))
        return R.done(
            "illegal", say(N_("Illegal: the drawn card must be played")),
            say(N_("%(who)s drew because no card fitted, and the drawn card fits."),
                who=cap(someone)),
            say(N_("In this edition it must then be played at once; the turn then ends.")))
    if ed.must_play_drawn:
        R.rules("draw-instead")
    R.depends(say(ed.keep_drawn_note, edition=ed.name))
    R.rules("house-force-play")
    R.depends(say(N_("House rule not in play: with force play, a drawn card that fits would have "
                     "to be played at once.")))
    return R.done(
        "legal", say(N_("Legal")),
        say(N_("%(who)s may keep the card just drawn, even if it fits."), who=cap(someone)),
        say(N_("Either way the turn then ends: no other card may be played.")))


def _must_play_drawn(R: RulingBuilder, rules: HouseRules, someone: str) -> Ruling:
    if rules.force_play:
        R.rules("house-force-play")
        R.depends(say(N_("House rule: force play is on: a drawn card that fits must be played "
                         "at once, also when the player drew by choice.")))
    else:
        R.rules("house-draw-to-match")
        R.depends(DRAW_TO_MATCH_ON)
    return R.done(
        "illegal", say(N_("Illegal: the drawn card must be played")),
        say(N_("%(who)s drew a card that fits."), who=cap(someone)),
        say(N_("By the house rule it must be played at once; the turn then ends.")))


def _play_other(R: RulingBuilder, someone: str, drawn: Card | None,
                card: Card | None) -> Ruling:
    R.rules("no-play-after-draw", "draw-instead")
    if drawn and card:
        first = say(N_("%(who)s drew the %(drawn)s and may not then play the %(card)s from "
                       "the hand."), who=cap(someone), drawn=name(drawn), card=name(card))
    else:
        first = say(N_("After drawing, %(who)s may not play a card from the hand, even one "
                       "that matches."), who=someone)
    return R.done("illegal", say(N_("Illegal")), first,
                  say(N_("Only the card just drawn may be played, if it fits; otherwise the "
                         "turn passes.")))
