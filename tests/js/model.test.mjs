// One game model: a game is a tree of positions with a current node, whether
// made by `new Game` or read by `Game.fromSgf`. Navigating never changes what a game is: a
// refused call changes nothing, undo means the same before and after any navigation, and
// free handicap stones are the root's set-up wherever play went.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

/** Everything observable, the record included. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, captures: g.captures,
    moveNumber: g.moveNumber, lastMove: g.lastMove, sgf: g.toSgf(), path: g.path, variations: g.variations(),
  });
}

test('A: a refused goTo changes nothing; undo then takes back the last move, which leaves the record', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.place(6, 6);
  const before = state(g);
  throwsCode(() => g.goTo([5]), 'invalidOptions');
  assert.equal(state(g), before, 'the refused goTo changed nothing');
  g.undo();
  assert.equal(g.moveNumber, 1);
  assert.doesNotMatch(g.toSgf(), /W\[gg\]/, 'the undone move is not in the record');
  assert.deepEqual(g.path, [0]);
  g.free();
});

test('A: after a refused goTo, undo takes back the resignation only', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.resign('white');
  throwsCode(() => g.goTo([5]), 'invalidOptions');
  g.undo();
  assert.equal(g.phase, 'playing');
  assert.equal(g.moveNumber, 1, 'the move stays');
  assert.match(g.toSgf(), /;B\[cc\]/);
  g.free();
});

test('A: going to the node one is at changes nothing: a resumed game keeps playing', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.pass();
  g.pass();
  assert.equal(g.phase, 'stopped');
  g.resume('black');
  const before = state(g);
  g.goTo(g.path);
  assert.equal(state(g), before);
  assert.equal(g.phase, 'playing');
  g.free();
});

test('A: free handicap stones are written as the root\'s AB after any navigation', () => {
  for (const navigate of [() => {}, (g) => g.goTo([]), (g) => g.previous(), (g) => g.next(), (g) => g.path, (g) => g.variations()]) {
    const g = new Game({ size: 9, handicap: 2, handicapPlacement: 'free' });
    navigate(g);
    g.place(2, 2);
    navigate(g);
    g.place(6, 6);
    assert.equal(g.toMove, 'white');
    assert.match(g.toSgf(), /AB\[cc\]\[gg\]/, String(navigate));
    assert.doesNotMatch(g.toSgf(), /;B\[/, 'no handicap stone as a move');
    // Undo takes the stones back one by one, from the root's set-up too.
    g.undo();
    assert.match(g.toSgf(), /AB\[cc\]/);
    assert.doesNotMatch(g.toSgf(), /gg/);
    g.undo();
    assert.doesNotMatch(g.toSgf(), /AB/);
    throwsCode(() => g.undo(), 'notAllowed');
    // Written and read back, the game is the same.
    g.place(4, 4);
    g.place(2, 6);
    g.place(3, 3);
    const back = Game.fromSgf(g.toSgf());
    assert.deepEqual(Array.from(back.board()), Array.from(g.board()));
    assert.equal(back.toMove, g.toMove);
    back.free();
    g.free();
  }
});

test('A: undo has one meaning: the last thing done at the node, else a step back that drops a move played here and not followed', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.place(6, 6);
  g.previous();
  // At B C7 with W G3 after it: undo steps back, the moves stay (something follows C7).
  g.undo();
  assert.deepEqual(g.path, []);
  assert.match(g.toSgf(), /;B\[cc\];W\[gg\]/);
  g.next();
  g.next();
  g.undo();
  assert.doesNotMatch(g.toSgf(), /W\[gg\]/, 'a leaf played here is removed');
  // A record's own moves are never removed by undo: it steps back through them.
  const r = Game.fromSgf('(;SZ[9];B[cc];W[gg])');
  r.undo();
  assert.deepEqual(r.path, [0]);
  assert.match(r.toSgf(), /W\[gg\]/);
  // A move played on the record is removed again by undo.
  r.place(4, 4);
  assert.deepEqual(r.path, [0, 1]);
  r.undo();
  assert.deepEqual(r.variations().length, 1);
  r.free();
  g.free();
});

test('A: random calls of every operation on a new game and on a record: refused calls change nothing; undo restores exactly', () => {
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let checked = 0;
  for (const make of [() => new Game({ size: 5 }), () => Game.fromSgf('(;SZ[5];B[cc](;W[dd];B[bb])(;W[bc]))')]) {
    const g = make();
    for (let i = 0; i < 1500; i++) {
      const before = state(g);
      const op = rand(9);
      let ok = true;
      try {
        switch (op) {
          case 0: case 1: g.place(rand(5), rand(5)); break;
          case 2: g.pass(); break;
          case 3: ok = g.next(rand(3)) !== false; break;
          case 4: ok = g.previous() !== false; break;
          case 5: g.goTo(Array.from({ length: rand(4) }, () => rand(2))); break;
          case 6: g.resume(rand(2) ? 'black' : 'white'); break;
          case 7: g.markDead(rand(5), rand(5)); break;
          default: g.undo();
        }
      } catch (e) {
        assert.ok(typeof e.code === 'string', `a coded error: ${e.message}`);
        assert.equal(state(g), before, `a refused call changes nothing (op ${op})`);
        checked++;
        continue;
      }
      // A move played here, taken back by undo at once, leaves everything as it was.
      if (ok && (op === 0 || op === 1 || op === 2) && state(g) !== before) {
        const after = state(g);
        const extra = JSON.parse(after).variations.length === 0;
        g.undo();
        if (extra) assert.equal(state(g), before, 'undo restores the state before the move');
        checked++;
      }
    }
    // The record reads back as the same tree.
    const back = Game.fromSgf(g.toSgf(), { lenient: true });
    assert.equal(back.toSgf(), g.toSgf());
    back.free();
    g.free();
  }
  assert.ok(checked > 100, `${checked} checks`);
});

test('A: a handicap stone is taken back only when no move follows it (found by the model fuzz)', () => {
  const g = new Game({ size: 5, rules: 'chinese', handicap: 2, handicapPlacement: 'free' });
  g.place(3, 3);
  g.place(1, 1);
  g.place(4, 4);
  g.previous();
  assert.deepEqual(g.path, []);
  const before = state(g);
  // White's move at E1 follows the stones: undo at the root has nothing to take back.
  throwsCode(() => g.undo(), 'notAllowed');
  assert.equal(state(g), before);
  // Back at the move, undo takes it back; then the stones can go.
  g.next();
  g.undo();
  g.undo();
  assert.match(g.toSgf(), /AB\[dd\]\)/);
  g.free();
});

test('notAllowed errors say which refusal it was (reason), each case once', () => {
  const reason = (fn) => {
    const e = throwsCode(fn, 'notAllowed');
    return e.reason;
  };
  const g = new Game({ size: 9 });
  assert.equal(reason(() => g.undo()), 'nothingToUndo');
  assert.equal(reason(() => g.resign('purple')), 'notAPlayer');
  assert.equal(reason(() => g.declareNoResult()), 'noRepetition');
  g.free();
  const free = new Game({ size: 9, handicap: 2, handicapPlacement: 'free' });
  assert.equal(reason(() => free.pass()), 'handicapFirst');
  free.free();
  const area = new Game({ size: 9, rules: { preset: 'chinese' } });
  assert.equal(reason(() => area.declareNoResult()), 'repetitionForbidden');
  area.free();
  const tt = new Game({ size: 5, rules: { preset: 'tromp-taylor' } });
  tt.place(2, 2);
  tt.pass();
  tt.pass();
  assert.equal(tt.phase, 'finished');
  assert.equal(reason(() => tt.markDead(2, 2)), 'asItStands');
  tt.free();
  // Both passed at once after a resumption: every stone counts as alive (seed 004 5.1).
  const j = new Game({ size: 5, rules: { preset: 'basic' } });
  j.place(2, 2);
  j.pass();
  j.pass();
  j.resume('black');
  j.pass();
  j.pass();
  assert.equal(reason(() => j.markDead(2, 2)), 'allAlive');
  j.free();
  // A code other than notAllowed has no reason.
  const k = new Game({ size: 5 });
  k.place(1, 1);
  assert.equal(throwsCode(() => k.place(1, 1), 'occupied').reason, undefined);
  k.free();
});
