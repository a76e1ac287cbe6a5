"""Po polsku (issue 14), the scoreboard and sharing side: every page a person sees around a game
and a family table, in Polish, with no English left; card names and counts in Polish grammar."""
import io
import re
from html import unescape

from tests.support.helpers import keep_score, new_game, post_hand

PL = {"Accept-Language": "pl-PL,pl;q=0.9"}
# English UI words that must not be left on these pages (whole words, case as written).
# ("to" and "go" are Polish words too: "To nie jest…", "Daj go…")
ENGLISH = ["the", "and", "of", "Hand", "Hands", "hand", "hands", "Record", "Share", "Copy",
           "Watch", "Watching", "Keep", "keep", "score", "scores", "Rules", "Judge", "Player", "Players",
           "Points", "points", "leads", "wins", "win", "won", "went", "out", "dealt", "deals", "Edit",
           "Rematch", "playing", "target", "Earlier", "Every", "game", "games", "Game", "table", "Table",
           "Back", "Restored", "key", "Names", "Rename", "Merge", "into", "Start", "Finished", "progress",
           "Skip", "Reverse", "Draw", "Wild", "Blank", "red", "blue", "yellow", "green", "typed",
           "total", "Lowest", "Winner", "Classic", "house", "rules", "stacking", "penalty", "Running",
           "phone", "New", "Best", "Against", "They", "Download", "backup", "Nobody", "No", "Yes", "Only",
           "Tap", "stats", "Live", "Connection"]
NAMES = ["Ana", "Ben", "Cy", "Dee"]


def shown_text(html: str) -> str:
    """What a person reads (or hears) in <main> and the title: text, labels and tooltips, no URLs."""
    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    main = re.search(r'<main id="main">(.*)</main>', html, re.S)[1]
    labels = " ".join(re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', main))
    text = unescape(re.sub(r"<[^>]+>", " ", f"{title} {main} {labels}"))
    return re.sub(r"https?://\S+|#key=\S*", " ", text)


def english_left(html: str) -> list[str]:
    text = shown_text(html)
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def polish_page(client, url: str, status: int = 200) -> str:
    response = client.get(url, headers=PL)
    assert response.status_code == status, url
    html = response.get_data(as_text=True)
    assert '<html lang="pl">' in html, url
    assert not english_left(html), (url, english_left(html))
    return html


def test_the_check_would_catch_english():
    html = '<title>T</title><main id="main"><p>Gra</p><span title="red Skip">x</span></main>'
    assert english_left(html) == ["Skip", "red"]


def played(client, **options) -> dict:
    game = new_game(client, **options)
    keep_score(client, game)
    client.get(f"/games/{game['id']}")  # its flash, said in English when this phone said yes
    first = {"Ana": [], "Ben": ["red-skip", "blue-7"], "Cy": ["wild-draw4"], "Dee": ["9"]}
    assert post_hand(client, game, first).status_code == 201
    second = {"Ana": ["green-draw2", "wild"], "Ben": [], "Cy": ["reverse"], "Dee": []}
    assert post_hand(client, game, second, typed_totals={"Dee": 50}).status_code == 201
    return game


def test_the_keepers_scoreboard_and_every_hand_in_polish(client):
    game = played(client, edition="classic-112", house_rules={"stacking": True, "uno_penalty": 4})
    board = polish_page(client, f"/games/{game['id']}")
    for words in ("Wpisz rozdanie 3", "Rozdanie 2", "bez kart", "wpisana suma", "Udostępnij grę",
                  "Zwycięzca zbiera punkty", "Klasyczna z Czystymi kartami"[:9], "zasady domowe",
                  "czerwona karta Stop", "niebieska 7", "Weź cztery", "zielona karta Weź dwie", "Zmiana kierunku",
                  "Zmiana koloru", "W rozdaniu 3 rozdaje Cy", "Suma punktów po każdym rozdaniu"):
        assert words in shown_text(board), words
    # board.js gets its texts in Polish, as one small attribute
    texts = re.search(r'data-t="([^"]+)"', board)[1]
    assert "Na żywo: aktualne o {t}" in unescape(texts) and "Skopiowano link" in unescape(texts)
    live = client.get(f"/games/{game['id']}/board", headers=PL).get_data(as_text=True)  # a fragment
    assert "Wpisz rozdanie 3" in live and not english_left(f'<title></title><main id="main">{live}</main>')
    polish_page(client, f"/games/{game['id']}/hands")
    english = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "data-t=" not in english and "red Skip" in english and "Record hand 3" in english


def test_a_watchers_scoreboard_in_polish(app, client):
    game = played(client)
    watcher = app.test_client()
    html = polish_page(watcher, f"/games/{game['id']}")
    assert "Tylko oglądasz" in html and "Wpisz rozdanie" not in html


def test_a_finished_game_offers_more_play_and_a_rematch_in_polish(client):
    game = new_game(client, players=("Ana", "Ben"), target=100)
    keep_score(client, game)
    client.get(f"/games/{game['id']}")
    post_hand(client, game, {"Ana": [], "Ben": ["wild-draw4", "wild", "wild"]})
    html = polish_page(client, f"/games/{game['id']}")
    assert "Ana wygrywa!" in html and "Rewanż" in html and "Gramy dalej do" in html
    assert "pierwsze karty rozdaje Ben" in html


def test_sharing_and_keep_score_pages_in_polish(app, client):
    game = played(client)
    polish_page(client, f"/games/{game['id']}/share")
    other = app.test_client()
    html = polish_page(other, f"/games/{game['id']}/keep-score")
    assert "Zapisywać na tym telefonie wyniki gry: Ana, Ben, Cy, Dee?" in html
    assert "Klucz zapisu" in html
    polish_page(client, f"/games/{game['id']}/keep-score")


def test_restored_games_and_restore_errors_in_polish(csrf_off, client):
    game = played(client)
    backup = client.get(f"/games/{game['id']}/export.json").data
    response = client.post("/restore", data={"backup": (io.BytesIO(backup), "b.json")},
                           content_type="multipart/form-data", headers=PL)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and '<html lang="pl">' in html
    assert not english_left(html), english_left(html)
    assert "Przywrócono 1 grę" in html and "2 rozdania" in html
    bad = client.post("/restore", data={"backup": (io.BytesIO(b"{}"), "b.json")},
                      content_type="multipart/form-data", headers=PL)
    assert bad.status_code == 422
    assert "Niczego nie przywrócono. To nie jest kopia zapasowa" in bad.get_data(as_text=True)


def kept_table(client) -> str:
    response = client.post("/tables/new", data={"name": "Kuchnia"}, headers=PL)
    assert response.status_code == 302
    return response.location.rsplit("/", 1)[1]


def test_table_pages_in_polish(csrf_off, app, client):
    polish_page(client, "/tables/new")
    empty = client.post("/tables/new", data={"name": ""}, headers=PL).get_data(as_text=True)
    assert "Nadaj stołowi nazwę" in empty
    table = kept_table(client)
    response = client.post(f"/tables/{table}/games", data={"seat": ["Ana", "Ben"]}, headers=PL)
    assert response.status_code == 302
    game = {"id": response.location.rsplit("/", 1)[1]}
    polish_page(client, f"/games/{game['id']}")
    html = polish_page(client, f"/tables/{table}")
    assert "W toku" in html and "Gracze" in html and "Zacznij grę" in html and "Imiona" in html
    player = re.search(rf'href="/tables/{table}/players/([^"]+)"', html)[1]
    polish_page(client, f"/tables/{table}/players/{player}")
    polish_page(client, f"/tables/{table}/share")
    polish_page(client, f"/tables/{table}/keep-score")
    polish_page(app.test_client(), f"/tables/{table}")
    clash = client.post(f"/tables/{table}/rename", data={"old": "Ana", "new": "ben"}, headers=PL)
    assert "Jest już gracz o imieniu „Ben”" in clash.get_data(as_text=True)
    merged = client.post(f"/tables/{table}/merge", data={"spelling": "Ana", "into": "Ana"}, headers=PL)
    assert "To dwa razy ten sam gracz" in merged.get_data(as_text=True)
