"""Issue 18: a name holding a right-to-left override, or written in Arabic, stays inside its own
isolate on every page, in the chart and in the CSV export: the text after it keeps its order."""
from html.parser import HTMLParser

from scorekeeper.bidi import FSI, PDI

from tests.support.helpers import auth, keep_score, new_game, post_hand

OVERRIDE = "Ana\u202eBen"  # U+202E RIGHT-TO-LEFT OVERRIDE, never closed
ARABIC = "\u0633\u0627\u0631\u0627"  # a name in Arabic letters
PLAYERS = [OVERRIDE, ARABIC, "Cy"]


class TextNodes(HTMLParser):
    """Every text node holding one of the names, and whether a <bdi> (or FSI..PDI) isolates it."""

    SKIP = {"script", "style", "option", "textarea", "title"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.bare: list[str] = []
        self.isolated = 0

    def handle_starttag(self, tag, attrs):
        if tag not in {"br", "img", "input", "meta", "link", "path", "hr", "source"}:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        if any(t in self.SKIP for t in self.open):
            return
        for name in (OVERRIDE, ARABIC):
            for part in data.split(name)[:-1]:
                if "bdi" in self.open or part.endswith(FSI):
                    self.isolated += 1
                else:
                    self.bare.append(data.strip()[:80])


def bare_names(html: str) -> tuple[list[str], int]:
    nodes = TextNodes()
    nodes.feed(html)
    return nodes.bare, nodes.isolated


def test_names_are_isolated_on_every_page_the_chart_and_the_export(app, client):
    game = new_game(client, players=PLAYERS)
    keep_score(client, game)
    for n in range(3):
        out = PLAYERS[n % 3]
        post_hand(client, game, {p: ([] if p == out else ["7", "skip"]) for p in PLAYERS})
    gid = game["id"]
    for path in (f"/games/{gid}", f"/games/{gid}/hands", f"/games/{gid}/hands/new", f"/games/{gid}/board",
                 f"/games/{gid}/hands/1/edit", "/", f"/games/{gid}/share", f"/games/{gid}/hands/1/delete"):
        response = client.get(path)
        assert response.status_code == 200, path
        bare, isolated = bare_names(response.get_data(as_text=True))
        assert not bare and isolated, (path, bare)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"{FSI}{OVERRIDE}{PDI}" in page  # the chart's labels (SVG text) and the title
    csv = client.get(f"/games/{gid}/export.csv", headers=auth(game)).get_data(as_text=True)
    assert f"{FSI}{OVERRIDE}{PDI} points" in csv and f"{FSI}{ARABIC}{PDI} cards" in csv
    assert f",{FSI}{OVERRIDE}{PDI}," in csv  # who went out, in a hand's row


def test_a_left_to_right_name_is_left_as_it_is(client):
    game = new_game(client, players=["Ana", "Ben"])
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "<bdi>" not in page and FSI not in page


def test_names_are_isolated_on_a_family_tables_pages(app, client):
    from tests.integration.test_tables import keeper_client, new_table, play
    table = new_table(client, f"Table {ARABIC}")
    play(client, table, PLAYERS, [{OVERRIDE: [], ARABIC: ["7"], "Cy": ["skip"]}], target=10)
    keeper = keeper_client(app, table)
    for path in (f"/tables/{table['id']}", "/"):
        response = keeper.get(path)
        assert response.status_code == 200, path
        bare, isolated = bare_names(response.get_data(as_text=True))
        assert not bare and isolated, (path, bare)


def test_a_team_games_pages_and_the_keypads_team_names_are_isolated(app, client):
    import json
    import re
    from html import unescape
    game = new_game(client, players=[OVERRIDE, ARABIC, "Cy", "Dee"],
                    teams=[[OVERRIDE, "Cy"], [ARABIC, "Dee"]])
    keep_score(client, game)
    post_hand(client, game, {OVERRIDE: [], ARABIC: ["7"], "Cy": ["skip"], "Dee": ["3"]})
    gid = game["id"]
    for path in (f"/games/{gid}", f"/games/{gid}/hands/new", f"/games/{gid}/board"):
        bare, isolated = bare_names(client.get(path).get_data(as_text=True))
        assert not bare and isolated, (path, bare)
    keypad = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    names = json.loads(unescape(re.search(r'data-team-names="([^"]+)"', keypad)[1]))
    assert names == [f"{FSI}{OVERRIDE}{PDI} & Cy", f"{FSI}{ARABIC}{PDI} & Dee"]
