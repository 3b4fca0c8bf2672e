// Saved games (www/app/session.js with www/app/storage.js's shape) in Node, on the built package.
// tests/js/saves/*.json are saves as the release before the one save shape wrote them (version
// 1: a game played here as options and actions, a record as SGF, path and extra), each with what
// the page showed then. Each is read, must show the same, is saved again in the current shape
// (version 2: the tree's SGF with the nodes played here marked, the path, the actions at the
// node) and read back, and must again show the same; then undo, step by step on the game
// read from version 1 and on the one read from version 2, takes back the same things.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load, ROOT } from './load.mjs';
import { Session } from '../../www/app/session.js';

const { Game } = await load();
const DIR = path.join(ROOT, 'tests', 'js', 'saves');
const FILES = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

const session = () => new Session({ Game, today: () => '2026-11-28' });

/** What the page shows of a session's game, as the saves' `shown` has it. */
function shown(s) {
  const g = s.game;
  const c = g.score();
  return {
    board: Array.from(g.board()), phase: g.phase, toMove: g.toMove, outcome: g.outcome ?? null,
    handicapLeft: g.handicapLeft, moveNumber: g.moveNumber, path: g.path,
    score: { result: c.result, dead: c.dead },
    // The computer opponent the record names since (TO) is checked apart: the first shape had none.
    sgf: g.toSgf().replace(/TO\[[^\]]*\]/, ''), actions: s.actions, extra: s.extra, record: s.record && { name: s.record.name },
    info: s.gameInfo(),
  };
}

/**
 * What a save keeps of a game played here: its actions but the dead marks made before a
 * resumption that a move followed (the record has the moves; marks that stopped counting once
 * play resumed are not kept; those at the current node are).
 */
function kept(view) {
  const moved = view.actions.findLastIndex((a) => a[0] === 'place' || a[0] === 'pass');
  const resumed = view.actions.findLastIndex((a, i) => a[0] === 'resume' && i < moved);
  return { ...view, actions: view.actions.filter((a, i) => !(a[0] === 'dead' && i < resumed)) };
}

/** The session's snapshot as storage writes it (storage.js adds the version) and reads it back. */
const stored = (s) => JSON.parse(JSON.stringify({ v: 2, ...s.snapshot() }));

test('the saves of the first shape are there to test with', () => {
  assert.ok(FILES.length >= 5, `${FILES.length} saves in ${DIR}`);
  const kinds = FILES.map((f) => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')).saved);
  assert.ok(kinds.some((d) => d.options) && kinds.some((d) => typeof d.sgf === 'string'), 'both kinds');
});

for (const file of FILES) {
  const { about, saved, shown: then } = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));

  test(`${file} (${about}): read, shown as before, saved in the current shape and read back the same`, () => {
    const old = session();
    old.load(saved);
    assert.deepEqual(shown(old), then, 'the first shape shows what it showed');
    const now = stored(old);
    assert.deepEqual(Object.keys(now).sort(), ['extra', 'game', 'opponent', 'options', 'path', 'record', 'sgf', 'v']);
    assert.equal(typeof now.sgf, 'string');
    assert.equal(now.record === null, !then.record, 'a record stays a record, a game played here one played here');
    if (saved.opponent) assert.deepEqual(now.opponent, saved.opponent);
    // A game against the computer names it in its record now.
    assert.deepEqual(old.game.opponent, saved.opponent ?? null);
    const again = session();
    again.load(now);
    assert.deepEqual(shown(again), then, 'the current shape shows the same');
    assert.deepEqual(stored(again), now, 'and saves the same again');

    // Undo, until nothing is left to take back, takes back the same on both.
    let steps = 0;
    while (old.canUndoHere()) {
      old.undo();
      again.undo();
      steps++;
      assert.deepEqual(shown(again), shown(old), `after undo ${steps}`);
    }
    assert.equal(again.canUndoHere(), false, `both have nothing left after ${steps} undos`);
    assert.ok(steps > 0);
    old.game.free();
    again.game.free();
  });
}

test('a game played here and a record, saved in the current shape at every step, read back the same', () => {
  const s = session();
  s.newGame({ size: 9, rules: 'japanese-1989', komi: 6.5 }, [], { info: { PB: 'Ana', DT: '2026-11-28' } });
  const check = (what) => {
    const t = session();
    t.load(stored(s));
    assert.deepEqual(shown(t), kept(shown(s)), what);
    t.game.free();
  };
  check('a fresh game');
  for (const [i, p] of [[4, 4], [2, 2], [6, 6], [2, 6]].entries()) {
    s.perform(['place', ...p]);
    check(`after move ${i + 1}`);
  }
  s.undo();
  check('after an undo');
  s.perform(['pass']);
  s.perform(['pass']);
  check('stopped');
  s.perform(['resume', 'white']);
  check('resumed');
  s.perform(['place', 0, 0]);
  check('a move after the resumption');
  s.setInfo({ PW: 'Bo' });
  check('game information given');
  s.game.free();
});
