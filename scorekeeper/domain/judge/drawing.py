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
        return _keep_drawn(R, ed, someone, by_choice)
    if action == "play-other-after-draw":
        return _play_other(R, someone, drawn, card)
    return FIXED[action](R, someone)


def _draw_instead(R: RulingBuilder, someone: str) -> Ruling:
    R.rules("draw-instead", "play-drawn-card", "no-play-after-draw")
    return R.done(
        "legal", say(N_("Legal")),
        say(N_("%(who)s may draw from the pile instead of laying a card that fits."),
            who=cap(someone)),
        say(N_("Only the drawn card may then be played, if it fits; no other card from the "
               "hand.")))


def _keep_drawing(R: RulingBuilder, someone: str) -> Ruling:
    R.rules("draw-when-stuck", "play-drawn-card")
    return R.done(
        "illegal", say(N_("Illegal: draw one card only")),
        say(N_("A player who cannot play draws one card, not until something fits.")),
        say(N_("If the drawn card can be played it may be; otherwise the turn passes.")))


FIXED = {"draw-instead-of-playing": _draw_instead, "keep-drawing": _keep_drawing}


def _keep_drawn(R: RulingBuilder, ed: Edition, someone: str, by_choice: bool) -> Ruling:
    R.rules("play-drawn-card", "draw-when-stuck")
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
    return R.done(
        "legal", say(N_("Legal")),
        say(N_("%(who)s may keep the card just drawn, even if it fits."), who=cap(someone)),
        say(N_("Either way the turn then ends: no other card may be played.")))


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
