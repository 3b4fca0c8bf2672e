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

test('tengen-board: the script and the wasm it loads within its budget (142 KB gzipped, on the way to 130 KB)', async () => {
  const { elementSizes, ELEMENT } = await import('../../scripts/build.mjs');
  const s = elementSizes();
  assert.equal(ELEMENT.budget, 142 * 1024);
  assert.ok(s.totalGz <= ELEMENT.budget, `script ${s.scriptGz} B + wasm ${s.wasmGz} B gzipped, budget ${ELEMENT.budget} B`);
  // The script carries no second copy of the engine: the wasm comes as its own file.
  assert.ok(s.scriptGz < 40 * 1024, `script ${s.scriptGz} B gzipped`);
});
