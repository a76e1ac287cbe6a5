"""The rules reference: `/rules/<edition>`, every rule an anchor, filterable with `?q=`.

`?game=<id>` marks that game's house rules as in force (when the page shows the
game's own edition); an unknown game id just shows the plain page.
"""
from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

from ..domain import rulebook
from ..domain.editions import DEFAULT_EDITION, EDITIONS, Edition, HouseRules, uno_penalty
from ..services import games
from ..translate import translated
from . import bp

MAX_QUERY = 100
# Official rules a house rule replaces when it is on.
REPLACED_BY = {"stacking": "stacking", "uno-penalty": "uno_penalty", "card-values": "zero_counts_ten"}


@bp.get("/rules")
def rules_index():
    return redirect(url_for("rules.rules_page", edition=DEFAULT_EDITION))


@bp.get("/rules/<edition>")
def rules_page(edition: str):
    if edition not in EDITIONS:
        abort(404)
    ed = EDITIONS[edition]
    query = request.args.get("q", "").strip()[:MAX_QUERY]
    game = _game(request.args.get("game", ""))
    rules = rulebook.search(edition, query, gettext) if query else rulebook.rules_for(edition)
    house = None
    if game is not None and game.edition == edition:
        house = games.sheet_of(game).rules
    sections = [(slug, gettext(title), [r for r in rules if r.section == slug])
                for slug, title in rulebook.SECTIONS]
    titles = {r.id: gettext(r.title) for r in rulebook.rules_for(edition)}
    return render_template(
        "rules.html", edition=ed, edition_name=translated(ed.name),
        editions=[(e.slug, translated(e.tab_name)) for e in EDITIONS.values()],
        query=query, game=game, house=house, house_in_force=_any_in_force(house, ed),
        sections=[s for s in sections if s[2]], count=len(rules),
        tr=gettext, render=lambda text: render_text(gettext(text), titles),
        links=lambda text: Markup(_links(str(escape(gettext(text))), titles)),
        marking=lambda rule: house_marking(rule, house, ed),
        sources=[tuple(map(gettext, rulebook.SOURCES[s])) for s in _cited(edition)],
    )


def _cited(edition: str) -> list[str]:
    """The sheets this edition's rules rest on, in their numbered order."""
    cited = {s for r in rulebook.rules_for(edition) for s in r.sources}
    return [s for s in rulebook.SOURCE_FILES if s in cited]


def _game(raw: str):
    return games.load_game(raw)  # an id of the wrong shape is no game, without a query


def house_marking(rule: rulebook.Rule, house: HouseRules | None,
                  edition: Edition) -> tuple[str, str] | None:
    """(css class, words) saying whether a house rule is in force in the game shown, if any."""
    if rule.house_rule is None:
        field = REPLACED_BY.get(rule.id)
        if house is not None and field and _on(house, field):
            return "off", gettext("This game uses a house rule here: see below.")
        return None
    if house is None:
        return None
    if not _on(house, rule.house_rule):
        return "off", gettext("House rule: not used in this game.")
    if rule.house_rule == "uno_penalty":
        return "on", ngettext("In force in this game: %(num)d card.",
                              "In force in this game: %(num)d cards.", uno_penalty(edition, house))
    if rule.house_rule == "blank_points":
        return "on", ngettext("In force in this game: a Blank scores %(num)d point.",
                              "In force in this game: a Blank scores %(num)d points.", house.blank_points)
    if rule.house_rule == "stacking" and isinstance(house.stacking, str):
        return "on", gettext("In force in this game: %(mode)s.", mode=translated(house.names()[
            int(house.zero_counts_ten)]))
    return "on", gettext("In force in this game.")


def _any_in_force(house: HouseRules | None, edition: Edition) -> bool:
    """Whether the page marks any house rule as in force (so the note above says so, or not)."""
    rules = [r for r in rulebook.rules_for(edition.slug) if r.house_rule]
    return any((house_marking(r, house, edition) or ("",))[0] == "on" for r in rules)


def _on(house: HouseRules, field: str) -> bool:
    if field == "uno_penalty":
        return house.uno_penalty is not None
    return bool(getattr(house, field))


def render_text(text: str, titles: dict[str, str]) -> Markup:
    """Paragraphs, "label: value" tables, and #rule-id links (shown as the rule's title in
    the page's language), all escaped."""
    out = []
    for para in text.split("\n\n"):
        lines = para.split("\n")
        if len(lines) > 1 and all(": " in line for line in lines):
            rows = "".join("<tr><th>{}</th><td>{}</td></tr>".format(
                *(_links(str(escape(part)), titles) for part in line.split(": ", 1)))
                for line in lines)
            out.append(f'<table class="values">{rows}</table>')
        else:
            out.append(f"<p>{_links(str(escape(para)), titles)}</p>")
    return Markup("".join(out))


def _links(html: str, titles: dict[str, str]) -> str:
    return rulebook.LINK.sub(
        lambda m: f'<a href=#{m[1]}>{escape(titles[m[1]])}</a>' if m[1] in titles else m[0], html)

