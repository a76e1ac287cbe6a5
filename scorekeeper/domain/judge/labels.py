"""Every label the judge shows people: question titles and help, the form's pickers,
choices and legends, the seats at the table. Kept together so that a translation
has one place to start from; rulings word themselves in `wording` and the judges."""
from __future__ import annotations

from .text import N_

# The questions, in the order the judge page lists them.
QUESTIONS: dict[str, str] = {
    "play": N_("Can this card be played?"),
    "challenge": N_("Wild Draw Four challenge"),
    "uno": N_("Forgot to say UNO"),
    "first-card": N_("The first card turned up"),
    "draw": N_("Drawing a card"),
    "stacking": N_("Stacking draw cards"),
    "two-players": N_("Two players"),
    "going-out": N_("Going out on a draw card"),
    "empty-draw-pile": N_("The draw pile is empty"),
    "cheese-touch": N_("The Cheese Touch"),
    "seven-o": N_("Seven-O: a 7 or a 0"),
    "jump-in": N_("Jump-In: out of turn"),
}
QUESTION_HELP = {
    "play": N_("Top card, card played, and (for a Wild Draw Four) their other cards."),
    "challenge": N_("Guilty or innocent, and who draws."),
    "uno": N_("Caught with one card without saying UNO."),
    "first-card": N_("Who starts, which way, who draws, who names the colour."),
    "draw": N_("Play what you drew? Draw instead of playing?"),
    "stacking": N_("A Draw Two or Wild Draw Four on a pending draw."),
    "two-players": N_("Reverse, Skip and draw cards with two players."),
    "going-out": N_("Going out on a Draw Two or Wild Draw Four."),
    "empty-draw-pile": N_("No cards left to draw."),
    "cheese-touch": N_("Diary of a Wimpy Kid deck only."),
    "seven-o": N_("Swap with whom? Which way do the hands go?"),
    "jump-in": N_("An identical card laid out of turn."),
}

# The fields of the web forms, by default and per question.
FIELD_LABELS = {
    "top": N_("Top card of the discard pile"),
    "card": N_("Card played"),
    "drawn": N_("Card drawn this turn"),
    "pending": N_("Draw card waiting"),
    "color": N_("Colour"),
    "hand": N_("Wild Draw Four: the cards of the colour in play they hold"),
}
PICKER_LABELS = {
    ("play", "card"): N_("Card they want to play"),
    ("draw", "card"): N_("Card from the hand they then want to play"),
    ("draw", "drawn"): N_("Card they drew"),
    ("first-card", "card"): N_("Card turned up to start"),
    ("stacking", "card"): N_("Card they want to stack on it"),
    ("two-players", "card"): N_("Card played"),
    ("going-out", "card"): N_("Last card played"),
    ("seven-o", "card"): N_("The 7 or 0 played"),
    ("jump-in", "card"): N_("Card laid out of turn"),
    ("cheese-touch", "top"): N_("Top card (to play the Cheese Touch on)"),
    ("cheese-touch", "card"): N_("Card they answer with"),
    ("challenge", "hand"): N_("Cards of that colour they held when they played it"),
}
COLOUR_LABELS = {
    ("play", "color"): N_("Colour called (only if a Wild is on top)"),
    ("draw", "color"): N_("Colour called (only if a Wild is on top)"),
    ("challenge", "color"): N_("Colour in play when the Wild Draw Four was played"),
    ("stacking", "color"): N_("Colour called (only for a Draw Two on a Wild Draw Four)"),
    ("cheese-touch", "color"): N_("Colour called (only if a Wild is on top)"),
    ("jump-in", "color"): N_("Colour called (only if a Wild is on top)"),
}
NAME_LABELS = {"player": N_("Who (optional)"), "challenged": N_("Who played the Wild Draw Four"),
               "challenger": N_("The challenger's name (optional)")}
CHOICE_LABELS = {
    "caught": {
        "before-second-to-last-card": N_("Before their second-to-last card touched the pile"),
        "before-next-turn": N_("After that, before the next player began their turn"),
        "after-next-turn": N_("After the next player began their turn"),
    },
    "action": {
        "play-drawn": N_("Play the card they just drew"),
        "keep-drawn": N_("Keep the card they drew, though it fits"),
        "play-other-after-draw": N_("Draw, then play a different card from the hand"),
        "draw-instead-of-playing": N_("Draw instead of playing a card they could play"),
        "keep-drawing": N_("Keep drawing until a card fits"),
    },
    "by": {"next-player": N_("The player who must draw the 4"),
           "another-player": N_("Someone else at the table")},
    "drew": {
        "no": N_("No"),
        "this": N_("Yes, and this is the card they drew"),
        "other": N_("Yes, but this card comes from their hand"),
    },
    "direction": {"left": N_("To the left (clockwise)"), "right": N_("To the right (after a Reverse)")},
    "situation": {
        "play": N_("Can the Cheese Touch be played here?"),
        "next-player": N_("It was just played on the next player"),
        "later": N_("It is on the pile and was already answered"),
    },
}
BOOL_LABELS = {"said_uno_first": (N_("Yes, they said UNO first"), N_("No")),
               "cheese_touch_fresh": (N_("Yes, they must answer it now"), N_("No, it was answered")),
               "has_yellow": (N_("Yes"), N_("No")),
               "by_choice": (N_("By choice: a card would have fitted"), N_("Because no card fitted")),
               "last_card": (N_("Yes, it was their last card"), N_("No")),
               "decline_swap": (N_("Yes, they refuse to swap"), N_("No"))}
LEGENDS = {
    "caught": N_("When did the catch come?"), "action": N_("What does the player want to do?"),
    "by": N_("Who challenges?"), "situation": N_("Which moment?"), "drew": N_("Did they draw a card this turn?"),
    "said_uno_first": N_("Did they say UNO before being caught?"),
    "cheese_touch_fresh": N_("If a Cheese Touch is on top: was it just played on this player?"),
    "has_yellow": N_("Do they have a yellow card?"), "by_choice": N_("Why did they draw?"),
    "direction": N_("Which way is play going?"), "last_card": N_("Was it their last card?"),
    "decline_swap": N_("Do they refuse to swap (a 7)?"),
}
# What a picker tile says: the number or symbol, with a word where a symbol alone is cryptic.
SHORT = {"skip": N_("⊘ Skip"), "reverse": N_("⇄ Reverse"), "draw2": "+2", "wild": N_("Wild"),
         "wild-draw4": N_("Wild +4"), "blank": N_("Blank"), "cheese-touch": N_("🧀 Cheese")}

# Where players sit, as the first-card ruling names them.
SEATS = {
    "dealer": N_("the dealer"),
    "left-of-dealer": N_("the player to the dealer's left"),
    "right-of-dealer": N_("the player to the dealer's right"),
    "second-left-of-dealer": N_("the player two seats to the dealer's left"),
}
