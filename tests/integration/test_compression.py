"""Issue 18: pages, styles, scripts and JSON travel compressed when the phone accepts it, and
a poll still answers 304 with the ETag of the compressed answer it was given."""
import gzip
import re

from tests.support.helpers import keep_score, new_game, post_hand

GZIP = {"Accept-Encoding": "gzip"}
HAND = {"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}


def body(response) -> bytes:
    if response.headers.get("Content-Encoding") == "gzip":
        return gzip.decompress(response.data)
    return response.data


def test_pages_styles_scripts_and_json_are_gzipped_when_accepted(app, client, game):
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}", headers=GZIP)
    assert page.headers.get("Content-Encoding") == "gzip"
    plain = client.get(f"/games/{game['id']}")
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    assert body(page).decode().count("<html") == 1 and len(page.data) < len(plain.data) / 2
    assets = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js)[^"]*)"', plain.get_data(as_text=True))
    assert any(".css" in a for a in assets) and any(".js" in a for a in assets), assets
    for asset in assets:
        zipped = client.get(asset, headers=GZIP)
        assert zipped.headers.get("Content-Encoding") == "gzip", asset
        assert body(zipped) == client.get(asset).data, asset
    post_hand(client, game, HAND)  # bodies under 500 bytes are not worth compressing
    api = client.get(f"/api/games/{game['id']}", headers=GZIP)
    assert api.headers.get("Content-Encoding") == "gzip" and b'"players"' in body(api)


def test_a_compressed_poll_gets_its_304_and_then_the_change(app, client, game):
    post_hand(client, game, HAND)
    for url in (f"/games/{game['id']}/board", f"/api/games/{game['id']}"):
        first = client.get(url, headers=GZIP)
        assert first.status_code == 200 and first.headers.get("Content-Encoding") == "gzip", url
        etag = first.headers["ETag"]
        same = client.get(url, headers={**GZIP, "If-None-Match": etag})
        assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag, url
        weakened = client.get(url, headers={**GZIP, "If-None-Match": "W/" + etag})
        assert weakened.status_code == 304, url
    post_hand(client, game, HAND)
    changed = client.get(f"/games/{game['id']}/board", headers={**GZIP, "If-None-Match": etag})
    assert changed.status_code == 200


def test_a_new_game_stays_uncompressed_without_accept_encoding(client):
    game = new_game(client)
    assert "Content-Encoding" not in client.get(f"/api/games/{game['id']}").headers


def test_a_kept_scoreboard_is_compressed_once_and_a_new_version_afresh(app, client, game, monkeypatch):
    """Compressing ~30 KB costs more than serving a kept page: the compressed bytes are kept
    per page (and version); a page with a flashed message is never kept."""
    import flask_compress.flask_compress as fc
    compressions = []
    real = fc._compress_data
    monkeypatch.setattr(fc, "_compress_data", lambda app_, data, algo: compressions.append(algo) or real(app_, data, algo))
    keep_score(client, game)
    url = f"/games/{game['id']}"
    client.get(url)  # the keep-score flash is shown (and so not kept) on this first look
    first, again = client.get(url, headers=GZIP), client.get(url, headers=GZIP)
    assert len(compressions) == 1 and first.data == again.data
    assert body(again) == client.get(url).data  # what is kept is exactly the page
    post_hand(client, game, HAND)
    changed = client.get(url, headers=GZIP)
    assert len(compressions) == 2 and b"Hand 1" in body(changed) and b"Hand 1" not in body(first)
    client.get(f"/api/games/{game['id']}", headers=GZIP)
    client.get(f"/api/games/{game['id']}", headers=GZIP)
    assert len(compressions) == 4  # API answers are not kept


def test_a_poll_matches_its_tag_however_it_is_sent(app, client, game):
    post_hand(client, game, HAND)
    url = f"/games/{game['id']}/board"
    etag = client.get(url, headers=GZIP).headers["ETag"]  # '"…:gzip"'
    plain = etag.removesuffix(':gzip"') + '"'
    for sent, names in ((etag, etag), ("W/" + etag, etag), (plain, plain),
                        (f'"stale", {etag}', etag), (f'W/"stale",{plain}', plain), ("*", None)):
        answer = client.get(url, headers={**GZIP, "If-None-Match": sent})
        assert answer.status_code == 304 and answer.data == b"", sent
        assert "Cookie" in answer.headers["Vary"] and answer.headers["Cache-Control"] == "no-cache", sent
        if names:
            assert answer.headers["ETag"] == names, sent
    for sent in ('"stale"', 'W/"stale"', etag[:-2] + '"', '"', "", '"a", "b"'):
        answer = client.get(url, headers={**GZIP, "If-None-Match": sent})
        assert answer.status_code == 200 and "Cookie" in answer.headers["Vary"], sent


def test_styles_and_scripts_are_compressed_once_at_the_best_level_and_still_revalidate(client):
    """A static file's Brotli is quality 11 (smaller than a stream's), the same bytes each time;
    its ETag turns weak (one file, two encodings) and a phone sending it back gets a 304."""
    import brotli

    plain = client.get("/static/app.css")
    first = client.get("/static/app.css", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert first.headers["Content-Encoding"] == "br" and "Accept-Encoding" in first.headers["Vary"]
    assert brotli.decompress(first.data) == plain.data
    assert len(first.data) <= len(brotli.compress(plain.data, quality=11))
    assert len(first.data) < len(brotli.compress(plain.data, quality=4))  # a stream's level
    assert client.get("/static/app.css", headers={"Accept-Encoding": "br"}).data == first.data
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    again = client.get("/static/app.css", headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304
    zipped = client.get("/static/board.js", headers=GZIP)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == client.get("/static/board.js").data
    assert client.get("/static/nothing-here.css", headers=GZIP).status_code == 404
