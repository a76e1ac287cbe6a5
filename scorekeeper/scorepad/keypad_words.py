"""The keypad script's words in the page's language, handed to it as JSON in a data attribute.

Plurals go as one message per plural category ("one", "few", "many", "other": the names
Intl.PluralRules gives), each made by ngettext from a number in that category, so the
browser picks "1 karta", "2 karty", "5 kart" by the same rules as the server.
"""
from __future__ import annotations

from flask_babel import gettext, ngettext

# A number of each plural category in English and Polish ("other": Polish fractions).
SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}


def plural(singular: str, plural_: str) -> dict[str, str]:
    return {category: ngettext(singular, plural_, n) for category, n in SAMPLES.items()}


def keypad_words() -> dict[str, object]:
    return {
        "card": plural("card", "cards"),
        "point": plural("point", "points"),
        "nCards": plural("{n} card", "{n} cards"),
        "typed": gettext("{total} (typed)"),
        "remove": gettext("Tap to remove"),
        "tapOut": gettext("Tap who went out."),
        "gives": gettext("Saving gives {name} +{points}."),
        "charges": gettext("Saving charges {list}."),
        "noMore": gettext("The deck has no more of that card."),
        "saving": gettext("Saving…"),
        "retrying": gettext("Not saved yet: will retry."),
        "notSaved": gettext("Not saved: {why}"),
        "over": gettext("this game is over."),
        "otherPhone": gettext("A hand you started ({cards}) was never saved, and hand {old} has since "
                              "been saved on another phone. It may be that hand."),
        "useAs": gettext("Use it as hand {number}"),
        "changed": gettext("Your unsaved changes ({cards}) were made before this hand was changed on "
                           "another phone."),
        "useMine": gettext("Use my changes anyway"),
        "earlier": gettext("You started this hand earlier and did not save it."),
        "resume": gettext("Resume the hand you started ({cards})"),
        "waitingNew": gettext("Hand {number}: {name} went out, +{points}, waiting to be sent"),
        "waitingEdit": gettext("Changes to hand {number}, waiting to be sent"),
        "refusedNew": gettext("Hand {number}: {name} went out, +{points}"),  # refused: never "waiting"
        "refusedEdit": gettext("Changes to hand {number}"),
        # what the server would refuse, in its own words (forms.py, hand_form.py)
        "needOut": gettext("Tap the player who went out."),
        "needCards": gettext("Tap the cards left in %(name)s's hand, or type their total.", name="{name}"),
    }
