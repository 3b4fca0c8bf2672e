// The export (www/lib/export.js): the SVG document (its structure, its stones countable and as
// many as the position's, black and white), a book's move numbers with their "7 at 3" notes, the
// Sensei's Library text read back by lib/diagram.js to the same stones and marks, the element's
// snippet; and the marks in the screen reader's words (lib/describe.js).
//
//   . .tools/env.sh && node --test tests/js/export.test.mjs   (needs a build: www/pkg)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { gameView } from '../../www/lib/view.js';
import { exportSVG, exportDiagram, embedSnippet, bookDiagram, regionText } from '../../www/lib/export.js';
import { parseDiagram, diagramToSgf } from '../../www/lib/diagram.js';
import { markupText, positionText } from '../../www/lib/describe.js';
import { translator, addStrings } from '../../www/lib/i18n.js';
import en from '../../www/lib/strings/en.js';

const { Game } = await load();
addStrings({ en });
const tr = translator('en');

/** A game read from SGF, at the end of its main line; its view with the node's marks (and any extra). */
function position(sgf, extra = {}) {
  const game = Game.fromSgf(sgf);
  const view = gameView(game, { markup: { ...game.markup, ...extra.markup }, region: extra.region ?? null, coordinates: extra.coordinates ?? true });
  return { game, view };
}

const count = (board, c) => [...board].filter((s) => s === c).length;

// ---- SVG --------------------------------------------------------------------------------------

test('the SVG: one standalone document sized in points, a circle of class "stone" per stone, black and white', () => {
  const { game, view } = position('(;SZ[9]AB[cc][dd]AW[de];B[gc];W[cg]TR[cc]LB[ee:a])');
  const svg = exportSVG(game, view, { width: 216 });
  assert.match(svg, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>\n$/);
  const [, w, h] = /<svg[^>]* width="([\d.]+)pt" height="([\d.]+)pt"/.exec(svg);
  assert.ok(Math.abs(Number(w) - 216) < 3 && Math.abs(Number(h) - Number(w)) < 3, `216pt wide and square (${w} x ${h})`);
  const board = game.board();
  assert.equal((svg.match(/<circle[^>]*class="stone black"/g) || []).length, count(board, 1));
  assert.equal((svg.match(/<circle[^>]*class="stone white"/g) || []).length, count(board, -1));
  // Black and white: no gradient, no wood, only black, white and grey.
  assert.ok(!/Gradient|#dcb468/.test(svg));
  const colours = new Set([...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
  assert.deepEqual([...colours].filter((c) => !['#000000', '#ffffff'].includes(c)), []);
  // White stones have a thin black outline.
  assert.match(svg, /class="stone white"[^>]*stroke="#000000"|stroke="#000000"[^>]*class="stone white"/);
  // The marks and the label are drawn; a well-formed document: every element opened is closed.
  assert.match(svg, />a<\/text>/);
  const opened = (svg.match(/<(g|svg|text|defs|clipPath|title)[\s>]/g) || []).length;
  const closed = (svg.match(/<\/(g|svg|text|defs|clipPath|title)>/g) || []).length;
  assert.equal(opened, closed);
});

test('the SVG of a region: cropped, wider than high for a wide region, without coordinates when asked', () => {
  const { game, view } = position('(;SZ[19]AB[dp][pd]AW[dd][qp])');
  const corner = { x0: 0, y0: 12, x1: 9, y1: 18 };
  const svg = exportSVG(game, view, { region: corner, coordinates: false });
  const [, w, h] = /width="([\d.]+)pt" height="([\d.]+)pt"/.exec(svg);
  assert.ok(Number(w) > Number(h) * 1.3, `${w} x ${h}`);
  assert.equal((svg.match(/class="stone/g) || []).length, 4, 'the stones outside are clipped away, not left out: all four drawn');
  assert.ok(!/>A<\/text>/.test(svg), 'no coordinates');
  assert.match(exportSVG(game, view, { region: corner }), />A<\/text>/);
});

// A ko fought within the range: 1 W, 2 B takes, 5 W takes back where 1 stood, 8 B where 2 stood.
const KO = '(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[ii];B[hi];W[bb];B[gg];W[ih];B[cb])';

test('book move numbers: the position before the range, each move a numbered stone, "5 at 1" for a ko retaken', () => {
  const { game, view } = position(KO);
  const book = bookDiagram(game, { from: 1 });
  assert.deepEqual(book.notes, [{ number: 5, at: 1 }, { number: 8, at: 2 }]);
  assert.deepEqual(book.labels.map((l) => l.text), ['1', '2', '3', '4', '6', '7']);
  assert.equal(count(book.stones, 1) + count(book.stones, -1), 12, 'the 6 set-up stones and 6 numbered ones');
  const svg = exportSVG(game, view, { moveNumbers: { from: 1 } });
  assert.match(svg, />5 at 1, 8 at 2<\/text>/);
  assert.equal((svg.match(/class="stone/g) || []).length, 12);
  // In other words, and from a later move: moves before it are plain stones.
  assert.match(exportSVG(game, view, { moveNumbers: { from: 1 }, words: { t: (k, p) => `${k}:${p.n}/${p.at}` } }), />export.at:5\/1/);
  const late = bookDiagram(game, { from: 6, to: 8 });
  assert.deepEqual(late.labels.map((l) => l.text), ['6', '7', '8']);
  assert.deepEqual(late.notes, []);
  // The game stays where it was.
  assert.equal(game.path.length, 8);
});

test('book move numbers: a stone played where an unnumbered stone stood is noted at its point, a pass as a pass', () => {
  const { game } = position('(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[ii];B[hi];W[bb];B[];W[aa])');
  const book = bookDiagram(game, { from: 1 });
  assert.deepEqual(book.notes, [{ number: 4, at: 'B8' }, { number: 5, pass: true }]);
});

// ---- Sensei's Library text --------------------------------------------------------------------

/** The stones and marks of a view, within its region, as lib/diagram.js lists them. */
function expected(view, region) {
  const inside = ([x, y]) => x >= region.x0 && x <= region.x1 && y >= region.y0 && y <= region.y1;
  const sort = (list) => list.filter(inside).map((p) => p.join()).sort();
  const stones = { black: [], white: [] };
  for (let y = 0; y < view.height; y++) {
    for (let x = 0; x < view.width; x++) {
      const s = view.stones[y * view.width + x];
      if (s && inside([x, y])) stones[s > 0 ? 'black' : 'white'].push([x, y]);
    }
  }
  const m = view.markup;
  return {
    black: sort(stones.black), white: sort(stones.white),
    circles: sort(m.circles), squares: sort(m.squares), triangles: sort(m.triangles), crosses: sort(m.crosses),
    labels: m.labels.filter((l) => inside(l.point) && !view.stones[l.point[1] * view.width + l.point[0]]).map((l) => `${l.point}:${l.text}`).sort(),
  };
}

function readBack(d) {
  const sort = (list) => list.map((p) => p.join()).sort();
  return {
    black: sort(d.stones.black), white: sort(d.stones.white),
    circles: sort(d.marks.circles), squares: sort(d.marks.squares), triangles: sort(d.marks.triangles), crosses: sort(d.marks.crosses),
    labels: d.labels.map((l) => `${l.point}:${l.text}`).sort(),
  };
}

const DIAGRAMS = [
  ['a whole 9x9 with every mark', '(;SZ[9]AB[cc][dd][ee]AW[de][ed][ff]TR[cc][aa]SQ[de][bi]CR[dd][ff]MA[ee][hh]LB[gg:a][hb:b])', {}],
  ['a corner of a 19x19', '(;SZ[19]AB[dp][cq][ep]AW[cp][dq][eq]TR[dp]LB[fq:a][bp:b])', { region: { x0: 0, y0: 12, x1: 8, y1: 18 } }],
  ['a side of a 13x13 (widened to the edge it lies near)', '(;SZ[13]AB[kf][jg]AW[kg][lh]CR[kf]SQ[jh]LB[lf:c])', { region: { x0: 7, y0: 4, x1: 11, y1: 9 } }],
  ['the top-right corner of a 19x19 without coordinates', '(;SZ[19]AB[pd][qc]AW[qd][rd]MA[pc]LB[oc:z])', { region: { x0: 12, y0: 0, x1: 18, y1: 6 }, coordinates: false }],
];

for (const [name, sgf, extra] of DIAGRAMS) {
  test(`Sensei's Library text read back to the same stones and marks: ${name}`, () => {
    const { game, view } = position(sgf, extra);
    const text = exportDiagram(game, view);
    const d = parseDiagram(text);
    assert.equal(d.width, game.width, text);
    assert.equal(d.height, game.height);
    assert.equal(d.coordinates, extra.coordinates ?? true);
    const region = d.region ?? { x0: 0, y0: 0, x1: d.width - 1, y1: d.height - 1 };
    if (view.region) {
      for (const k of ['x0', 'y0', 'x1', 'y1']) {
        const wider = k.endsWith('0') ? region[k] <= view.region[k] : region[k] >= view.region[k];
        assert.ok(wider, `the diagram shows the view's region (${k})\n${text}`);
      }
    }
    assert.deepEqual(readBack(d), expected(view, region), text);
    // And the SGF the element makes of it holds the same stones.
    const back = Game.fromSgf(diagramToSgf(d));
    const inRegion = (b) => [...b].map((s, i) => ((i % d.width) >= region.x0 && (i % d.width) <= region.x1 && Math.floor(i / d.width) >= region.y0 && Math.floor(i / d.width) <= region.y1 ? s : 0));
    assert.deepEqual(inRegion(back.board()), inRegion(game.board()));
  });
}

test('Sensei\'s Library text with move numbers: a ko fight read back and replayed to the same position', () => {
  const { game, view } = position(KO);
  const text = exportDiagram(game, view, { moveNumbers: { from: 1 } });
  assert.match(text.split('\n')[0], /^\$\$Wc9 \(5 at 1, 8 at 2\)$/);
  const d = parseDiagram(text);
  assert.deepEqual(d.moves.map((m) => [m.number, m.player, m.point.join()]), [
    [1, 'white', '1,1'], [2, 'black', '2,1'], [3, 'white', '8,8'], [4, 'black', '7,8'],
    [5, 'white', '1,1'], [6, 'black', '6,6'], [7, 'white', '8,7'], [8, 'black', '2,1'],
  ]);
  const back = Game.fromSgf(diagramToSgf(d, { moves: 'play' }));
  assert.deepEqual([...back.board()], [...game.board()]);
  // From move 3: m3 in the header, the moves before it plain stones.
  const late = parseDiagram(exportDiagram(game, view, { moveNumbers: { from: 3, to: 4 } }));
  assert.equal(late.firstMoveNumber, 3);
  assert.deepEqual(late.moves.map((m) => m.number), [1, 2]);
});

// ---- the snippet ------------------------------------------------------------------------------

test('the snippet: the SGF inline, escaped for HTML, with the mode and the region', () => {
  const sgf = '(;SZ[9]C[a < b & c > d: </tengen-board> "quoted"];B[cc])';
  const html = embedSnippet(sgf, { mode: 'view', region: { x0: 0, y0: 4, x1: 4, y1: 8 }, coordinates: true, label: 'Ko "1"', lang: null });
  assert.equal(html, '<tengen-board mode="view" region="a1:e5" coordinates label="Ko &quot;1&quot;">\n'
    + '(;SZ[9]C[a &lt; b &amp; c &gt; d: &lt;/tengen-board&gt; "quoted"];B[cc])\n</tengen-board>');
  assert.equal(embedSnippet('(;)', { mode: 'problem', region: 'a1:e5' }), '<tengen-board mode="problem" region="a1:e5">\n(;)\n</tengen-board>');
  assert.equal(regionText({ x0: 12, y0: 0, x1: 18, y1: 6 }, 19), 'n13:t19');
});

// ---- the marks in words -----------------------------------------------------------------------

test('the screen reader\'s description names the marks, labels, lines and arrows', () => {
  const markup = {
    triangles: [[3, 5]], squares: [], circles: [[2, 6], [4, 4]], crosses: [], selected: [[0, 0]], dimmed: [[8, 8]],
    labels: [{ point: [4, 4], text: 'A' }], lines: [{ from: [2, 6], to: [4, 4] }], arrows: [{ from: [0, 8], to: [2, 6] }],
  };
  assert.equal(markupText(tr, markup, 9), 'Marks: triangle at D4; circle at C3, E5; selected: A9; dimmed: J1; A at E5; line from C3 to E5; arrow from A1 to C3.');
  assert.equal(markupText(tr, { triangles: [], labels: [] }, 9), '');
  assert.equal(markupText(tr, markup, 9, { x0: 0, y0: 0, x1: 3, y1: 5 }), 'Marks: triangle at D4; selected: A9.');
  const game = Game.fromSgf('(;SZ[9]AB[cc]TR[cc])');
  assert.match(positionText(tr, game), /Black stones: C7\. .*Marks: triangle at C7\./);
});
