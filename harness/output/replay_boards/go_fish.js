// Go Fish: every seat's hand as cards, its books, the stock and the step's
// ask and answer, drawn as SVG (arena replay --html). An omniscient view, as
// the text board: the players see only their own hands.
//
// State (harness/adapters/go_fish.cpp, docs/results.md "Replay"), start_state
// and every step's state alike:
//   {"ranks": 13, "suits": 4,            the deck (a card is its rank: no suits are kept)
//    "hands": [[rank, ...] per seat],    sorted, a rank repeated per card
//    "books": [[rank, ...] per seat],    the books the seat laid
//    "stock": n,                         cards left to draw
//    "to_move": seat or null (over),
//    "events": [...]}                    what the step did, in order:
//      {"kind": "ask", "seat", "target", "rank", "given"}  (given 0: go fish)
//      {"kind": "draw", "seat", "card", "why": "fish" | "empty" | "nobody",
//       "shown" (a lucky draw shown to the table), "asked" (a go-fish draw:
//       the rank asked for)}
//      {"kind": "book", "seat", "rank"}, {"kind": "skip", "seat"}
//   An illegal ask's state has "illegal" (the message) and no events.
// Ranks are numbered from 0 ("A" with 13 ranks, else "1"); seats from 0, named
// by the replay's `seats`. Drawn pieces carry data-seat with data-card (one per
// card), data-book or data-hand (the count); the stock data-stock.
// Explanations (engines/go_fish/strategies: memory, belief, counting):
//   {"text", "measure": "known" | "expected" | "probability",
//    "knows": [per seat null (the explainer) or [per rank: memory 1 holds, 0
//    lacks, null unknown; belief the expected cards; counting P(holds one)]],
//    "asks": [{"target", "rank", "score", belief "expected" | counting "hit",
//    "book", "sure"}] (the chosen ask, then the best others)}
// drawn as marks under each hand and as a table in the side panel; they are
// what the strategy knew before its ask.
ARENA_BOARDS["go-fish"] = (function () {
  const W = 900;
  const TOP = 64;       // the stock and the legend
  const ROW = 96;       // one seat
  const NAME_X = 60;    // the seat's name box (left of it the ask's arrow)
  const HAND_X = 250;   // the hand
  const HAND_W = 340;
  const BOOK_X = 606;   // the books
  const CARD_W = 34;
  const CARD_H = 50;
  const LETTERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const WORDS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "jack", "queen", "king"];
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"})[c]);
  const letter = (state, r) => state.ranks === 13 ? LETTERS[r] : String(r + 1);
  const word = (state, r) => state.ranks === 13 ? WORDS[r] : String(r + 1);
  const plural = (state, r) => word(state, r) === "six" ? "sixes" : word(state, r) + "s";
  const aCard = (state, r) => {
    const w = word(state, r);
    return (/^(a|e|8|11$)/.test(w) ? "an " : "a ") + w;
  };
  const cards = (state, n, r) => n === 1 ? aCard(state, r) : n + " " + plural(state, r);
  const seatName = (ctx, seat) => (ctx.game.seats || [])[seat] || "seat " + seat;
  const rowY = (seat) => TOP + seat * ROW;

  function card(x, y, label, attrs, fill, stroke, title) {
    return "<g " + attrs + "><title>" + esc(title) + "</title>" +
      "<rect x=\"" + x + "\" y=\"" + y + "\" width=\"" + CARD_W + "\" height=\"" + CARD_H +
      "\" rx=\"4\" fill=\"" + fill + "\" stroke=\"" + stroke + "\" stroke-width=\"" +
      (stroke === "#98a1b3" ? 1 : 2.5) + "\"/>" +
      "<text x=\"" + (x + 4) + "\" y=\"" + (y + 13) + "\" font-size=\"11\" fill=\"#1d2330\">" +
      esc(label) + "</text>" +
      "<text x=\"" + (x + CARD_W / 2) + "\" y=\"" + (y + 36) + "\" font-size=\"16\" " +
      "font-weight=\"600\" text-anchor=\"middle\" fill=\"#1d2330\">" + esc(label) + "</text></g>";
  }

  // The stock: a pile of card backs with its count.
  function stock(state) {
    let out = "<g data-stock=\"" + state.stock + "\"><title>" + state.stock +
      " cards in the stock</title>";
    const layers = Math.min(3, state.stock);
    for (let i = 0; i < layers; ++i)
      out += "<rect x=\"" + (14 + 3 * i) + "\" y=\"" + (8 + 3 * (layers - 1 - i)) + "\" width=\"" +
        CARD_W + "\" height=\"" + CARD_H + "\" rx=\"4\" fill=\"#4a6fa5\" stroke=\"#fff\"/>";
    if (!layers)
      out += "<rect x=\"14\" y=\"8\" width=\"" + CARD_W + "\" height=\"" + CARD_H +
        "\" rx=\"4\" fill=\"none\" stroke=\"#98a1b3\" stroke-dasharray=\"4 3\"/>";
    return out + "<text x=\"58\" y=\"30\" font-size=\"14\" font-weight=\"600\">stock " +
      state.stock + "</text></g>";
  }

  function legend(explain) {
    let text = "gold: cards just passed \u00b7 blue: the card just drawn";
    if (explain && explain.knows) {
      const marks = {known: "\u2713 known to hold, \u2717 known to lack",
                     expected: "expected cards", probability: "P(holds one)"};
      text += " \u00b7 under the hands: " + (marks[explain.measure] || "") + " (before the ask)";
    }
    return "<text x=\"" + (W - 10) + "\" y=\"24\" font-size=\"13\" text-anchor=\"end\" " +
      "fill=\"#5a6273\">" + esc(text) + "</text>";
  }

  // What the step did to each seat: the ask, its answer, draws and books.
  function happenings(state) {
    const per = state.hands.map(() => ({lines: [], passed: {}, drawn: {}, booked: {} }));
    for (const e of state.events || []) {
      const s = per[e.seat];
      if (e.kind === "ask") {
        s.lines.push(["any " + plural(state, e.rank) + "?", "#1d2330"]);
        per[e.target].lines.push(e.given ? ["gives " + cards(state, e.given, e.rank), "#2a7a3b"]
                                        : ["go fish", "#b23b3b"]);
        if (e.given) s.passed[e.rank] = (s.passed[e.rank] || 0) + e.given;
      } else if (e.kind === "draw") {
        const asked = e.asked !== undefined && e.card === e.asked;
        const why = e.why === "empty" ? "no cards: " : e.why === "nobody" ? "nobody to ask: " : "";
        s.lines.push([why + "draws " + (e.card >= 0 ? aCard(state, e.card) : "a card") +
                      (asked ? ", as asked" : ""), asked ? "#2a7a3b" : "#2b5797"]);
        if (e.card >= 0) s.drawn[e.card] = (s.drawn[e.card] || 0) + 1;
      } else if (e.kind === "book") {
        s.lines.push(["lays the book of " + plural(state, e.rank), "#8a6d00"]);
        s.booked[e.rank] = true;
      } else if (e.kind === "skip") {
        s.lines.push(["skips", "#5a6273"]);
      }
    }
    return per;
  }

  // The ask as an arrow in the left margin, from the asker's row to the target's.
  function arrow(state) {
    const ask = (state.events || []).find((e) => e.kind === "ask");
    if (!ask) return "";
    const y1 = rowY(ask.seat) + 30;
    const y2 = rowY(ask.target) + 30;
    const bend = 18 + Math.min(60, Math.abs(ask.target - ask.seat) * 14);
    const colour = ask.given ? "#2a7a3b" : "#b23b3b";
    return "<g data-ask=\"" + ask.seat + "-" + ask.target + "-" + ask.rank + "\"><title>" +
      esc("any " + plural(state, ask.rank) + "? " +
          (ask.given ? "gives " + cards(state, ask.given, ask.rank) : "go fish")) + "</title>" +
      "<path d=\"M " + (NAME_X - 4) + " " + y1 + " C " + (NAME_X - 4 - bend) + " " + y1 + ", " +
      (NAME_X - 4 - bend) + " " + y2 + ", " + (NAME_X - 10) + " " + y2 + "\" fill=\"none\" " +
      "stroke=\"" + colour + "\" stroke-width=\"2.5\"" + (ask.given ? "" : " stroke-dasharray=\"6 4\"") +
      " marker-end=\"url(#gf-" + (ask.given ? "hit" : "miss") + ")\"/></g>";
  }

  // One seat: its name and what happened to it, its hand, its books, the marks.
  function seat(state, ctx, s, what, marks) {
    const y = rowY(s);
    const moving = state.to_move === s;
    let out = "<g data-seat-row=\"" + s + "\"" + (moving ? " data-to-move=\"true\"" : "") + ">";
    out += "<rect x=\"" + NAME_X + "\" y=\"" + (y + 4) + "\" width=\"" + (W - NAME_X - 6) +
      "\" height=\"" + (ROW - 8) + "\" rx=\"6\" fill=\"" + (moving ? "#fff7d6" : "#f5f6f9") +
      "\" stroke=\"" + (moving ? "#d9a400" : "#d9dde6") + "\"/>";
    out += "<text x=\"" + (NAME_X + 8) + "\" y=\"" + (y + 22) + "\" font-size=\"16\" " +
      "font-weight=\"600\">" + esc(seatName(ctx, s)) + (moving ? " \u25b8 to move" : "") + "</text>";
    what.lines.slice(0, 3).forEach((line, i) => {
      out += "<text x=\"" + (NAME_X + 8) + "\" y=\"" + (y + 41 + 16 * i) + "\" font-size=\"13\" " +
        "fill=\"" + line[1] + "\">" + esc(line[0]) + "</text>";
    });
    out += hand(state, ctx, s, what, y);
    out += books(state, ctx, s, what, y);
    out += marks;
    return out + "</g>";
  }

  function hand(state, ctx, s, what, y) {
    const h = state.hands[s];
    const step = h.length > 1 ? Math.min(CARD_W + 3, (HAND_W - CARD_W) / (h.length - 1)) : 0;
    const passed = Object.assign({}, what.passed);
    const drawn = Object.assign({}, what.drawn);
    let out = "<g data-seat=\"" + s + "\" data-hand=\"" + h.length + "\"><title>" +
      esc(seatName(ctx, s) + " holds " + h.length + " card" + (h.length === 1 ? "" : "s")) +
      "</title></g>";
    if (!h.length)
      out += "<text x=\"" + HAND_X + "\" y=\"" + (y + 36) + "\" font-size=\"13\" fill=\"#98a1b3\">" +
        "no cards</text>";
    // The last cards of a rank are the ones that just arrived.
    const lastOf = {};
    h.forEach((r, i) => { lastOf[r] = i; });
    h.forEach((r, i) => {
      const fromEnd = lastOf[r] - i;
      let stroke = "#98a1b3";
      let fill = "#fff";
      if (fromEnd < (passed[r] || 0)) { stroke = "#d9a400"; fill = "#fff4cc"; }
      else if (fromEnd < (passed[r] || 0) + (drawn[r] || 0)) { stroke = "#2b5797"; fill = "#e3ecfa"; }
      out += card(HAND_X + Math.round(i * step), y + 10, letter(state, r),
                  "data-seat=\"" + s + "\" data-card=\"" + r + "\"", fill, stroke,
                  aCard(state, r) + " in " + seatName(ctx, s) + "'s hand");
    });
    return out;
  }

  // Each book as a small stack of cards with its rank.
  function books(state, ctx, s, what, y) {
    const b = state.books[s];
    let out = "<text x=\"" + BOOK_X + "\" y=\"" + (y + 20) + "\" font-size=\"12\" fill=\"#5a6273\">" +
      b.length + " book" + (b.length === 1 ? "" : "s") + "</text>";
    const step = Math.min(25, (W - 20 - BOOK_X - 22) / Math.max(1, b.length - 1));
    b.forEach((r, i) => {
      const x = BOOK_X + Math.round(i * step);
      const fresh = what.booked[r];
      out += "<g data-seat=\"" + s + "\" data-book=\"" + r + "\"><title>" +
        esc("the book of " + plural(state, r) + ", laid by " + seatName(ctx, s)) + "</title>";
      for (let k = 2; k >= 0; --k)
        out += "<rect x=\"" + (x + 2 * k) + "\" y=\"" + (y + 28 - 2 * k) + "\" width=\"22\" " +
          "height=\"32\" rx=\"3\" fill=\"" + (fresh ? "#fff4cc" : "#fff") + "\" stroke=\"" +
          (fresh ? "#d9a400" : "#98a1b3") + "\"/>";
      out += "<text x=\"" + (x + 11) + "\" y=\"" + (y + 49) + "\" font-size=\"12\" " +
        "font-weight=\"600\" text-anchor=\"middle\">" + esc(letter(state, r)) + "</text></g>";
    });
    return out;
  }

  // What the explaining strategy knew of seat s's hand: one chip per rank.
  function marks(state, explain, s) {
    const row = explain && explain.knows ? explain.knows[s] : null;
    if (!row) return "";
    const chips = [];
    row.forEach((v, r) => {
      if (v === null || (explain.measure !== "known" && v < 0.005)) return;
      let label = letter(state, r);
      let fill = "#e8f3ea";
      let title;
      if (explain.measure === "known") {
        label += v ? " \u2713" : " \u2717";
        fill = v ? "#cfe8d4" : "#eceef2";
        title = (v ? "known to hold " : "known to lack ") + plural(state, r);
      } else if (explain.measure === "expected") {
        label += " " + v.toFixed(1);
        fill = "rgba(42,122,59," + (0.1 + 0.5 * Math.min(1, v / 2)).toFixed(2) + ")";
        title = "expects " + v.toFixed(2) + " " + plural(state, r);
      } else {
        label += " " + Math.round(100 * v) + "%";
        fill = "rgba(42,122,59," + (0.1 + 0.5 * v).toFixed(2) + ")";
        title = "P(holds " + aCard(state, r) + ") = " + v.toFixed(2);
      }
      chips.push({r: r, label: label, fill: fill, title: title});
    });
    // One line below the hand and the books: the font shrinks to fit every rank.
    const chars = chips.reduce((n, c) => n + c.label.length, 0);
    const font = Math.min(12.5, (W - 8 - HAND_X - 14 * chips.length) / (0.58 * Math.max(1, chars)));
    const y = rowY(s) + 67;
    let out = "";
    let x = HAND_X;
    for (const c of chips) {
      const w = Math.round(10 + 0.58 * font * c.label.length);
      out += "<g data-seat=\"" + s + "\" data-knows=\"" + c.r + "\"><title>" + esc(c.title) +
        "</title><rect x=\"" + x + "\" y=\"" + y + "\" width=\"" + w + "\" height=\"20\" rx=\"10\" " +
        "fill=\"" + c.fill + "\"/><text x=\"" + (x + w / 2) + "\" y=\"" + (y + 14) + "\" " +
        "font-size=\"" + font.toFixed(1) + "\" text-anchor=\"middle\">" + esc(c.label) + "</text></g>";
      x += w + 4;
    }
    return out;
  }

  function head(id, colour) {
    return "<marker id=\"gf-" + id + "\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" " +
      "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">" +
      "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"" + colour + "\"/></marker>";
  }

  function draw(state, ctx) {
    const n = state.hands.length;
    const height = TOP + n * ROW + 8;
    const what = happenings(state);
    // No xmlns: the HTML parser needs none, and the page names no address.
    let out = "<svg viewBox=\"0 0 " + W + " " + height +
      "\" role=\"img\" aria-label=\"Go Fish table\"><defs>" + head("hit", "#2a7a3b") +
      head("miss", "#b23b3b") + "</defs>";
    out += stock(state) + legend(ctx.explain);
    if (state.to_move === null)
      out += "<text x=\"150\" y=\"30\" font-size=\"14\" font-weight=\"600\" fill=\"#5a6273\">" +
        "game over</text>";
    if (state.illegal)
      out += "<text x=\"" + (W - 10) + "\" y=\"46\" font-size=\"12\" text-anchor=\"end\" " +
        "fill=\"#b23b3b\">" + esc(state.illegal) + "</text>";
    for (let s = 0; s < n; ++s)
      out += seat(state, ctx, s, what[s], marks(state, ctx.explain, s));
    return out + arrow(state) + "</svg>";
  }

  // The side panel: what the strategy knew per seat and rank, and its best asks.
  function explain(why, ctx) {
    const state = (ctx.step && ctx.step.state) || ctx.game.start_state;
    if (!state || !why.knows) return "";
    const fmt = (v) => v === null ? "" : why.measure === "known" ? (v ? "\u2713" : "\u2717")
      : why.measure === "expected" ? v.toFixed(1) : Math.round(100 * v) + "%";
    const shade = (v) => v === null ? "" : " style=\"background:rgba(42,122,59," +
      (why.measure === "known" ? (v ? 0.35 : 0) : 0.6 * Math.min(1, why.measure === "expected" ? v / 2 : v))
        .toFixed(2) + ")\"";
    const heads = {known: "what it knows each seat holds",
                   expected: "cards it expects each seat to hold",
                   probability: "the chance each seat holds one"};
    // A row per rank, a column per other seat: narrow enough for the side panel.
    const others = [];
    why.knows.forEach((row, s) => { if (row) others.push(s); });
    let html = "<p>" + esc(heads[why.measure] || "") + ":</p><table class=\"gf-knows\"><tr><th></th>";
    for (const s of others) html += "<th>" + esc(seatName(ctx, s)) + "</th>";
    html += "</tr>";
    for (let r = 0; r < state.ranks; ++r) {
      html += "<tr><th>" + esc(letter(state, r)) + "</th>";
      for (const s of others) {
        const v = why.knows[s][r];
        html += "<td" + shade(v) + ">" + fmt(v) + "</td>";
      }
      html += "</tr>";
    }
    html += "</table>";
    if (why.asks && why.asks.length) {
      const counted = why.measure === "probability";
      html += "<p>its ask (first) and the best others:</p><table><tr><th>ask</th><th>" +
        (counted ? "P(hit)</th><th>P(book)" : "expected") + "</th><th>score</th></tr>";
      for (const a of why.asks) {
        html += "<tr" + (a === why.asks[0] ? " style=\"font-weight:600\"" : "") + "><td>" + esc(seatName(ctx, a.target) + ": any " + plural(state, a.rank) + "?") +
          "</td><td>" + (counted ? a.hit.toFixed(2) + "</td><td>" + a.book.toFixed(2)
                                 : a.expected.toFixed(2)) +
          "</td><td>" + (a.sure ? "sure hit + " : "") + a.score.toFixed(2) + "</td></tr>";
      }
      html += "</table>";
    }
    return html;
  }

  return {draw: draw, explain: explain};
})();
