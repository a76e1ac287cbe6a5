"""The family league's rules: one row per player over a table's finished games, best first,
as the domain orders and ranks them (domain/league.py) over the plain count the database is
checked against (tests/support/league_model.py)."""
from datetime import datetime, timedelta

from scorekeeper.domain.league import seat_places
from scorekeeper.domain.systems import LOWEST_TOTAL, WINNER_TAKES_POINTS
from tests.support.league_model import FinishedGame, blocks, league

START = datetime(2026, 11, 1, 20, 0)


def game(game_id, day, scoring, totals, winners):
    return FinishedGame(game_id, START + timedelta(days=day), tuple(totals), scoring, dict(totals), tuple(winners))


def rivals(games):
    return {row.player: row.rival for row in league(games) if row.rival}


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
                         {"Ben": 50, "Cy": 90, "Dee": 50, "Yan": 90}, ("Ben", "Dee"),
                         (("Ben", "Dee"), ("Cy", "Yan")))
    # Ben, Dee and Zoe won their one game, Cy and Yan lost theirs; Zoe and Yan have points of
    # their own (a game played alone), Ben, Dee and Cy only a team's
    assert [(r.player, r.rank) for r in league([alone, teams])] == [
        ("Zoe", 1), ("Ben", 1), ("Dee", 1), ("Yan", 4), ("Cy", 4)]


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


def test_a_final_order_keeps_seat_order_for_equal_totals_and_never_parts_partners():
    assert seat_places(LOWEST_TOTAL, [("Ana", 10, None), ("Ben", 3, None), ("Cy", 10, None)]) == {
        "Ben": (1, "Ana"), "Ana": (2, "Cy"), "Cy": (3, None)}
    # Ana and Cy's team leads: both have Ben's team behind them, and Ben and Dee nobody
    assert seat_places(WINNER_TAKES_POINTS, [("Ana", 90, 0), ("Ben", 5, 1), ("Cy", 90, 0), ("Dee", 5, 1)]) == {
        "Ana": (1, "Ben"), "Cy": (2, "Ben"), "Ben": (3, None), "Dee": (4, None)}
