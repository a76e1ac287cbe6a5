"""Edition differences are fields of Edition: the judge and the referee never compare a slug,
so a made-up edition works with no change outside the edition table and the rulebook."""
import ast
import re
from dataclasses import replace
from pathlib import Path

from scorekeeper.domain import editions, rulebook
from scorekeeper.domain.judge import judge

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "scorekeeper" / "domain"
SLUGS = set(editions.EDITIONS)


def slug_comparisons(source: str) -> list[str]:
    """Comparisons with an edition's slug (`x.slug == ...`, `... in ("classic", ...)`) and
    edition slugs written as string constants in a comparison."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        parts = [node.left, *node.comparators]
        for part in parts:
            for inner in ast.walk(part):
                if isinstance(inner, ast.Attribute) and inner.attr == "slug":
                    found.append(ast.unparse(node))
                if isinstance(inner, ast.Constant) and inner.value in SLUGS:
                    found.append(ast.unparse(node))
    return found


def test_the_scan_finds_a_slug_comparison():
    assert slug_comparisons('if ed.slug == "classic-112": pass')
    assert slug_comparisons('if edition in ("wimpy-kid", "classic"): pass')
    assert not slug_comparisons("if ed.must_play_drawn: pass")


def test_no_judge_or_referee_module_compares_an_edition_slug():
    files = [*(DOMAIN / "judge").glob("*.py"), *(DOMAIN / "referee").glob("*.py")]
    assert len(files) > 10
    found = {f.name: hits for f in files if (hits := slug_comparisons(f.read_text()))}
    assert not found, found


def test_no_hand_kept_list_of_edition_slugs_in_views_or_scripts():
    places = [*(ROOT / "scorekeeper").glob("*/views.py"), ROOT / "static" / "sw.js"]
    pattern = re.compile("|".join(rf"""["']/?(?:rules/)?{re.escape(s)}["']""" for s in SLUGS))
    found = {p.name: pattern.findall(p.read_text()) for p in places if pattern.search(p.read_text())}
    assert not found, found


def made_up_edition(monkeypatch):
    """'party': the classic deck, but a drawn card that fits must be played (as in the Blanks
    leaflet), with the classic rulebook."""
    party = replace(editions.EDITIONS["classic-112"], slug="party", extra=None,
                    tab_name="Party", name="Party deck")
    monkeypatch.setitem(editions.EDITIONS, "party", party)
    monkeypatch.setitem(rulebook._BOOKS, "party", rulebook._BOOKS["classic"])
    monkeypatch.setitem(rulebook._INDEX, "party", rulebook._INDEX["classic"])
    return party


def test_the_judge_rules_for_a_made_up_edition_from_its_fields(monkeypatch):
    made_up_edition(monkeypatch)
    kept = judge({"question": "draw", "edition": "party", "action": "keep-drawn"})
    assert kept.ruling == "illegal"  # must_play_drawn, as the field says
    start = judge({"question": "first-card", "edition": "party", "card": "reverse"})
    assert start.details["first_player"] == "right-of-dealer"
    assert "Party deck" in " ".join(map(str, start.depends_on))
