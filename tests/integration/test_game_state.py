"""The JSON API's game (GET /api/games/<id>, and every write's answer) is read from the
hands' rows and their per-seat points (services/game_rows.py): the oracle here, the JSON
the whole game scored afresh from its held cards gives (`recomputed`), serves test_game_rows
(random writes of every kind through the API) and test_edit_state (every kind of write, read
in every worker); an answer keeps the contract's shape whatever the rows hold."""
from scorekeeper.services import games

from tests.support.helpers import auth, new_game, post_hand

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def held(winner: int, n: int) -> dict:
    """A legal hand: `winner` went out, the others hold a few cards that vary with `n`."""
    kinds = ["7", "skip", "wild", "draw2", "3", "reverse", "0", "wild-draw4"]
    return {name: ([] if seat == winner else [kinds[(n + seat) % len(kinds)], str((n * seat) % 10)])
            for seat, name in enumerate(PLAYERS)}


def full_game(app, game_id: str) -> dict:
    """The game as docs/api.md shows it, loaded whole and scored afresh by the domain's
    ScoreSheet from every hand's held cards: the oracle the API's reads are compared with."""
    from flask import url_for

    with app.test_request_context():
        game = games.load_game(game_id)
        sheet = games.sheet_of(game)
        outcome, points, scores, teams = sheet.outcome(), sheet.points(), sheet.standings(), sheet.team_scoring
        hands = [{"id": row.public_id, "number": row.number, "winner": hand.winner,
                  "held": games.stored_cards(game, row)[0], "points": points[i], "typed_totals": dict(hand.typed),
                  "dealer": sheet.dealer(row.number), "revision": row.revision}
                 for i, (row, hand) in enumerate(zip(game.hands, sheet.hands))]
        return games.game_settings(game) | ({} if teams is None else {"teams": [
            {"players": list(players), "score": score} for players, score in teams.rows(sheet.team_standings())]}) | {
            "players": [{"name": n, "score": scores[n]} for n in sheet.players],
            "standings": {slug: sheet.standings(slug) for slug in ("winner-takes-points", "lowest-total")},
            "url": url_for("scoreboard.scoreboard", game_id=game.id), "hands": hands,
            "finished": outcome.finished, "winners": outcome.winners}


def recomputed(app, game_id: str) -> bytes:
    """The game as GET answers it, loaded whole and scored from every hand."""
    with app.test_request_context():
        return app.json.response(full_game(app, game_id)).get_data()


def test_an_edit_answers_the_hand_and_its_game_even_for_a_hand_without_an_id(app, client):
    """The answer's shape is the contract's whatever the row holds: a hand stored without a
    public id (rows written straight into the database) still answers {"hand", "game"}."""
    from sqlalchemy import text

    from scorekeeper.models import db
    game = new_game(client, PLAYERS)
    assert post_hand(client, game, held(0, 1)).status_code == 201
    with app.app_context():
        db.session.execute(text("UPDATE hands SET public_id = NULL WHERE game_id = :g"), {"g": game["id"]})
        db.session.commit()
    edited = client.put(f"/api/games/{game['id']}/hands/1", json={"held": held(1, 2)}, headers=auth(game))
    assert edited.status_code == 200
    assert set(edited.json) == {"hand", "game"}
    assert edited.json["hand"]["winner"] == "Ben" and edited.json["game"]["hands"][0]["winner"] == "Ben"
