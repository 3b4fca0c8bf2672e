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
