"""The scoreboard asks the game's scoring system how the game ended and who leads."""

HAND = {"Ana": [], "Ben": ["wild", "7"], "Cy": ["9"]}  # Ana goes out; Ben holds 57, Cy 9


def finished_game(client, scoring, target):
    game = client.post("/api/games", json={"players": ["Ana", "Ben", "Cy"], "scoring": scoring,
                                           "target": target}).json
    answer = client.post(f"/api/games/{game['id']}/hands", json={"held": HAND},
                         headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert answer.status_code == 201
    return game


def test_a_lowest_total_game_says_why_it_ended_and_the_lowest_wins(client):
    game = finished_game(client, "lowest-total", 50)  # Ben reached 50 in hand 1; Ana had 0
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Lowest total when someone reached 50, in hand 1." in page
    state = client.get(f"/api/games/{game['id']}").json
    assert state["finished"] and state["winners"] == ["Ana"]
    polish = client.get(f"/games/{game['id']}?lang=pl").get_data(as_text=True)
    assert "Lowest total when" not in polish and "50" in polish


def test_winner_takes_points_says_first_to_the_target(client):
    game = finished_game(client, "winner-takes-points", 60)  # Ana +66 in hand 1
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "First to 60 points, in hand 1." in page and "+66" in page
    lowest_view = client.get(f"/games/{game['id']}?system=lowest-total").get_data(as_text=True)
    assert 'aria-current="page">Lowest total<' in lowest_view
