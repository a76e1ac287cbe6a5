"""How explanations name cards, colours and people: as `Text`, so they translate."""
from __future__ import annotations

from ..cards import Card
from .text import N_, Text, say, say_in

TWO_PLAYER_REVERSE = say(N_("Two players: Reverse acts as Skip (official Mattel rule)."))
CHEESE_SHEET = say(N_("Diary of a Wimpy Kid: the Cheese Touch, as its leaflet describes it."))
CHEESE_IN_HAND = say(N_(
    "The Wimpy Kid leaflet does not say whether a Cheese Touch in a hand counts as yellow; "
    "our reading counts only yellow cards, here as for the Wild Draw Four."))

KIND_NAMES = {"skip": N_("Skip"), "reverse": N_("Reverse"), "draw2": N_("Draw Two"),
              "wild": N_("Wild"), "wild-draw4": N_("Wild Draw Four"), "blank": N_("Blank"),
              "cheese-touch": N_("Cheese Touch")}
COLOUR_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"),
                "blue": N_("blue")}
# A coloured card: the number and the action take different word orders in Polish.
COLOURED_NUMBER = {"red": N_("red %(number)s"), "yellow": N_("yellow %(number)s"),
                   "green": N_("green %(number)s"), "blue": N_("blue %(number)s")}
COLOURED_ACTION = {"red": N_("red %(action)s"), "yellow": N_("yellow %(action)s"),
                   "green": N_("green %(action)s"), "blue": N_("blue %(action)s")}


def kind_name(card: Card) -> Text | str:
    token = card.kind.token
    return say(KIND_NAMES[token]) if token in KIND_NAMES else card.kind.label


def name(card: Card) -> Text:
    """A card as the explanation says it: 'red 7', 'blue Draw Two', 'Wild Draw Four'."""
    if not card.colour:
        return say("%(card)s", card=kind_name(card))
    if card.kind.is_number:
        return say(COLOURED_NUMBER[card.colour], number=card.kind.label)
    return say(COLOURED_ACTION[card.colour], action=kind_name(card))


# Where a colour qualifies a card the player has or lacks, Polish declines it ("nie ma żadnej
# czerwonej karty", "ma czerwoną kartę", "karta koloru czerwonego"): each use is its own
# gettext context.
COLOUR_FORMS = {"no-card": "colour of no card", "a-card": "colour of a card held",
                "of-colour": "a card of the colour"}


def colour_name(colour: str | None, form: str | None = None) -> Text | str:
    if colour not in COLOUR_NAMES:
        return str(colour)
    return say_in(COLOUR_FORMS[form], COLOUR_NAMES[colour]) if form else say(COLOUR_NAMES[colour])


def cap(text: str) -> str:
    if isinstance(text, Text):
        return text.capitalised()
    return text[:1].upper() + text[1:]


def a(card: Card) -> Text:
    """'the red 7' reads better than 'a red 7' when naming a card on the table."""
    return say(N_("the %(card)s"), card=name(card))


def listing(cards: list[Card]) -> Text:
    names = sorted({name(c) for c in cards}, key=str)
    if len(names) <= 1:
        return say("%(card)s", card=names[0] if names else "")
    return say(N_("%(cards)s and %(last)s"), cards=_commas(names[:-1]), last=names[-1])


def _commas(names: list[Text]) -> Text:
    if len(names) == 1:
        return say("%(card)s", card=names[0])
    return say(N_("%(cards)s, %(card)s"), cards=_commas(names[:-1]), card=names[-1])


def two_lines(first: str, second: str) -> Text:
    return say("%(first)s\n%(second)s", first=first, second=second)


def who(name_: str | None, role: str) -> str:
    return name_ or role
