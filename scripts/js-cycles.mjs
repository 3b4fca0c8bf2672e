#!/usr/bin/env node
// Fails (exit 1) when the page's ES modules (www/, generated files aside) import each other in a
// cycle. A module depends on another when it names it in a static `import ... from`, an
// `export ... from` or a dynamic `import('...')` with a relative path.
//
//   node scripts/js-cycles.mjs          check; prints every cycle found
import { tangles } from './graph.mjs';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WWW = join(ROOT, 'www');
// Build output: the wasm packages' glue, the bundled element (and every tengen-board.* file the
// build writes next to it: the wasm as a script, the words of each language), the asset list.
const GENERATED = new Set(['pkg', 'tengen-board.js', 'tengen-board.wasm.js', 'version.js']);

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (dir === WWW && (GENERATED.has(name) || /^tengen-board\./.test(name))) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (name.endsWith('.js') || name.endsWith('.mjs')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|[^\w.$])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The files a module imports (relative specifiers inside www/ only). */
function imports(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const deps = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    if (target.startsWith(WWW) && existsSync(target) && !GENERATED.has(relative(WWW, target).split('/')[0])) deps.add(target);
  }
  return [...deps];
}

const files = walk(WWW);
const graph = new Map(files.map((f) => [f, imports(f)]));

const found = tangles(files, (f) => graph.get(f) ?? []);

const name = (f) => relative(ROOT, f);
if (found.length) {
  for (const t of found) console.log(`cycle among: ${t.map(name).sort().join(', ')}`);
  console.log(`js cycles: ${found.length} tangle(s) among ${files.length} modules under www/`);
  process.exit(1);
}
console.log(`js cycles: none among ${files.length} modules under www/`);
