#!/usr/bin/env node
// tengen-gtp against GNU Go 3.8 over GTP: N games on one board size, colours alternating,
// Chinese rules and komi 7 by default, or Japanese rules (territory counting) and komi 6.5.
// No npm dependencies.
//
//   node scripts/match.mjs --games 60 --playouts 5000
//   node scripts/match.mjs --games 20 --playouts 10000 --rules japanese
//   node scripts/match.mjs --games 20 --time-ms 2000 --gnugo-level 8 --parallel 2
//
// Options (defaults in brackets):
//   --games N [60]         games to play; tengen is Black in the even-numbered ones (0, 2, ...)
//   --size N [9]           board size
//   --rules R [chinese]    chinese: tengen-gtp --rules chinese, GNU Go --chinese-rules;
//                          japanese: tengen-gtp --rules japanese-1989, GNU Go --japanese-rules
//   --komi K [7; 6.5 under japanese]   komi (an integer komi allows jigo, half a win)
//   --playouts N           tengen's budget per move in playouts (deterministic per seed)
//   --time-ms N            tengen's budget per move in milliseconds (default: the engine's,
//                          1000 ms)
//   --seed N [1]           base seed: game i gives tengen --seed N+1000*i and GNU Go N+i
//   --gnugo-level N [10]   GNU Go's level
//   --parallel N [1]       games at once (each game is two processes)
//   --max-moves N [300, or 1.5 times the points of a larger board: 541 on 19x19]
//                          a game still running after this many moves is counted as it stands
//   --out DIR [test-results/match]   per-game SGF and tengen logs, and summary.json
//   --tengen PATH          the engine (default: target/release/tengen-gtp, built if missing)
//   --gnugo PATH [/usr/games/gnugo, else gnugo on the PATH]
//   --timeout-s N [300]    longest wait for one reply before the engine is taken as dead
//   --tengen-args "..."    more flags for tengen-gtp, split at spaces (e.g. "--threads 2")
//   --opponent "PATH ARGS..."   another GTP engine instead of GNU Go, split at spaces; a
//                          tengen-gtp opponent (it answers GTP name with tengen) also gets --rules,
//                          --seed N+1000*i+500 and tengen's budget flags unless its ARGS give
//                          them, and kgs-rules like tengen; the reports' "gnugo" is then it.
//                          2 threads against 1 of the same engine on 9x9:
//                          node scripts/match.mjs --games 60 --time-ms 1000 --tengen-args
//                          "--threads 2" --opponent "target/release/tengen-gtp --threads 1"
//
// A game ends on two passes in a row, a resignation, or the move cap. It is then scored by
// tengen's final_score (the referee) and by GNU Go's; when they disagree, the game is listed
// as a disagreement (under both rules each engine counts with its own dead stones: tengen's
// estimator, GNU Go's final_status_list dead). An engine that dies, times out, or answers "?" to genmove loses the game,
// and so does one whose move the other refuses as illegal; each such game carries a note.
//
// Unsettled passes (per game and in total, printed and in summary.json): a pass by tengen
// while the game was not over: a tengen pass that GNU Go answers with a stone where the game's
// final count (tengen's final_score) is worse for tengen than the count when it passed (GNU
// Go's stone gained something), or a tengen pass that ends the game while GNU Go's count
// (final_score, with its final_status_list dead) gives another winner than tengen's. Passes
// that GNU Go answers with a stone that changes nothing (a probe that tengen answers, a stone
// in its own area) are counted apart, as answered passes.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function usage(message) {
  if (message) console.error(`match.mjs: ${message}`);
  const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const head = text.split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3));
  console.error(head.join('\n'));
  process.exit(message ? 2 : 0);
}

/** A command line's words: split at white space (no quoting). */
function words(text) {
  return String(text).split(/\s+/).filter(Boolean);
}

function parseArgs(argv) {
  const o = {
    games: 60,
    size: 9,
    rules: 'chinese',
    komi: null,
    playouts: null,
    timeMs: null,
    seed: 1,
    gnugoLevel: 10,
    parallel: 1,
    maxMoves: null,
    out: path.join(ROOT, 'test-results', 'match'),
    tengen: null,
    gnugo: null,
    timeoutS: 300,
  };
  const ints = {
    '--games': ['games', 1],
    '--size': ['size', 2],
    '--playouts': ['playouts', 1],
    '--time-ms': ['timeMs', 1],
    '--seed': ['seed', 0],
    '--gnugo-level': ['gnugoLevel', 0],
    '--parallel': ['parallel', 1],
    '--max-moves': ['maxMoves', 1],
    '--timeout-s': ['timeoutS', 1],
  };
  for (let i = 0; i < argv.length; i++) {
    let [flag, value] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], undefined];
    if (flag === '--help' || flag === '-h') usage();
    const next = () => {
      if (value !== undefined) return value;
      if (i + 1 >= argv.length) usage(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag in ints) {
      const [key, min] = ints[flag];
      const v = next();
      if (!/^\d+$/.test(v) || Number(v) < min) usage(`${flag}: not a whole number >= ${min}: ${v}`);
      o[key] = Number(v);
    } else if (flag === '--komi') {
      const v = Number(next());
      if (!Number.isFinite(v) || Math.round(v * 2) !== v * 2) usage('--komi: a multiple of 0.5');
      o.komi = v;
    } else if (flag === '--out') o.out = path.resolve(next());
    else if (flag === '--rules') {
      const v = next().toLowerCase();
      if (v !== 'chinese' && v !== 'japanese') usage(`--rules: chinese or japanese, not ${v}`);
      o.rules = v;
    } else if (flag === '--tengen') o.tengen = path.resolve(next());
    else if (flag === '--gnugo') o.gnugo = next();
    else if (flag === '--tengen-args') o.tengenArgs = words(next());
    else if (flag === '--opponent') {
      o.opponent = words(next());
      if (!o.opponent.length) usage('--opponent: a command');
    }
    else usage(`unknown option: ${argv[i]}`);
  }
  if (o.size > 19) usage('--size: GNU Go plays boards up to 19x19');
  // Games on 19x19 between these engines run past 300 moves (to the last dame and the
  // captures of the endgame): a cap that stops them counts an unfinished board.
  o.maxMoves ??= Math.max(300, Math.floor(1.5 * o.size * o.size));
  if (o.komi == null) o.komi = o.rules === 'japanese' ? 6.5 : 7;
  return o;
}

/** GNU Go's path, or a clear message on how to install it. */
function findGnugo(given) {
  const candidates = given ? [given] : ['/usr/games/gnugo', '/usr/local/bin/gnugo', '/opt/homebrew/bin/gnugo', 'gnugo'];
  for (const c of candidates) {
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && /GNU Go/i.test(r.stdout)) return { path: c, version: r.stdout.split('\n')[0].trim() };
  }
  console.error(
    'match.mjs: GNU Go was not found' + (given ? ` at ${given}` : '') + '.\n' +
      '  Debian/Ubuntu: sudo apt-get install gnugo   (installs /usr/games/gnugo)\n' +
      '  macOS:         brew install gnu-go\n' +
      '  or pass --gnugo /path/to/gnugo',
  );
  process.exit(1);
}

/** tengen-gtp's path: the one given, else the release build (built now if missing). */
function findTengen(given) {
  if (given) {
    if (!fs.existsSync(given)) usage(`--tengen: no such file: ${given}`);
    return given;
  }
  const target = process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
  const bin = path.join(target, 'release', process.platform === 'win32' ? 'tengen-gtp.exe' : 'tengen-gtp');
  console.error('match.mjs: building tengen-gtp (cargo build --release --bin tengen-gtp)');
  const r = spawnSync('cargo', ['build', '--release', '--bin', 'tengen-gtp'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0 || !fs.existsSync(bin)) {
    console.error(`match.mjs: could not build ${bin}; build it, or pass --tengen PATH`);
    process.exit(1);
  }
  return bin;
}

/** One GTP engine process: `send` returns the reply's text, or throws on a `?` reply
 *  (error.gtp set), a death or a timeout. */
class Gtp {
  constructor(name, command, args, { timeoutS, log }) {
    this.name = name;
    this.timeoutMs = timeoutS * 1000;
    this.buffer = '';
    this.pending = [];
    this.dead = null;
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', log ? 'pipe' : 'ignore'] });
    if (log) this.child.stderr.on('data', (d) => log.write(d));
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d) => this.onData(d));
    this.child.stdin.on('error', () => {});
    this.child.on('error', (e) => this.die(`cannot run: ${e.message}`));
    this.child.on('exit', (code, signal) => this.die(`exited (${signal ?? `code ${code}`})`));
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
  }

  onData(d) {
    this.buffer += d.replace(/\r/g, '');
    let end;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const reply = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const p = this.pending.shift();
      if (!p) continue;
      clearTimeout(p.timer);
      const m = /^([=?])\d*\s?([\s\S]*)$/.exec(reply.replace(/^\n+/, ''));
      if (!m) p.reject(Object.assign(new Error(`${this.name}: malformed reply ${JSON.stringify(reply)}`), { gtp: true }));
      else if (m[1] === '=') p.resolve(m[2].trim());
      else p.reject(Object.assign(new Error(`${this.name}: ? ${m[2].trim()}`), { gtp: true }));
    }
  }

  die(why) {
    if (this.dead) return;
    this.dead = why;
    for (const p of this.pending.splice(0)) {
      clearTimeout(p.timer);
      p.reject(new Error(`${this.name} ${why}`));
    }
  }

  send(command) {
    if (this.dead) return Promise.reject(new Error(`${this.name} ${this.dead}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.die(`timed out after ${this.timeoutMs / 1000} s on "${command}"`);
        this.child.kill('SIGKILL');
      }, this.timeoutMs);
      this.pending.push({ resolve, reject, timer });
      this.child.stdin.write(command + '\n');
    });
  }

  async close() {
    if (!this.dead) {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await this.send('quit').catch(() => {});
      await this.exited;
      clearTimeout(timer);
    }
  }
}

/** A GTP vertex as an SGF point (`null`: a pass), or undefined if it is not one. */
function sgfPoint(vertex, size) {
  if (/^pass$/i.test(vertex)) return null;
  const m = /^([A-HJ-Z])(\d{1,2})$/i.exec(vertex);
  if (!m) return undefined;
  const x = COLUMNS.indexOf(m[1].toUpperCase());
  const y = size - Number(m[2]);
  if (x < 0 || x >= size || y < 0 || y >= size) return undefined;
  return String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
}

/** A result (`B+3.5`, `W+12.0`, `0`, `Draw`) as a signed margin, Black positive; null if not
 *  a count. */
function margin(result) {
  if (/^(0|draw|jigo|[BW]\+0(\.0)?)$/i.test(result)) return 0;
  const m = /^([BW])\+(\d+(?:\.\d+)?)$/i.exec(result);
  if (!m) return null;
  return (m[1].toUpperCase() === 'B' ? 1 : -1) * Number(m[2]);
}

function sgfText(s) {
  return String(s).replace(/[\]\\]/g, (c) => '\\' + c);
}

/** Whether the opponent's command (its words) is a tengen-gtp: it answers GTP \`name\` with
 *  "tengen", whatever the file is called (a copy renamed gets the rules all the same). */
function isTengen(command) {
  if (!command) return false;
  const r = spawnSync(command[0], command.slice(1), { encoding: 'utf8', input: 'name\nquit\n', timeout: 30000 });
  return /^= ?tengen\s*$/m.test(r.stdout ?? '');
}

/** The opponent's arguments in game `i`: its own, and for a tengen-gtp the rules, a seed of its
 *  own per game and tengen's budget, where its own do not give them. */
function opponentArgs(o, i) {
  const args = o.opponent.slice(1);
  if (!o.opponentTengen) return args;
  const has = (flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`));
  if (!has('--rules')) args.push('--rules', o.rules === 'japanese' ? 'japanese-1989' : 'chinese');
  if (!has('--seed')) args.push('--seed', String(o.seed + 1000 * i + 500));
  if (o.playouts != null && !has('--playouts')) args.push('--playouts', String(o.playouts));
  if (o.timeMs != null && !has('--time-ms')) args.push('--time-ms', String(o.timeMs));
  return args;
}

/** Plays game `i`; returns its record. */
async function playGame(i, o, tengenBin, gnugo, versions) {
  const tengenColor = i % 2 === 0 ? 'B' : 'W';
  const tengenSeed = o.seed + 1000 * i;
  const japanese = o.rules === 'japanese';
  const tengenArgs = ['--rules', japanese ? 'japanese-1989' : 'chinese', '--seed', String(tengenSeed), '--verbose'];
  if (o.playouts != null) tengenArgs.push('--playouts', String(o.playouts));
  if (o.timeMs != null) tengenArgs.push('--time-ms', String(o.timeMs));
  tengenArgs.push(...(o.tengenArgs ?? []));
  let gnugoArgs = ['--mode', 'gtp', '--level', String(o.gnugoLevel), japanese ? '--japanese-rules' : '--chinese-rules', '--komi', String(o.komi), '--seed', String(o.seed + i)];
  if (o.opponent) gnugoArgs = opponentArgs(o, i);
  const stem = path.join(o.out, `game-${String(i + 1).padStart(3, '0')}`);
  const log = fs.createWriteStream(`${stem}.tengen.log`);
  const engines = {
    tengen: new Gtp('tengen', tengenBin, tengenArgs, { timeoutS: o.timeoutS, log }),
    gnugo: new Gtp(o.opponent ? 'opponent' : 'gnugo', gnugo.path, gnugoArgs, { timeoutS: o.timeoutS }),
  };
  const side = { [tengenColor]: 'tengen', [tengenColor === 'B' ? 'W' : 'B']: 'gnugo' };
  const game = {
    game: i + 1,
    tengen: tengenColor,
    tengenSeed,
    moves: [],
    times: { tengen: [], gnugo: [] },
    end: null,
    winner: null,
    result: null,
    referee: null,
    gnugoScore: null,
    gnugoDead: null,
    disagreement: null,
    unsettledPasses: [],
    answeredPasses: [],
    notes: [],
  };
  const lose = (loser, why) => {
    game.winner = loser === 'B' ? 'W' : 'B';
    game.result = `${game.winner}+${why === 'resign' ? 'R' : 'F'}`;
    game.end = why;
  };
  try {
    for (const [name, e] of Object.entries(engines)) {
      try {
        await e.send(`boardsize ${o.size}`);
        await e.send('clear_board');
        await e.send(`komi ${o.komi}`);
        if (name === 'tengen' || o.opponentTengen) await e.send(`kgs-rules ${o.rules}`);
      } catch (err) {
        game.notes.push(`set-up failed: ${err.message}`);
        lose(Object.keys(side).find((c) => side[c] === name), 'forfeit');
        return game;
      }
    }
    let color = 'B';
    let passes = 0;
    while (true) {
      if (game.moves.length >= o.maxMoves) {
        game.end = 'move cap';
        game.notes.push(`stopped at the move cap (${o.maxMoves})`);
        break;
      }
      const mover = side[color];
      const other = mover === 'tengen' ? 'gnugo' : 'tengen';
      const t0 = performance.now();
      let reply;
      try {
        reply = await engines[mover].send(`genmove ${color}`);
      } catch (err) {
        game.notes.push(`move ${game.moves.length + 1}: ${mover} failed genmove: ${err.message}`);
        lose(color, 'forfeit');
        break;
      }
      game.times[mover].push(performance.now() - t0);
      if (/^resign$/i.test(reply)) {
        game.moves.push({ color, vertex: 'resign' });
        lose(color, 'resign');
        break;
      }
      const point = sgfPoint(reply, o.size);
      if (point === undefined) {
        game.notes.push(`move ${game.moves.length + 1}: ${mover} answered genmove with ${JSON.stringify(reply)}`);
        lose(color, 'forfeit');
        break;
      }
      try {
        await engines[other].send(`play ${color} ${reply}`);
      } catch (err) {
        // Under the referee's rules (tengen's), a move tengen refuses is illegal; a move of
        // tengen that GNU Go refuses is noted too, and costs tengen the game.
        game.notes.push(`move ${game.moves.length + 1}: ${other} refused ${mover}'s ${color} ${reply}: ${err.message}`);
        game.moves.push({ color, vertex: reply, point });
        lose(color, 'forfeit');
        break;
      }
      game.moves.push({ color, vertex: reply, point });
      // The count when tengen passes, to tell whether a stone GNU Go answers with gains anything.
      if (mover === 'tengen' && point === null) {
        try {
          game.moves[game.moves.length - 1].count = await engines.tengen.send('final_score');
        } catch (err) {
          game.notes.push(`tengen final_score after its pass: ${err.message}`);
        }
      }
      // A tengen pass answered by a GNU Go stone: judged at the end, against the final count.
      const before = game.moves[game.moves.length - 2];
      if (mover === 'gnugo' && point !== null && before?.point === null && before.color !== color) {
        game.answeredPasses.push({ move: game.moves.length - 1, reply, count: before.count, color: before.color });
      }
      passes = point === null ? passes + 1 : 0;
      if (passes >= 2) {
        game.end = 'two passes';
        break;
      }
      color = color === 'B' ? 'W' : 'B';
    }
    // The count, for every game that did not end by forfeit (for resigned games, as a record).
    try {
      game.referee = await engines.tengen.send('final_score');
    } catch (err) {
      game.notes.push(`tengen final_score: ${err.message}`);
    }
    try {
      game.gnugoScore = await engines.gnugo.send('final_score');
    } catch (err) {
      game.notes.push(`gnugo final_score: ${err.message}`);
    }
    if (game.end === 'two passes') {
      try {
        game.gnugoDead = (await engines.gnugo.send('final_status_list dead')).split(/\s+/).filter(Boolean);
      } catch (err) {
        game.notes.push(`gnugo final_status_list dead: ${err.message}`);
      }
    }
    if (game.end === 'two passes' || game.end === 'move cap') {
      const m = game.referee == null ? null : margin(game.referee);
      if (m == null) {
        game.notes.push(`no count from the referee (${game.referee}); the game is void`);
        game.result = 'Void';
      } else {
        game.result = game.referee;
        game.winner = m > 0 ? 'B' : m < 0 ? 'W' : null;
      }
      const g = game.gnugoScore == null ? null : margin(game.gnugoScore);
      if (m != null && g !== m) {
        const winners = (x) => (x == null ? '?' : x > 0 ? 'B' : x < 0 ? 'W' : 'jigo');
        game.disagreement = {
          tengen: game.referee,
          gnugo: game.gnugoScore,
          winner: winners(m) !== winners(g),
        };
      }
      // A tengen pass that ended the game on a count GNU Go gives to another winner.
      const last = game.moves[game.moves.length - 1];
      if (game.end === 'two passes' && side[last.color] === 'tengen' && game.disagreement?.winner) {
        game.unsettledPasses.push({
          move: game.moves.length,
          why: `ended the game: tengen counts ${game.referee}, gnugo ${game.gnugoScore} (gnugo's dead: ${(game.gnugoDead ?? []).join(' ') || 'none'})`,
        });
      }
    }
    // Each tengen pass that GNU Go answered with a stone is unsettled if the count at the end
    // is worse for tengen than when it passed (or tengen resigned later); else it is kept.
    const end = game.referee == null ? null : margin(game.referee);
    for (const a of game.answeredPasses) {
      const then = a.count == null ? null : margin(a.count);
      const sign = a.color === 'B' ? 1 : -1;
      a.kept = game.end === 'resign'
        ? game.winner === game.tengen
        : end != null && then != null && sign * end >= sign * then;
      if (!a.kept) {
        game.unsettledPasses.push({ move: a.move, why: `gnugo answered with ${a.reply}: tengen's count ${a.count ?? '?'} at the pass, ${game.referee ?? game.end} at the end` });
      }
    }
  } finally {
    await Promise.all(Object.values(engines).map((e) => e.close()));
    log.end();
  }
  writeSgf(`${stem}.sgf`, game, o, versions);
  return game;
}

function writeSgf(file, game, o, versions) {
  const names = { tengen: `tengen (${o.playouts != null ? `${o.playouts} playouts` : `${o.timeMs ?? 1000} ms`}${o.tengenArgs?.length ? ` ${o.tengenArgs.join(' ')}` : ''})`, gnugo: o.opponent ? o.opponent.join(' ') : `GNU Go level ${o.gnugoLevel}` };
  const pb = game.tengen === 'B' ? names.tengen : names.gnugo;
  const pw = game.tengen === 'W' ? names.tengen : names.gnugo;
  const comment = [
    `end: ${game.end}`,
    game.referee != null ? `tengen final_score: ${game.referee}` : null,
    game.gnugoScore != null ? `gnugo final_score: ${game.gnugoScore}` : null,
    `tengen seed: ${game.tengenSeed}`,
    ...game.unsettledPasses.map((u) => `unsettled pass by tengen at move ${u.move}: ${u.why}`),
    ...game.notes,
  ].filter(Boolean).join('\n');
  let sgf = `(;FF[4]GM[1]CA[UTF-8]AP[tengen match.mjs]SZ[${o.size}]KM[${o.komi}]RU[${o.rules === 'japanese' ? 'Japanese' : 'Chinese'}]` +
    `PB[${sgfText(pb)}]PW[${sgfText(pw)}]RE[${sgfText(game.result ?? 'Void')}]` +
    `DT[${new Date().toISOString().slice(0, 10)}]GC[${sgfText(`${versions.tengen}; ${versions.gnugo}`)}]` +
    `C[${sgfText(comment)}]`;
  for (const m of game.moves) {
    if (m.vertex === 'resign') continue;
    sgf += `\n;${m.color}[${m.point ?? ''}]`;
  }
  fs.writeFileSync(file, sgf + ')\n');
}

/** The Wilson score interval at 95% for `wins` successes out of `n`. */
function wilson(wins, n) {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (x) => `${(100 * x).toFixed(1)}%`;

function line(game, total) {
  const tengenWon = game.winner === game.tengen;
  const who = game.winner == null ? 'no winner' : tengenWon ? 'tengen wins' : 'gnugo wins';
  const t = (xs) => (xs.length ? `${(mean(xs) / 1000).toFixed(2)} s` : '-');
  let s = `game ${String(game.game).padStart(String(total).length)}/${total}: tengen ${game.tengen === 'B' ? 'Black' : 'White'}, ` +
    `${game.result ?? 'Void'} (${who}; ${game.end}, ${game.moves.length} moves; per move tengen ${t(game.times.tengen)}, gnugo ${t(game.times.gnugo)})`;
  if (game.unsettledPasses.length) s += ` UNSETTLED PASSES: ${game.unsettledPasses.length}`;
  if (game.disagreement) s += ` DISAGREEMENT: gnugo counts ${game.disagreement.gnugo}${game.disagreement.winner ? ' (another winner)' : ''}`;
  for (const n of game.notes) s += `\n    note: ${n}`;
  return s;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const tengenBin = findTengen(o.tengen);
  const gnugo = o.opponent ? { path: o.opponent[0], version: o.opponent.join(' ') } : findGnugo(o.gnugo);
  o.opponentTengen = isTengen(o.opponent);
  const tv = spawnSync(tengenBin, [], { encoding: 'utf8', input: 'version\nquit\n', timeout: 30000 });
  const version = /^= ?(.*)$/m.exec(tv.stdout ?? '')?.[1]?.trim();
  if (tv.error || !version) {
    console.error(`match.mjs: ${tengenBin} does not answer GTP "version": ${tv.error?.message ?? JSON.stringify(tv.stdout)}`);
    process.exit(1);
  }
  const versions = { tengen: `tengen-gtp ${version}`, gnugo: gnugo.version };
  fs.mkdirSync(o.out, { recursive: true });
  const budget = o.playouts != null ? `${o.playouts} playouts` : o.timeMs != null ? `${o.timeMs} ms` : 'default 1000 ms';
  console.log(`tengen (${budget}${o.playouts != null && o.timeMs != null ? ` and ${o.timeMs} ms` : ''}${o.tengenArgs?.length ? `, ${o.tengenArgs.join(' ')}` : ''}) vs ${o.opponent ? gnugo.version : `${gnugo.version} level ${o.gnugoLevel}`}: ` +
    `${o.games} games, ${o.size}x${o.size}, komi ${o.komi}, ${o.rules === 'japanese' ? 'Japanese rules (tengen japanese-1989)' : 'Chinese rules'}, ${o.parallel} at once; results in ${o.out}`);

  const games = new Array(o.games);
  let next = 0;
  const worker = async () => {
    while (next < o.games) {
      const i = next++;
      games[i] = await playGame(i, o, tengenBin, gnugo, versions);
      console.log(line(games[i], o.games));
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.parallel, o.games) }, worker));

  // Summary: a jigo is half a win; a void game counts for nobody and is left out.
  const scored = games.filter((g) => g.result !== 'Void');
  const points = (gs) => gs.reduce((a, g) => a + (g.winner == null ? 0.5 : g.winner === g.tengen ? 1 : 0), 0);
  const wins = points(scored);
  const [lo, hi] = wilson(wins, scored.length);
  const byColor = (c) => {
    const gs = scored.filter((g) => g.tengen === c);
    return `${points(gs)}/${gs.length}`;
  };
  const all = (who) => games.flatMap((g) => g.times[who]);
  const disagreements = games.filter((g) => g.disagreement);
  const ends = {};
  for (const g of games) ends[g.end] = (ends[g.end] ?? 0) + 1;
  const resigned = { tengen: 0, gnugo: 0 };
  for (const g of games) if (g.end === 'resign') resigned[g.winner === g.tengen ? 'gnugo' : 'tengen']++;
  console.log('');
  console.log(`tengen won ${wins}/${scored.length} = ${pct(scored.length ? wins / scored.length : 0)} ` +
    `(95% Wilson interval ${pct(lo)} to ${pct(hi)}); as Black ${byColor('B')}, as White ${byColor('W')}` +
    (games.length > scored.length ? `; ${games.length - scored.length} void` : ''));
  console.log(`average time per move: tengen ${(mean(all('tengen')) / 1000).toFixed(3)} s (${all('tengen').length} moves), ` +
    `gnugo ${(mean(all('gnugo')) / 1000).toFixed(3)} s (${all('gnugo').length} moves)`);
  console.log(`endings: ${Object.entries(ends).map(([k, v]) => `${k} ${v}`).join(', ')}; resigned: tengen ${resigned.tengen}, gnugo ${resigned.gnugo}`);
  console.log(`count disagreements (tengen's final_score vs GNU Go's): ${disagreements.length}` +
    (disagreements.length ? ` (another winner in ${disagreements.filter((g) => g.disagreement.winner).length})` : ''));
  for (const g of disagreements) console.log(`  game ${g.game}: tengen ${g.disagreement.tengen}, gnugo ${g.disagreement.gnugo}`);
  const unsettled = games.reduce((a, g) => a + g.unsettledPasses.length, 0);
  console.log(`unsettled passes by tengen: ${unsettled}` +
    (unsettled ? ` (games ${games.filter((g) => g.unsettledPasses.length).map((g) => g.game).join(', ')})` : ''));
  for (const g of games) for (const u of g.unsettledPasses) console.log(`  game ${g.game}, move ${u.move}: ${u.why}`);
  const kept = games.flatMap((g) => g.answeredPasses.filter((a) => a.kept).map((a) => ({ game: g.game, ...a })));
  console.log(`passes by tengen that gnugo answered with a stone, the count kept: ${kept.length}` +
    (kept.length ? ` (${kept.map((a) => `game ${a.game} move ${a.move} ${a.reply}`).join(', ')})` : ''));
  const noted = games.filter((g) => g.notes.length && g.end !== 'move cap');
  if (noted.length) console.log(`games with notes: ${noted.map((g) => g.game).join(', ')}`);
  const summary = {
    options: { ...o, out: undefined, tengen: tengenBin, gnugo: gnugo.path },
    versions,
    wins,
    games: scored.length,
    winRate: scored.length ? wins / scored.length : null,
    wilson95: [lo, hi],
    averageMoveMs: { tengen: mean(all('tengen')), gnugo: mean(all('gnugo')) },
    disagreements: disagreements.map((g) => ({ game: g.game, ...g.disagreement })),
    unsettledPasses: unsettled,
    answeredPassesKept: kept.length,
    perGame: games.map(({ times, moves, ...g }) => ({
      ...g,
      moves: moves.length,
      averageMoveMs: { tengen: mean(times.tengen), gnugo: mean(times.gnugo) },
    })),
  };
  fs.writeFileSync(path.join(o.out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
