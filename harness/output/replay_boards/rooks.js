// The rooks board of a replay page (harness/output/replay_template.html).
// state: {n, rows: ["..X.", ...] ('X' a fort), rooks: [[row, col], ...]}
// (harness/adapters/rooks.cpp). Each rook's row and column segment (the
// open cells it attacks, up to a fort or the edge) is tinted; a rook on a
// fort or sharing a segment with another is drawn in red.
ARENA_BOARDS["rooks"] = (() => {
  const cellSize = 40;
  const margin = 26;
  // The cells of the segment through (r, c) along (dr, dc) both ways.
  function segment(rows, n, r, c, dr, dc) {
    const cells = [[r, c]];
    for (const sign of [-1, 1]) {
      let [y, x] = [r + sign * dr, c + sign * dc];
      while (y >= 0 && y < n && x >= 0 && x < n && rows[y][x] !== "X") {
        cells.push([y, x]);
        [y, x] = [y + sign * dr, x + sign * dc];
      }
    }
    return cells;
  }
  // Rooks that break the rules: on a fort, or attacking another rook.
  function clashes(state) {
    const owner = new Map();
    const bad = new Set();
    state.rooks.forEach(([r, c], k) => {
      if (state.rows[r][c] === "X") bad.add(k);
      for (const [dr, dc, kind] of [[0, 1, "row"], [1, 0, "col"]]) {
        const cells = segment(state.rows, state.n, r, c, dr, dc).map(([y, x]) => y + "," + x).sort();
        const key = kind + cells[0];
        if (owner.has(key)) { bad.add(k); bad.add(owner.get(key)); } else owner.set(key, k);
      }
    });
    return bad;
  }
  function rook(x, y, s, colour) {
    const u = s / 10;
    const path = [
      "M", x + 2 * u, y + 8.5 * u, "h", 6 * u, "v", -1.2 * u, "h", -0.8 * u, "l", -0.6 * u, -3.6 * u,
      "h", 0.9 * u, "v", -2 * u, "h", -1.1 * u, "v", 0.9 * u, "h", -0.9 * u, "v", -0.9 * u, "h", -1 * u,
      "v", 0.9 * u, "h", -0.9 * u, "v", -0.9 * u, "h", -1.1 * u, "v", 2 * u, "h", 0.9 * u,
      "l", -0.6 * u, 3.6 * u, "h", -0.8 * u, "z"].join(" ");
    return '<path d="' + path + '" fill="' + colour + '"/>';
  }
  function draw(state) {
    const n = state.n;
    const size = 2 * margin + n * cellSize;
    const at = (k) => margin + k * cellSize;
    const bad = clashes(state);
    // A small board is not blown up to the page's width: at most 48 px a cell.
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + size + " " + size +
                   '" style="max-width: ' + Math.round(size * 1.2) +
                   'px" role="img" aria-label="the board">'];
    for (let r = 0; r < n; ++r) {
      for (let c = 0; c < n; ++c) {
        const fort = state.rows[r][c] === "X";
        parts.push('<rect x="' + at(c) + '" y="' + at(r) + '" width="' + cellSize + '" height="' +
                   cellSize + '" fill="' + (fort ? "#5b4636" : (r + c) % 2 ? "#eef0f4" : "#f8f9fb") +
                   '" stroke="#c9ceda" data-cell="' + r + "," + c + '" data-kind="' +
                   (fort ? "fort" : "open") + '"><title>row ' + (r + 1) + ", column " + (c + 1) +
                   (fort ? ": a fort" : "") + "</title></rect>");
      }
    }
    state.rooks.forEach(([r, c], k) => {
      const colour = bad.has(k) ? "rgba(200,40,40,0.16)" : "rgba(40,100,200,0.13)";
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        if (state.rows[r][c] === "X") continue;
        for (const [y, x] of segment(state.rows, n, r, c, dr, dc)) {
          parts.push('<rect x="' + at(x) + '" y="' + at(y) + '" width="' + cellSize + '" height="' +
                     cellSize + '" fill="' + colour + '" pointer-events="none"/>');
        }
      }
    });
    state.rooks.forEach(([r, c], k) => {
      parts.push('<g data-rook="' + r + "," + c + '"' + (bad.has(k) ? ' data-clash="1"' : "") +
                 "><title>a rook at row " + (r + 1) + ", column " + (c + 1) +
                 (bad.has(k) ? ": breaks the rules" : "") + "</title>" +
                 rook(at(c), at(r), cellSize, bad.has(k) ? "#c62828" : "#1d2330") + "</g>");
    });
    if (n <= 30) {
      const font = Math.min(14, cellSize * 0.4);
      for (let k = 0; k < n; ++k) {
        parts.push('<text x="' + (at(k) + cellSize / 2) + '" y="' + (margin - 8) +
                   '" text-anchor="middle" font-size="' + font + '" fill="#5a6273">' + (k + 1) +
                   "</text>");
        parts.push('<text x="' + (margin - 6) + '" y="' + (at(k) + cellSize / 2 + font / 3) +
                   '" text-anchor="end" font-size="' + font + '" fill="#5a6273">' + (k + 1) +
                   "</text>");
      }
    }
    parts.push("</svg>");
    return parts.join("");
  }
  return {draw: draw};
})();
