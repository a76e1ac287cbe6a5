"""The domain's and services' English messages in the page's language, at the edge.

The domain stays standard-library only and speaks English; the web layer translates what it
shows. Each known message shape is a msgid with named placeholders; an English message that
fits one shape is matched back into its values and formatted through the translation, so
the English text stays the one source (a message no shape fits is shown as it is).
"""
from __future__ import annotations

import re
from functools import lru_cache

from flask_babel import gettext


def N_(text: str) -> str:
    """Marks a message for extraction only (babel's default keyword); translated later."""
    return text


CARD_LABELS = (N_("Skip"), N_("Reverse"), N_("Draw Two"), N_("Wild"), N_("Wild Draw Four"),
               N_("Blank"), N_("Cheese Touch"))
# The domain's fixed texts the new-game form shows (editions, scoring systems, house rules).
FORM_TEXTS = (
    N_("The standard deck: numbers, Skip, Reverse, Draw Two, Wild, Wild Draw Four."),
    N_("The standard deck plus 4 Blank cards; forgetting UNO costs 4 cards."),
    N_("The standard deck plus 4 Cheese Touch cards, played only on yellow."),
    N_("Winner takes points"), N_("Lowest total"),
    N_("Whoever goes out scores what the others hold; first to the target wins."),
    N_("Everyone is charged what they hold; when someone reaches the target, the lowest total wins."),
    N_("A 0 left in a hand scores 10 points instead of nothing."),
    N_("A Draw Two or Wild Draw Four may be played on a pending draw; the totals add up."),
    N_("Cards drawn by a player caught not saying UNO (blank: the edition's own)."),
    N_("Points a Blank card is worth (112-card deck only)."),
)
WORDS = (N_("only one"), N_("2 copies"))  # how many copies of a coloured card the deck has
EDITION_NAMES = (N_("Classic (108 cards)"), N_("Classic with Blank cards (112)"),
                 N_("Diary of a Wimpy Kid (112)"))

# Shapes of the messages people meet on the score pad and in the API's `error`, in English as
# the domain (scorekeeper/domain), the services and the API write them.
SHAPES = (
    # domain/scoring.py
    N_("Every player needs a name."),
    N_("'%(name)s…' is too long: a name has at most %(max)s characters."),
    N_("Two players are called '%(name)s': give each player a different name."),
    N_("A game needs %(low)s to %(high)s players; this one has %(count)s."),
    N_("Players must be a list of names, for example [\"Ana\", \"Ben\"]."),
    N_("Unknown scoring %(value)s: choose one of %(choices)s."),
    N_("'held' must map every player's name to the cards they held."),
    N_("Typed totals must map a player's name to a whole number."),
    N_("'%(name)s' is not playing in this game."),
    N_("Nobody went out: exactly one player must have no cards left."),
    N_("Only one player can go out, but %(names)s have no cards: enter the others' cards or typed totals."),
    N_("%(name)s's total must be a whole number from 0 to %(max)s."),
    N_("%(name)s is missing: list their cards, or [] for the player who went out."),
    N_("%(name)s's cards must be a list of tokens."),
    N_("%(name)s has both cards and a typed total: keep one."),
    N_("%(name)s: the %(edition)s deck has no %(card)s card."),
    N_("Too many %(card)s cards: the deck has %(copies)s of it."),
    N_("Too many %(card)s cards: the deck has %(deck)s, but this hand lists %(count)s."),
    # domain/editions.py and cards.py
    N_("Unknown edition %(slug)s: choose one of %(names)s."),
    N_("House rule '%(name)s' must be a whole number from %(low)s to %(high)s."),
    N_("House rule '%(name)s' must be true or false."),
    N_("House rule 'blank_points' only applies to the classic-112 edition."),
    N_("Unknown house rule %(names)s: the known ones are %(known)s."),
    N_("The target must be a whole number of points from 1 to %(max)s."),
    N_("%(token)s is not a card: use a token such as 'red-7', 'skip' or 'wild'."),
    N_("'%(token)s' is not a card we know: use a token such as 'red-7', 'skip' or 'wild'."),
    N_("'%(token)s': a %(card)s card has no colour; write '%(kind)s'."),
    # services
    N_("There is no game with that id."),
    N_("This needs the game's edit key: send 'Authorization: Bearer <edit_key>'."),
    N_("That edit key does not open this game."),
    N_("'request_id' must be a text of 1 to %(max)s characters."),
    N_("A game holds at most %(max)s hands: start a new game to play on."),
    N_("This game is over: raise the target to keep playing."),
    N_("This game has no hand %(number)s."),
    N_("Hand %(number)s was changed on another phone meanwhile."),
    N_("Someone already has %(top)s points: choose a target above %(top)s."),
    N_("The scores cannot be saved right now: the server's storage is full or read-only. "
       "Nothing was changed; tell whoever runs this server."),
    N_("This game is still going: a rematch can start once someone has won."),
    N_("The game is busy: other phones are saving right now. Try again."),
    # api
    N_("'players' is required, for example {\"players\": [\"Ana\", \"Ben\"]}."),
    N_("Send the new target, for example {\"target\": 750}."),
    N_("Send a JSON object in the request body."),
    N_("Unknown field %(names)s: the known ones are %(known)s."),
    N_("'revision' must be the whole number the hand had when you read it."),
    N_("'name' is required, for example {\"name\": \"Kitchen table\"}."),
    N_("That JSON is nested too deeply to read."),
    N_("Text may not contain NUL characters or broken Unicode."),
)
PLACE = re.compile(r"%\((\w+)\)s")


@lru_cache(maxsize=None)
def _pattern(shape: str) -> re.Pattern:
    parts = PLACE.split(shape)
    out, seen = [], set()
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in seen:
            out.append(f"(?P={part})")
        else:
            seen.add(part)
            out.append(f"(?P<{part}>.+?)")
    return re.compile("".join(out), re.S)


def localize(message: str) -> str:
    """`message` in the page's language when its shape is known; as it is otherwise."""
    for shape in SHAPES:
        found = _pattern(shape).fullmatch(message)
        if found:
            values = {k: card_name(v) for k, v in found.groupdict().items()}
            return gettext(shape, **values)
    name, sep, rest = message.partition(": ")
    if sep and rest and localize(rest) != rest:  # "Ana: 'x' is not a card we know: ..."
        return f"{name}: {localize(rest)}"
    return message


def card_name(label: str) -> str:
    """A card or edition name in the page's language; any other value as it is."""
    return gettext(label) if label in CARD_LABELS + EDITION_NAMES + WORDS else label


def fixed_text(text: str) -> str:
    """One of the domain's fixed texts (FORM_TEXTS, names) in the page's language."""
    return gettext(text) if text in FORM_TEXTS else card_name(text)
