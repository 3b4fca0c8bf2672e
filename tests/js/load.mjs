// Loads the built package (www/pkg, made by `make build`) in Node, the same files the page loads.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PKG = path.join(ROOT, 'www', 'pkg');

export async function load() {
  const mod = await import(path.join(PKG, 'tengen.js'));
  mod.initSync({ module: fs.readFileSync(path.join(PKG, 'tengen_bg.wasm')) });
  return mod;
}
