#!/usr/bin/env node
// Dead stones side by side: tengen's estimator (the JS API from www/pkg, `game.estimate()`) and
// GNU Go 3.8 (`gnugo --mode gtp`, `final_status_list dead`) on the final positions of the
// corpus's counted games (../shared/corpus/scored.json), whose TB/TW are the players' agreed
// dead stones. For each engine: how many proposals equal the recorded dead set, and the time
// per position (median, 90th percentile, total). The goal: at least GNU Go's agreement at a
// twentieth of its time or less.
//
//   make bench-deadstones        (builds www/pkg first), or
//   node benches/node/deadstones.mjs [--games N] [--no-gnugo] [--chromium] [--misses] [--json out.json]
//
// `--chromium` also runs tengen's package inside Debian's headless Chromium (playwright-core,
// the e2e tests' launcher) on the same positions: the same proposals, and the browser's time.
//
// GNU Go is Debian's package `gnugo` (apt-get install gnugo); without it only tengen runs, and
// the output says so. Positions are set up with `play` (a legal final position needs no
// captures to build), the player to move being Black for both engines.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const CORPUS = process.env.TENGEN_CORPUS || path.resolve(ROOT, '..', 'shared', 'corpus');
const GNUGO = process.env.GNUGO || '/usr/games/gnugo';

const args = { games: Infinity, gnugo: true, chromium: false, misses: false, json: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--games') args.games = Number(process.argv[++i]);
  else if (a === '--no-gnugo') args.gnugo = false;
  else if (a === '--chromium') args.chromium = true;
  else if (a === '--misses') args.misses = true;
  else if (a === '--json') args.json = process.argv[++i];
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}

const file = fs.statSync(CORPUS).isDirectory() ? path.join(CORPUS, 'scored.json') : CORPUS;
const games = JSON.parse(fs.readFileSync(file, 'utf8')).games.slice(0, args.games);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const sgfPoint = (x, y) => LETTERS[x] + LETTERS[y];

/** The final position as a set-up record. */
function record(rows) {
  const ab = [];
  const aw = [];
  rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c === 'X') ab.push(`[${sgfPoint(x, y)}]`);
    if (c === 'O') aw.push(`[${sgfPoint(x, y)}]`);
  }));
  return `(;GM[1]FF[4]SZ[${rows.length}]PL[B]${ab.length ? 'AB' + ab.join('') : ''}${aw.length ? 'AW' + aw.join('') : ''})`;
}

const same = (a, b) => a.size === b.size && [...a].every((k) => b.has(k));
const recorded = (g) => new Set([...g.dead_black, ...g.dead_white]);

function stats(times) {
  const t = [...times].sort((a, b) => a - b);
  const at = (q) => t[Math.min(t.length - 1, Math.floor(q * t.length))];
  return { median: at(0.5), p90: at(0.9), total: t.reduce((s, v) => s + v, 0) };
}

// ---- tengen ---------------------------------------------------------------------------------
async function runTengen() {
  const pkg = path.join(ROOT, 'www', 'pkg');
  const mod = await import(path.join(pkg, 'tengen.js'));
  mod.initSync({ module: fs.readFileSync(path.join(pkg, 'tengen_bg.wasm')) });
  const out = [];
  for (const g of games) {
    const game = mod.Game.fromSgf(record(g.final_position));
    const t0 = performance.now();
    const e = game.estimate();
    const ms = performance.now() - t0;
    game.free();
    out.push({ dead: new Set(e.dead.map(([x, y]) => sgfPoint(x, y))), ms });
  }
  return out;
}

// ---- tengen in headless Chromium ------------------------------------------------------------
async function runChromium() {
  if (!args.chromium) return null;
  const { serve } = await import(path.join(ROOT, 'scripts', 'serve.mjs'));
  const { launch } = await import(path.join(ROOT, 'tests', 'e2e', 'browser.mjs'));
  const server = await serve({ port: 0, host: '127.0.0.1', quiet: true });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/version.js`);
    const records = games.map((g) => record(g.final_position));
    const out = await page.evaluate(async (records) => {
      const m = await import('/pkg/tengen.js');
      await m.default();
      return records.map((r) => {
        const game = m.Game.fromSgf(r);
        const t0 = performance.now();
        const e = game.estimate();
        const ms = performance.now() - t0;
        game.free();
        return { dead: e.dead, ms };
      });
    }, records);
    return out.map(({ dead, ms }) => ({ dead: new Set(dead.map(([x, y]) => sgfPoint(x, y))), ms }));
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}

// ---- GNU Go over GTP ------------------------------------------------------------------------
const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

class Gtp {
  constructor(cmd) {
    this.p = spawn(cmd, ['--mode', 'gtp', '--chinese-rules'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.buf = '';
    this.waiting = null;
    this.p.stdout.on('data', (d) => {
      this.buf += d;
      const end = this.buf.indexOf('\n\n');
      if (end >= 0 && this.waiting) {
        const reply = this.buf.slice(0, end);
        this.buf = this.buf.slice(end + 2);
        const w = this.waiting;
        this.waiting = null;
        w(reply);
      }
    });
  }

  send(line) {
    return new Promise((resolve, reject) => {
      this.waiting = (reply) => (reply.startsWith('=') ? resolve(reply.slice(1).trim()) : reject(new Error(`${line}: ${reply}`)));
      this.p.stdin.write(line + '\n');
    });
  }

  close() { this.p.stdin.end(); }
}

async function runGnugo() {
  if (!args.gnugo) return null;
  if (!fs.existsSync(GNUGO)) {
    console.log(`GNU Go not found at ${GNUGO} (apt-get install gnugo): tengen only`);
    return null;
  }
  const gtp = new Gtp(GNUGO);
  const out = [];
  for (const g of games) {
    const n = g.final_position.length;
    await gtp.send(`boardsize ${n}`);
    await gtp.send('clear_board');
    await gtp.send(`komi ${g.komi}`);
    const rows = g.final_position;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const c = rows[y][x];
        if (c === 'X' || c === 'O') await gtp.send(`play ${c === 'X' ? 'black' : 'white'} ${GTP_LETTERS[x]}${n - y}`);
      }
    }
    const t0 = performance.now();
    const reply = await gtp.send('final_status_list dead');
    const ms = performance.now() - t0;
    const dead = new Set(reply.split(/\s+/).filter(Boolean).map((v) => {
      const x = GTP_LETTERS.indexOf(v[0].toUpperCase());
      const y = n - Number(v.slice(1));
      return sgfPoint(x, y);
    }));
    out.push({ dead, ms });
  }
  gtp.close();
  return out;
}

function report(name, results) {
  const equal = results.filter((r, i) => same(r.dead, recorded(games[i]))).length;
  const s = stats(results.map((r) => r.ms));
  console.log(`${name.padEnd(8)} ${String(equal).padStart(4)}/${games.length} equal to the record   ` +
    `median ${s.median.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  total ${(s.total / 1000).toFixed(2)} s`);
  const bySize = [9, 13, 19].map((n) => {
    const t = results.filter((_, i) => games[i].final_position.length === n).map((r) => r.ms);
    return t.length ? `${n}x${n} ${stats(t).median.toFixed(2)} ms (${t.length})` : null;
  }).filter(Boolean);
  console.log(`${''.padEnd(9)}medians by size: ${bySize.join(', ')}`);
  if (args.misses) {
    results.forEach((r, i) => {
      if (!same(r.dead, recorded(games[i]))) {
        const want = recorded(games[i]);
        const extra = [...r.dead].filter((k) => !want.has(k));
        const missing = [...want].filter((k) => !r.dead.has(k));
        console.log(`  ${games[i].file}: proposed but not recorded [${extra.join(' ')}], recorded but not proposed [${missing.join(' ')}]`);
      }
    });
  }
  return { equal, ...s };
}

const tengen = await runTengen();
const chromium = await runChromium();
const gnugo = await runGnugo();
console.log(`${games.length} counted games of ${file}`);
const summary = { games: games.length, tengen: report('tengen', tengen) };
if (chromium) summary.chromium = report('chromium', chromium);
if (gnugo) {
  summary.gnugo = report('gnugo', gnugo);
  console.log(`time ratio gnugo/tengen (medians): ${(summary.gnugo.median / summary.tengen.median).toFixed(1)}x`);
}
if (args.json) fs.writeFileSync(args.json, JSON.stringify(summary, null, 2));
