"""The family league as the database counts it (services/table_league.py) equals the league
counted plainly (tests/support/league_model.py) over the same finished games, overall and per system: random
games of two to five players, alone and in teams of two, under both systems, with equal
totals and equal end times, so that streaks, ranks and rivals meet their tie rules; and in
two seasons, each counting only its own games."""
from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.domain.league import seat_places
from scorekeeper.domain.systems import SYSTEMS, system_of
from scorekeeper.ids import new_public_id
from scorekeeper.models import FamilyTable, Game, Player, TableGameSeat, db
from scorekeeper.services.table_league import SeasonLeague
from tests.support import league_model as league
from tests.support.league_model import FinishedGame

NAMES = ["Ana", "Ben", "Cy", "Dee", "eve"]  # one lower-case name: ties by name are by casefold
START = datetime(2026, 11, 1, 20, 0)


@st.composite
def finished(draw, number: int) -> FinishedGame:
    players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True)))
    scoring = draw(st.sampled_from(sorted(SYSTEMS)))
    teams = ((players[0], players[2]), (players[1], players[3])) if len(players) == 4 and draw(st.booleans()) else ()
    if teams:
        team_totals = [draw(st.integers(0, 3)) for _ in teams]
        totals = {name: team_totals[0 if name in teams[0] else 1] for name in players}
    else:
        totals = {name: draw(st.integers(0, 3)) for name in players}
    best = system_of(scoring).best(totals)
    winners = tuple(name for name in players if totals[name] == best)
    ended = START + timedelta(minutes=draw(st.integers(0, 6)))  # games may end at the same moment
    return FinishedGame(f"g{number:02d}{new_public_id()[:6]}", ended, players, scoring, totals, winners, teams=teams)


@st.composite
def seasons(draw) -> list[FinishedGame]:
    return [draw(finished(n)) for n in range(draw(st.integers(1, 9)))]


def stored(games: list[FinishedGame]) -> str:
    """The games as a table's finished per-seat rows (only what the league reads of them)."""
    table = FamilyTable(id=new_public_id(), name="League", edit_key_hash="-")
    db.session.add(table)
    for game in games:
        db.session.add(Game(id=game.game_id, edition="classic", scoring=game.scoring, target=500, house_rules={},
                            edit_key_hash="-", table_id=table.id))
        teams = {name: next((n for n, members in enumerate(game.teams) if name in members), None)
                 for name in game.players}
        players = {name: Player(game_id=game.game_id, seat=seat, name=name, team=teams[name])
                   for seat, name in enumerate(game.players)}
        db.session.add_all(players.values())
        db.session.flush()
        # as table_game_seats.write_rows stores a finished game's order
        places = seat_places(game.scoring, [(name, game.totals[name], teams[name]) for name in game.players])
        for name, player in players.items():
            place, behind = places[name]
            db.session.add(TableGameSeat(
                game_id=game.game_id, player_id=player.id, table_id=table.id, version=1, finished=True,
                won=name in game.winners, hands=1, hands_won=0, best_hand=0,
                total=game.totals[name] if not game.teams else 0,
                team_total=game.totals[name] if game.teams else None, team=teams[name], ended_at=game.finished_at,
                place=place, behind=players[behind].id if behind else None))
    db.session.commit()
    return table.id


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seasons())
def test_the_database_counts_the_league_as_the_model_does(app, games):
    with app.app_context():
        table_id = stored(games)
        counted = SeasonLeague(table_id)
        assert counted.league() == league.league(games)
        assert counted.blocks() == league.blocks(games)
        middle = START + timedelta(minutes=3)  # a second season from here: each counts its own games
        for part, season in ((SeasonLeague(table_id, ended_at=middle), [g for g in games if g.finished_at < middle]),
                             (SeasonLeague(table_id, started_at=middle), [g for g in games if g.finished_at >= middle])):
            assert part.blocks() == league.blocks(season)
            assert part.league() == league.league(season)


def test_a_rival_is_the_one_most_often_next_in_the_final_order(app):
    """Cy is between Ana and Ben in both games: Ana and Ben met twice but never finished next
    to each other, so each one's rival is Cy."""
    games = [FinishedGame(f"g{n}{new_public_id()[:6]}", START + timedelta(minutes=n), ("Ana", "Ben", "Cy"),
                          "winner-takes-points", {"Ana": 30, "Cy": 20, "Ben": 10}, ("Ana",)) for n in range(2)]
    with app.app_context():
        rows = {row.player: row for row in SeasonLeague(stored(games)).league()}
    assert (rows["Ana"].rival, rows["Ben"].rival, rows["Cy"].rival) == ("Cy", "Cy", "Ana")
    assert (rows["Ana"].streak, rows["Ben"].streak, rows["Ana"].points) == (2, 0, 60)


def test_partners_are_never_next_to_each_other_in_the_final_order(app):
    """Ana and Cy play as partners three times, finishing ahead of Ben and Dee: Ana's neighbour
    there is Ben (her partner Cy between them does not part them), so after two games alone
    Ana's rival is Ben, never her partner."""
    alone = [FinishedGame(f"a{n}{new_public_id()[:6]}", START + timedelta(minutes=n), ("Ana", "Ben", "Cy"),
                          "winner-takes-points", {"Ana": 30, "Ben": 20, "Cy": 10}, ("Ana",)) for n in range(2)]
    teamed = [FinishedGame(f"t{n}{new_public_id()[:6]}", START + timedelta(minutes=5 + n), ("Ana", "Ben", "Cy", "Dee"),
                           "winner-takes-points", {"Ana": 50, "Cy": 50, "Ben": 5, "Dee": 5}, ("Ana", "Cy"),
                           teams=(("Ana", "Cy"), ("Ben", "Dee"))) for n in range(3)]
    with app.app_context():
        rows = {row.player: row for row in SeasonLeague(stored(alone + teamed)).league()}
    assert rows == {row.player: row for row in league.league(alone + teamed)}
    assert (rows["Ana"].rival, rows["Ana"].team_games, rows["Ana"].points) == ("Ben", 3, 60)


def test_a_streak_counts_from_the_newest_loss_however_old_and_at_equal_ends_by_game_id(app):
    """Gran played once, the season's first game, and lost it: her streak is 0 and costs no
    more than anyone's. Two games end at the same moment: the one with the larger id is the
    newer (Ana's loss in "t2a" is older than her win in "t2b"). A lowest-total game in
    between ends Ana's overall streak but not her winner-takes-points one; Cy never lost."""
    def game(key, minute, players, totals, winner, scoring="winner-takes-points"):
        return FinishedGame(f"{key}{new_public_id()[:6]}", START + timedelta(minutes=minute), players, scoring,
                            totals, (winner,))
    games = [game("t0", 0, ("Ana", "Ben", "Gran"), {"Ana": 30, "Ben": 0, "Gran": 0}, "Ana"),
             game("t2a", 2, ("Ana", "Ben"), {"Ana": 0, "Ben": 30}, "Ben"),
             game("t2b", 2, ("Ana", "Ben"), {"Ana": 30, "Ben": 0}, "Ana"),
             game("t3", 3, ("Ana", "Ben"), {"Ana": 50, "Ben": 10}, "Ben", "lowest-total"),
             game("t4", 4, ("Ana", "Ben"), {"Ana": 30, "Ben": 0}, "Ana"),
             game("t5", 5, ("Cy", "Dee"), {"Cy": 30, "Dee": 0}, "Cy")]
    with app.app_context():
        counted = SeasonLeague(stored(games))
        overall, blocks = counted.league(), counted.blocks()
    assert overall == league.league(games) and blocks == league.blocks(games)
    assert {row.player: row.streak for row in overall} == {"Ana": 1, "Ben": 0, "Gran": 0, "Cy": 1, "Dee": 0}
    assert [{row.player: row.streak for row in block.rows} for block in blocks] == [
        {"Ana": 2, "Ben": 0, "Gran": 0, "Cy": 1, "Dee": 0}, {"Ana": 0, "Ben": 1}]
