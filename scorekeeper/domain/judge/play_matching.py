"""Can this card be played? The ordinary case: match the card on top, or play a Wild."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition
from .cheese_touch import cheese_touch_played
from .wording import CHEESE_IN_HAND
from .ruling import JudgeError, Ruling, RulingBuilder
from .text import N_, Nn_, say, say_n
from .wording import TWO_PLAYER_REVERSE, a, cap, colour_name, listing, name

WILDS = ("wild", "wild-draw4")
KIND_RULES = {"skip": "skip", "reverse": "reverse", "draw2": "draw-two"}


def wild_draw_four_restriction(R: RulingBuilder, card: Card, colour: str | None,
                               hand: list[Card] | None, someone: str,
                               pending: int = 0) -> Ruling | None:
    """None when the Wild Draw Four is allowed; an illegal ruling when it is not. With a draw
    `pending`, the player refused takes those cards."""
    R.rules("wild-draw-four", "wild-draw-four-restriction")
    if hand is None:
        raise JudgeError(say(
            N_("To judge a Wild Draw Four, say which other cards the player holds ('hand'); "
               "an empty list if it was their last card.")))
    if colour is None:
        return None  # a Blank on top with nothing called: handled by the caller
    matching = [c for c in hand if c.colour == colour]
    if matching:
        R.rules("challenge")
        R.rules("house-wild-draw4-any-time")
        R.depends(say(N_("House rule not in play: with no bluffing (a Wild Draw Four any "
                         "time) this Wild Draw Four would be legal and could not be "
                         "challenged.")))
        if pending:
            R.draw("player", pending)
        return R.done(
            "illegal", say(N_("Illegal: %(who)s holds a %(colour)s card"),
                           who=someone, colour=colour_name(colour, "a-card")),
            say(N_("%(who)s holds the %(cards)s, a card of the colour in play (%(colour)s), "
                   "so the %(card)s may not be played."), who=cap(someone),
                cards=listing(matching), colour=colour_name(colour), card=name(card)),
            say_n(Nn_("So %(who)s takes the pending %(num)d card and loses the turn.",
                      "So %(who)s takes the pending %(num)d cards and loses the turn."),
                  pending, who=someone) if pending else
            say(N_("If it is played anyway and challenged, the player who played it draws "
                   "the 4.")))
    if any(c.kind.token == "cheese-touch" for c in hand) and colour == "yellow":
        R.depends(CHEESE_IN_HAND)
    return None


def play_match(R: RulingBuilder, ed: Edition, top: Card, card: Card, colour: str | None,
               hand: list[Card] | None, players: int | None, someone: str,
               drew: bool) -> Ruling:
    kind = card.kind.token
    if kind == "blank" or (top.kind.token == "blank" and colour is None and kind not in WILDS):
        return _blank(R, top, card)
    if kind == "wild":
        return _wild(R, top, someone, drew)
    if kind == "wild-draw4":
        return _wild_draw_four(R, top, card, colour, hand, someone)
    if kind == "cheese-touch":
        R.depends(say(N_("Diary of a Wimpy Kid: its leaflet lets the Cheese Touch go only "
                         "on yellow.")))
        return cheese_touch_played(R, top, colour)
    return _coloured(R, ed, top, card, colour, players, someone, drew)


def _blank(R: RulingBuilder, top: Card, card: Card) -> Ruling:
    R.rules("blank-cards")
    R.depends(say(N_("Classic with Blank cards: its leaflet lists the Blanks but gives no "
                     "rule for playing them; the table decides.")))
    return R.done(
        "table-decides", say(N_("The table decides")),
        say(N_("The Blanks leaflet says nothing about playing the %(card)s on %(top)s: "
               "Blank cards are left to the table."), card=name(card), top=a(top)),
        say(N_("Agree on a rule for Blank cards before going on; the judge does not guess.")))


def _wild(R: RulingBuilder, top: Card, someone: str, drew: bool) -> Ruling:
    R.rules("wild", "wild-any-time")
    return R.done(
        "legal", say(N_("Legal")),
        say(N_("A Wild just drawn may be played on any card, %(top)s included, even when the "
               "player holds another playable card.") if drew else
            N_("A Wild may be played on any card, %(top)s included, even when the player "
               "holds another playable card."), top=a(top)),
        say(N_("%(who)s names the colour that continues play (any colour, the current one "
               "included)."), who=cap(someone)))


def _wild_draw_four(R: RulingBuilder, top: Card, card: Card, colour: str | None,
                    hand: list[Card] | None, someone: str) -> Ruling:
    verdict = wild_draw_four_restriction(R, card, colour, hand, someone)
    if verdict is not None:
        return verdict
    if colour is None:
        R.rules("blank-cards")
        return R.done(
            "table-decides", say(N_("The table decides")),
            say(N_("No colour is in play on %(top)s, so the Wild Draw Four's restriction "
                   "cannot be checked."), top=a(top)),
            say(N_("Blank cards are left to the table: say which colour it stands for.")))
    R.draw("next-player", 4)
    same = [c for c in hand or [] if c.colour and c.colour != colour and c.kind == top.kind]
    if same:
        first = say_n(Nn_("%(who)s holds no %(colour)s card; the %(cards)s only matches %(top)s "
                          "by number, which is allowed.",
                          "%(who)s holds no %(colour)s card; the %(cards)s only match %(top)s "
                          "by number, which is allowed.") if top.kind.is_number else
                      Nn_("%(who)s holds no %(colour)s card; the %(cards)s only matches %(top)s "
                          "by symbol, which is allowed.",
                          "%(who)s holds no %(colour)s card; the %(cards)s only match %(top)s "
                          "by symbol, which is allowed."), len({c.token for c in same}),
                      who=cap(someone), colour=colour_name(colour, "no-card"), cards=listing(same),
                      top=a(top))
    else:
        first = say(N_("%(who)s holds no %(colour)s card, the colour in play."),
                    who=cap(someone), colour=colour_name(colour, "no-card"))
    return R.done(
        "legal", say(N_("Legal: the next player draws 4")), first,
        say(N_("The next player draws 4 and loses the turn; they may challenge, but would "
               "draw 6 instead.")))


def _coloured(R: RulingBuilder, ed: Edition, top: Card, card: Card, colour: str | None,
              players: int | None, someone: str, drew: bool) -> Ruling:
    """A coloured card: it matches the colour in play, or the number / symbol on top."""
    R.rules("matching")
    if top.kind.token == "blank":
        R.rules("blank-cards")
        R.depends(say(N_("Classic with Blank cards: Blank cards are left to the table; the "
                         "judge takes %(colour)s, the colour given, as the colour in play."),
                      colour=colour_name(colour)))
    if card.kind.token in KIND_RULES:
        R.rules(KIND_RULES[card.kind.token])
    by = _matches_by(top, card, colour)
    if by is None:
        return _unmatched(R, top, card, colour, drew)
    verdict, second = _what_follows(R, ed, card, players, someone, drew)
    return R.done("legal", verdict, _how_it_matches(R, top, card, colour, by, drew), second)


def _matches_by(top: Card, card: Card, colour: str | None) -> str | None:
    if card.colour == colour:
        return "colour"
    if card.kind == top.kind:
        return "number" if card.kind.is_number else "symbol"
    return None


def _unmatched(R: RulingBuilder, top: Card, card: Card, colour: str | None,
               drew: bool) -> Ruling:
    if top.colour is None:
        against = say(N_("the colour called (%(colour)s) on %(top)s"),
                      colour=colour_name(colour), top=a(top))
    else:
        against = say(N_("%(top)s by colour or number") if top.kind.is_number else
                      N_("%(top)s by colour or symbol"), top=a(top))
    if drew:
        R.rules("draw-when-stuck")
        second = say(N_("After drawing, a card that does not fit stays in the hand and the "
                        "turn passes."))
    else:
        second = say(N_("Play a matching card or a Wild, or draw a card from the draw pile."))
    first = say(N_("The %(card)s (just drawn) does not match %(against)s.") if drew else
                N_("The %(card)s does not match %(against)s."), card=name(card), against=against)
    return R.done("illegal", say(N_("Illegal")), first, second)


MATCHES = {
    "cheese": (N_("The %(card)s matches the Cheese Touch, which counts as a normal yellow card "
                  "once answered."),
               N_("The %(card)s (just drawn) matches the Cheese Touch, which counts as a normal "
                  "yellow card once answered.")),
    "called": (N_("The %(card)s matches the colour called on %(top)s (%(colour)s)."),
               N_("The %(card)s (just drawn) matches the colour called on %(top)s "
                  "(%(colour)s).")),
    "colour": (N_("The %(card)s matches %(top)s by colour."),
               N_("The %(card)s (just drawn) matches %(top)s by colour.")),
    "number": (N_("The %(card)s matches %(top)s by number."),
               N_("The %(card)s (just drawn) matches %(top)s by number.")),
    "symbol": (N_("The %(card)s matches %(top)s by symbol."),
               N_("The %(card)s (just drawn) matches %(top)s by symbol.")),
}


def _how_it_matches(R: RulingBuilder, top: Card, card: Card, colour: str | None, by: str,
                    drew: bool) -> str:
    if top.kind.token == "cheese-touch":
        R.rules("cheese-touch-after")
        by = "cheese"
    elif top.colour is None:
        by = "called"
    return say(MATCHES[by][drew], card=name(card), top=a(top), colour=colour_name(colour))


def _what_follows(R: RulingBuilder, ed: Edition, card: Card, players: int | None,
                  someone: str, drew: bool) -> tuple[str, str]:
    """The verdict and the second line: what the card does to the next player."""
    kind = card.kind.token
    legal = say(N_("Legal"))
    if kind == "draw2":
        R.draw("next-player", 2)
        return (say(N_("Legal: the next player draws 2")),
                say(N_("The next player draws 2 and loses the turn.")))
    if kind == "skip":
        return legal, say(N_("The next player is skipped."))
    if kind == "reverse" and players == 2:
        R.rules("two-players")
        R.depends(TWO_PLAYER_REVERSE)
        return legal, say(N_("With two players, Reverse acts as Skip: %(who)s plays again."),
                          who=someone)
    if kind == "reverse":
        return legal, say(N_("The direction of play reverses."))
    if drew and ed.must_play_drawn:
        return legal, say(N_("A drawn card that fits is played straight away (the Blanks "
                             "leaflet: if "
                             "you drew because nothing fit, you must)."))
    if drew:
        return legal, say(N_("A drawn card that fits may be played straight away, in the same "
                             "turn."))
    return legal, say(N_("Play passes to the next player."))
