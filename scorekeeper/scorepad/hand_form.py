"""The hand keypad form and the hand it stands for, both ways."""
from __future__ import annotations

from collections import Counter

from flask_babel import gettext

from ..domain.cards import parse_card, recount
from ..domain.editions import get_edition
from ..models import Game
from ..services import games
from .forms import field_name


def hand_form_data(game: Game, number: int) -> dict:
    """A recorded hand as the keypad form's fields: counts per kind, typed totals, who went out."""
    hand = next(h for h in game.hands if h.number == number)
    seats = {p.id: p.seat for p in game.players}
    data: dict[str, object] = {"request_id": "", "revision": str(hand.revision),
                               "hand_id": hand.public_id}
    for entry in hand.entries:
        seat = seats[entry.player_id]
        for kind, n in Counter(parse_card(t).kind.token for t in entry.tokens).items():
            data[field_name(seat, kind)] = n
        if entry.typed_total is not None:
            data[f"p{seat}_typed"] = entry.typed_total
        elif not entry.tokens:
            data["out"] = str(seat)
    return data


def original_tokens(game: Game, number: int | None) -> dict[str, list[str]]:
    if number is None:
        return {}
    hand = next(h for h in game.hands if h.number == number)
    return games.stored_cards(game, hand)[0]


def read_hand_form(form, game: Game, original: dict[str, list[str]]):
    """The form's counts as held cards and typed totals; problems keyed by player."""
    edition = get_edition(game.edition)
    out_seat = int(form.out.data)
    held: dict[str, list[str]] = {}
    typed: dict[str, int] = {}
    problems: dict[str, str] = {}
    for player in game.players:
        seat, name = player.seat, player.name
        kinds = [k for k in edition.deck for _ in range(form[field_name(seat, k)].data or 0)]
        tokens = recount(original.get(name, []), kinds)
        total = form[f"p{seat}_typed"].data
        held[name] = [] if seat == out_seat else tokens
        if seat == out_seat:
            if tokens or total:
                problems[name] = gettext("%(name)s went out, so %(name)s holds no cards.", name=name)
        elif total is not None:
            typed[name] = total
            held[name] = []
            if tokens:
                problems[name] = gettext("Enter the cards or a typed total, not both.")
        elif not tokens:
            problems[name] = gettext("Tap the cards left in %(name)s's hand, or type their total.", name=name)
    return held, typed, problems
