// The review of a game: every position of the record's main line analysed in the background
// (analysis-pool.js, a worker per core), a progress bar with the time left and Cancel, then the
// graph of Black's score lead and win rate (review-graph.js), the moves that lost the most
// marked and the five worst listed, and while stepping the candidates of the position shown and
// the ownership on demand.
//
// Each result is written into the record's node (session.setAnalysis, the engine's
// game.setAnalysis: SGF properties, so the page's save and an exported SGF carry it) and read
// back with game.analysisAt, so a reopened game shows its graph at once and a review stopped
// half-way goes on with the positions left. The candidates and ownership are not stored: they
// are kept in memory from the review, and computed again for the position shown when asked for
// (the same budget and seed, so the same figures).
//
// A game played here is made a record first (as edit mode does; the game played here stays in
// Saved games), so that it can be stepped through.
import { pointName } from '../lib/render.js';
import { batched } from '../lib/frame.js';
import { t, formatNumber } from './language.js';
import { AnalysisPool } from './analysis-pool.js';
import { ReviewGraph } from './review-graph.js';
import {
  budgetFor, thresholdFor, seedFor, workerCount, blackView, moveLosses, worstMoves, markedMoves, timeLeft,
} from './review-data.js';

const $ = (id) => document.getElementById(id);
/** Where a test or a benchmark may set the playouts per position (the default is by board size). */
export const PLAYOUTS_KEY = 'tengen.review.playouts';

/** The playouts per position: the default for the board size, unless PLAYOUTS_KEY says otherwise. */
function playoutsFor(g) {
  let v = NaN;
  try {
    v = Number(localStorage.getItem(PLAYOUTS_KEY) ?? NaN);
  } catch {
    // No storage: the default.
  }
  return Number.isInteger(v) && v >= 1 && v <= 100000 ? v : budgetFor(g.width, g.height);
}
const other = (p) => (p === 'black' ? 'white' : 'black');
const CANDIDATES = 5;
const LETTERS = 'ABCDE';

/** The main line of the record: [{ path, mover, point }] from the root (mover null there) to its end. */
export function mainLine(game) {
  const line = [];
  for (let path = []; ; path = [...path, 0]) {
    const node = game.node(path);
    if (!node) break;
    line.push({ path, mover: node.move?.player ?? null, point: node.move?.point ?? null });
    if (!node.children) break;
  }
  return line;
}

/**
 * Who is to move at position i of the line, as the engine reads it for analysisAt: the other of
 * this node's mover; at a node without a move, the player of the next move; else Black.
 */
export function toMoveAt(line, i) {
  return line[i].mover ? other(line[i].mover) : line[i + 1]?.mover ?? 'black';
}

export class Review {
  /**
   * h: { go(path) (the record to that node), toRecord() (a game played here made a record:
   * false when it could not), save(), say(text), failed(error), invalidate() }
   */
  constructor(session, h) {
    this.session = session;
    this.h = h;
    this.line = [];
    this.results = []; // per position of the line: { winRate, scoreLead, best } as Black sees them, or null
    this.fresh = new Map(); // path -> analyze's whole answer (candidates, ownership), this visit only
    this.running = null; // { pool, done, total, start, todo }
    this.asking = null; // the path of the position being analysed on demand
    this.askPool = null; // its worker
    this.pv = -1; // the candidate whose line is shown on the board
    this.saveTimer = 0;
    this.candidatesKey = '';
    this.worstKey = '';
    this.graph = null;
    // A result redraws the review's panel alone (in the next frame), not the board.
    this.redraw = batched(() => this.update());
  }

  wire() {
    this.graph = new ReviewGraph($('review-graph'), {
      go: (i) => this.go(i),
      current: () => this.currentIndex(),
      label: (i) => this.pointText(i),
      legend: (bound) => t('review.graph.legend', { bound: formatNumber(bound) }),
    });
    $('review-graph').addEventListener('keydown', (e) => {
      // The graph's arrows move along it, not through the record as the page's keys would.
      if (e.defaultPrevented) e.stopPropagation();
    });
    $('review-start').addEventListener('click', () => this.start());
    $('review-cancel').addEventListener('click', () => this.cancel());
    for (const id of ['review-candidates', 'review-ownership']) {
      $(id).addEventListener('change', () => {
        this.pv = -1;
        this.h.invalidate();
      });
    }
  }

  // ---- the record and its stored results --------------------------------------------------------

  /** After each change of the session: another game stops the review; a changed tree is read again. */
  changed(c) {
    if (c.kind === 'game') {
      this.stop();
      this.fresh.clear();
      this.pv = -1;
      this.read();
    } else if (c.kind === 'navigate') {
      this.pv = -1;
    } else if (['action', 'undo', 'edit', 'redo'].includes(c.kind)) {
      this.read();
    }
  }

  /** The main line and the results its nodes hold (game.analysisAt), as Black sees them. */
  read() {
    const s = this.session;
    this.line = s.record ? mainLine(s.game) : [];
    this.results = this.line.map((p, i) => {
      let a = null;
      try {
        a = s.game.analysisAt(p.path);
      } catch {
        a = null;
      }
      return a ? { ...blackView(a, toMoveAt(this.line, i)), best: a.best ?? null } : null;
    });
    this.worstKey = '';
  }

  /** How many positions of the line hold a result. */
  doneCount() {
    return this.results.filter(Boolean).length;
  }

  /** The index of the position the board shows on the line, or -1 off it. */
  currentIndex() {
    const path = this.session.game.path;
    return path.length < this.line.length && path.every((c) => c === 0) ? path.length : -1;
  }

  // ---- the analysis -----------------------------------------------------------------------------

  /** Review: the positions of the line without a result, analysed in the background. */
  async start() {
    const s = this.session;
    if (this.running) return;
    if (!s.record && !this.h.toRecord()) return;
    if (!this.line.length) this.read();
    const todo = this.line.map((p, i) => ({ index: i, path: p.path })).filter((p) => !this.results[p.index]);
    if (!todo.length) return;
    const g = s.game;
    const playouts = playoutsFor(g);
    const { sgf, game } = s.snapshot();
    const pool = new AnalysisPool(workerCount(globalThis.navigator?.hardwareConcurrency));
    const run = { pool, done: 0, total: todo.length, start: performance.now(), game: g };
    this.running = run;
    this.h.say(t('review.started', { n: formatNumber(todo.length) }));
    this.h.invalidate();
    try {
      await pool.run({ sgf, game }, todo, (i) => ({ playouts, seed: seedFor(i) }), (i, r) => this.got(run, i, r));
      this.finished(run, null);
    } catch (e) {
      this.finished(run, e);
    }
  }

  /** One position's result: written into the record, kept in memory, drawn. */
  got(run, index, r) {
    const s = this.session;
    if (this.running !== run || s.game !== run.game) return;
    const p = this.line[index];
    const best = r.candidates?.[0] ? [r.candidates[0].x, r.candidates[0].y] : null;
    try {
      s.setAnalysis(p.path, { winRate: r.winRate, scoreLead: r.scoreLead, visits: r.playouts, ...(best ? { best } : {}) });
    } catch (e) {
      this.h.failed(e);
    }
    this.results[index] = { ...blackView(r, r.toMove), best };
    this.fresh.set(p.path.join(), r);
    run.done++;
    this.worstKey = '';
    this.saveSoon();
    // The board changes only when it shows this position's candidates or ownership.
    if (s.game.path.join() === p.path.join() && this.overlay()) this.h.invalidate();
    else this.redraw();
  }

  /** The run ended: done, stopped (code 'cancelled') or failed. */
  finished(run, error) {
    if (this.running !== run) return;
    this.running = null;
    clearTimeout(this.saveTimer);
    if (this.session.game === run.game) this.h.save();
    if (!error) this.h.say(t('review.done', { n: formatNumber(this.line.length) }));
    else if (error.code === 'cancelled') this.h.say(t('review.cancelled', { done: formatNumber(this.doneCount()), total: formatNumber(this.line.length) }));
    else this.h.failed(error);
    this.h.invalidate();
  }

  /** Cancel: the workers ended, what was analysed kept (Review goes on from there). */
  cancel() {
    this.running?.pool.stop();
  }

  /** Stops a run without a word (another game). */
  stop() {
    this.askPool?.stop();
    this.askPool = null;
    const r = this.running;
    if (!r) return;
    this.running = null;
    r.pool.stop();
    clearTimeout(this.saveTimer);
  }

  /** Saves at most once a second while results come in. */
  saveSoon() {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = 0;
      if (this.running) this.h.save();
    }, 1000);
  }

  /** The position shown analysed on demand (for its candidates or ownership), when not known. */
  async ask(path) {
    const key = path.join();
    if (this.asking === key || this.fresh.has(key) || this.running) return;
    const s = this.session;
    const g = s.game;
    this.asking = key;
    const { sgf, game } = s.snapshot();
    const index = path.every((c) => c === 0) ? path.length : 0;
    const pool = new AnalysisPool(1);
    this.askPool = pool;
    try {
      await pool.run({ sgf, game }, [{ index, path }], () => ({ playouts: playoutsFor(g), seed: seedFor(index) }), (i, r) => {
        if (s.game === g) this.fresh.set(key, r);
      });
    } catch (e) {
      if (e.code !== 'cancelled') this.h.failed(e);
    } finally {
      if (this.asking === key) this.asking = null;
      this.h.invalidate();
    }
  }

  // ---- what the board shows --------------------------------------------------------------------

  /** The analysis of the position shown, when the switches ask for it: { ownership, labels } or null. */
  overlay() {
    const s = this.session;
    if (!s.game || $('review').hidden) return null;
    const wantCandidates = $('review-candidates').checked;
    const wantOwnership = $('review-ownership').checked;
    if (!wantCandidates && !wantOwnership) return null;
    const r = this.fresh.get(s.game.path.join());
    if (!r) return null;
    const labels = [];
    if (wantCandidates) {
      const list = this.candidates(r);
      if (this.pv >= 0 && list[this.pv]) {
        list[this.pv].pv.forEach(([x, y], k) => labels.push({ point: [x, y], text: String(k + 1) }));
      } else {
        list.forEach((c, k) => labels.push({ point: [c.x, c.y], text: LETTERS[k] }));
      }
    }
    return { ownership: wantOwnership ? r.ownership : null, labels };
  }

  /** The candidates worth showing: the first five of the search's (moves on the board, not passes). */
  candidates(r) {
    return (r.candidates ?? []).filter((c) => Number.isInteger(c.x) && Number.isInteger(c.y)).slice(0, CANDIDATES);
  }

  /** Goes to position i of the line. */
  go(i) {
    const p = this.line[i];
    if (p) this.h.go(p.path);
  }

  // ---- the panel --------------------------------------------------------------------------------

  /** The words of position i: its move and Black's figures there (the graph's value text). */
  pointText(i) {
    if (i < 0) return t('review.offLine');
    const r = this.results[i];
    const move = this.moveText(i);
    if (!r) return t('review.point.none', { move });
    return t('review.point', { move, lead: this.leadText(r.scoreLead), rate: this.rateText(r.winRate) });
  }

  /** "Move 34: Black D4", "Move 35: White passes" or "Start". */
  moveText(i) {
    const p = this.line[i];
    if (!p?.mover) return t('review.start.position');
    const n = this.line.slice(1, i + 1).filter((q) => q.mover).length;
    const h = this.session.game.height;
    const player = t(`player.${p.mover}`);
    return p.point ? t('review.move', { n, player, point: pointName(p.point[0], p.point[1], h) }) : t('review.move.pass', { n, player });
  }

  /** Black's lead as words: "B+3.5", "W+2", "even". */
  leadText(lead) {
    const v = Math.round(lead * 10) / 10;
    if (v === 0) return t('review.lead.even');
    return t(v > 0 ? 'review.lead.black' : 'review.lead.white', { points: formatNumber(Math.abs(v)) });
  }

  rateText(rate) {
    return `${formatNumber(Math.round(rate * 100))}%`;
  }

  /** The section: shown for a record or a finished game; its buttons, progress, graph and lists. */
  update() {
    const s = this.session;
    const g = s.game;
    const section = $('review');
    section.hidden = !(s.record || g.phase === 'finished');
    if (section.hidden) return;
    const total = this.line.length;
    const done = this.doneCount();
    const run = this.running;
    const start = $('review-start');
    start.hidden = !!run || (total > 0 && done === total);
    const startKey = done > 0 ? 'review.resume' : 'review.start';
    if (start.dataset.key !== startKey) {
      start.dataset.key = startKey;
      start.textContent = t(startKey);
    }
    $('review-cancel').hidden = !run;
    $('review-progress').hidden = !run;
    if (run) {
      const bar = $('review-bar');
      bar.max = total;
      bar.value = done;
      const left = timeLeft(run.done, run.total, performance.now() - run.start);
      const words = left === null
        ? t('review.progress', { done: formatNumber(done), total: formatNumber(total) })
        : t('review.progress.left', { done: formatNumber(done), total: formatNumber(total), seconds: formatNumber(Math.ceil(left / 1000)) });
      if ($('review-progress-text').textContent !== words) $('review-progress-text').textContent = words;
    }
    const note = total === 0 ? '' : done === 0 ? t('review.note') : done < total && !run ? t('review.partial', { done: formatNumber(done), total: formatNumber(total) }) : '';
    if ($('review-note').textContent !== note) $('review-note').textContent = note;
    $('review-note').hidden = !note;
    $('review-results').hidden = done === 0;
    if (done === 0) return;
    this.updateGraph();
    this.updateCandidates();
  }

  /** The graph, the current position's figures and the five worst moves. */
  updateGraph() {
    const g = this.session.game;
    const threshold = thresholdFor(g.width, g.height);
    const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
    const positions = this.line.map((p, i) => ({
      mover: p.mover,
      lead: this.results[i]?.scoreLead ?? null,
      chosen: i > 0 && same(p.point, this.results[i - 1]?.best),
    }));
    const losses = moveLosses(positions);
    const current = this.currentIndex();
    this.graph.draw({
      leads: positions.map((p) => p.lead),
      rates: this.results.map((r) => r?.winRate ?? null),
      marked: markedMoves(losses, threshold),
      current,
    });
    const here = this.pointText(current);
    if ($('review-here').textContent !== here) $('review-here').textContent = here;
    const worst = worstMoves(losses);
    const key = `${threshold}|${worst.map((w) => `${w.index}:${w.loss}`).join()}|${this.results.map((r) => r?.best).join(';')}`;
    if (key === this.worstKey) return;
    this.worstKey = key;
    const list = $('review-worst');
    list.replaceChildren(...worst.map((w) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn small link';
      const best = this.results[w.index - 1]?.best;
      const h = g.height;
      const preferred = best ? t('review.preferred', { point: pointName(best[0], best[1], h) }) : '';
      b.textContent = t('review.worst.item', { move: this.moveText(w.index), points: formatNumber(Math.round(w.loss * 10) / 10), preferred });
      if (w.loss >= threshold) b.classList.add('loss');
      b.addEventListener('click', () => this.go(w.index));
      li.append(b);
      return li;
    }));
    $('review-worst-empty').hidden = worst.length > 0;
    $('review-threshold').textContent = t('review.threshold', { points: formatNumber(threshold) });
  }

  /** The candidates of the position shown, when the switch asks for them (computed on demand). */
  updateCandidates() {
    const s = this.session;
    const path = s.game.path;
    const want = $('review-candidates').checked || $('review-ownership').checked;
    const r = this.fresh.get(path.join());
    if (want && !r) this.ask(path);
    const status = !want ? '' : r ? '' : this.running ? t('review.candidates.after') : t('review.candidates.busy');
    if ($('review-candidates-status').textContent !== status) $('review-candidates-status').textContent = status;
    const list = want && r && $('review-candidates').checked ? this.candidates(r) : [];
    const key = `${path.join()}|${list.length}`;
    if (key === this.candidatesKey) {
      // The line shown changes the pressed button only: the list stays, and the focus with it.
      $('review-candidate-list').querySelectorAll('button').forEach((b, k) => b.setAttribute('aria-pressed', String(this.pv === k)));
      return;
    }
    this.candidatesKey = key;
    const h = s.game.height;
    const toMove = r?.toMove ?? s.game.toMove;
    $('review-candidates-heading').hidden = !list.length;
    $('review-candidates-heading').textContent = t('review.candidates.heading', { player: t(`player.${toMove}`) });
    $('review-candidate-list').replaceChildren(...list.map((c, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn small link';
      b.setAttribute('aria-pressed', String(this.pv === k));
      b.textContent = t('review.candidate', {
        letter: LETTERS[k], point: pointName(c.x, c.y, h), rate: this.rateText(c.winRate),
        lead: formatNumber(Math.round(c.scoreLead * 10) / 10), visits: formatNumber(c.visits),
      });
      const show = (on) => {
        this.pv = on ? k : -1;
        this.h.invalidate();
      };
      b.addEventListener('click', () => show(this.pv !== k));
      b.addEventListener('pointerenter', () => show(true));
      b.addEventListener('pointerleave', () => show(false));
      b.addEventListener('focus', () => show(true));
      b.addEventListener('blur', () => show(false));
      li.append(b);
      return li;
    }));
  }
}
