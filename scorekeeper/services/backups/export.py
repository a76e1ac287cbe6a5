"""Games out: a backup document (JSON) of one game or all, and one game's score sheet (CSV)."""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any, Iterable, Iterator

from sqlalchemy import select

from ...bidi import isolate
from ...domain.scoring import SYSTEMS
from ...models import Game, db, utcnow
from .. import games
from . import FORMAT, VERSION

def _stamp(moment: datetime | None) -> str | None:
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else None


def game_record(game: Game) -> dict:
    """One game as stored in a backup: what was entered, in seat and play order."""
    hands = []
    seats = games.seat_names(game)
    for hand in game.hands:
        held, typed = games.stored_cards(game, hand)
        record: dict[str, Any] = {"id": hand.public_id, "number": hand.number, "dealer": seats[hand.dealer_seat],
                                  "held": held}
        if typed:
            record["typed_totals"] = typed
        hands.append(record)
    extra = {"past_targets": list(game.past_targets)} if game.past_targets else {}
    teams = games.teams_of(game)
    if teams:  # a team game (a house rule): who partnered whom, in the order they were given
        extra["teams"] = [list(team) for team in teams]
    return games.game_settings(game) | extra | {
        "players": [p.name for p in game.players],
        "created_at": _stamp(game.created_at),
        "updated_at": _stamp(game.updated_at),
        "hands": hands,
    }


def json_text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def envelope(records: list[dict]) -> dict:
    return {"format": FORMAT, "version": VERSION, "exported_at": _stamp(utcnow()), "games": records}


def streamed(records: Iterable[dict]) -> Iterator[str]:
    """`json.dumps(envelope(list(records)), ensure_ascii=False, indent=1)`, the same text,
    written a game at a time: a big table's backup never sits whole in a worker's memory."""
    opening = json.dumps(envelope([]), ensure_ascii=False, indent=1)
    before_games = opening[:-len("[]\n}")]  # "games" is the envelope's last key
    first = True
    for record in records:
        yield before_games + "[\n  " if first else ",\n  "
        first = False
        yield json.dumps(record, ensure_ascii=False, indent=1).replace("\n", "\n  ")  # JSON strings hold no newline
    yield (before_games + "[]" if first else "\n ]") + "\n}"


def table_records(table_id: str) -> Iterator[dict]:
    """A table's games as backup records, oldest first, one loaded at a time."""
    ids = db.session.scalars(select(Game.id).where(Game.table_id == table_id)
                             .order_by(Game.created_at, Game.id)).all()
    for game_id in ids:
        game = games.load_game(game_id)
        if game is not None:
            yield game_record(game)
        db.session.expunge_all()


def export_game(game_id: str) -> dict | None:
    game = games.load_game(game_id)
    return None if game is None else envelope([game_record(game)])


def export_all() -> dict:
    # Oldest first: ids are random, so only the creation time gives a backup its order.
    ids = db.session.scalars(select(Game.id).where(games.VISIBLE)
                             .order_by(Game.created_at, Game.id)).all()
    db.session.rollback()
    records = []
    for game_id in ids:  # one game at a time: memory stays flat however many there are
        game = games.load_game(game_id)
        if game is not None:
            records.append(game_record(game))
        db.session.expunge_all()
    return envelope(records)


def _cell(value: object) -> object:
    """Spreadsheets run cells that start with = + - @ as formulas: defuse user text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def score_sheet_csv(game: Game) -> str:
    """A row per hand (who dealt, who went out, each player's points and cards), then totals."""
    sheet = games.sheet_of(game)
    players = sheet.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = ["hand", "dealer", "went out"]
    for name in players:
        header += [f"{isolate(name)} points", f"{isolate(name)} cards"]  # names: see bidi.py
    writer.writerow([_cell(h) for h in header])
    for number, (hand, points) in enumerate(zip(sheet.hands, sheet.points()), start=1):
        row: list[object] = [number, isolate(sheet.dealer(number)), isolate(hand.winner)]
        for name in players:
            cards = "typed total" if name in hand.typed else " ".join(hand.tokens(name))
            row += [points[name], cards]
        writer.writerow([_cell(c) for c in row])
    for system in SYSTEMS.values():
        totals = sheet.standings(system)
        row = [f"total: {system.name.lower()}", "", ""]
        for name in players:
            row += [totals[name], ""]
        writer.writerow([_cell(c) for c in row])
    if sheet.team_scoring is not None:  # the score that counts: each player's team's total
        side = {name: n for n, team in enumerate(sheet.teams or ()) for name in team}
        totals = sheet.team_standings()
        row = [f"team total: {sheet.system.name.lower()}", "", ""]
        for name in players:
            row += [totals[side[name]], ""]
        writer.writerow([_cell(c) for c in row])
    return out.getvalue()
