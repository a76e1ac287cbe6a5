"""`/referee`: the page a family uses to replay a disputed stretch.

Thin on purpose: the form (GET, like the judge's: replaying changes nothing, and every
timeline has a link that can be shared) is read into the body of `POST /api/referee`,
`domain.referee` replays it, and the page shows the timeline. Tapping a player and a card
adds a line to the plays (`add`); typing lines works just as well, with or without
JavaScript."""
from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for
from flask_babel import get_locale, gettext

from ..domain import rulebook
from ..domain.cards import COLOURS, KINDS, CardError, parse_card
from ..domain.editions import DEFAULT_EDITION, EDITIONS, HouseRuleError
from ..domain.judge import SHORT, JudgeError
from ..domain.referee import RefereeError, referee
from ..domain.text import N_
from ..services import games
from ..translate import translated, translated_error
from . import bp
from .data import ENGINE_FAULTS, ENGINE_RULES, engine_data, page_texts
from .lines import WORDS, LineError, line_of, read_lines

WILDS = ("wild", "wild-draw4")
FAULTS = {"wrong-player": N_("Not their turn"), "wrong-card": N_("Card not allowed here"),
          "going-out": N_("The hand was already over")}


def _settings() -> dict[str, Any]:
    """The form's settings: from the URL, else from the game it was opened from."""
    args, game = request.args, None
    defaults = {"players": "", "edition": DEFAULT_EDITION, "stacking": False, "dealer": ""}
    if args.get("game"):
        game = games.load_game(args["game"])
        if game is None:
            abort(404)
        sheet = games.sheet_of(game)
        defaults = {"players": ", ".join(sheet.players), "edition": sheet.edition.slug,
                    "stacking": sheet.rules.stacking, "dealer": sheet.next_dealer}
    asked = args.get("asked") == "1"
    edition = args.get("edition", defaults["edition"])
    return {"game": game, "asked": asked, "edit": args.get("edit") == "1",
            "players_text": args.get("players", defaults["players"]).strip()[:500],
            "edition": edition if edition in EDITIONS else DEFAULT_EDITION,
            "stacking": args.get("stacking") == "on" if asked else defaults["stacking"],
            "dealer": args.get("dealer", defaults["dealer"]),
            "start_colour": args.get("start_colour", ""), "start_kind": args.get("start_kind", ""),
            "called": args.get("called", ""), "plays_text": args.get("plays", "")[:20_000],
            "cards": args.get("cards", "").strip()[:4]}


def _names(text: str) -> list[str]:
    separator = "\n" if "\n" in text else ","
    return [n.strip() for n in text.split(separator) if n.strip()]


@bp.get("/referee")
def referee_page():
    s = _settings()
    names = _names(s["players_text"])
    s["each"] = [request.args.get(f"cards_{i}", "").strip()[:4] for i in range(len(names))]
    error, replay, rows = None, None, []
    if s["asked"] and request.args.get("add"):
        s["plays_text"], error = _added(s["plays_text"], names)
    if s["asked"] and error is None:
        try:
            plays = read_lines(s["plays_text"], names)
            replay = referee(_body(s, names, plays))
            rows = _rows(replay, plays)
        except (LineError, RefereeError, JudgeError, CardError, HouseRuleError) as err:
            error = translated_error(err)
    return render_template(
        "referee.html", s=s, names=names, replay=replay, rows=rows, error=error,
        engine=_engine(s, names, rows, error),
        start=_start_row(replay), editions=EDITIONS, colours=COLOURS,
        kinds=[k for k in KINDS.values() if k.token in EDITIONS[s["edition"]].deck],
        short=SHORT, wilds=WILDS, now=_now(replay),
    ), 422 if error else 200


def _engine(s: dict[str, Any], names: list[str], rows: list[dict], error) -> dict | None:
    """What referee.js needs to replay taps in the phone; None when the table is not set."""
    if not (names and s["start_kind"]) or (error and not rows and s["plays_text"].strip()):
        return None
    try:
        opening = referee(_body(s, names, []))
    except (RefereeError, JudgeError, CardError, HouseRuleError):
        return None
    edition = s["edition"]
    data = engine_data(opening)
    data.update(plays=[r["play"] for r in rows], words=WORDS.get(_lang(), WORDS["en"]),
                rules_url=url_for("rules.rules_page", edition=edition),
                titles={r: _title(edition, r) for r in ENGINE_RULES},
                faults={f: _fault(edition, f) for f in ENGINE_FAULTS},
                chips={k: gettext(SHORT[k]) if k in SHORT else KINDS[k].symbol
                       for k in EDITIONS[edition].deck},
                coloured=[k for k in EDITIONS[edition].deck if KINDS[k].coloured],
                colours={c: gettext(c) for c in COLOURS}, texts=page_texts())
    return data


def _start_token(s: dict[str, Any]) -> str | None:
    kind = s["start_kind"]
    if not kind:
        return None
    return f"{s['start_colour']}-{kind}" if s["start_colour"] and KINDS.get(kind) and \
        KINDS[kind].coloured else kind


def _body(s: dict[str, Any], names: list[str], plays: list[dict]) -> dict[str, Any]:
    body: dict[str, Any] = {"edition": s["edition"], "house_rules": {"stacking": s["stacking"]},
                            "players": names, "start": _start_token(s), "plays": plays}
    if s["dealer"] in names:
        body["dealer"] = s["dealer"]
    if s["called"]:
        body["colour"] = s["called"]
    counts = {name: each or s["cards"] for name, each in zip(names, s.get("each", []))}
    if not counts and s["cards"]:
        counts = {name: s["cards"] for name in names}
    counts = {name: _count(raw) for name, raw in counts.items() if raw}
    if counts:
        body["cards"] = counts
    return body


def _count(raw: str) -> int | str:
    return int(raw) if raw.isascii() and raw.isdigit() else raw  # the referee says why not


def _added(text: str, names: list[str]) -> tuple[str, str | None]:
    """The plays with the tapped play added (or the last one taken away)."""
    args = request.args
    lines = [line for line in text.splitlines() if line.strip()]
    if args["add"] == "undo":
        return "\n".join(lines[:-1]), None
    who, colour, kind = args.get("who", ""), args.get("colour", ""), args.get("kind", "")
    if who not in names:
        return text, gettext("Tap who played first, then the card.")
    play: dict[str, Any] = {"player": who}
    if args["add"] in ("play", "drawplay"):
        if kind not in KINDS or (KINDS[kind].coloured and colour not in COLOURS):
            return text, gettext("Tap the card's colour and its number or symbol.")
        play["card"] = f"{colour}-{kind}" if KINDS[kind].coloured else kind
        if kind in WILDS and colour in COLOURS:
            play["colour"] = colour
    if args["add"] in ("draw", "drawplay"):
        play["draw"] = 1
    return "\n".join(lines + [line_of(play, _lang())]), None


def _lang() -> str:
    return str(get_locale())


def _card_chip(token: str, colour: str | None = None) -> dict[str, str]:
    card = parse_card(token)
    kind = card.kind.token
    text = gettext(SHORT[kind]) if kind in SHORT else card.kind.symbol
    return {"css": f"c-{card.colour or kind}", "text": text,
            "label": translated(card.label), "called": gettext(colour) if colour else ""}


def _rows(replay, plays: list[dict]) -> list[dict[str, Any]]:
    """One row a play. A note already shown higher up is not repeated, and a plain legal play
    (a card, one line of explanation, nobody draws) keeps to one line: a long stretch stays
    light. A draw keeps its line, even one that only records a penalty already counted."""
    edition = replay.setup.edition.slug
    first, seen, rows = replay.first_illegal, set(), []
    for index, (play, step) in enumerate(zip(plays, replay.steps)):
        lines = translated(step.explanation).split("\n")
        plain = step.legal and len(lines) == 1 and not step.draws and not play.get("draw")
        rows.append({
            "num": index + 1, "play": play, "step": step, "first_illegal": index == first,
            "chip": _card_chip(play["card"], play.get("colour")) if play.get("card") else None,
            "fault": _fault(edition, step.fault),
            "lines": [] if plain else [line for line in lines if line not in seen],
            "links": [] if plain else _links(edition, step.rules)})
        seen.update(lines)
    return rows


def _start_row(replay) -> dict[str, Any] | None:
    if replay is None:
        return None
    edition = replay.setup.edition.slug
    return {"chip": _card_chip(replay.setup.start.token, replay.setup.colour),
            "step": replay.start, "lines": translated(replay.start.explanation).split("\n"),
            "links": _links(edition, replay.start.rules)}


def _fault(edition: str, fault: str | None) -> str:
    if fault is None:
        return ""
    if fault in FAULTS:
        return gettext(FAULTS[fault])
    return _title(edition, fault)


def _title(edition: str, rule_id: str) -> str:
    try:
        return gettext(rulebook.get_rule(edition, rule_id).title)
    except KeyError:
        return rule_id


def _links(edition: str, rule_ids: list[str]) -> list[tuple[str, str]]:
    return [(_title(edition, r), url_for("rules.rules_page", edition=edition, _anchor=r))
            for r in rule_ids]


def _now(replay) -> dict[str, Any] | None:
    if replay is None:
        return None
    t = replay.table
    return {"winner": t.winner, "next": t.current, "pending": t.pending, "colour": t.colour,
            "direction": t.direction_name, "cards": t.counts}
