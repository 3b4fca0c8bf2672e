// The editor's tool logic (www/lib/edit.js) on a small fake of the engine's Game: which editing
// call each tool makes at a click, the toggles, the two clicks of lines and arrows, the next free
// label, the refusals that change nothing, and the right / wrong comments as problem.js reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOOLS, toolForKey, applyTool, nextLabel, marksAt, lineAt, answerComment, toolText, EDIT_REFUSALS } from '../../www/lib/edit.js';
import { judgeText } from '../../www/lib/problem.js';

/** A 5x5 game that records the editing calls and keeps the markup they make. */
function fakeGame() {
  const g = {
    width: 5,
    height: 5,
    toMove: 'black',
    stones: new Int8Array(25),
    calls: [],
    markup: { triangles: [], squares: [], circles: [], crosses: [], dimmed: [], labels: [], lines: [], arrows: [] },
    board() { return this.stones; },
    setStone(x, y, c) {
      this.calls.push(['setStone', x, y, c]);
      this.stones[y * 5 + x] = c === 'black' ? 1 : c === 'white' ? -1 : 0;
    },
    place(x, y) {
      this.calls.push(['place', x, y]);
      this.stones[y * 5 + x] = this.toMove === 'black' ? 1 : -1;
      this.toMove = this.toMove === 'black' ? 'white' : 'black';
      return 0;
    },
    setMark(x, y, kind, text) {
      this.calls.push(text === undefined ? ['setMark', x, y, kind] : ['setMark', x, y, kind, text]);
      const m = this.markup;
      const off = (p) => !(p[0] === x && p[1] === y);
      for (const k of ['triangles', 'squares', 'circles', 'crosses', 'dimmed']) m[k] = m[k].filter(off);
      m.labels = m.labels.filter((l) => off(l.point));
      const list = { triangle: 'triangles', square: 'squares', circle: 'circles', cross: 'crosses', dim: 'dimmed' }[kind];
      if (list) m[list].push([x, y]);
      if (kind === 'label') m.labels.push({ point: [x, y], text });
    },
    setLine(from, to, kind) {
      this.calls.push(['setLine', from, to, kind]);
      const m = this.markup;
      const other = (l) => !((l.from.join() === from.join() && l.to.join() === to.join()) || (l.from.join() === to.join() && l.to.join() === from.join()));
      m.lines = m.lines.filter(other);
      m.arrows = m.arrows.filter(other);
      if (kind) m[kind === 'line' ? 'lines' : 'arrows'].push({ from, to });
    },
  };
  return g;
}

test('every tool has its own key, and the key selects it', () => {
  const keys = TOOLS.map((t) => t.key);
  assert.equal(new Set(keys).size, keys.length);
  for (const t of TOOLS) {
    assert.equal(toolForKey(t.key), t.id);
    assert.equal(toolForKey(t.key.toUpperCase()), t.id);
  }
  // The page's own keys stay free: R reads the position, P passes, U undoes.
  for (const k of ['r', 'p', 'u']) assert.equal(toolForKey(k), null);
});

// Each row: the tool, the clicks [x, y] in order, and the calls the game received.
const CASES = [
  ['black', [[1, 1]], [['setStone', 1, 1, 'black']]],
  ['black', [[1, 1], [1, 1]], [['setStone', 1, 1, 'black'], ['setStone', 1, 1, null]]],
  ['white', [[2, 0]], [['setStone', 2, 0, 'white']]],
  ['alternate', [[0, 0], [1, 0]], [['place', 0, 0], ['place', 1, 0]]],
  ['triangle', [[3, 3], [3, 3]], [['setMark', 3, 3, 'triangle'], ['setMark', 3, 3, null]]],
  ['square', [[0, 4]], [['setMark', 0, 4, 'square']]],
  ['circle', [[4, 4]], [['setMark', 4, 4, 'circle']]],
  ['cross', [[4, 0]], [['setMark', 4, 0, 'cross']]],
  ['dim', [[2, 2]], [['setMark', 2, 2, 'dim']]],
  ['letter', [[0, 0], [1, 0], [0, 0]], [['setMark', 0, 0, 'label', 'A'], ['setMark', 1, 0, 'label', 'B'], ['setMark', 0, 0, null]]],
  ['number', [[0, 0], [1, 0]], [['setMark', 0, 0, 'label', '1'], ['setMark', 1, 0, 'label', '2']]],
  ['line', [[0, 0], [2, 2]], [['setLine', [0, 0], [2, 2], 'line']]],
  ['arrow', [[0, 0], [2, 2], [0, 0], [2, 2]], [['setLine', [0, 0], [2, 2], 'arrow'], ['setLine', [0, 0], [2, 2], null]]],
  ['arrow', [[1, 1], [1, 1]], []],
];

test('a click with each tool makes its editing call, and a second click toggles', () => {
  for (const [tool, clicks, calls] of CASES) {
    const g = fakeGame();
    let from = null;
    for (const [x, y] of clicks) {
      const r = applyTool(g, tool, x, y, from);
      from = r.kind === 'from' ? r.point : null;
    }
    assert.deepEqual(g.calls, calls, tool);
  }
});

test('what a click did, for the words', () => {
  const g = fakeGame();
  assert.deepEqual(applyTool(g, 'black', 1, 2), { kind: 'stone', point: [1, 2], color: 'black' });
  assert.deepEqual(applyTool(g, 'white', 1, 2), { kind: 'stone', point: [1, 2], color: 'white' });
  assert.deepEqual(applyTool(g, 'alternate', 0, 0), { kind: 'move', point: [0, 0], player: 'black', captures: 0 });
  assert.deepEqual(applyTool(g, 'letter', 3, 3), { kind: 'mark', point: [3, 3], mark: 'label', text: 'A' });
  assert.deepEqual(applyTool(g, 'line', 0, 1), { kind: 'from', point: [0, 1] });
  assert.deepEqual(applyTool(g, 'line', 0, 1, [0, 1]), { kind: 'cancel', point: [0, 1] });
  assert.deepEqual(applyTool(g, 'line', 4, 1, [0, 1]), { kind: 'line', from: [0, 1], to: [4, 1], line: 'line' });
  // A line is the same line either way round: drawn again backwards, it goes.
  assert.deepEqual(applyTool(g, 'line', 0, 1, [4, 1]), { kind: 'line', from: [4, 1], to: [0, 1], line: null });
});

test('erase: the marks of a point first, then its stone; nothing there is refused', () => {
  const g = fakeGame();
  applyTool(g, 'black', 2, 2);
  applyTool(g, 'triangle', 2, 2);
  assert.deepEqual(applyTool(g, 'erase', 2, 2), { kind: 'unmark', point: [2, 2] });
  assert.deepEqual(applyTool(g, 'erase', 2, 2), { kind: 'stone', point: [2, 2], color: null });
  const calls = g.calls.length;
  assert.throws(() => applyTool(g, 'erase', 2, 2), (e) => e.code === 'notAllowed' && e.reason === 'nothingToErase');
  assert.equal(g.calls.length, calls, 'nothing called');
});

test('the next free label: the first letter or number no label has', () => {
  const labels = (...texts) => ({ labels: texts.map((text, i) => ({ point: [i, 0], text })) });
  assert.equal(nextLabel(labels(), 'letter'), 'A');
  assert.equal(nextLabel(labels('A', 'C'), 'letter'), 'B');
  assert.equal(nextLabel(labels('1', '2', 'A'), 'number'), '3');
  assert.equal(nextLabel(labels('2', '3'), 'number'), '1');
  const all = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  assert.equal(nextLabel(labels(...all), 'letter'), 'a');
  assert.equal(nextLabel(labels(...all, ...all.map((c) => c.toLowerCase())), 'letter'), null);
  const g = fakeGame();
  g.markup.labels = labels(...all, ...all.map((c) => c.toLowerCase())).labels;
  assert.throws(() => applyTool(g, 'letter', 4, 4), (e) => e.reason === 'noFreeLabel');
  assert.deepEqual(g.calls, []);
});

test('marks and lines at a point', () => {
  const m = { triangles: [[1, 1]], squares: [], circles: [], crosses: [], dimmed: [[1, 1]], labels: [{ point: [1, 1], text: 'A' }], lines: [{ from: [0, 0], to: [1, 1] }], arrows: [{ from: [2, 2], to: [3, 3] }] };
  assert.deepEqual(marksAt(m, 1, 1), ['triangle', 'dim', 'label']);
  assert.deepEqual(marksAt(m, 0, 0), []);
  assert.equal(lineAt(m, [1, 1], [0, 0]), 'line');
  assert.equal(lineAt(m, [2, 2], [3, 3]), 'arrow');
  assert.equal(lineAt(m, [3, 3], [2, 2]), null, 'an arrow has a direction');
});

test('right and wrong answers: the comment problem.js reads as such, the rest of it kept', () => {
  const rows = [
    [null, 'right', 'Correct.'],
    ['', 'wrong', 'Wrong.'],
    ['White escapes.', 'wrong', 'Wrong. White escapes.'],
    ['Wrong. White escapes.', 'right', 'Correct. White escapes.'],
    ['Correct! Well done', 'wrong', 'Wrong. Well done'],
    ['incorrect: too slow', 'right', 'Correct. too slow'],
    ['正解。', 'wrong', 'Wrong.'],
    ['Rightly so', 'wrong', 'Wrong. Rightly so'],
  ];
  for (const [before, verdict, after] of rows) {
    const c = answerComment(before, verdict);
    assert.equal(c, after, `${before} -> ${verdict}`);
    assert.equal(judgeText(c), verdict);
  }
});

test('what each tool did, in the editor\'s words (lib/strings/edit/), in every language', async () => {
  const { translator, addStrings } = await import('../../www/lib/i18n.js');
  const { STRINGS } = await import('../../www/lib/strings.js');
  const tables = {};
  for (const lang of ['en', 'es', 'hu', 'ja']) tables[lang] = (await import(`../../www/lib/strings/edit/${lang}.js`)).default;
  addStrings(STRINGS);
  addStrings(tables);
  const at = (p) => `${'ABCDEFGHJ'[p[0]]}${9 - p[1]}`;
  const rows = [
    [{ kind: 'stone', point: [2, 6], color: 'black' }, 'black', 'Black stone set up at C3.'],
    [{ kind: 'stone', point: [2, 6], color: null }, 'erase', 'Stone removed at C3.'],
    [{ kind: 'mark', point: [3, 5], mark: 'triangle' }, 'triangle', 'Triangle at D4.'],
    [{ kind: 'mark', point: [3, 5], mark: 'label', text: 'B' }, 'letter', 'Label B at D4'],
    [{ kind: 'unmark', point: [3, 5] }, 'erase', 'Marks removed at D4.'],
    [{ kind: 'line', from: [0, 0], to: [2, 2], line: 'arrow' }, 'arrow', 'Arrow from A9 to C7.'],
    [{ kind: 'line', from: [0, 0], to: [2, 2], line: null }, 'line', 'Removed the line from A9 to C7.'],
    [{ kind: 'from', point: [0, 0] }, 'line', 'Line from A9: choose where it ends.'],
    [{ kind: 'cancel', point: [0, 0] }, 'line', 'Line cancelled.'],
    [{ kind: 'move', point: [0, 0], player: 'black', captures: 0 }, 'alternate', null],
  ];
  for (const [r, tool, said] of rows) assert.equal(toolText(translator('en').t, r, at, tool), said, JSON.stringify(r));
  // Every language has words of its own for each (no key left unsaid).
  for (const lang of ['es', 'hu', 'ja']) {
    const t = translator(lang).t;
    for (const [r, tool, said] of rows.filter((x) => x[2])) {
      const text = toolText(t, r, at, tool);
      assert.ok(text && text !== said && !/edit\.|say\./.test(text), `${lang}: ${text}`);
    }
    for (const reason of EDIT_REFUSALS) assert.ok(tables[lang][`error.${reason}`], `${lang}: error.${reason}`);
  }
});

test('the annotation menus: each choice is one setAnnotation call in place of the group\'s, none when it is so already, and words in every language', async () => {
  const { MOVE_ANNOTATIONS, POSITION_ANNOTATIONS, MOVE_CHOICES, POSITION_CHOICES, choiceOf, annotate } = await import('../../www/lib/edit.js');
  const game = (annotations) => ({ annotations, calls: [], setAnnotation(kind, v) { this.calls.push([kind, v]); } });
  const rows = [
    // [the node's annotations, the group, the choice, the calls]
    [{}, MOVE_ANNOTATIONS, 'tesuji:2', [['tesuji', 2]]],
    [{ tesuji: 2 }, MOVE_ANNOTATIONS, 'tesuji:2', []],
    [{ tesuji: 2 }, MOVE_ANNOTATIONS, 'tesuji', [['tesuji', 1]]],
    [{ tesuji: 1, goodForBlack: 1 }, MOVE_ANNOTATIONS, 'bad', [['bad', 1]]],
    [{ bad: 2, even: 1 }, MOVE_ANNOTATIONS, '', [['bad', null]]],
    [{ bad: 2, even: 1 }, POSITION_ANNOTATIONS, '', [['even', null]]],
    [{ bad: 2 }, POSITION_ANNOTATIONS, '', []],
    [{ unclear: 1 }, POSITION_ANNOTATIONS, 'goodForWhite:2', [['goodForWhite', 2]]],
  ];
  for (const [annotations, kinds, choice, calls] of rows) {
    const g = game(annotations);
    assert.equal(annotate(g, kinds, choice), calls.length > 0, JSON.stringify([annotations, choice]));
    assert.deepEqual(g.calls, calls, JSON.stringify([annotations, choice]));
  }
  assert.equal(choiceOf({ even: 2, hotspot: 1 }, POSITION_ANNOTATIONS), 'even:2');
  assert.equal(choiceOf({ doubtful: 1 }, MOVE_ANNOTATIONS), 'doubtful');
  assert.equal(choiceOf(undefined, MOVE_ANNOTATIONS), '');
  // Every choice of each menu is a kind of its group, and has its words in every language.
  for (const [choices, kinds] of [[MOVE_CHOICES, MOVE_ANNOTATIONS], [POSITION_CHOICES, POSITION_ANNOTATIONS]]) {
    for (const c of choices) assert.ok(kinds.includes(c.split(':')[0]), c);
  }
  for (const lang of ['en', 'es', 'hu', 'ja']) {
    const table = (await import(`../../www/lib/strings/edit/${lang}.js`)).default;
    for (const c of ['none', ...MOVE_CHOICES, ...POSITION_CHOICES]) assert.ok(table[`edit.annotation.${c}`], `${lang}: ${c}`);
  }
});
