"""One list of languages (i18n.LANGUAGES) drives the switch, the manifest link and sw.js."""
import re

from scorekeeper import i18n


def switch_links(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a href="[^"]*[?&]lang=(\w+)" hreflang="\w+" lang="\w+" rel="alternate">([^<]+)</a>', html)


def test_the_switch_offers_every_other_language(client):
    assert switch_links(client.get("/rules/classic").get_data(as_text=True)) == [("pl", "Polski")]
    polish = client.get("/rules/classic?lang=pl").get_data(as_text=True)
    assert switch_links(polish) == [("en", "English")]
    assert 'href="/static/manifest-pl.webmanifest"' in polish


def test_a_third_language_is_one_line_in_the_list(client, monkeypatch):
    third = i18n.Language("de", "Deutsch", "manifest.webmanifest")
    monkeypatch.setattr(i18n, "LANGUAGES", (*i18n.LANGUAGES, third))
    page = client.get("/judge").get_data(as_text=True)
    assert switch_links(page) == [("pl", "Polski"), ("de", "Deutsch")]
    assert "Judge" in page  # no catalogue for it: English stays
    worker = client.get("/sw.js").get_data(as_text=True)
    assert 'const LANGUAGES = ["en", "pl", "de"];' in worker
    assert '"de": ["de", "Offline", "No connection' in worker  # its catalogue would translate it


def test_the_offline_page_speaks_every_language_from_its_catalogue(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"pl": ["pl", "Brak połączenia", "Brak połączenia, a tej strony' in worker
    assert '"en": ["en", "Offline", "No connection' in worker
