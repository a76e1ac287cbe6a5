"""The house rules of issue 39 that have questions of their own (Seven-O, Jump-In) or that
change another question's answer (no bluffing). Each ruling a house rule decides cites that
rule's anchor and says so; with the rule off, a ruling it would change says that too."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .colour import colour_in_play
from .ruling import JudgeError, Ruling, RulingBuilder
from .text import N_, say
from .wording import a, cap, name, who

SEVEN_O_ON = say(N_("House rule: Seven-O is on (a 7 swaps hands, a 0 passes them); the "
                    "official rules give 7 and 0 no effect."))
JUMP_IN_ON = say(N_("House rule: Jump-In is on: a card identical to the top card may be laid "
                    "out of turn."))
ANY_TIME_ON = say(N_("House rule: no bluffing is on: a Wild Draw Four may go on any card and "
                     "cannot be challenged."))
# Cards that never jump in: nothing can be identical to them in a way that counts.
NEVER_JUMP = ("wild", "wild-draw4", "cheese-touch", "blank")
SEVEN_O_CARDS = ("7", "0")


def judge_seven_o(ed: Edition, rules: HouseRules, card: Card, direction: str = "left",
                  players: int | None = None, last_card: bool = False,
                  decline_swap: bool = False, player: str | None = None) -> Ruling:
    R = RulingBuilder("seven-o", ed)
    R.rules("house-seven-o")
    someone = who(player, say(N_("the player")))
    seven = card.kind.token == "7"
    if not rules.seven_o:
        R.depends(say(N_("House rule not in play: with Seven-O a 7 would make its player swap "
                         "hands with a player of their choice, and a 0 would pass every hand "
                         "to the next player.")))
        return R.done("no-effect", say(N_("No effect: Seven-O is not in play")),
                      say(N_("Without the Seven-O house rule the %(card)s is an ordinary number "
                             "card."), card=name(card)),
                      say(N_("Nobody swaps or passes hands; play goes on as usual.")))
    R.depends(SEVEN_O_ON)
    if last_card:
        R.rules("going-out")
        return R.done("hand-over", say(N_("The hand is over: no swap")),
                      say(N_("The %(card)s was %(who)s's last card, so the hand is over."),
                          card=name(card), who=someone),
                      say(N_("Seven-O has no effect on a last card: count the other hands.")))
    if seven and decline_swap:
        return R.done("illegal", say(N_("Illegal: the swap is not optional")),
                      say(N_("With Seven-O, %(who)s must swap hands after laying the %(card)s."),
                          who=someone, card=name(card)),
                      say(N_("They choose whom to swap with (never themselves), but they must "
                             "swap.")))
    if seven:
        return R.done("swap", say(N_("Swap: %(who)s swaps hands"), who=someone),
                      say(N_("After laying the %(card)s, %(who)s exchanges the rest of their "
                             "hand with a player of their choice."), card=name(card), who=someone),
                      say(N_("Then play goes on as after any number card; a player handed one "
                             "card must still say UNO.")))
    two = players == 2
    way = (N_("With two players the two hands are simply exchanged.") if two else
           N_("Everyone passes their hand to the next player to the left (clockwise).")
           if direction == "left" else
           N_("Everyone passes their hand to the next player to the right (anticlockwise)."))
    return R.done("pass-left" if direction == "left" else "pass-right",
                  say(N_("Pass: every hand moves one seat on")),
                  say(N_("After %(who)s lays the %(card)s, every player passes their hand on "
                         "in the direction of play."), who=someone, card=name(card)),
                  say(way))


def judge_jump_in(ed: Edition, rules: HouseRules, top: Card, card: Card,
                  color: str | None = None, players: int | None = None,
                  player: str | None = None) -> Ruling:
    R = RulingBuilder("jump-in", ed)
    R.rules("house-jump-in")
    colour_in_play(top, color)  # a Wild on top needs its colour, as for any question
    someone = who(player, say(N_("the player")))
    identical = card.token == top.token and card.kind.token not in NEVER_JUMP
    if not rules.jump_in:
        R.rules("dealing")
        R.depends(say(N_("House rule not in play: with Jump-In a card identical to the top "
                         "card (same colour, same number or symbol; never a Wild) could be "
                         "laid out of turn.")) if identical else
                  say(N_("House rule not in play: even with Jump-In only a card identical to "
                         "the top card could be laid out of turn, and the %(card)s is not."),
                      card=name(card)))
        return R.done("illegal", say(N_("Illegal: it is not %(who)s's turn"), who=someone),
                      say(N_("Without the Jump-In house rule nobody plays out of turn.")),
                      say(N_("%(who)s waits for their turn to play the %(card)s."),
                          who=cap(someone), card=name(card)))
    R.depends(JUMP_IN_ON)
    if not identical:
        why = (say(N_("A %(card)s never jumps in: only coloured cards can be identical."),
                   card=name(card)) if card.kind.token in NEVER_JUMP else
               say(N_("The %(card)s is not identical to %(top)s: a jump-in needs the same "
                      "colour and the same number or symbol."), card=name(card), top=a(top)))
        return R.done("illegal", say(N_("Illegal: not an identical card")), why,
                      say(N_("%(who)s waits for their turn."), who=cap(someone)))
    R.rules("matching")
    if card.kind.token == "draw2":
        R.rules("draw-two")
        R.draw("next-player", 2)
    return R.done("legal", say(N_("Legal: %(who)s jumps in"), who=someone),
                  say(N_("The %(card)s is identical to %(top)s, so %(who)s may lay it at once, "
                         "out of turn."), card=name(card), top=a(top), who=someone),
                  say(_FROM_THE_JUMPER.get(card.kind.token, N_(
                      "Play goes on from %(who)s as if it were their turn; the players passed "
                      "over lose that turn.")), who=someone))


_FROM_THE_JUMPER = {
    "draw2": N_("The player after %(who)s draws 2 and loses the turn; the Draw Two jumped on "
                "still charges its own victim: the penalties do not add up."),
    "skip": N_("The player after %(who)s is skipped; the players passed over lose that turn."),
    "reverse": N_("Play turns back from %(who)s; the players passed over lose that turn."),
}


def wild_draw_four_any_time(R: RulingBuilder, top: Card) -> Ruling:
    R.rules("wild-draw-four", "house-wild-draw4-any-time")
    R.depends(ANY_TIME_ON)
    R.draw("next-player", 4)
    return R.done("legal", say(N_("Legal: the next player draws 4")),
                  say(N_("With no bluffing, a Wild Draw Four may go on %(top)s whatever else "
                         "the player holds."), top=a(top)),
                  say(N_("The next player draws 4 and loses the turn; there is no challenge.")))


def check_seven_o_card(card: Card) -> None:
    if card.kind.token not in SEVEN_O_CARDS:
        raise JudgeError(say(N_("'card' must be a 7 or a 0 for a Seven-O question (for example "
                                "'7' or 'red-0'), not the %(card)s."), card=name(card)))
