"""The scoring system is an object the pages, services and API ask; nothing compares its slug."""
import re
from pathlib import Path

from scorekeeper.domain.systems import LOWEST_TOTAL, SYSTEMS, WINNER_TAKES_POINTS, system_of

ROOT = Path(__file__).resolve().parents[2]
POINTS = {"Ana": 0, "Ben": 12, "Cy": 30}


def test_winner_takes_points_gives_the_hand_to_whoever_went_out():
    system = SYSTEMS[WINNER_TAKES_POINTS]
    assert system.add_hand(dict.fromkeys(POINTS, 5), "Ana", POINTS) == {"Ana": 47, "Ben": 5, "Cy": 5}
    assert system.gained("Ana", "Ana", POINTS) == 42 and system.gained("Ben", "Ana", POINTS) == 0
    assert system.leaders({"Ana": 9, "Ben": 40, "Cy": 40}, list(POINTS)) == ["Ben", "Cy"]
    assert system.ranked({"Ana": 9, "Ben": 40, "Cy": 50}, list(POINTS)) == ["Cy", "Ben", "Ana"]


def test_lowest_total_charges_everyone_and_the_lowest_leads():
    system = system_of(LOWEST_TOTAL)
    assert system.add_hand(dict.fromkeys(POINTS, 5), "Ana", POINTS) == {"Ana": 5, "Ben": 17, "Cy": 35}
    assert system.gained("Ben", "Ana", POINTS) == 12
    assert system.leaders({"Ana": 9, "Ben": 40, "Cy": 9}, list(POINTS)) == ["Ana", "Cy"]
    assert system.ranked({"Ana": 9, "Ben": 40, "Cy": 5}, list(POINTS)) == ["Cy", "Ana", "Ben"]


def test_the_game_ends_when_someone_reaches_the_target():
    for system in SYSTEMS.values():
        assert system.is_over({"Ana": 100, "Ben": 3}, 100) and not system.is_over({"Ana": 99}, 100)
    assert SYSTEMS[LOWEST_TOTAL].ended(200, 4) == "Lowest total when someone reached 200, in hand 4."


def test_no_template_script_or_view_compares_a_scoring_slug():
    slugs = "|".join(map(re.escape, SYSTEMS))
    compared = re.compile(rf"""(==|!=)\s*["']({slugs})["']|["']({slugs})["']\s*(==|!=)""")
    files = [*ROOT.glob("templates/*.html"), *ROOT.glob("static/*.js"), *ROOT.glob("scorekeeper/**/*.py")]
    found = [f"{f.name}: {m.group(0)}" for f in files for m in compared.finditer(f.read_text())]
    assert not found, found
