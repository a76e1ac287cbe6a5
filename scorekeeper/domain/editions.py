"""Deck editions and the house rules a table can switch on.

Each edition says which cards its deck holds and how many, and where the rule
sheets for it differ from the others (the UNO penalty, the first Reverse, a drawn card).
The judge, the referee and the pages ask these fields and never compare a slug, so a new
edition is a row here, its rules in the rulebook, and any new card in the catalogue.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Mapping

from .text import N_, say
from .cards import ACTION_KINDS, KINDS, NUMBER_KINDS, WILD_KINDS, COLOURS

DEFAULT_BLANK_POINTS = 40
MAX_TARGET = 100_000
MAX_BLANK_POINTS = 500
MAX_UNO_PENALTY = 20
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # at one table, for a game and for the judge


class HouseRuleError(ValueError):
    """House rules that cannot be applied."""


@dataclass(frozen=True)
class Edition:
    slug: str
    name: str  # Text, as are the messages: pages show them in their language
    short: str  # one line for the new-game form
    extra: str | None  # token of the edition's extra card, if any
    uno_penalty: int
    first_reverse: str  # "dealer-first" or "dealer-right-first"
    tab_name: str  # Text: the rules pages' edition switch
    first_player_note: str  # message id (with %(edition)s): whose sheet says who plays first
    must_play_drawn: bool  # a drawn card that fits must be played when nothing fitted before
    keep_drawn_note: str  # message id: whose sheet lets the player keep a drawn card

    @property
    def deck(self) -> dict[str, int]:
        """Copies of each kind in the whole deck."""
        counts = {k.token: k.per_colour * len(COLOURS) for k in NUMBER_KINDS + ACTION_KINDS}
        counts.update({k.token: 4 for k in WILD_KINDS})
        if self.extra:
            counts[self.extra] = 4
        return counts


EDITIONS: dict[str, Edition] = {
    e.slug: e
    for e in (
        Edition(
            "classic", say(N_("Classic (108 cards)")),
            say(N_("The standard deck: numbers, Skip, Reverse, Draw Two, Wild, Wild Draw Four.")),
            None, 2, "dealer-first", say(N_("Classic")),
            N_("%(edition)s: the dealer plays first, as the 108-card leaflet says; the "
               "official-rules web page has the dealer's right start."),
            False,
            N_("%(edition)s: a drawn card that fits may be kept, as the official-rules web page "
               "says; the Blanks leaflet says it must be played."),
        ),
        Edition(
            "classic-112", say(N_("Classic with Blank cards (112)")),
            say(N_("The standard deck plus 4 Blank cards; forgetting UNO costs 4 cards.")),
            "blank", 4, "dealer-right-first", say(N_("Classic + Blanks")),
            N_("%(edition)s: the player to the dealer's right plays first, as its leaflet says; "
               "the 108-card leaflet has the dealer start."),
            True,
            N_("Classic with Blank cards: drawing by choice leaves the drawn card up to the "
               "player, as its leaflet says."),
        ),
        Edition(
            "wimpy-kid", say(N_("Diary of a Wimpy Kid (112)")),
            say(N_("The standard deck plus 4 Cheese Touch cards, played only on yellow.")),
            "cheese-touch", 2, "dealer-first", say(N_("Wimpy Kid")),
            N_("%(edition)s: the dealer plays first, as its leaflet says; the Blanks leaflet "
               "has the dealer's right start."),
            False,
            N_("%(edition)s: a drawn card that fits may be kept, as its leaflet says; the Blanks "
               "leaflet says it must be played."),
        ),
    )
}
DEFAULT_EDITION = "classic"


def editions_with(card: str) -> list[Edition]:
    """The editions whose deck has this extra card (a Cheese Touch question needs one)."""
    return [e for e in EDITIONS.values() if e.extra == card]


def get_edition(slug: object) -> Edition:
    if isinstance(slug, str) and slug in EDITIONS:
        return EDITIONS[slug]
    names = ", ".join(EDITIONS)
    raise HouseRuleError(say(N_("Unknown edition %(slug)s: choose one of %(names)s."),
                             slug=repr(slug), names=names))


STACKING_MODES = (False, True, "same-kind", "equal-or-higher")
# Issue 39's house rules: off by default, and stored or shown only when on, so a game or a
# question that leaves them out reads exactly as it did before they existed.
PLAY_RULES = ("seven_o", "jump_in", "draw_to_match", "force_play", "wild_draw4_any_time")


@dataclass(frozen=True)
class HouseRules:
    zero_counts_ten: bool = False
    stacking: bool | str = False  # one of STACKING_MODES; True is the house-rules page's reading
    uno_penalty: int | None = None  # None: the edition's own
    blank_points: int = DEFAULT_BLANK_POINTS
    seven_o: bool = False
    jump_in: bool = False
    draw_to_match: bool = False
    force_play: bool = False
    wild_draw4_any_time: bool = False

    def as_dict(self, edition: Edition) -> dict:
        """The rules as stored and shown; Blank's value only where the deck has Blanks, and
        the play rules only when on."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        if edition.extra != "blank":
            del values["blank_points"]
        for name in PLAY_RULES:
            if not values[name]:
                del values[name]
        return values

    def names(self) -> list:
        """The house rules in play as the scoreboard, the table and the judge name them (Texts;
        the Blank cards' points are the edition's setting and are named beside them)."""
        names = [say(HOUSE_RULE_NAMES[name]) for name in ("zero_counts_ten", *PLAY_RULES)
                 if getattr(self, name)]
        if self.stacking:
            names.insert(int(self.zero_counts_ten), say(STACKING_NAMES[self.stacking]))
        if self.uno_penalty is not None:
            names.append(say(N_("UNO penalty %(n)s"), n=self.uno_penalty))
        return names


HOUSE_RULE_NAMES = {"zero_counts_ten": N_("0 counts as 10"), "seven_o": N_("Seven-O"),
                    "jump_in": N_("Jump-In"), "draw_to_match": N_("Draw until you can play"),
                    "force_play": N_("Force play"), "wild_draw4_any_time": N_("No bluffing")}
STACKING_NAMES = {True: N_("stacking draws"), "same-kind": N_("progressive stacking"),
                  "equal-or-higher": N_("stacking equal or higher")}


HOUSE_RULE_HELP = {
    "zero_counts_ten": say(N_("A 0 left in a hand scores 10 points instead of nothing.")),
    "stacking": say(N_("A Draw Two or Wild Draw Four may be played on a pending draw; the totals add up.")),
    "uno_penalty": say(N_("Cards drawn by a player caught not saying UNO (blank: the edition's own).")),
    "blank_points": say(N_("Points a Blank card is worth (112-card deck only).")),
    "seven_o": say(N_("A 7 swaps hands with a player you choose; a 0 passes every hand on.")),
    "jump_in": say(N_("A card identical to the top card may be laid out of turn.")),
    "draw_to_match": say(N_("Keep drawing until a card fits, then play it.")),
    "force_play": say(N_("A drawn card that fits must be played at once.")),
    "wild_draw4_any_time": say(N_("A Wild Draw Four goes on any card and cannot be challenged.")),
}
STACKING_HELP = {
    "same-kind": say(N_("A Draw Two only on a Draw Two, a Wild Draw Four only on a Wild Draw "
                        "Four.")),
    "equal-or-higher": say(N_("A Draw Two or Wild Draw Four on a Draw Two, only a Wild Draw Four "
                              "on a Wild Draw Four.")),
}


def _int_in(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HouseRuleError(say(N_("House rule '%(name)s' must be a whole number from %(low)d to "
                                    "%(high)d."), name=name, low=low, high=high))
    return value


def parse_house_rules(raw: object, edition: Edition) -> HouseRules:
    """Validate a house-rules mapping; unknown keys are an error, never ignored."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise HouseRuleError(say(N_("House rules must be an object such as %(example)s."),
                                 example='{"zero_counts_ten": true}'))
    known = {f.name for f in fields(HouseRules)}
    unknown = sorted(str(k) for k in raw if k not in known)
    if unknown:
        raise HouseRuleError(say(N_("Unknown house rule %(unknown)s: the known ones are %(known)s."),
                                 unknown=", ".join(unknown), known=", ".join(sorted(known))))
    rules = HouseRules()
    for name in ("zero_counts_ten", *PLAY_RULES):
        if name in raw:
            if not isinstance(raw[name], bool):
                raise HouseRuleError(say(N_("House rule '%(name)s' must be true or false."),
                                         name=name))
            rules = replace(rules, **{name: raw[name]})
    if "stacking" in raw:
        rules = replace(rules, stacking=_stacking_mode(raw["stacking"]))
    if raw.get("uno_penalty") is not None:
        rules = replace(rules, uno_penalty=_int_in(raw["uno_penalty"], "uno_penalty", 0, MAX_UNO_PENALTY))
    if "blank_points" in raw:
        if edition.extra != "blank":
            raise HouseRuleError(say(N_("House rule 'blank_points' only applies to the "
                                        "classic-112 edition.")))
        rules = replace(rules, blank_points=_int_in(raw["blank_points"], "blank_points", 0, MAX_BLANK_POINTS))
    return rules


def _stacking_mode(value: object) -> bool | str:
    if isinstance(value, bool) or (isinstance(value, str) and value in STACKING_MODES):
        return value
    raise HouseRuleError(say(N_("House rule 'stacking' must be true, false, \"same-kind\" or "
                                "\"equal-or-higher\" (it says %(raw)s)."), raw=repr(value)))


def uno_penalty(edition: Edition, rules: HouseRules) -> int:
    return edition.uno_penalty if rules.uno_penalty is None else rules.uno_penalty


def point_values(edition: Edition, rules: HouseRules) -> dict[str, int]:
    """Points for each kind in this edition's deck under these house rules."""
    values = {token: KINDS[token].base_points for token in edition.deck}
    if rules.zero_counts_ten:
        values["0"] = 10
    if "blank" in values:
        values["blank"] = rules.blank_points
    return values


def parse_target(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TARGET:
        raise HouseRuleError(say(N_("The target must be a whole number of points from 1 to %(max)s."),
                                 max=MAX_TARGET))
    return value
