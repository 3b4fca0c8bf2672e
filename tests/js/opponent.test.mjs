// The computer opponent kept in a game's record (game.opponent, setOpponent: the private root
// property TO) through the JS API, and the page's session opening a record that names one as a
// game against the computer, under the computer's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { load, loadPackage, throwsCode, ROOT } from './load.mjs';
import { Session } from '../../www/app/session.js';

const { Game } = await load();

test('setOpponent writes TO in the root, fromSgf reads it back, toSgf keeps it', () => {
  const g = new Game({ size: 9 });
  assert.equal(g.opponent, null);
  g.place(2, 2);
  g.setOpponent({ computer: 'white', level: 'casual', seed: 12345 });
  assert.deepEqual(g.opponent, { computer: 'white', level: 'casual', seed: 12345 });
  const text = g.toSgf();
  assert.match(text.split(';')[1], /TO\[W:casual:12345\]/);
  const r = Game.fromSgf(text);
  assert.deepEqual(r.opponent, { computer: 'white', level: 'casual', seed: 12345 });
  assert.deepEqual(r.warnings, []);
  assert.equal(r.toSgf(), text);
  assert.deepEqual(r.node([]).properties.TO, ['W:casual:12345']);
  // Saved on this device too, and without a seed.
  g.setOpponent({ computer: 'black', level: 'strongest' });
  assert.deepEqual(Game.fromSgf(g.toSgf({ played: true })).opponent, { computer: 'black', level: 'strongest', seed: null });
  g.setOpponent(null);
  assert.equal(g.opponent, null);
  assert.ok(!g.toSgf().includes('TO['));
  for (const x of [g, r]) x.free();
});

test('setOpponent refuses anything but an opponent, and changes nothing', () => {
  const g = new Game({ size: 9 });
  g.setOpponent({ computer: 'white', level: 'casual' });
  const before = g.toSgf();
  for (const bad of [undefined, 'white', [], 3, {}, { computer: 'green', level: 'casual' }, { computer: 'white' },
    { computer: 'white', level: 'Casual' }, { computer: 'white', level: '' }, { computer: 'white', level: 'a:b' },
    { computer: 'white', level: 7 }, { computer: 'white', level: 'casual', seed: -1 },
    { computer: 'white', level: 'casual', seed: 1.5 }, { computer: 'white', level: 'casual', seed: '3' },
    { computer: 'white', level: 'casual', seed: 2 ** 53 }, { computer: 'white', level: 'casual:3' },
    { get computer() { throw new Error('no'); } }]) {
    throwsCode(() => g.setOpponent(bad), 'invalidOptions');
    assert.equal(g.toSgf(), before);
  }
  g.free();
});

test('a TO that names no opponent is ignored with a warning; files without TO read as before', () => {
  for (const to of ['TO[X:casual]', 'TO[W]', 'TO[W:casual:x]', 'TO[W:casual][B:casual]']) {
    const text = `(;GM[1]FF[4]SZ[9]${to};B[cc])`;
    const g = Game.fromSgf(text);
    assert.equal(g.opponent, null, to);
    assert.equal(g.warnings.length, 1, to);
    assert.match(g.warnings[0], /TO names no computer opponent.*ignored/);
    assert.ok(g.toSgf().includes(to), 'kept as written');
    g.free();
  }
  const plain = Game.fromSgf('(;GM[1]FF[4]SZ[9]PB[Ana];B[cc])');
  assert.equal(plain.opponent, null);
  assert.deepEqual(plain.warnings, []);
  plain.free();
});

test('the embed package has no opponent API but keeps TO through a round trip', async () => {
  const embed = await loadPackage(path.join(ROOT, 'pkg-embed'));
  const g = embed.Game.fromSgf('(;GM[1]FF[4]SZ[9]TO[W:casual:1];B[cc])');
  assert.equal(g.opponent, undefined);
  assert.equal(g.setOpponent, undefined);
  assert.ok(g.toSgf().includes('TO[W:casual:1]'));
  g.free();
});

/** A session whose computer is named as the page names it. */
const session = () => new Session({ Game, today: () => '2026-11-28', computerName: (level) => `tengen (${level[0].toUpperCase()}${level.slice(1)})` });

test('a game against the computer is written with its opponent and name, and opens against it', () => {
  const s = session();
  s.newGame({ size: 9 }, [], { info: { PB: 'Ana Kovács', PW: 'Bea' } });
  s.startGame({ size: 9, rules: 'chinese', komi: 7.5 }, { computer: 'white', level: 'casual', seed: 99 });
  assert.equal(s.info.PB, 'Ana Kovács', 'the player is kept');
  assert.equal(s.info.PW, 'tengen (Casual)', 'the computer is named');
  s.perform(['place', 2, 2]);
  s.perform(['place', 6, 6], { computer: true });
  s.perform(['place', 2, 6]);
  const text = s.sgf();
  assert.match(text, /PW\[tengen \(Casual\)\]/);
  assert.match(text, /TO\[W:casual:99\]/);

  const t = session();
  const r = t.openSgf(text, 'Ana Kovács vs tengen (Casual) 2026-11-28.sgf');
  assert.deepEqual(r.warnings, []);
  assert.equal(t.record, null, 'a game played here, not a record');
  assert.deepEqual(t.opponent, { computer: 'white', level: 'casual', seed: 99 });
  assert.deepEqual(t.options, { size: 9, rules: 'chinese', komi: 7.5, handicap: 0, handicapPlacement: 'fixed' });
  assert.deepEqual(t.actions, [['place', 2, 2], ['place', 6, 6], ['place', 2, 6]]);
  assert.equal(t.computerToMove(), true, 'the computer answers');
  assert.deepEqual(t.gameInfo(), { black: 'Ana Kovács', white: 'tengen (Casual)', date: '2026-11-28' });
  // Undo takes back the player's move; the game is the one played before.
  t.undo();
  assert.deepEqual(t.actions, [['place', 2, 2], ['place', 6, 6]]);
  assert.equal(t.computerToMove(), false);
  // A new game against a person drops the computer's name and keeps the player's.
  t.startGame({ size: 9 });
  assert.deepEqual(t.info, { PB: 'Ana Kovács', DT: '2026-11-28' });
  for (const x of [s, t]) x.game.free();
});

test('free handicap, the computer as Black and a game without seed open against the computer', () => {
  const s = session();
  s.startGame({ size: 9, rules: 'japanese-1989', komi: 0.5, handicap: 2, handicapPlacement: 'free' }, { computer: 'black', level: 'beginner', seed: 5 });
  s.perform(['place', 4, 4], { computer: true });
  s.perform(['place', 2, 2], { computer: true });
  s.perform(['place', 6, 6]);
  const text = s.sgf().replace('TO[B:beginner:5]', 'TO[B:beginner]');
  const t = session();
  t.openSgf(text);
  assert.equal(t.record, null);
  assert.equal(t.opponent.computer, 'black');
  assert.ok(Number.isSafeInteger(t.opponent.seed), 'a new seed');
  assert.equal(t.options.handicapPlacement, 'free');
  assert.deepEqual(t.actions, [['place', 2, 2], ['place', 4, 4], ['place', 6, 6]], 'the handicap stones in row-major order');
  assert.deepEqual(Array.from(t.game.board()), Array.from(s.game.board()));
  assert.equal(t.computerToMove(), true);
  assert.equal(t.info.PB, 'tengen (Beginner)');
  for (const x of [s, t]) x.game.free();
});

test('records that cannot be had as a game against the computer open as records', () => {
  const cases = [
    '(;GM[1]FF[4]SZ[9]TO[W:casual];B[cc];W[gg])', // no RU: the default rules, opened against the computer
    '(;GM[1]FF[4]SZ[9]TO[W:casual]RE[B+R];B[cc];W[gg])', // finished
    '(;GM[1]FF[4]SZ[9]TO[W:grandmaster];B[cc])', // a level this page has not
    '(;GM[1]FF[4]SZ[9]TO[W:casual]RU[Ing];B[cc])', // rules no preset has
    '(;GM[1]FF[4]SZ[9]TO[W:casual]AW[ee];B[cc])', // a set-up a new game does not make
    '(;GM[1]FF[4]SZ[9]TO[W:casual];B[cc]C[a comment];W[gg](;B[ee])(;B[ff]))', // variations: the main line
    '(;GM[1]FF[4]SZ[9]TO[W:casual];B[cc])(;GM[1]FF[4]SZ[9];B[dd])', // a collection
  ];
  const against = [true, false, false, false, false, true, false];
  cases.forEach((text, i) => {
    const s = session();
    s.openSgf(text, 'x.sgf');
    assert.equal(s.record === null, against[i], text);
    if (!against[i]) {
      const r = Game.fromSgf(text, { lenient: true });
      assert.deepEqual(s.game.path, r.path, 'at the end of the main line');
      r.free();
    }
    s.game.free();
  });
});
