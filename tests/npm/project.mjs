// The npm package as a user gets it: dist/npm (scripts/npm.mjs) packed with `npm pack` and
// installed from the tarball into a fresh temporary project, offline (nothing may reach the
// network: a cache of its own, --offline). Shared by the tests of tests/npm/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.join(ROOT, 'dist', 'npm');

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Packs dist/npm into a new temporary folder and installs the tarball into a fresh project
 * there; returns { dir, tarball, pkg (the installed package's folder), pack (npm pack's report:
 * size, unpackedSize, files) }. `rm()` removes it all.
 */
export function freshProject() {
  if (!fs.existsSync(path.join(DIST, 'package.json'))) {
    throw new Error('dist/npm is missing: run make build (scripts/npm.mjs) first');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-npm-'));
  const [pack] = JSON.parse(npm(['pack', DIST, '--json', '--pack-destination', dir], dir));
  const tarball = path.join(dir, pack.filename);
  const project = path.join(dir, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--cache', path.join(dir, 'cache'), tarball], project);
  return {
    dir: project, tarball, pack, pkg: path.join(project, 'node_modules', 'tengen'),
    rm: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Writes `files` ({ relative path: text }) into `dir`. */
export function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}
