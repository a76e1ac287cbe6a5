"""Texts round three (issue 31): pages say what is true of the game in front of them, and ask
each question once."""
import html
import re

from tests.support.helpers import keep_score, new_game

from .test_team_api import HELD, PLAYERS, TEAMS, play

PL = {"Accept-Language": "pl"}


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(page)))


def test_the_rules_page_marks_house_rules_only_for_a_game_that_has_some(client):
    plain = new_game(client)
    page = text_of(client.get(f"/rules/classic?game={plain['id']}").get_data(as_text=True))
    assert "no house rules" in page and "marked" not in page
    stacking = new_game(client, house_rules={"stacking": True})
    page = text_of(client.get(f"/rules/classic?game={stacking['id']}").get_data(as_text=True))
    assert "House rules in force in this game are marked below." in page
    polish = text_of(client.get(f"/rules/classic?game={plain['id']}", headers=PL).get_data(as_text=True))
    assert "bez zasad domowych" in polish and "Zaznaczono" not in polish


def test_the_first_card_question_asks_for_the_card_turned_up(client):
    page = text_of(client.get("/judge/first-card?asked=1").get_data(as_text=True))
    assert "Tap the card turned up to start." in page and "card played" not in page


def test_the_challenge_page_asks_who_challenges_once(client):
    game = new_game(client)
    page = text_of(client.get(f"/judge/challenge?game={game['id']}").get_data(as_text=True))
    assert page.count("Who challenges") == 1 and "The challenger's name (optional)" in page


def test_a_winning_team_of_two_takes_a_plural_verb_in_polish(client):
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 10000}).json
    play(client, game, HELD[0])
    page = text_of(client.get(f"/games/{game['id']}", headers=PL).get_data(as_text=True))
    assert "Ana i Cy prowadzą" in page and "Cy prowadzi" not in page
    english = text_of(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "Ana & Cy leads" in english


def test_a_keeper_reaches_the_games_backup_and_score_sheet_from_the_scoreboard(app, client):
    game = new_game(client)
    keep_score(client, game)
    keeper = client.get(f"/games/{game['id']}").get_data(as_text=True)
    links = dict((text, href) for href, text in re.findall(
        r'<a class="button" href="([^"]+)" download>([^<]+)</a>', keeper))
    assert set(links) == {"Backup (JSON)", "Score sheet (CSV)"}
    for href in links.values():
        answer = client.get(href)
        assert answer.status_code == 200 and "attachment" in answer.headers["Content-Disposition"]
    assert game["id"] in client.get(links["Backup (JSON)"]).get_data(as_text=True)
    watcher = app.test_client().get(f"/games/{game['id']}").get_data(as_text=True)
    assert "export.json" not in watcher and "export.csv" not in watcher
