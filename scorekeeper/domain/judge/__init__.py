"""The judge: a disputed situation in, a ruling out.

`judge(question)` takes the same mapping as the body of `POST /api/judge`
(see docs/judge-api.md) and returns a `Ruling`: a short verdict, who draws how
many, a two-line explanation naming the actual cards, the edition and house
rules it depends on, and the ids of the rules it rests on (anchors on
`/rules/<edition>`). A question that cannot be judged raises `JudgeError` with
a sentence saying what is missing: the judge never guesses.

Standard library only; the rule ids are plain strings so this package does not
depend on the rulebook.

Where things are: `entry_point` holds the dispatch table, question → parser
(`parsers`, reading fields with `reading`) → judge function. Each question has its
own judge module (`play` and `play_matching`, `challenge`, `uno`, `first_card`,
`drawing`, `stacking`, `two_players`, `going_out`, `empty_draw_pile`,
`cheese_touch`, and `house` for Seven-O, Jump-In and no bluffing); `stacking` is the only judge of a pending draw and `cheese_touch`
the only judge of a fresh Cheese Touch. They share `ruling` (what comes back),
`effects` (what a card does to the next player), `colour` (the colour in play) and
`wording` (how explanations name cards and people). `questions` holds names,
fields and limits; `labels` every label the pages show.
"""
from .challenge import judge_challenge
from .cheese_touch import judge_cheese_touch
from .drawing import judge_draw
from .empty_draw_pile import judge_empty_draw_pile
from .entry_point import JUDGES, judge
from .first_card import judge_first_card
from .going_out import judge_going_out
from .house import judge_jump_in, judge_seven_o
from .labels import (
    BOOL_LABELS, CHOICE_LABELS, COLOUR_LABELS, FIELD_LABELS, LEGENDS, NAME_LABELS,
    PICKER_LABELS, QUESTION_HELP, SEATS, SHORT)
from .play import judge_play
from .questions import (
    ALL_FIELDS, CHALLENGERS, CHEESE_SITUATIONS, COMMON_FIELDS, DRAW_ACTIONS, FIELDS, MAX_HAND,
    MAX_NAME, MAX_PENDING, MAX_PLAYERS, MIN_PLAYERS, QUESTIONS, UNO_CAUGHT)
from .ruling import JudgeError, Ruling
from .stacking import judge_stacking
from .two_players import judge_two_players
from .uno import judge_uno

__all__ = [
    "ALL_FIELDS", "CHALLENGERS", "CHEESE_SITUATIONS", "COMMON_FIELDS", "DRAW_ACTIONS",
    "FIELDS", "JUDGES", "MAX_HAND", "MAX_NAME", "MAX_PENDING", "MAX_PLAYERS", "MIN_PLAYERS",
    "QUESTIONS", "UNO_CAUGHT",
    "BOOL_LABELS", "CHOICE_LABELS", "COLOUR_LABELS", "FIELD_LABELS", "LEGENDS", "NAME_LABELS",
    "PICKER_LABELS", "QUESTION_HELP", "SEATS", "SHORT",
    "JudgeError", "Ruling", "judge",
    "judge_challenge", "judge_cheese_touch", "judge_draw", "judge_empty_draw_pile",
    "judge_first_card", "judge_going_out", "judge_jump_in", "judge_play", "judge_seven_o", "judge_stacking",
    "judge_two_players", "judge_uno",
]
