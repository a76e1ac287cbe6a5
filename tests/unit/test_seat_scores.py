"""Issue 36: what each seat keeps per hand (domain/seat_scores.py) sums to what a whole
score sheet gives, under both systems, teams included: standings are a SUM of these rows."""
from hypothesis import assume, given, settings, strategies as st

from scorekeeper.domain.editions import EDITIONS, HouseRules, point_values
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, HandError, ScoreSheet, build_hand
from scorekeeper.domain.seat_scores import seat_scores

PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve"]
KINDS = ["7", "skip", "wild", "draw2", "3", "reverse", "0", "wild-draw4", "red-9", "blank"]
EDITION = EDITIONS["classic-112"]


@st.composite
def games(draw):
    players = PLAYERS[:draw(st.integers(2, 5))]
    rules = HouseRules(zero_counts_ten=draw(st.booleans()), blank_points=draw(st.integers(0, 60)))
    split = draw(st.integers(1, len(players) - 1)) if len(players) >= 2 else 1
    teams = (tuple(players[:split]), tuple(players[split:])) if draw(st.booleans()) else None
    hands = []
    for _ in range(draw(st.integers(0, 30))):
        winner = draw(st.sampled_from(players))
        typed = {n: draw(st.integers(0, 99)) for n in players if n != winner and draw(st.booleans())}
        held = {n: [] if n == winner or n in typed else draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3))
                for n in players}
        try:
            hands.append(build_hand(EDITION, players, held, typed))
        except HandError:  # more of a kind than the deck holds
            assume(False)
    return players, rules, teams, hands


@settings(max_examples=120, deadline=None)
@given(games())
def test_summed_seat_scores_are_the_score_sheets_totals_under_both_systems(game):
    players, rules, teams, hands = game
    values = point_values(EDITION, rules)
    rows = [seat_scores(h, values, teams) for h in hands]
    for system, pick in ((WINNER_TAKES_POINTS, lambda s: s.gained), (LOWEST_TOTAL, lambda s: s.held)):
        sheet = ScoreSheet(edition=EDITION, rules=rules, scoring=system, target=10**6, players=players,
                           hands=hands, teams=teams)
        running = {n: 0 for n in players}
        for row, expected in zip(rows, sheet.running(system)):
            running = {n: running[n] + pick(row[n]) for n in players}
            assert running == dict(expected)
        if teams:
            team_pick = (lambda s: s.team_gained) if system == WINNER_TAKES_POINTS else (lambda s: s.held)
            assert {t: sum(team_pick(r[n]) for r in rows for n in team) for t, team in enumerate(teams)} \
                == sheet.team_standings()
        else:
            assert all(s.team_gained is None for r in rows for s in r.values())
