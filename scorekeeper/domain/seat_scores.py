"""What one hand adds to each seat under BOTH scoring systems, teams included: the numbers
the per-hand-and-seat rows keep (services/hand_scores.py), so that any total is a sum.

Lowest total charges each player what they `held`. Winner takes points gives the hand's
winner what everyone held (`gained`). In a team game played to winner takes points the
winner's team scores what the *other* teams held (`team_gained`, kept on the winner's row
only, so a team's total is the sum over its seats); a team's lowest total is its seats'
`held` summed. `went_out`: the seat is the hand's winner (build_hand decides who went out),
kept so that no reader tells the winner from the cards again.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from .scoring import Hand, hand_points
from .teams import Teams, TeamScoring
from .systems import WINNER_TAKES_POINTS


class SeatScore(NamedTuple):
    held: int
    gained: int
    team_gained: int | None  # None outside a team game
    went_out: bool


def seat_scores(hand: Hand, values: Mapping[str, int], teams: Teams | None = None) -> dict[str, SeatScore]:
    """Each player's numbers for this hand (card `values`: editions.point_values)."""
    points = hand_points(hand, values)
    everyone = sum(points.values())
    won_by_team = TeamScoring.of(WINNER_TAKES_POINTS, teams).won_by_going_out(hand.winner, points) \
        if teams else None
    return {name: SeatScore(held, everyone if name == hand.winner else 0,
                            None if won_by_team is None else (won_by_team if name == hand.winner else 0),
                            name == hand.winner)
            for name, held in points.items()}
