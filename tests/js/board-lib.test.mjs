// The shared library of the app and <tengen-board> (www/lib/), in Node: the SGF reader and
// writer, the record model on the engine (set-up anywhere, moves into and beside the tree, undo),
// the problem conventions, and the language tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { parseSgf, writeSgf, toPoint, fromPoint, pointList, boardSize, setRootProps } from '../../www/lib/sgf.js';
import { Record, nodeMove } from '../../www/lib/record.js';
import { judge, marksRight, endVerdict, solutionPath } from '../../www/lib/problem.js';
import { STRINGS } from '../../www/lib/strings.js';
import { translator, pickLanguage } from '../../www/lib/i18n.js';
import { positionText, resultText, moveText } from '../../www/lib/describe.js';
import { parseRegion, shownRegion } from '../../www/lib/render.js';

const { Game } = await load();

/** The board as rows of X, O and . from the top. */
function rows(game) {
  const b = game.board();
  const out = [];
  for (let y = 0; y < game.height; y++) {
    out.push(Array.from(b.slice(y * game.width, (y + 1) * game.width), (s) => (s > 0 ? 'X' : s < 0 ? 'O' : '.')).join(''));
  }
  return out;
}

test('SGF: nodes, variations, escapes and soft line breaks', () => {
  const [root] = parseSgf('junk (;GM[1]SZ[9]C[a \\] b \\\\ c\\\nd];B[cc](;W[dd]C[x])(;W[ee]))');
  assert.equal(root.props.SZ[0], '9');
  assert.equal(root.props.C[0], 'a ] b \\ cd');
  assert.equal(root.children.length, 1);
  const b = root.children[0];
  assert.deepEqual(b.props.B, ['cc']);
  assert.equal(b.children.length, 2);
  assert.deepEqual(b.children.map((n) => n.props.W[0]), ['dd', 'ee']);
  // Written back and read again: the same tree.
  const again = parseSgf(writeSgf([root]))[0];
  assert.deepEqual(JSON.parse(JSON.stringify(again)), JSON.parse(JSON.stringify(root)));
});

test('SGF: collections, lower-case identifiers (FF[3]), several values, errors with code sgf', () => {
  const roots = parseSgf('(;SZ[5])(;SZ[7]AddBlack[aa][bb])');
  assert.equal(roots.length, 2);
  assert.deepEqual(roots[1].props.AB, ['aa', 'bb']);
  for (const bad of ['', 'no tree', '(;B[aa', '(;B)']) {
    assert.throws(() => parseSgf(bad), (e) => e.code === 'sgf' && typeof e.offset === 'number', bad);
  }
});

test('SGF: the root\'s properties set, replaced and removed, the rest of the text untouched', () => {
  const text = '(;FF[4]CA[UTF-8]PB[Old]C[a \\] b\nline two]\nKM[6.5]AB[aa][bb]\n;B[cc]PB[not the root](;W[dd])(;W[ee]))\n';
  const out = setRootProps(text, { PB: 'Alice ]\\', PW: 'Bob', EV: null, C: '' });
  assert.equal(out, '(;FF[4]CA[UTF-8]KM[6.5]AB[aa][bb]PB[Alice \\]\\\\]PW[Bob]\n;B[cc]PB[not the root](;W[dd])(;W[ee]))\n');
  const [root] = parseSgf(out);
  assert.deepEqual(root.props.PB, ['Alice ]\\']);
  assert.deepEqual(root.props.AB, ['aa', 'bb']);
  assert.equal(root.props.C, undefined);
  assert.deepEqual(root.children[0].props.PB, ['not the root']);
  // Set again: one value each; an empty map changes nothing but the spaces between properties.
  assert.equal(setRootProps(setRootProps(out, { PB: 'Carol' }), {}).match(/PB\[/g).length, 2);
  assert.equal(setRootProps('(;SZ[9])', { DT: '2026-11-26' }), '(;SZ[9]DT[2026-11-26])');
  // The engine reads what was written.
  const g = Game.fromSgf(setRootProps('(;SZ[9];B[ee])', { PB: '本因坊秀策', WR: '8d', EV: 'x [y]' }));
  assert.equal(g.info.black, '本因坊秀策');
  assert.equal(g.info.whiteRank, '8d');
  assert.equal(g.info.event, 'x [y]');
  g.free();
  // Text that is not a record it can edit comes back as it was.
  for (const bad of ['', 'no record', '(;PB[unclosed', '(x;PB[a])', '(;PB']) assert.equal(setRootProps(bad, { PB: 'A' }), bad);
  // A collection: the root of the game tree named, values with '(' and ')' skipped.
  const col = '(;GN[a (1)];B[aa](;W[bb]))\n(;GN[b])\n(;GN[c)])\n';
  assert.equal(setRootProps(col, { PB: 'X' }, 1), '(;GN[a (1)];B[aa](;W[bb]))\n(;GN[b]PB[X])\n(;GN[c)])\n');
  assert.equal(setRootProps(col, { GN: 'z' }, 2), '(;GN[a (1)];B[aa](;W[bb]))\n(;GN[b])\n(;GN[z])\n');
  assert.equal(setRootProps(col, { PB: 'X' }, 3), col, 'no fourth game tree');
});

test('SGF points: passes, big boards, compressed lists, board sizes', () => {
  assert.deepEqual(toPoint('cd', 9, 9), [2, 3]);
  assert.equal(toPoint('', 9, 9), null);
  assert.equal(toPoint('tt', 19, 19), null);
  assert.deepEqual(toPoint('tt', 21, 21), [19, 19]);
  assert.equal(toPoint('zz', 9, 9), undefined);
  assert.deepEqual(toPoint('AA', 52, 52), [26, 26]);
  assert.equal(fromPoint([26, 3]), 'Ad');
  assert.deepEqual(pointList(['aa:bb', 'cc'], 9, 9), [[0, 0], [1, 0], [0, 1], [1, 1], [2, 2]]);
  assert.deepEqual(boardSize({ props: { SZ: ['13:9'] } }), { width: 13, height: 9 });
  assert.deepEqual(boardSize({ props: {} }), { width: 19, height: 19 });
  assert.throws(() => boardSize({ props: { SZ: ['99'] } }), /SZ\[99\]/);
});

const PROBLEM = `(;GM[1]FF[4]SZ[5]PL[B]AB[ab][bb][cb]AW[ac][bc][cc][dc][db]C[Black to play]
(;B[da]C[Correct! The white stones are captured.])
(;B[ea];W[da]C[Wrong: White captures])
(;B[dd]TE[1])
(;B[ee]BM[1];W[da]))`;

test('Record: root set-up, moves into the tree, previous and goTo', () => {
  const r = Record.fromSgf(Game, PROBLEM);
  assert.equal(r.game.toMove, 'black');
  assert.deepEqual(rows(r.game).slice(0, 3), ['.....', 'XXXO.', 'OOOO.']);
  assert.equal(r.children().length, 4);
  assert.equal(r.next(1), true);
  assert.equal(r.next(0), true);
  assert.deepEqual(r.path, [1, 0]);
  assert.equal(r.game.lastMove.point.join(), '3,0');
  assert.equal(r.previous(), true);
  assert.deepEqual(r.path, [1]);
  assert.equal(r.game.moveNumber, 1);
  r.goTo([0]);
  assert.equal(r.game.captures.black, 0);
  assert.equal(r.next(), false, 'the end of a line');
  r.free();
});

test('Record: set-up stones and PL in a variation after moves (AB, AW, AE), and back again', () => {
  const sgf = '(;SZ[5];B[aa];W[bb](;AE[aa]AB[cc]AW[dd]PL[W];W[ee];B[ea])(;B[cc]))';
  const r = Record.fromSgf(Game, sgf);
  r.next(0);
  r.next(0);
  r.next(0); // the set-up node
  assert.deepEqual(rows(r.game), ['.....', '.O...', '..X..', '...O.', '.....']);
  assert.equal(r.game.toMove, 'white');
  r.next(0);
  r.next(0);
  assert.equal(r.game.board()[4], 1, 'B[ea] played after the set-up');
  assert.equal(r.moveNumber, 4, 'the moves go on being counted across the set-up');
  r.previous();
  r.previous();
  r.previous();
  assert.deepEqual(rows(r.game)[0], 'X....', 'the removed stone is back');
  assert.equal(r.game.toMove, 'black');
  r.next(1);
  assert.equal(r.game.board()[12], 1);
  r.free();
});

test('Record: two moves of one colour in a row, captures kept across a set-up', () => {
  const r = Record.fromSgf(Game, '(;SZ[5];B[ba];W[aa];B[ab];B[dd];AB[ee])');
  while (r.next());
  assert.equal(r.game.captures.black, 1, 'the capture of W[aa] counts after the set-up');
  assert.equal(r.game.board()[24], 1);
  r.free();
});

test('Record: a move off the tree becomes a variation; an illegal one changes nothing; undoMove', () => {
  const r = Record.fromSgf(Game, PROBLEM);
  const before = r.toSgf();
  assert.throws(() => r.move([0, 1]), (e) => e.code === 'occupied');
  assert.equal(r.toSgf(), before, 'no node added');
  const m = r.move([4, 4]);
  assert.equal(m.index, 3, 'B[ee] is in the tree already');
  assert.equal(m.added, false);
  r.previous();
  const n = r.move([1, 4]);
  assert.equal(n.added, true);
  assert.equal(r.root.children.length, 5);
  assert.equal(r.undoMove(), true);
  assert.equal(r.root.children.length, 4);
  assert.equal(r.toSgf(), before);
  // Capturing: the move's captures are counted.
  const c = r.move([3, 0]);
  assert.equal(c.captures, 0);
  r.free();
});

test('Record: a fresh game with handicap; a ko the engine refuses', () => {
  const r = Record.fresh(Game, { size: 9, handicap: 2, komi: 0.5 });
  assert.equal(r.game.toMove, 'white');
  assert.equal(r.game.board().filter((s) => s > 0).length, 2);
  r.free();
  const k = Record.fromSgf(Game, '(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]PL[B])');
  assert.equal(k.move([2, 1]).captures, 1);
  const before = k.toSgf();
  assert.throws(() => k.move([1, 1]), (e) => e.code === 'ko');
  assert.equal(k.toSgf(), before, 'the refused retake adds no node');
  assert.deepEqual(k.path, [0]);
  k.free();
});

test('problems: right and wrong by comment, TE, BM, GB/GW; unmarked ends; the solution', () => {
  const [root] = parseSgf(PROBLEM);
  const [right, wrong, te, bm] = root.children;
  assert.equal(judge(right, 'black'), 'right');
  assert.equal(judge(wrong.children[0], 'black'), 'wrong');
  assert.equal(judge(wrong, 'black'), null);
  assert.equal(judge(te, 'black'), 'right');
  assert.equal(judge(bm, 'black'), 'wrong');
  assert.equal(judge({ props: { GB: ['1'] }, children: [] }, 'black'), 'right');
  assert.equal(judge({ props: { GB: ['1'] }, children: [] }, 'white'), 'wrong');
  assert.equal(judge({ props: { W: ['aa'], TE: ['1'] }, children: [] }, 'black'), null, 'TE on the reply is not the learner\'s');
  const c = (text) => judge({ props: { C: [text] }, children: [] }, 'black');
  assert.deepEqual(['Right! Well done', 'That kills. RIGHT', '正解です', 'Incorrect: too slow', 'NOTTHIS', '不正解', 'Black to play', 'The right side', 'Wronged'].map(c),
    ['right', 'right', 'right', 'wrong', 'wrong', 'wrong', null, null, null]);
  assert.equal(marksRight(root, 'black'), true);
  assert.deepEqual(solutionPath(root, 'black'), [0]);
  // A tree without marks: the main line is right.
  const [plain] = parseSgf('(;SZ[5](;B[aa];W[bb];B[cc])(;B[dd];W[ee]))');
  assert.equal(marksRight(plain, 'black'), false);
  assert.deepEqual(solutionPath(plain, 'black'), [0, 0, 0]);
  assert.equal(endVerdict([0, 0, 0], false), 'right');
  assert.equal(endVerdict([1, 0], false), 'wrong');
  assert.equal(endVerdict([0, 0, 0], true), 'wrong');
  assert.deepEqual(nodeMove(plain.children[0], 5, 5), { player: 'black', point: [0, 0] });
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

test('the element reads a record\'s RU as the engine does, from the one list of presets', () => {
  for (const p of Game.presets()) {
    for (const ru of [p.name, p.ru, ...p.ruAliases, `${p.ru} rules`, ` ${p.ru.toUpperCase()} `]) {
      const r = Record.fromSgf(Game, `(;SZ[9]RU[${ru}])`);
      assert.equal(r.options.rules, p.name, `RU[${ru}]`);
      r.game.free();
    }
  }
  // GOE and Ing name no preset (the engine says so too): the default.
  for (const ru of ['GOE', 'Ing', 'something']) {
    const r = Record.fromSgf(Game, `(;SZ[9]RU[${ru}])`);
    assert.equal(r.options.rules, 'japanese-1989', `RU[${ru}]`);
    r.game.free();
  }
});
