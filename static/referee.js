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

  // The page: a tap adds a play and the timeline is drawn here, with no request.
  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function fill(text, values) { return text.replace(/%\((\w+)\)[sd]/g, function (m, k) { return values[k]; }); }
  function checked(form, name) { var input = form.querySelector("#tap input[name=" + name + "]:checked"); return input ? input.value : ""; }
  function listing(counts) { return Object.keys(counts).map(function (who) { return who + " " + counts[who]; }).join(" · "); }

  function tapped(d, form, action, plays) {
    if (action === "undo") { plays.pop(); return ""; }
    var who = checked(form, "who"), kind = checked(form, "kind"), colour = checked(form, "colour");
    if (d.opening.players.indexOf(who) < 0) return d.texts.pick;
    var play = {player: who};
    if (action === "play" || action === "drawplay") {
      var coloured = d.coloured.indexOf(kind) >= 0, wild = kind === "wild" || kind === "wild-draw4";
      if (!d.chips[kind] || ((coloured || wild) && !colour)) return d.texts.pick_card;
      play.card = coloured ? colour + "-" + kind : kind;
      if (wild) play.colour = colour;
    }
    if (action === "draw" || action === "drawplay") play.draw = 1;
    plays.push(play);
    return "";
  }

  function lineOf(d, play) {
    if (play.challenge) return [play.player, d.words[1]].concat(play.hand || []).join(" ");
    var parts = [play.player];
    if (play.draw) parts = parts.concat([d.words[0]], play.draw !== 1 ? [String(play.draw)] : []);
    if (play.card) parts.push(play.card);
    if (play.colour) parts.push(play.colour);
    return parts.join(" ");
  }

  function chip(d, token, called) {
    var c = card(token), span = make("span", ["card", "c-" + (c.colour || c.kind)].join(" "), d.chips[c.kind] || c.kind);
    if (!called) return [span];
    return [span, make("small", "", "→ " + d.colours[called])];
  }

  function row(d, play, step, num, first) {
    var li = make("li", (step.legal ? "ok" : "bad") + (first ? " first" : "")), head = make("div", "head");
    li.id = "p" + num;
    head.appendChild(make("span", "", num + ". " + play.player + (play.challenge ? " " + d.texts.challenges : "") +
      (play.draw ? " +" + play.draw : "")));
    if (play.card) chip(d, play.card, play.colour).forEach(function (n) { head.appendChild(n); });
    head.appendChild(make("span", "mark", (step.legal ? "✓ " + d.texts.legal : "✗ " + d.faults[step.fault]) + " → " + step.next));
    li.appendChild(head);
    if (first) li.appendChild(make("p", "", "")).appendChild(make("strong", "", d.texts.first));
    var drew = Object.keys(step.draws).map(function (who) { return who + " +" + step.draws[who]; });
    if (drew.length) li.appendChild(make("p", "", fill(d.texts.draws, {list: drew.join(", ")})));
    if (step.pending_draw) li.appendChild(make("p", "meta", fill(d.texts.pending, {num: step.pending_draw})));
    if (!step.legal || drew.length || step.rules.join() !== "matching") {
      var cited = li.appendChild(make("p", "cited"));
      step.rules.forEach(function (id) {
        var link = cited.appendChild(make("a", "", d.titles[id] || id));
        link.href = d.rules_url + "#" + id;
      });
    }
    return li;
  }

  function timeline(d, picker) {
    var list = document.querySelector("ol.tl");
    if (list) return list;
    list = make("ol", "tl");
    picker.after(make("h2", "", d.texts.timeline), list);
    return list;
  }

  function nowBox(d, r, form) {
    var box = document.getElementById("result");
    if (!box) { box = make("p"); form.before(box); }
    box.className = "now"; box.id = "result"; box.setAttribute("aria-live", "polite"); box.removeAttribute("role");
    var t = r.table, line = t.winner ? fill(d.texts.over, {who: t.winner}) : fill(d.texts.now, {who: r.next}) +
      (t.pending ? " " + fill(d.texts.pending, {num: t.pending}) : "");
    box.textContent = line;
    box.appendChild(make("br"));
    var small = box.appendChild(make("small", "", fill(d.texts.colour, {colour: t.colour ? d.colours[t.colour] : "—"}) +
      " · " + (t.direction === 1 ? d.texts.left : d.texts.right) + " · " + fill(d.texts.cards, {list: listing(r.cards)})));
    if (r.first_illegal !== null) {
      small.appendChild(document.createTextNode(" · "));
      small.appendChild(make("a", "", fill(d.texts.first_at, {num: r.first_illegal + 1}))).href = "#p" + (r.first_illegal + 1);
    }
  }

  function draw_(d, form, plays) {
    var r = replay(d, plays);
    if (r.error) return false;
    var list = timeline(d, form.querySelector("#tap")), opening = list.querySelector("li:not([id])");
    list.textContent = "";
    if (opening) list.appendChild(opening);
    r.steps.forEach(function (step, i) { list.appendChild(row(d, plays[i], step, i + 1, i === r.first_illegal)); });
    nowBox(d, r, form);
    form.querySelectorAll("#tap input[name=who]").forEach(function (input) {
      input.checked = input.value === r.next;
      var count = input.parentNode.querySelector("small");
      if (count) count.textContent = "(" + r.cards[input.value] + ")";
    });
    form.querySelectorAll("#tap input[name=colour], #tap input[name=kind]").forEach(function (input) { input.checked = false; });
    form.querySelector("textarea[name=plays]").value = plays.map(function (p) { return lineOf(d, p); }).join("\n");
    return true;
  }

  // Online, the address follows the plays, so the timeline can be shared as a link.
  function keepAddress(form) {
    if (!navigator.onLine) return;
    var params = new URLSearchParams(new FormData(form));
    ["add", "who", "colour", "kind", "edit"].forEach(function (key) { params.delete(key); });
    var address = location.pathname + "?" + params;
    history.replaceState(null, "", address + "#result");
    // The service worker keeps pages it fetches: one quiet fetch after the taps settle, so
    // this address also opens (and reloads) with no network later.
    clearTimeout(keepAddress.timer);
    keepAddress.timer = setTimeout(function () { fetch(address).catch(function () {}); }, 800);
  }

  function setup() {
    var source = document.getElementById("referee-data"), form = document.querySelector("form.ref");
    if (!source || !form || !form.querySelector("#tap")) return;
    var d = JSON.parse(source.textContent), plays = d.plays.slice();
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || button.name !== "add") return;
      var before = plays.slice(), message = tapped(d, form, button.value, plays);
      if (!message && !draw_(d, form, plays)) { plays = before; return; }  // the server says why
      event.preventDefault();
      var alert = document.querySelector("p.error[role=alert]");
      if (alert) alert.remove();
      if (message) { nowBoxMessage(form, message); return; }
      keepAddress(form);
    });
  }

  function nowBoxMessage(form, message) {
    var box = make("p", "error", message);
    box.setAttribute("role", "alert");
    form.before(box);
  }

  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(function () {});
  document.addEventListener("DOMContentLoaded", setup);
})();
