"""The edit key never reaches a log line, even on a real server with its access log on."""
import http.cookiejar
import re
import urllib.parse
import urllib.request

from tests.support.servers import Server


def test_the_edit_key_never_appears_in_the_servers_logs(tmp_path):
    with Server(f"sqlite:///{tmp_path / 'keys.sqlite3'}", tmp_path / "server.log",
                workers=1, threads=2, access_log=True) as server:
        status, game = server.request("POST", "/api/games", {"players": ["Ana", "Ben"]})
        assert status == 201
        key, gid = game["edit_key"], game["id"]
        assert server.request("POST", f"/api/games/{gid}/hands",
                              {"held": {"Ana": [], "Ben": ["7"]}}, key=key)[0] == 201
        # A second phone opens the keep-score link: the key travels after '#', then in a POST body.
        jar = http.cookiejar.CookieJar()
        phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = phone.open(f"{server.url}/games/{gid}/keep-score").read().decode()
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        claimed = phone.open(f"{server.url}/games/{gid}/keep-score",
                             urllib.parse.urlencode({"csrf_token": token, "key": key}).encode())
        assert claimed.url.endswith(f"/games/{gid}")
        share = phone.open(f"{server.url}/games/{gid}/share").read().decode()
        assert f"#key={key}" in share  # the one page that shows it
        # Following a link from the share page sends it as the Referer: without the key.
        phone.open(urllib.request.Request(f"{server.url}/games/{gid}",
                                          headers={"Referer": f"{server.url}/games/{gid}/share"}))
    log = (tmp_path / "server.log").read_text()
    assert f'"GET /games/{gid}/share HTTP/1.1" 200' in log  # the access log did record the visits
    assert key not in log
