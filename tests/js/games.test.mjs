// The saved-games list (www/app/games.js) in Node, with a fake localStorage: the pure functions on
// the list (touch, remove, the cap, the game dropped first, migration of the one game the page
// kept before the list), and the Games class over storage that is missing, full or corrupt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  Games, INDEX_KEY, LEGACY_KEY, MAX_GAMES, MAX_SQUEEZE, gameKey, newId, isId, parseIndex, indexText, touch, remove, cap,
  dropCandidate, migrate, summaryOf, cleanEntry,
} from '../../www/app/games.js';
import { ROOT } from './load.mjs';

/** localStorage as the page sees it; `quota`: the most characters it holds (keys and values), as browsers count. */
class FakeStorage {
  constructor(quota = Infinity) {
    this.map = new Map();
    this.quota = quota;
    this.writes = 0;
  }

  get length() { return this.map.size; }

  key(i) { return [...this.map.keys()][i] ?? null; }

  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }

  setItem(k, v) {
    const value = String(v);
    let used = 0;
    for (const [key, val] of this.map) if (key !== k) used += key.length + val.length;
    if (used + k.length + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.writes++;
    this.map.set(k, value);
  }

  removeItem(k) { this.map.delete(k); }
}

/** A clock that moves on a second each time it is read. */
const clock = (start = 1_700_000_000_000) => {
  let t = start;
  return () => (t += 1000);
};

/** A save of the current shape, a game played here on a `size` board with `n` moves in its SGF. */
const save = (size = 9, n = 0) => ({
  sgf: `(;GM[1]FF[4]SZ[${size}]${';B[aa];W[bb]'.repeat(n).slice(0, n * 6)})`,
  game: 0, path: Array(n).fill(0), extra: [], record: null, options: { size, rules: 'japanese-1989', komi: 6.5 }, opponent: null,
});

const entry = (id, updated, more = {}) => cleanEntry({ id, updated, ...more });
const ids = (list) => list.map((e) => e.id);

test('ids: made of the time and random letters, and only such ids are taken', () => {
  const a = newId(1_700_000_000_000, () => 0.5);
  const b = newId(1_700_000_000_000, () => 0.25);
  assert.ok(isId(a) && isId(b));
  assert.notEqual(a, b);
  for (const bad of ['', 'abc', 'ABCDEF', 'x/y1234', '../etc', null, 12345, 'a'.repeat(41)]) assert.equal(isId(bad), false, String(bad));
});

test('the list: touch puts a game first, remove takes it out, parse keeps what is well-formed, newest first', () => {
  let list = [];
  list = touch(list, entry('aaaa1', 1));
  list = touch(list, entry('bbbb2', 2));
  list = touch(list, entry('aaaa1', 3, { moves: 5 }));
  assert.deepEqual(ids(list), ['aaaa1', 'bbbb2']);
  assert.equal(list[0].moves, 5, 'the entry changed in place of its old self');
  assert.deepEqual(ids(remove(list, 'aaaa1')), ['bbbb2']);
  assert.deepEqual(ids(remove(list, 'zzzz9')), ['aaaa1', 'bbbb2']);

  const text = JSON.stringify({ v: 1, games: [entry('old01', 5), { id: '../x', updated: 9 }, 'junk', entry('new01', 7), entry('old01', 1)] });
  assert.deepEqual(ids(parseIndex(text)), ['new01', 'old01'], 'sorted newest first, each id once, junk left out');
  assert.deepEqual(parseIndex(indexText(list)), list);
  for (const bad of [null, '', '{', '[]', '{"games":3}', 'null']) assert.deepEqual(parseIndex(bad), [], String(bad));
});

test('the cap: the oldest games go first, a game with nothing played before them, never a game kept', () => {
  const list = [];
  for (let i = 0; i < 25; i++) list.unshift(entry(`game${String(i).padStart(2, '0')}`, i, { empty: i === 10 }));
  const { entries, dropped } = cap(list, MAX_GAMES, new Set(['game00', 'game01']));
  assert.equal(entries.length, MAX_GAMES);
  assert.deepEqual(dropped, ['game10', 'game02', 'game03', 'game04', 'game05'], 'the empty one first, then the oldest not kept');
  assert.ok(ids(entries).includes('game00') && ids(entries).includes('game01'), 'the games open in tabs are kept');
  assert.equal(dropCandidate(entries, new Set(ids(entries))), null, 'nothing to drop when every game is kept');
  const all = cap(list, 3, new Set(ids(list)));
  assert.equal(all.entries.length, 25, 'the cap gives way to the games kept');
  assert.deepEqual(all.dropped, []);
});

test('migration: a save of the one-game page becomes a game of the list, with what it tells', () => {
  for (const name of ['played-stopped', 'played-handicap', 'record-counted', 'record-resigned']) {
    const { saved } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'js', 'saves', `${name}.json`), 'utf8'));
    const m = migrate(JSON.stringify(saved), 'legacy1', 42);
    assert.equal(m.status, 'ok', name);
    assert.deepEqual(m.data, saved, `${name}: the save as it was (the page writes it again in the current shape)`);
    assert.equal(m.entry.id, 'legacy1');
    assert.equal(m.entry.updated, 42);
    assert.equal(m.entry.record, name.startsWith('record'), `${name}: a record or not`);
    if (!m.entry.record) assert.equal(m.entry.width, saved.options.size === Object(saved.options.size) ? saved.options.size.width : saved.options.size);
  }
  const v2 = migrate(JSON.stringify({ v: 2, ...save(13, 2), record: { name: 'club.sgf' }, options: null }), 'legacy2', 1);
  assert.equal(v2.entry.record, true);
  assert.equal(v2.entry.file, 'club.sgf');
  assert.equal(summaryOf({ v: 2, ...save(13) }).width, 13);
  assert.deepEqual(migrate(null, 'legacy3', 1), { status: 'none' });
  assert.deepEqual(migrate('{"v":1,"options":', 'legacy3', 1), { status: 'corrupt' });
  assert.deepEqual(migrate('{"v":9}', 'legacy3', 1), { status: 'corrupt' });
});

test('Games: a game written is read back, listed with its summary, and removed', () => {
  const store = new FakeStorage();
  const g = new Games(store, clock());
  assert.equal(g.available, true);
  assert.deepEqual(g.list(), []);
  assert.deepEqual(g.read('abcd1234'), { status: 'empty' });
  const w = g.write('abcd1234', save(9, 1), { width: 9, height: 9, moves: 1, black: 'Ann' });
  assert.equal(w.status, 'ok');
  assert.deepEqual(JSON.parse(w.text), { v: 2, ...save(9, 1) });
  assert.equal(g.read('abcd1234').status, 'ok');
  assert.deepEqual(g.read('abcd1234').data, { v: 2, ...save(9, 1) });
  g.write('efgh5678', save(13), { width: 13, height: 13, moves: 0, empty: true });
  assert.deepEqual(ids(g.list()), ['efgh5678', 'abcd1234'], 'newest first');
  assert.equal(g.entry('abcd1234').black, 'Ann');
  g.write('abcd1234', save(9, 2), { width: 9, height: 9, moves: 2 });
  assert.deepEqual(ids(g.list()), ['abcd1234', 'efgh5678'], 'a game saved again is the newest');
  assert.equal(g.remove('abcd1234'), 'ok');
  assert.deepEqual(ids(g.list()), ['efgh5678']);
  assert.equal(store.getItem(gameKey('abcd1234')), null, 'its save is gone too');
  assert.equal(g.text('efgh5678'), store.getItem(gameKey('efgh5678')));
});

test('Games: past the cap the oldest game not kept is dropped, with its save', () => {
  const store = new FakeStorage();
  const g = new Games(store, clock());
  const made = [];
  for (let i = 0; i < MAX_GAMES; i++) {
    const id = `game${String(i).padStart(4, '0')}`;
    made.push(id);
    g.write(id, save(9, 1), { moves: 1 });
  }
  const w = g.write('newgame1', save(9, 1), { moves: 1 }, new Set(['game0000']));
  assert.deepEqual(w.dropped, ['game0001'], 'the oldest but the one kept');
  assert.equal(g.list().length, MAX_GAMES);
  assert.equal(store.getItem(gameKey('game0001')), null);
  assert.ok(store.getItem(gameKey('game0000')));
});

test('Games: storage full drops the oldest games until the game fits, a few at most, and says which', () => {
  const store = new FakeStorage(2000);
  const g = new Games(store, clock());
  for (const id of ['old00001', 'old00002', 'old00003']) assert.equal(g.write(id, save(9, 3), { moves: 3 }).status, 'ok');
  const big = { ...save(19, 40), sgf: `(;SZ[19]C[${'x'.repeat(700)}])` };
  const w = g.write('big00001', big, { moves: 40 });
  assert.equal(w.status, 'ok');
  assert.ok(w.squeezed.length >= 1);
  assert.equal(w.squeezed[0], 'old00001', 'the oldest first');
  assert.deepEqual(ids(g.list()).slice(0, 1), ['big00001']);
  for (const id of w.squeezed) assert.equal(store.getItem(gameKey(id)), null);

  // Storage that refuses every write: a few games dropped at most, then 'full'.
  const none = new FakeStorage();
  const g2 = new Games(none, clock());
  for (let i = 0; i < 8; i++) g2.write(`keep000${i}`, save(9, 1), { moves: 1 });
  none.quota = 0;
  const r = g2.write('newgame1', save(9, 1), { moves: 1 });
  assert.equal(r.status, 'full');
  assert.equal(r.squeezed.length, MAX_SQUEEZE, 'no more than MAX_SQUEEZE games dropped');
  assert.ok(g2.list().length >= 8 - MAX_SQUEEZE);
});

test('Games: no storage, a storage that throws, a corrupt list or save: statuses, never exceptions', () => {
  const g = new Games(null);
  assert.equal(g.available, false);
  assert.deepEqual(g.list(), []);
  assert.deepEqual(g.read('abcd1234'), { status: 'unavailable' });
  assert.equal(g.write('abcd1234', save(), {}).status, 'unavailable');
  assert.equal(g.remove('abcd1234'), 'unavailable');
  assert.deepEqual(g.migrate('abcd1234'), { status: 'unavailable' });

  const broken = new FakeStorage();
  broken.getItem = () => { throw new DOMException('denied', 'SecurityError'); };
  broken.setItem = () => { throw new DOMException('denied', 'SecurityError'); };
  const b = new Games(broken);
  assert.deepEqual(b.list(), []);
  assert.deepEqual(b.read('abcd1234'), { status: 'unavailable' });
  assert.equal(b.write('abcd1234', save(), {}).status, 'unavailable');

  // A list that cannot be read: the games are found again by their keys.
  const store = new FakeStorage();
  const c = new Games(store, clock());
  c.write('abcd1234', save(9, 1), { moves: 1 });
  c.write('efgh5678', save(13, 1), { moves: 1 });
  store.setItem(INDEX_KEY, '{not json');
  assert.deepEqual(ids(c.list()).sort(), ['abcd1234', 'efgh5678']);
  assert.equal(c.entry('efgh5678').width, 13, 'with what its save tells');
  store.setItem(gameKey('abcd1234'), '{"v":2,"sgf":3}');
  assert.deepEqual(c.read('abcd1234'), { status: 'corrupt' });
  assert.deepEqual(ids(c.list()), ['efgh5678'], 'a corrupt save found without the list is not listed');
});

test('Games.migrate: the one game of before is moved into the list once, the old key removed', () => {
  const { saved } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'js', 'saves', 'record-counted.json'), 'utf8'));
  const store = new FakeStorage();
  const g = new Games(store, clock());
  g.write('mine0001', save(9, 1), { moves: 1 });
  store.setItem(LEGACY_KEY, JSON.stringify(saved));
  const m = g.migrate('legacy01');
  assert.equal(m.status, 'ok');
  assert.equal(m.id, 'legacy01');
  assert.deepEqual(m.data, saved);
  assert.equal(store.getItem(LEGACY_KEY), null, 'the old key is gone');
  assert.deepEqual(JSON.parse(store.getItem(gameKey('legacy01'))), saved, 'kept as it was, to be written again by the page');
  assert.deepEqual(ids(g.list()), ['legacy01', 'mine0001'], 'the newest, beside the games already listed');
  assert.deepEqual(g.migrate('legacy02'), { status: 'none' }, 'once');

  store.setItem(LEGACY_KEY, '{"v":1,"options":');
  assert.deepEqual(g.migrate('legacy03'), { status: 'corrupt' });
  assert.equal(store.getItem(LEGACY_KEY), null, 'a corrupt one is removed (the page says so)');
  assert.equal(g.entry('legacy03'), null);

  // Full: the game is still given to the page, and the old key left for a later try.
  const full = new FakeStorage();
  full.setItem(LEGACY_KEY, JSON.stringify(saved));
  full.quota = 0;
  const f = new Games(full, clock()).migrate('legacy04');
  assert.equal(f.status, 'full');
  assert.deepEqual(f.data, saved);
  assert.ok(full.getItem(LEGACY_KEY));
});
