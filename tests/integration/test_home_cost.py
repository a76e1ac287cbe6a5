"""Issues 30 and 36: the home page lists up to 60 games; a look reads their rows, and sums the
per-seat rows (hand_scores) of only the games that changed since they were last shown (each
version summarised once): no card is read."""
from benchmarks.page_weight import counting_statements as statements
from tests.support.helpers import keep_score, new_game, post_hand


def reads_cards(seen: list[str]) -> int:
    return sum("held_cards" in s.lower() for s in seen)


def test_a_look_reads_no_cards_and_a_save_makes_one_game_summed_again(app, client):
    played = []
    for n in range(3):
        game = new_game(client, ("Ana", "Ben"))
        keep_score(client, game)
        for _ in range(n + 1):
            post_hand(client, game, {"Ana": [], "Ben": ["7"]})
        played.append(game)
    first = client.get("/").get_data(as_text=True)
    assert "3 hands" in first and "2 hands" in first and "1 hand" in first
    with statements(app) as seen:
        again = client.get("/").get_data(as_text=True)
    assert reads_cards(seen) == 0
    assert again.count("Ana leads") == first.count("Ana leads") == 3
    post_hand(client, played[0], {"Ana": ["wild", "wild"], "Ben": []})
    with statements(app) as seen:
        after = client.get("/").get_data(as_text=True)
    assert reads_cards(seen) == 0  # that one game is summed again, from its per-seat rows
    assert sum("hand_scores" in s.lower() for s in seen) >= 1
    assert "Ben leads" in after and after.count("Ana leads") == 2
