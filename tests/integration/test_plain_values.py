"""Issue 19: views hand templates plain, read-only values (services/page_values.py and the
domain's ScoreSheet), never ORM rows a template could walk into more queries or change."""
from flask import template_rendered

from scorekeeper.models import db
from tests.integration.test_tables import new_table, play
from tests.support.helpers import keep_score, new_game, post_hand

HAND = {"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}


def rows_in(value, depth=0) -> list:
    """ORM rows in a context value, looking inside lists, tuples, dicts and dataclasses."""
    if isinstance(value, db.Model):
        return [value]
    if depth > 3 or isinstance(value, (str, bytes)):
        return []
    if isinstance(value, dict):
        return [r for v in value.values() for r in rows_in(v, depth + 1)]
    if isinstance(value, (list, tuple, set)):
        return [r for v in value for r in rows_in(v, depth + 1)]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields:
        return [r for name in fields for r in rows_in(getattr(value, name), depth + 1)]
    return []


def test_no_page_hands_its_template_an_orm_row(app, client, csrf_off):
    game = new_game(client)
    post_hand(client, game, HAND)
    keep_score(client, game)
    table = new_table(client)
    assert client.post(f"/tables/{table['id']}/keep-score", data={"key": table["edit_key"]}).status_code == 302
    tgame = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["5"]}], target=5)
    gid, tid = game["id"], table["id"]
    pages = ["/", "/games/new", f"/games/{gid}", f"/games/{gid}/hands", f"/games/{gid}/hands/new",
             f"/games/{gid}/hands/1/edit", f"/games/{gid}/hands/1/delete", f"/games/{gid}/share",
             f"/games/{gid}/keep-score", f"/games/{tgame['id']}", f"/tables/{tid}", f"/tables/{tid}/share",
             f"/tables/{tid}/keep-score", f"/tables/{tid}/restore", "/judge", "/rules/classic", "/referee"]
    seen = []

    def record(sender, template, context, **extra):
        seen.append((template.name, {name: rows_in(value) for name, value in context.items()}))

    template_rendered.connect(record, app)
    try:
        for url in pages:
            assert client.get(url).status_code == 200, url
    finally:
        template_rendered.disconnect(record, app)
    assert len(seen) >= len(pages)
    leaks = {name: {k: v for k, v in found.items() if v} for name, found in seen}
    assert not any(leaks.values()), {name: rows for name, rows in leaks.items() if rows}


def test_the_check_finds_a_row_inside_a_list():
    from scorekeeper.models import Game
    assert rows_in({"games": [(Game(), 1)]}) and not rows_in({"games": [("x", 1)]})
