"""Scoring systems: how a hand adds up, who is best, and when a game ends.

Every rule that differs between systems is a field or method here; pages, services and the
API ask a system rather than compare its slug. A new variant (teams of two, say) is one more
entry in SYSTEMS. The slug is what games store and the API sends.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .text import N_, Text, say


@dataclass(frozen=True)
class ScoringSystem:
    slug: str
    name: Text
    help: Text
    winner_takes_hand: bool  # the hand's winner scores what the others hold (else each pays their own)
    best_is_highest: bool  # who leads: the highest total, or the lowest
    ending: str  # why the game ended, with %(target)s and %(n)s (the hand)

    def add_hand(self, totals: Mapping[str, int], winner: str,
                 points: Mapping[str, int]) -> dict[str, int]:
        """The totals after one more hand, given each player's points in it."""
        after = dict(totals)
        if self.winner_takes_hand:
            after[winner] += sum(points.values())
        else:
            for name, p in points.items():
                after[name] += p
        return after

    def gained(self, name: str, winner: str, points: Mapping[str, int]) -> int:
        """What one hand adds to `name`'s total."""
        if self.winner_takes_hand:
            return sum(points.values()) if name == winner else 0
        return points[name]

    def best(self, scores: Mapping[str, int]) -> int:
        return (max if self.best_is_highest else min)(scores.values())

    def leaders(self, scores: Mapping[str, int], players: Sequence[str]) -> list[str]:
        """Whoever holds the best score, in seat order (ties shared)."""
        best = self.best(scores)
        return [n for n in players if scores[n] == best]

    def ranked(self, scores: Mapping[str, int], players: Sequence[str]) -> list[str]:
        """Players best first; equal scores keep seat order."""
        sign = -1 if self.best_is_highest else 1
        return sorted(players, key=lambda n: (sign * scores[n], players.index(n)))

    @staticmethod
    def is_over(totals: Mapping[str, int], target: int) -> bool:
        """Whether these totals end the game: someone reached the target."""
        return bool(totals) and max(totals.values()) >= target

    def ended(self, target: int, hand_number: int) -> Text:
        return say(self.ending, target=target, n=hand_number)


WINNER_TAKES_POINTS = "winner-takes-points"
LOWEST_TOTAL = "lowest-total"
SYSTEMS: dict[str, ScoringSystem] = {s.slug: s for s in (
    ScoringSystem(
        WINNER_TAKES_POINTS, say(N_("Winner takes points")),
        say(N_("Whoever goes out scores what the others hold; first to the target wins.")),
        winner_takes_hand=True, best_is_highest=True,
        ending=N_("First to %(target)s points, in hand %(n)s.")),
    ScoringSystem(
        LOWEST_TOTAL, say(N_("Lowest total")),
        say(N_("Everyone is charged what they hold; when someone reaches the target, the "
               "lowest total wins.")),
        winner_takes_hand=False, best_is_highest=False,
        ending=N_("Lowest total when someone reached %(target)s, in hand %(n)s.")),
)}


class SystemChoiceError(ValueError):
    pass


def parse_system(value: object) -> str:
    if isinstance(value, str) and value in SYSTEMS:
        return value
    raise SystemChoiceError(say(N_("Unknown scoring %(value)s: choose one of %(choices)s."),
                                value=repr(value), choices=", ".join(SYSTEMS)))


def system_of(system: str | ScoringSystem) -> ScoringSystem:
    """The system a stored slug names (a system passes through)."""
    return system if isinstance(system, ScoringSystem) else SYSTEMS[system]
