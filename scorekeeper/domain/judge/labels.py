"""Every label the judge shows people: question titles and help, the form's pickers,
choices and legends, the seats at the table. Kept together so that a translation
has one place to start from; rulings word themselves in `wording` and the judges."""
from __future__ import annotations

from .text import N_

# The questions, in the order the judge page lists them.
QUESTIONS: dict[str, str] = {
    "play": "Can this card be played?",
    "challenge": "Wild Draw Four challenge",
    "uno": "Forgot to say UNO",
    "first-card": "The first card turned up",
    "draw": "Drawing a card",
    "stacking": "Stacking draw cards",
    "two-players": "Two players",
    "going-out": "Going out on a draw card",
    "empty-draw-pile": "The draw pile is empty",
    "cheese-touch": "The Cheese Touch",
}
QUESTION_HELP = {
    "play": "Top card, card played, and (for a Wild Draw Four) their other cards.",
    "challenge": "Guilty or innocent, and who draws.",
    "uno": "Caught with one card without saying UNO.",
    "first-card": "Who starts, which way, who draws, who names the colour.",
    "draw": "Play what you drew? Draw instead of playing?",
    "stacking": "A Draw Two or Wild Draw Four on a pending draw.",
    "two-players": "Reverse, Skip and draw cards with two players.",
    "going-out": "Going out on a Draw Two or Wild Draw Four.",
    "empty-draw-pile": "No cards left to draw.",
    "cheese-touch": "Diary of a Wimpy Kid deck only.",
}

# The fields of the web forms, by default and per question.
FIELD_LABELS = {
    "top": "Top card of the discard pile",
    "card": "Card played",
    "drawn": "Card drawn this turn",
    "pending": "Draw card waiting",
    "color": "Colour",
    "hand": "Wild Draw Four: the cards of the colour in play they hold",
}
PICKER_LABELS = {
    ("play", "card"): "Card they want to play",
    ("draw", "card"): "Card from the hand they then want to play",
    ("draw", "drawn"): "Card they drew",
    ("first-card", "card"): "Card turned up to start",
    ("stacking", "card"): "Card they want to stack on it",
    ("two-players", "card"): "Card played",
    ("going-out", "card"): "Last card played",
    ("cheese-touch", "top"): "Top card (to play the Cheese Touch on)",
    ("cheese-touch", "card"): "Card they answer with",
    ("challenge", "hand"): "Cards of that colour they held when they played it",
}
COLOUR_LABELS = {
    ("play", "color"): "Colour called (only if a Wild is on top)",
    ("draw", "color"): "Colour called (only if a Wild is on top)",
    ("challenge", "color"): "Colour in play when the Wild Draw Four was played",
    ("stacking", "color"): "Colour called (only for a Draw Two on a Wild Draw Four)",
    ("cheese-touch", "color"): "Colour called (only if a Wild is on top)",
}
NAME_LABELS = {"player": "Who (optional)", "challenged": "Who played the Wild Draw Four",
               "challenger": "Who challenges"}
CHOICE_LABELS = {
    "caught": {
        "before-second-to-last-card": "Before their second-to-last card touched the pile",
        "before-next-turn": "After that, before the next player began their turn",
        "after-next-turn": "After the next player began their turn",
    },
    "action": {
        "play-drawn": "Play the card they just drew",
        "keep-drawn": "Keep the card they drew, though it fits",
        "play-other-after-draw": "Draw, then play a different card from the hand",
        "draw-instead-of-playing": "Draw instead of playing a card they could play",
        "keep-drawing": "Keep drawing until a card fits",
    },
    "by": {"next-player": "The player who must draw the 4",
           "another-player": "Someone else at the table"},
    "drew": {
        "no": "No",
        "this": "Yes, and this is the card they drew",
        "other": "Yes, but this card comes from their hand",
    },
    "situation": {
        "play": "Can the Cheese Touch be played here?",
        "next-player": "It was just played on the next player",
        "later": "It is on the pile and was already answered",
    },
}
BOOL_LABELS = {"said_uno_first": ("Yes, they said UNO first", "No"),
               "cheese_touch_fresh": ("Yes, they must answer it now", "No, it was answered"),
               "has_yellow": ("Yes", "No"),
               "by_choice": ("By choice: a card would have fitted", "Because no card fitted")}
LEGENDS = {
    "caught": "When did the catch come?", "action": "What does the player want to do?",
    "by": "Who challenges?", "situation": "Which moment?", "drew": "Did they draw a card this turn?",
    "said_uno_first": "Did they say UNO before being caught?",
    "cheese_touch_fresh": "If a Cheese Touch is on top: was it just played on this player?",
    "has_yellow": "Do they have a yellow card?", "by_choice": "Why did they draw?",
}
# What a picker tile says: the number or symbol, with a word where a symbol alone is cryptic.
SHORT = {"skip": "⊘ Skip", "reverse": "⇄ Reverse", "draw2": "+2", "wild": "Wild",
         "wild-draw4": "Wild +4", "blank": "Blank", "cheese-touch": "🧀 Cheese"}

# Where players sit, as the first-card ruling names them.
SEATS = {
    "dealer": N_("the dealer"),
    "left-of-dealer": N_("the player to the dealer's left"),
    "right-of-dealer": N_("the player to the dealer's right"),
    "second-left-of-dealer": N_("the player two seats to the dealer's left"),
}
