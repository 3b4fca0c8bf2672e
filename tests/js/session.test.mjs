// The page's session core (www/app/session.js) in Node, on the built package: a real game's flow
// (moves, a capture, undo, both passes, the proposed dead stones and marking, the count, the
// result, resuming), a record read from SGF text and navigated, games against the computer,
// storage's snapshot played back, refusals that change nothing, and edit mode (an empty board to
// set up, a game played here made a record, edits in the snapshot, undo and redo).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';
import { Session, chainStarts, cleanOptions } from '../../www/app/session.js';
import { writeInfo } from '../../www/app/game-info.js';
import { applyTool, answerComment } from '../../www/lib/edit.js';

const { Game } = await load();
const TODAY = '2026-11-28';

/** A session with its changes logged as 'kind' or 'kind:how'. */
function session() {
  const s = new Session({ Game, today: () => TODAY });
  s.log = [];
  s.on((c) => s.log.push(c.how ? `${c.kind}:${c.how}` : c.kind));
  return s;
}

/** What a refused call must leave as it was. */
function state(s) {
  return JSON.stringify({
    actions: s.actions, extra: s.extra, board: Array.from(s.game.board()), phase: s.game.phase, toMove: s.game.toMove,
    path: s.record ? s.game.path : null, version: s.version, log: s.log.length, sgf: s.game.toSgf(), info: s.info,
  });
}

/** Asserts that fn throws an error with this code (and reason) and changes nothing. */
function refused(s, fn, code, reason) {
  const before = state(s);
  let err;
  try { fn(); } catch (e) { err = e; }
  assert.ok(err, `expected ${code}`);
  assert.equal(err.code, code, err.message);
  if (reason) assert.equal(err.reason, reason);
  assert.equal(state(s), before, `${code}: nothing changed`);
}

const stone = (s, x, y) => s.game.board()[y * s.game.width + x];

// 7x7, Japanese rules: Black's wall on column D, White's on column E, Black's stone at A4 and a
// lone White stone at B6 inside Black's side, which the estimate sees dead.
const WALLS = [[3, 0], [4, 0], [3, 1], [4, 1], [3, 2], [4, 2], [3, 3], [4, 3], [3, 4], [4, 4], [3, 5], [4, 5], [3, 6], [4, 6], [0, 3], [1, 1]];

test('a game played here: moves, a capture, undo; refusals change nothing', () => {
  const s = session();
  s.newGame({ size: 9, rules: 'japanese-1989', komi: 6.5 });
  assert.deepEqual(s.log, ['game:new']);
  refused(s, () => s.undo(), 'notAllowed', 'nothingToUndo');

  s.perform(['place', 1, 0]);
  s.perform(['place', 0, 0]);
  const c = s.perform(['place', 0, 1]);
  assert.equal(c.kind, 'action');
  assert.equal(c.result, 1, 'one stone captured');
  assert.deepEqual(c.before, { toMove: 'black', handicapLeft: 0 });
  assert.equal(stone(s, 0, 0), 0);
  assert.deepEqual(s.game.captures, { black: 1, white: 0 });
  assert.deepEqual(s.actions, [['place', 1, 0], ['place', 0, 0], ['place', 0, 1]]);
  assert.equal(s.version, 4);

  refused(s, () => s.perform(['place', 1, 0]), 'occupied');
  refused(s, () => s.perform(['place', 9, 0]), 'offBoard');
  refused(s, () => s.perform(['dead', 1, 0]), 'notStopped');
  refused(s, () => s.perform(['finish']), 'notStopped');
  refused(s, () => s.newGame({ size: 1 }), 'invalidOptions');
  refused(s, () => s.newGame({ size: 9 }, [['place', 0, 0], ['place', 0, 0]]), 'occupied');
  refused(s, () => s.newGame({ size: 9 }, [['jump', 0, 0]]), 'invalidOptions');

  s.undo();
  assert.equal(s.log.at(-1), 'undo');
  assert.equal(stone(s, 0, 0), -1, 'the captured stone is back');
  assert.deepEqual(s.game.captures, { black: 0, white: 0 });
  assert.deepEqual(s.actions, [['place', 1, 0], ['place', 0, 0]]);
  assert.equal(s.game.toMove, 'black');
  s.perform(['place', 0, 1]);
  refused(s, () => s.perform(['place', 0, 0]), 'suicide');
  s.game.free();
});

test('both pass: the proposal marked, marking, resuming, the count and the result', () => {
  const s = session();
  s.newGame({ size: 7, rules: 'japanese-1989', komi: 0.5 });
  for (const p of WALLS) s.perform(['place', ...p]);
  const pass1 = s.perform(['pass']);
  assert.equal(s.game.phase, 'playing');
  assert.equal(s.proposed, null);
  assert.equal(pass1.before.toMove, 'black');
  s.perform(['pass']);
  assert.equal(s.game.phase, 'stopped');
  assert.ok(s.counting());
  assert.deepEqual(s.proposed, { stones: 1 }, 'the estimate proposes B6 dead');
  assert.deepEqual(s.actions.slice(-3), [['pass'], ['pass'], ['dead', 1, 1]], 'recorded as a marking action');
  assert.deepEqual(s.game.score().dead, [[1, 1]]);
  assert.equal(s.game.score().result, 'B+6.5');
  assert.equal(s.deadToConfirm(), 0, 'stones are marked: Finish asks nothing');
  refused(s, () => s.perform(['place', 2, 2]), 'notPlaying');

  // Marking toggles the chain; its count changes at once.
  s.perform(['dead', 1, 1]);
  assert.deepEqual(s.proposed, { stones: 1 }, 'still the proposal\'s marking');
  assert.deepEqual(s.game.score().dead, []);
  assert.notEqual(s.game.score().result, 'B+6.5');
  assert.equal(s.deadToConfirm(), 1, 'nothing marked where the estimate sees a dead stone: Finish asks first');
  s.undo();
  assert.deepEqual(s.game.score().dead, [[1, 1]], 'undo takes the mark back');

  // Resuming: play goes on, the marks are gone; two more passes propose again.
  s.perform(['resume', 'white']);
  assert.equal(s.game.phase, 'playing');
  assert.equal(s.game.toMove, 'black', 'the requester\'s opponent plays first');
  assert.deepEqual(s.game.score().dead, []);
  s.perform(['place', 2, 2]); // inside Black's own territory: one point less under Japanese rules
  s.perform(['pass']);
  s.perform(['pass']);
  assert.equal(s.game.phase, 'stopped');
  assert.deepEqual(s.proposed, { stones: 1 });

  s.perform(['finish']);
  assert.equal(s.game.phase, 'finished');
  assert.equal(s.game.outcome, 'counted');
  assert.equal(s.game.score().result, 'B+5.5');
  assert.ok(s.counting());
  refused(s, () => s.perform(['pass']), 'notPlaying');
  s.game.free();
});

test('the estimate shows until the next action; it is no change of the position', () => {
  const s = session();
  s.newGame({ size: 7, rules: 'japanese-1989', komi: 0.5 });
  for (const p of WALLS) s.perform(['place', ...p]);
  const v = s.version;
  const e = s.toggleEstimate();
  assert.equal(e.ownership.length, 49);
  assert.equal(e.faded[1 * 7 + 1], 1, 'B6 looks dead');
  assert.equal(s.version, v);
  assert.equal(s.log.at(-1), 'estimate');
  s.perform(['place', 6, 6]);
  assert.equal(s.estimate, null, 'any action clears it');
  s.toggleEstimate();
  assert.equal(s.toggleEstimate(), null, 'a second press hides it');
  s.game.free();
});

test('resignation, its undo, and no result', () => {
  const s = session();
  s.newGame({ size: 9, rules: 'japanese-1989', komi: 6.5 });
  s.perform(['place', 4, 4]);
  s.perform(['resign', 'white']);
  assert.equal(s.game.phase, 'finished');
  assert.equal(s.game.outcome, 'resigned');
  assert.equal(s.game.score().result, 'B+R');
  assert.equal(s.counting(), false, 'no count after a resignation');
  refused(s, () => s.perform(['resign', 'black']), 'notPlaying');
  s.undo();
  assert.equal(s.game.phase, 'playing');
  assert.equal(s.game.toMove, 'white');
  assert.deepEqual(s.actions, [['place', 4, 4]]);
  refused(s, () => s.perform(['noResult']), 'notAllowed', 'noRepetition');
  s.game.free();
});

test('against the computer: its turn refuses the player\'s moves; undo takes back its move and the player\'s', () => {
  const s = session();
  const opponent = { computer: 'white', level: 'beginner', seed: 7 };
  s.newGame({ size: 9, rules: 'chinese', komi: 7.5 }, [], { opponent: { ...opponent, extra: 1 } });
  assert.deepEqual(s.opponent, opponent, 'only the known fields');
  assert.equal(s.computerToMove(), false);
  s.perform(['place', 2, 2]);
  assert.equal(s.computerToMove(), true);
  refused(s, () => s.perform(['place', 6, 6]), 'computerTurn');
  refused(s, () => s.perform(['pass']), 'computerTurn');
  const c = s.perform(['place', 6, 6], { computer: true });
  assert.equal(c.computer, true);
  assert.equal(s.computerToMove(), false);
  s.perform(['place', 2, 6]);
  // While the computer is to move, undo takes back the player's move alone.
  s.undo();
  assert.deepEqual(s.actions, [['place', 2, 2], ['place', 6, 6]]);
  // On the player's turn, the computer's move and the player's.
  s.undo();
  assert.deepEqual(s.actions, []);
  assert.equal(s.game.toMove, 'black');
  // A resignation undone leaves the player to move.
  s.perform(['place', 2, 2]);
  s.perform(['place', 6, 6], { computer: true });
  s.perform(['resign', 'black']);
  s.undo();
  assert.equal(s.game.toMove, 'black');
  assert.equal(s.computerToMove(), false);
  assert.equal(s.actions.length, 2);
  // A bad opponent from storage is none.
  s.newGame({ size: 9 }, [], { opponent: { computer: 'green', level: 'beginner', seed: 1 } });
  assert.equal(s.opponent, null);
  s.game.free();
});

test('the snapshot storage keeps plays back the same game; a new game keeps the one it replaced for undo', () => {
  const s = session();
  s.newGame({ size: 7, rules: 'japanese-1989', komi: 0.5 }, [], { info: { PB: ' Alice ', XX: 'no', DT: TODAY } });
  assert.deepEqual(s.info, { PB: 'Alice', DT: TODAY }, 'known ids with text only');
  for (const p of WALLS) s.perform(['place', ...p]);
  s.perform(['pass']);
  s.perform(['pass']);
  const snap = JSON.parse(JSON.stringify(s.snapshot()));
  assert.deepEqual(Object.keys(snap).sort(), ['extra', 'game', 'opponent', 'options', 'path', 'record', 'sgf']);
  assert.equal(snap.record, null, 'a game played here');

  const t = session();
  t.load(snap);
  assert.deepEqual(t.log, ['game:boot']);
  assert.equal(t.game.phase, 'stopped');
  assert.deepEqual(t.game.score().dead, [[1, 1]]);
  assert.deepEqual(t.actions, s.actions);
  assert.equal(t.game.toSgf(), s.game.toSgf());
  t.game.free();

  // A new game chosen by the player keeps the players and today's date, and the game before.
  s.setInfo({ PW: 'Bob', DT: '2020-01-01' });
  s.startGame({ size: 9, rules: 'japanese-1989', komi: 6.5 });
  assert.deepEqual(s.info, { PB: 'Alice', PW: 'Bob', DT: TODAY });
  assert.deepEqual(s.actions, []);
  assert.ok(s.canUndo() && !s.canUndoHere());
  s.undo();
  assert.equal(s.log.at(-1), 'game:back');
  assert.equal(s.game.width, 7);
  assert.equal(s.game.phase, 'stopped');
  assert.equal(s.actions.length, WALLS.length + 3);
  assert.equal(s.replaced, null);
  // Options the engine refuses leave everything as it was, the game kept for undo too.
  const before = s.replaced;
  refused(s, () => s.startGame({ size: 9, rules: 'japanese-1989', komi: 6.5, handicap: 99 }), 'invalidOptions');
  assert.equal(s.replaced, before);
  s.game.free();
});

test('a record from SGF text: opened at the end of its main line, navigated, a move played in it, saved and reopened', () => {
  const s = session();
  s.newGame({ size: 9 });
  s.perform(['place', 4, 4]);
  const sgf = '(;GM[1]FF[4]SZ[9]PB[Black]PW[White]GN[Test];B[cc];W[gg]C[two](;B[cg];W[gc])(;B[gc]))';
  const r = s.openSgf(sgf, 'test.sgf');
  assert.equal(r.problem, null);
  assert.deepEqual(s.log.slice(-1), ['game:opened']);
  assert.deepEqual(s.record, { name: 'test.sgf', games: null });
  assert.deepEqual(s.game.path, [0, 0, 0, 0]);
  assert.equal(s.game.moveNumber, 4);
  assert.equal(s.options, null);
  assert.equal(s.gameInfo().black, 'Black');

  refused(s, () => s.next(), 'endOfLine');
  s.previous();
  s.previous();
  assert.equal(s.log.at(-1), 'navigate');
  assert.equal(s.game.comment, 'two');
  assert.equal(s.game.variations().length, 2);
  s.next(1);
  assert.deepEqual(s.game.path, [0, 0, 1]);
  assert.deepEqual(s.game.lastMove, { player: 'black', point: [6, 2] });
  s.first();
  assert.deepEqual(s.game.path, []);
  const v = s.version;
  s.previous(); // at the root: nowhere to go, no change
  assert.equal(s.version, v);
  s.last();
  assert.deepEqual(s.game.path, [0, 0, 0, 0]);

  // Move numbers on the stones, from the engine, up to this node.
  assert.deepEqual(s.game.moveNumbers().map((l) => String(l.number)).sort(), ['1', '2', '3', '4']);
  s.previous();
  s.previous();
  assert.deepEqual(s.game.moveNumbers().map((l) => String(l.number)).sort(), ['1', '2']);

  // A move played in the record is a new variation there; a resignation is an action at the node.
  s.perform(['place', 4, 4]);
  assert.deepEqual(s.game.path, [0, 0, 2]);
  assert.deepEqual(s.extra, []);
  s.perform(['resign', 'white']);
  assert.deepEqual(s.extra, [['resign', 'white']]);
  s.setInfo({ PB: 'Alice', EV: 'Club night' });
  assert.equal(s.log.at(-1), 'info');
  assert.equal(s.gameInfo().black, 'Alice');
  assert.match(s.sgf(), /PB\[Alice\]/);
  assert.match(s.sgf(), /EV\[Club night\]/);

  const snap = JSON.parse(JSON.stringify(s.snapshot()));
  assert.deepEqual(snap.path, [0, 0, 2]);
  assert.deepEqual(snap.extra, [['resign', 'white']]);
  const t = session();
  t.load(snap);
  assert.equal(t.game.phase, 'finished');
  assert.equal(t.game.score().result, 'B+R');
  assert.equal(t.gameInfo().black, 'Alice');
  assert.equal(t.record.name, 'test.sgf');
  t.undo();
  assert.equal(t.game.phase, 'playing');
  t.game.free();

  // Undo steps back through the record, then brings back the game it replaced.
  s.undo();
  s.undo();
  assert.deepEqual(s.game.path, [0, 0]);
  s.first();
  assert.equal(s.canUndoHere(), false);
  s.undo();
  assert.equal(s.log.at(-1), 'game:back');
  assert.equal(s.record, null);
  assert.deepEqual(s.actions, [['place', 4, 4]]);
  s.game.free();
});

test('SGF that cannot be read changes nothing; a lenient reading says why; a file of several games', () => {
  const s = session();
  s.newGame({ size: 9 });
  s.perform(['place', 4, 4]);
  refused(s, () => s.openSgf('not sgf'), 'sgf');
  const r = s.openSgf('(;GM[1]FF[4]SZ[9];B[ee];W[ee])', 'bad.sgf');
  assert.equal(r.problem.code, 'illegalMove', 'the strict reading refused it');
  assert.equal(s.game.moveNumber, 2, 'read leniently, the move against the rules played for viewing');
  assert.ok(r.warnings.length > 0);

  const file = '(;GM[1]FF[4]SZ[9]PB[A]PW[B];B[aa])(;GM[1]FF[4]SZ[13]GN[Second];B[bb];W[cc])';
  s.openSgf(new TextEncoder().encode(file), 'two.sgf');
  assert.deepEqual(s.record.games.map((g) => [g.index, g.width, g.gameName ?? null]), [[0, 9, null], [1, 13, 'Second']]);
  assert.equal(s.chooseGame(0), false, 'the game shown');
  assert.equal(s.chooseGame(5), false, 'no such game');
  s.setInfo({ EV: 'Kept' });
  assert.equal(s.chooseGame(1), true);
  assert.equal(s.log.at(-1), 'game:chosen');
  assert.equal(s.game.width, 13);
  assert.equal(s.game.gameIndex, 1);
  assert.match(s.sgf(), /EV\[Kept\]/, 'the first game\'s change is kept in the file');
  s.game.free();
});

test('helpers: chain starts, the options the engine reads, game info written into a root', () => {
  // Two chains: a black pair and a single black stone, on a 3x3 board.
  const board = Int8Array.from([1, 1, 0, 0, 0, 0, 1, 0, 0]);
  assert.deepEqual(chainStarts([[1, 0], [0, 0], [0, 2]], board, 3), [[1, 0], [0, 2]]);
  assert.deepEqual(cleanOptions({ size: { width: 5, height: 3, x: 1 }, rules: 'chinese', komi: 7.5, handicap: 0, evil: true }),
    { size: { width: 5, height: 3 }, rules: 'chinese', komi: 7.5, handicap: 0, handicapPlacement: undefined });
  const g = Game.fromSgf('(;GM[1]SZ[9]PW[Bob];B[aa])');
  writeInfo(g, { PB: 'Alice', PW: '' });
  assert.equal(g.toSgf().includes('PB[Alice]'), true);
  assert.equal(g.toSgf().includes('PW['), false);
  g.free();
});

// ---- edit mode ------------------------------------------------------------------------------------

test('edit mode: an empty board to set up, edits saved in the snapshot and read back, undo and redo', () => {
  const s = session();
  s.newProblem(9);
  assert.deepEqual(s.log, ['game:new']);
  assert.equal(s.game.width, 9);
  assert.deepEqual(s.record, { name: '', games: null });
  assert.equal(s.canUndo(), false);
  refused(s, () => s.redo(), 'notAllowed', 'nothingToRedo');
  refused(s, () => s.newProblem(1), 'invalidOptions');
  refused(s, () => s.newProblem(9.5), 'invalidOptions');

  const c = s.edit('tool', (g) => applyTool(g, 'black', 2, 2));
  assert.equal(c.kind, 'edit');
  assert.deepEqual(c.result, { kind: 'stone', point: [2, 2], color: 'black' });
  assert.equal(stone(s, 2, 2), 1);
  assert.equal(s.canUndo(), true, 'an edit at the root is undone');
  s.edit('tool', (g) => applyTool(g, 'letter', 3, 3));
  s.edit('comment', (g) => g.setComment('Black to play.'));
  // The first point of a line is no change: nothing saved, nothing told.
  const version = s.version;
  assert.deepEqual(s.edit('tool', (g) => applyTool(g, 'line', 0, 0)), { kind: 'from', point: [0, 0] });
  assert.equal(s.version, version);
  // A refusal changes nothing (the session's state and the tree).
  refused(s, () => s.edit('tool', (g) => applyTool(g, 'erase', 8, 8)), 'notAllowed', 'nothingToErase');
  refused(s, () => s.edit('delete', (g) => g.deleteNode()), 'notAllowed', 'atRoot');
  refused(s, () => s.edit('annotation', (g) => g.setAnnotation('tesuji', 1)), 'notAllowed', 'noMove');

  // A move with the alternate tool, a right answer on it.
  s.edit('tool', (g) => applyTool(g, 'alternate', 4, 4));
  s.edit('answer', (g) => g.setComment(answerComment(g.comment, 'right')));
  assert.deepEqual(s.game.path, [0]);
  assert.equal(s.game.comment, 'Correct.');

  // The snapshot has every edit; read back, the same tree at the same node.
  const snap = JSON.parse(JSON.stringify(s.snapshot()));
  assert.deepEqual(snap.path, [0]);
  assert.match(snap.sgf, /AB\[cc\]/);
  assert.match(snap.sgf, /LB\[dd:A\]/);
  const t = session();
  t.load(snap);
  assert.equal(t.game.toSgf(), s.game.toSgf());
  assert.deepEqual(t.game.path, [0]);
  t.game.free();

  // Undo takes back the answer, then redo takes it again; a new edit leaves nothing to redo.
  s.undo();
  assert.equal(s.game.comment, null);
  assert.equal(s.canRedo(), true);
  const sgf = s.snapshot().sgf;
  s.redo();
  assert.equal(s.log.at(-1), 'redo');
  assert.equal(s.game.comment, 'Correct.');
  assert.notEqual(s.snapshot().sgf, sgf, 'the snapshot follows the redo');
  s.undo();
  s.edit('name', (g) => g.setName('Tesuji'));
  assert.equal(s.canRedo(), false);
  s.game.free();
});

test('edit mode: a game played here becomes a record at its node, and undo brings the game back', () => {
  const s = session();
  s.newGame({ size: 9 });
  s.perform(['place', 2, 2]);
  s.perform(['place', 6, 6]);
  assert.equal(s.toRecord(), true);
  assert.deepEqual(s.log.slice(-1), ['game:edit']);
  assert.ok(s.record);
  assert.deepEqual(s.game.path, [0, 0]);
  assert.equal(stone(s, 6, 6), -1);
  assert.equal(s.toRecord(), false, 'a record already');
  s.edit('tool', (g) => applyTool(g, 'triangle', 2, 2));
  assert.deepEqual(s.game.markup.triangles, [[2, 2]]);
  // Undo: the triangle, the two moves (the record's steps back), then the game played here.
  for (let i = 0; i < 3; i++) s.undo();
  assert.deepEqual(s.game.path, []);
  s.undo();
  assert.equal(s.record, null);
  assert.deepEqual(s.actions, [['place', 2, 2], ['place', 6, 6]]);
  refused(s, () => s.edit('comment', (g) => g.setComment('x')), 'notAllowed', 'notEditable');
  s.game.free();
});
