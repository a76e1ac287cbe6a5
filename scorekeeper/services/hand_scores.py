"""The per-hand-and-seat rows (models.HandScore): written by every write that stores a
hand's cards, in its transaction, and summed by the database for standings and running
totals. No held card is read to answer how a game stands."""
from __future__ import annotations

from sqlalchemy import case, func, select

from ..domain.editions import get_edition, parse_house_rules, point_values
from ..domain.scoring import Hand as DomainHand, Outcome
from ..domain.seat_scores import SeatScore, seat_scores
from ..domain.systems import system_of
from ..models import Game, Hand, HandScore, Player, db
from .games import hand_count, teams_of


def values_of(game: Game) -> dict[str, int]:
    edition = get_edition(game.edition)
    return point_values(edition, parse_house_rules(game.house_rules, edition))


def scores_of(game: Game, result: DomainHand) -> dict[int, SeatScore]:
    """This hand's numbers per player row id."""
    ids = {p.name: p.id for p in game.players}
    return {ids[name]: score for name, score in seat_scores(result, values_of(game), teams_of(game)).items()}


def score_hand(game: Game, hand: Hand, result: DomainHand) -> None:
    """Write the hand's rows from its checked cards (in place when the hand is edited)."""
    existing = {s.player_id: s for s in hand.scores}
    for player_id, score in scores_of(game, result).items():
        row = existing.get(player_id)
        if row is None:
            row = HandScore(player_id=player_id, game_id=game.id)
            hand.scores.append(row)
        row.held, row.gained, row.team_gained, row.went_out = score


def _column(scoring: str, teams: bool):
    """The column a system sums: lowest total charges `held`; winner takes points sums what
    the seat (or its team) gained."""
    if not system_of(scoring).winner_takes_hand:
        return HandScore.held
    return HandScore.team_gained if teams else HandScore.gained


def standings(game: Game, scoring: str | None = None) -> dict[str, int]:
    """Each player's total under `scoring` (the game's own system by default): one SUM."""
    column = _column(scoring or game.scoring, False)
    sums = dict(db.session.execute(
        select(HandScore.player_id, func.sum(column)).where(HandScore.game_id == game.id)
        .group_by(HandScore.player_id)).all())
    return {p.name: int(sums.get(p.id) or 0) for p in game.players}


def team_standings(game: Game) -> dict[int, int]:
    """Each team's total by team number (0, 1, … in stored order), empty outside a team game."""
    numbers = sorted({p.team for p in game.players if p.team is not None})
    if not numbers or any(p.team is None for p in game.players):
        return {}
    column = _column(game.scoring, True)
    sums = dict(db.session.execute(
        select(Player.team, func.sum(column)).join(Player, Player.id == HandScore.player_id)
        .where(HandScore.game_id == game.id).group_by(Player.team)).all())
    return {n: int(sums.get(team) or 0) for n, team in enumerate(numbers)}


def running(game: Game, scoring: str | None = None) -> list[dict[str, int]]:
    """Each player's total after each hand, in hand order: a window SUM over the narrow rows
    (the hands' numbers joined, never their cards)."""
    found = running_at(game, scoring)
    return [found[n] for n in sorted(found)]


def running_at(game: Game, scoring: str | None = None, numbers=None, teams: bool = False) -> dict[int, dict]:
    """Each player's total (each team's, by team number, if `teams`) after each hand numbered
    in `numbers` (None: every hand, a window SUM), by hand number. A page asks for a run of
    hands (those it shows) and a few more (a chart's samples, the last): ONE statement groups
    the rows by side and by hand inside the longest run (every other hand in one group), each
    group with its per-hand sum and a conditional SUM per hand outside the run; the run's
    totals are the sums before it plus its per-hand sums."""
    side = Player.team if teams else HandScore.player_id
    column = _column(scoring or game.scoring, teams)
    keys = _side_keys(game, teams)
    if numbers is None:
        found: dict[int, dict] = {}
        for number, key, value in db.session.execute(select(_running_totals(game, side, column, teams))):
            found.setdefault(number, dict.fromkeys(keys.values(), 0))[keys[key]] = int(value)
        return found
    wanted = sorted(set(numbers))
    if not wanted:
        return {}
    low, high = _longest_run(wanted)
    before = [n for n in wanted if not low <= n <= high] + [low - 1]
    group = case((Hand.number.between(low, high), Hand.number), else_=0)  # hands are numbered from 1
    query = (select(side, group, func.sum(column), *(func.sum(case((Hand.number <= n, column), else_=0)) for n in before))
             .join(Hand, Hand.id == HandScore.hand_id).where(HandScore.game_id == game.id).group_by(side, group))
    found = {n: dict.fromkeys(keys.values(), 0) for n in before}
    added = {n: dict.fromkeys(keys.values(), 0) for n in range(low, high + 1)}
    for key, number, points, *values in db.session.execute(_joined_sides(query, teams)):
        if number:
            added[number][keys[key]] = int(points or 0)
        for n, value in zip(before, values):
            found[n][keys[key]] += int(value or 0)
    totals, shown = found.pop(low - 1), set(wanted)
    for n in range(low, high + 1):
        totals = {k: totals[k] + added[n][k] for k in totals}
        if n in shown:
            found[n] = totals
    return {n: found[n] for n in wanted}


def _joined_sides(query, teams: bool):
    """`query` over hand_scores, joined to players when its sides are teams (a player's own
    rows need no join)."""
    return query.join(Player, Player.id == HandScore.player_id) if teams else query


def _side_keys(game: Game, teams: bool) -> dict:
    """The column value -> the key a total is given: team number (0, 1, … in stored order) or player name."""
    if teams:
        return {team: n for n, team in enumerate(sorted({p.team for p in game.players}))}
    return {p.id: p.name for p in game.players}


def _running_totals(game: Game, side, column, teams: bool):
    """(number, side, total) of every hand of `game`: each side's running total of `column`
    (a window SUM per side over the per-hand sums), as a subquery."""
    per_hand = _joined_sides(select(Hand.number.label("number"), side.label("side"), func.sum(column).label("points"))
                             .join(Hand, Hand.id == HandScore.hand_id)
                             .where(HandScore.game_id == game.id).group_by(Hand.number, side),
                             teams).subquery()
    return select(per_hand.c.number, per_hand.c.side, func.sum(per_hand.c.points).over(
        partition_by=per_hand.c.side, order_by=per_hand.c.number).label("total")).subquery()


def _longest_run(numbers: list[int]) -> tuple[int, int]:
    """The first and last of the longest run of consecutive numbers in sorted `numbers`."""
    best = start = numbers[0]
    best_end = previous = numbers[0]
    for n in numbers[1:] + [None]:
        if n is not None and n == previous + 1:
            previous = n
            continue
        if previous - start > best_end - best:
            best, best_end = start, previous
        if n is not None:
            start = previous = n
    return best, best_end


def _sides(game: Game) -> tuple[bool, object]:
    """Whether the game is played in teams, and the column that tells its sides apart."""
    teams = bool(teams_of(game))
    return teams, (Player.team if teams else HandScore.player_id)


def first_over(game: Game, target: int | None = None) -> int | None:
    """The number of the first hand whose running totals (players' or teams') reach the
    game's target (or an older `target`), or None: a window SUM per side, then MIN, all in the database."""
    teams, side = _sides(game)
    column = _column(game.scoring, teams)
    totals = _running_totals(game, side, column, teams)
    return db.session.scalar(select(func.min(case((totals.c.total >= (target or game.target), totals.c.number),
                                                  else_=None))))


def side_totals(game: Game, upto: int | None = None, only: int | None = None) -> dict:
    """Each side's total (player name, or team number in a team game) under the game's system,
    after hand `upto` (None: all hands), or what hand `only` alone added."""
    teams, side = _sides(game)
    query = _joined_sides(select(side, func.sum(_column(game.scoring, teams)))
                          .where(HandScore.game_id == game.id).group_by(side), teams)
    if upto is not None or only is not None:
        query = query.join(Hand, Hand.id == HandScore.hand_id).where(
            Hand.number <= upto if only is None else Hand.number == only)
    sums = dict(db.session.execute(query).all())
    if teams:
        numbers = sorted({p.team for p in game.players})
        return {n: int(sums.get(team) or 0) for n, team in enumerate(numbers)}
    return {p.name: int(sums.get(p.id) or 0) for p in game.players}


def is_over(game: Game, totals: dict | None = None, target: int | None = None) -> bool:
    """Whether some hand took a player (a team, in a team game) to the target. When no card
    is worth less than nothing, totals only grow, so the final totals (one GROUP BY, or
    `totals` when the caller has them) tell; otherwise the running ones do (first_over)."""
    if min(values_of(game).values(), default=0) >= 0:
        totals = side_totals(game) if totals is None else totals
        return max(totals.values(), default=0) >= (target or game.target)
    return first_over(game, target) is not None


def outcome(game: Game, totals: dict | None = None, hands: int | None = None,
            target: int | None = None) -> Outcome:
    """Whether the game is over and who won, as ScoreSheet.outcome decides it, from sums of
    the narrow rows and the target: no hand's cards are read. `totals` (side_totals) and
    `hands` (how many) when the caller has them already; `target`: an older one (who won
    when the game was played to it)."""
    system, team_list = system_of(game.scoring), teams_of(game)
    players = [p.name for p in game.players]

    def best(totals: dict) -> list[str]:
        if team_list:
            top = system.best(totals)
            return [name for n, team in enumerate(team_list) if totals[n] == top for name in team]
        return system.leaders(totals, players)

    totals = side_totals(game) if totals is None else totals
    hands = hand_count(game.id) if hands is None else hands
    leaders = best(totals) if hands else []
    ended = first_over(game, target) if hands and is_over(game, totals, target) else None
    if ended is None:
        return Outcome(False, [], leaders)
    return Outcome(True, best(side_totals(game, ended)), leaders, ended_after=ended)


def game_sums(game: Game) -> tuple[dict[str, dict[str, int]], dict]:
    """Each system's standings (its slug -> each player's total) and the sides' totals under
    the game's own system (side_totals' shape), from ONE GROUP BY of the narrow rows."""
    from ..domain.systems import SYSTEMS  # here, not above: this block is added at the file's end

    teams = bool(teams_of(game))
    columns = [func.sum(_column(slug, False)) for slug in SYSTEMS] + [func.sum(_column(game.scoring, teams))]
    sums = {row[0]: row[1:] for row in db.session.execute(
        select(HandScore.player_id, *columns).where(HandScore.game_id == game.id).group_by(HandScore.player_id))}
    zeros = (0,) * len(columns)
    seats = [(p, [int(v or 0) for v in sums.get(p.id, zeros)]) for p in game.players]
    standings = {slug: {p.name: v[i] for p, v in seats} for i, slug in enumerate(SYSTEMS)}
    if not teams:
        return standings, {p.name: v[-1] for p, v in seats}
    numbers = sorted({p.team for p in game.players})
    return standings, {n: sum(v[-1] for p, v in seats if p.team == team) for n, team in enumerate(numbers)}
