"""Issue 36: every game page reads the game once (services/game_read.py): its numbers from the
per-seat rows, the cards of only the hands it shows. Whatever the writes, what the pages show
equals the whole game scored afresh from its held cards; a page reads no other hand's cards;
a write committed between a page's reads is never served mixed."""
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import event

from scorekeeper.domain.scoring import LOWEST_TOTAL, SYSTEMS, WINNER_TAKES_POINTS
from scorekeeper.domain.teams import TeamScoring
from scorekeeper.hand_pages import hands_context
from scorekeeper.models import Hand, HeldCards, db
from scorekeeper.scoreboard.board import SHOWN, board_context
from scorekeeper.scoreboard.chart import running_chart
from scorekeeper.scorepad.hand_views import NEWEST
from scorekeeper.scorepad.waiting import known_game
from scorekeeper.services import game_read, games, hands, target
from scorekeeper.services.errors import ServiceError
from scorekeeper.services.game_read import read_game
from scorekeeper.services.page_values import game_view
from tests.integration.test_game_state import held
from tests.integration.test_hand_scores import PLAYERS, play, whole, writes
from tests.integration.test_scorepad import hand_data
from tests.support.helpers import keep_score, new_game, post_hand

pytestmark = pytest.mark.postgres  # window sums, MIN over them, a write between two statements: both dialects
TEAMS = [["Ana", "Cy"], ["Ben", "Dee"]]


def expected_rows(sheet, system) -> tuple[list[dict], list[int] | None]:
    """Each hand's running total beside every player (their team's in a team game) and, in a
    team game, what each hand's winner's team gained: from the whole sheet."""
    if not sheet.teams:
        return [dict(r) for r in sheet.running(system)], None
    scoring = TeamScoring.of(system, sheet.teams)
    pairs = [(h.winner, p) for h, p in zip(sheet.hands, sheet.points())]
    side = {name: scoring.team_of(name) for name in sheet.players}
    rows = [{name: row[side[name]] for name in sheet.players} for row in scoring.running(pairs)]
    return rows, [scoring.hand_points(w, p)[side[w]] for w, p in pairs]


def check_pages(app, game_id: str) -> None:
    game, sheet = whole(game_id)
    count, outcome = len(sheet.hands), sheet.outcome()
    known = known_game(game_view(game), sheet)  # before the reads below refresh the game's row
    for view in ("", WINNER_TAKES_POINTS, LOWEST_TOTAL):
        with app.test_request_context(f"/games/{game_id}?system={view}"):
            context = read_game(game_id, SHOWN, build=board_context)
            system = SYSTEMS[view] if view else sheet.system
            read = context["sheet"]
            assert len(read.hands) == count and context["outcome"] == outcome
            assert context["standings"] == sheet.standings(system)
            rows, gains = expected_rows(sheet, system)
            for i in range(max(0, count - 20), count):
                assert read.hands[i] == sheet.hands[i] and read.dealer(i + 1) == sheet.dealer(i + 1)
                assert context["points"][i] == sheet.points()[i]
                assert context["running"][i] == rows[i]
                if gains is not None:
                    assert context["team_gains"][i] == gains[i]
            for old in game.past_targets:
                assert read.first_reached(old) == sheet.first_reached(old)
            if sheet.teams:
                totals = TeamScoring.of(system, sheet.teams).running(list(zip(
                    [h.winner for h in sheet.hands], sheet.points())))
                last = totals[-1] if totals else dict.fromkeys(range(len(sheet.teams)), 0)
                assert [(t.players, t.score) for t in context["teams"]] == \
                    TeamScoring.of(system, sheet.teams).rows(last)
                labels = [t.label for t in context["teams"]]
                whole_chart = (labels, [{label: row[n] for n, label in enumerate(labels)} for row in totals])
            else:
                whole_chart = (sheet.players, sheet.running(system), sheet.running_extent(system))
            assert running_chart(*context["chart_lines"]) == running_chart(*whole_chart)
            if outcome.finished and context["editable"]:
                assert context["target_choices"] == games.target_choices(game, sheet)
    with app.test_request_context():  # the oldest hands, as the last every-hand page and a delete page read them
        for first, last in ((1, min(count, 50)), (count // 2, count // 2)):
            context = read_game(game_id, lambda _: range(first, last + 1),
                                build=lambda read: hands_context(read, read.system))
            rows, gains = expected_rows(sheet, sheet.system)
            for i in range(max(first, 1) - 1, last):
                assert (context["points"][i], context["running"][i]) == (sheet.points()[i], rows[i])
                assert gains is None or context["team_gains"][i] == gains[i]
    with app.test_request_context(f"/games/{game_id}/hands/new"):  # the keypad page's header
        read = read_game(game_id, NEWEST)
        assert (len(read.hands), read.next_dealer, read.outcome().finished) == \
            (count, sheet.next_dealer, outcome.finished)
        assert known_game(read.view, read) == known


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes(), writes(), st.sampled_from([None, 200, 400, 5000]))
def test_every_page_shows_what_a_whole_rescoring_gives_after_random_writes(app, run, more, raised):
    scoring, teams, goal, steps = run
    with app.test_request_context():
        game, _ = games.create_game(PLAYERS, scoring=scoring, target=goal, teams=TEAMS if teams else None)
        play(game.id, steps)
        check_pages(app, game.id)
        if raised is not None:  # play on past the target (past_targets), then write again
            try:
                target.change_target(game.id, raised)
            except ServiceError:
                db.session.rollback()  # someone is past it already: nothing changed
            play(game.id, more[3])
            check_pages(app, game.id)


def test_a_long_game_on_every_page_equals_a_whole_rescoring(app):
    """Past the 20 hands the scoreboard shows, and past an every-hand page's 50."""
    with app.test_request_context():
        for teams in (None, TEAMS):
            game, _ = games.create_game(PLAYERS, scoring=LOWEST_TOTAL, target=50_000, teams=teams)
            for n in range(57):
                hands.record_hand(game.id, held(n % 4, n))
            hands.delete_hand(game.id, 3)
            hands.replace_hand(game.id, 40, held(1, 7))
            check_pages(app, game.id)


def cards_read(app, do, once: bool = True) -> set[int]:
    """The numbers of the hands whose cards `do` read: as plain columns by a page's read of the
    game (game_read._hands) or as rows by a write. Each hand's cards are read once, every seat's
    (unless not `once`: a write's own checks may load a hand's cards before the page does)."""
    read: list[int] = []  # a hand's number per seat whose cards were read
    loaded_ids: list[int] = []

    def loaded(target, context):
        loaded_ids.append(target.hand_id)

    def page_read(game, numbers, ids):
        hands = page_hands(game, numbers, ids)
        read.extend(h.number for h in hands for _ in h.held)
        return hands

    page_hands, game_read._hands = game_read._hands, page_read
    event.listen(HeldCards, "load", loaded)
    try:
        do()
    finally:
        event.remove(HeldCards, "load", loaded)
        game_read._hands = page_hands
    with app.app_context():
        read += [db.session.scalar(db.select(Hand.number).where(Hand.id == hand_id)) for hand_id in loaded_ids]
    numbers = set(read)
    assert len(read) == len(numbers) * len(PLAYERS) or not once
    return numbers


@pytest.mark.parametrize("teams", [None, TEAMS])
def test_a_page_of_a_long_game_reads_only_the_cards_it_shows(client, make_app, database_url, teams):
    options = {"teams": teams} if teams else {}
    game = new_game(client, PLAYERS, target=50_000, **options)
    for n in range(75):
        assert post_hand(client, game, held(n % 4, n)).status_code == 201
    cold = make_app(database_url).test_client()  # a worker that has kept nothing
    keep_score(cold, game)
    base = f"/games/{game['id']}"

    def page(url: str, needle: str):
        def get():
            response = cold.get(url)
            assert response.status_code == 200 and needle in response.get_data(as_text=True)
        return get

    app = cold.application
    assert cards_read(app, page(base, "Hand 75")) == set(range(56, 76))
    assert cards_read(app, page(f"{base}/board", "Hand 75")) == set(range(56, 76))  # the poll: its own render
    assert cards_read(app, page(f"{base}/hands?page=2", "Hand 25")) == set(range(1, 26))
    assert cards_read(app, page(f"{base}/hands/3/edit", "Edit hand 3")) == {3}
    assert cards_read(app, page(f"{base}/hands/3/delete", "Delete hand 3?")) == {3}
    assert cards_read(app, page(f"{base}/hands/new", "Hand 76")) == set(range(66, 76))




def test_a_new_board_is_read_in_a_few_statements_however_long_the_game(client, make_app, database_url):
    """Each statement is a round trip, on PostgreSQL most of a render's cost (docs/budgets.md,
    36cap): the poll that renders a new board reads the game's row, players and hand count in
    one, the shown hands with their cards in one, their running totals in one (the last row is
    also who won), then the version (this phone's table keys come with the poll's stamp)."""
    game = new_game(client, PLAYERS, target=50_000)
    phone = make_app(database_url).test_client()
    phone.get(f"/games/{game['id']}")  # the phone's device cookie
    counts = []
    for hands_played in (3, 45):
        while len(client.get(f"/api/games/{game['id']}").json["hands"]) < hands_played:
            assert post_hand(client, game, held(hands_played % 4, hands_played)).status_code == 201
        seen = []

        def note(conn, cursor, statement, *args):
            seen.append(statement)

        with phone.application.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", note)
        try:
            assert phone.get(f"/games/{game['id']}/board").status_code == 200  # a new version: rendered
        finally:
            event.remove(engine, "before_cursor_execute", note)
        counts.append(len(seen))
    assert counts[0] == counts[1] <= 4, counts

def test_the_keypads_clash_answer_reads_only_the_cards_it_shows(client, make_app, database_url):
    """Two phones save the same hand: the question shows the other phone's hand beside this
    one's and reads that hand's cards (and the keypad page's newest hands), no other."""
    game = new_game(client, PLAYERS, target=50_000)
    for n in range(40):
        assert post_hand(client, game, held(n % 4, n)).status_code == 201
    phone = make_app(database_url, WTF_CSRF_ENABLED=False).test_client()
    keep_score(phone, game)
    base = f"/games/{game['id']}/hands"
    edit = phone.get(f"{base}/3/edit").get_data(as_text=True)
    assert post_hand(client, game, held(0, 41), request_id="other-phone").status_code == 201  # hand 41
    assert client.put(f"/api/games/{game['id']}/hands/3", json={"held": held(1, 42)},
                      headers={"Authorization": f"Bearer {game['edit_key']}"}).status_code == 200
    answers = []

    def post(url: str, data: dict, needle: str):
        def send():
            response = phone.post(url, data=data)
            answers.append(response.get_data(as_text=True))
            assert response.status_code == 409 and needle in answers[-1], answers[-1][:300]
        return send

    mine = hand_data(1, {0: ["4"], 2: ["5"], 3: ["6"]}, request_id="this-phone") | {"after": "40"}
    assert cards_read(phone.application, post(f"{base}/new", mine, "Hand 41 was just saved on another phone"),
                      once=False) == set(range(32, 42))  # the keypad page's newest hands, hand 41 among them
    theirs = re.search(r'name="hand_id" type="hidden" value="([^"]*)"', edit).group(1)
    changed = hand_data(2, {0: ["7"], 1: ["7"], 3: ["7"]}) | {
        "hand_id": theirs, "revision": re.search(r'name="revision" type="hidden" value="(\d+)"', edit).group(1)}
    assert cards_read(phone.application, post(f"{base}/3/edit", changed, "Which version of hand 3 is right?"),
                      once=False) == {3}  # read by the page, the save's check and the question: no other hand
    assert "Keep mine" in answers[-1]

def test_a_save_committed_between_a_pages_reads_is_not_served_mixed(app, client, monkeypatch):
    """The game's row and hand count are read, then another phone's save commits, then the
    sums and cards: the page must not show the old version with the new hand's sums (nor be
    kept under the old version)."""
    game = new_game(client, PLAYERS, target=50_000)
    for n in range(3):
        assert post_hand(client, game, held(n % 4, n)).status_code == 201
    real_head, reads = game_read._head, []

    def saved_meanwhile(game_id: str, lock: bool):
        head = real_head(game_id, lock)
        reads.append(game_id)
        if len(reads) == 1:
            with app.app_context():  # another session, another connection: another phone's save
                hands.record_hand(game_id, held(3, 3))
        return head

    monkeypatch.setattr(game_read, "_head", saved_meanwhile)
    with app.test_request_context(f"/games/{game['id']}"):
        context = read_game(game["id"], SHOWN, build=board_context)
        db.session.rollback()
        stored, sheet = whole(game["id"])
        assert len(reads) == 2  # read again, once
        assert (context["game"].version, len(context["sheet"].hands)) == (stored.version, 4)
        assert context["standings"] == sheet.standings() and context["running"][3] == dict(sheet.running(sheet.scoring)[3])
    monkeypatch.setattr(game_read, "_head", real_head)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Hand 4" in page and "Record hand 5" in page


def test_a_game_that_keeps_changing_is_read_under_a_lock_at_last(app, client, monkeypatch):
    """After TRIES reads that a write overtook, the last one locks the game's row for reading."""
    game = new_game(client, PLAYERS, target=50_000)
    assert post_hand(client, game, held(0, 0)).status_code == 201
    heads = []
    real_head = game_read._head
    monkeypatch.setattr(game_read, "_stamp", lambda game_id: None)  # as if a write always came between
    monkeypatch.setattr(game_read, "_head", lambda game_id, lock: heads.append(lock) or real_head(game_id, lock))
    with app.test_request_context(f"/games/{game['id']}"):
        context = read_game(game["id"], SHOWN, build=board_context)
        assert heads == [False] * game_read.TRIES + [True]
        assert len(context["sheet"].hands) == 1 and context["game"].version == whole(game["id"])[0].version
