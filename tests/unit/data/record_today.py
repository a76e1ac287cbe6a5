"""Records what the judge and the referee answer today on seeded random inputs, so that
tests/unit/test_house_rules_off.py can check that with every issue-39 key off the answers stay
the same. Run once, on the code before issue 39 (commit 5dddf1d):
    .venv/bin/python tests/unit/data/record_today.py > tests/unit/data/answers_before_issue_39.json
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from scorekeeper.domain.judge import JudgeError, judge  # noqa: E402
from scorekeeper.domain.referee import RefereeError, referee  # noqa: E402

COLOURS = ("red", "yellow", "green", "blue")
KINDS = [str(n) for n in range(10)] + ["skip", "reverse", "draw2"]
COLOURED = [f"{c}-{k}" for c in COLOURS for k in KINDS]
EDITIONS = {"classic": [], "classic-112": ["blank"], "wimpy-kid": ["cheese-touch"]}
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def a_card(rng, edition, wild=True):
    pool = COLOURED + [f"{c}-draw2" for c in COLOURS] * 2 + [f"{c}-{n}" for c in COLOURS
                                                            for n in ("7", "0")]
    if wild:
        pool += ["wild", "wild-draw4"] * 4 + EDITIONS[edition]
    return rng.choice(pool)


def a_question(rng):
    edition = rng.choice(list(EDITIONS))
    rules = rng.choice([{}, {}, {"stacking": True}, {"stacking": False}, {"uno_penalty": 3}])
    kind = rng.choice(["play", "play", "play", "challenge", "draw", "stacking", "stacking",
                       "going-out", "two-players", "first-card", "uno"])
    q = {"question": kind, "edition": edition, "house_rules": rules}
    hand = lambda: rng.sample(COLOURED, rng.randint(0, 4))  # noqa: E731
    if kind == "play":
        top = a_card(rng, edition)
        q.update(top=top, card=a_card(rng, edition))
        if top in ("wild", "wild-draw4") or rng.random() < 0.1:
            q["color"] = rng.choice(COLOURS)
        if rng.random() < 0.6:
            q["hand"] = hand()
        if top.endswith("draw2") or top == "wild-draw4":
            if rng.random() < 0.6:
                q["pending_draw"] = rng.choice([2, 4, 6, 8])
        elif rng.random() < 0.15:
            q["drawn"] = rng.choice([q["card"], a_card(rng, edition)])
        if rng.random() < 0.3:
            q["players"] = rng.randint(2, 6)
    elif kind == "challenge":
        q.update(color=rng.choice(COLOURS), hand=hand(),
                 by=rng.choice(["next-player", "another-player"]))
    elif kind == "draw":
        q["action"] = rng.choice(["play-drawn", "keep-drawn", "keep-drawn", "keep-drawing",
                                  "draw-instead-of-playing", "play-other-after-draw"])
        q["by_choice"] = rng.random() < 0.5
        if q["action"] == "play-drawn":
            q.update(top=a_card(rng, edition, wild=False), drawn=a_card(rng, edition))
            q["by_choice"] = False
    elif kind == "stacking":
        q.update(pending=rng.choice(["draw2", "red-draw2", "wild-draw4"]),
                 card=a_card(rng, edition))
        if rng.random() < 0.5:
            q["color"] = rng.choice(COLOURS)
        if rng.random() < 0.5:
            q["hand"] = hand()
        if rng.random() < 0.4:
            q["total"] = rng.choice([4, 6, 8])
    elif kind in ("going-out", "two-players", "first-card"):
        q["card"] = a_card(rng, edition)
    else:
        q["caught"] = rng.choice(["before-second-to-last-card", "before-next-turn",
                                  "after-next-turn"])
    return q


def judged(q):
    try:
        r = judge(q).as_json()
        return {k: (str(v) if k in ("verdict", "explanation") else
                    [str(x) for x in v] if k == "depends_on" else v) for k, v in r.items()}
    except JudgeError as err:
        return {"error": str(err)}


def a_body(rng):
    n = rng.randint(2, 5)
    players = NAMES[:n]
    edition = rng.choice(list(EDITIONS))
    return {"edition": edition, "players": players, "dealer": rng.choice(players),
            "start": rng.choice(["red-7", "blue-skip", "green-reverse", "yellow-draw2", "red-0"]),
            "house_rules": {"stacking": rng.random() < 0.4},
            "cards": {p: rng.randint(1, 8) for p in players}, "plays": []}


def an_entry(rng, body, table):
    who = table.current if table is not None and rng.random() < 0.8 else rng.choice(body["players"])
    if table is not None and table.charged and rng.random() < 0.3:
        return {"player": table.charged[0], "draw": table.charged[1]}
    roll = rng.random()
    if table is not None and roll < 0.25:  # a card identical or close to the top
        top = table.top.token
        card = top if top in COLOURED and rng.random() < 0.5 else a_card(rng, body["edition"], False)
        return {"player": who, "card": card}
    if roll < 0.6:
        card = a_card(rng, body["edition"])
        entry = {"player": who, "card": card}
        if card in ("wild", "wild-draw4"):
            entry["colour"] = rng.choice(COLOURS)
        return entry
    if roll < 0.75:
        return {"player": who, "draw": rng.choice([1, 1, 2, 3])}
    if roll < 0.88:
        return {"player": who, "draw": rng.choice([1, 2]), "card": a_card(rng, body["edition"], False)}
    return {"player": who, "challenge": True, "hand": rng.sample(COLOURED, rng.randint(0, 3))}


def refereed(body):
    try:
        r = referee(body).as_json()
        for s in r["steps"]:
            s["explanation"] = str(s["explanation"])
        return r
    except RefereeError as err:
        return {"error": str(err)}


def a_stretch(rng):
    body = a_body(rng)
    for _ in range(rng.randint(1, 30)):
        try:
            table = referee(body).table
        except RefereeError:
            table = None
        body["plays"].append(an_entry(rng, body, table))
    return body


def main():
    rng = random.Random(39)
    questions = [a_question(rng) for _ in range(600)]
    bodies = [a_stretch(rng) for _ in range(150)]
    json.dump({"judge": [[q, judged(q)] for q in questions],
               "referee": [[b, refereed(b)] for b in bodies]}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
