// The size budgets of wasm-pack.toml, on the packages `make build` made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packages, sizes } from '../../scripts/build.mjs';

for (const p of packages()) {
  test(`${p.name} package: gzipped .wasm plus JS glue within ${p.budget} bytes`, () => {
    const s = sizes(p.outDir);
    assert.ok(s.totalGz <= p.budget, `${p.name}: ${s.totalGz} B gzipped, budget ${p.budget} B`);
  });
}

test('tengen-board: the script and the wasm it loads within its budget (130 KB gzipped)', async () => {
  const { elementSizes, ELEMENT } = await import('../../scripts/build.mjs');
  const s = elementSizes();
  assert.equal(ELEMENT.budget, 130 * 1024);
  assert.ok(s.totalGz <= ELEMENT.budget, `script ${s.scriptGz} B + wasm ${s.wasmGz} B gzipped, budget ${ELEMENT.budget} B`);
  // The script carries no second copy of the engine: the wasm comes as its own file.
  assert.ok(s.scriptGz < 40 * 1024, `script ${s.scriptGz} B gzipped`);
});

test('tengen-board: English in the script, each other language a script of its own that the service worker caches', async () => {
  const fs = await import('node:fs');
  const { elementSizes, elementLanguages, ELEMENT } = await import('../../scripts/build.mjs');
  const { STRINGS } = await import('../../www/lib/strings.js');
  const script = fs.readFileSync(ELEMENT.script, 'utf8');
  const version = fs.readFileSync(new URL('../../www/version.js', import.meta.url), 'utf8');
  const { languages } = elementSizes();
  assert.deepEqual(Object.keys(languages), elementLanguages());
  for (const lang of elementLanguages()) {
    // A sentence of the language's own, escaped as esbuild writes it (\xXX, \uXXXX beyond
    // ASCII): in the language's script, not in the element's.
    const hex = (c, n) => c.charCodeAt(0).toString(16).toUpperCase().padStart(n, '0');
    const word = STRINGS[lang]['problem.noSolution'].replace(/[^\x20-\x7e]/g, (c) => (c.charCodeAt(0) < 256 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
    assert.ok(fs.readFileSync(ELEMENT.languageScript(lang), 'utf8').includes(word), `tengen-board.${lang}.js has its words`);
    assert.ok(!script.includes(word), `tengen-board.js carries the words of ${lang}`);
    assert.ok(languages[lang] < 3 * 1024, `tengen-board.${lang}.js: ${languages[lang]} B gzipped`);
    assert.ok(version.includes(`"tengen-board.${lang}.js"`), `the service worker caches tengen-board.${lang}.js`);
  }
});

test('tengen-board mode="edit": what it loads besides the base (the edit part and its wasm) within its budget, and the base has no editing calls', async () => {
  const fs = await import('node:fs');
  const { elementSizes, ELEMENT } = await import('../../scripts/build.mjs');
  const { edit, chunks } = elementSizes();
  assert.equal(ELEMENT.editBudget, 134 * 1024);
  assert.equal(edit.scriptGz, chunks.edit);
  assert.ok(edit.totalGz <= ELEMENT.editBudget, `edit part ${edit.scriptGz} B + wasm ${edit.wasmGz} B gzipped, budget ${ELEMENT.editBudget} B`);
  // The editing calls are in edit mode's engine and glue, not in the base script's.
  const script = fs.readFileSync(ELEMENT.script, 'utf8');
  assert.ok(!script.includes('setStone') && !script.includes('makeMainLine'), 'the base script binds editing calls');
  assert.ok(fs.readFileSync(ELEMENT.chunkScript('edit'), 'utf8').includes('makeMainLine'), 'the edit part binds the editing calls');
  // Its wasm is the edit package's, and the script form for file:// carries the same bytes.
  const wasm = fs.readFileSync(ELEMENT.editWasm);
  assert.ok(wasm.equals(fs.readFileSync(new URL('../../pkg-edit/tengen_bg.wasm', import.meta.url))));
  assert.ok(fs.readFileSync(ELEMENT.editWasmScript, 'utf8').includes(wasm.toString('base64')));
  assert.ok(!fs.readFileSync(new URL('../../www/version.js', import.meta.url), 'utf8').includes('tengen-board-edit.wasm.js'));
});
