"""The family league: one row per player over a table's finished games, best first."""
import random
from datetime import datetime, timedelta

from scorekeeper.domain.editions import EDITIONS, HouseRules
from scorekeeper.domain.league import FinishedGame, blocks, finished_game, league, rivals, season
from scorekeeper.domain.scoring import ScoreSheet, build_hand
from scorekeeper.domain.systems import LOWEST_TOTAL, SYSTEMS, WINNER_TAKES_POINTS

START = datetime(2026, 11, 1, 20, 0)


def game(game_id, day, scoring, totals, winners, finished=True):
    return FinishedGame(game_id, START + timedelta(days=day), tuple(totals), scoring, dict(totals),
                        tuple(winners), finished)


GAMES = [
    # winner takes points: final order Ana 510, Ben 200, Cy 0
    game(1, 0, WINNER_TAKES_POINTS, {"Ana": 510, "Ben": 200, "Cy": 0}, ["Ana"]),
    # lowest total: final order Cy 40, Ana 90, Ben 230
    game(2, 1, LOWEST_TOTAL, {"Ana": 90, "Ben": 230, "Cy": 40}, ["Cy"]),
    # winner takes points: final order Cy 500, Ana 120 (Ben not playing)
    game(3, 2, WINNER_TAKES_POINTS, {"Ana": 120, "Cy": 500}, ["Cy"]),
]


def by_player(rows):
    return {r.player: r for r in rows}


def test_rows_count_games_wins_points_by_system_and_streaks():
    rows = by_player(league(GAMES))
    ana, ben, cy = rows["Ana"], rows["Ben"], rows["Cy"]
    assert (ana.games_played, ana.games_won, cy.games_played, cy.games_won) == (3, 1, 3, 2)
    assert (ben.games_played, ben.games_won) == (2, 0)
    # Ana: 510 + 120 winner takes points, 90 lowest total: 720 in all
    assert ana.points_by_system == {WINNER_TAKES_POINTS: 630, LOWEST_TOTAL: 90} and ana.points == 720
    # Cy: 0 + 500, and 40
    assert cy.points_by_system == {WINNER_TAKES_POINTS: 500, LOWEST_TOTAL: 40} and cy.points == 540
    # Cy won games 2 and 3 (her latest two); Ana won game 1 but lost since
    assert (cy.streak, ana.streak, ben.streak) == (2, 0, 0)


def test_best_first_by_wins_then_win_rate_equal_rows_share_a_rank():
    assert [(r.player, r.rank, r.tied) for r in league(GAMES)] == [
        ("Cy", 1, False), ("Ana", 2, False), ("Ben", 3, False)]
    two_each = [game(1, 0, LOWEST_TOTAL, {"Dee": 1, "Eve": 9}, ["Dee"]),
                game(2, 1, LOWEST_TOTAL, {"Dee": 9, "Eve": 1, "Fay": 5}, ["Eve"]),
                game(3, 2, LOWEST_TOTAL, {"Eve": 1, "Fay": 5}, ["Eve"]),
                game(4, 3, LOWEST_TOTAL, {"Dee": 1, "Fay": 5}, ["Dee"])]
    # Dee 2 of 3, Eve 2 of 3: the same rate, so the same rank (listed by name); Fay 0 of 3
    assert [(r.player, r.rank, r.tied) for r in league(two_each)] == [
        ("Dee", 1, True), ("Eve", 1, True), ("Fay", 3, False)]


def test_inside_a_tie_the_points_the_system_counts_come_before_the_name():
    # Kuba and Mum each won one of two: tied. Lowest total: Mum's 186 beats Kuba's 217.
    lowest = [game(1, 0, LOWEST_TOTAL, {"Kuba": 17, "Mum": 106, "Ola": 300}, ["Kuba"]),
              game(2, 1, LOWEST_TOTAL, {"Kuba": 200, "Mum": 80, "Ola": 250}, ["Mum"])]
    assert [(r.player, r.rank, r.tied) for r in league(lowest)] == [
        ("Mum", 1, True), ("Kuba", 1, True), ("Ola", 3, False)]
    assert [r.player for r in blocks(lowest)[0].rows] == ["Mum", "Kuba", "Ola"]
    # Winner takes points, the same totals: more first, so Kuba's 217 comes before Mum's 186
    most = [game(1, 0, WINNER_TAKES_POINTS, {"Kuba": 17, "Mum": 106, "Ola": 300}, ["Kuba"]),
            game(2, 1, WINNER_TAKES_POINTS, {"Kuba": 200, "Mum": 80, "Ola": 250}, ["Mum"])]
    assert [r.player for r in blocks(most)[0].rows] == ["Kuba", "Mum", "Ola"]
    # Equal points too: by name
    even = [game(1, 0, LOWEST_TOTAL, {"Mum": 50, "Kuba": 100}, ["Mum"]),
            game(2, 1, LOWEST_TOTAL, {"Mum": 100, "Kuba": 50}, ["Kuba"])]
    assert [r.player for r in league(even)] == ["Kuba", "Mum"]
    # Both systems at once: each block by its own points; the league over both by name only
    both = blocks([*lowest, *[game(g.game_id + 10, 5, g.scoring, g.totals, g.winners) for g in most]])
    assert [[r.player for r in b.rows] for b in both] == [["Kuba", "Mum", "Ola"], ["Mum", "Kuba", "Ola"]]
    mixed = [*lowest, game(3, 2, WINNER_TAKES_POINTS, {"Kuba": 0, "Mum": 0}, ["Kuba"]),
             game(4, 3, WINNER_TAKES_POINTS, {"Kuba": 0, "Mum": 0}, ["Mum"])]
    assert [(r.player, r.rank) for r in league(mixed)] == [("Kuba", 1), ("Mum", 1), ("Ola", 3)]


def test_inside_a_tie_a_player_with_only_team_games_comes_after_those_with_points():
    alone = game(1, 0, LOWEST_TOTAL, {"Yan": 300, "Zoe": 10}, ["Zoe"])
    teams = FinishedGame(2, START + timedelta(days=1), ("Ben", "Cy", "Dee", "Yan"), LOWEST_TOTAL,
                         {"Ben": 50, "Cy": 90, "Dee": 50, "Yan": 90}, ("Ben", "Dee"), True,
                         (("Ben", "Dee"), ("Cy", "Yan")))
    # Ben, Dee and Zoe won their one game, Cy and Yan lost theirs; Zoe and Yan have points of
    # their own (a game played alone), Ben, Dee and Cy only a team's
    assert [(r.player, r.rank) for r in league([alone, teams])] == [
        ("Zoe", 1), ("Ben", 1), ("Dee", 1), ("Yan", 4), ("Cy", 4)]


def test_unfinished_games_count_for_nothing():
    open_game = game(9, 5, WINNER_TAKES_POINTS, {"Ana": 0, "Ben": 400, "Dee": 3}, ["Ben"], finished=False)
    assert [(r.player, r.games_played, r.points) for r in league([*GAMES, open_game])] == [
        (r.player, r.games_played, r.points) for r in league(GAMES)]


def test_a_season_keeps_games_finished_on_or_after_its_start():
    assert [g.game_id for g in season(GAMES, START + timedelta(days=1))] == [2, 3]
    rows = by_player(league(season(GAMES, START + timedelta(days=1))))
    assert rows["Ana"].games_played == 2 and rows["Ben"].games_played == 1


def test_rival_is_the_most_often_adjacent_in_the_final_order():
    # final orders: game 1 Ana Ben Cy; game 2 Cy Ana Ben; game 3 Cy Ana
    # Ana next to Ben: games 1, 2 (2 times); next to Cy: games 2, 3 (2 times): a tie;
    # Cy was more recent (game 3), so Cy
    # Ben next to Ana: 2 (games 1, 2); next to Cy: 1 (game 1) -> Ana
    # Cy next to Ben: game 1; next to Ana: games 2, 3 -> Ana
    rows = by_player(league(GAMES))
    assert (rows["Ana"].rival, rows["Ben"].rival, rows["Cy"].rival) == ("Cy", "Ana", "Ana")


def test_no_rival_before_two_games_against_each_other_and_ties_go_by_name():
    one = [game(1, 0, WINNER_TAKES_POINTS, {"Ana": 500, "Ben": 20, "Cy": 0}, ["Ana"])]
    assert rivals(one) == {}
    # the same game twice: Ben in the middle both times, Ana and Cy both next to him -> Ana
    two = one + [game(2, 0, WINNER_TAKES_POINTS, {"Ana": 500, "Ben": 20, "Cy": 0}, ["Ana"])]
    assert rivals(two)["Ben"] == "Ana"
    assert league([]) == []


TEAM_GAME = FinishedGame(5, START + timedelta(days=3), ("Ana", "Ben", "Cy", "Dee"), WINNER_TAKES_POINTS,
                         {"Ana": 517, "Cy": 517, "Ben": 80, "Dee": 80}, ("Ana", "Cy"),
                         teams=(("Ana", "Cy"), ("Ben", "Dee")))


def test_a_team_game_counts_once_per_team_partners_share_the_win_not_the_points():
    rows = by_player(league([*GAMES, TEAM_GAME]))
    # Ana and Cy both win it; neither is credited the team's 517
    assert (rows["Ana"].games_won, rows["Cy"].games_won, rows["Ana"].team_games) == (2, 3, 1)
    assert rows["Ana"].points_by_system[WINNER_TAKES_POINTS] == 630
    assert rows["Dee"].points_by_system == {} and rows["Dee"].games_played == 1


def test_partners_are_never_rivals():
    again = FinishedGame(6, START + timedelta(days=4), ("Ana", "Ben", "Cy", "Dee"), WINNER_TAKES_POINTS,
                         {"Ana": 10, "Cy": 10, "Ben": 500, "Dee": 500}, ("Ben", "Dee"),
                         teams=(("Ana", "Cy"), ("Ben", "Dee")))
    twice = [TEAM_GAME, again]
    found = rivals(twice)
    assert all(not g.partners(name, rival) for name, rival in found.items() for g in twice)
    assert found["Ana"] in ("Ben", "Dee") and found["Ben"] in ("Ana", "Cy")


def test_one_block_per_system_with_its_own_games():
    found = blocks([*GAMES, TEAM_GAME])
    assert [(b.system, b.games) for b in found] == [(WINNER_TAKES_POINTS, 3), (LOWEST_TOTAL, 1)]
    lowest = by_player(found[1].rows)
    assert (lowest["Cy"].games_won, lowest["Cy"].points, lowest["Ana"].points) == (1, 40, 90)
    assert blocks([]) == []


def test_equal_totals_keep_seat_order_in_the_final_order():
    tie = game(1, 0, LOWEST_TOTAL, {"Ana": 10, "Ben": 3, "Cy": 10}, ["Ben"])
    assert tie.final_order() == ["Ben", "Ana", "Cy"]


def _sheet(scoring, target):
    sheet = ScoreSheet(EDITIONS["classic"], HouseRules(), scoring, target, ["Ana", "Ben", "Cy", "Dee"])
    for held in ({"Ana": [], "Ben": ["7", "wild"], "Cy": ["skip"], "Dee": ["3"]},  # Ben 57, Cy 20, Dee 3
                 {"Ana": ["9"], "Ben": [], "Cy": ["draw2"], "Dee": ["wild-draw4"]}):  # Ana 9, Cy 20, Dee 50
        sheet.hands.append(build_hand(sheet.edition, sheet.players, held))
    return sheet


def test_a_score_sheet_becomes_a_league_record_once_it_is_over():
    when = START
    assert finished_game(7, when, _sheet(WINNER_TAKES_POINTS, 500)) is None
    # winner takes points to 80: Ana 57+20+3 = 80 in hand 1, Ben 9+20+50 = 79 in hand 2
    record = finished_game(7, when, _sheet(WINNER_TAKES_POINTS, 80))
    assert record.totals == {"Ana": 80, "Ben": 79, "Cy": 0, "Dee": 0} and record.winners == ("Ana",)
    # teams Ana+Cy, Ben+Dee, lowest total to 100: team 0 = 20 + 29 = 49, team 1 = 60 + 50 = 110
    record = finished_game(7, when, _sheet(LOWEST_TOTAL, 100), (("Ana", "Cy"), ("Ben", "Dee")))
    assert record.totals == {"Ana": 49, "Ben": 110, "Cy": 49, "Dee": 110}
    assert record.winners == ("Ana", "Cy") and record.scoring == LOWEST_TOTAL


def _naive_league(games):
    """Second method: each player's own games, in time order, counted one question at a time."""
    games = [g for g in games if g.finished]
    names = sorted({n for g in games for n in g.players})
    out = {}
    for name in names:
        mine = sorted((g for g in games if name in g.players), key=lambda g: (g.finished_at, g.game_id))
        streak = 0
        for g in reversed(mine):
            if name not in g.winners:
                break
            streak += 1
        systems = {g.scoring for g in mine}
        by_system = {s: sum(g.totals[name] for g in mine if g.scoring == s) for s in systems}
        out[name] = (len(mine), sum(name in g.winners for g in mine), sum(g.totals[name] for g in mine),
                     by_system, streak, _naive_rival(name, mine))
    return out


def _naive_rival(name, mine):
    met = {}
    for g in mine:
        for other in g.players:
            if other != name:
                met[other] = met.get(other, 0) + 1
    near = {}
    for g in mine:
        sign = -1 if SYSTEMS[g.scoring].best_is_highest else 1
        order = sorted(g.players, key=lambda n: (sign * g.totals[n], g.players.index(n)))
        i = order.index(name)
        for other in order[max(i - 1, 0):i] + order[i + 1:i + 2]:
            count, last = near.get(other, (0, None))
            near[other] = (count + 1, g.finished_at)  # game ids are opaque: no tie-break by id
    near = {o: v for o, v in near.items() if met[o] >= 2}
    if not near:
        return None
    most = max(c for c, _ in near.values())
    tied = [o for o, (c, _) in near.items() if c == most]
    newest = max(near[o][1] for o in tied)
    return sorted(o for o in tied if near[o][1] == newest)[0]


def _random_games(rng):
    pool = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    games = []
    for game_id in range(1, rng.randint(1, 40)):
        players = rng.sample(pool, rng.randint(2, 6))
        totals = {p: rng.choice([0, 10, 20, 30, rng.randint(0, 600)]) for p in players}
        winners = rng.sample(players, rng.choice([1, 1, 1, 2]))
        when = START + timedelta(hours=rng.randint(0, 30))  # some games finish at the same hour
        games.append(FinishedGame(game_id, when, tuple(players), rng.choice(list(SYSTEMS)),
                                  totals, tuple(winners), rng.random() > 0.1))
    rng.shuffle(games)
    return games


def test_league_matches_a_naive_recount_random_tables():
    rng = random.Random(22)
    for _ in range(300):
        games = _random_games(rng)
        rows = league(games)
        naive = _naive_league(games)
        assert {r.player: (r.games_played, r.games_won, r.points, r.points_by_system, r.streak, r.rival)
                for r in rows} == naive
        one = {g.scoring for g in games if g.finished}
        sign = (-1 if SYSTEMS[one.pop()].best_is_highest else 1) if len(one) == 1 else 0
        keys = [(-r.games_won, -r.games_won / r.games_played, sign * r.points, r.player.casefold(), r.player)
                for r in rows]
        assert keys == sorted(keys)
