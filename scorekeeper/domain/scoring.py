"""Hands, deck limits, and a game scored by its system (systems.py).

A hand is what every player was left holding when someone went out: a list of
cards, or a typed total when the cards were already shuffled away. Both
systems are computed from the same hands, so either table can always be shown.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from .cards import Card, CardError, parse_card
from .editions import MAX_PLAYERS, MIN_PLAYERS, Edition, HouseRules, point_values
from .systems import (  # noqa: F401 (re-exported: the names services and tests know)
    LOWEST_TOTAL, SYSTEMS, WINNER_TAKES_POINTS, ScoringSystem, SystemChoiceError, parse_system,
    system_of)
from .teams import Teams, TeamScoring
from .text import N_, Text, and_list, message_of, say

MAX_TYPED_TOTAL = 5_000
MAX_HANDS = 1000  # hands in one game: far past any real evening, and a bound on every page's cost
MAX_NAME = 40


class HandError(ValueError):
    """A hand that cannot be recorded; `player` names the row at fault, if one is."""

    def __init__(self, message: Text, player: str | None = None):
        super().__init__(message)
        self.player = player


class PlayersError(ValueError):
    pass


def clean_player_names(names: object) -> list[str]:
    """Trimmed, unique (ignoring case), 1-40 characters, 2-10 of them."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PlayersError(say(N_("Players must be a list of names, for example [\"Ana\", \"Ben\"].")))
    cleaned = [n.strip() for n in names]
    if any(not n for n in cleaned):
        raise PlayersError(say(N_("Every player needs a name.")))
    too_long = [n for n in cleaned if len(n) > MAX_NAME]
    if too_long:
        raise PlayersError(say(N_("'%(name)s…' is too long: a name has at most %(max)s characters."),
                               name=too_long[0][:20], max=MAX_NAME))
    seen: set[str] = set()
    for n in cleaned:
        if n.casefold() in seen:
            raise PlayersError(say(N_("Two players are called '%(name)s': give each player a "
                                      "different name."), name=n))
        seen.add(n.casefold())
    if not MIN_PLAYERS <= len(cleaned) <= MAX_PLAYERS:
        raise PlayersError(say(N_("A game needs %(low)s to %(high)s players; this one has %(count)s."),
                               low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(cleaned)))
    return cleaned


@dataclass(frozen=True)
class Hand:
    winner: str
    held: Mapping[str, tuple[Card, ...]]
    typed: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self):
        if any(total < 0 for total in self.typed.values()):  # totals only grow (ScoreSheet)
            raise ValueError("a typed total is never below 0")

    def tokens(self, player: str) -> list[str]:
        return [c.token for c in self.held.get(player, ())]


def points_of(cards: Sequence[Card], values: Mapping[str, int]) -> int:
    return sum(values[c.kind.token] for c in cards)


def build_hand(
    edition: Edition,
    players: Sequence[str],
    held: object,
    typed: object = None,
) -> Hand:
    """Check one hand against the seated players and the deck; raise HandError."""
    if not isinstance(held, Mapping):
        raise HandError(say(N_("'held' must map every player's name to the cards they held.")))
    typed = {} if typed is None else typed
    if not isinstance(typed, Mapping):
        raise HandError(say(N_("Typed totals must map a player's name to a whole number.")))
    for name in list(held) + list(typed):
        if name not in players:
            raise HandError(say(N_("'%(name)s' is not playing in this game."), name=name))
    totals = _typed_totals(typed)
    cards = {name: _held_cards(name, held, totals) for name in players}
    out = [n for n in players if not cards[n] and n not in totals]
    if not out:
        raise HandError(say(N_("Nobody went out: exactly one player must have no cards left.")))
    if len(out) > 1:
        raise HandError(say(N_("Only one player can go out, but %(names)s have no cards: enter the "
                               "others' cards or typed totals."), names=and_list(out)), out[1])
    check_deck(edition, cards)
    return Hand(winner=out[0], held=cards, typed=totals)


def _typed_totals(typed: Mapping) -> dict[str, int]:
    totals: dict[str, int] = {}
    for name, value in typed.items():
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TYPED_TOTAL:
            raise HandError(say(N_("%(name)s's total must be a whole number from 0 to %(max)s."),
                                name=name, max=MAX_TYPED_TOTAL), name)
        totals[name] = value
    return totals


def _held_cards(name: str, held: Mapping, totals: Mapping[str, int]) -> tuple[Card, ...]:
    """One player's cards, checked: a list of tokens, or nothing beside a typed total."""
    if name not in held and name not in totals:
        raise HandError(say(N_("%(name)s is missing: list their cards, or [] for the player who "
                               "went out."), name=name), name)
    raw = held.get(name, [])
    if not isinstance(raw, list):
        raise HandError(say(N_("%(name)s's cards must be a list of tokens."), name=name), name)
    try:
        cards = tuple(parse_card(t) for t in raw)
    except CardError as err:
        raise HandError(say(N_("%(name)s: %(problem)s"), name=name, problem=message_of(err)),
                        name) from None
    if cards and name in totals:
        raise HandError(say(N_("%(name)s has both cards and a typed total: keep one."), name=name),
                        name)
    return cards


def check_deck(edition: Edition, held: Mapping[str, Sequence[Card]]) -> None:
    """No kind (or kind in one colour) may appear more often than the deck has it."""
    deck = edition.deck
    kinds: Counter[str] = Counter()
    coloured: Counter[tuple[str, str]] = Counter()
    owner: dict[str, str] = {}
    for name, cards in held.items():
        for card in cards:
            token = card.kind.token
            if token not in deck:
                raise HandError(say(N_("%(name)s: the %(edition)s deck has no %(card)s card."),
                                    name=name, edition=edition.name, card=card.kind.label), name)
            kinds[token] += 1
            owner.setdefault(token, name)
            if card.colour:
                coloured[(card.colour, token)] += 1
                if coloured[(card.colour, token)] > card.kind.per_colour:
                    raise HandError(say(N_("Too many %(card)s cards: the deck has %(copies)s of it."),
                                        card=card.label, copies=_copies(card.kind.per_colour)), name)
            if kinds[token] > deck[token]:
                raise HandError(say(N_("Too many %(card)s cards: the deck has %(deck)s, but this hand "
                                       "lists %(count)s."), card=card.kind.label, deck=deck[token],
                                    count=kinds[token]), name)


def _copies(n: int) -> Text:
    return say(N_("only one")) if n == 1 else say(N_("2 copies"))  # a coloured kind: 1 or 2 a colour


def hand_points(hand: Hand, values: Mapping[str, int]) -> dict[str, int]:
    """What each player's leftover cards are worth in this hand (the winner: 0)."""
    return {
        name: hand.typed[name] if name in hand.typed else points_of(cards, values)
        for name, cards in hand.held.items()
    }


def add_hand(totals: Mapping[str, int], hand: Hand, points: Mapping[str, int],
             system: str | ScoringSystem) -> dict[str, int]:
    """The totals after one more hand: earlier hands' totals never change, so a new hand
    needs only the totals before it."""
    return system_of(system).add_hand(totals, hand.winner, points)


def reached_target(totals: Mapping[str, int], target: int, system: str | ScoringSystem
                   = WINNER_TAKES_POINTS) -> bool:
    """Whether the game is over: totals only grow, so if any running total ever reached the
    target, the latest one has (see ScoreSheet.outcome)."""
    return system_of(system).is_over(totals, target)


def dealing_seat(last_dealer: int | None, first_dealer: int, seats: int, hands_on: int = 1) -> int:
    """The rule of the deal, by seat: it passes to the left, one seat a hand. Returns who deals
    `hands_on` hands after the last stored deal (`last_dealer`); before any hand is stored,
    who deals hand `hands_on`, counting from `first_dealer`. Callers that know only the last
    dealer (services, without loading the hands) ask this too."""
    if last_dealer is None:
        return (first_dealer + hands_on - 1) % seats
    return (last_dealer + hands_on) % seats


@dataclass(frozen=True)
class Outcome:
    finished: bool
    winners: list[str]
    leaders: list[str]
    ended_after: int | None = None  # the hand in which someone reached the target


@dataclass
class ScoreSheet:
    """A whole game: players in seat order, the hands in play order."""

    edition: Edition
    rules: HouseRules
    scoring: str
    target: int
    players: list[str]
    hands: list[Hand] = field(default_factory=list)
    dealers: list[str] = field(default_factory=list)  # who dealt each played hand, as stored
    first_dealer: str | None = None  # deals hand 1 (None: the first player listed)
    teams: Teams | None = None  # partners, in a game played in teams (a house rule)
    _points: list[dict[str, int]] = field(default_factory=list, init=False, repr=False, compare=False)
    _points_for: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _running: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def values(self) -> dict[str, int]:
        return point_values(self.edition, self.rules)

    def points(self) -> list[dict[str, int]]:
        """Each hand's points per player; remembered until the hands change."""
        key = tuple(map(id, self.hands))
        if self._points_for != key:
            values = self.values
            self._points = [hand_points(h, values) for h in self.hands]
            self._points_for = key
        return self._points

    @property
    def system(self) -> ScoringSystem:
        """The game's own scoring system (`scoring` is its stored slug)."""
        return system_of(self.scoring)

    def running(self, system: str | ScoringSystem) -> list[dict[str, int]]:
        """Totals after each hand under `system` (one mapping per hand); remembered until the
        hands change. Read-only: callers share it."""
        system = system_of(system)
        points = self.points()
        kept = self._running.get(system.slug)
        if kept is not None and kept[0] is points:
            return kept[1]
        rows = self._rows_after(system, dict.fromkeys(self.players, 0), self.hands, points)
        self._running[system.slug] = (points, rows)
        return rows

    @staticmethod
    def _rows_after(system: ScoringSystem, totals: Mapping[str, int], hands: Sequence[Hand],
                    points: Sequence[dict[str, int]]) -> list[dict[str, int]]:
        rows = []
        for hand, hand_points_ in zip(hands, points):
            totals = system.add_hand(totals, hand.winner, hand_points_)
            rows.append(totals)
        return rows

    def standings(self, system: str | ScoringSystem | None = None) -> dict[str, int]:
        rows = self.running(system or self.scoring)
        return rows[-1] if rows else dict.fromkeys(self.players, 0)

    def totals_only_grow(self) -> bool:
        """Whether no hand takes points away, so every running total is at least the one
        before it: true unless a card is worth less than nothing (a typed total never is:
        Hand)."""
        return min(self.values.values(), default=0) >= 0

    def running_extent(self, system: str | ScoringSystem) -> tuple[int, int]:
        """The lowest and highest total anyone had, from the start (everyone at 0) on."""
        rows = self.running(system)
        if not rows:
            return 0, 0
        if self.totals_only_grow():
            return 0, max(0, max(rows[-1].values()))
        return min(0, min(min(r.values()) for r in rows)), max(0, max(max(r.values()) for r in rows))

    def outcome(self) -> Outcome:
        """The game ends in the first hand that takes anyone (a team, in a team game) to the
        target.

        Winner takes points: whoever reached it (only the hand's winner gains points).
        Lowest total: the lowest total at that moment, ties shared. Hands after that one
        exist only if an earlier hand was edited; they do not change who won. In a team
        game the winners and leaders are the best teams' players.
        """
        if self.teams:
            return self._team_outcome()
        system = self.system
        rows = self.running(system)
        leaders = system.leaders(rows[-1], self.players) if rows else []
        number = self._first_over(system, rows)
        if number is None:
            return Outcome(False, [], leaders)
        return Outcome(True, system.leaders(rows[number - 1], self.players), leaders, ended_after=number)

    def _first_over(self, system: ScoringSystem, rows: Sequence[Mapping[str, int]]) -> int | None:
        """The number of the first hand whose totals reach the target. When totals only grow,
        once a hand reaches it every later one has: the last hand tells whether any did, and
        halving finds the first, looking at about 10 of 1,000 hands."""
        if not self.totals_only_grow():
            return next((n for n, row in enumerate(rows, start=1) if system.is_over(row, self.target)), None)
        if not rows or not system.is_over(rows[-1], self.target):
            return None
        low, high = 0, len(rows) - 1
        while low < high:
            middle = (low + high) // 2
            if system.is_over(rows[middle], self.target):
                high = middle
            else:
                low = middle + 1
        return low + 1

    @property
    def team_scoring(self) -> TeamScoring | None:
        return TeamScoring.of(self.system, self.teams) if self.teams else None

    def _winners_and_points(self) -> list[tuple[str, dict[str, int]]]:
        return [(hand.winner, points) for hand, points in zip(self.hands, self.points())]

    def team_running(self) -> list[dict[int, int]]:
        """Each team's total after each hand (empty outside a team game)."""
        scoring = self.team_scoring
        return scoring.running(self._winners_and_points()) if scoring else []

    def team_standings(self) -> dict[int, int]:
        """Each team's total now, by team number (empty outside a team game)."""
        if not self.teams:
            return {}
        rows = self.team_running()
        return rows[-1] if rows else dict.fromkeys(range(len(self.teams)), 0)

    def deciding_totals(self) -> Mapping[object, int]:
        """The totals the target is checked against: each team's in a team game, else each
        player's."""
        return self.team_standings() if self.teams else self.standings()

    def _team_outcome(self) -> Outcome:
        scoring = self.team_scoring
        assert scoring is not None and self.teams
        found = scoring.outcome(self._winners_and_points(), self.target)
        leaders = [name for n in found.leaders for name in self.teams[n]]
        return Outcome(found.finished, found.winners, leaders, ended_after=found.ended_after)

    def dealer(self, hand_number: int) -> str:
        """Who dealt (or deals) hand `hand_number`.

        Played hands keep the dealer stored with them, so deleting an earlier hand moves no
        deal. Past the stored deals, the deal passes to the left of the last dealer; a game
        without hands starts with `first_dealer` (the first player listed, by default).
        """
        if 0 < hand_number <= len(self.dealers):
            return self.dealers[hand_number - 1]
        last = self.players.index(self.dealers[-1]) if self.dealers else None
        first = self.players.index(self.first_dealer or self.players[0])
        seat = dealing_seat(last, first, len(self.players), hand_number - len(self.dealers))
        return self.players[seat]

    @property
    def next_dealer(self) -> str:
        return self.dealer(len(self.hands) + 1)

    def first_reached(self, target: int) -> Outcome:
        """Who won when the game was played to `target` (a target since raised to keep playing)."""
        return replace(self, target=target).outcome()
