"""`referee(request)`: replay the plays one by one and say what each did."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..cards import parse_card
from ..judge import JudgeError
from ..judge.effects import CARD_RULES
from ..judge.reading import check_deck
from ..judge.wording import name
from ..text import N_, Nn_, Text, say, say_n
from ..judge.wording import two_lines
from .opening import Opening, open_table
from .plays import Play
from .request import RefereeError, Setup, read_request
from .table import Table
from .turns import Outcome, charge, judge_turn


@dataclass(frozen=True)
class Step:
    player: str
    legal: bool
    fault: str | None
    next: str | None  # None once someone went out: nobody plays after the hand is over
    direction: str
    colour: str | None
    pending_draw: int
    draws: dict[str, int]
    cards: dict[str, int]
    explanation: Text
    rules: list[str]
    verdict: Text | None = None  # a challenge's, for the page (not in the answer)

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "legal": self.legal, "fault": self.fault,
                "next": self.next, "direction": self.direction, "colour": self.colour,
                "pending_draw": self.pending_draw, "draws": dict(self.draws),
                "cards": dict(self.cards), "explanation": self.explanation,
                "rules": list(self.rules)}


@dataclass(frozen=True)
class OpenChallenge:
    challenger: str  # the player charged the 4: the only one who may challenge
    challenged: str
    colour: str  # in play before the Wild Draw Four: the colour a guilty hand held


@dataclass(frozen=True)
class Replay:
    setup: Setup
    start: Step  # the card turned up, shaped like a step (for the page; not in the answer)
    steps: list[Step]
    table: Table  # after the last play

    @property
    def first_illegal(self) -> int | None:
        return next((i for i, s in enumerate(self.steps) if not s.legal), None)

    @property
    def open_challenge(self) -> OpenChallenge | None:
        """The last play a Wild Draw Four that charged its 4: its victim may still challenge
        it (the next entry, a challenge, turns the charge into the challenge's ruling)."""
        if not self.steps:
            return None
        play, step, t = self.setup.plays[-1], self.steps[-1], self.table
        if (not step.legal or play.card is None or play.card.kind.token != "wild-draw4"
                or t.winner or t.charged is None or self.setup.rules.wild_draw4_any_time or t.charged[1] != 4 or t.colour_before is None):
            return None
        return OpenChallenge(t.charged[0], play.player, t.colour_before)

    def as_json(self) -> dict[str, Any]:
        return {"steps": [s.as_json() for s in self.steps], "next": next_player(self.table),
                "cards": dict(self.table.counts), "first_illegal": self.first_illegal,
                "winner": self.table.winner}


def referee(body: object) -> Replay:
    """Replay the body of POST /api/referee; raises RefereeError for a request it cannot."""
    setup = read_request(body)
    opening = open_table(setup)
    table = opening.table
    pile = Pile(setup)
    pile.drawn(opening.draws)
    steps = []
    for play in setup.plays:
        if play.challenge:
            pile.check_challenge(play)
        outcome = _one_play(setup, table, play)
        if outcome.legal and play.card is not None:
            pile.discard(play)
        pile.drawn(outcome.draws)
        table = outcome.table
        steps.append(_step(play.player, outcome))
    return Replay(setup, _opening_step(setup, opening), steps, table)


def next_player(table: Table) -> str | None:
    return None if table.winner else table.current


def _one_play(setup: Setup, table: Table, play: Play) -> Outcome:
    """Charge a pending draw the play does not answer, judge the play, then charge the draw
    still pending at once unless the next entry answers it (a challenge, or a stacked card).
    An answer that was illegal is taken back, so what follows it decides, as if it had
    never been made. The victim drawing the cards just charged only records them."""
    if table.charged is not None:
        if records_charge(table, play):
            return recorded(table)
        table = table.copy()
        table.charged = None
    draws: dict[str, int] = {}
    lines: list[Text] = []
    rules: list[str] = []
    answering = bool(table.pending) and answers(setup, table, play)
    if table.pending and not answering:
        table = table.copy()
        charge(table, draws, lines, rules)
    outcome = judge_turn(setup, table, play)
    if outcome.table.pending and (outcome.legal or answering):
        following = setup.plays[play.index + 1] if play.index + 1 < len(setup.plays) else None
        if following is None or not answers(setup, outcome.table, following):
            outcome.table = outcome.table.copy()  # an illegal play holds the table as it was
            outcome.table.charged = (outcome.table.current, outcome.table.pending)
            charge(outcome.table, outcome.draws, outcome.lines, outcome.rules)
    for who, num in outcome.draws.items():
        draws[who] = draws.get(who, 0) + num
    outcome.draws = draws
    outcome.lines = lines + outcome.lines
    outcome.rules = rules + [r for r in outcome.rules if r not in rules]
    return outcome


def answers(setup: Setup, table: Table, play: Play) -> bool:
    """Does this entry answer the pending draw, rather than let it be charged at once?
    A challenge of a Wild Draw Four, or a stacked card (house rule). Drawing the cards does
    not: the draw is charged on the draw card's own step, and the entry only records it."""
    if play.player != table.current or table.winner:
        return False
    if play.challenge:  # no bluffing: nothing to challenge, the Wild Draw Four charges at once
        return table.four_by is not None and not setup.rules.wild_draw4_any_time
    return setup.rules.stacking and play.card is not None and not play.draw


def records_charge(table: Table, play: Play) -> bool:
    """The entry right after a charge is its victim drawing exactly those cards, nothing played."""
    victim, num = table.charged
    return (play.player == victim and play.draw == num and play.card is None
            and not play.challenge)


def recorded(table: Table) -> Outcome:
    """Legal, and changes nothing: the table writing down the penalty already counted."""
    victim, num = table.charged
    after = table.copy()
    after.charged = None
    line = say_n(Nn_("%(who)s drawing %(num)d card was already counted on the previous play: "
                     "nothing changes.",
                     "%(who)s drawing %(num)d cards was already counted on the previous play: "
                     "nothing changes."), num, who=victim)
    rule = CARD_RULES.get(table.top.kind.token, "going-out")
    return Outcome(True, after, lines=[line], rules=[rule])


class Pile:
    """The discard pile, to refuse more copies of a card than the deck holds. When the draws
    must have emptied the draw pile, the discards but the top card went back into it (the
    sheets' reshuffle), so their copies may come round again."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.cards = Counter({setup.start.token: 1})
        self.top = setup.start.token
        self.size = 1
        self.to_draw = max(0, sum(setup.edition.deck.values()) - sum(setup.cards.values()) - 1)

    def discard(self, play: Play) -> None:
        card = play.card
        self.cards[card.token] += 1
        self.top, self.size = card.token, self.size + 1
        most = self.setup.edition.deck[card.kind.token] // (4 if card.colour else 1)
        if self.cards[card.token] > most:
            raise RefereeError(say(N_("Play %(num)d: the %(card)s is played more often than the "
                                      "%(edition)s deck holds it (%(most)d)."),
                                   num=play.index + 1, card=name(card),
                                   edition=self.setup.edition.slug, most=most))

    def drawn(self, draws: dict[str, int]) -> None:
        self.to_draw -= sum(draws.values())
        if self.to_draw < 0:  # reshuffled: only the top card stays on the pile
            self.to_draw = max(0, self.to_draw + self.size - 1)
            self.cards, self.size = Counter({self.top: 1}), 1

    def check_challenge(self, play: Play) -> None:
        """The challenged player's other cards and the Wild Draw Four must fit in one deck,
        as the judge checks the same question."""
        try:
            check_deck({"hand": list(play.hand), "card": [parse_card("wild-draw4")]},
                       self.setup.edition)
        except JudgeError as err:
            raise RefereeError(say(N_("Play %(num)d: %(error)s"), num=play.index + 1,
                                   error=err.args[0])) from None


def _step(player: str, outcome: Outcome) -> Step:
    t = outcome.table
    return Step(player, outcome.legal, outcome.fault, next_player(t), t.direction_name,
                t.colour, t.pending, dict(outcome.draws), dict(t.counts), joined(outcome.lines),
                list(dict.fromkeys(outcome.rules)), outcome.verdict)


def _opening_step(setup: Setup, opening: Opening) -> Step:
    t = opening.table
    return Step(setup.dealer, True, None, t.current, t.direction_name, t.colour, t.pending,
                dict(opening.draws), dict(t.counts), joined(opening.lines), opening.rules)


def joined(lines: list[Text]) -> Text:
    """Lines as one Text, one a line, each translated on its own at the edge."""
    if not lines:
        return say("")
    out = lines[0]
    for line in lines[1:]:
        out = two_lines(out, line)
    return out
