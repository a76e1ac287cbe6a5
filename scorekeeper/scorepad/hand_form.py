"""The hand keypad form and the hand it stands for, both ways."""
from __future__ import annotations

from collections import Counter

from flask_babel import gettext

from ..domain.cards import parse_card, recount
from ..domain.editions import get_edition
from ..models import Game
from ..services.page_values import GameView
from .forms import field_name


def hand_form_data(game: GameView, number: int) -> dict:
    """A recorded hand as the keypad form's fields: counts per kind, typed totals, who went out."""
    hand = game.hand(number)
    data: dict[str, object] = {"request_id": "", "revision": str(hand.revision), "hand_id": hand.id}
    for seat, name in ((p.seat, p.name) for p in game.players):
        tokens = hand.held.get(name, [])
        for kind, n in Counter(parse_card(t).kind.token for t in tokens).items():
            data[field_name(seat, kind)] = n
        if name in hand.typed:
            data[f"p{seat}_typed"] = hand.typed[name]
        elif not tokens:
            data["out"] = str(seat)
    return data


def read_hand_form(form, game: Game | GameView, original: dict[str, list[str]]):
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
