"""Team games through the services: a partner's cards count for nobody, a rematch keeps the
teams. `recount` gives the team totals from the stored cards by hand (card points from the
catalogue, summed per team), not by the domain's TeamScoring; test_team_api and test_team_board
check the API and the board against it."""
from __future__ import annotations

from scorekeeper.services import games, hands, rematch, tables

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
TEAMS = [["Ana", "Cy"], ["Ben", "Dee"]]
# Each hand: who went out, and the cards the others kept.
HANDS = [
    ("Ana", {"Ben": ["red-9", "wild-draw4"], "Cy": ["green-5"], "Dee": ["blue-skip"]}),
]


def card_points(cards: list[str]) -> int:
    """The classic sheet's values: a number its face, an action 20, a wild 50."""
    kinds = [token.split("-", 1)[1] if token.startswith(("red", "yellow", "green", "blue"))
             else token for token in cards]
    return sum(int(k) if k.isdigit() else 50 if k.startswith("wild") else 20 for k in kinds)


def recount(scoring: str, played: list[tuple[str, dict]]) -> list[int]:
    """Team totals by hand: winner takes points sums the other team's cards for the winner's
    side; lowest total charges each team its players' cards."""
    team = {name: n for n, members in enumerate(TEAMS) for name in members}
    totals = [0, 0]
    for winner, held in played:
        for name, cards in held.items():
            if scoring == "lowest-total":
                totals[team[name]] += card_points(cards)
            elif team[name] != team[winner]:
                totals[team[winner]] += card_points(cards)
    return totals


def play(game_id: str, played) -> None:
    for winner, held in played:
        hands.record_hand(game_id, {winner: [], **held})


def test_partners_cards_count_for_nobody(app):
    with app.test_request_context():
        game, _key = games.create_game(PLAYERS, target=80, teams=TEAMS)
        play(game.id, HANDS)
        sheet = games.sheet_of(games.get_game(game.id))
        assert sheet.team_standings() == {0: 79, 1: 0}
        assert sheet.standings()["Ana"] == 84  # alone, Ana would have had Cy's 5 too
        assert not sheet.outcome().finished


def test_rematch_keeps_the_teams_at_a_table_and_alone(app):
    with app.test_request_context():
        alone, _key = games.create_game(PLAYERS, target=79, teams=TEAMS)
        play(alone.id, HANDS)
        again = rematch.rematch(alone.id).game
        assert games.sheet_of(games.get_game(again.id)).teams == (("Ana", "Cy"), ("Ben", "Dee"))
        table, _table_key = tables.create_table("Kitchen")
        at_table = tables.start_game(table.id, PLAYERS, target=79, teams=TEAMS)
        play(at_table.id, HANDS)
        again = rematch.rematch(at_table.id).game
        assert again.table_id == table.id
        assert [p.team for p in games.get_game(again.id).players] == [0, 1, 0, 1]
