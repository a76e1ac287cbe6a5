"""Size budgets from issue 2, measured by the benchmark script itself (bytes and counts, not time)."""
from benchmarks.page_weight import BUDGET_BYTES, BUDGET_REQUESTS, BUDGET_WIRE_BYTES, measure


def test_scoreboard_weight_and_sql_budget():
    rows = measure()
    assert [r["hands"] for r in rows] == [5, 60, 1000]
    for row in rows:
        assert row["bytes"] < BUDGET_BYTES, row
        assert row["wire_bytes"] <= BUDGET_WIRE_BYTES, row  # the keeper's scoreboard, compressed
        assert row["requests"] <= BUDGET_REQUESTS, row
        assert row["third_party"] == 0, row
    assert len({r["statements"] for r in rows}) == 1, rows


def test_the_polish_scoreboard_keeps_the_budget_too():
    rows = measure("pl")
    for row in rows:
        assert row["bytes"] < BUDGET_BYTES, row
        assert row["wire_bytes"] <= BUDGET_WIRE_BYTES, row
        assert row["requests"] <= BUDGET_REQUESTS, row
