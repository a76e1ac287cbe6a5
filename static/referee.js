/* The referee's replay in the phone, so taps build the timeline with no network.
   The data (cards, edition, opening table, rule titles, texts) comes from the server in
   #referee-data; this file holds only the turn logic of scorekeeper/domain/referee.
   tests/e2e/test_referee_agreement.py replays many stretches through both and compares. */
(function () {
  "use strict";
  var DRAWS = {"draw2": 2, "wild-draw4": 4, "cheese-touch": 2};
  var CARD_RULES = {"draw2": "draw-two", "wild-draw4": "wild-draw-four",
    "cheese-touch": "cheese-touch", "skip": "skip", "reverse": "reverse"};
  var DRAW_CARD_RULES = {"draw2": "draw-two", "wild-draw4": "wild-draw-four"};
  var KIND_RULES = {"skip": "skip", "reverse": "reverse", "draw2": "draw-two"};
  var COLOURS = ["red", "yellow", "green", "blue"];

  function card(token) {
    var dash = token.indexOf("-"), head = token.slice(0, dash);
    if (dash > 0 && COLOURS.indexOf(head) >= 0) return {token: token, colour: head, kind: token.slice(dash + 1)};
    return {token: token, colour: null, kind: token};
  }
  function add(list, ids) { ids.forEach(function (r) { if (list.indexOf(r) < 0) list.push(r); }); return list; }
  function copy(t) {
    var c = Object.assign({}, t);
    c.counts = Object.assign({}, t.counts);
    return c;
  }
  function after(t, seat, steps) {
    var n = t.players.length;
    return (((seat + t.direction * (steps || 1)) % n) + n) % n;
  }
  function current(t) { return t.players[t.turn]; }
  function give(t, who, num, draws) {
    t.counts[who] += num;
    draws[who] = (draws[who] || 0) + num;
  }
  function refused(t, fault, rules) { return {legal: false, table: t, fault: fault, rules: rules, draws: {}}; }

  function judgeTurn(d, t, play) {
    if (t.winner) return refused(t, "going-out", ["going-out"]);
    if (play.player !== current(t)) return refused(t, "wrong-player", ["dealing"]);
    if (play.challenge) return challenge(t, play);
    if (play.draw) return draw(d, t, play);
    return playCard(d, t, play, false);
  }

  // Which rules the judge cites and whether the card may go down (judge/play*.py, stacking.py).
  function ruling(d, t, c, drew) {
    var top = card(t.top), colour = t.colour, kind = c.kind, rules = [];
    if (t.pending) return stackRuling(d, top, c, colour);
    if (top.kind === "cheese-touch" && t.cheese_fresh) {
      return {legal: c.kind !== "cheese-touch" && c.colour === "yellow", rules: ["cheese-touch"]};
    }
    if (drew) rules.push("play-drawn-card");
    if (kind === "blank" || (top.kind === "blank" && colour === null && kind !== "wild" && kind !== "wild-draw4")) {
      return {legal: true, rules: add(rules, ["blank-cards"])};
    }
    if (kind === "wild") return {legal: true, rules: add(rules, ["wild", "wild-any-time"])};
    if (kind === "wild-draw4") {
      add(rules, ["wild-draw-four", "wild-draw-four-restriction"]);
      if (colour === null) add(rules, ["blank-cards"]);
      return {legal: true, rules: rules};
    }
    if (kind === "cheese-touch") return {legal: colour === "yellow", rules: add(rules, ["cheese-touch"])};
    add(rules, ["matching"]);
    if (top.kind === "blank") add(rules, ["blank-cards"]);
    if (KIND_RULES[kind]) add(rules, [KIND_RULES[kind]]);
    if (c.colour !== colour && c.kind !== top.kind) {
      if (drew) add(rules, ["draw-when-stuck"]);
      return {legal: false, rules: rules};
    }
    if (kind === "reverse" && t.players.length === 2) add(rules, ["two-players"]);
    if (top.kind === "cheese-touch") add(rules, ["cheese-touch-after"]);
    return {legal: true, rules: rules};
  }

  function stackRuling(d, top, c, colour) {
    var rules = ["stacking", DRAW_CARD_RULES[top.kind]];
    if (d.stacking) add(rules, ["house-stacking"]);
    if (!DRAW_CARD_RULES[c.kind]) return {legal: false, rules: rules};
    if (!d.stacking) return {legal: false, rules: add(rules, ["house-stacking"])};
    if (c.kind === "wild-draw4") return {legal: true, rules: add(rules, ["wild-draw-four", "wild-draw-four-restriction"])};
    if (top.kind === "draw2" || c.colour === colour) return {legal: true, rules: rules};
    return {legal: false, rules: add(rules, ["draw-two"])};
  }

  function playCard(d, t, play, drew) {
    var c = card(play.card), judged = ruling(d, t, c, drew);
    if (!judged.legal) return refused(t, "wrong-card", judged.rules);
    var out = {legal: true, table: copy(t), fault: null, rules: judged.rules.slice(), draws: {}};
    var u = out.table, colourBefore = t.colour;
    if (drew) give(u, play.player, 1, out.draws);
    u.cheese_fresh = false;
    u.counts[play.player] -= 1;
    u.top = c.token;
    if (c.kind === "cheese-touch") u.colour = "yellow";
    else if (c.colour || play.colour) u.colour = c.colour || play.colour;
    if (u.counts[play.player] === 0) goingOut(out, play, c);
    else effect(out, play, c, colourBefore);
    return out;
  }

  function goingOut(out, play, c) {
    var u = out.table, n = DRAWS[c.kind] || 0;
    u.winner = play.player;
    add(out.rules, ["going-out"]);
    if (!n && c.kind === "blank") add(out.rules, ["blank-cards"]);
    if (n) add(out.rules, ["going-out-on-draw", CARD_RULES[c.kind]]);
    var num = u.pending + n;
    u.turn = after(u, u.players.indexOf(play.player));
    u.pending = 0;
    u.four_by = null;
    if (num) give(u, current(u), num, out.draws);
  }

  function effect(out, play, c, colourBefore) {
    var u = out.table, kind = c.kind, seat = u.players.indexOf(play.player);
    u.four_by = null;
    if (kind === "skip") u.turn = after(u, seat, 2);
    else if (kind === "reverse") {
      u.direction = -u.direction;
      u.turn = u.players.length === 2 ? seat : after(u, seat);
    } else if (DRAW_CARD_RULES[kind]) {
      u.pending += DRAWS[kind];
      u.turn = after(u, seat);
      if (kind === "wild-draw4") { u.four_by = play.player; u.colour_before = colourBefore; }
    } else if (kind === "cheese-touch") {
      u.turn = after(u, seat);
      give(u, current(u), 2, out.draws);
      u.cheese_fresh = true;
    } else u.turn = after(u, seat);
    if (u.players.length === 2 && CARD_RULES[kind]) add(out.rules, ["two-players"]);
  }

  function charge(t, draws, rules) {
    give(t, current(t), t.pending, draws);
    t.turn = after(t, t.turn);
    t.pending = 0;
    t.four_by = null;
    var rule = DRAW_CARD_RULES[card(t.top).kind];
    if (rule) add(rules, [rule]);
  }

  function draw(d, t, play) {
    var out;
    if (t.cheese_fresh) {
      if (play.draw !== 2 || play.card) return refused(t, "cheese-touch", ["cheese-touch"]);
      out = {legal: true, table: copy(t), fault: null, rules: ["cheese-touch", "cheese-touch-after"], draws: {}};
      give(out.table, play.player, 2, out.draws);
      out.table.cheese_fresh = false;
      out.table.turn = after(t, t.turn);
      return out;
    }
    if (play.draw !== 1) return refused(t, "draw-when-stuck", ["draw-when-stuck", "play-drawn-card"]);
    if (play.card) return playCard(d, t, play, true);
    out = {legal: true, table: copy(t), fault: null, rules: ["play-drawn-card", "draw-when-stuck"], draws: {}};
    if (d.edition.must_play_drawn) out.rules.push("draw-instead");
    give(out.table, play.player, 1, out.draws);
    out.table.turn = after(t, t.turn);
    return out;
  }

  function challenge(t, play) {
    if (t.four_by === null || t.pending !== 4) return refused(t, "challenge-who", ["challenge", "challenge-who"]);
    var out = {legal: true, table: copy(t), fault: null, draws: {},
      rules: ["challenge", "challenge-who", "wild-draw-four-restriction"]};
    var u = out.table, guilty = (play.hand || []).some(function (h) { return card(h).colour === t.colour_before; });
    if (guilty) {
      give(u, t.four_by, 4, out.draws);
      u.pending = 0;
      u.four_by = null;
    } else {
      u.pending = 6;
      charge(u, out.draws, out.rules);
    }
    return out;
  }

  function answers(d, t, play) {
    if (!play || play.player !== current(t) || t.winner) return false;
    if (play.challenge) return t.four_by !== null;
    return d.stacking && !!play.card && !play.draw;
  }

  function onePlay(d, t, play, following) {
    if (t.charged) {
      if (play.player === t.charged[0] && play.draw === t.charged[1] && !play.card && !play.challenge) {
        var kept = copy(t);
        kept.charged = null;
        return {legal: true, table: kept, fault: null, draws: {}, rules: [DRAW_CARD_RULES[card(t.top).kind]]};
      }
      t = copy(t);
      t.charged = null;
    }
    var draws = {}, rules = [], answering = !!t.pending && answers(d, t, play);
    if (t.pending && !answering) {
      t = copy(t);
      charge(t, draws, rules);
    }
    var out = judgeTurn(d, t, play);
    if (out.table.pending && (out.legal || answering) && !answers(d, out.table, following)) {
      out.table = copy(out.table);
      out.table.charged = [current(out.table), out.table.pending];
      charge(out.table, out.draws, out.rules);
    }
    Object.keys(out.draws).forEach(function (who) { draws[who] = (draws[who] || 0) + out.draws[who]; });
    out.draws = draws;
    out.rules = add(rules, out.rules);
    return out;
  }

  /* The plays replayed from the opening table: the steps, or {error: play number} when a
     card is played more often than the deck holds it (the server then says why). */
  function replay(d, plays) {
    var t = copy(d.opening), steps = [], pile = {};
    t.charged = null; t.four_by = null; t.winner = null; t.pending = t.pending || 0;
    pile[t.top] = 1;
    for (var i = 0; i < plays.length; i++) {
      var out = onePlay(d, t, plays[i], plays[i + 1]);
      if (out.legal && plays[i].card) {
        var c = card(plays[i].card), most = Math.floor(d.edition.deck[c.kind] / (c.colour ? 4 : 1));
        pile[c.token] = (pile[c.token] || 0) + 1;
        if (pile[c.token] > most) return {error: i + 1};
      }
      t = out.table;
      steps.push({player: plays[i].player, legal: out.legal, fault: out.fault, next: current(t),
        direction: t.direction === 1 ? "left" : "right", colour: t.colour, pending_draw: t.pending,
        draws: out.draws, cards: Object.assign({}, t.counts), rules: add([], out.rules)});
    }
    var first = steps.findIndex(function (s) { return !s.legal; });
    return {steps: steps, next: current(t), cards: Object.assign({}, t.counts),
      first_illegal: first < 0 ? null : first, winner: t.winner || null, table: t};
  }

  window.refereeReplay = replay;
})();
