"""The /referee page without JavaScript: a plain form (POSTed; a GET with the same fields
answers too), a play a line or a tap at a time, answered with the timeline."""
import re
from urllib.parse import urlencode

from tests.support.helpers import new_game

TABLE = {"asked": "1", "players": "Ana, Ben, Cy", "start_colour": "red", "start_kind": "7"}


def page(client, lang="en", **args):
    r = client.get("/referee?" + urlencode({**TABLE, **args}), headers={"Accept-Language": lang})
    return r.status_code, r.get_data(as_text=True)


def plays_in(html):
    return re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S).group(1).strip().splitlines()


def test_a_blank_page_asks_for_the_table(client):
    html = client.get("/referee").get_data(as_text=True)
    assert 'name=players' in html and 'name=start_kind' in html and "Timeline" not in html


def test_typed_lines_give_a_timeline_with_the_first_illegal_play_marked(client):
    status, html = page(client, plays="Ana red-3\nBen blue-4\nBen red-skip\nAna draw")
    assert status == 200
    assert html.count("<li id=p") == 4
    assert re.search(r'<li id=p2 class="bad first">', html)
    assert '<a href="#p2">The first illegal play:</a>' in html and "Now: Ben to play." in html
    assert 'href="/rules/classic#matching"' in html


def test_a_draw_two_is_charged_on_its_row_and_the_typed_draw_only_records_it(client):
    for lang, counted, drawn in [("en", "already counted", "Ben draws 2 cards and loses the turn."),
                                 ("pl", "już policzono", "Ben dobiera 2 karty i traci kolejkę.")]:
        status, html = page(client, lang, plays="Ana red-draw2\nBen draw 2\nCy red-4")
        assert status == 200 and 'class="bad' not in html
        first, second = (re.search(rf"<li id=p{n}.*?</li>", html, re.S).group(0) for n in (1, 2))
        assert drawn in first and counted not in first
        assert counted in second and "Ben" in second and "→ Cy" in second


def test_tapping_a_player_and_a_card_adds_the_line(client):
    status, html = page(client, plays="Ana red-3", add="play", who="Ben", colour="red", kind="skip")
    assert status == 200 and plays_in(html) == ["Ana red-3", "Ben red-skip"]
    assert "Now: Ana to play." in html
    _, html = page(client, plays="Ana red-3", add="play", who="Ben", colour="green", kind="wild")
    assert plays_in(html)[-1] == "Ben wild green"


def test_a_draw_is_one_tap_and_undo_takes_the_last_line_back(client):
    _, html = page(client, plays="Ana red-3", add="draw", who="Ben")
    assert plays_in(html) == ["Ana red-3", "Ben draw"]
    # the next player is marked, never chosen for the family: an out-of-turn play needs its
    # player tapped, so the referee sees who really played
    assert re.search(r'<label class=next><input type=radio name=who value="Cy">▶ Cy', html)
    assert "checked" not in re.search(r'<fieldset class=picker id=tap>.*?</fieldset>', html,
                                      re.S).group(0)
    _, html = page(client, plays="Ana red-3\nBen draw", add="undo")
    assert plays_in(html) == ["Ana red-3"]


def test_polish_lines_read_back(client):
    _, html = page(client, "pl", plays="Ana red-3", add="draw", who="Ben")
    assert plays_in(html) == ["Ana red-3", "Ben dobiera"] and "Teraz gra: Cy." in html


def test_a_tap_without_a_card_says_what_is_missing_and_keeps_the_plays(client):
    status, html = page(client, plays="Ana red-3", add="play", who="Ben", colour="red")
    assert status == 422 and "Tap the card" in html and plays_in(html) == ["Ana red-3"]


def test_a_line_it_cannot_read_is_a_422_naming_the_line(client):
    status, html = page(client, plays="Ana red-3\nZed red-4")
    assert status == 422 and "Line 2" in html
    status, html = page(client, plays="Ana red-3\nBen wild")
    assert status == 422 and "Play 2" in html


def test_opened_from_a_game_it_takes_the_players_and_the_deck(client):
    game = new_game(client)
    html = client.get(f"/referee?game={game['id']}").get_data(as_text=True)
    assert 'value="Ana, Ben, Cy, Dee"' in html
    assert re.search(r'name=edition value="classic" checked', html)
    judge = client.get(f"/judge?game={game['id']}").get_data(as_text=True)
    assert f"/referee?game={game['id']}" in judge
    assert client.get("/referee?game=nosuchgame").status_code == 404


def test_the_rules_pages_link_to_the_referee(client):
    html = client.get("/rules/wimpy-kid").get_data(as_text=True)
    assert "/referee?edition=wimpy-kid" in html


def test_nonsense_in_the_address_is_never_a_500(client):
    odd = [{"add": "play", "who": "Ana", "kind": "zzz"}, {"add": "play", "who": "Ana", "kind": "7",
           "colour": "pink"}, {"add": "zzz", "who": "Ana"}, {"cards": "²"}, {"cards": "9999"},
           {"edition": "nope"}, {"start_kind": "zzz"}, {"start_kind": "wild"},
           {"start_kind": "wild", "called": "pink"}, {"dealer": "Zed"}, {"plays": "Ana " + "x" * 5000},
           {"players": "Ana"}, {"players": ",".join(f"P{i}" for i in range(12))},
           {"plays": "\n".join(["Ana draw"] * 600)}, {"plays": "Ana draw 99999999999999"},
           {"plays": "Ana draw ²"}, {"plays": "Ana: : :"}, {"plays": "Ana challenge zz"},
           {"game": "x" * 200}]
    for args in odd:
        status, _ = page(client, **args)
        assert status in (200, 404, 422), (args, status)


def test_the_scoreboard_links_to_the_referee_with_the_game_filled_in(client):
    game = new_game(client, players=("Ola", "Piotr", "Zosia"), edition="wimpy-kid",
                    house_rules={"stacking": True})
    for lang, words in (("en", "Settle a dispute"), ("pl", "Rozstrzygnij spór")):
        board = client.get(f"/games/{game['id']}", headers={"Accept-Language": lang})
        assert f'<a class="button" href="/referee?game={game["id"]}">{words}</a>' in board.get_data(as_text=True)
    html = client.get(f"/referee?game={game['id']}").get_data(as_text=True)
    assert 'value="Ola, Piotr, Zosia"' in html
    assert re.search(r'name=edition value="wimpy-kid" checked', html)
    assert 'name=stacking value="on" checked' in html


def test_a_games_stacking_mode_stays_chosen_on_the_referee_form(client):
    """The form offers every stacking mode, and a game's own mode is the one chosen (a second
    replay of the form keeps it, as does the replay's link)."""
    game = new_game(client, players=("Ola", "Piotr"), house_rules={"stacking": "same-kind"})
    html = client.get(f"/referee?game={game['id']}").get_data(as_text=True)
    assert 'name=stacking value="same-kind" checked' in html
    assert 'name=stacking value="on" checked' not in html
    status, html = page(client, stacking="equal-or-higher", plays="Ana red-3")
    assert status == 200
    assert 'name=stacking value="equal-or-higher"' in html
    assert "stacking=equal-or-higher" in html  # the replay's link keeps the mode


def test_each_player_can_start_with_their_own_count(client):
    status, html = page(client, cards_0="2", cards_2="9", plays="Ana red-3\nBen red-4")
    assert status == 200
    for i, value in ((0, "2"), (2, "9")):
        assert f'name=cards_{i} value="{value}"' in html  # kept in the form
    assert re.search(r"Ana <small>\(1\)</small>", html)  # 2 dealt, 1 played
    assert re.search(r"Ben <small>\(6\)</small>", html)  # 7 by default, 1 played
    assert re.search(r"Cy <small>\(9\)</small>", html)
    status, html = page(client, cards_1="0")
    assert status == 422 and "Ben must hold a whole number of cards" in html


def form_part(client, lang="en", **args):
    r = client.get("/referee/form?" + urlencode({**TABLE, **args}),
                   headers={"Accept-Language": lang})
    return r.status_code, r.get_data(as_text=True)


def without_csrf_token(html):
    # the token is signed with the second it was made in, so two answers a second apart differ
    return re.sub(r'name=csrf_token value="[^"]*"', "name=csrf_token", html)


def test_the_form_alone_answers_a_tap_rendered_as_the_page_renders_it(client):
    status, html = form_part(client, plays="Ana red-3", add="draw", who="Ben")
    assert status == 200 and html.lstrip().startswith("<form") and "<html" not in html
    _, whole = page(client, plays="Ana red-3", add="draw", who="Ben")
    assert without_csrf_token(html).strip() in without_csrf_token(whole)
    status, html = form_part(client, plays="Ana red-3", add="play", who="Ben", colour="red")
    assert status == 422 and "Tap the card" in html
    assert "<li id=p1" in html  # a tap it cannot read keeps the timeline


def test_a_typed_line_then_a_tap_keeps_both_in_order(client):
    _, html = page(client, plays="Ana red-3\nBen blue-3\n", add="play", who="Cy", colour="blue",
                   kind="5")
    assert plays_in(html) == ["Ana red-3", "Ben blue-3", "Cy blue-5"]
    assert html.count("<li id=p") == 3


def test_a_card_drawn_then_played_is_one_line(client):
    _, html = page(client, plays="Ana red-3", add="play", who="Ben", colour="red", kind="5",
                   drew="1")
    assert plays_in(html) == ["Ana red-3", "Ben draw red-5"] and "Now: Cy to play." in html


def test_the_challenge_tile_follows_a_wild_draw_four_and_rules_both_ways(client):
    # 004: guilty, the challenged player draws the 4; innocent, the challenger draws 6
    _, html = page(client, plays="Ana wild-draw4 blue")
    tile = re.search(r'<details class=challenge data-by="Ben">.*?</details>', html, re.S).group(0)
    assert "Which red card did Ana hold?" in tile
    assert 'value="red-5"' in tile and 'value=none' in tile and 'value="blue-5"' not in tile
    _, guilty = page(client, plays="Ana wild-draw4 blue", who="Ben", challenge="red-5")
    assert plays_in(guilty) == ["Ana wild-draw4 blue", "Ben challenge red-5"]
    row = re.search(r"<li id=p2.*?</li>", guilty, re.S).group(0)
    assert "Guilty: Ana draws 4" in row and "<details class=challenge" not in guilty
    _, innocent = page(client, "pl", plays="Ana wild-draw4 blue", who="Ben", challenge="none")
    assert plays_in(innocent) == ["Ana wild-draw4 blue", "Ben sprawdza"]
    assert "Niewinny: Ben dobiera 6" in re.search(r"<li id=p2.*?</li>", innocent, re.S).group(0)
    _, none = page(client, plays="Ana red-draw2")
    assert "<details class=challenge" not in none


def test_after_a_cheese_touch_the_tap_is_draw_two_more(client):
    # 004: the player given the Cheese Touch plays yellow or draws 2 more
    args = {**TABLE, "start_colour": "yellow", "edition": "wimpy-kid"}
    r = client.get("/referee?" + urlencode({**args, "plays": "Ana cheese-touch"}))
    html = r.get_data(as_text=True)
    assert "value=draw2>Draw 2 more" in html and "value=draw>" not in html
    r = client.get("/referee?" + urlencode({**args, "plays": "Ana cheese-touch", "add": "draw2",
                                            "who": "Ben"}))
    html = r.get_data(as_text=True)
    assert plays_in(html) == ["Ana cheese-touch", "Ben draw 2"] and 'class="bad' not in html
    assert "value=draw>Draw one" in html


def test_the_last_plays_verdict_heads_the_result(client):
    _, html = page(client, plays="Ana red-3\nBen blue-4")
    result = re.search(r'<div class=now id=result.*?</div>', html, re.S).group(0)
    assert "2. Ben" in result and "✗ Card not allowed here" in result


def test_a_challenge_is_one_tap_the_server_knows_who_was_charged(client):
    # Ben was charged the 4: the Challenge tile's card alone records Ben's challenge
    _, html = page(client, plays="Ana wild-draw4 blue", challenge="red-5")
    assert plays_in(html) == ["Ana wild-draw4 blue", "Ben challenge red-5"]
    assert "Guilty: Ana draws 4" in re.search(r"<li id=p2.*?</li>", html, re.S).group(0)
    _, html = page(client, "pl", plays="Ana wild-draw4 blue")
    assert "Sprawdza: Ben. Wystarczy stuknąć pokazaną kartę." in html  # the tile says whose
    _, html = page(client, "pl", plays="Ana wild-draw4 blue", challenge="none", who="Cy")
    assert plays_in(html) == ["Ana wild-draw4 blue", "Ben sprawdza"]  # never a bystander's
    assert "Sprawdza: Ben." not in html  # the tile went with the challenge
    status, html = page(client, plays="Ana red-3", challenge="red-5")  # nothing to challenge
    assert status == 422 and "Tap who played first" in html and plays_in(html) == ["Ana red-3"]


def token_of(html):
    return re.search(r'name=csrf_token value="([^"]+)"', html).group(1)


def test_the_form_posts_with_its_token_and_offers_a_link_while_it_is_short(client):
    html = client.get("/referee").get_data(as_text=True)
    assert re.search(r"<form method=post action=\"/referee#result\"", html)
    form = {**TABLE, "plays": "Ana red-3", "add": "play", "who": "Ben", "colour": "red",
            "kind": "5", "csrf_token": token_of(html)}
    r = client.post("/referee", data=form)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and plays_in(html) == ["Ana red-3", "Ben red-5"]
    link = re.search(r'<a href="([^"]+)">Link to this replay</a>', html).group(1)
    assert "plays=Ana+red-3%0ABen+red-5" in link.replace("&amp;", "&")
    assert plays_in(client.get(link.replace("&amp;", "&")).get_data(as_text=True)) == [
        "Ana red-3", "Ben red-5"]  # the link shows the same replay
    part = client.post("/referee/form", data={**form, "plays": "Ana red-3"})
    assert part.status_code == 200 and plays_in(part.get_data(as_text=True))[-1] == "Ben red-5"
    refused = client.post("/referee/form", data={**form, "csrf_token": "stale"})
    assert refused.status_code == 400 and "<li id=p" not in refused.get_data(as_text=True)


def test_the_first_illegal_plays_verdict_heads_the_result_after_later_plays(client):
    plays = "Ana red-3\nCy red-5\nBen red-6\nCy red-8\nAna red-9"  # Cy out of turn, first
    _, html = page(client, "pl", plays=plays)
    result = re.search(r"<div class=now id=result.*?</div>", html, re.S).group(0)
    first = re.search(r'<p class="verdict bad first">.*?</p>', result, re.S).group(0)
    assert '<a href="#p2">Pierwsze niedozwolone zagranie:</a>' in first
    assert "2. Cy" in first and "✗ Nie w swojej kolejce" in first
    _, html = page(client, plays="Ana red-3\nCy red-5")  # the last play: said once
    assert 'class="verdict bad first"' not in html and "✗ Not their turn" in html


LONG = 500


def five_hundred_plays() -> str:
    """A legal stretch of 500 plays at three seats: a red number, then seven draws, round and
    round (the draws reshuffle the pile before a card comes back more often than the deck
    holds it)."""
    names, numbers = ["Ana", "Ben", "Cy"], [1, 2, 3, 4, 5, 6, 8, 9]
    return "\n".join(f"{names[n % 3]} red-{numbers[n // 8 % 8]}" if n % 8 == 0 else
                     f"{names[n % 3]} draw" for n in range(LONG))


def test_five_hundred_plays_get_an_answer_from_the_documented_gunicorn(tmp_path):
    """The page promises 500 plays: POSTed to the documented server, they are judged (a GET of
    the same stretch is refused by gunicorn itself, 414, before the app sees it)."""
    import http.cookiejar
    import urllib.error
    import urllib.parse
    import urllib.request

    from tests.support.servers import Server

    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with Server(f"sqlite:///{tmp_path / 'ref.sqlite3'}", tmp_path / "gunicorn.log") as server:
        blank = browser.open(server.url + "/referee", timeout=30).read().decode()
        fields = {**TABLE, "plays": five_hundred_plays(), "csrf_token": token_of(blank)}
        with browser.open(server.url + "/referee", urllib.parse.urlencode(fields).encode(),
                          timeout=60) as answer:
            status, html = answer.status, answer.read().decode()
        try:
            browser.open(server.url + "/referee?" + urllib.parse.urlencode(fields), timeout=30)
            refused_get = 200
        except urllib.error.HTTPError as err:
            refused_get = err.code
    assert status == 200 and html.count("<li id=p") == LONG and 'class="bad' not in html
    assert "Too many plays for a link" in html
    assert refused_get == 414  # why the form POSTs
