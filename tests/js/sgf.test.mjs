// The SGF part of the JS API through the built wasm package (www/pkg, built with the `sgf`
// feature): Game.fromSgf, toSgf, moving in the game tree, comments, markup, game information,
// playing on a record; real files from the corpus; bad input of every kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load, ROOT, throwsCode } from './load.mjs';

const { Game } = await load();

const CORPUS = process.env.TENGEN_CORPUS || path.join(ROOT, '..', 'shared', 'corpus');

/** Everything observable about the position and the place in the tree. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, moveNumber: g.moveNumber,
    lastMove: g.lastMove, path: g.path, comment: g.comment, variations: g.variations(),
  });
}

function unchanged(g, fn, code) {
  const before = state(g);
  const e = throwsCode(fn, code);
  assert.equal(state(g), before, 'a failed call changes nothing');
  return e;
}

// A 9x9 record: a root comment, a move with two answers, markup and labels on the main line.
const TREE = `(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[5.5]RU[Japanese]PB[Honinbo <i>Shusaku</i>]PW[Gennan]
BR[4d]WR[8d]DT[1846-09-11]EV[Castle game]RE[B+2]GN[Ear-reddening]HA[0]
C[Root: <b>html</b> stays text]
;B[cc]C[First move]
(;W[gg]TR[cc][gg]SQ[aa]CR[bb:cb]MA[ii]LB[ee:A][ff:long label]
;B[gc];W[cg]C[End of the main line])
(;W[cg]C[Second answer])
(;W[ee]))`;

test('fromSgf plays the main line and keeps the tree', () => {
  const g = Game.fromSgf(TREE);
  assert.equal(g.width, 9);
  assert.equal(g.moveNumber, 4);
  assert.deepEqual(g.path, [0, 0, 0, 0]);
  assert.equal(g.comment, 'End of the main line');
  assert.deepEqual(g.lastMove, { player: 'white', point: [2, 6] });
  assert.equal(g.toMove, 'black');
  assert.deepEqual(g.variations(), []);
  assert.deepEqual(g.warnings, []);
  assert.equal(g.score().komi, 5.5, 'KM');
  assert.equal(g.score().scoring, 'territory', 'RU[Japanese]');
  assert.deepEqual(g.info, {
    black: 'Honinbo <i>Shusaku</i>', white: 'Gennan', blackRank: '4d', whiteRank: '8d',
    date: '1846-09-11', event: 'Castle game', result: 'B+2', gameName: 'Ear-reddening',
    komi: '5.5', rules: 'Japanese', handicap: '0',
  });
  g.free();
});

test('next, previous, variations, goTo and path', () => {
  const g = Game.fromSgf(TREE);
  g.goTo([]);
  assert.deepEqual(g.path, []);
  assert.equal(g.moveNumber, 0);
  assert.equal(g.comment, 'Root: <b>html</b> stays text');
  assert.deepEqual(g.variations(), [{ player: 'black', point: [2, 2] }]);
  assert.equal(g.next(), true);
  assert.deepEqual(g.path, [0]);
  assert.equal(g.comment, 'First move');
  assert.deepEqual(g.variations(), [
    { player: 'white', point: [6, 6] }, { player: 'white', point: [2, 6] }, { player: 'white', point: [4, 4] },
  ]);
  assert.equal(g.next(2), true);
  assert.deepEqual(g.path, [0, 2]);
  assert.equal(g.comment, null);
  assert.equal(g.board()[4 * 9 + 4], -1);
  assert.equal(g.next(), false, 'the end of the variation');
  assert.equal(g.previous(), true);
  assert.equal(g.board()[4 * 9 + 4], 0, 'back at the parent');
  assert.equal(g.next(1), true);
  assert.equal(g.comment, 'Second answer');
  g.goTo([0, 0, 0]);
  assert.deepEqual(g.lastMove, { player: 'black', point: [6, 2] });
  assert.equal(g.toMove, 'white');
  while (g.previous());
  assert.deepEqual(g.path, []);
  assert.equal(g.previous(), false, 'the root');
  // Step to the end of the main line one move at a time.
  let n = 0;
  while (g.next()) n++;
  assert.equal(n, 4);
  assert.deepEqual(g.path, [0, 0, 0, 0]);
  g.free();
});

test('markup and labels of the current node', () => {
  const g = Game.fromSgf(TREE);
  g.goTo([0, 0]);
  assert.deepEqual(g.markup, {
    triangles: [[2, 2], [6, 6]], squares: [[0, 0]], circles: [[1, 1], [2, 1]], crosses: [[8, 8]],
    selected: [], dimmed: [], labels: [{ point: [4, 4], text: 'A' }, { point: [5, 5], text: 'long label' }],
    lines: [], arrows: [],
  });
  g.next();
  assert.deepEqual(g.markup, {
    triangles: [], squares: [], circles: [], crosses: [], selected: [], dimmed: [], labels: [], lines: [], arrows: [],
  });
  g.free();
});

test('place and pass on a record extend the tree at the current node; undo takes back what was played here', () => {
  const g = Game.fromSgf(TREE);
  g.goTo([0]);
  // An existing answer is followed...
  g.place(2, 6);
  assert.deepEqual(g.path, [0, 1]);
  assert.equal(g.comment, 'Second answer');
  g.undo();
  assert.deepEqual(g.path, [0]);
  // ...a new one is added as the last variation.
  g.place(8, 0);
  assert.deepEqual(g.path, [0, 3]);
  g.place(0, 8);
  assert.equal(g.pass(), false);
  assert.deepEqual(g.path, [0, 3, 0, 0]);
  const sgf = g.toSgf();
  assert.match(sgf, /\(;W\[ia\];B\[ai\];W\[\]\)/);
  const again = Game.fromSgf(sgf);
  again.goTo([0, 3, 0, 0]);
  assert.deepEqual(Array.from(again.board()), Array.from(g.board()));
  assert.equal(again.toMove, g.toMove);
  // Undo takes back the moves played here, and their nodes with them (one model).
  g.undo();
  g.undo();
  assert.deepEqual(g.path, [0, 3]);
  assert.match(g.toSgf(), /\(;W\[ia\]\)/);
  // The record's own moves stay: undo steps back through them.
  g.undo();
  assert.deepEqual(g.path, [0]);
  assert.equal(g.variations().length, 3, 'the new variation is gone');
  g.undo();
  assert.deepEqual(g.path, []);
  assert.equal(g.variations().length, 1, 'the record keeps its first move');
  throwsCode(() => g.undo(), 'notAllowed');
  again.free();
  g.free();
});

test('the end of a game on a record: passes, dead stones, finish, and RE in toSgf', () => {
  const g = Game.fromSgf('(;SZ[5]KM[0.5]RU[Japanese];B[cc];W[dd])');
  g.pass();
  assert.equal(g.pass(), true);
  assert.equal(g.phase, 'stopped');
  assert.deepEqual(g.markDead(3, 3), [[3, 3]]);
  g.finish();
  assert.equal(g.phase, 'finished');
  assert.match(g.toSgf(), /RE\[B\+24\.5\]/);
  assert.match(g.toSgf(), /TB\[/);
  g.undo();
  assert.equal(g.phase, 'stopped', 'undo takes back the finish first');
  g.previous();
  g.next();
  assert.equal(g.phase, 'stopped');
  assert.deepEqual(g.score().dead, [], 'moving drops the marks; arriving at a stop played here proposes none');
  g.resume('white');
  g.place(0, 0);
  assert.equal(g.phase, 'playing');
  assert.deepEqual(g.path, [0, 0, 0, 0, 0]);
  g.free();
});

test('toSgf and navigation on a game made with new Game', () => {
  const g = new Game({ size: 9, komi: 7 });
  assert.deepEqual(g.path, []);
  assert.deepEqual(g.variations(), []);
  assert.equal(g.comment, null);
  assert.deepEqual(g.warnings, []);
  assert.equal(g.info.komi, '7');
  assert.equal(g.info.black, null);
  g.place(2, 2);
  g.place(6, 6);
  const sgf = g.toSgf();
  assert.match(sgf, /^\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[tengen:[\d.]+\]SZ\[9\]RU\[Japanese\]KM\[7\]\n;B\[cc\];W\[gg\]\)\n$/);
  assert.deepEqual(g.path, [0, 0]);
  assert.equal(g.next(), false, 'at the end');
  assert.equal(g.previous(), true);
  assert.equal(g.moveNumber, 1);
  g.place(4, 4);
  assert.deepEqual(g.path, [0, 1], 'a variation beside the undone move');
  const r = Game.fromSgf(g.toSgf());
  assert.deepEqual(r.variations(), []);
  r.goTo([0]);
  assert.equal(r.variations().length, 2);
  r.free();
  g.free();
  // A finished game's record says how it ended.
  const f = new Game({ size: 5 });
  f.place(2, 2);
  f.resign('white');
  assert.match(f.toSgf(), /RE\[B\+R\]/);
  f.free();
});

test('options override RU, KM and HA; size must agree with SZ', () => {
  const s = '(;SZ[9]RU[Japanese]KM[6.5];B[cc];W[gg])';
  const chinese = Game.fromSgf(s, { rules: 'chinese' });
  assert.equal(chinese.score().scoring, 'area');
  assert.equal(chinese.score().komi, 6.5, 'the record keeps its komi');
  const komi = Game.fromSgf(s, { komi: 0.5, rules: { preset: 'aga', ko: 'situational' } });
  assert.equal(komi.score().komi, 0.5);
  const h = Game.fromSgf(s, { size: 9, handicap: 0, handicapPlacement: 'free' });
  assert.equal(h.moveNumber, 2);
  for (const g of [chinese, komi, h]) g.free();
  for (const o of [{ size: 13 }, { komi: 0.3 }, { komi: '6.5' }, { rules: 'nope' }, { handicap: 1.5 },
    { handicapPlacement: 'random' }, { lenient: 'yes' }, { lenient: 1 }, 42, 'lenient', []]) {
    throwsCode(() => Game.fromSgf(s, o), 'invalidOptions');
  }
  Game.fromSgf(s, null).free();
  Game.fromSgf(s, undefined).free();
  Game.fromSgf(s, {}).free();
});

test('illegal moves: strict throws illegalMove with the move, lenient enters it for viewing', () => {
  const s = '(;SZ[9]RU[Japanese];B[ee];W[ff];B[ee];W[aa])';
  const e = throwsCode(() => Game.fromSgf(s), 'illegalMove');
  assert.match(e.message, /move 3 \(black at ee\) is illegal: occupied/);
  assert.equal(e.moveNumber, 3);
  assert.equal(e.player, 'black');
  assert.deepEqual(e.point, [4, 4]);
  assert.equal(e.rule, 'occupied');
  // Lenient: played as the record has it, with a warning, to the end of the record.
  const g = Game.fromSgf(s, { lenient: true });
  assert.equal(g.moveNumber, 4);
  assert.deepEqual(g.path, [0, 0, 0, 0]);
  assert.equal(g.warnings.length, 1);
  assert.match(g.warnings[0], /move 3 \(black at ee\) is illegal: occupied.*; played as the record has it/);
  g.previous();
  g.previous();
  assert.equal(g.moveNumber, 2);
  g.next();
  assert.equal(g.board()[4 * 9 + 4], 1, 'the stone replaced');
  // Playing stays strict, and the instance keeps working.
  unchanged(g, () => g.place(5, 5), 'occupied');
  g.place(0, 0);
  assert.equal(g.moveNumber, 4);
  g.free();
  // A strict reading refuses to step onto an illegal variation, and changes nothing.
  const v = Game.fromSgf('(;SZ[9];B[ee](;W[ff])(;W[ee]))');
  v.goTo([0]);
  assert.deepEqual(v.variations(), [{ player: 'white', point: [5, 5] }, { player: 'white', point: [4, 4] }]);
  const n = unchanged(v, () => v.next(1), 'illegalMove');
  assert.equal(n.moveNumber, 2);
  unchanged(v, () => v.goTo([0, 1]), 'illegalMove');
  v.free();
});

test('syntax errors throw sgf with the byte offset', () => {
  const cases = [
    ['(;B[aa]', 7], ['', 0], ['hello', 5], ['(;SZ[9];B[aa]C[never closed', 14],
  ];
  for (const [input, offset] of cases) {
    const e = throwsCode(() => Game.fromSgf(input), 'sgf');
    assert.equal(e.offset, offset, `${JSON.stringify(input)}: ${e.message}`);
    assert.match(e.message, new RegExp(`at byte ${offset}: `));
  }
  // Strict reading refuses what lenient reading repairs, with warnings.
  const quirky = '(;SZ[9]b[aa];W[bb]';
  throwsCode(() => Game.fromSgf(quirky), 'sgf');
  const g = Game.fromSgf(quirky, { lenient: true });
  assert.ok(g.warnings.length >= 1, g.warnings.join('; '));
  assert.ok(g.warnings.every((w) => typeof w === 'string'));
  g.free();
  // Bad values: a move off the board, SZ out of range, UTF-16.
  throwsCode(() => Game.fromSgf('(;SZ[9];B[zz])'), 'sgf');
  throwsCode(() => Game.fromSgf('(;SZ[99])'), 'sgf');
  throwsCode(() => Game.fromSgf(new Uint8Array([0xff, 0xfe, 0x28, 0x00])), 'sgf');
  // An input over the size limit is refused at once.
  const big = new Uint8Array(16 * 1024 * 1024 + 10).fill(0x20);
  const e = throwsCode(() => Game.fromSgf(big), 'sgf');
  assert.match(e.message, /larger than/);
});

test('wrong argument types throw invalidOptions', () => {
  for (const bad of [undefined, null, 42, {}, [], ['(;)'], new Uint16Array(4), new ArrayBuffer(4), true]) {
    const e = throwsCode(() => Game.fromSgf(bad), 'invalidOptions');
    assert.match(e.message, /string or a Uint8Array/);
  }
  const g = Game.fromSgf(TREE);
  g.goTo([0]);
  for (const v of [-1, 1.5, NaN, '1', null, {}, Infinity]) unchanged(g, () => g.next(v), 'invalidOptions');
  unchanged(g, () => g.next(3), 'invalidOptions');
  for (const p of [undefined, null, 0, '0', {}, [0.5], [-1], ['0'], [NaN], [0, 7], [1]]) {
    unchanged(g, () => g.goTo(p), 'invalidOptions');
  }
  assert.equal(g.next(0), true, 'still works');
  g.free();
});

test('bytes: UTF-8, Latin-1 by CA, Latin-1 when UTF-8 fails; a string is text already', () => {
  const bytes = (...parts) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
  const latin = Game.fromSgf(bytes('(;CA[ISO-8859-1]SZ[9]PB[Jos', [0xe9], ']C[caf', [0xe9], '];B[aa])'));
  assert.equal(latin.info.black, 'José');
  assert.match(latin.toSgf(), /CA\[UTF-8\]/);
  latin.goTo([]);
  assert.equal(latin.comment, 'café');
  const guessed = Game.fromSgf(bytes('(;SZ[9]PW[M', [0xfc], 'ller])'));
  assert.equal(guessed.info.white, 'Müller');
  assert.match(guessed.warnings.join(), /not UTF-8: read as windows-1252 \(detected\)/);
  const utf8 = Game.fromSgf(new TextEncoder().encode('(;SZ[9]PB[本因坊秀策])'));
  assert.equal(utf8.info.black, '本因坊秀策');
  const text = Game.fromSgf('(;CA[ISO-8859-1]SZ[9]PB[José])');
  assert.equal(text.info.black, 'José', 'a string is not decoded again');
  const cp = Game.fromSgf(bytes('(;CA[windows-1252]SZ[9]C[', [0x93], 'quoted', [0x94], '])'));
  assert.equal(cp.comment, '\u201cquoted\u201d');
  for (const g of [latin, guessed, utf8, text, cp]) g.free();
});

test('charsets: legacy ones decoded by the host TextDecoder, detected without CA, trail bytes', () => {
  const bytes = (...parts) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
  // GB2312 without CA: 古力, 黑中盘胜.
  const gb = Game.fromSgf(bytes('(;SZ[9]PB[', [185, 197, 193, 166], ']C[', [186, 218, 214, 208, 197, 204, 202, 164], '];B[aa])'));
  assert.equal(gb.info.black, '古力');
  gb.goTo([]);
  assert.equal(gb.comment, '黑中盘胜');
  assert.match(gb.warnings.join(), /gb18030 \(detected\)/);
  assert.match(gb.toSgf(), /CA\[UTF-8\]/);
  assert.match(gb.toSgf(), /PB\[古力\]/);
  // Shift_JIS named after a value whose trail byte is '\\' (表 0x95 0x5C, ソ 0x83 0x5C).
  const sj = Game.fromSgf(bytes('(;SZ[9]PB[', [149, 92, 131, 92], ']CA[SJIS]PW[x];B[aa])'));
  assert.equal(sj.info.black, '表ソ');
  assert.equal(sj.info.white, 'x');
  assert.deepEqual(sj.warnings, []);
  // Big5 (許功: 0xB3 0x5C 0xA5 0x5C) and EUC-KR (이세돌) named by CA.
  const b5 = Game.fromSgf(bytes('(;CA[Big5]SZ[9]PB[', [179, 92, 165, 92], '];B[aa])'));
  assert.equal(b5.info.black, '許功');
  const kr = Game.fromSgf(bytes('(;CA[EUC-KR]SZ[9]PB[', [192, 204, 188, 188, 181, 185], '])'));
  assert.equal(kr.info.black, '이세돌');
  // One invalid byte in a UTF-8 file spoils its own value only.
  const one = Game.fromSgf(bytes('(;CA[UTF-8]SZ[9]PB[', [...new TextEncoder().encode('本因坊')], ']PW[caf', [0xe9], '])'));
  assert.equal(one.info.black, '本因坊');
  assert.equal(one.info.white, 'caf\ufffd');
  assert.match(one.warnings.join(), /PW: bytes that are not UTF-8 replaced/);
  for (const g of [gb, sj, b5, kr, one]) g.free();
});

test('collections: the list of games, a game opened by number, the whole file written back', () => {
  const bytes = new Uint8Array(fs.readFileSync(path.join(ROOT, 'tests/sgf/problems.sgf')));
  const list = Game.sgfGames(bytes);
  assert.deepEqual(
    list.map((g) => [g.index, g.gameName, g.width, g.height, g.nodes, g.moves]),
    [[0, 'Problem 1', 19, 19, 6, 3], [1, 'Problem 2', 9, 9, 4, 3], [2, 'A game', 19, 19, 9, 8], [3, 'Problem 3', 13, 13, 1, 0]],
  );
  assert.equal(list[2].black, 'Honinbo Shusaku');
  assert.equal(list[2].result, 'B+2');
  assert.equal(list[0].black, null);
  // The same from text.
  assert.deepEqual(Game.sgfGames(new TextDecoder().decode(bytes)), list);
  const all = Game.fromSgf(bytes).toSgf();
  const g = Game.fromSgf(bytes, { game: 1 });
  assert.equal(g.gameIndex, 1);
  assert.equal(g.gameCount, 4);
  assert.equal(g.width, 9);
  assert.equal(g.info.gameName, 'Problem 2');
  // Written back unchanged, then with a move in this game only.
  assert.equal(g.toSgf(), all);
  g.goTo([]);
  g.place(8, 8);
  const after = Game.sgfGames(g.toSgf());
  assert.deepEqual(after.map((x) => x.nodes), [6, 5, 9, 1]);
  const reread = Game.fromSgf(g.toSgf(), { game: 1 });
  reread.goTo([]);
  assert.equal(reread.variations().length, 2, 'the move of the record and the one played');
  reread.free();
  // A number naming no game tree, or not a whole number: invalidOptions, no game made.
  for (const game of [4, -1, 1.5, '1', NaN]) throwsCode(() => Game.fromSgf(bytes, { game }), 'invalidOptions');
  const one = new Game();
  assert.equal(one.gameIndex, 0);
  assert.equal(one.gameCount, 1);
  for (const x of [g, one]) x.free();
});

test('set-up in the middle of a game and in variations: entered, stepped back, written back', () => {
  const text = '(;SZ[9];B[cc];W[gg](;AE[cc]AB[ee]PL[W]C[set up];W[dd])(;B[ce]))';
  const g = Game.fromSgf(text);
  const at = (x, y) => g.board()[y * 9 + x];
  assert.deepEqual(g.path, [0, 0, 0, 0]);
  assert.equal(at(2, 2), 0, 'taken off by AE');
  assert.equal(at(4, 4), 1);
  assert.equal(at(3, 3), -1);
  assert.equal(g.moveNumber, 3, 'a set-up is no move');
  g.previous();
  assert.equal(g.toMove, 'white', 'PL');
  g.previous();
  assert.equal(at(2, 2), 1, 'stepping back undoes the set-up');
  assert.equal(at(4, 4), 0);
  g.goTo([0, 0, 1]);
  assert.equal(at(2, 4), 1);
  assert.equal(g.toSgf(), '(;SZ[9]\n;B[cc];W[gg]\n(;AE[cc]AB[ee]PL[W]C[set up];W[dd])\n(;B[ce]))\n');
  // Leaving a chain without liberties: refused strictly, stopped before leniently.
  const bad = '(;SZ[9];B[cc];W[gg];AW[ab][ba]AB[aa];B[dd])';
  throwsCode(() => Game.fromSgf(bad), 'sgf');
  const l = Game.fromSgf(bad, { lenient: true });
  assert.deepEqual(l.path, [0, 0]);
  assert.match(l.warnings.join(), /without a liberty/);
  for (const x of [g, l]) x.free();
});

test('real files from the corpus: read, stepped through, written and read back', (t) => {
  const dir = path.join(CORPUS, 'replay');
  if (!fs.existsSync(dir)) {
    t.skip(`the corpus is absent (${dir}); set TENGEN_CORPUS`);
    return;
  }
  const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'replay.json'), 'utf8'));
  let checked = 0;
  for (const game of expected.games) {
    const clean = game.expected?.all_moves_legal_under?.includes('positional_superko');
    if (!clean || checked >= 20) continue;
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, game.file)));
    const g = Game.fromSgf(bytes);
    // moveNumber counts the passes the replay inserts where one colour plays twice in a row.
    assert.ok(g.moveNumber >= game.moves && g.moveNumber <= game.moves + 2, game.file);
    assert.equal(g.path.length, g.path.filter((i) => i === 0).length, 'the main line');
    assert.deepEqual([g.captures.black, g.captures.white], game.captures, game.file);
    const rows = [];
    const b = g.board();
    for (let y = 0; y < 19; y++) {
      rows.push(Array.from(b.slice(y * 19, y * 19 + 19), (s) => (s > 0 ? 'X' : s < 0 ? 'O' : '.')).join(''));
    }
    assert.deepEqual(rows, game.final_position, game.file);
    const end = Array.from(b);
    g.goTo([]);
    let n = 0;
    while (g.next()) n++;
    assert.equal(n, g.path.length, game.file);
    assert.deepEqual(Array.from(g.board()), end);
    const again = Game.fromSgf(g.toSgf());
    assert.deepEqual(Array.from(again.board()), end, 'written and read back');
    assert.equal(again.toSgf(), g.toSgf());
    again.free();
    g.free();
    checked++;
  }
  assert.ok(checked > 0);
  // The move onto an occupied point: strict refuses it, lenient plays it as the record has it.
  const bad = expected.games.find((x) => x.expected?.first_illegal);
  if (bad) {
    const want = bad.expected.first_illegal;
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, bad.file)));
    const e = throwsCode(() => Game.fromSgf(bytes), 'illegalMove');
    assert.equal(e.moveNumber, want.move_number);
    assert.equal(e.player, want.color === 'O' ? 'white' : 'black');
    assert.equal(e.rule, want.reason);
    assert.match(e.message, new RegExp(`move ${want.move_number} \\(\\w+ at ${want.sgf_point}\\)`));
    const g = Game.fromSgf(bytes, { lenient: true });
    assert.ok(g.moveNumber > want.move_number, 'the record goes on after it');
    assert.match(g.warnings.join('\n'), new RegExp(`move ${want.move_number} .*played as the record has it`));
    assert.equal(g.next(), false, 'at the end of the record');
    g.free();
  }
  // Whole-board repetitions: legal under simple ko, refused as superko under Tromp-Taylor.
  for (const rep of expected.games.filter((x) => x.expected?.whole_board_repetitions)) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, rep.file)));
    Game.fromSgf(bytes, { rules: 'japanese-1989' }).free();
    const e = throwsCode(() => Game.fromSgf(bytes, { rules: 'tromp-taylor' }), 'illegalMove');
    assert.equal(e.rule, 'superko', rep.file);
    assert.equal(e.moveNumber, rep.expected.whole_board_repetitions[0].move_number, rep.file);
  }
  // ai-games and scored: every file reads.
  for (const sub of ['ai-games', 'scored']) {
    const d = path.join(CORPUS, sub);
    if (!fs.existsSync(d)) continue;
    for (const f of fs.readdirSync(d).slice(0, 40)) {
      const g = Game.fromSgf(new Uint8Array(fs.readFileSync(path.join(d, f))), { lenient: true });
      assert.ok(g.path.length > 0, f);
      g.free();
    }
  }
});

// ---- Reopening a saved game: the dead stones of TB/TW, the result of RE ------------

/** The dead marks of a game, as sorted "x,y" keys. */
const deadKeys = (g) => g.score().dead.map(([x, y]) => `${x},${y}`).sort();

/** Everything the count of a stopped or finished game shows. */
function count(g) {
  const s = g.score();
  return JSON.stringify({
    phase: g.phase, result: s.result, winner: s.winner, margin: s.margin, dead: deadKeys(g),
    kinds: Array.from(s.kinds), countsFor: Array.from(s.countsFor), warnings: s.warnings,
  });
}

// 9x9: Black holds the left (columns a-d), White the right (f-i); White's invader at bb and
// Black's at hh are dead.
const WALLS = [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5], [4, 6], [4, 7], [4, 8]];

function playedToTheEnd(rules) {
  const g = new Game({ size: 9, rules, komi: 6.5 });
  for (const [x, y] of WALLS) {
    g.place(x - 1, y); // Black, column d
    g.place(x + 1, y); // White, column f
  }
  g.place(7, 7); // Black's invader
  g.place(1, 1); // White's invader
  g.pass();
  assert.equal(g.pass(), true, 'two passes stop play');
  assert.deepEqual(g.markDead(1, 1), [[1, 1]]);
  assert.deepEqual(g.markDead(7, 7), [[7, 7]]);
  return g;
}

test('a game stopped with dead stones marked reopens stopped, with its marks and count', () => {
  for (const rules of ['japanese-1989', 'chinese']) {
    const g = playedToTheEnd(rules);
    const sgf = g.toSgf();
    assert.match(sgf, /TB\[/);
    assert.doesNotMatch(sgf, /RE\[/, 'not finished: no result');
    const r = Game.fromSgf(sgf);
    assert.equal(r.phase, 'stopped', rules);
    assert.deepEqual(deadKeys(r), ['1,1', '7,7']);
    assert.equal(count(r), count(g), rules);
    assert.equal(r.recordedResult, undefined);
    assert.equal(r.recordedResultAgrees, undefined);
    assert.equal(r.toSgf(), sgf, 'written as it was read');
    // The marks can still be changed, and the change is saved.
    assert.deepEqual(r.markDead(7, 7), [[7, 7]]);
    const changed = Game.fromSgf(r.toSgf());
    assert.deepEqual(deadKeys(changed), ['1,1']);
    assert.equal(count(changed), count(r));
    // Finished on the reopened record: it reopens finished.
    r.finish();
    const finished = Game.fromSgf(r.toSgf());
    assert.equal(finished.phase, 'finished');
    assert.equal(count(finished), count(r));
    for (const x of [g, r, changed, finished]) x.free();
  }
});

test('a finished game reopens finished, with its result', () => {
  const g = playedToTheEnd('japanese-1989');
  g.finish();
  const sgf = g.toSgf();
  const result = g.score().result;
  assert.ok(sgf.includes(`RE[${result}]`), sgf);
  const r = Game.fromSgf(sgf);
  assert.equal(r.phase, 'finished');
  assert.equal(count(r), count(g));
  assert.equal(r.recordedResult, result);
  assert.equal(r.recordedResultAgrees, true);
  throwsCode(() => r.markDead(1, 1), 'notStopped');
  // Stepping back and forward again: finished again.
  r.previous();
  assert.equal(r.phase, 'playing');
  assert.equal(r.next(), true);
  assert.equal(r.phase, 'finished');
  assert.equal(count(r), count(g));
  // Written, read, written: the same text.
  assert.equal(Game.fromSgf(r.toSgf()).toSgf(), sgf);
  g.free();
  r.free();
});

test('a recorded result the count does not reproduce is kept, and says so', () => {
  const g = playedToTheEnd('japanese-1989');
  g.finish();
  const mine = g.score().result;
  const other = g.toSgf().replace(`RE[${mine}]`, 'RE[B+99.5]');
  const r = Game.fromSgf(other);
  assert.equal(r.phase, 'finished', 'a count all the same');
  assert.deepEqual(deadKeys(r), ['1,1', '7,7'], 'the record\'s marks');
  assert.equal(r.score().result, mine);
  assert.equal(r.recordedResult, 'B+99.5');
  assert.equal(r.recordedResultAgrees, false);
  assert.equal(r.info.result, 'B+99.5');
  assert.equal(r.toSgf(), other);
  r.free();
  g.free();
});

test('two passes without territory: the proposal; resigned and unfinished records: no marks', () => {
  const g = playedToTheEnd('japanese-1989');
  const bare = g.toSgf().replace(/T[BW](\[[a-z]{2}(:[a-z]{2})?\])+/g, '');
  assert.doesNotMatch(bare, /T[BW]\[/);
  const r = Game.fromSgf(bare);
  assert.equal(r.phase, 'stopped');
  const proposed = r.estimate().dead.map(([x, y]) => `${x},${y}`).sort();
  assert.deepEqual([...deadKeys(r)].sort(), proposed, 'the estimator\'s proposal is marked');
  r.free();
  g.free();

  const p = new Game({ size: 9 });
  p.place(2, 2);
  p.place(6, 6);
  p.resign('white');
  const resigned = Game.fromSgf(p.toSgf());
  assert.equal(resigned.phase, 'playing', 'a resigned record loads as its moves');
  assert.equal(resigned.recordedResult, 'B+R');
  assert.equal(resigned.recordedResultAgrees, undefined);
  assert.equal(resigned.toSgf(), p.toSgf());
  resigned.free();
  p.free();

  const plain = new Game({ size: 9 });
  assert.equal(plain.recordedResult, undefined, 'a game made with new Game has no record');
  plain.free();
});

test('scored corpus games reopen with their dead stones and result', (t) => {
  const file = path.join(CORPUS, 'scored.json');
  if (!fs.existsSync(file)) {
    t.skip(`the corpus is absent (${file}); set TENGEN_CORPUS`);
    return;
  }
  const games = JSON.parse(fs.readFileSync(file, 'utf8')).games;
  const key = (s) => `${s.charCodeAt(0) - 97},${s.charCodeAt(1) - 97}`;
  let finished = 0;
  let agree = 0;
  for (const game of games) {
    const g = Game.fromSgf(new Uint8Array(fs.readFileSync(path.join(CORPUS, 'scored', game.file))));
    if (g.phase === 'finished') {
      finished++;
      assert.deepEqual(deadKeys(g), [...game.dead_black, ...game.dead_white].map(key).sort(), game.file);
      assert.equal(g.recordedResult, game.result, game.file);
      if (g.recordedResultAgrees) agree++;
    } else {
      assert.equal(g.phase, 'playing', `${game.file}: does not end with two passes`);
      assert.deepEqual(deadKeys(g), []);
    }
    g.free();
  }
  assert.equal(finished, 127);
  assert.equal(agree, 126);
});
