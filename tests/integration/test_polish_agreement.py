"""Polish words that agree with what they qualify (issue 37's evening): a colour after "karta
koloru w grze" in the genitive, and a turn named without a gendered noun ("kolej: Mum")."""
from html import unescape


PL = {"Accept-Language": "pl-PL,pl;q=0.9"}


def test_the_guilty_challenge_names_the_colour_in_the_genitive(client):
    for colour, word in (("red", "czerwonego"), ("yellow", "żółtego"), ("green", "zielonego"), ("blue", "niebieskiego")):
        page = unescape(client.get(f"/judge/challenge?asked=1&color={colour}&hand={colour}-2",
                                   headers=PL).get_data(as_text=True))
        assert f"karta koloru w grze ({word})" in page, colour
    english = unescape(client.get("/judge/challenge?asked=1&color=red&hand=red-2").get_data(as_text=True))
    assert "a card of the colour in play (red)" in english


def test_a_wrong_player_is_told_whose_turn_it_is_without_a_gendered_noun(client):
    body = {"players": ["Mum", "Dad"], "start": "red-7", "plays": [{"player": "Dad", "card": "red-1"}]}
    polish = client.post("/api/referee", json=body, headers=PL).json["steps"][0]["explanation"]
    assert "Teraz kolej: Mum, nie Dad." in polish and "gracza" not in polish
    english = client.post("/api/referee", json=body).json["steps"][0]["explanation"]
    assert "It is Mum's turn, not Dad's." in english
