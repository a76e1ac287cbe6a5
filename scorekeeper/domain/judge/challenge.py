"""The Wild Draw Four challenge: guilty or innocent, and who draws."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .house import ANY_TIME_ON
from .ruling import Ruling, RulingBuilder
from .text import N_, say
from .wording import CHEESE_IN_HAND, cap, colour_name, listing, who


def judge_challenge(ed: Edition, rules: HouseRules, colour: str, hand: list[Card], *,
                    by: str = "next-player", challenged: str | None = None,
                    challenger: str | None = None, top: Card | None = None,
                    card: Card | None = None) -> Ruling:
    """`top` and `card` (the Wild Draw Four) are only checked against the deck, with `hand`:
    the colour in play, worked out from `top`, is `colour`."""
    R = RulingBuilder("challenge", ed)
    R.rules("challenge", "challenge-who")
    offender = who(challenged, say(N_("the challenged player")))
    victim = who(challenger, say(N_("the challenger")))
    if rules.wild_draw4_any_time:
        return _no_bluffing(R)
    if by != "next-player":
        return _not_the_drawer(R, challenger)
    R.rules("wild-draw-four-restriction", "house-wild-draw4-any-time")
    R.depends(say(N_("House rule not in play: with no bluffing a Wild Draw Four could not be "
                     "challenged, and the next player would simply draw 4.")))
    matching = [c for c in hand if c.colour == colour]
    if matching:
        R.draw("challenged", 4)
        R.depends(say(N_("The sheets do not say who plays next; our reading, as in Mattel's "
                         "rules: %(who)s then plays as usual, on the colour named."), who=victim))
        return R.done(
            "guilty", say(N_("Guilty: %(who)s draws 4"), who=offender),
            say(N_("%(who)s held the %(cards)s, a card of the colour in play (%(colour)s), "
                   "when playing the Wild Draw Four."),
                who=cap(offender), cards=listing(matching), colour=colour_name(colour, "of-colour")),
            say(N_("So %(who)s draws the 4 cards instead of %(victim)s."),
                who=offender, victim=victim))
    R.draw("challenger", 6)
    first = _no_card_of_the_colour(hand, colour, offender)
    if any(c.kind.token == "cheese-touch" for c in hand) and colour == "yellow":
        R.depends(CHEESE_IN_HAND)
    return R.done(
        "innocent", say(N_("Innocent: %(who)s draws 6"), who=victim), first,
        say(N_("The Wild Draw Four was legal: %(who)s draws the 4 plus 2 more (6) and loses "
               "the turn."), who=victim))


def _no_bluffing(R: RulingBuilder) -> Ruling:
    R.rules("house-wild-draw4-any-time")
    R.depends(ANY_TIME_ON)
    R.draw("next-player", 4)
    return R.done(
        "not-allowed", say(N_("No challenge: the house plays no bluffing")),
        say(N_("With no bluffing, a Wild Draw Four may go on any card whatever the hand held, "
               "so there is nothing to challenge.")),
        say(N_("The next player draws 4 and loses the turn.")))


def _not_the_drawer(R: RulingBuilder, challenger: str | None) -> Ruling:
    R.draw("next-player", 4)
    return R.done(
        "not-allowed", say(N_("No challenge: only the player who must draw may challenge")),
        say(N_("Only the player told to draw the 4 may challenge the Wild Draw Four; "
               "%(who)s cannot."), who=who(challenger, say(N_("anyone else")))),
        say(N_("The card stands: the next player draws 4 unless they challenge it "
               "themselves.")))


def _no_card_of_the_colour(hand: list[Card], colour: str, offender):
    """The innocent ruling's first line: naming the other colours held, if any."""
    elsewhere = [c for c in hand if c.colour and c.colour != colour]
    if not elsewhere:
        return say(N_("%(who)s held no %(colour)s card, the colour in play."),
                   who=cap(offender), colour=colour_name(colour, "no-card"))
    return say(N_("%(who)s held no %(colour)s card; the %(cards)s is another colour, "
                  "and only the colour counts.") if len(elsewhere) == 1 else
               N_("%(who)s held no %(colour)s card; the %(cards)s are other colours, "
                  "and only the colour counts."),
               who=cap(offender), colour=colour_name(colour, "no-card"), cards=listing(elsewhere))
