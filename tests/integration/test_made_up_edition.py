"""A new edition is a row in the edition table and its rules in the rulebook: its rules page,
the edition switch and the service worker's offline list follow with no other change."""
from tests.unit.test_edition_fields import made_up_edition


def test_a_made_up_editions_rules_page_and_offline_copy(client, monkeypatch):
    made_up_edition(monkeypatch)
    page = client.get("/rules/party")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'href="/rules/party"' in html and ">Party</a>" in html
    assert 'aria-current="page">Party<' in html
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"/rules/party"' in worker and '"/rules/classic-112"' in worker


def test_the_service_worker_keeps_every_editions_rules_page(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    assert 'const RULE_PAGES = ["/rules/classic", "/rules/classic-112", "/rules/wimpy-kid"];' in worker
