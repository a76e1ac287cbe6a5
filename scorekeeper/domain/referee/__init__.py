"""The referee: a disputed stretch of plays in, a step-by-step replay out.

`referee(request)` takes the body of `POST /api/referee` (docs/referee-api.md):
the seats, the dealer, the card turned up and the plays, and replays them one by one.
Each step says whether the play was legal (and if not, its fault), who plays next, the
direction, the colour in play, any pending draw, who drew how many and the cards left,
with an explanation and the rule ids it rests on (anchors on `/rules/<edition>`).

One source of truth: legality is the judge's (`judge_play`, `judge_draw`,
`judge_challenge`, `judge_first_card`, `judge_going_out`); the referee only keeps
score of seats, turns and counts between the judge's single rulings.

Where things are: `request` reads and checks the body, `table` is the state between
plays, `opening` applies the card turned up, `turns` judges one play (`seven_o` moves
the hands after a 7 or 0 under that house rule), `replay` runs the loop and shapes the answer. Standard library only.
"""
from .replay import Replay, Step, referee
from .request import MAX_PLAYS, RefereeError

__all__ = ["MAX_PLAYS", "RefereeError", "Replay", "Step", "referee"]
