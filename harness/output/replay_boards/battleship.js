// Battleship on the replay page (harness/output/replay_template.html): each
// fleet under fire as an SVG ocean. A step's state (harness/adapters/
// battleship/replay.hpp) is {boards: [{title, shooter, size, ships: [{name,
// cells, sunk}], shots: [{cell, result}], last, over}], active}: one board in
// solo (the variant shown), two side by side in a duel (each side's shots at
// the other's fleet). Cells are row * size + column.
//
// Drawn: water; misses (dots), hits (red crosses), sunk ships (drawn as
// ships, their cells crossed); the last shot ringed; columns A, B, ... and
// rows 1, 2, ... on the edges and every cell's name and content on hover
// (<title>); ships the shooter has not found yet faint and dashed ("not seen
// by the shooter"), plainly once the game is over. The step's explanation
// may carry a heat map (engines/battleship/ship_chances.hpp, or an external
// program's: docs/protocol.md): {heat: rows of numbers, one per cell, best:
// cell}, drawn over the board the shot fell on, with its scale below.
//
// Each board is a <g data-board="index" data-shooter="variant">; in it marks
// carry data-mark ("miss", "hit", "sunk") and data-cell ("C7"), heat cells
// data-heat (the number as given) and data-cell, ships data-ship (the name)
// and data-ship-state ("sunk", "unseen", "revealed"), the last shot
// data-last: tests read them.
ARENA_BOARDS.battleship = (() => {
  const CELL = 32;   // a cell's side
  const EDGE = 24;   // the coordinates' margin, left and top
  const TITLE = 30;  // a board's title and status line
  const GAP = 40;    // between two boards
  const esc = (text) => String(text).replace(/[&<>"']/g,
      (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"})[c]);
  const column = (c) => String.fromCharCode(65 + c);
  const cellName = (cell, n) => column(cell % n) + (Math.floor(cell / n) + 1);
  const percent = (p) => (100 * p).toFixed(p < 0.1 ? 1 : 0) + "%";

  // The heat map if it is one for an n x n board: rows of n finite numbers >= 0.
  function heatOf(explain, n) {
    if (!explain || !Array.isArray(explain.heat)) return null;
    const rows = explain.heat;
    const ok = rows.length === n && rows.every((r) => Array.isArray(r) && r.length === n &&
        r.every((v) => typeof v === "number" && Number.isFinite(v) && v >= 0));
    return ok ? rows : null;
  }

  // The board whose shot the step's explanation explains.
  function explainedBoard(state) {
    if (typeof state.active === "number") return state.active;
    return state.boards.length === 1 ? 0 : -1;
  }

  function drawBoard(b, index, x0, y0, heat, active) {
    const n = b.size;
    const gx = x0 + EDGE;  // the grid's corner
    const gy = y0 + TITLE + EDGE;
    const at = (cell) => [gx + (cell % n) * CELL, gy + Math.floor(cell / n) * CELL];
    const owner = new Map();  // cell -> its ship
    for (const ship of b.ships) for (const c of ship.cells) owner.set(c, ship);
    const shot = new Map(b.shots.map((s) => [s.cell, s.result]));
    const sunk = b.ships.filter((s) => s.sunk).length;
    const parts = [];
    parts.push(`<text x="${gx}" y="${y0 + 13}" font-size="14" font-weight="${active ? 700 : 500}"` +
        ` fill="#1d2330">${esc(b.title)}</text>`);
    parts.push(`<text x="${gx}" y="${y0 + 27}" font-size="11" fill="#5a6273">` +
        `${b.shots.length} cell${b.shots.length === 1 ? "" : "s"} fired at, ` +
        `${sunk} of ${b.ships.length} ships sunk${b.over ? ", the fleet revealed" : ""}</text>`);
    // Coordinates.
    for (let c = 0; c < n; ++c)
      parts.push(`<text x="${gx + c * CELL + CELL / 2}" y="${gy - 7}" font-size="12"` +
          ` text-anchor="middle" fill="#5a6273">${column(c)}</text>`);
    for (let r = 0; r < n; ++r)
      parts.push(`<text x="${gx - 6}" y="${gy + r * CELL + CELL / 2 + 4}" font-size="12"` +
          ` text-anchor="end" fill="#5a6273">${r + 1}</text>`);
    // Water.
    parts.push(`<rect x="${gx}" y="${gy}" width="${n * CELL}" height="${n * CELL}" fill="#dcecf8"/>`);
    // The heat map, over the water and under everything else.
    if (heat) {
      const top = Math.max(...heat.flat());
      for (let cell = 0; cell < n * n; ++cell) {
        const v = heat[Math.floor(cell / n)][cell % n];
        if (!(v > 0)) continue;
        const [x, y] = at(cell);
        const opacity = top > 0 ? 0.88 * v / top : 0;
        parts.push(`<rect data-heat="${v}" data-cell="${cellName(cell, n)}" x="${x}" y="${y}"` +
            ` width="${CELL}" height="${CELL}" fill="#e4572e" fill-opacity="${opacity.toFixed(3)}"/>`);
      }
    }
    // Grid lines.
    for (let i = 0; i <= n; ++i) {
      parts.push(`<line x1="${gx + i * CELL}" y1="${gy}" x2="${gx + i * CELL}" y2="${gy + n * CELL}"` +
          ` stroke="#a9c8e0" stroke-width="1"/>`);
      parts.push(`<line x1="${gx}" y1="${gy + i * CELL}" x2="${gx + n * CELL}" y2="${gy + i * CELL}"` +
          ` stroke="#a9c8e0" stroke-width="1"/>`);
    }
    // Ships: sunk ones plainly, the others faint and dashed (the shooter has
    // not found them) until the game is over.
    for (const ship of b.ships) {
      if (!ship.cells.length) continue;
      const rows = ship.cells.map((c) => Math.floor(c / n));
      const cols = ship.cells.map((c) => c % n);
      const x = gx + Math.min(...cols) * CELL + 4;
      const y = gy + Math.min(...rows) * CELL + 4;
      const w = (Math.max(...cols) - Math.min(...cols) + 1) * CELL - 8;
      const h = (Math.max(...rows) - Math.min(...rows) + 1) * CELL - 8;
      const kind = ship.sunk ? "sunk" : b.over ? "revealed" : "unseen";
      const style = ship.sunk ? `fill="#4b5563" stroke="#1f2937" stroke-width="1.5"`
          : b.over ? `fill="#8b96a5" stroke="#4b5563" stroke-width="1.5"`
          : `fill="#8b96a5" fill-opacity="0.22" stroke="#4b5563" stroke-opacity="0.6"` +
            ` stroke-width="1" stroke-dasharray="4 3"`;
      parts.push(`<rect data-ship="${esc(ship.name)}" data-ship-state="${kind}" x="${x}" y="${y}"` +
          ` width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" ${style}/>`);
    }
    // Shots.
    for (const [cell, result] of shot) {
      const [x, y] = at(cell);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      const name = cellName(cell, n);
      if (result === "miss") {
        parts.push(`<circle data-mark="miss" data-cell="${name}" cx="${cx}" cy="${cy}"` +
            ` r="${CELL * 0.13}" fill="#2b5d8a"/>`);
        continue;
      }
      const ship = owner.get(cell);
      const mark = ship && ship.sunk ? "sunk" : "hit";
      const d = CELL * 0.22;
      parts.push(`<g data-mark="${mark}" data-cell="${name}" stroke="${mark === "sunk" ? "#fca5a5" : "#d62828"}"` +
          ` stroke-width="${mark === "sunk" ? 2 : 3.5}" stroke-linecap="round">` +
          `<line x1="${cx - d}" y1="${cy - d}" x2="${cx + d}" y2="${cy + d}"/>` +
          `<line x1="${cx - d}" y1="${cy + d}" x2="${cx + d}" y2="${cy - d}"/></g>`);
    }
    // The last shot, ringed.
    if (typeof b.last === "number") {
      const [x, y] = at(b.last);
      parts.push(`<rect data-last="${cellName(b.last, n)}" x="${x + 1.5}" y="${y + 1.5}"` +
          ` width="${CELL - 3}" height="${CELL - 3}" fill="none" stroke="#f59e0b" stroke-width="3"/>`);
    }
    // Every cell's name and content on hover.
    for (let cell = 0; cell < n * n; ++cell) {
      const [x, y] = at(cell);
      const ship = owner.get(cell);
      const result = shot.get(cell);
      let what;
      if (result === "miss") what = "a miss";
      else if (result) what = ship && ship.sunk ? `the ${ship.name}, sunk` : `a hit on the ${ship ? ship.name : "a ship"}`;
      else if (ship) what = b.over ? `the ${ship.name}, never hit` : `not fired at; the ${ship.name} lies here, not seen by the shooter`;
      else what = "water, not fired at";
      if (heat) what += `; chance of a ship before this shot: ${percent(heat[Math.floor(cell / n)][cell % n])}`;
      if (cell === b.last) what += "; the last shot";
      parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="transparent">` +
          `<title>${esc(cellName(cell, n) + ": " + what)}</title></rect>`);
    }
    return `<g data-board="${index}" data-shooter="${esc(b.shooter === null ? "" : b.shooter)}">` +
        parts.join("") + "</g>";
  }

  // The marks' key and, with a heat map, its scale; returns [markup, height].
  function legend(x0, y0, heat) {
    const parts = [];
    let x = x0;
    const item = (symbol, label) => {
      parts.push(`<g transform="translate(${x},${y0})">${symbol}` +
          `<text x="22" y="13" font-size="12" fill="#5a6273">${esc(label)}</text></g>`);
      x += 30 + label.length * 6.4;
    };
    item(`<rect width="16" height="16" fill="#dcecf8" stroke="#a9c8e0"/>`, "water");
    item(`<rect width="16" height="16" fill="#dcecf8"/><circle cx="8" cy="8" r="4" fill="#2b5d8a"/>`, "miss");
    item(`<g stroke="#d62828" stroke-width="3" stroke-linecap="round"><line x1="3" y1="3" x2="13" y2="13"/>` +
        `<line x1="3" y1="13" x2="13" y2="3"/></g>`, "hit");
    item(`<rect y="2" width="16" height="12" rx="6" fill="#4b5563"/>`, "sunk ship");
    item(`<rect y="2" width="16" height="12" rx="6" fill="#8b96a5" fill-opacity="0.22" stroke="#4b5563"` +
        ` stroke-dasharray="3 2"/>`, "ship not seen by the shooter");
    item(`<rect x="1" y="1" width="14" height="14" fill="none" stroke="#f59e0b" stroke-width="2.5"/>`, "last shot");
    let height = 24;
    if (heat) {
      const top = Math.max(...heat.flat());
      const y = y0 + 26;
      parts.push(`<defs><linearGradient id="bs-heat-scale"><stop offset="0" stop-color="#e4572e"` +
          ` stop-opacity="0"/><stop offset="1" stop-color="#e4572e" stop-opacity="0.9"/>` +
          `</linearGradient></defs>`);
      const label = "heat map: the strategy's chance of a ship before this shot";
      parts.push(`<text x="${x0}" y="${y + 12}" font-size="12" fill="#5a6273">${esc(label)}</text>`);
      const bx = x0 + label.length * 6.2 + 22;
      parts.push(`<text x="${bx - 5}" y="${y + 12}" font-size="12" text-anchor="end" fill="#5a6273">0</text>`);
      parts.push(`<rect x="${bx}" y="${y + 2}" width="160" height="12" fill="url(#bs-heat-scale)"` +
          ` stroke="#d9dde6"/>`);
      parts.push(`<text x="${bx + 166}" y="${y + 12}" font-size="12" fill="#5a6273">` +
          `${esc(Number(top.toPrecision(3)))}</text>`);
      height += 24;
    }
    return [parts.join(""), height];
  }

  function draw(state, ctx) {
    if (!state || !Array.isArray(state.boards) || !state.boards.length) return "";
    const explained = explainedBoard(state);
    const width = (b) => EDGE + b.size * CELL;
    let x = 4;
    let height = 0;
    const boards = [];
    state.boards.forEach((b, i) => {
      const heat = i === explained ? heatOf(ctx && ctx.explain, b.size) : null;
      boards.push(drawBoard(b, i, x, 4, heat, state.boards.length > 1 && i === state.active));
      x += width(b) + GAP;
      height = Math.max(height, TITLE + EDGE + b.size * CELL);
    });
    const heat = explained >= 0 ? heatOf(ctx && ctx.explain, state.boards[explained].size) : null;
    const [key, keyHeight] = legend(4 + EDGE, height + 16, heat);
    const w = Math.max(x - GAP + 4, 640);
    const h = height + 16 + keyHeight;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img"` +
        ` aria-label="the boards after this move">${boards.join("")}${key}</svg>`;
  }

  function explain(why, ctx) {
    if (!why || why.heat === undefined) return "";
    const state = ctx && ctx.step ? ctx.step.state : null;
    const board = state && Array.isArray(state.boards) ? state.boards[explainedBoard(state)] : null;
    if (!board) return "";
    const heat = heatOf(why, board.size);
    if (!heat) {
      return `<p class="legend">The heat map is not drawn: it is not ${board.size} rows of` +
          ` ${board.size} numbers, none negative.</p>`;
    }
    const total = heat.flat().reduce((a, v) => a + v, 0);
    let text = `<p class="legend">The heat map over ${esc(board.title)}: each cell's chance of a` +
        ` ship as the strategy saw it before this shot (stronger colour: likelier; hover a cell` +
        ` for its number). They add up to ${total.toFixed(2)}.`;
    if (Number.isInteger(why.best) && why.best >= 0 && why.best < board.size * board.size) {
      text += ` Chosen: ${cellName(why.best, board.size)}, ` +
          `${percent(heat[Math.floor(why.best / board.size)][why.best % board.size])}.`;
    }
    return text + "</p>";
  }

  return {draw, explain};
})();
