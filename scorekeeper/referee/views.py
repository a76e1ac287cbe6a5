"""`/referee`: the page a family uses to replay a disputed stretch.

Thin on purpose: the form is read into the body of `POST /api/referee`, `domain.referee`
replays it, and the page shows the timeline. A tap (a player and a card, a draw, a challenge)
adds a line to the typed plays: taps and typed lines are one list. The form POSTs (500 plays
do not fit in an address: gunicorn refuses a request line past 4 KB); a GET with the same
fields still answers, so a short stretch keeps a link that can be shared (`_link`).
`/referee/form` answers the same form alone, for referee.js to swap in after a tap: the
server is the one engine, the page only shows what it says."""
from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for
from flask_babel import get_locale, gettext

from ..domain import rulebook
from ..domain.cards import COLOURS, KINDS, CardError, parse_card
from ..domain.editions import (
    DEFAULT_EDITION, EDITIONS, HOUSE_RULE_HELP, HOUSE_RULE_NAMES, PLAY_RULES, HouseRuleError)
from ..domain.judge import SHORT, JudgeError
from ..domain.referee import RefereeError, referee
from ..domain.text import N_
from ..services import games
from ..translate import translated, translated_error
from . import bp
from .lines import WORDS, LineError, line_of, read_lines

WILDS = ("wild", "wild-draw4")
LINK_MOST = 2000  # longer links are not offered: well inside gunicorn's 4,094-byte request line
STACKING_ARGS = {"on": True, "same-kind": "same-kind", "equal-or-higher": "equal-or-higher"}
REPLAY_ERRORS = (LineError, RefereeError, JudgeError, CardError, HouseRuleError)
FAULTS = {"wrong-player": N_("Not their turn"), "wrong-card": N_("Card not allowed here"),
          "going-out": N_("The hand was already over")}


def _settings() -> dict[str, Any]:
    """The form's settings: from the URL, else from the game it was opened from."""
    args, game = request.values, None
    defaults = {"players": "", "edition": DEFAULT_EDITION, "stacking": False, "dealer": ""}
    if args.get("game"):
        game = games.load_game(args["game"])
        if game is None:
            abort(404)
        sheet = games.sheet_of(game)
        defaults = {"players": ", ".join(sheet.players), "edition": sheet.edition.slug,
                    "stacking": sheet.rules.stacking, "dealer": sheet.next_dealer,
                    **{name: getattr(sheet.rules, name) for name in PLAY_RULES}}
    asked = args.get("asked") == "1"
    # issue 39: the play rules, on from the game or ticked on the form
    play_rules = {name: (args.get(name) == "on") if asked else bool(defaults.get(name))
                  for name in PLAY_RULES}
    edition = args.get("edition", defaults["edition"])
    return {"game": game, "asked": asked, "edit": args.get("edit") == "1",
            "players_text": args.get("players", defaults["players"]).strip()[:500],
            "edition": edition if edition in EDITIONS else DEFAULT_EDITION,
            "stacking": STACKING_ARGS.get(args.get("stacking", ""), False) if asked
            else defaults["stacking"], "play_rules": play_rules,
            "dealer": args.get("dealer", defaults["dealer"]),
            "start_colour": args.get("start_colour", ""), "start_kind": args.get("start_kind", ""),
            "called": args.get("called", ""), "plays_text": args.get("plays", "")[:60_000],
            "cards": args.get("cards", "").strip()[:4]}


def _names(text: str) -> list[str]:
    separator = "\n" if "\n" in text else ","
    return [n.strip() for n in text.split(separator) if n.strip()]


@bp.route("/referee", methods=["GET", "POST"])
def referee_page():
    context, status = _page()
    return render_template("referee.html", **context), status


@bp.route("/referee/form", methods=["GET", "POST"])
def referee_form():
    """The form alone (the timeline, the taps, the plays): what a tap changes."""
    context, status = _page()
    return render_template("_referee_form.html", **context), status


def _page() -> tuple[dict[str, Any], int]:
    s = _settings()
    names = _names(s["players_text"])
    s["each"] = [request.values.get(f"cards_{i}", "").strip()[:4] for i in range(len(names))]
    error, replay, rows, swap = None, None, [], None
    if s["asked"] and _tapped():  # a tap it cannot read says so, and the timeline stays
        swap = _swap_needed(s, names)
        if swap is None:
            s["plays_text"], error = _added(s, names)
    if s["asked"]:
        try:
            plays = read_lines(s["plays_text"], names)
            replay = referee(_body(s, names, plays))
            rows = _rows(replay, plays)
        except REPLAY_ERRORS as err:
            error = translated_error(err)
    edition = EDITIONS[s["edition"]]
    first = replay.first_illegal if replay is not None else None
    context = dict(
        s=s, names=names, replay=replay, rows=rows, error=error, start=_start_row(replay),
        editions=EDITIONS, colours=COLOURS, short=SHORT, wilds=WILDS, now=_now(replay),
        kinds=[k for k in KINDS.values() if k.token in edition.deck],
        challenge=_challenge(replay), words=WORDS.get(_lang(), WORDS["en"]),
        taps=bool(names), link=_link(s) if s["asked"] else None,
        first=rows[first] if first is not None and first < len(rows) else None,
        swap=swap, rule_help=HOUSE_RULE_HELP, rule_names=HOUSE_RULE_NAMES, play_rules=PLAY_RULES)
    return context, 422 if error else 200


def _tapped() -> bool:
    args = request.values
    return bool(args.get("add") or args.get("challenge") or (args.get("swap") and args.get("swap_tap")))


def _swap_needed(s: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """Seven-O: a 7 tapped without whom it swaps with. The page then asks "swap with whom?" as
    player tiles; each tile carries the tapped play, so one more tap adds it."""
    args = request.values
    if (not s["play_rules"]["seven_o"] or args.get("add") != "play" or args.get("kind") != "7"
            or args.get("swap") or args.get("who") not in names):
        return None
    so_far = _so_far(s, names)
    if so_far is None or so_far.table.counts.get(args["who"]) == 1:
        return None  # added as tapped (the replay says what is wrong), or a last card: no swap
    return {"who": args["who"], "tap": "|".join([args["who"], args.get("colour", ""), "7",
                                                 args.get("drew", "")]),
            "others": [n for n in names if n != args["who"]]}


def _start_token(s: dict[str, Any]) -> str | None:
    kind = s["start_kind"]
    if not kind:
        return None
    return f"{s['start_colour']}-{kind}" if s["start_colour"] and KINDS.get(kind) and \
        KINDS[kind].coloured else kind


def _body(s: dict[str, Any], names: list[str], plays: list[dict]) -> dict[str, Any]:
    rules = {"stacking": s["stacking"], **{k: True for k, on in s["play_rules"].items() if on}}
    body: dict[str, Any] = {"edition": s["edition"], "house_rules": rules,
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


def _added(s: dict[str, Any], names: list[str]) -> tuple[str, str | None]:
    """The plays with the tapped play added (or the last one taken away). A challenge is the
    charged player's: the server knows who, so the Challenge tile is one tap."""
    args, text = request.values, s["plays_text"]
    lines = [line for line in text.splitlines() if line.strip()]
    if args.get("swap") and args.get("swap_tap"):  # a tile of "swap with whom?": the 7 tapped
        who, colour, kind, drew = (args["swap_tap"].split("|") + ["", "", "", ""])[:4]
        args = {**args.to_dict(), "add": "play", "who": who, "colour": colour, "kind": kind,
                "drew": drew}
    action = args.get("add", "")
    if action == "undo":
        return "\n".join(lines[:-1]), None
    who = args.get("who", "")
    if args.get("challenge"):
        who = _challenger(s, names) or who
    if who not in names:
        return text, gettext("Tap who played first, then the card.")
    play: dict[str, Any] = {"player": who}
    if args.get("challenge"):
        held = args["challenge"]
        play.update(challenge=True, hand=[] if held == "none" else [held])
    elif action == "play":
        colour, kind = args.get("colour", ""), args.get("kind", "")
        if kind not in KINDS or ((KINDS[kind].coloured or kind in WILDS) and colour not in COLOURS):
            return text, gettext("Tap the card's colour and its number or symbol.")
        play["card"] = f"{colour}-{kind}" if KINDS[kind].coloured else kind
        if kind in WILDS:
            play["colour"] = colour
        if args.get("drew"):
            play["draw"] = 1
        if kind == "7" and args.get("swap") in names:
            play["swap_with"] = args["swap"]
    elif action in ("draw", "draw2"):
        play["draw"] = 2 if action == "draw2" else 1
    else:
        return text, None
    return "\n".join(lines + [line_of(play, _lang())]), None


def _challenger(s: dict[str, Any], names: list[str]) -> str | None:
    """Who may challenge the Wild Draw Four the plays so far end with, if they do."""
    so_far = _so_far(s, names)
    open_ = so_far.open_challenge if so_far is not None else None
    return open_.challenger if open_ is not None else None


def _so_far(s: dict[str, Any], names: list[str]):
    """The replay of the plays before this tap, or None when they cannot be replayed (the
    page's own replay then says why)."""
    try:
        return referee(_body(s, names, read_lines(s["plays_text"], names)))
    except REPLAY_ERRORS:
        return None


def _link(s: dict[str, Any]) -> str | None:
    """The GET address of this replay, to share or bookmark, if it is short enough."""
    fields = {"asked": "1", "game": s["game"].id if s["game"] else None,
              "players": s["players_text"], "dealer": s["dealer"],
              "start_colour": s["start_colour"], "start_kind": s["start_kind"],
              "called": s["called"], "edition": s["edition"], "cards": s["cards"],
              "stacking": "on" if s["stacking"] is True else s["stacking"] or None, "plays": s["plays_text"]}
    fields |= {f"cards_{i}": count for i, count in enumerate(s.get("each", []))}
    link = url_for("referee.referee_page", **{k: v for k, v in fields.items() if v})
    return link if len(link) <= LINK_MOST else None


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
        hand = play.get("hand") or []
        rows.append({
            "num": index + 1, "play": play, "step": step, "first_illegal": index == first,
            "chip": _card_chip(play["card"], play.get("colour")) if play.get("card") else
            (_card_chip(hand[0]) if play.get("challenge") and len(hand) == 1 else None),
            "fault": _fault(edition, step.fault),
            "verdict": translated(step.verdict) if step.verdict is not None and step.legal else "",
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
    return {"winner": t.winner, "next": None if t.winner else t.current, "pending": t.pending,
            "colour": t.colour, "direction": t.direction_name, "cards": t.counts,
            "draw": 2 if t.cheese_fresh and not t.winner else 1}


def _challenge(replay) -> dict[str, Any] | None:
    """The Challenge tile: whose Wild Draw Four, and the cards of the colour a guilty hand
    held (the edition's coloured kinds), as the judge asks it."""
    open_ = replay.open_challenge if replay is not None else None
    if open_ is None:
        return None
    edition = replay.setup.edition
    cards = [_card_chip(f"{open_.colour}-{k.token}") | {"token": f"{open_.colour}-{k.token}"}
             for k in KINDS.values() if k.coloured and k.token in edition.deck]
    return {"by": open_.challenger, "of": open_.challenged, "colour": gettext(open_.colour),
            "cards": cards}
