"""Keep playing: raise a game's target past the score someone already has."""
from __future__ import annotations

from ..domain.editions import HouseRuleError, parse_target
from ..domain.text import N_, message_of, say
from ..models import Game
from .errors import Invalid
from .games import teams_of
from .hand_scores import is_over, side_totals
from .transactions import write_game


def change_target(game_id: str, target: object) -> None:
    try:
        goal = parse_target(target)
    except HouseRuleError as err:
        raise Invalid(message_of(err), field="target") from None

    def change(game: Game) -> None:
        totals = side_totals(game)  # a team game: the teams' totals; summed by the database
        top = max(totals.values())
        if goal <= top:
            message = (N_("A team already has %(top)s points: choose a target above %(top)s.") if teams_of(game)
                       else N_("Someone already has %(top)s points: choose a target above %(top)s."))
            raise Invalid(say(message, top=top), field="target")
        if is_over(game, totals):  # remembered, so the board still names who reached it first
            game.past_targets = [*game.past_targets, game.target]
        game.target = goal

    write_game(game_id, change)
