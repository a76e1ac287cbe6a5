"""What a phone needs to number and deal the hands waiting in its outbox without a connection:
the game as the server last showed it (its version, how many hands it holds) and who deals
each of the next round's hands, by the domain's rule (ScoreSheet.dealer). Pages hand it to
their scripts as JSON (data-known); the scripts only count the waiting hands and look up."""
from __future__ import annotations

import json

from ..domain.scoring import ScoreSheet


# The ids of the game's last hands: a waiting hand among them was stored already (its answer
# was lost on the way back) and is not counted twice.
RECENT_IDS = 10


def known_game(game, sheet: ScoreSheet) -> str:
    """{"version", "hands", "dealers", "ids"}: dealers[i] deals hand hands + 1 + i; the deal goes
    round the table, so after len(dealers) hands it is dealers[0] again."""
    count = len(sheet.hands)
    dealers = [sheet.dealer(n) for n in range(count + 1, count + 1 + len(sheet.players))]
    ids = [hand.id for hand in game.hands[-RECENT_IDS:]]
    return json.dumps({"version": game.version, "hands": count, "dealers": dealers, "ids": ids},
                      ensure_ascii=False, separators=(",", ":"))
