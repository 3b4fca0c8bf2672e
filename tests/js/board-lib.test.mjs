// The shared library of the app and <tengen-board> (www/lib/), in Node: what the element shows
// of a record, through the engine's Game in both packages that read SGF (www/pkg, the app's;
// pkg-embed, the element's): escapes, collections, points, set-up anywhere, two moves of one
// colour, MN, moves into and beside the tree, undo, RU; the problem conventions on the engine's
// nodes; game information written with setInfo; the language tables, the words
// and the regions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { load, loadPackage, ROOT, throwsCode } from './load.mjs';
import { judge, marksRight, endVerdict, solutionPath } from '../../www/lib/problem.js';
import { STRINGS } from '../../www/lib/strings.js';
import { translator, pickLanguage } from '../../www/lib/i18n.js';
import { positionText, resultText, moveText } from '../../www/lib/describe.js';
import { parseRegion, shownRegion } from '../../www/lib/render.js';

const { Game } = await load();

/** The embed package (the element's engine), loaded in Node as the full one is. */
function loadEmbed() {
  return loadPackage(path.join(ROOT, 'pkg-embed'));
}
const PACKAGES = [['full', Game], ['embed', (await loadEmbed()).Game]];

/** Runs `fn(Game)` as one test per package that reads SGF. */
function bothPackages(name, fn) {
  for (const [pkg, G] of PACKAGES) test(`${name} (${pkg})`, () => fn(G));
}

/** A record read by the engine, at its root (Game.fromSgf plays the main line). */
function atRoot(G, sgf, options) {
  const g = G.fromSgf(sgf, options);
  g.goTo([]);
  return g;
}

/** The board as rows of X, O and . from the top. */
function rows(game) {
  const b = game.board();
  const out = [];
  for (let y = 0; y < game.height; y++) {
    out.push(Array.from(b.slice(y * game.width, (y + 1) * game.width), (s) => (s > 0 ? 'X' : s < 0 ? 'O' : '.')).join(''));
  }
  return out;
}

bothPackages('SGF: nodes, variations, escapes and soft line breaks', (G) => {
  const text = 'junk (;GM[1]SZ[9]C[a \\] b \\\\ c\\\nd];B[cc](;W[dd]C[x])(;W[ee]))';
  const g = atRoot(G, text);
  const root = g.node([]);
  assert.deepEqual(root.properties.SZ, ['9']);
  assert.equal(root.comment, 'a ] b \\ cd');
  assert.equal(root.children, 1);
  const b = g.node([0]);
  assert.deepEqual(b.move, { player: 'black', point: [2, 2] });
  assert.equal(b.children, 2);
  g.next(0);
  assert.deepEqual(g.variations().map((v) => v.point), [[3, 3], [4, 4]]);
  // Written back and read again: the same tree.
  const again = atRoot(G, g.toSgf());
  for (const p of [[], [0], [0, 0], [0, 1]]) assert.deepEqual(again.node(p), g.node(p), `node [${p}]`);
  assert.equal(again.node([0, 2]), null);
  g.free();
  again.free();
});

bothPackages('SGF: collections, lower-case identifiers (FF[3]), several values, errors with code sgf', (G) => {
  const col = '(;SZ[5])(;SZ[7]AddBlack[aa][bb])';
  // Game.sgfGames is the full package's: the embed package leaves it out (the sgf-games feature),
  // as the element opens one game of a file and never lists them.
  if (G === Game) assert.equal(G.sgfGames(col).length, 2);
  else assert.equal(G.sgfGames, undefined);
  const g = G.fromSgf(col, { game: 1 });
  assert.equal(g.gameCount, 2);
  assert.deepEqual(g.node([]).properties.AB, ['aa', 'bb']);
  // Saving on this device (the saves feature) and the playouts' candidates are the full
  // package's too: the element keeps no saved game and plays no playouts.
  if (G === Game) {
    assert.equal(g.toSgf({ played: true }), g.toSgf(), 'nothing played here, nothing marked');
    assert.equal(typeof g.playoutMoves, 'function');
  } else {
    throwsCode(() => g.toSgf({ played: true }), 'invalidOptions');
    assert.equal(g.toSgf({ played: false }), g.toSgf());
    assert.equal(g.playoutMoves, undefined);
  }
  assert.equal(g.width, 7);
  g.free();
  for (const bad of ['', 'no tree', '(;B[aa', '(;B)']) {
    assert.throws(() => G.fromSgf(bad), (e) => e.code === 'sgf' && typeof e.offset === 'number', bad);
  }
});

test('SGF: game information set, replaced and removed in the record, the rest of it untouched', () => {
  const text = '(;FF[4]CA[UTF-8]PB[Old]C[a \\] b\nline two]\nKM[6.5]AB[aa][bb]\n;B[cc]PB[not the root](;W[dd])(;W[ee]))\n';
  const g = Game.fromSgf(text);
  g.goTo([]);
  g.setInfo({ black: 'Alice ]\\', white: 'Bob', event: null });
  const out = g.toSgf();
  assert.match(out, /PB\[Alice \\\]\\\\\]/);
  const back = Game.fromSgf(out);
  back.goTo([]);
  assert.equal(back.info.black, 'Alice ]\\');
  assert.equal(back.info.white, 'Bob');
  assert.equal(back.comment, 'a ] b\nline two');
  assert.deepEqual(back.node([0]).properties.PB, ['not the root']);
  assert.deepEqual(back.node([]).properties.AB, ['aa', 'bb']);
  // Set again: one value each.
  back.setInfo({ black: 'Carol' });
  assert.equal(back.toSgf().match(/PB\[/g).length, 2);
  g.free();
  back.free();
  // Read back what was written, in any script.
  const h = Game.fromSgf('(;SZ[9];B[ee])');
  h.setInfo({ black: '本因坊秀策', whiteRank: '8d', event: 'x [y]' });
  const r = Game.fromSgf(h.toSgf());
  assert.deepEqual([r.info.black, r.info.whiteRank, r.info.event], ['本因坊秀策', '8d', 'x [y]']);
  h.free();
  r.free();
  // A collection: the game tree opened is the one written, the others as they were read.
  const col = '(;GN[a (1)];B[aa](;W[bb]))\n(;GN[b])\n(;GN[c)])\n';
  const c = Game.fromSgf(col, { game: 1 });
  c.setInfo({ black: 'X' });
  const games = Game.sgfGames(c.toSgf());
  assert.deepEqual(games.map((x) => [x.gameName, x.black]), [['a (1)', null], ['b', 'X'], ['c)', null]]);
  c.free();
});

bothPackages('SGF points: passes, big boards, compressed lists, board sizes', (G) => {
  const read = (sgf) => G.fromSgf(sgf);
  let g = read('(;SZ[9];B[cd])');
  assert.deepEqual(g.lastMove.point, [2, 3]);
  g.free();
  g = read('(;SZ[9];B[])');
  assert.equal(g.lastMove.point, null, 'B[] is a pass');
  g.free();
  g = read('(;SZ[19];B[tt])');
  assert.equal(g.lastMove.point, null, 'tt is a pass on 19x19');
  g.free();
  g = read('(;SZ[21];B[tt])');
  assert.deepEqual(g.lastMove.point, [19, 19], 'tt is a point on a larger board');
  g.free();
  assert.throws(() => read('(;SZ[9];B[zz])'), (e) => e.code === 'sgf', 'a point off the board');
  g = read('(;SZ[52];B[AA])');
  assert.deepEqual(g.lastMove.point, [26, 26]);
  g.free();
  g = new G({ size: 52 });
  g.place(26, 3);
  assert.match(g.toSgf(), /;B\[Ad\]/);
  g.free();
  g = read('(;SZ[9]AB[aa:bb][cc])');
  assert.deepEqual(rows(g).slice(0, 3), ['XX.......', 'XX.......', '..X......']);
  g.free();
  g = read('(;SZ[13:9])');
  assert.deepEqual([g.width, g.height], [13, 9]);
  g.free();
  g = read('(;GM[1])');
  assert.deepEqual([g.width, g.height], [19, 19]);
  g.free();
  assert.throws(() => read('(;SZ[99])'), (e) => e.code === 'sgf' && /SZ/.test(e.message));
});

const PROBLEM = `(;GM[1]FF[4]SZ[5]PL[B]AB[ab][bb][cb]AW[ac][bc][cc][dc][db]C[Black to play]
(;B[da]C[Correct! The white stones are captured.])
(;B[ea];W[da]C[Wrong: White captures])
(;B[dd]TE[1])
(;B[ee]BM[1];W[da]))`;

bothPackages('record: root set-up, moves into the tree, previous and goTo', (G) => {
  const g = atRoot(G, PROBLEM);
  assert.equal(g.toMove, 'black');
  assert.deepEqual(rows(g).slice(0, 3), ['.....', 'XXXO.', 'OOOO.']);
  assert.equal(g.variations().length, 4);
  assert.equal(g.next(1), true);
  assert.equal(g.next(0), true);
  assert.deepEqual(g.path, [1, 0]);
  assert.equal(g.lastMove.point.join(), '3,0');
  assert.equal(g.previous(), true);
  assert.deepEqual(g.path, [1]);
  assert.equal(g.moveNumber, 1);
  g.goTo([0]);
  assert.equal(g.captures.black, 0);
  assert.equal(g.next(), false, 'the end of a line');
  g.free();
});

bothPackages('record: set-up stones and PL in a variation after moves (AB, AW, AE), and back again', (G) => {
  const g = atRoot(G, '(;SZ[5];B[aa];W[bb](;AE[aa]AB[cc]AW[dd]PL[W];W[ee];B[ea])(;B[cc]))');
  g.next(0);
  g.next(0);
  g.next(0); // the set-up node
  assert.deepEqual(rows(g), ['.....', '.O...', '..X..', '...O.', '.....']);
  assert.equal(g.toMove, 'white');
  g.next(0);
  g.next(0);
  assert.equal(g.board()[4], 1, 'B[ea] played after the set-up');
  assert.equal(g.moveNumber, 4, 'the moves go on being counted across the set-up');
  g.previous();
  g.previous();
  g.previous();
  assert.deepEqual(rows(g)[0], 'X....', 'the removed stone is back');
  assert.equal(g.toMove, 'black');
  g.next(1);
  assert.equal(g.board()[12], 1);
  g.free();
});

bothPackages('record: two moves of one colour in a row, captures kept across a set-up', (G) => {
  const g = atRoot(G, '(;SZ[5];B[ba];W[aa];B[ab];B[dd];AB[ee])');
  while (g.next());
  assert.equal(g.captures.black, 1, 'the capture of W[aa] counts after the set-up');
  assert.equal(g.board()[24], 1);
  g.free();
});

bothPackages('record: MN numbers the stones from the node that sets it; moves just played are numbered too', (G) => {
  const g = atRoot(G, '(;SZ[9];B[aa]MN[26];W[bb](;B[cc];W[dd])(;B[ee]MN[40]))');
  const numbers = () => Object.fromEntries(g.moveNumbers().map((m) => [m.point.join(), m.number]));
  assert.deepEqual(g.moveNumbers(), []);
  g.goTo([0, 0, 0, 0]);
  assert.deepEqual(numbers(), { '0,0': 26, '1,1': 27, '2,2': 28, '3,3': 29 });
  g.goTo([0, 0, 1]);
  assert.deepEqual(numbers(), { '0,0': 26, '1,1': 27, '4,4': 40 });
  g.place(5, 5);
  assert.deepEqual(numbers(), { '0,0': 26, '1,1': 27, '4,4': 40, '5,5': 41 });
  // A captured stone loses its number; a stone played again there gets the new one.
  const c = atRoot(G, '(;SZ[5];B[ba];W[aa];B[ab])');
  while (c.next());
  assert.deepEqual(c.moveNumbers().map((m) => [m.point.join(), m.number]), [['1,0', 1], ['0,1', 3]]);
  c.place(4, 4);
  c.place(0, 0);
  assert.deepEqual(c.moveNumbers().find((m) => m.point.join() === '0,0')?.number, 5);
  g.free();
  c.free();
});

bothPackages('record: a move off the tree becomes a variation; an illegal one changes nothing; undo removes a node played here', (G) => {
  const g = atRoot(G, PROBLEM);
  const before = g.toSgf();
  assert.throws(() => g.place(0, 1), (e) => e.code === 'occupied');
  assert.equal(g.toSgf(), before, 'no node added');
  assert.deepEqual(g.path, []);
  g.place(4, 4);
  assert.deepEqual(g.path, [3], 'B[ee] is in the tree already');
  assert.equal(g.toSgf(), before, 'nothing added');
  g.previous();
  g.place(1, 4);
  assert.deepEqual(g.path, [4], 'a new last child');
  assert.equal(g.node([]).children, 5);
  g.undo();
  assert.deepEqual(g.path, []);
  assert.equal(g.node([]).children, 4);
  assert.equal(g.toSgf(), before);
  // Capturing: the move's captures are counted.
  assert.equal(g.place(3, 0), 0);
  g.free();
});

bothPackages('record: a fresh game with handicap; a ko the engine refuses', (G) => {
  const r = new G({ size: 9, handicap: 2, komi: 0.5 });
  assert.equal(r.toMove, 'white');
  assert.equal(r.board().filter((s) => s > 0).length, 2);
  r.free();
  const k = atRoot(G, '(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]PL[B])');
  assert.equal(k.place(2, 1), 1);
  const before = k.toSgf();
  assert.throws(() => k.place(1, 1), (e) => e.code === 'ko');
  assert.equal(k.toSgf(), before, 'the refused retake adds no node');
  assert.deepEqual(k.path, [0]);
  k.free();
});

bothPackages('problems: right and wrong by comment, TE, BM, GB/GW on the engine\'s nodes; unmarked ends; the solution', (G) => {
  const g = atRoot(G, PROBLEM);
  const [right, wrong, te, bm] = [[0], [1], [2], [3]].map((p) => g.node(p));
  assert.equal(judge(right, 'black'), 'right');
  assert.equal(judge(g.node([1, 0]), 'black'), 'wrong');
  assert.equal(judge(wrong, 'black'), null);
  assert.equal(judge(te, 'black'), 'right');
  assert.equal(judge(bm, 'black'), 'wrong');
  const node = (props) => {
    const r = G.fromSgf(`(;SZ[5]${props})`);
    const n = r.node([]);
    r.free();
    return n;
  };
  assert.equal(judge(node('GB[1]'), 'black'), 'right');
  assert.equal(judge(node('GB[1]'), 'white'), 'wrong');
  assert.equal(judge(node('W[aa]TE[1]'), 'black'), null, 'TE on the reply is not the learner\'s');
  const c = (text) => judge(node(`C[${text}]`), 'black');
  assert.deepEqual(['Right! Well done', 'That kills. RIGHT', '正解です', 'Incorrect: too slow', 'NOTTHIS', '不正解', 'Black to play', 'The right side', 'Wronged'].map(c),
    ['right', 'right', 'right', 'wrong', 'wrong', 'wrong', null, null, null]);
  assert.equal(marksRight(g, 'black'), true);
  assert.deepEqual(solutionPath(g, 'black'), [0]);
  assert.deepEqual(g.path, [], 'reading the tree does not move the game');
  g.free();
  // A tree without marks: the main line is right.
  const plain = atRoot(G, '(;SZ[5](;B[aa];W[bb];B[cc])(;B[dd];W[ee]))');
  assert.equal(marksRight(plain, 'black'), false);
  assert.deepEqual(solutionPath(plain, 'black'), [0, 0, 0]);
  assert.equal(endVerdict([0, 0, 0], false), 'right');
  assert.equal(endVerdict([1, 0], false), 'wrong');
  assert.equal(endVerdict([0, 0, 0], true), 'wrong');
  assert.deepEqual(plain.node([0]).move, { player: 'black', point: [0, 0] });
  plain.free();
  // Replies: the node after the learner's move is the opponent's, a set-up node has no move.
  const reply = atRoot(G, '(;SZ[5]PL[B]AB[aa](;B[cc];AE[aa]AW[ab]PL[W];W[dd];B[bb]C[Correct!])(;B[bb];W[cc]C[Wrong]))');
  reply.next(0);
  assert.deepEqual(reply.variations(), [{ player: null, point: null }], 'a set-up node: no move');
  reply.next(0);
  assert.deepEqual(reply.variations(), [{ player: 'white', point: [3, 3] }]);
  assert.deepEqual(solutionPath(reply, 'black'), [0, 0, 0, 0]);
  reply.free();
});

test('languages: every key of the English table in Spanish, Hungarian and Japanese, same placeholders', () => {
  const en = STRINGS.en;
  for (const lang of ['es', 'hu', 'ja']) {
    const table = STRINGS[lang];
    assert.ok(table, `${lang} table`);
    for (const [k, v] of Object.entries(en)) {
      assert.ok(typeof table[k] === 'string' && table[k].length, `${lang}: ${k}`);
      const names = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
      assert.equal(names(table[k]), names(v), `${lang}: placeholders of ${k}`);
    }
  }
  assert.equal(pickLanguage(['hu-HU', 'en'], ['en', 'hu']), 'hu');
  assert.equal(pickLanguage(['fr'], ['en', 'hu']), 'en');
  assert.equal(translator('ja').t('player.black'), STRINGS.ja['player.black']);
});

test('describe: the position read out, moves and results in words', () => {
  const tr = translator('en');
  const g = new Game({ size: 5 });
  assert.match(positionText(tr, g), /empty.*Black to play/);
  g.place(2, 2);
  g.place(1, 1);
  const text = positionText(tr, g);
  assert.match(text, /Black stones: C3\./);
  assert.match(text, /White stones: B4\./);
  assert.match(text, /Last move: White B4\./);
  assert.match(text, /Black to play/);
  assert.match(positionText(tr, g, { x0: 0, y0: 0, x1: 1, y1: 1 }), /Black stones: none\./);
  assert.equal(moveText(tr, 'black', [0, 4], 2, 5), 'Black A1, captures 2 stones');
  assert.equal(resultText(tr, { result: 'W+R', winner: 'white', margin: 0 }), 'White wins by resignation');
  g.free();
});

test('regions: Go coordinates ("a1:j9", either order, no I), refused when off the board', () => {
  assert.deepEqual(parseRegion('a1:g7', 19, 19), { x0: 0, y0: 12, x1: 6, y1: 18 });
  assert.deepEqual(parseRegion('K10-T19', 19, 19), { x0: 9, y0: 0, x1: 18, y1: 9 });
  assert.deepEqual(parseRegion('j9:a1', 9, 9), { x0: 0, y0: 0, x1: 8, y1: 8 });
  assert.equal(parseRegion('a1:k10', 9, 9), null);
  assert.equal(parseRegion('i1:j2', 9, 9), null, 'there is no column I');
  assert.equal(parseRegion('nonsense', 9, 9), null);
  assert.deepEqual(shownRegion({ width: 9, height: 9, region: null }), { x0: 0, y0: 0, x1: 8, y1: 8 });
  assert.deepEqual(shownRegion({ width: 9, height: 9, region: { x0: 5, y0: 7, x1: 20, y1: 2 } }), { x0: 5, y0: 2, x1: 8, y1: 7 });
});

test('the renderer\'s cursor and marks stand out from the wood: contrast 3:1 and more', async () => {
  const { DEFAULT_THEME } = await import('../../www/lib/render.js');
  const lum = (hex) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  assert.ok(contrast(DEFAULT_THEME.accent, DEFAULT_THEME.wood) >= 3, `cursor ${contrast(DEFAULT_THEME.accent, DEFAULT_THEME.wood).toFixed(2)}:1`);
  assert.ok(contrast(DEFAULT_THEME.line, DEFAULT_THEME.wood) >= 3);
  assert.ok(contrast('#ffd27f', '#3b2f1e') >= 3, 'the header buttons\' focus ring');
});

/**
 * What a game's preset decides, observed through the engine: komi (the record has no KM),
 * counting, compensation for 3 handicap stones, whether dead stones may be marked, and suicide.
 */
function presetSignature(g) {
  const s = g.score();
  const suicide = g.legality(8, 8);
  g.pass();
  g.pass();
  let marking = 'agreed';
  try {
    g.markDead(2, 2);
  } catch (e) {
    marking = e.reason ?? e.code;
  }
  return JSON.stringify({ komi: s.komi, scoring: s.scoring, compensation: s.compensation, suicide, marking });
}

bothPackages('RU is read as the engine\'s preset, from the one list of presets', (G) => {
  // Three handicap stones; a black point at I1 (8, 8) surrounded by White: suicide for Black
  // where the rules forbid it.
  const position = 'SZ[9]HA[3]AB[cc][gg][cg]AW[hi][ih]PL[B]';
  // The list of presets is the full package's (the embed package leaves Game.presets out, the
  // `app` feature); both packages must read every name of it.
  const expected = new Map(Game.presets().map((p) => {
    const g = G.fromSgf(`(;${position})`, { rules: p.name });
    const sig = presetSignature(g);
    g.free();
    return [p.name, sig];
  }));
  assert.equal(new Set(expected.values()).size, expected.size, 'the signature tells every preset apart');
  for (const p of Game.presets()) {
    for (const ru of [p.name, p.ru, ...p.ruAliases, `${p.ru} rules`, ` ${p.ru.toUpperCase()} `]) {
      const g = G.fromSgf(`(;${position}RU[${ru}])`);
      assert.equal(presetSignature(g), expected.get(p.name), `RU[${ru}]`);
      g.free();
    }
  }
  // GOE and Ing name no preset (the engine says so in a warning): the default.
  for (const ru of ['GOE', 'Ing', 'something']) {
    const g = G.fromSgf(`(;${position}RU[${ru}])`);
    assert.equal(presetSignature(g), expected.get('japanese-1989'), `RU[${ru}]`);
    assert.ok(g.warnings.some((w) => w.includes('RU')), `RU[${ru}]: a warning`);
    g.free();
  }
});
