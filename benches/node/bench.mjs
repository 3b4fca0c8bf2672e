#!/usr/bin/env node
// Side-by-side benchmark of tengen's JS API and the JS Go libraries people use today, on the
// workloads of ../shared/bench: random playouts (9x9, 19x19), replay of the real games in
// ../shared/corpus/ai-games with simple ko and with positional superko, and area scoring.
//
//   make bench            (builds www/pkg first), or
//   node benches/node/bench.mjs [--engines tengen,wgo,...] [--workloads ...]
//        [--runs 5] [--time 0.4] [--seed 12345] [--games N] [--json out.json]
//
// Every engine runs in this one process on the same seeded workloads; the table prints the
// median rate, min-max over the runs and the ratio to wgo from the same run. Results are checked:
// tengen must accept every corpus game and its final boards must equal the other engines'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const CORPUS = process.env.TENGEN_CORPUS || path.resolve(ROOT, '..', 'shared', 'corpus');

const args = { engines: ['tengen', 'wgo', 'sabaki', 'tenuki', 'goban'], workloads: ['playout9', 'playout19', 'replay', 'replay-superko', 'score'], runs: 5, time: 0.4, seed: 12345, games: Infinity, json: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  const v = () => process.argv[++i];
  if (a === '--engines') args.engines = v().split(',');
  else if (a === '--workloads') args.workloads = v().split(',');
  else if (a === '--runs') args.runs = Number(v());
  else if (a === '--time') args.time = Number(v());
  else if (a === '--seed') args.seed = Number(v());
  else if (a === '--games') args.games = Number(v());
  else if (a === '--json') args.json = v();
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}

// ---- the real games: main line of each SGF (everything before the first ')'), 19x19, no set-up.
function mainLine(text) {
  const end = text.indexOf(')', text.indexOf('(') + 1);
  const body = text.slice(text.indexOf('('), end < 0 ? text.length : end);
  const props = [];
  const re = /;|([A-Za-z]+)\s*((?:\[(?:\\.|[^\]\\])*\]\s*)+)/gs;
  let m;
  while ((m = re.exec(body))) {
    if (m[0] === ';') { props.push(null); continue; }
    const id = m[1].replace(/[a-z]/g, '');
    const values = [...m[2].matchAll(/\[((?:\\.|[^\]\\])*)\]/gs)].map((x) => x[1]);
    props.push([id, values]);
  }
  return props;
}

export function loadGames(dir) {
  const games = [];
  for (const f of fs.readdirSync(dir).filter((f) => /\.sgf$/i.test(f)).sort()) {
    const props = mainLine(fs.readFileSync(path.join(dir, f), 'latin1'));
    const moves = [];
    let ok = true;
    let colour = 'B';
    for (const p of props) {
      if (!p) continue;
      const [id, [v = '']] = p;
      if ((id === 'SZ' && v !== '19') || id === 'AB' || id === 'AW' || id === 'AE' || (id === 'HA' && Number(v) > 0)) { ok = false; break; }
      if (id !== 'B' && id !== 'W') continue;
      if (id !== colour) { ok = false; break; }
      moves.push(v === '' || v === 'tt' ? null : [v.charCodeAt(0) - 97, v.charCodeAt(1) - 97]);
      colour = colour === 'B' ? 'W' : 'B';
    }
    if (ok && moves.length >= 50) games.push({ file: f, moves });
  }
  return games;
}

// ---- seeded workloads, the same for every engine
function xorshift(seed) {
  let s = (seed >>> 0) || 0x6d2b79f5;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
}

/** An own single-point eye that a playout does not fill (all neighbours own, at most one bad diagonal). */
function eyeish(b, n, x, y, c) {
  if ((x > 0 && b[y * n + x - 1] !== c) || (x < n - 1 && b[y * n + x + 1] !== c)
    || (y > 0 && b[(y - 1) * n + x] !== c) || (y < n - 1 && b[(y + 1) * n + x] !== c)) return false;
  let bad = 0;
  let edge = 0;
  for (const [dx, dy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    const xx = x + dx;
    const yy = y + dy;
    if (xx < 0 || yy < 0 || xx >= n || yy >= n) edge = 1;
    else if (b[yy * n + xx] === -c) bad++;
  }
  return bad + edge < 2;
}

function playout(E, n, seed) {
  const g = E.newGame(n);
  const rnd = xorshift(seed);
  const cand = new Int32Array(n * n);
  let passes = 0;
  let moves = 0;
  let colour = 1;
  for (let ply = 0; ply < 2 * n * n && passes < 2; ply++, colour = -colour) {
    let c = cand;
    let k = 0;
    if (g.playoutMoves) { c = g.playoutMoves(); k = c.length; } else {
      const b = g.stones();
      for (let i = 0; i < n * n; i++) if (b[i] === 0 && !eyeish(b, n, i % n, (i / n) | 0, colour)) cand[k++] = i;
    }
    let played = false;
    while (k > 0) {
      const i = rnd() % k;
      const p = c[i];
      if (g.play(p % n, (p / n) | 0)) { played = true; break; }
      c[i] = c[--k];
    }
    if (played) { moves++; passes = 0; } else { g.pass(); passes++; }
  }
  g.free?.();
  return moves;
}

function replay(E, game, superko, keep = false) {
  const g = E.newGame(19, { superko });
  let moves = 0;
  let rejected = false;
  for (const m of game.moves) {
    if (m === null) { g.pass(); continue; }
    if (!g.play(m[0], m[1])) { rejected = true; break; }
    moves++;
  }
  if (!keep) g.free?.();
  return { moves, rejected, g };
}

// ---- timing: calibrate a unit count to ~args.time seconds, then take args.runs runs
const now = () => Number(process.hrtime.bigint()) / 1e9;
const median = (a) => { const b = [...a].sort((x, y) => x - y); const h = b.length >> 1; return b.length % 2 ? b[h] : (b[h - 1] + b[h]) / 2; };
function measure(unit) {
  let t0 = now();
  let u = 0;
  while (now() - t0 < args.time || u < 2) unit(u++);
  const count = Math.max(1, Math.round(args.time / ((now() - t0) / u)));
  const rates = [];
  for (let r = 0; r < args.runs; r++) {
    let ops = 0;
    t0 = now();
    for (let i = 0; i < count; i++) ops += unit(i);
    rates.push(ops / (now() - t0));
  }
  return { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
}

// ---- main
const gamesDir = path.join(CORPUS, 'ai-games');
if (!fs.existsSync(gamesDir)) { console.error(`corpus not found at ${gamesDir} (set TENGEN_CORPUS): the replay and score workloads need it`); process.exit(2); }
const games = loadGames(gamesDir).slice(0, args.games);
const engines = [];
for (const key of args.engines) engines.push({ key, E: await import(path.join(HERE, 'engines', `${key}.mjs`)) });
console.log(`# node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}, ${games.length} games (${games.reduce((a, g) => a + g.moves.filter(Boolean).length, 0)} stones), runs=${args.runs}, ~${args.time} s a run, seed ${args.seed}`);

const results = [];
const failures = [];
const boardsOf = (E, superko) => games.map((gm) => { const r = replay(E, gm, superko, true); const b = r.rejected ? null : Array.from(r.g.stones()).join(''); r.g.free?.(); return b; });
let referenceBoards = null;
for (const { key, E } of engines) {
  for (const w of args.workloads) {
    let res;
    if (w === 'playout9' || w === 'playout19') {
      const n = w === 'playout9' ? 9 : 19;
      res = { unit: 'playouts/s', ...measure((i) => { playout(E, n, args.seed + i); return 1; }) };
    } else if (w === 'replay' || w === 'replay-superko') {
      const superko = w === 'replay-superko';
      if (superko && !E.features.superko) continue;
      const boards = boardsOf(E, superko);
      const rejected = boards.filter((b) => b === null).length;
      if (key === 'tengen') {
        if (rejected) failures.push(`tengen rejected ${rejected} corpus games under ${w}`);
        referenceBoards ??= boards;
      } else if (referenceBoards) {
        const differ = boards.filter((b, i) => b !== null && b !== referenceBoards[i]).length;
        if (differ) console.log(`  note: ${key} ends ${differ} games on a board other than tengen's`);
      }
      res = { unit: 'moves/s', note: `rejected ${rejected}`, ...measure((i) => replay(E, games[i % games.length], superko).moves) };
    } else if (w === 'score') {
      if (!E.features.score) continue;
      const finals = [];
      for (const gm of games.slice(0, 100)) finals.push(replay(E, gm, false, true).g);
      for (const g of finals) g.areaScore();
      res = { unit: 'scores/s', ...measure((i) => { finals[i % finals.length].areaScore(); return 1; }) };
      for (const g of finals) g.free?.();
    }
    const r = { engine: key, workload: w, ...res };
    results.push(r);
    const f = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
    console.log(`${key.padEnd(8)} ${w.padEnd(15)} ${f(r.median).padStart(10)} ${r.unit.padEnd(11)} [${f(r.min)}-${f(r.max)}] ${r.note ?? ''}`);
  }
}

console.log('\n# ratio of the median to wgo\'s, same run');
for (const w of args.workloads) {
  const base = results.find((r) => r.engine === 'wgo' && r.workload === w) ?? results.find((r) => r.workload === w && r.engine !== 'tengen');
  if (!base) continue;
  console.log(`${w.padEnd(15)} ` + results.filter((r) => r.workload === w).map((r) => `${r.engine}=${(r.median / base.median).toPrecision(3)}`).join('  ') + (base.engine !== 'wgo' ? ` (vs ${base.engine})` : ''));
}
const sk = results.filter((r) => r.workload === 'replay-superko');
const mine = sk.find((r) => r.engine === 'tengen');
const best = sk.filter((r) => r.engine !== 'tengen').sort((a, b) => b.median - a.median)[0];
if (mine && best) {
  console.log(`\n# target: replay with positional superko at least as fast as the fastest JS engine: tengen ${mine.median.toFixed(0)} vs ${best.engine} ${best.median.toFixed(0)} moves/s: ${mine.median >= best.median ? 'met' : 'NOT met'} (${(mine.median / best.median).toFixed(1)}x)`);
}
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ args, results }, null, 1));
if (failures.length) { console.error(failures.join('\n')); process.exit(1); }
