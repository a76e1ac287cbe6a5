"""Issue 36: the per-hand-and-seat rows (hand_scores) are written with every hand, in its
transaction, by every path that stores one. Whatever the writes, every sum the database makes
of them equals the whole game scored afresh from its held cards."""
import json

from hypothesis import HealthCheck, assume, given, settings, strategies as st
from sqlalchemy import func, select

from scorekeeper.domain.editions import EDITIONS
from scorekeeper.domain.scoring import LOWEST_TOTAL, SYSTEMS, WINNER_TAKES_POINTS, HandError, build_hand
from scorekeeper.models import HandScore, db
from scorekeeper.services import games, hand_scores, hands, table_live
from scorekeeper.services.backups.restore import restore
from scorekeeper.services.backups.export import export_game
from scorekeeper.services.errors import Conflict

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
KINDS = ["7", "skip", "wild", "draw2", "3", "reverse", "0", "wild-draw4", "blue-9"]


def a_hand(draw) -> tuple[dict, dict]:
    """A hand the deck allows: one player went out, each other holds cards or a typed total."""
    winner = draw(st.sampled_from(PLAYERS))
    typed = {n: draw(st.integers(0, 80)) for n in PLAYERS if n != winner and draw(st.booleans())}
    held = {n: [] if n == winner or n in typed else draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3))
            for n in PLAYERS}
    try:
        build_hand(EDITIONS["classic"], PLAYERS, held, typed)
    except HandError:
        assume(False)
    return held, typed


@st.composite
def writes(draw):
    """A game's settings and a run of writes of every kind (save, edit, delete, undo,
    put back with other cards)."""
    scoring = draw(st.sampled_from(sorted(SYSTEMS)))
    teams = draw(st.booleans())
    target = draw(st.sampled_from([60, 150, 5000]))
    steps = []
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.sampled_from(["save", "save", "save", "edit", "delete", "undo", "undo-with"]))
        steps.append((kind, draw(st.integers(1, 20)), a_hand(draw)))
    return scoring, teams, target, steps


def whole(game_id: str):
    """The game loaded whole and scored from every hand's cards."""
    db.session.expire_all()
    game = games.load_game(game_id)
    return game, games.sheet_of(game)


def check_sums(game_id: str) -> None:
    game, sheet = whole(game_id)
    for system in (WINNER_TAKES_POINTS, LOWEST_TOTAL):
        assert hand_scores.standings(game, system) == sheet.standings(system)
        assert hand_scores.running(game, system) == [dict(r) for r in sheet.running(system)]
    assert hand_scores.team_standings(game) == sheet.team_standings()
    assert hand_scores.outcome(game) == sheet.outcome()
    assert hand_scores.is_over(game) == sheet.outcome().finished
    check_live(game_id, sheet)
    rows = db.session.scalar(select(func.count()).select_from(HandScore).where(HandScore.game_id == game_id))
    assert rows == len(game.hands) * len(game.players)
    check_went_out(game, sheet)


def check_went_out(game, sheet) -> None:
    """Each hand's went_out rows name exactly the domain's winner of the hand."""
    names = {p.id: p.name for p in game.players}
    out = {hand_id: [] for hand_id in (h.id for h in game.hands)}
    for hand_id, player_id in db.session.execute(select(HandScore.hand_id, HandScore.player_id).where(
            HandScore.game_id == game.id, HandScore.went_out)):
        out[hand_id].append(names[player_id])
    assert [out[h.id] for h in game.hands] == [[hand.winner] for hand in sheet.hands]


def check_live(game_id: str, sheet) -> None:
    """The table screen's game (from the rows and the last hand only) as the whole sheet says."""
    live = table_live.live_game(game_id, " & ")
    outcome = sheet.outcome()
    assert (live.hands, live.finished, live.winners) == (len(sheet.hands), outcome.finished, outcome.winners)
    assert live.dealer == (None if outcome.finished else sheet.next_dealer)
    assert live.last_winner == (sheet.hands[-1].winner if sheet.hands else None)
    if sheet.teams:
        rows, sides = sheet.team_running(), [tuple(team) for team in sheet.teams]
    else:
        rows, sides = [dict(r) for r in sheet.running(sheet.scoring)], [(n,) for n in sheet.players]
    keys = range(len(sides)) if sheet.teams else sheet.players
    totals = rows[-1] if rows else dict.fromkeys(keys, 0)
    before = rows[-2] if len(rows) > 1 else dict.fromkeys(keys, 0)
    expected = {side: (totals[k], totals[k] - before[k] if rows else None) for side, k in zip(sides, keys)}
    assert {line.names: (line.total, line.last) for line in live.lines} == expected
    shown = [line.total for line in live.lines]
    assert shown == sorted(shown, reverse=sheet.system.best_is_highest)


def play(game_id: str, steps) -> None:
    deleted: list[str] = []
    for kind, at, (held, typed) in steps:
        count = games.hand_count(game_id)
        try:
            if kind == "save" or count == 0 and kind in ("edit", "delete"):
                hands.record_hand(game_id, held, typed)
            elif kind == "edit":
                hands.replace_hand(game_id, 1 + at % count, held, typed)
            elif kind == "delete":
                deleted.append(hands.delete_hand(game_id, 1 + at % count).deleted)
            elif deleted:
                hands.restore_hand(game_id, deleted.pop(), *((held, typed) if kind == "undo-with" else ()))
        except Conflict:
            db.session.rollback()  # a finished game refuses a new hand: nothing changed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes())
def test_every_sum_equals_a_whole_rescoring_after_random_writes(app, run):
    scoring, teams, target, steps = run
    with app.test_request_context():
        game, _ = games.create_game(PLAYERS, scoring=scoring, target=target,
                                    teams=[["Ana", "Cy"], ["Ben", "Dee"]] if teams else None)
        play(game.id, steps)
        check_sums(game.id)


def test_a_restored_backup_has_its_rows(app):
    """A restore inserts hands in bulk: their rows go in with them, summed as the original's."""
    with app.test_request_context():
        game, _ = games.create_game(PLAYERS, scoring=LOWEST_TOTAL, target=400,
                                    teams=[["Ana", "Cy"], ["Ben", "Dee"]])
        play(game.id, [("save", 0, ({"Ana": [], "Ben": ["7", "wild"], "Cy": ["0"], "Dee": []}, {"Dee": 12})),
                       ("save", 0, ({"Ana": ["skip"], "Ben": [], "Cy": ["3"], "Dee": ["draw2"]}, {}))])
        document = json.loads(json.dumps(export_game(game.id), default=str))
        restored = restore(document)
        check_sums(restored[0].id)
        copy, _ = whole(restored[0].id)
        assert hand_scores.standings(copy, LOWEST_TOTAL) == hand_scores.standings(whole(game.id)[0], LOWEST_TOTAL)
