"""Issue 36: the per-table-game-and-seat rows (table_game_seats) are written in the same
transaction as every write to a table game. Whatever the writes, each game's rows equal the
game scored afresh from its held cards."""
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import delete, select, update

from scorekeeper.models import FamilyTable, Game, TableGameSeat, db
from scorekeeper.services import games, table_game_seats, table_stats, tables, target
from scorekeeper.services.errors import Invalid
from scorekeeper.services.table_stats import GameSummary, PlayerStats
from tests.integration.test_hand_scores import PLAYERS, play, writes
from tests.support import league_model as league
from tests.support.league_model import finished_game


def rescored(game_id: str) -> dict[str, dict]:
    """Each seat's row as a whole rescoring of the game's held cards makes it."""
    db.session.expire_all()
    game = games.load_game(game_id)
    sheet = games.sheet_of(game)
    outcome, team_scoring = sheet.outcome(), sheet.team_scoring
    numbers = sorted({p.team for p in game.players if p.team is not None})
    team_totals = sheet.team_standings()
    ended_at = game.hands[outcome.ended_after - 1].created_at if outcome.finished else None
    found = {}
    for player in game.players:
        name = player.name
        won = [team_scoring.won_by_going_out(h.winner, pts) if team_scoring else sum(pts.values())
               for h, pts in zip(sheet.hands, sheet.points()) if h.winner == name]
        found[name] = {"version": game.version, "finished": outcome.finished, "won": name in outcome.winners,
                       "hands": len(sheet.hands), "hands_won": len(won), "best_hand": max(won, default=0),
                       "total": sheet.standings()[name],
                       "team_total": team_totals[numbers.index(player.team)] if numbers else None,
                       "team": player.team, "ended_at": ended_at, "table_id": game.table_id}
    places = finished_game(game.id, ended_at, sheet).places() if outcome.finished else {}
    for name, row in found.items():
        row["place"], row["behind"] = places.get(name, (None, None))
    return found


def table_as_rescored(table_id: str) -> dict:
    """What the table's reads must say, from every game scored whole from its held cards."""
    db.session.expire_all()
    lines, records, stats = [], [], {p.id: PlayerStats(p.id, p.name) for p in db.session.get(FamilyTable, table_id).roster}
    for game in db.session.scalars(select(Game).where(Game.table_id == table_id)
                                   .order_by(Game.created_at.desc(), Game.id.desc())):
        sheet = games.sheet_of(game)
        outcome, team_scoring = sheet.outcome(), sheet.team_scoring
        ended_at = game.hands[outcome.ended_after - 1].created_at if outcome.finished else None
        records.append(finished_game(game.id, ended_at, sheet) if outcome.finished else None)
        lines.append(GameSummary(
            game.id, sheet.players, [p.roster_id for p in game.players], outcome.finished, list(outcome.winners),
            len(sheet.hands), started=game.created_at, scoring=game.scoring,
            teams=team_scoring.rows(sheet.team_standings()) if team_scoring else []))
        for player in game.players:
            person = stats[player.roster_id]
            won = [team_scoring.won_by_going_out(h.winner, pts) if team_scoring else sum(pts.values())
                   for h, pts in zip(sheet.hands, sheet.points()) if h.winner == player.name]
            person.games_played += outcome.finished
            person.games_won += outcome.finished and player.name in outcome.winners
            person.games_in_progress += not outcome.finished
            person.hands_played += len(sheet.hands)
            person.hands_won += len(won)
            person.best_hand = max(person.best_hand, *won, 0)
    records = [r for r in records if r is not None]
    return {"players": list(stats.values()), "games": lines,
            "sections": [([g for g in lines if g.finished == done][:table_stats.SHOWN],
                          sum(g.finished == done for g in lines)) for done in (False, True)],
            "league": league.league(records), "blocks": league.blocks(records),
            "head_to_head": {(a, b): head_to_head(lines, a, b) for a in stats for b in stats if a != b}}


def head_to_head(lines: list, a: int, b: int) -> dict:
    shared = [g for g in lines if g.finished and a in g.seats and b in g.seats]
    against = [g for g in shared if not any(g.players[g.seats.index(a)] in team and g.players[g.seats.index(b)] in team
                                            for team, _ in g.teams)]
    wins = {p: sum(g.players[g.seats.index(p)] in g.winners for g in against) for p in (a, b)}
    return {"games": len(against), "partners": len(shared) - len(against), "wins": wins,
            "hands": {p: sum(hands_won(g, p) for g in against) for p in (a, b)}}


def hands_won(line: GameSummary, person: int) -> int:
    game = games.load_game(line.id)
    sheet = games.sheet_of(game)
    return sum(h.winner == line.players[line.seats.index(person)] for h in sheet.hands)


def table_as_read(table_id: str) -> dict:
    """The same, as the table page, its player page and the API read it (single season)."""
    summary = table_stats.table_summary(table_id)
    people = [p.id for p in summary.players]
    return {"players": summary.players, "games": summary.games,
            "sections": [tuple(summary.section(done)) for done in (False, True)],
            "league": summary.league(), "blocks": summary.league_blocks(),
            "head_to_head": {(a, b): summary.head_to_head(a, b) for a in people for b in people if a != b}}


def reads_as_rescored(table_id: str) -> None:
    read, rescored_table = table_as_read(table_id), table_as_rescored(table_id)
    for part in read:
        assert read[part] == rescored_table[part], part
    db.session.rollback()


def stats_from_the_games(table_id: str) -> list[tuple]:
    return [(s.id, s.name, s.games_played, s.games_won, s.hands_played, s.hands_won, s.best_hand,
             s.games_in_progress) for s in table_as_rescored(table_id)["players"]]


def stored(game_id: str) -> dict[str, dict]:
    game = db.session.get(Game, game_id)
    names = {p.id: p.name for p in game.players}
    fields = ("version", "finished", "won", "hands", "hands_won", "best_hand", "total", "team_total", "team",
              "ended_at", "table_id", "place")
    return {names[r.player_id]: {**{f: getattr(r, f) for f in fields}, "behind": names.get(r.behind)}
            for r in db.session.scalars(select(TableGameSeat).where(TableGameSeat.game_id == game_id))}


def rows_as_scored(table_id: str, unwritten: tuple = ()) -> None:
    """Every game of the table (but those `unwritten` by any write: from before migration
    0015) has its rows, at its version, equal to a whole rescoring; the players' stats summed
    from them (after a read rescored the unwritten) equal today's."""
    assert set(table_game_seats.stale_games(table_id)) <= set(unwritten)
    table_game_seats.fresh_rows(table_id)
    for game_id in db.session.scalars(select(Game.id).where(Game.table_id == table_id)).all():
        assert stored(game_id) == rescored(game_id), game_id
    assert table_game_seats.player_stats(table_id) == stats_from_the_games(table_id)
    reads_as_rescored(table_id)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes(), st.sampled_from([100, 300, 5000]))
def test_rows_equal_a_whole_rescoring_after_random_writes(app, run, new_target):
    scoring, teams, goal, steps = run
    with app.test_request_context():
        table, _ = tables.create_table("Evening")
        game = tables.start_game(table.id, PLAYERS, teams=[["Ana", "Cy"], ["Ben", "Dee"]] if teams else None,
                                 scoring=scoring, target=goal)
        assert stored(game.id) == rescored(game.id)
        play(game.id, steps)
        assert stored(game.id) == rescored(game.id)
        try:
            target.change_target(game.id, new_target)
        except Invalid:  # a target at or below a total already reached: nothing changed
            db.session.rollback()
        assert stored(game.id) == rescored(game.id)
        other = tables.start_game(table.id, PLAYERS[:3], target=60)
        play(other.id, [(kind, at, ({n: c for n, c in held.items() if n != "Dee"},
                                    {n: t for n, t in typed.items() if n != "Dee"})) for kind, at, (held, typed) in steps
                        if held["Dee"] != [] or "Dee" in typed])
        assert stored(other.id) == rescored(other.id)
        assert table_game_seats.player_stats(table.id) == stats_from_the_games(table.id)
        reads_as_rescored(table.id)


def test_a_row_at_another_version_is_rescored_by_the_read_never_believed(app, client):
    """Rows left at another version than their game's, with wrong numbers in them, are never
    shown: the page, the API and the league read the game rescored, and the rows are kept so."""
    with app.test_request_context():
        table, _ = tables.create_table("Evening")
        done = tables.start_game(table.id, PLAYERS[:2], target=60)
        play(done.id, [("save", 0, ({"Ana": [], "Ben": ["wild", "wild"]}, {}))])
        going = tables.start_game(table.id, PLAYERS, target=500)
        play(going.id, [("save", 0, ({"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}, {}))])
        truth = table_as_rescored(table.id)
        db.session.execute(update(TableGameSeat).where(TableGameSeat.game_id == done.id).values(
            version=TableGameSeat.version - 1, finished=False, won=False, hands=99, best_hand=999, total=-5))
        db.session.commit()
        assert table_game_seats.stale_games(table.id) == [done.id]
    answer = client.get(f"/api/tables/{table.id}").json
    assert {p["name"]: (p["games_won"], p["hands_played"], p["best_hand"]) for p in answer["players"]} == {
        p.name: (p.games_won, p.hands_played, p.best_hand) for p in truth["players"]}
    assert [row["games_won"] for row in answer["league"]] == [row.games_won for row in truth["league"]]
    assert "99 hands" not in client.get(f"/tables/{table.id}").get_data(as_text=True)
    with app.test_request_context():
        assert table_game_seats.stale_games(table.id) == []  # the read kept what it rescored
        reads_as_rescored(table.id)


def test_rows_written_while_a_save_lands_are_labelled_older_and_rescored(app):
    """The issue's race, by ordering: a read loads a stale game at version v, another request's
    save commits v+1, then the read writes and commits the game's rows. They hold v+1's hands
    but say v: the next read finds them stale and rescores them; no hand is counted twice or lost."""
    with app.test_request_context():
        table, _ = tables.create_table("Evening")
        game = tables.start_game(table.id, PLAYERS, target=500)
        play(game.id, [("save", 0, ({"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}, {}))])
        db.session.execute(delete(TableGameSeat).where(TableGameSeat.game_id == game.id))
        db.session.commit()
        late = games.load_game_head(game.id)  # the read's view of the game: version v
        version = late.version
        db.session.expunge(late)
        play(game.id, [("save", 0, ({"Ana": ["skip"], "Ben": [], "Cy": ["wild"], "Dee": ["3"]}, {}))])  # v+1
        table_game_seats.write_rows(late, bounded=False)  # the read, late
        db.session.commit()
        assert {r["version"] for r in stored(game.id).values()} == {version}
        assert {r["hands"] for r in stored(game.id).values()} == {2}  # v+1's hands, under v's label
        assert table_game_seats.stale_games(table.id) == [game.id]
        reads_as_rescored(table.id)
        assert stored(game.id) == rescored(game.id)
