"""A family table's start form: the summary line of its folded settings says what the form holds
now, in English and Polish, and the page the server draws after the game started says the same;
without JavaScript the line is not shown (it could not follow the choices)."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import _api

WORDS = {
    "en": {"first": "Classic (108 cards) · Lowest total · to 500", "last": "(as the last game; tap to change)",
           "deck": "Diary of a Wimpy Kid (112)", "scoring": "Winner takes points", "stacking": "Stacking: any draw card on a draw card",
           "now": "Diary of a Wimpy Kid (112) · Winner takes points · to 300 · house rules: stacking draws, "
                  "UNO penalty 4",
           "changed": "(changed for this game)"},
    "pl": {"first": "Klasyczna (108 kart) · Najniższa suma · do 500", "last": "(jak w ostatniej grze; stuknij, by zmienić)",
           "deck": "Dziennik cwaniaczka (112)", "scoring": "Zwycięzca zbiera punkty",
           "stacking": "Dokładanie: każda karta do dobrania",
           "now": "Dziennik cwaniaczka (112) · Zwycięzca zbiera punkty · do 300 · zasady domowe: dokładanie "
                  "kart do dobierania, kara za UNO: 4",
           "changed": "(zmienione dla tej gry)"},
}


def kept_table(page, live_server) -> str:
    table = _api(live_server, "POST", "/api/tables", {"name": "Kitchen table"})
    _api(live_server, "POST", "/api/games", {"players": ["Mum", "Dad"], "table": table["id"],
                                              "scoring": "lowest-total"}, table["edit_key"])
    page.goto(f"{live_server}/tables/{table['id']}/keep-score#key={table['edit_key']}")
    page.locator("form.claim button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/tables/{table['id']}$"))
    return f"{live_server}/tables/{table['id']}"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_summary_line_follows_the_choices_and_matches_the_server(page, live_server, lang):
    words = WORDS[lang]
    page.goto(f"{live_server}/?lang={lang}")
    table = kept_table(page, live_server)
    line, hint = page.locator(".game-settings .settings-now strong"), page.locator(".game-settings summary .hint")
    expect(line).to_have_text(words["first"])
    expect(hint).to_have_text(words["last"])
    page.locator(".game-settings > summary").tap()
    page.locator("label.choice", has_text=words["deck"]).tap()
    page.locator("label.choice", has_text=words["scoring"]).tap()
    expect(line).to_have_text(re.compile(rf"^{re.escape(words['deck'])} · {re.escape(words['scoring'])} · "))
    expect(hint).to_have_text(words["changed"])
    page.fill("input[name=target]", "300")
    page.locator("label.choice", has_text=words["stacking"]).tap()
    page.fill("input[name=uno_penalty]", "4")
    expect(line).to_have_text(words["now"])
    # The game starts with what the line said; the server's own line for the next game agrees
    page.locator("label.seat", has_text="Mum").tap()
    page.locator("label.seat", has_text="Dad").tap()
    page.locator("form.table-start button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    page.goto(table)
    expect(line).to_have_text(words["now"])
    expect(hint).to_have_text(words["last"])


def test_without_javascript_the_line_is_not_shown(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    table = _api(live_server, "POST", "/api/tables", {"name": "Kitchen table"})
    _api(live_server, "POST", "/api/games", {"players": ["Mum", "Dad"], "table": table["id"]}, table["edit_key"])
    page.goto(f"{live_server}/tables/{table['id']}/keep-score")
    page.fill("form.claim input[name=key]", table["edit_key"])  # pasted: no script reads the link's #key
    page.locator("form.claim button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/tables/{table['id']}$"))
    summary = page.locator(".game-settings > summary")
    expect(summary).to_contain_text("Deck, scoring and house rules")
    expect(page.locator(".game-settings .settings-now")).to_be_hidden()
    context.close()
