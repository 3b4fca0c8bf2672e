// `tengen convert --utf8` (the command line, tests/cli.rs) as the JS API reads it: each record of
// tests/cli/charsets/ (legacy charsets, with CA or detected) and its conversion checked in under
// tests/cli/utf8/ (tests/cli.rs proves these are the command's output) read through
// Game.fromSgf to the same game: names, comments (every node of the tree) and the whole tree
// as toSgf writes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load, ROOT } from './load.mjs';

const { Game } = await load();
const ORIGINALS = path.join(ROOT, 'tests', 'cli', 'charsets');
const CONVERTED = path.join(ROOT, 'tests', 'cli', 'utf8');

/** The game information and the comment of every node of the main line, from the root. */
function texts(g) {
  g.goTo([]);
  const out = { info: g.info, comments: [g.comment] };
  while (g.next()) out.comments.push(g.comment);
  return out;
}

const names = fs.readdirSync(ORIGINALS).filter((n) => n.endsWith('.sgf')).sort();

test('every charset record is converted', () => {
  assert.equal(names.length, 16);
  assert.deepEqual(fs.readdirSync(CONVERTED).sort(), names);
});

for (const name of names) {
  test(`${name}: the UTF-8 conversion reads to the same texts`, () => {
    const original = Game.fromSgf(new Uint8Array(fs.readFileSync(path.join(ORIGINALS, name))));
    const bytes = fs.readFileSync(path.join(CONVERTED, name));
    // The conversion is UTF-8 text and says so.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    assert.match(text, /CA\[UTF-8\]/);
    const converted = Game.fromSgf(new Uint8Array(bytes));
    assert.equal(converted.toSgf(), original.toSgf());
    const a = texts(original);
    assert.deepEqual(texts(converted), a);
    // The names are real text, not replacement characters.
    assert.ok(a.info.black && !a.info.black.includes('\uFFFD'), a.info.black);
    assert.ok(a.comments.filter((c) => c).length >= (name === 'utf8.sgf' ? 1 : 2), a.comments);
    // Read as a string too (CA not used): the same.
    assert.equal(Game.fromSgf(text).toSgf(), original.toSgf());
  });
}
