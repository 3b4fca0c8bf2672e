// Every string of the app and of the board in English, Spanish, Hungarian and Japanese: each
// table has every key of the English one, with the same placeholders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appTables, LANGUAGES } from '../../www/app/language.js';
import { STRINGS } from '../../www/lib/strings.js';
import editEn from '../../www/lib/strings/edit/en.js';
import editEs from '../../www/lib/strings/edit/es.js';
import editHu from '../../www/lib/strings/edit/hu.js';
import editJa from '../../www/lib/strings/edit/ja.js';

// The editor's words that <tengen-board mode="edit"> loads with its tools.
const EDIT = { en: editEn, es: editEs, hu: editHu, ja: editJa };

const names = (s) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join();

for (const [what, tables] of [['app', appTables()], ['board', STRINGS], ['edit tools', EDIT]]) {
  test(`${what} strings: every language has every English key, with its placeholders`, () => {
    const en = tables.en;
    assert.deepEqual(Object.keys(tables).sort(), ['en', 'es', 'hu', 'ja']);
    for (const lang of ['es', 'hu', 'ja']) {
      const missing = Object.keys(en).filter((k) => typeof tables[lang][k] !== 'string' || !tables[lang][k].trim());
      assert.deepEqual(missing, [], `${lang}: missing`);
      const extra = Object.keys(tables[lang]).filter((k) => !(k in en));
      assert.deepEqual(extra, [], `${lang}: keys English does not have`);
      for (const k of Object.keys(en)) assert.equal(names(tables[lang][k]), names(en[k]), `${lang}: placeholders of ${k}`);
      // A translation, not a copy (names and codes aside).
      const same = Object.keys(en).filter((k) => tables[lang][k] === en[k] && /\s/.test(en[k]) && !/^\{/.test(en[k]));
      assert.ok(same.length <= 3, `${lang}: left in English: ${same.join(', ')}`);
    }
  });
}

test('the language menu offers the four languages, each named in itself', () => {
  assert.deepEqual(LANGUAGES.map(([c]) => c), ['en', 'es', 'hu', 'ja']);
  assert.ok(LANGUAGES.every(([, name]) => name.length > 1));
});

test('<tengen-board> speaks every language of the board\'s words, and the build makes a script of each but English', async () => {
  const { LANGS } = await import('../../www/element/words.js');
  assert.deepEqual(LANGS, Object.keys(STRINGS));
  const { elementLanguages } = await import('../../scripts/build.mjs');
  assert.deepEqual(elementLanguages(), LANGS.filter((l) => l !== 'en'));
});

test('the app says the editor\'s words from the one table <tengen-board> loads, and keeps no copy of them', async () => {
  const { translator } = await import('../../www/lib/i18n.js');
  const app = appTables();
  for (const [lang, table] of Object.entries(EDIT)) {
    assert.deepEqual(Object.keys(table).filter((k) => k in app[lang]), [], `${lang}: the app's own table repeats them`);
    const tr = translator(lang);
    const differ = Object.keys(table).filter((k) => tr.t(k) !== table[k]);
    assert.deepEqual(differ, [], `${lang}: the app says otherwise`);
  }
});
