// The estimator through the built package: game.estimate(options?), autoMark() and
// setDead(x, y, dead), on diagram positions whose dead stones are plain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode, diagramSgf } from './load.mjs';

const { Game } = await load();

// A 9x9 ending: Black holds the left, White the right; one white stone inside Black's area
// (at 1,1) and one black stone inside White's (at 7,7) are dead.
const ENDING = [
  '...XO....',
  '.O.XO....',
  '...XO....',
  '...XO....',
  '...XO....',
  '...XO....',
  '...XO....',
  '...XO..X.',
  '...XO....',
];

function stopped(rows) {
  const g = Game.fromSgf(diagramSgf(rows), { rules: 'japanese-1989' });
  g.pass();
  assert.equal(g.pass(), true, 'two passes stop play');
  return g;
}

const key = (ps) => ps.map(([x, y]) => `${x},${y}`).sort();

test('estimate: ownership, the dead stones and the count with them; nothing changes', () => {
  const g = Game.fromSgf(diagramSgf(ENDING), { rules: 'japanese-1989' });
  const before = g.toSgf();
  const e = g.estimate({ seed: 7 });
  assert.ok(e.ownership instanceof Float32Array);
  assert.equal(e.ownership.length, 81);
  assert.ok(e.ownership.every((v) => v >= -1 && v <= 1));
  // Open areas stay uncertain in random playouts (an invader sometimes lives), but they lean
  // to their owner.
  assert.ok(e.ownership[0] > 0.2, 'the left leans to Black');
  assert.ok(e.ownership[8] < -0.2, 'the right leans to White');
  assert.deepEqual(key(e.dead), ['1,1', '7,7']);
  assert.deepEqual(e.seki, []);
  assert.deepEqual(e.warnings, []);
  // Black 27 points (one a dead stone's) and a prisoner, White 36 and a prisoner: White wins
  // by 9 and the komi.
  assert.equal(e.score.winner, 'white');
  assert.equal(e.score.margin, 9 + g.score().komi);
  assert.equal(e.score.result, `W+${9 + g.score().komi}`);
  assert.equal(g.toSgf(), before, 'estimate changes nothing');
  assert.equal(g.phase, 'playing');
});

test('estimate is deterministic for a seed', () => {
  const g = Game.fromSgf(diagramSgf(ENDING));
  const a = g.estimate({ seed: 3, playouts: 64 });
  const b = g.estimate({ seed: 3, playouts: 64 });
  assert.deepEqual([...a.ownership], [...b.ownership]);
});

test('estimate refuses bad options with invalidOptions', () => {
  const g = new Game({ size: 9 });
  for (const o of [{ playouts: 0 }, { playouts: 1.5 }, { playouts: 1e9 }, { seed: -1 }, { seed: 'x' }, 3, 'a']) {
    throwsCode(() => g.estimate(o), 'invalidOptions');
  }
  assert.equal(g.estimate().ownership.length, 81, 'the instance keeps working');
});

test('autoMark marks the proposal, undo takes it back; setDead sets a mark either way', () => {
  const g = stopped(ENDING);
  const proposed = g.estimate();
  const changed = g.autoMark();
  assert.equal(g.score().result, proposed.score.result, 'the count is the one the estimate gave');
  assert.deepEqual(key(changed), ['1,1', '7,7']);
  assert.deepEqual(key(g.score().dead), ['1,1', '7,7']);
  assert.deepEqual(g.autoMark(), [], 'a second call changes nothing');
  assert.deepEqual(key(g.setDead(1, 1, false)), ['1,1']);
  assert.deepEqual(g.setDead(1, 1, false), [], 'already alive');
  assert.deepEqual(key(g.setDead(1, 1, true)), ['1,1']);
  g.undo();
  assert.deepEqual(key(g.score().dead), ['7,7']);
  throwsCode(() => g.setDead(0, 0, true), 'noStone');
  throwsCode(() => g.setDead(3, 0, 'yes'), 'invalidOptions');
  throwsCode(() => g.setDead(30, 0, true), 'offBoard');
});

test('autoMark and setDead need play to have stopped', () => {
  const g = Game.fromSgf(diagramSgf(ENDING));
  throwsCode(() => g.autoMark(), 'notStopped');
  throwsCode(() => g.setDead(3, 0, true), 'notStopped');
  const area = new Game({ size: 9, rules: { preset: 'chinese', deadStones: 'as-it-stands' } });
  area.pass();
  area.pass();
  throwsCode(() => area.autoMark(), 'notAllowed');
});
