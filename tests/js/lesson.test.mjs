// The demo lesson (www/lesson.html) checked with the engine: every board's content reads; every
// problem sets the player to move, has a right and a wrong end, and every move of every branch is
// legal; the counting boards give the results the prose states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load, ROOT } from './load.mjs';
import { parseSgf } from '../../www/lib/sgf.js';
import { Record } from '../../www/lib/record.js';
import { judge, marksRight, endVerdict } from '../../www/lib/problem.js';
import { isDiagram, parseDiagram, diagramToSgf } from '../../www/lib/diagram.js';

const { Game } = await load();
const html = fs.readFileSync(path.join(ROOT, 'www', 'lesson.html'), 'utf8');
const boards = [...html.matchAll(/<tengen-board([^>]*)>([\s\S]*?)<\/tengen-board>/g)].map(([, attrs, body]) => ({
  attrs: Object.fromEntries([...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, v ?? ''])),
  body: body.trim(),
}));

/** Every end of the tree: { path, verdict }, walking with the engine (throws on an illegal move). */
function ends(record, learner, marked) {
  const out = [];
  const walk = (path) => {
    const node = record.node;
    const j = judge(node, learner, record.width, record.height);
    if (!node.children.length) {
      out.push({ path, verdict: j ?? endVerdict(path, marked) });
      return;
    }
    node.children.forEach((_, i) => {
      record.next(i);
      walk([...path, i]);
      record.previous();
    });
  };
  walk([]);
  return out;
}

test('the lesson has every mode and at least six problems', () => {
  const modes = new Set(boards.map((b) => b.attrs.mode));
  for (const m of ['play', 'view', 'problem', 'diagram']) assert.ok(modes.has(m), m);
  assert.ok(boards.filter((b) => b.attrs.mode === 'problem').length >= 6);
  assert.ok(boards.every((b) => b.attrs.label), 'every board has a label');
});

test('every problem: PL at the root, legal branches, a right end and a wrong end', () => {
  for (const b of boards.filter((x) => x.attrs.mode === 'problem')) {
    const r = Record.fromSgf(Game, b.body);
    assert.ok(r.root.props.PL, `${b.attrs.label}: PL`);
    const learner = r.game.toMove;
    const all = ends(r, learner, marksRight(r.root, learner));
    assert.ok(all.some((e) => e.verdict === 'right'), `${b.attrs.label}: a right end`);
    assert.ok(all.some((e) => e.verdict === 'wrong'), `${b.attrs.label}: a wrong end`);
    for (const e of all) {
      r.goTo(e.path);
      const c = r.node.props.C?.[0] ?? '';
      assert.match(c, e.verdict === 'right' ? /^Correct/ : /^Wrong/, `${b.attrs.label}: the comment at ${e.path}`);
    }
    r.free();
  }
});

test('problems capture what their comments say', () => {
  const capture = (label, path, color, n) => {
    const b = boards.find((x) => x.attrs.label.startsWith(label));
    const r = Record.fromSgf(Game, b.body);
    r.goTo(path);
    assert.equal(r.game.captures[color], n, `${label} ${path}`);
    r.free();
  };
  capture('Problem 1', [0], 'black', 1);
  capture('Problem 2', [0], 'black', 2);
  capture('Problem 3', [0, 0, 0], 'black', 1);
  capture('Problem 4', [0], 'black', 2);
  capture('Problem 4', [1, 0], 'white', 1);
  capture('Problem 5', [0], 'black', 1);
  capture('Problem 7', [1, 0], 'white', 1);
});

test('the ko record replays, and the ko is refused where the prose says', () => {
  const b = boards.find((x) => x.attrs.mode === 'view');
  const r = Record.fromSgf(Game, b.body);
  r.next();
  assert.equal(r.game.legality(1, 1), 'ko', 'White may not retake at B8 at once');
  while (r.next());
  assert.equal(r.game.moveNumber, 4);
  assert.equal(r.game.captures.white, 1, 'White retook');
  r.free();
});

test('the counting boards: B+3 under J89, B+4 under area rules, the seki B+13', () => {
  const counted = boards.filter((b) => b.attrs.mode === 'play' && b.body);
  const results = counted.map((b) => {
    const r = Record.fromSgf(Game, b.body, { rules: b.attrs.rules, komi: Number(b.attrs.komi) });
    r.move(null);
    r.move(null);
    assert.equal(r.game.phase, 'stopped');
    const s = r.game.score();
    r.free();
    return s.result;
  });
  assert.deepEqual(results, ['B+3', 'B+4', 'B+13']);
});

test('the diagrams read, and their numbered moves are legal', () => {
  for (const b of boards.filter((x) => isDiagram(x.body))) {
    const d = parseDiagram(b.body);
    const r = Record.fromSgf(Game, diagramToSgf(d));
    while (r.next());
    assert.equal(r.game.moveNumber, d.moves.length);
    r.free();
  }
  const [capture, seki] = boards.filter((x) => isDiagram(x.body)).map((x) => parseDiagram(x.body));
  assert.deepEqual(capture.region, { x0: 0, y0: 0, x1: 7, y1: 6 });
  assert.equal(seki.region, null);
  assert.deepEqual(seki.labels.map((l) => l.text), ['a', 'b']);
  assert.ok(parseSgf(diagramToSgf(capture))[0].children.length === 1);
});
