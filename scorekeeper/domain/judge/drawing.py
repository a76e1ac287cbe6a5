"""Drawing a card: what may be played, or kept, afterwards."""
from __future__ import annotations

from typing import Mapping

from ..editions import Edition, HouseRules
from .play import judge_play
from .reading import read_bool, read_card, read_colour, read_hand, read_name, read_players
from .ruling import Ruling, RulingBuilder
from .wording import cap, name, who


def judge_draw(ed: Edition, rules: HouseRules, action: str, q: Mapping) -> Ruling:
    R = RulingBuilder("draw", ed)
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
