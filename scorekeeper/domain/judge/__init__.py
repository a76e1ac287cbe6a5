"""The judge: a disputed situation in, a ruling out.

`judge(question)` takes the same mapping as the body of `POST /api/judge`
(see docs/judge-api.md) and returns a `Ruling`: a short verdict, who draws how
many, a two-line explanation naming the actual cards, the edition and house
rules it depends on, and the ids of the rules it rests on (anchors on
`/rules/<edition>`). A question that cannot be judged raises `JudgeError` with
a sentence saying what is missing: the judge never guesses.

Standard library only; the rule ids are plain strings so this package does not
depend on the rulebook.

Where things are: `entry_point` checks a question and hands it on; each question
has its own module (`play` and `play_matching`, `challenge`, `uno`, `first_card`,
`drawing`, `stacking`, `two_players`, `going_out`, `empty_draw_pile`,
`cheese_touch`); they share `ruling` (what comes back), `questions` (names,
fields, limits), `reading` (a question's fields), `colour` (the colour in play)
and `wording` (how explanations name cards and people).
"""
from .challenge import judge_challenge
from .cheese_touch import judge_cheese_touch
from .colour import colour_in_play, is_yellow
from .drawing import judge_draw
from .empty_draw_pile import judge_empty_draw_pile
from .entry_point import judge
from .first_card import DIRECTIONS, SEATS, judge_first_card
from .going_out import judge_going_out
from .play import judge_play
from .questions import (
    ALL_FIELDS, CHALLENGERS, CHEESE_SITUATIONS, COMMON_FIELDS, DRAW_ACTIONS, FIELDS, MAX_HAND,
    MAX_NAME, MAX_PENDING, MAX_PLAYERS, MIN_PLAYERS, QUESTIONS, UNO_CAUGHT)
from .reading import (
    check_card, read_bool, read_card, read_choice, read_colour, read_edition, read_hand,
    read_int, read_name, read_players, read_rules)
from .ruling import JudgeError, Ruling
from .stacking import judge_stacking
from .two_players import judge_two_players
from .uno import judge_uno
from .wording import a, cap, listing, name, two_lines, who

__all__ = [
    "ALL_FIELDS", "CHALLENGERS", "CHEESE_SITUATIONS", "COMMON_FIELDS", "DIRECTIONS",
    "DRAW_ACTIONS", "FIELDS", "MAX_HAND", "MAX_NAME", "MAX_PENDING", "MAX_PLAYERS",
    "MIN_PLAYERS", "QUESTIONS", "SEATS", "UNO_CAUGHT",
    "JudgeError", "Ruling", "judge",
    "judge_challenge", "judge_cheese_touch", "judge_draw", "judge_empty_draw_pile",
    "judge_first_card", "judge_going_out", "judge_play", "judge_stacking",
    "judge_two_players", "judge_uno",
    "check_card", "colour_in_play", "is_yellow", "read_bool", "read_card", "read_choice",
    "read_colour", "read_edition", "read_hand", "read_int", "read_name", "read_players",
    "read_rules",
    "a", "cap", "listing", "name", "two_lines", "who",
]
