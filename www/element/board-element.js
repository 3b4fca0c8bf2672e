// <tengen-board>: a Go board for teaching pages. One classic script (scripts/build.mjs bundles
// this module, lib/ and the embed package's glue into www/tengen-board.js), then
// <tengen-board> anywhere in the page.
//
// Content: SGF as the element's text or `src="file.sgf"`; a Sensei's Library diagram ($$ lines);
// or nothing, for a fresh game of `size`, `rules`, `komi`, `handicap`.
// Modes (`mode`): play (a whole game to a score), view (step through a record), problem (the
// learner plays, replies come from the tree, right and wrong by lib/problem.js), diagram
// (static). Look: `region` ("a1:j9") or the record's VW, `coordinates`, `move-numbers`, and the
// CSS custom properties of lib/render.js. Events: move, end, solved, failed, navigate, ready.
// Properties: game (the engine's Game now shown), sgf (get and set).
import { engine } from './engine.js';
import { STYLE } from './style.js';
import { Record, nodeMove, numberLabels } from '../lib/record.js';
import { pointList, parseSgf } from '../lib/sgf.js';
import { isDiagram, parseDiagram, diagramToSgf } from '../lib/diagram.js';
import { judge, judgeText, marksRight, endVerdict, solutionPath } from '../lib/problem.js';
import { BoardInput } from '../lib/input.js';
import { gameView } from '../lib/view.js';
import { pointName, shownRegion, parseRegion } from '../lib/render.js';
import { translator, pickLanguage, browserLanguages } from '../lib/i18n.js';
import { STRINGS } from '../lib/strings.js';
import { playerName, resultText, moveText, positionText, statusText } from '../lib/describe.js';

const MODES = ['play', 'view', 'problem', 'diagram'];
const LANGS = Object.keys(STRINGS);
const REPLY_DELAY = 350;
const SOLUTION_STEP = 700;
const MAX_SRC_BYTES = 4 * 1024 * 1024;

const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...children);
  return e;
};

/** The bounding box of a VW point list, or null (VW[] means the whole board). */
function viewRegion(values, width, height) {
  const pts = pointList(values, width, height);
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

let uid = 0;

export class TengenBoard extends HTMLElement {
  static get observedAttributes() {
    return ['mode', 'src', 'size', 'rules', 'komi', 'handicap', 'region', 'coordinates', 'move-numbers', 'lang', 'label'];
  }

  constructor() {
    super();
    this.id_ = ++uid;
    this.record = null;
    this.source = null; // the content: SGF text, a diagram, or '' (a fresh game)
    this.started = false;
    this.state = 'idle'; // problem: 'solving' | 'waiting' | 'right' | 'wrong' | 'showing'
    this.history = []; // play: what undo takes back, 'node' (a move) or 'act' (a mark, resume, finish)
    this.timers = new Set();
    this.frame = 0;
    this.lastSaid = '';
    this.built = false;
  }

  connectedCallback() {
    if (!this.built) this.build();
    if (this.started) return;
    // Boards start when they come near the viewport.
    if (typeof IntersectionObserver === 'undefined') {
      this.start();
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer.disconnect();
        this.start();
      }
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.clearTimers();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.started) return;
    if (name === 'lang') {
      this.updateTexts();
      this.invalidate();
    } else if (name === 'region' || name === 'coordinates' || name === 'move-numbers' || name === 'label') {
      this.layout();
      this.invalidate();
    } else {
      this.reload();
    }
  }

  // ---- the shadow tree --------------------------------------------------------------------

  build() {
    this.built = true;
    const root = this.attachShadow({ mode: 'open' });
    const style = el('style');
    style.textContent = STYLE;
    const id = `tb${this.id_}`;
    this.canvas = el('canvas', { tabindex: '0', role: 'application', 'aria-describedby': `${id}-keys` });
    this.wrap = el('div', { class: 'board', part: 'board' }, this.canvas);
    this.keysHelp = el('p', { id: `${id}-keys`, class: 'sr-only' });
    this.bar = el('div', { class: 'bar', part: 'controls' });
    this.message = el('p', { class: 'message', part: 'message' });
    this.comment = el('p', { class: 'comment', part: 'comment', hidden: true });
    this.live = el('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' });
    root.append(style, this.wrap, this.bar, this.message, this.comment, this.keysHelp, this.live);
    this.input = new BoardInput(this.canvas, {
      game: () => this.record?.game ?? null,
      placing: () => this.placing(),
      act: (x, y) => this.act(x, y),
      refuse: (code) => this.showError(code),
      say: (text) => this.say(text),
      invalidate: () => this.invalidate(),
      tr: () => this.tr,
      region: () => this.region,
      key: (e) => this.key(e),
    });
    this.message.textContent = this.tr.t('board.loading');
  }

  get tr() {
    const own = this.getAttribute('lang') || this.closest('[lang]')?.getAttribute('lang');
    return translator(pickLanguage(own ? [own, ...browserLanguages()] : browserLanguages(), LANGS));
  }

  get mode() {
    const m = (this.getAttribute('mode') || '').toLowerCase();
    if (MODES.includes(m)) return m;
    if (this.source && isDiagram(this.source)) return 'diagram';
    return this.source ? 'view' : 'play';
  }

  // ---- loading ----------------------------------------------------------------------------

  async start() {
    if (this.started) return;
    this.started = true;
    try {
      if (this.source === null) this.source = await this.content();
      const { Game } = await engine();
      this.Game = Game;
      this.load();
    } catch (e) {
      this.fail(e);
    }
  }

  /** The element's content: the file of `src`, else its text. */
  async content() {
    const src = this.getAttribute('src');
    if (!src) return this.textContent.trim();
    const r = await fetch(new URL(src, document.baseURI));
    if (!r.ok) throw new Error(`${src}: HTTP ${r.status}`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    if (bytes.length > MAX_SRC_BYTES) throw new Error(`${src}: larger than 4 MB`);
    // SGF files name their charset in CA; UTF-8 otherwise.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
    const ca = /CA\s*\[([^\]]*)\]/.exec(head)?.[1]?.trim();
    try {
      return new TextDecoder(ca || 'utf-8').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }

  reload() {
    this.clearTimers();
    this.record?.free();
    this.record = null;
    if (!this.Game) return;
    this.source = this.getAttribute('src') ? null : this.source;
    if (this.source === null) {
      this.started = false;
      this.start();
      return;
    }
    try {
      this.load();
    } catch (e) {
      this.fail(e);
    }
  }

  /** Builds the record from the content and the attributes, and shows it. */
  load() {
    const Game = this.Game;
    const num = (name) => {
      const v = this.getAttribute(name);
      if (v === null || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) throw new Error(`${name}="${v}" is not a number`);
      return n;
    };
    const options = { rules: this.getAttribute('rules') || undefined, komi: num('komi') };
    let text = this.source;
    this.diagram = null;
    if (text && isDiagram(text)) {
      this.diagram = parseDiagram(text);
      text = diagramToSgf(this.diagram, { moves: 'play' });
    }
    this.record?.free();
    this.record = null;
    if (text) {
      this.record = new Record(Game, parseSgf(text)[0], options);
      if (this.diagram && this.mode === 'diagram') {
        // A diagram's numbered moves are played by the rules (captures and all); where the rules
        // refuse one (a diagram of a ko fight, a move on a point taken again), the numbered
        // stones are set up as drawn instead.
        try {
          while (this.record.next(0));
        } catch {
          this.record.free();
          this.record = new Record(Game, parseSgf(diagramToSgf(this.diagram, { moves: 'setup' }))[0], options);
        }
      }
    } else {
      const size = num('size') ?? 19;
      this.record = Record.fresh(Game, { ...options, size, handicap: num('handicap') || 0 });
    }
    const r = this.record;
    this.history = [];
    this.state = 'idle';
    this.learner = null;
    const mode = this.mode;
    if (mode === 'diagram') {
      // The position at the end of the main line, numbered from the diagram's first move.
      while (r.next(0));
    } else if (mode === 'problem') {
      this.learner = r.game.toMove;
      this.marked = marksRight(r.root, this.learner);
      this.state = 'solving';
    }
    this.layout();
    this.buildControls();
    this.input.place(r.game.lastMove?.point);
    this.updateTexts();
    this.setMessage(mode === 'problem' ? statusText(this.tr, r.game) : '');
    this.invalidate();
    // Ready once the board has been laid out and drawn.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      this.setAttribute('ready', '');
      this.dispatchEvent(new CustomEvent('ready'));
    }));
  }

  fail(e) {
    this.setMessage(this.tr.t('board.failed', { detail: e?.message || String(e) }));
    this.setAttribute('error', e?.code || 'load');
    this.setAttribute('ready', '');
  }

  /** The region shown and the board's proportions. */
  layout() {
    const r = this.record;
    if (!r) return;
    this.region = parseRegion(this.getAttribute('region'), r.width, r.height)
      ?? (r.root.props.VW ? viewRegion(r.root.props.VW, r.width, r.height) : null)
      ?? (this.diagram?.region ? { ...this.diagram.region } : null);
    const s = shownRegion({ width: r.width, height: r.height, region: this.region });
    const coords = this.coordinates ? 1.6 : 0.3;
    this.wrap.style.aspectRatio = `${s.x1 - s.x0 + 1 + coords} / ${s.y1 - s.y0 + 1 + coords}`;
  }

  get coordinates() {
    const v = this.getAttribute('coordinates');
    if (v === null) return !!this.diagram?.coordinates;
    return v !== 'false' && v !== 'off';
  }

  get numbered() {
    const v = this.getAttribute('move-numbers');
    if (v === null) return this.mode === 'diagram' && !!this.diagram?.moves?.length;
    return v !== 'false' && v !== 'off';
  }

  // ---- controls ---------------------------------------------------------------------------

  buildControls() {
    const t = this.tr.t;
    const b = (key, fn, extra = {}) => el('button', { type: 'button', 'data-action': key, onclick: fn, ...extra }, t(key));
    this.bar.replaceChildren();
    this.buttons = {};
    const add = (name, button) => {
      this.buttons[name] = button;
      this.bar.append(button);
    };
    switch (this.mode) {
      case 'play':
        add('pass', b('button.pass', () => this.pass()));
        add('undo', b('button.undo', () => this.undo()));
        add('resume', b('button.resume', () => this.resume()));
        add('finish', b('button.finish', () => this.finish()));
        break;
      case 'view': {
        const nav = (key, label, fn) => b(key, fn, { 'aria-label': t(key), title: t(key) });
        add('first', nav('nav.first', '«', () => this.navigate(() => this.record.goTo([]))));
        add('previous', nav('nav.previous', '‹', () => this.navigate(() => this.record.previous())));
        add('next', nav('nav.next', '›', () => this.navigate(() => this.record.next(0))));
        add('last', nav('nav.last', '»', () => this.navigate(() => { while (this.record.next(0)); })));
        for (const [k, s] of [['first', '«'], ['previous', '‹'], ['next', '›'], ['last', '»']]) this.buttons[k].textContent = s;
        this.variationBox = el('span', { class: 'variations', role: 'group' });
        this.bar.append(this.variationBox);
        break;
      }
      case 'problem':
        add('retry', b('button.retry', () => this.retry()));
        add('solution', b('button.solution', () => this.showSolution()));
        break;
      default:
        break;
    }
    this.bar.hidden = !this.bar.childElementCount;
  }

  updateControls() {
    const r = this.record;
    if (!r) return;
    const g = r.game;
    const B = this.buttons || {};
    switch (this.mode) {
      case 'play':
        B.pass.hidden = g.phase !== 'playing';
        B.undo.disabled = !this.history.length;
        B.resume.hidden = g.phase !== 'stopped';
        B.finish.hidden = g.phase !== 'stopped';
        break;
      case 'view': {
        const atRoot = r.path.length === 0;
        const atEnd = r.node.children.length === 0;
        B.first.disabled = atRoot;
        B.previous.disabled = atRoot;
        B.next.disabled = atEnd;
        B.last.disabled = atEnd;
        const kids = r.children();
        const key = kids.length > 1 ? r.path.join() : '';
        if (this.variationKey !== key) {
          this.variationKey = key;
          this.variationBox.replaceChildren(...(kids.length > 1 ? kids.map((k, i) => el('button', {
            type: 'button', 'data-variation': String(i), onclick: () => this.navigate(() => r.next(i)),
          }, this.variationLabel(k, i))) : []));
        }
        break;
      }
      case 'problem':
        B.retry.disabled = r.path.length === 0 && this.state === 'solving';
        B.solution.disabled = this.state === 'showing';
        break;
      default:
        break;
    }
  }

  variationLabel(k, i) {
    const letter = String.fromCharCode(65 + (i % 26));
    const m = k.move;
    if (!m) return letter;
    return `${letter}: ${playerName(this.tr, m.player)} ${m.point ? pointName(m.point[0], m.point[1], this.record.height) : this.tr.t('say.pass', { player: '' }).trim()}`;
  }

  // ---- acting -----------------------------------------------------------------------------

  /** Whether a click now places a stone. */
  placing() {
    const r = this.record;
    if (!r || r.game.phase !== 'playing') return false;
    const mode = this.mode;
    if (mode === 'play' || mode === 'view') return true;
    return mode === 'problem' && this.state === 'solving' && r.game.toMove === this.learner;
  }

  act(x, y) {
    const r = this.record;
    if (!r) return;
    const mode = this.mode;
    if (mode === 'diagram') return;
    if (mode === 'play' && r.game.phase === 'stopped') {
      this.mark(x, y);
      return;
    }
    if (mode === 'problem') {
      this.problemMove(x, y);
      return;
    }
    if (mode === 'view') {
      // A click on a variation's point follows it; elsewhere the move is added to the tree.
      const i = r.findChild(r.game.toMove, [x, y]);
      if (i >= 0) {
        this.navigate(() => r.next(i));
        return;
      }
    }
    this.play([x, y]);
  }

  /** Plays a move (play and view): into the tree, announced, with a `move` event. */
  play(point) {
    const r = this.record;
    const player = r.game.toMove;
    let result;
    try {
      result = r.move(point);
    } catch (e) {
      this.showError(e.code, e);
      return false;
    }
    if (this.mode === 'play') this.history.push('node');
    this.afterMove(player, point, result.captures);
    if (this.mode === 'view') this.navigated();
    return true;
  }

  afterMove(player, point, captures) {
    const r = this.record;
    this.input.reset();
    if (point) this.input.place(point);
    let text = moveText(this.tr, player, point, captures, r.height);
    if (r.game.phase === 'stopped') text += ` ${this.tr.t('hint.marking')}`;
    this.say(text);
    this.setMessage(this.mode === 'play' ? this.statusLine() : '');
    this.emit('move', { player, point, captures, moveNumber: r.moveNumber });
    this.invalidate();
  }

  pass() {
    this.play(null);
  }

  undo() {
    const r = this.record;
    const last = this.history.pop();
    if (!last) return;
    if (last === 'node') r.undoMove();
    else r.game.undo();
    this.input.reset();
    this.say(this.tr.t('say.undo', { status: statusText(this.tr, r.game) }));
    this.setMessage(this.statusLine());
    this.invalidate();
  }

  mark(x, y) {
    const g = this.record.game;
    try {
      g.markDead(x, y);
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.history.push('act');
    const score = g.score();
    const dead = score.dead.some(([px, py]) => px === x && py === y);
    const color = g.board()[y * g.width + x];
    this.say(this.tr.t(dead ? 'say.dead' : 'say.alive', {
      player: playerName(this.tr, color), point: pointName(x, y, g.height),
      result: this.tr.t('score.provisional', { result: resultText(this.tr, score) }),
    }));
    this.setMessage(this.statusLine());
    this.invalidate();
  }

  resume() {
    const g = this.record.game;
    try {
      // The player who did not pass last asks (J89 Art. 9.3: the opponent of the requester moves first).
      g.resume(g.toMove === 'black' ? 'white' : 'black');
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.history.push('act');
    this.say(statusText(this.tr, g));
    this.setMessage(this.statusLine());
    this.invalidate();
  }

  finish() {
    const g = this.record.game;
    try {
      g.finish();
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.history.push('act');
    const score = g.score();
    const text = this.tr.t('score.final', { result: resultText(this.tr, score) });
    this.say(text);
    this.setMessage(this.statusLine());
    this.emit('end', { score });
    this.invalidate();
  }

  /** Play mode's status: who is to play and the captures, or the count. */
  statusLine() {
    const g = this.record.game;
    const tr = this.tr;
    if (g.phase === 'playing') {
      return `${statusText(tr, g)} · ${tr.t('status.move', { n: this.record.moveNumber })}`;
    }
    const s = g.score();
    const result = resultText(tr, s);
    const detail = tr.t('score.detail', { black: tr.number(s.black.total), white: tr.number(s.white.total), komi: tr.number(s.komi) });
    return `${tr.t(g.phase === 'finished' ? 'score.final' : 'score.provisional', { result })} (${s.result}). ${detail}`;
  }

  // ---- view -------------------------------------------------------------------------------

  navigate(step) {
    const r = this.record;
    const before = r.path.join();
    try {
      step();
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    if (r.path.join() === before) return;
    this.input.reset();
    this.input.place(r.game.lastMove?.point);
    this.navigated();
  }

  navigated() {
    const r = this.record;
    const tr = this.tr;
    const m = r.game.lastMove;
    const n = r.moveNumber;
    let text;
    if (!r.path.length) text = tr.t('view.start', { status: statusText(tr, r.game) });
    else if (m && m.point) text = tr.t('view.move', { n, player: playerName(tr, m.player), point: pointName(m.point[0], m.point[1], r.height) });
    else if (m) text = tr.t('view.pass', { n, player: playerName(tr, m.player) });
    else text = statusText(tr, r.game);
    const kids = r.children();
    if (kids.length > 1) {
      text += ` ${tr.t('view.variations', { list: kids.map((k, i) => this.variationLabel(k, i)).join('; ') })}`;
    }
    const c = r.node.props.C?.[0];
    if (c) text += ` ${c}`;
    this.say(text);
    this.emit('navigate', { path: r.path.slice(), moveNumber: n });
    this.invalidate();
  }

  // ---- problems ---------------------------------------------------------------------------

  problemMove(x, y) {
    const r = this.record;
    if (this.state !== 'solving' || r.game.toMove !== this.learner) return;
    const g = r.game;
    const code = g.legality(x, y);
    if (code) {
      this.showError(code);
      return;
    }
    const i = r.findChild(this.learner, [x, y]);
    if (i < 0) {
      // Off the tree: the stone is shown (played on the engine's game, not in the tree) and
      // the answer is wrong. Retry rebuilds the position.
      const captures = g.place(x, y);
      this.afterMove(this.learner, [x, y], captures);
      this.verdict('wrong', 'problem.offTree', [x, y], true);
      return;
    }
    const before = g.captures;
    try {
      r.next(i);
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.afterMove(this.learner, [x, y], this.captured(before));
    this.judgeNode([x, y]);
  }

  captured(before) {
    const after = this.record.game.captures;
    return (after.black - before.black) + (after.white - before.white);
  }

  /**
   * After a move into the tree (the learner's or a reply): right, wrong, the learner's turn, or
   * the next reply: the first child, when it is the opponent's move or a node without a move
   * (set-up stones, PL), played after a short pause so that the learner sees each move. A line
   * that went wrong is played on to its end (the refutation) before the verdict.
   */
  judgeNode(point, wrongSoFar = false) {
    const r = this.record;
    const j = judge(r.node, this.learner, r.width, r.height);
    if (j === 'right') {
      this.verdict('right', 'problem.correct', point);
      return;
    }
    const wrong = wrongSoFar || j === 'wrong';
    const next = r.node.children[0];
    if (!next) {
      const v = wrong ? 'wrong' : endVerdict(r.path, this.marked);
      this.verdict(v, v === 'right' ? 'problem.correct' : 'problem.wrong', point);
      return;
    }
    const move = nodeMove(next, r.width, r.height);
    if (move && move.player === this.learner) {
      if (wrong) this.verdict('wrong', 'problem.wrong', point);
      else this.invalidate();
      return;
    }
    this.state = 'waiting';
    this.later(() => {
      const before = r.game.captures;
      try {
        r.next(0);
      } catch (e) {
        this.state = 'solving';
        this.showError(e.code, e);
        return;
      }
      if (move) {
        const who = playerName(this.tr, move.player);
        const text = move.point
          ? this.tr.t('problem.reply', { player: who, point: pointName(move.point[0], move.point[1], r.height) })
          : this.tr.t('problem.replyPass', { player: who });
        const taken = this.captured(before);
        this.input.reset();
        this.say(taken ? `${text} ${moveText(this.tr, move.player, move.point, taken, r.height)}` : text);
      }
      this.state = 'solving';
      this.judgeNode(point, wrong);
    }, move ? REPLY_DELAY : 0);
    this.invalidate();
  }

  /** Right or wrong: the message, the announcement and the event. offTree: the move is not in
   * the tree (the node's comment is then not about it). */
  verdict(v, key, point, offTree = false) {
    const r = this.record;
    this.state = v;
    const comment = offTree ? '' : (r.node.props.C?.[0] ?? '').trim();
    const words = this.tr.t(key);
    // A comment that gives the verdict itself ("Correct! ...", "Wrong: ...") is the message;
    // any other comment follows the verdict's words.
    const text = !comment ? words : judgeText(comment) ? comment : `${words} ${comment}`;
    this.setMessage(text, v);
    this.say(text);
    this.emit(v === 'right' ? 'solved' : 'failed', { path: r.path.slice(), point, comment: comment || null });
    this.invalidate();
  }

  retry() {
    const r = this.record;
    this.clearTimers();
    r.goTo([]);
    this.state = 'solving';
    this.input.reset();
    this.setMessage(statusText(this.tr, r.game));
    this.say(this.tr.t('problem.retried', { status: statusText(this.tr, r.game) }));
    this.invalidate();
  }

  showSolution() {
    const r = this.record;
    const path = solutionPath(r.root, this.learner);
    this.clearTimers();
    r.goTo([]);
    if (!path) {
      this.state = 'solving';
      this.setMessage(this.tr.t('problem.noSolution'));
      this.invalidate();
      return;
    }
    this.state = 'showing';
    const moves = [];
    for (const i of path) {
      const m = nodeMove(r.node.children[i] ?? r.node, r.width, r.height);
      r.next(i);
      if (m) moves.push(m.point ? `${playerName(this.tr, m.player)} ${pointName(m.point[0], m.point[1], r.height)}` : this.tr.t('say.pass', { player: playerName(this.tr, m.player) }));
    }
    // Step through it from the start so that the moves are seen in order.
    const target = r.path.slice();
    r.goTo([]);
    const text = this.tr.t('problem.solution', { moves: moves.join(', ') });
    this.setMessage(text);
    this.say(text);
    let k = 0;
    const step = () => {
      if (k >= target.length) {
        this.state = 'right';
        this.updateControls();
        return;
      }
      r.next(target[k++]);
      this.invalidate();
      this.later(step, SOLUTION_STEP);
    };
    this.later(step, SOLUTION_STEP / 2);
    this.invalidate();
  }

  later(fn, ms) {
    const id = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    this.timers.add(id);
  }

  clearTimers() {
    for (const id of this.timers) clearTimeout(id);
    this.timers.clear();
  }

  // ---- keys, words, events ----------------------------------------------------------------

  key(e) {
    const k = e.key;
    if (k === 'r' || k === 'R') {
      this.say(positionText(this.tr, this.record.game, this.region));
      return true;
    }
    const mode = this.mode;
    if (mode === 'view') {
      const r = this.record;
      const nav = {
        ArrowLeft: () => r.previous(),
        ArrowRight: () => r.next(0),
        PageUp: () => r.previous(),
        PageDown: () => r.next(0),
        Home: () => r.goTo([]),
        End: () => { while (r.next(0)); },
      }[k];
      if (nav) {
        this.navigate(nav);
        return true;
      }
    }
    if (mode === 'play' && !e.repeat) {
      if (k === 'p' || k === 'P') {
        this.pass();
        return true;
      }
      if (k === 'u' || k === 'U') {
        this.undo();
        return true;
      }
    }
    return false;
  }

  showError(code, e) {
    const key = code && this.tr.t(`error.${code}`) !== `error.${code}` ? `error.${code}` : null;
    const text = key ? this.tr.t(key) : this.tr.t('error.unknown', { detail: e?.message || code });
    this.setMessage(text, 'error');
    this.say(text);
  }

  setMessage(text, kind = '') {
    if (this.message.textContent !== text) this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  say(text) {
    if (!text) return;
    const s = text === this.lastSaid ? `${text}\u00a0` : text;
    this.lastSaid = s;
    this.live.textContent = s;
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** The accessible name, the keys' help and the buttons' words, in the board's language. */
  updateTexts() {
    const r = this.record;
    if (!r) return;
    const tr = this.tr;
    const mode = this.mode;
    const status = statusText(tr, r.game);
    let name = tr.t(`board.${mode}`, { width: r.width, height: r.height, status });
    const s = this.region;
    if (s) {
      name = tr.t('board.region', { label: name, from: pointName(s.x0, s.y0, r.height), to: pointName(s.x1, s.y1, r.height) });
    }
    const label = this.getAttribute('label');
    this.canvas.setAttribute('aria-label', label ? `${label}. ${name}` : name);
    this.keysHelp.textContent = tr.t(mode === 'view' ? 'board.keys.view' : 'board.keys');
    for (const b of this.bar.querySelectorAll('button[data-action]')) {
      const key = b.dataset.action;
      if (key.startsWith('nav.')) {
        b.setAttribute('aria-label', tr.t(key));
        b.title = tr.t(key);
      } else {
        b.textContent = tr.t(key);
      }
    }
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
    });
  }

  /** The move numbers on the stones of the moves played from the root. */
  numbers() {
    const r = this.record;
    return numberLabels(r.nodes, r.game.board(), r.width, r.height);
  }

  /** The markup of the current node (and the root's, for a diagram). */
  markup() {
    const r = this.record;
    const nodes = this.mode === 'diagram' && r.node !== r.root ? [r.root, r.node] : [r.node];
    const m = { triangles: [], squares: [], circles: [], crosses: [], labels: [] };
    // A mark that two nodes both carry (a diagram repeats its marks on its last node) is drawn once.
    const seen = new Set();
    const add = (list, kind, point, extra = {}) => {
      const key = `${kind}:${point}`;
      if (seen.has(key)) return;
      seen.add(key);
      list.push(kind === 'LB' ? { point, ...extra } : point);
    };
    for (const node of nodes) {
      const p = node.props;
      for (const [id, list] of [['TR', m.triangles], ['SQ', m.squares], ['CR', m.circles], ['MA', m.crosses]]) {
        for (const pt of pointList(p[id], r.width, r.height)) add(list, id, pt);
      }
      for (const v of p.LB || []) {
        const [at, ...text] = v.split(':');
        const pt = pointList([at], r.width, r.height)[0];
        if (pt) add(m.labels, 'LB', pt, { text: text.join(':') });
      }
    }
    if (this.numbered) {
      const taken = new Set(m.labels.map((l) => l.point.join()));
      m.labels.push(...this.numbers().filter((l) => !taken.has(l.point.join())));
    }
    return m;
  }

  update() {
    const r = this.record;
    if (!r) return;
    const g = r.game;
    const mode = this.mode;
    const counting = mode === 'play' && g.phase !== 'playing';
    const kids = mode === 'view' ? r.children() : [];
    const view = gameView(g, {
      score: counting ? g.score() : null,
      input: mode === 'diagram' ? { cursor: this.input.state.cursor } : this.placing() ? this.input.state : { cursor: this.input.state.cursor },
      coordinates: this.coordinates,
      region: this.region,
      markup: this.markup(),
      variations: kids.length > 1
        ? kids.map((k, i) => k.move?.point && { x: k.move.point[0], y: k.move.point[1], label: String.fromCharCode(65 + (i % 26)) }).filter(Boolean)
        : null,
    });
    this.view = view;
    this.input.renderer.draw(view);
    this.updateControls();
    this.updateTexts();
    const c = mode === 'view' || mode === 'problem' ? r.node.props.C?.[0] ?? '' : '';
    // In a problem the comments shown are the instructions on the way; a verdict's comment is in
    // the message.
    const showComment = mode === 'view' || (mode === 'problem' && (this.state === 'solving' || this.state === 'waiting')) ? c : '';
    this.comment.textContent = showComment;
    this.comment.hidden = !showComment;
    if (mode === 'play' && !this.message.dataset.kind) this.setMessage(this.statusLine());
  }

  // ---- the public API ---------------------------------------------------------------------

  /** The engine's Game now shown (it changes as the board moves in its record). */
  get game() {
    return this.record?.game ?? null;
  }

  /** The record as SGF (with the moves played here); setting it loads a new record. */
  get sgf() {
    return this.record ? this.record.toSgf() : null;
  }

  set sgf(text) {
    this.source = String(text ?? '');
    this.removeAttribute('src');
    if (this.Game) this.reload();
    else if (!this.started && this.isConnected) this.start();
  }

  /** The view the renderer draws now (for tests and tools). */
  get currentView() {
    return this.view ?? null;
  }

  /** The centre of point (x, y) in client pixels, or null (for tests and tools). */
  pointClient(x, y) {
    const c = this.input.renderer.pointCenter(x, y);
    const rect = this.canvas.getBoundingClientRect();
    return c && { x: rect.left + c.x, y: rect.top + c.y };
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('tengen-board')) {
  customElements.define('tengen-board', TengenBoard);
}
