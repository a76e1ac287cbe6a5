"""Property-based tests (issue 7), with hypothesis.

The domain: scoring does not depend on the order cards are listed in, totals are never
negative and only grow, and no hand may hold more of a card than the deck has.
The API and the pages: random JSON to every route, with and without the edit key, and random
forms to every page, most with a valid CSRF token so they reach the forms' own checks,
answer 2xx, 3xx or 4xx, never 5xx, and a 4xx changes nothing. At full depth, 5,000 requests
on SQLite (SCOREKEEPER_FUZZ_REQUESTS sets another number); PostgreSQL, whose leg runs the same
code over another driver, gets a shorter sweep (SCOREKEEPER_FUZZ_REQUESTS_POSTGRES, 1,200) that
still reaches every route and method.
"""
import os
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.domain.cards import COLOURS, KINDS
from scorekeeper.domain.editions import EDITIONS, HouseRules
from scorekeeper.domain.scoring import (
    LOWEST_TOTAL, MAX_TYPED_TOTAL, SYSTEMS, WINNER_TAKES_POINTS, HandError, ScoreSheet, build_hand,
    hand_points)

from tests.support.helpers import new_game, post_hand
from tests.support.routes import build, rules, snapshot

DOMAIN = settings(max_examples=200, deadline=None, database=None)
REQUESTS = int(os.environ.get("SCOREKEEPER_FUZZ_REQUESTS", "5000"))  # full depth, both tests
POSTGRES_REQUESTS = int(os.environ.get("SCOREKEEPER_FUZZ_REQUESTS_POSTGRES", "1200"))
BATCH = 10  # requests per hypothesis example: fewer examples to generate, same coverage
JSON_SHARE = 0.6  # of REQUESTS; the forms test sends the rest
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def physical_deck(edition) -> list[str]:
    """Every card of the edition's deck as a token, colours included."""
    cards = []
    for kind, copies in edition.deck.items():
        if KINDS[kind].coloured:
            cards += [f"{colour}-{kind}" for colour in COLOURS for _ in range(KINDS[kind].per_colour)]
        else:
            cards += [kind] * copies
    return cards


def bare(token: str) -> str:
    colour, _, kind = token.partition("-")
    return kind if colour in COLOURS else token


@st.composite
def valid_hands(draw, edition=None, players=None):
    """A hand the deck could have dealt: cards drawn without replacement, some typed totals."""
    edition = edition or draw(st.sampled_from(list(EDITIONS.values())))
    players = players or NAMES[:draw(st.integers(2, 6))]
    deck = draw(st.permutations(physical_deck(edition)))
    winner = draw(st.sampled_from(players))
    held, typed, used = {}, {}, 0
    for name in players:
        if name == winner:
            held[name] = []
        elif draw(st.integers(0, 9)) == 0:
            held[name], typed[name] = [], draw(st.integers(0, MAX_TYPED_TOTAL))
        else:
            count = draw(st.integers(1, 12))
            cards = deck[used:used + count]
            used += count
            held[name] = [bare(c) if draw(st.booleans()) else c for c in cards]
    return edition, players, held, typed


house_rules = st.builds(HouseRules, zero_counts_ten=st.booleans(), stacking=st.booleans(),
                        blank_points=st.integers(0, 500))


@DOMAIN
@given(valid_hands(), st.data())
def test_scoring_ignores_the_order_cards_and_players_are_listed_in(hand, data):
    edition, players, held, typed = hand
    values = ScoreSheet(edition, HouseRules(), WINNER_TAKES_POINTS, 500, players).values
    points = hand_points(build_hand(edition, players, held, typed), values)
    shuffled = {name: data.draw(st.permutations(held[name]))
                for name in data.draw(st.permutations(list(held)))}
    again = hand_points(build_hand(edition, players, shuffled, typed), values)
    assert again == points
    assert sum(points.values()) == sum(values[bare(t)] for cards in held.values() for t in cards) + sum(typed.values())


@DOMAIN
@given(st.sampled_from(list(EDITIONS.values())), st.integers(2, 6), house_rules, st.data())
def test_totals_are_never_negative_and_only_grow(edition, count, rules, data):
    players = NAMES[:count]
    hands = [data.draw(valid_hands(edition, players)) for _ in range(data.draw(st.integers(0, 6)))]
    for scoring in SYSTEMS:
        sheet = ScoreSheet(edition, rules, scoring, 500, players,
                           [build_hand(edition, players, held, typed) for _, _, held, typed in hands])
        for system in SYSTEMS:
            previous = dict.fromkeys(players, 0)
            for row in sheet.running(system):
                assert all(row[n] >= previous[n] >= 0 for n in players)
                previous = row
            assert sheet.standings(system) == previous
        for hand, points in zip(sheet.hands, sheet.points()):
            assert points[hand.winner] == 0 and all(p >= 0 for p in points.values())
        outcome = sheet.outcome()
        assert set(outcome.winners) <= set(players)


ALL_TOKENS = sorted({t for e in EDITIONS.values() for t in physical_deck(e)} | set(KINDS))


def fits_the_deck(edition, tokens: list[str]) -> bool:
    """Recount, independently of the domain: copies per kind, and per colour and kind."""
    kinds = Counter(bare(t) for t in tokens)
    coloured = Counter(t for t in tokens if bare(t) != t)
    if any(edition.deck.get(kind, 0) < n for kind, n in kinds.items()):
        return False
    return all(KINDS[bare(t)].per_colour >= n for t, n in coloured.items())


@DOMAIN
@given(st.sampled_from(list(EDITIONS.values())),
       st.lists(st.sampled_from(ALL_TOKENS), min_size=1, max_size=30), st.data())
def test_deck_limits_are_enforced(edition, tokens, data):
    """Any bag of real card tokens split between two players is accepted exactly when the
    deck holds that many of every kind (and of every kind in every colour)."""
    split = data.draw(st.integers(1, len(tokens)))
    mine, yours = tokens[:split], tokens[split:]
    held = {"Ana": [], "Ben": mine, "Cy": yours} if yours else {"Ana": [], "Ben": mine, "Cy": ["1"]}
    everything = mine + (yours or ["1"])
    try:
        build_hand(edition, ["Ana", "Ben", "Cy"], held)
    except HandError:
        assert not fits_the_deck(edition, everything)
    else:
        assert fits_the_deck(edition, everything)


@DOMAIN
@given(st.one_of(st.integers(max_value=-1), st.integers(min_value=MAX_TYPED_TOTAL + 1), st.booleans(),
                 st.floats(), st.text(max_size=5), st.none() | st.lists(st.integers(), max_size=2)))
def test_typed_totals_are_whole_numbers_in_range(total):
    assume(total is not None)
    with pytest.raises(HandError):
        build_hand(EDITIONS["classic"], ["Ana", "Ben"], {"Ana": [], "Ben": []}, {"Ben": total})


# ---------------------------------------------------------------- the API and the pages


odd_text = st.sampled_from(["\x00", "a\x00b", "\ud800", "x\udfff", "\u202e", "<b>", "'; --"])
scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12) | odd_text)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
tokens = st.sampled_from(ALL_TOKENS + ["purple-7", "red-wild", "", " 7 ", "SKIP", "Wild-Draw4"]) | scalars
players = st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Zed", "ana", " Ana "]) | st.text(max_size=6)
plausible = st.one_of(
    st.fixed_dictionaries({"held": st.dictionaries(players, st.lists(tokens, max_size=5) | scalars, max_size=5)},
                          optional={"typed_totals": st.dictionaries(players, scalars, max_size=3),
                                    "request_id": st.text(max_size=70) | scalars,
                                    "revision": scalars}),
    st.fixed_dictionaries({}, optional={
        "players": st.lists(players, max_size=11) | scalars,
        "edition": st.sampled_from(list(EDITIONS) + ["deluxe"]) | scalars,
        "scoring": st.sampled_from([WINNER_TAKES_POINTS, LOWEST_TOTAL, "golf"]) | scalars,
        "target": st.integers(-5, 200_000) | scalars,
        "house_rules": st.dictionaries(st.sampled_from(["zero_counts_ten", "stacking", "uno_penalty",
                                                        "blank_points", "x"]), scalars, max_size=4) | scalars}),
    st.fixed_dictionaries({"question": st.sampled_from(["play", "challenge", "uno", "first-card", "x"]) | scalars},
                          optional={"top": tokens, "card": tokens, "color": st.sampled_from(COLOURS) | scalars,
                                    "hand": st.lists(tokens, max_size=4) | scalars, "edition": scalars,
                                    "caught": scalars, "said_uno_first": scalars, "players": scalars}),
)
bodies = st.one_of(plausible, json_values)


def routes_and_methods(app, api: bool = True):
    return [(rule, method) for rule in rules(app)
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
            if api or not rule.rule.startswith("/api/")]


def web_settings(requests: int):
    return settings(max_examples=max(1, requests // BATCH), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


VISIT_TABLES = ("device_games", "device_tables")


class Sweep:
    """Sends requests and checks each: never 5xx, and a 4xx changes no row.

    The rows are read after each request that may write (not GET): the state before a request
    is the one read after the last writer. A GET changes nothing but what this phone has seen
    (VISIT_TABLES), re-read after each answered GET; the next 4xx's comparison checks the rest."""

    def __init__(self, app, client):
        self.app, self.client, self.sent, self.seen = app, client, 0, set()
        self.rows = snapshot(app)

    def send(self, rule, method, url, **kwargs):
        response = self.client.open(url, method=method, **kwargs)
        self.sent += 1
        self.seen.add((rule.rule, method))
        assert response.status_code < 500, (method, url, kwargs, response.get_data(as_text=True)[:300])
        if method != "GET" or 400 <= response.status_code < 500:
            now = snapshot(self.app)
            if 400 <= response.status_code < 500:
                assert now == self.rows, (method, url, kwargs, response.status_code)
            self.rows = now
        else:  # an answered GET may note a visit (the home page lists what a phone opened)
            self.rows.update(snapshot(self.app, only=VISIT_TABLES))
        return response

    def next_route(self, routes, data):
        """Each example's first request goes to the next route in turn (so every route is
        swept, however hypothesis draws); the others to routes it draws. A route is drawn
        either way, and every later draw has the same shape whatever the route, so
        hypothesis sees the same sequence of draws when it replays an example."""
        drawn = data.draw(st.sampled_from(routes), label="route")
        return routes[(self.sent // BATCH) % len(routes)] if self.sent % BATCH == 0 else drawn

    def covered(self, app, api: bool = True) -> None:
        wanted = {(r.rule, m) for r, m in routes_and_methods(app, api)}
        assert wanted <= self.seen, sorted(wanted - self.seen)


def every_route_once(routes, requests: int) -> int:
    """At least enough requests for each route to lead one example (Sweep.next_route), however
    many routes the app grows."""
    return max(requests, (len(routes) + 1) * BATCH)


def depth(backend: str) -> int:
    """Requests for both web tests together: full depth on one backend (SQLite)."""
    return REQUESTS if backend == "sqlite" else min(REQUESTS, POSTGRES_REQUESTS)


def json_game(app, client) -> dict:
    game = new_game(client, target=100_000)
    for _ in range(3):
        post_hand(client, game, {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]})
    return game


def test_random_json_to_every_route_is_never_a_server_error(app, client, backend):
    game, routes = json_game(app, client), routes_and_methods(app)
    sweep = Sweep(app, client)
    requests = every_route_once(routes, int(depth(backend) * JSON_SHARE))

    @web_settings(requests)
    @given(data=st.data())
    def batch(data):
        for _ in range(BATCH):
            rule, method = sweep.next_route(routes, data)
            word = data.draw(st.sampled_from(["classic", "play", "uno", "x", "app.css", "%00", "é"]))
            url = build(app, rule, game_id=data.draw(st.sampled_from([game["id"], "A" * 16, "999999", "0" * 40])),
                        number=data.draw(st.sampled_from([1, 2, 3, 4, 0, 99])),
                        **{name: word for name in rule.arguments if name not in ("game_id", "number")})
            headers = data.draw(st.sampled_from([
                {}, {"Authorization": f"Bearer {game['edit_key']}"}, {"Authorization": "Bearer wrong"},
                {"Authorization": "Basic x"}]), label="auth")
            sweep.send(rule, method, url, json=data.draw(bodies, label="body"), headers=headers)

    batch()
    assert sweep.sent >= requests - BATCH
    sweep.covered(app)


form_keys = st.sampled_from(["out", "request_id", "target", "revision", "p0_7", "p1_skip", "p1_typed",
                             "p2_wild", "p3_typed", "players-0", "players-1", "edition", "scoring",
                             "zero_counts_ten", "uno_penalty", "blank_points", "key", "q", "top", "card",
                             "system", "game"]) | st.text(max_size=8)
form_values = st.sampled_from(["0", "1", "3", "-1", "", "2147483648", "99999999999", "abc", "Ana", "y",
                               "a\x00b", "\x00", "9" * 5000]) | st.text(max_size=12)


def page_game(client) -> tuple[str, str]:
    """A game made through the new-game form (so this browser holds its key), and the CSRF
    token of this browser's session, valid for every form it posts."""
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    response = client.post("/games/new", data={
        "csrf_token": token, "players-0": "Ana", "players-1": "Ben", "players-2": "Cy", "players-3": "Dee",
        "edition": "classic", "scoring": "winner-takes-points", "target": "100000"})
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[1], token


def test_random_forms_to_every_page_are_never_a_server_error(app, client, backend):
    """The HTML side, as a browser holding the game's key posts: nine forms in ten carry the
    session's valid CSRF token, so they get past it to the forms' own checks."""
    game_id, token = page_game(client)
    routes = routes_and_methods(app, api=False)
    sweep = Sweep(app, client)
    requests = every_route_once(routes, depth(backend) - int(depth(backend) * JSON_SHARE))

    @web_settings(requests)
    @given(data=st.data())
    def batch(data):
        for _ in range(BATCH):
            rule, method = sweep.next_route(routes, data)
            url = build(app, rule, game_id=game_id, number=data.draw(st.sampled_from([1, 2, 0, 50])))
            form = data.draw(st.dictionaries(form_keys, form_values, max_size=8), label="form")
            csrf_token = data.draw(st.sampled_from([token] * 9 + ["stale"]), label="token")
            if method == "GET":
                sweep.send(rule, method, url, query_string=form)
            else:
                sweep.send(rule, method, url, data={**form, "csrf_token": csrf_token})

    batch()
    assert sweep.sent >= requests - BATCH
    sweep.covered(app, api=False)
