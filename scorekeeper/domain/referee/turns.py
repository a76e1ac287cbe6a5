"""One play judged against the table: the judge decides legality, the referee moves the
turn, the direction and the cards. An illegal play leaves the table as it was."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..judge import judge_challenge, judge_draw, judge_going_out, judge_jump_in, judge_play
from ..judge.effects import CARD_RULES, DRAW_CARD_RULES, draws
from ..judge.ruling import Ruling
from ..judge.wording import colour_name, name
from ..text import N_, Nn_, Text, say, say_n
from .opening import ruling_lines
from .plays import Play
from .request import RefereeError, Setup
from .seven_o import seven_o
from .table import Table

BLANK_READING = say(N_("The referee's reading: a Blank played counts as a card with no effect, "
                       "and the colour in play stays as it was."))


@dataclass
class Outcome:
    legal: bool
    table: Table
    fault: str | None = None
    lines: list[Text] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    draws: dict[str, int] = field(default_factory=dict)
    verdict: Text | None = None  # a challenge's: "Guilty: … draws 4"


def refused(table: Table, fault: str, line: Text, rules: list[str]) -> Outcome:
    return Outcome(False, table, fault, [line], rules)


def judge_turn(setup: Setup, table: Table, play: Play) -> Outcome:
    if table.winner:
        return refused(table, "going-out", say(N_("%(who)s already went out: the hand is over "
                                                  "and nothing more is played."),
                                               who=table.winner), ["going-out"])
    if play.player != table.current:
        return _out_of_turn(setup, table, play)
    if play.challenge:
        return challenge(setup, table, play)
    if play.draw:
        return draw(setup, table, play)
    return play_card(setup, table, play)


def _out_of_turn(setup: Setup, table: Table, play: Play) -> Outcome:
    """Someone else's turn: wrong-player, unless Jump-In lets an identical card in."""
    wrong = refused(table, "wrong-player", say(N_("It is %(who)s's turn, not %(player)s's."),
                                               who=table.current, player=play.player),
                    ["dealing"])
    if play.card is None or play.draw or play.top_token_differs(table.top):
        return wrong
    ruling = judge_jump_in(setup.edition, setup.rules, table.top, play.card, color=table.colour,
                           players=len(table.players), player=play.player)
    if ruling.ruling != "legal":
        if not setup.rules.jump_in:  # an identical card: say what Jump-In would allow
            wrong.lines += list(ruling.depends_on)
            wrong.rules.append("house-jump-in")
        return wrong
    jumped = table.copy()
    jumped.turn, jumped.cheese_fresh = jumped.seat(play.player), False
    out = play_card(setup, jumped, play)
    out.lines = [say(N_("%(who)s jumps in out of turn with an identical card (house rule "
                        "Jump-In); play goes on from %(who)s."), who=play.player), *out.lines]
    out.rules = ["house-jump-in", *[r for r in out.rules if r != "house-jump-in"]]
    return out


def play_card(setup: Setup, table: Table, play: Play, drew: bool = False) -> Outcome:
    card, n = play.card, len(table.players)
    hand = [] if card.kind.token == "wild-draw4" else None  # checked only if challenged
    if drew:
        ruling = judge_draw(setup.edition, setup.rules, "play-drawn", top=table.top,
                            color=table.colour, drawn=card, card=card, hand=hand, players=n,
                            player=play.player)
    else:
        ruling = judge_play(setup.edition, setup.rules, table.top, card, color=table.colour,
                            hand=hand, pending_draw=table.pending, players=n,
                            player=play.player, cheese_touch_fresh=table.cheese_fresh)
    if ruling.ruling == "illegal":
        return Outcome(False, table, "wrong-card", ruling_lines(ruling), list(ruling.rules))
    out = Outcome(True, table.copy(), rules=list(ruling.rules))
    if drew:
        out.table.give(play.player, play.draw, out.draws)
        out.lines.append(say(N_("%(who)s drew the %(card)s and played it at once."),
                             who=play.player, card=name(card)) if play.draw == 1 else
                         say(N_("%(who)s drew %(num)d cards until one fitted, and played the "
                                "last, the %(card)s, at once (house rule: draw until you can "
                                "play)."), who=play.player, num=play.draw, card=name(card)))
        if play.draw > 1:
            out.rules.append("house-draw-to-match")
    out.lines += _judge_lines(ruling, card, stacked=bool(table.pending))
    out.table.cheese_fresh = False
    colour_before = table.colour
    out.table.discard(play.player, card, play.colour)
    if out.table.counts[play.player] == 0:
        _going_out(setup, out, play)
        if play.swap_with:
            out.lines.append(say(N_("The 7 was %(who)s's last card: no swap."), who=play.player))
    else:
        _effect(out, play, colour_before)
        if setup.rules.seven_o and card.kind.token in ("7", "0"):
            if card.kind.token == "7" and play.swap_with is None:
                raise RefereeError(say(N_("Play %(num)d: 'swap_with': with Seven-O, say whom "
                                          "%(who)s swaps hands with after the 7 (one of "
                                          "%(names)s)."), num=play.index + 1, who=play.player,
                                       names=", ".join(p for p in table.players
                                                       if p != play.player)))
            seven_o(out.table, play, out.lines, out.rules)
    return out


def _judge_lines(ruling: Ruling, card: Card, stacked: bool) -> list[Text]:
    kind = card.kind.token
    any_time = "house-wild-draw4-any-time" in ruling.rules
    if kind == "wild-draw4" and not stacked and not any_time:  # the judge was told of no other cards: only a challenge checks them
        return [say(N_("A Wild Draw Four may go on any card; it is illegal only if the player "
                       "held a card of the colour in play, which a challenge finds out."))]
    if ruling.ruling == "table-decides":
        return [BLANK_READING, *ruling.depends_on]
    return [ruling_lines(ruling)[0], *ruling.depends_on]


def _going_out(setup: Setup, out: Outcome, play: Play) -> None:
    t = out.table
    t.winner = play.player
    ruling = judge_going_out(setup.edition, setup.rules, play.card, player=play.player)
    out.rules += [r for r in ruling.rules if r not in out.rules]
    out.lines += ruling_lines(ruling)
    num = t.pending + ruling.draws.get("next-player", 0)
    t.turn, t.pending, t.four_by = t.after(t.seat(play.player)), 0, None
    if num:
        t.give(t.current, num, out.draws)
        t.charged = (t.current, num)  # the next entry may write these cards down
        out.lines.append(say_n(Nn_("%(who)s draws %(num)d card.", "%(who)s draws %(num)d cards."),
                               num, who=t.current))


def _effect(out: Outcome, play: Play, colour_before: str | None) -> None:
    """What the card does to the turn order, once it is down."""
    t, kind = out.table, play.card.kind.token
    seat = t.seat(play.player)
    t.four_by = None
    if play.colour:
        out.lines.append(say(N_("%(who)s called %(colour)s."), who=play.player,
                             colour=colour_name(play.colour)))
    if kind == "skip":
        t.turn = t.after(seat, 2)
        out.lines.append(say(N_("%(who)s is skipped."), who=t.players[t.after(seat)]))
    elif kind == "reverse":
        _reverse(out, seat)
    elif kind in DRAW_CARD_RULES:
        t.pending += draws(play.card)
        t.turn = t.after(seat)
        if kind == "wild-draw4":
            t.four_by, t.colour_before = play.player, colour_before
    elif kind == "cheese-touch":
        t.turn = t.after(seat)
        t.give(t.current, draws(play.card), out.draws)
        t.cheese_fresh = True
        out.lines.append(say(N_("%(who)s draws 2 for the Cheese Touch, then answers it with a "
                                "yellow card or draws 2 more."), who=t.current))
    else:
        t.turn = t.after(seat)
    if len(t.players) == 2 and kind in CARD_RULES and "two-players" not in out.rules:
        out.rules.append("two-players")


def _reverse(out: Outcome, seat: int) -> None:
    t = out.table
    t.direction = -t.direction
    if len(t.players) == 2:
        t.turn = seat
        out.lines.append(say(N_("With two players the Reverse acts as a Skip: %(who)s plays "
                                "again."), who=t.current))
        return
    t.turn = t.after(seat)
    out.lines.append(say(N_("Play now goes to the left.") if t.direction_name == "left" else
                         N_("Play now goes to the right.")))


def charge(table: Table, draws_: dict[str, int], lines: list[Text], rules: list[str]) -> None:
    """The player facing a pending draw takes it and loses the turn."""
    victim, num = table.current, table.pending
    table.give(victim, num, draws_)
    table.turn, table.pending, table.four_by = table.after(table.turn), 0, None
    lines.append(say_n(Nn_("%(who)s draws %(num)d card and loses the turn.",
                           "%(who)s draws %(num)d cards and loses the turn."), num, who=victim))
    rule = DRAW_CARD_RULES.get(table.top.kind.token)
    if rule and rule not in rules:
        rules.append(rule)


def draw(setup: Setup, table: Table, play: Play) -> Outcome:
    """A draw on the player's own turn. Never with a draw pending: the referee charges that
    before (a draw is no answer to it, see replay.answers)."""
    if table.cheese_fresh:
        return _draw_for_cheese(table, play)
    if setup.rules.draw_to_match:
        if play.card is None:
            return refused(table, "draw-when-stuck", say(
                N_("With draw until you can play, %(who)s keeps drawing until a card fits and "
                   "lays it at once: say the card laid."), who=play.player),
                ["draw-when-stuck", "house-draw-to-match"])
        return play_card(setup, table, play, drew=True)
    if play.draw != 1:
        return refused(table, "draw-when-stuck", say(
            N_("A player who draws takes one card, not %(num)d."), num=play.draw),
            ["draw-when-stuck", "play-drawn-card"])
    if play.card is not None:
        return play_card(setup, table, play, drew=True)
    ruling = judge_draw(setup.edition, setup.rules, "keep-drawn", by_choice=True,
                        player=play.player)
    out = Outcome(True, table.copy(), rules=list(ruling.rules))
    out.table.give(play.player, 1, out.draws)
    out.table.turn = out.table.after(table.turn)
    out.lines.append(say(N_("%(who)s drew a card and kept it: the turn passes."),
                         who=play.player))
    if setup.rules.force_play:
        out.rules.append("house-force-play")
        out.lines.append(say(N_("House rule force play: if the card drawn fits it must be played "
                                "at once; the referee cannot see it, so lets the draw stand.")))
    elif setup.edition.must_play_drawn:
        out.lines.append(say(N_("Classic with Blank cards (112): its leaflet says a drawn card that "
                                "fits must be played if nothing fitted before; the referee cannot "
                                "see the card, so lets it stand.")))
    else:
        out.lines += list(ruling.depends_on)
    return out


def _draw_for_cheese(table: Table, play: Play) -> Outcome:
    if play.draw != 2 or play.card is not None:
        return refused(table, "cheese-touch", say(
            N_("Without a yellow card to answer the Cheese Touch, %(who)s draws 2 more and "
               "the turn passes."), who=play.player), ["cheese-touch"])
    out = Outcome(True, table.copy(), rules=["cheese-touch", "cheese-touch-after"])
    out.table.give(play.player, 2, out.draws)
    out.table.cheese_fresh = False
    out.table.turn = out.table.after(table.turn)
    out.lines.append(say(N_("%(who)s had no yellow card, drew 2 more, and the turn passes."),
                         who=play.player))
    return out


def challenge(setup: Setup, table: Table, play: Play) -> Outcome:
    if setup.rules.wild_draw4_any_time:
        return refused(table, "challenge-who", say(
            N_("No bluffing (house rule): a Wild Draw Four cannot be challenged; its 4 cards "
               "were charged when it was played.")), ["challenge", "house-wild-draw4-any-time"])
    if table.four_by is None or table.pending != 4:
        return refused(table, "challenge-who", say(
            N_("There is no Wild Draw Four to challenge: only the player told to draw its 4 "
               "cards may challenge it, before drawing.")), ["challenge", "challenge-who"])
    ruling = judge_challenge(setup.edition, setup.rules, table.colour_before, list(play.hand),
                             challenged=table.four_by, challenger=play.player)
    out = Outcome(True, table.copy(), lines=ruling_lines(ruling), rules=list(ruling.rules))
    t = out.table
    out.verdict = ruling.verdict
    if ruling.ruling == "guilty":
        t.give(table.four_by, 4, out.draws)
        t.pending, t.four_by = 0, None
        t.charged = (table.four_by, 4)  # the judge's lines say the challenger then plays
    else:
        t.pending = 6
        charge(t, out.draws, [], out.rules)
        t.charged = (play.player, 6)
    return out
