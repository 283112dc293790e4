// Issue 17, bug 6: draw a board from a made-up view with the renderer's own module, then list what
// overlaps (labels under pieces or leaving their tile, +1 markers on other tiles' chips, badges on pieces
// or clipped; Faiths' chips over a territory's name or its "n/10"). Called by test_table_bugs.py.
(async ([which, view, extra]) => {
  const box = document.createElement('div');
  box.style.width = '940px';
  document.body.append(box);
  const pad = (r) => ({l: r.left + 1, r: r.right - 1, t: r.top + 1, b: r.bottom - 1});
  const hit = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
  const problems = [];
  let svg;
  if (which === 'zealous') {
    const m = await import('/static/js/games/zealous-board.js');
    const colours = ['#c0392b', '#2f72c4', '#2f9a4a', '#8a55c4', '#e8791b', '#555555'];
    svg = m.drawBoard({view, names: colours.map((_, i) => 'P' + i), colours, mySeat: 0, tileActions: {},
      followerActions: {}, proliferated: extra, proliferatedAge: 100, onTile() {}, onFollower() {}});
    box.append(svg);
    // Boxes compared in the label's own frame (Birth Sites are turned along their band).
    const boxIn = (el, ref) => {
      const bb = el.getBBox();
      const m = ref.getCTM().inverse().multiply(el.getCTM());
      const pts = [[bb.x, bb.y], [bb.x + bb.width, bb.y], [bb.x, bb.y + bb.height], [bb.x + bb.width, bb.y + bb.height]]
        .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
      const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
      return {l: Math.min(...xs) + 1, r: Math.max(...xs) - 1, t: Math.min(...ys) + 1, b: Math.max(...ys) - 1};
    };
    const inside = (el, shape, points) => {
      const m = shape.getCTM().inverse().multiply(el.getCTM());
      return points.every(([x, y]) => shape.isPointInFill(new DOMPoint(x, y).matrixTransform(m)));
    };
    const pieces = [...svg.querySelectorAll('.marks .chip, .marks .prophet, .marks .mark, .proliferated > g')];
    for (const label of svg.querySelectorAll('.tile-label')) {
      const lr = boxIn(label, label);
      lr.t += 3; // the box's top is room for accents
      for (const p of pieces) if (hit(lr, boxIn(p, label))) problems.push(label.textContent + ' under ' + p.textContent);
      // the label lies inside its own tile (not over a gap, a neighbour or the Holy City's rim)
      const shape = label.closest('.tile').querySelector('.tile-shape');
      const bb = label.getBBox();
      const mid = bb.y + bb.height * 0.6; // the middle of the letters
      if (!inside(label, shape, [[bb.x + 2, mid], [bb.x + bb.width - 2, mid], [bb.x + bb.width / 2, mid]])) problems.push(label.textContent + ' leaves its tile');
    }
    // +1 may touch its own chip, never cover another tile's pieces
    for (const p of svg.querySelectorAll('.proliferated > g')) {
      for (const c of svg.querySelectorAll('.marks .chip')) {
        if (c.parentNode !== p.parentNode.parentNode && hit(pad(p.getBoundingClientRect()), pad(c.getBoundingClientRect()))) problems.push('+1 on a chip of another tile');
      }
    }
    // badges (Sanctuary, Famine) lie whole inside their tile
    for (const tile of svg.querySelectorAll('.tile')) {
      const frame = [...svg.querySelectorAll('.marks > g')][[...svg.querySelectorAll('.tiles > .tile')].indexOf(tile)];
      for (const mark of frame.querySelectorAll('.mark')) {
        const r = mark.querySelector('rect').getBBox();
        const shape = tile.querySelector('.tile-shape');
        for (const p of frame.querySelectorAll('.chip, .prophet')) if (hit(boxIn(mark, frame), boxIn(p, frame))) problems.push(mark.textContent + ' on a piece on ' + tile.dataset.tile);
        if (!inside(mark, shape, [[r.x + 2, r.y + 2], [r.x + r.width - 2, r.y + 2], [r.x + 2, r.y + r.height - 2], [r.x + r.width - 2, r.y + r.height - 2]])) problems.push(mark.textContent + ' clipped on ' + tile.dataset.tile);
      }
    }
  } else {
    const m = await import('/static/js/games/faiths-map.js');
    const borders = (await (await fetch('/static/data/faiths.json')).json()).borders;
    svg = m.drawMap({view, names: ['A', 'B', 'C', 'D', 'E', 'F'], colours: ['#c0392b', '#2f72c4', '#2f9a4a', '#8a55c4', '#e8791b', '#555555'],
      borders, actions: {}, pendingTargets: new Set(), mySeat: 0, describe: (a) => a, onTerritory() {}});
    box.append(svg);
    for (const t of svg.querySelectorAll('.territory')) {
      const total = t.querySelector('.terr-total');
      if (!total) continue;
      const tr = pad(total.getBoundingClientRect());
      for (const pc of t.querySelectorAll('.pc')) if (hit(tr, pad(pc.getBoundingClientRect()))) problems.push(t.dataset.territory + ': a chip covers ' + total.textContent);
      for (const name of t.querySelectorAll('.terr-name')) for (const pc of t.querySelectorAll('.pc')) if (hit(pad(name.getBoundingClientRect()), pad(pc.getBoundingClientRect()))) problems.push(t.dataset.territory + ': a chip covers the name');
    }
  }
  box.remove();
  return problems;
})
