#!/usr/bin/env node
// Builds the wasm package as wasm-pack.toml says, then checks the size budget.
//   node scripts/build.mjs            build into the configured out-dir
//   node scripts/build.mjs --sizes    only print the sizes of an existing build
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The subset of TOML wasm-pack.toml uses: [tables], key = "string" | number | ["strings"], # comments. */
export function readToml(file) {
  const out = {};
  let table = out;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '').trim();
    if (!line) continue;
    const t = line.match(/^\[([\w.-]+)\]$/);
    if (t) { table = out[t[1]] = out[t[1]] || {}; continue; }
    const kv = line.match(/^([\w-]+)\s*=\s*(.+)$/);
    if (!kv) throw new Error(`${file}: cannot read line: ${raw}`);
    table[kv[1]] = JSON.parse(kv[2]);
  }
  return out;
}

export function config() {
  return readToml(path.join(ROOT, 'wasm-pack.toml'));
}

export function sizes(outDir) {
  const wasm = fs.readFileSync(path.join(outDir, 'tengen_bg.wasm'));
  const js = fs.readFileSync(path.join(outDir, 'tengen.js'));
  const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
  return { wasm: wasm.length, js: js.length, wasmGz: gz(wasm), jsGz: gz(js), totalGz: gz(wasm) + gz(js) };
}

function main() {
  const cfg = config();
  const outDir = path.join(ROOT, cfg.build['out-dir']);
  if (!process.argv.includes('--sizes')) {
    const args = ['build', ROOT, '--target', cfg.build.target, '--out-dir', outDir, '--no-pack',
      '--mode', process.env.TENGEN_WASM_BUILD_MODE || cfg.build.mode, `--${cfg.build.profile}`];
    console.log('wasm-pack ' + args.join(' '));
    const r = spawnSync('wasm-pack', args, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const s = sizes(outDir);
  const budget = cfg.budget['gzip-bytes'];
  console.log(`wasm ${s.wasm} B (${s.wasmGz} B gzipped), glue ${s.js} B (${s.jsGz} B gzipped): ` +
    `${s.totalGz} of ${budget} B budget`);
  if (s.totalGz > budget) { console.error('over the size budget'); process.exit(1); }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
