"""Po polsku (issue 14): walk EVERY page of the app with `Accept-Language: pl` over real data
(a standalone game, a finished game, a family table, every judge question and rules edition, the
share, keep-score, backup and error pages) and find no English UI word on any of them: not in
the text, the title, a tooltip, a label a screen reader says, a button's value or the texts the
page hands its script. The walk fails when the app gains a GET page it does not visit."""
from __future__ import annotations

import io
import json
import re
from html import unescape

import pytest

from scorekeeper.domain.judge import QUESTIONS
from scorekeeper.domain.rulebook import EDITION_SLUGS
from tests.support.helpers import game_backup, keep_score, new_game, post_hand
from tests.support.routes import is_api, rules

PL = {"Accept-Language": "pl-PL,pl;q=0.9"}
# English UI words that must not show on a Polish page: whole words, case as written.
# (The fixture's player names, Ana, Ben, Cy, Dee, and table name, Kuchnia, collide with none.)
ENGLISH = ["Save", "Delete", "Cancel", "Players", "Player", "player", "players", "Hand", "Hands",
           "hand", "hands", "Target", "target", "Winner", "winner", "Rules", "rules", "Judge", "Share",
           "Back", "back", "Edit", "Record", "points", "point", "cards", "card", "Next", "Resume",
           "Discard", "Keep playing", "Keep", "keep", "Rematch", "Download", "download", "Restore",
           "restore", "Table", "table", "Games", "games", "Game", "game", "Settings", "Edition",
           "edition", "Watch", "watch", "Dealer", "dealer", "the", "and", "of", "Classic", "Skip",
           "Reverse", "Draw", "Wild", "Blank", "Start", "New", "Finished", "won", "leads", "Yes", "No",
           "Go", "home", "Copy", "Tap", "Nothing", "phone", "score", "backup", "Backup", "Choose", "Ask"]
# Pages that answer with data, not a page a person reads.
NOT_PAGES = {"static", "operations.service_worker", "operations.healthz", "backup.export_game_json",
             "backup.export_game_csv", "tables.backup"}
SAID_ATTRS = re.compile(r'\s(?:title|placeholder|aria-label|alt)="([^"]*)"')
BUTTON_VALUE = re.compile(r'<(?:button|input)\b[^>]*\btype="(?:submit|button|reset)"[^>]*\bvalue="([^"]*)"'
                          r'|<input\b[^>]*\bvalue="([^"]*)"[^>]*\btype="(?:submit|button|reset)"')
META_DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)"')
SCRIPT_TEXTS = re.compile(r'\sdata-(?:t|text|one|few|many)="([^"]*)"')


def strings_in(value) -> list[str]:
    """The human strings of a JSON texts object (its values, not its keys)."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return [value] if isinstance(value, str) else []


def shown_text(html: str) -> str:
    """What a person reads or hears: the text without scripts or styles, the title, the tooltips,
    labels, button values, the meta description and the texts given to the page's script."""
    said = [unescape(s) for s in SAID_ATTRS.findall(html) + META_DESCRIPTION.findall(html)]
    said += [unescape(a or b) for a, b in BUTTON_VALUE.findall(html)]
    for raw in SCRIPT_TEXTS.findall(html):
        raw = unescape(raw)
        try:
            said += strings_in(json.loads(raw))
        except ValueError:
            said.append(raw)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    body = re.sub(r"<code>.*?</code>", " ", body, flags=re.S)  # edit keys: random letters
    text = unescape(re.sub(r"<[^>]+>", " ", body)) + " " + " ".join(said)
    return re.sub(r"https?://\S+|#key=\S*|\{[a-z]+\}", " ", text)  # {cards}: a script's placeholder


def english_left(html: str) -> list[str]:
    text = shown_text(html)
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def test_the_check_would_catch_english_anywhere_a_person_meets_it():
    html = ('<html lang="pl"><title>Gra</title><p>Zapisz</p><a title="Share it">x</a>'
            '<input type="submit" value="Save"><script>var a = "Delete";</script>'
            '<p data-t="{&#34;live&#34;: &#34;Live: Back soon&#34;}"></p>'
            '<meta name="description" content="Rules Judge"></html>')
    assert english_left(html) == ["Save", "Rules", "Judge", "Share", "Back"]


class Walk:
    """Visits pages in Polish and remembers which endpoints it saw."""

    def __init__(self, app, client):
        self.app, self.client, self.seen, self.pages, self.english = app, client, set(), {}, {}

    def page(self, url: str, status: int = 200, client=None, method="GET", **kwargs) -> str:
        response = (client or self.client).open(url, method=method, headers=PL, **kwargs)
        assert response.status_code == status, (url, response.status_code)
        assert response.mimetype == "text/html", url
        html = response.get_data(as_text=True)
        assert html.lstrip().startswith("<!doctype html>") and '<html lang="pl">' in html, url
        if english_left(html):  # every page's English at once, to fix them all in one go
            self.english[f"{method} {url}"] = english_left(html)
        path = url.split("?")[0]
        if method == "GET":
            self.seen.add(self.app.url_map.bind("localhost").match(path, method="GET")[0])
        self.pages[f"{method} {url}"] = html
        return html


def form_game(client, players=("Ana", "Ben", "Cy"), target="500") -> str:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data |= {"edition": "classic-112", "scoring": "winner-takes-points", "target": target}
    response = client.post("/games/new", data=data, headers=PL)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rstrip("/").split("/")[-1]


def form_hand(client, game_id: str, request_id: str, **cards) -> None:
    data = {"out": "0", "request_id": request_id, **cards}
    response = client.post(f"/games/{game_id}/hands/new", data=data, headers=PL)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]


def a_table(client) -> tuple[dict, list[dict]]:
    """A family table kept by this client, with a finished game and one in progress."""
    table = client.post("/api/tables", json={"name": "Kuchnia"}).json
    keep = client.post(f"/tables/{table['id']}/keep-score", data={"key": table["edit_key"]}, headers=PL)
    assert keep.status_code == 302
    games = []
    for players, target, hands in ((["Ana", "Ben"], 30, [{"Ana": [], "Ben": ["red-7", "9", "skip"]}]),
                                   (["Ben", "Cy", "Dee"], 500, [{"Ben": [], "Cy": ["1"], "Dee": ["wild"]}])):
        game = client.post("/api/games", json={"players": players, "table": table["id"], "target": target},
                           headers={"Authorization": f"Bearer {table['edit_key']}"}).json
        for held in hands:
            assert post_hand(client, game, held).status_code == 201
        games.append(game)
    return table, games


@pytest.fixture
def walk(app, client, csrf_off):
    return Walk(app, client)


def test_every_page_is_polish_with_no_english_left(walk, app, client):
    stranger = app.test_client()
    standalone = form_game(client)
    form_hand(client, standalone, "r1", p1_7="1", p1_skip="1", p2_wild="1")
    form_hand(client, standalone, "r2", p1_blank="1", p2_3="2")
    finished = new_game(client, players=["Ana", "Dee"], target=30)
    keep_score(client, finished)
    client.get(f"/games/{finished['id']}")  # its flash, said in English as that request asked
    assert post_hand(client, finished, {"Ana": [], "Dee": ["wild-draw4"]}).status_code == 201
    table, table_games = a_table(client)

    walk.page("/")
    walk.page("/games/new")
    for game_id in (standalone, finished["id"], table_games[1]["id"]):
        walk.page(f"/games/{game_id}")
        walk.page(f"/games/{game_id}/hands")
        walk.page(f"/games/{game_id}/share")
        walk.page(f"/games/{game_id}/keep-score")  # this phone already keeps score
    board = walk.client.get(f"/games/{standalone}/board", headers=PL)  # a fragment of the page
    walk.seen.add("scoreboard.live_board")
    assert not english_left(board.get_data(as_text=True))
    walk.page(f"/games/{standalone}/hands/new")
    walk.page(f"/games/{standalone}/hands/1/edit")
    walk.page(f"/games/{standalone}/hands/2/delete")
    # "Edit hand [n]": a wrong number comes back to the scoreboard with a flash saying so.
    wrong = client.get(f"/games/{standalone}/hands/edit?number=9", headers=PL)
    assert wrong.status_code == 302
    walk.seen.add("scorepad.edit_any_hand")
    html = walk.page(wrong.headers["Location"])
    assert "flash-error" in html
    walk.page(f"/games/{finished['id']}", client=stranger)  # a watcher's view
    walk.page(f"/games/{finished['id']}/keep-score", client=stranger)  # asks for the key

    walk.page(f"/tables/{table['id']}")
    player = re.search(r'/players/([^"]+)"', walk.pages[f"GET /tables/{table['id']}"])[1]
    walk.page(f"/tables/{table['id']}/players/{player}")
    walk.page(f"/tables/{table['id']}/share")
    walk.page(f"/tables/{table['id']}/keep-score")
    walk.page(f"/tables/{table['id']}/restore")
    walk.page(f"/tables/{table['id']}/league/1")
    walk.page(f"/tables/{table['id']}/seasons/new")  # asks first
    walk.page(f"/tables/{table['id']}/live", client=stranger)  # the table's screen
    screen = stranger.get(f"/tables/{table['id']}/live/board", headers=PL)  # its polled part
    walk.seen.add("tables.live_part")
    assert not english_left(screen.get_data(as_text=True))
    following = client.get(f"/tables/{table['id']}/after/{table_games[0]['id']}", headers=PL)
    assert following.status_code == 302  # to the game that came next
    walk.seen.add("tables.next_game")
    walk.page(f"/games/{standalone}/into-table")  # bring a loose game into a table
    walk.page("/tables/new")
    walk.page(f"/tables/{table['id']}", client=stranger)
    walk.page(f"/tables/{table['id']}/keep-score", client=stranger)

    walk.page("/judge")
    for question in QUESTIONS:
        walk.page(f"/judge/{question}")
    # A ruling and a question the judge cannot answer yet, with its reason beside the field.
    html = walk.page("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=blue&card_kind=7")
    assert "Dozwolone" in html
    walk.page("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4", status=422)
    walk.page("/judge/play?asked=1&card_colour=red&card_kind=2", status=422)
    # The referee: blank, from a game, a replayed stretch, and a line it cannot read.
    walk.page("/referee")
    walk.page(f"/referee?game={standalone}")
    html = walk.page("/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7&plays="
                     "Ana+red-3%0ABen+blue-4%0ABen+red-skip%0AAna+dobiera%0A"
                     "Ben+wild-draw4+green%0ACy+sprawdza+red-2")
    assert "Pierwsze niedozwolone zagranie" in html and "Dozwolone" in html
    walk.page("/referee?asked=1&players=Ana,Ben&start_colour=red&start_kind=7&plays=Zed+red-1",
              status=422)
    # The referee's form alone, as a tap gets it (a fragment: no doctype): the challenge tile.
    part = client.get("/referee/form?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7"
                      "&plays=Ana+wild-draw4+blue", headers=PL)
    fragment = part.get_data(as_text=True)
    assert part.status_code == 200 and "Sprawdź kartę Weź cztery" in fragment
    assert not english_left(fragment), english_left(fragment)
    walk.seen.add("referee.referee_form")
    index = client.get("/rules", headers=PL)  # the index sends a reader to the classic rules
    assert index.status_code == 302 and index.headers["Location"].endswith("/rules/classic")
    walk.seen.add("rules.rules_index")
    for edition in EDITION_SLUGS:
        walk.page(f"/rules/{edition}")

    backup = game_backup(client, finished)
    walk.page("/restore", method="POST", data={"backup": (io.BytesIO(backup), "kopia.json")},
              content_type="multipart/form-data")
    # Error pages: 404, 403, 400, 422.
    walk.page("/games/" + "B" * 16, status=404)
    walk.page(f"/games/{standalone}/share", status=403, client=stranger)
    walk.page(f"/tables/{table['id']}/share", status=403, client=stranger)
    walk.page("/judge/no-such-question", status=404)
    walk.page("/restore", status=400, method="POST", data={})
    walk.page("/restore", status=422, method="POST", data={"backup": (io.BytesIO(b"{]"), "zla.json")},
              content_type="multipart/form-data")

    assert not walk.english, walk.english
    # The same check on the English pages finds plenty: it reads the real markup.
    assert {"Rules", "Judge", "Players"} <= set(english_left(client.get(f"/tables/{table['id']}").get_data(as_text=True)))
    pages = {r.endpoint for r in rules(app, "GET") if not is_api(r) and r.endpoint not in NOT_PAGES}
    assert not pages - walk.seen, f"pages the Polish walk never visits: {sorted(pages - walk.seen)}"


def test_forms_with_mistakes_say_so_in_polish_beside_the_field(walk, client):
    html = walk.page("/games/new", method="POST",
                     data={"edition": "classic", "scoring": "winner-takes-points", "target": "500"})
    assert '<p class="error" id="players-error">Gra wymaga od 2 do 10 graczy' in html
    game_id = form_game(client)
    html = walk.page(f"/games/{game_id}/hands/new", status=422, method="POST",
                     data={"out": "0", "request_id": "r9", "p0_7": "1"})
    assert "kończy rozdanie, więc" in html
    html = walk.page("/tables/new", method="POST", data={"name": ""})
    assert '<p class="error" id="name-error">Nadaj stołowi nazwę' in html
    table, _ = a_table(client)
    html = walk.page(f"/tables/{table['id']}/restore", status=422, method="POST", data={})
    assert '<p class="error" id="backup-error">Wybierz plik kopii zapasowej' in html
    assert not walk.english, walk.english


def test_the_tables_start_game_errors_are_polish(walk, client):
    table, _ = a_table(client)
    for names in ("", "Ana, ana"):
        walk.page(f"/tables/{table['id']}/games", status=422, method="POST", data={"new": names})
    assert not walk.english, walk.english
