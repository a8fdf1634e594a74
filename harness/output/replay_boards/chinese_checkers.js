// Chinese Checkers: the 121-hole star drawn as SVG (arena replay --html).
//
// State (harness/adapters/chinese_checkers.cpp, docs/results.md "Replay"):
//   start_state: {"pieces": [[hole, ...] per seat], "ply": 0,
//                 "holes": [[x, y, z] per hole 0-120] (cube coordinates, as
//                 the protocol's handshake), "triangle": [0-5 or -1 per hole],
//                 "homes": [triangle per seat], "goals": [triangle per seat]}
//   a step's state: {"pieces", "ply", "move": {"seat", "from", "to", "path"
//                 (the holes from start to landing)} or {"seat", "pass": true} }
// The geometry is read from start_state (ctx.game.start_state). Seats are
// numbered from 0 in the data and from 1 on the page, as in the text board.
// Drawn pieces carry data-hole and data-seat; the move's path data-path.
// No xmlns on the <svg>: the HTML parser needs none, and the page must not
// name any address (tests/test_replay.cpp: nothing fetched).
// Explanations (engines/chinese_checkers/explain_scores.hpp): "scores"
// (alphabeta, minimax) or "visits" (mcts), the chosen move first; the others
// are drawn as numbered landing holes with thin arrows.
ARENA_BOARDS["chinese-checkers"] = (function () {
  const COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"];
  const UNIT = 20;  // distance between neighbouring holes
  const ROW = UNIT * Math.sqrt(3) / 2;
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"})[c]);
  const fix = (v) => (Math.round(v * 10) / 10).toString();
  const where = (geometry, hole) => {
    const c = geometry.holes[hole];
    return [(c[0] - c[1]) * UNIT / 2, c[2] * ROW];
  };
  const seatName = (ctx, seat) => {
    const names = ctx.game.seats || [];
    return "seat " + (seat + 1) + (names[seat] ? " (" + names[seat] + ")" : "");
  };

  // The triangle's outline: its three corner holes (farthest from its
  // centroid), pushed outwards so the outline surrounds the holes.
  function triangleOutline(geometry, t) {
    const points = [];
    geometry.triangle.forEach((tri, hole) => { if (tri === t) points.push(where(geometry, hole)); });
    const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
    const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
    const far = points.map((p) => [Math.hypot(p[0] - cx, p[1] - cy), p])
        .sort((a, b) => b[0] - a[0]).slice(0, 3).map((d) => d[1]);
    return far.map((p) => {
      const dx = p[0] - cx;
      const dy = p[1] - cy;
      const k = 1 + 15 / Math.hypot(dx, dy);
      return fix(cx + dx * k) + "," + fix(cy + dy * k);
    }).join(" ");
  }

  // Each seat's home triangle filled in its colour, its goal outlined dashed.
  function triangles(geometry, ctx) {
    let out = "";
    for (let t = 0; t < 6; ++t) {
      const home = geometry.homes.indexOf(t);
      const goal = geometry.goals.indexOf(t);
      if (home < 0 && goal < 0) continue;
      const says = [];
      if (home >= 0) says.push(seatName(ctx, home) + "'s home");
      if (goal >= 0) says.push(seatName(ctx, goal) + "'s goal");
      const outline = triangleOutline(geometry, t);
      if (home >= 0)
        out += "<polygon points=\"" + outline + "\" fill=\"" + COLOURS[home] +
               "\" fill-opacity=\"0.13\" stroke=\"none\"><title>" + esc(says.join(", ")) + "</title></polygon>";
      if (goal >= 0)
        out += "<polygon points=\"" + outline + "\" fill=\"none\" stroke=\"" + COLOURS[goal] +
               "\" stroke-width=\"2\" stroke-dasharray=\"5 4\" stroke-linejoin=\"round\"><title>" +
               esc(says.join(", ")) + "</title></polygon>";
    }
    return out;
  }

  function holeTitle(geometry, hole, owner, ctx) {
    const c = geometry.holes[hole];
    return "hole " + hole + " (" + c.join(", ") + ")" + (owner >= 0 ? ": " + seatName(ctx, owner) : "");
  }

  // An explanation's listed moves, the chosen first; entries that name no
  // two holes (an external program's explain may carry anything) are left out.
  function listed(explain) {
    if (!explain) return [];
    const list = explain.scores || explain.visits;
    if (!Array.isArray(list)) return [];
    const hole = (h) => Number.isInteger(h) && h >= 0 && h < 121;
    return list.filter((e) => e && Array.isArray(e.move) && hole(e.move[0]) && hole(e.move[1]));
  }

  // The alternatives of an explanation: every listed move but the chosen one.
  function alternatives(explain) {
    return listed(explain).slice(1).map((e, i) => ({rank: i + 2, from: e.move[0], to: e.move[1]}));
  }

  function arrow(geometry, from, to, colour, width, marker) {
    const a = where(geometry, from);
    const b = where(geometry, to);
    return "<line x1=\"" + fix(a[0]) + "\" y1=\"" + fix(a[1]) + "\" x2=\"" + fix(b[0]) + "\" y2=\"" +
           fix(b[1]) + "\" stroke=\"" + colour + "\" stroke-width=\"" + width + "\"" +
           (marker ? " marker-end=\"url(#" + marker + ")\"" : "") + "/>";
  }

  function drawMove(geometry, move) {
    if (!move || move.pass || !move.path) return "";
    const colour = COLOURS[move.seat];
    // The line stops at the landed piece's rim, where its arrowhead shows.
    const spots = move.path.map((h) => where(geometry, h));
    const [a, b] = spots.slice(-2);
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    spots[spots.length - 1] = [b[0] - (b[0] - a[0]) * 8 / length, b[1] - (b[1] - a[1]) * 8 / length];
    const points = spots.map((p) => p.map(fix).join(",")).join(" ");
    let out = "<polyline class=\"move-path\" data-path=\"" + move.path.join(" ") + "\" points=\"" +
              points + "\" fill=\"none\" stroke=\"#1d2330\" stroke-width=\"2.5\" stroke-linejoin=\"round\"" +
              " marker-end=\"url(#cc-head)\"/>";
    const start = where(geometry, move.from);
    out += "<circle class=\"move-start\" data-hole=\"" + move.from + "\" cx=\"" + fix(start[0]) + "\" cy=\"" +
           fix(start[1]) + "\" r=\"7.5\" fill=\"none\" stroke=\"" + colour +
           "\" stroke-width=\"2\" stroke-dasharray=\"3 2\"><title>hole " + move.from + ": where it started</title></circle>";
    for (const hole of move.path.slice(1, -1)) {
      const p = where(geometry, hole);
      out += "<circle class=\"move-hop\" data-hole=\"" + hole + "\" cx=\"" + fix(p[0]) + "\" cy=\"" + fix(p[1]) +
             "\" r=\"3.5\" fill=\"#1d2330\"><title>hole " + hole + ": hopped through</title></circle>";
    }
    return out;
  }

  // The seats' colours, two columns from four seats on, and what the tints mean.
  function legend(ctx, geometry, top) {
    const seats = geometry.homes.length;
    const columns = seats > 3 ? 2 : 1;
    const rows = Math.ceil(seats / columns);
    let out = "";
    for (let s = 0; s < seats; ++s) {
      const x = -170 + (s % columns) * 180;
      const y = top + 12 + Math.floor(s / columns) * 12;
      out += "<circle cx=\"" + x + "\" cy=\"" + (y - 3.5) + "\" r=\"4.5\" fill=\"" + COLOURS[s] +
             "\" stroke=\"#1d2330\" stroke-width=\"0.8\"/><text x=\"" + (x + 9) + "\" y=\"" + y +
             "\" font-size=\"9\" fill=\"#1d2330\">" + esc(seatName(ctx, s)) + "</text>";
    }
    const y = top + 10 + rows * 12;
    out += "<text x=\"-175\" y=\"" + y + "\" font-size=\"7.5\" fill=\"#5a6273\">tinted: a seat's home" +
           " \u00b7 dashed: its goal \u00b7 dashed ring: where the move started</text>" +
           "<text x=\"-175\" y=\"" + (y + 10) + "\" font-size=\"7.5\" fill=\"#5a6273\">numbered: other moves considered, listed beside" +
           " the board \u00b7 hover a hole for its number</text>";
    return {markup: out, height: rows * 12 + 26};
  }

  function draw(state, ctx) {
    const geometry = ctx.game.start_state;
    const owner = new Array(geometry.holes.length).fill(-1);
    state.pieces.forEach((holes, seat) => { for (const h of holes) owner[h] = seat; });
    const move = state.move || null;
    const others = alternatives(ctx.explain);
    const top = 8 * ROW + 10;
    const key = legend(ctx, geometry, top);
    const height = top + key.height + 160;
    let svg = "<svg viewBox=\"-180 -160 360 " + fix(height) +
              "\" role=\"img\" aria-label=\"the star after ply " + state.ply + "\">" +
              "<defs><marker id=\"cc-head\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"5\"" +
              " markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1d2330\"/></marker>" +
              "<marker id=\"cc-alt\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"5\"" +
              " markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#7a8194\"/></marker></defs>";
    svg += triangles(geometry, ctx);
    for (let hole = 0; hole < geometry.holes.length; ++hole) {
      const p = where(geometry, hole);
      svg += "<circle class=\"hole\" cx=\"" + fix(p[0]) + "\" cy=\"" + fix(p[1]) +
             "\" r=\"3\" fill=\"#b7bdc9\"><title>" + esc(holeTitle(geometry, hole, owner[hole], ctx)) + "</title></circle>";
    }
    for (const alt of others) svg += arrow(geometry, alt.from, alt.to, "#7a8194", 1.2, "cc-alt");
    svg += drawMove(geometry, move);
    for (let hole = 0; hole < owner.length; ++hole) {
      if (owner[hole] < 0) continue;
      const p = where(geometry, hole);
      const landed = move && !move.pass && move.to === hole;
      svg += "<circle class=\"piece\" data-hole=\"" + hole + "\" data-seat=\"" + owner[hole] + "\" cx=\"" +
             fix(p[0]) + "\" cy=\"" + fix(p[1]) + "\" r=\"7.5\" fill=\"" + COLOURS[owner[hole]] +
             "\" stroke=\"#1d2330\" stroke-width=\"" + (landed ? 3 : 0.8) + "\"><title>" +
             esc(holeTitle(geometry, hole, owner[hole], ctx) + (landed ? ", just moved here" : "")) +
             "</title></circle>";
    }
    for (const alt of others) {
      const p = where(geometry, alt.to);
      svg += "<g class=\"alternative\" data-from=\"" + alt.from + "\" data-to=\"" + alt.to + "\">" +
             "<circle cx=\"" + fix(p[0]) + "\" cy=\"" + fix(p[1]) + "\" r=\"6\" fill=\"#fff\" stroke=\"#7a8194\"" +
             " stroke-width=\"1.2\"/><text x=\"" + fix(p[0]) + "\" y=\"" + fix(p[1] + 3.5) +
             "\" font-size=\"9\" text-anchor=\"middle\" fill=\"#1d2330\">" + alt.rank + "</text><title>alternative " +
             alt.rank + ": hole " + alt.from + " to hole " + alt.to + "</title></g>";
    }
    svg += key.markup + "</svg>";
    return svg;
  }

  // Beyond ±990000 a score is the game's end that many plies away
  // (search_common.hpp): the mover finished, or it ends without it.
  function scoreText(s) {
    const plies = (n) => n + (n === 1 ? " ply" : " plies");
    if (s > 990000) return "finishes in " + plies(Math.round(1000000 - s));
    if (s < -990000) return "ends unfinished in " + plies(Math.round(1000000 + s));
    return (s >= 0 ? "+" : "") + s.toFixed(2);
  }

  // The side panel: the listed moves, numbered as on the board (1: chosen).
  function explain(why) {
    const rows = [];
    const list = listed(why);
    const number = (v, digits) => typeof v === "number" ? v.toFixed(digits) : esc(String(v));
    const move = (e, i) => "<td>" + (i + 1) + "</td><td style=\"white-space: nowrap\">" + e.move[0] +
        " \u2192 " + e.move[1] + "</td>";
    if (list.length && why.scores) {
      rows.push("<tr><th>#</th><th>move</th><th>score</th></tr>");
      list.forEach((e, i) => rows.push("<tr class=\"scored\">" + move(e, i) + "<td>" +
          (e.bound === "upper" ? "\u2264 " : "") +
          (typeof e.score === "number" ? scoreText(e.score) : esc(String(e.score))) + "</td></tr>"));
    } else if (list.length) {
      rows.push("<tr><th>#</th><th>move</th><th>visits</th><th>mean reward</th></tr>");
      list.forEach((e, i) => rows.push("<tr class=\"visited\">" + move(e, i) + "<td>" +
          number(e.visits, 0) + "</td><td>" + number(e.value, 2) + "</td></tr>"));
    }
    if (!rows.length) return "";
    let note = "<p class=\"legend\">1 is the move played; the others are numbered on the board.";
    if (list.some((e) => e.bound === "upper"))
      note += " \u2264: alpha-beta stopped searching that move once a reply showed it no better than the best.";
    return "<table>" + rows.join("") + "</table>" + note + "</p>";
  }

  return {draw: draw, explain: explain};
})();
