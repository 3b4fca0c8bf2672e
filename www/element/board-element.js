// <tengen-board>: a Go board for teaching pages. One classic script (scripts/build.mjs bundles
// this module, lib/ and the embed package's glue into www/tengen-board.js), then
// <tengen-board> anywhere in the page.
//
// Content: SGF as the element's text or `src="file.sgf"`; a Sensei's Library diagram ($$ lines);
// or nothing, for a fresh game of `size`, `rules`, `komi`, `handicap`.
// One engine Game holds everything shown: Game.fromSgf for a record or a diagram (a file's
// bytes, so that the engine detects its charset as the app does), new Game for a fresh board.
// Moves, navigation, comments, markup, move numbers, variations and the problem's tree all come
// from it; nothing here parses SGF (only the root's VW value, read by the engine, becomes a region).
// Modes (`mode`): play (a whole game to a score), view (step through a record), problem (the
// learner plays, replies come from the tree, right and wrong by lib/problem.js), diagram
// (static), edit (element/edit-mode.js and its engine, loaded on demand: chunks.js). Look:
// `region` ("a1:j9") or the record's VW, `coordinates`, `move-numbers`, and the CSS custom
// properties of lib/render.js, `theme` (light or dark, where the page's color-scheme does not
// say). A file of several game trees: `game` picks one (0, the first, as the engine's and the
// app's numbering); in a problem it is a problem set, with previous and next and the count of
// problems solved at the first try. Events: move, end, solved, failed, navigate, ready, error
// (bad content or attributes: the message takes the board's place), change (edit mode).
// Properties: game (the engine's Game now shown), sgf (get and set: the game's toSgf()),
// warnings (what a lenient reading of the record put up with). Methods: toSVG, toPNG, toDiagram,
// embedCode (element/exports.js: the export, loaded on demand).
import { engine, ready } from './engine.js';
import { STYLE } from './style.js';
import { bad, fetchSource, lineColumn, viewRegion } from './content.js';
import { isDiagram } from '../lib/diagram.js';
import { chunk, loaded } from './chunks.js';
import { exporting, embedCode } from './exports.js';
import { judge, judgeText, marksRight, endVerdict, solutionPath } from '../lib/problem.js';
import { BoardInput } from '../lib/input.js';
import { gameView, renumberedMove, withMoveNumbers, variationLetter, variationMarks, mergeMarkup } from '../lib/view.js';
import { pointName, shownRegion, parseRegion } from '../lib/render.js';
import { languageOf, wordsOf, words, onWords } from './words.js';
import { playerName, resultText, moveText, positionText, statusText, markText, errorText, errorDetail } from '../lib/describe.js';
import { LiveRegion } from '../lib/announce.js';
import { navigationKey, actionKey } from '../lib/keys.js';
import { batched } from '../lib/frame.js';

const MODES = ['play', 'view', 'problem', 'diagram', 'edit'];
const REPLY_DELAY = 350;
const SOLUTION_STEP = 700;

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

let uid = 0;

export class TengenBoard extends HTMLElement {
  static get observedAttributes() {
    return ['mode', 'src', 'game', 'size', 'rules', 'komi', 'handicap', 'region', 'coordinates', 'move-numbers', 'lang', 'label'];
  }

  constructor() {
    super();
    this.id_ = ++uid;
    this.record = null; // the engine's Game: the record (its tree and current node), or a fresh game
    this.source = null; // the content: SGF text or a file's bytes, a diagram, or '' (a fresh game)
    this.started = false;
    this.state = 'idle'; // problem: 'solving' | 'waiting' | 'right' | 'wrong' | 'showing'
    this.history = []; // play: what undo takes back here ('node', a move; 'act', a mark, resume, finish)
    this.timers = new Set();
    this.tries = new Map(); // a problem set: the first verdict on each problem, by its game index
    this.redraw = batched(() => this.update());
    this.built = false;
  }

  connectedCallback() {
    if (!this.built) this.build();
    // A language's words arrive after the board may have spoken English: it says them again.
    this.stopWords ??= onWords((lang) => {
      if (lang === this.lang_) this.retranslate();
    });
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
    this.stopWords?.();
    this.stopWords = null;
    this.observer?.disconnect();
    this.clearTimers();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.started) return;
    if (name === 'lang') {
      this.updateTexts();
      this.invalidate();
    } else if (this.record && (name === 'region' || name === 'coordinates' || name === 'move-numbers' || name === 'label')) {
      try {
        this.layout();
        this.invalidate();
      } catch (e) {
        this.fail(e);
      }
    } else {
      this.reload(name === 'src');
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
    this.liveRegion = new LiveRegion(this.live);
    root.append(style, this.wrap, this.bar, this.message, this.comment, this.keysHelp, this.live);
    this.input = new BoardInput(this.canvas, {
      game: () => this.record,
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

  /** The board's language: its lang attribute, else an ancestor's, else the browser's. */
  get lang_() {
    return languageOf(this.getAttribute('lang') || this.closest('[lang]')?.getAttribute('lang'));
  }

  /** The translator of the board's language (English until that language's words are in). */
  get tr() {
    return wordsOf(this.lang_);
  }

  /** Says the board's words again, in the words of its language that have now arrived. */
  retranslate() {
    if (this.record) {
      this.updateTexts();
      this.invalidate();
    } else if (this.built && !this.hasAttribute('error')) {
      this.message.textContent = this.tr.t('board.loading');
    }
  }

  /** The mode: the attribute's (load() refuses one it does not know), else by the content. */
  get mode() {
    const m = (this.getAttribute('mode') || '').toLowerCase();
    if (m) return m;
    if (typeof this.source === 'string' && isDiagram(this.source)) return 'diagram';
    return this.source?.length ? 'view' : 'play';
  }

  // ---- loading ----------------------------------------------------------------------------

  async start() {
    if (this.started) return;
    this.started = true;
    try {
      // A diagram given inline anywhere on the page has its reader loaded with the first board
      // that starts, so that printing, which cannot wait, draws it at once.
      if ([...document.querySelectorAll('tengen-board:not([src])')].some((b) => isDiagram(b.textContent))) chunk('diagram').catch(() => {});
      if (this.source === null) this.source = await this.content();
      // The board's words load alongside the engine (edit mode's own: element/edit.js), so that
      // it first speaks in its language; and the diagram reader, for a diagram.
      const [{ Game }] = await Promise.all([this.mode === 'edit' ? chunk('edit').then((x) => x.engine(this)) : engine(),
        words(this.lang_), this.diagramSource() && chunk('diagram')]);
      this.Game = Game;
      this.load();
    } catch (e) {
      // Said in the board's language.
      await words(this.lang_);
      this.fail(e);
    }
  }

  /** Whether the content is a Sensei's Library diagram (read by the `diagram` chunk). */
  diagramSource() {
    return typeof this.source === 'string' && isDiagram(this.source);
  }

  /**
   * The element's content: the file of `src` as bytes (the engine decodes them, by CA or by
   * detecting the charset, as the app does with a file it opens), a diagram file as text; else
   * the element's text.
   */
  async content() {
    this.tries = new Map();
    const src = this.getAttribute('src');
    return src ? fetchSource(src) : this.textContent.trim();
  }

  /** Loads again after a change of attributes; `refetch`: `src` changed, its file is read again. */
  reload(refetch) {
    this.drop();
    if (refetch && this.getAttribute('src')) this.source = null;
    if (this.source === null || !this.Game || (this.diagramSource() && !loaded('diagram')) || (this.mode === 'edit' && !this.editor)) {
      // The content, the engine or the diagram reader never arrived (a src that failed, a
      // diagram given now): the board starts again.
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

  /**
   * Reads a record strictly. A file the reader refuses (`sgf`: cut short, a bracket missing, a
   * value it cannot read) is the board's error, with its line and column: a lenient reading would
   * show a board the author did not write. A main line the rules refuse (`illegalMove`, a real
   * game under other rules) is read again leniently, so that it still displays; `warnings` then
   * says what was put up with.
   */
  readSgf(input, options) {
    try {
      return this.Game.fromSgf(input, options);
    } catch (e) {
      if (e?.code === 'sgf') {
        const at = lineColumn(input, e.offset);
        Object.assign(e, at, { key: 'board.sgf', params: { ...at, detail: errorDetail(e).replace(/^at byte \d+: /, '') } });
      }
      if (e?.code !== 'illegalMove') throw e;
      return this.Game.fromSgf(input, { ...options, lenient: true });
    }
  }

  /** Makes the engine's Game from the content and the attributes, and shows it. */
  load() {
    const Game = this.Game;
    // A number attribute, absent if empty; the engine refuses one that is not a number (NaN)
    // with its own words.
    const num = (name) => {
      const v = this.getAttribute(name);
      return v?.trim() ? Number(v) : undefined;
    };
    const m = this.mode;
    if (!MODES.includes(m)) throw bad('board.mode', { value: m });
    // The page's choices, over the record's RU and KM (the engine reads those itself).
    const options = {};
    const rules = this.getAttribute('rules');
    if (rules) options.rules = rules;
    const komi = num('komi');
    if (komi !== undefined) options.komi = komi;
    let input = this.source;
    this.diagram = null;
    this.drop();
    let g = null;
    if (this.diagramSource()) {
      const { parseDiagram, diagramToSgf } = loaded('diagram');
      this.diagram = parseDiagram(input);
      input = diagramToSgf(this.diagram, { moves: 'play' });
      if (this.mode === 'diagram') {
        // A diagram's numbered moves are played by the rules (captures and all); where the rules
        // refuse one (a diagram of a ko fight, a move on a point taken again), the numbered
        // stones are set up as drawn instead.
        try {
          g = Game.fromSgf(input, options);
        } catch {
          g = this.readSgf(diagramToSgf(this.diagram, { moves: 'setup' }), options);
        }
      }
    }
    if (!g && input?.length) g = this.readSgf(input, { ...options, game: num('game') ?? 0 });
    else if (!g) g = new Game({ ...options, size: num('size') ?? 19, handicap: num('handicap') ?? 0 });
    this.record = g;
    this.removeAttribute('error');
    this.wrap.hidden = false;
    // The root is read once: its VW, and a diagram's marks drawn with the last position's.
    this.rootNode = g.node([]);
    // MN renumbers moves (a diagram's "m" header, records of part of a game): only then is the
    // move number of a node more than the engine's count of moves.
    this.renumbered = /(^|[\s;\]])MN\s*\[/.test(g.toSgf());
    this.history = [];
    this.state = 'idle';
    this.learner = null;
    this.offTree = false;
    const mode = this.mode;
    // Game.fromSgf plays the main line: a diagram shows its end, numbered from its first move;
    // the other modes start at the root.
    if (mode !== 'diagram') g.goTo([]);
    if (mode === 'problem') {
      this.learner = g.toMove;
      this.marked = marksRight(g, this.learner);
      this.state = 'solving';
    }
    this.layout();
    this.buildControls();
    this.input.place(g.lastMove?.point);
    this.updateTexts();
    this.setMessage(mode === 'problem' ? statusText(this.tr, g) : '');
    this.invalidate();
    // Ready once the board has been laid out and drawn.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      this.setAttribute('ready', '');
      this.dispatchEvent(new CustomEvent('ready'));
    }));
  }

  /**
   * The number of the current node's move: the engine's count of the moves from the root, or,
   * where a node on the way sets MN (SGF FF[4]), that number and the moves after it.
   */
  moveNumber() {
    return this.renumbered ? renumberedMove(this.record) : this.record.moveNumber;
  }

  /**
   * Shows why the board cannot be shown, in place of the board (no partial or stale board), and
   * fires `error` with { code, message, line, column } (line and column of the content, or null).
   */
  fail(e) {
    this.drop();
    const tr = this.tr;
    const { code = 'load', line = null, column = null, key } = e;
    const message = tr.t('board.failed', { detail: key ? tr.t(key, e.params) : errorDetail(e) });
    this.wrap.hidden = this.bar.hidden = this.comment.hidden = true;
    this.setMessage(message, 'error');
    this.setAttribute('error', code);
    this.setAttribute('ready', '');
    this.dispatchEvent(new CustomEvent('error', { detail: { code, message, line, column } }));
  }

  /** Stops what the board was doing and frees its game. */
  drop() {
    this.clearTimers();
    this.record?.free();
    this.record = null;
  }

  /** The region shown and the board's proportions. */
  layout() {
    const g = this.record;
    if (!g) return;
    const vw = this.rootNode?.properties.VW;
    const r = this.getAttribute('region');
    const region = r ? parseRegion(r, g.width, g.height) : null;
    if (r && !region) throw bad('board.badRegion', { value: r, width: g.width, height: g.height });
    this.region = region
      ?? (vw ? viewRegion(vw, g.width, g.height) : null)
      ?? (this.diagram?.region ? { ...this.diagram.region } : null);
    const s = shownRegion({ width: g.width, height: g.height, region: this.region });
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
        // Arrows, named by aria-label and title.
        const nav = (name, label, fn) => {
          const x = b(`nav.${name}`, () => this.navigate(fn), { 'aria-label': t(`nav.${name}`), title: t(`nav.${name}`) });
          x.textContent = label;
          add(name, x);
        };
        nav('first', '«', (g) => g.goTo([]));
        nav('previous', '‹', (g) => g.previous());
        nav('next', '›', (g) => g.next(0));
        nav('last', '»', (g) => { while (g.next(0)); });
        this.variationBox = el('span', { class: 'variations', role: 'group' });
        this.bar.append(this.variationBox);
        break;
      }
      case 'problem':
        add('retry', b('button.retry', () => this.retry()));
        add('solution', b('button.solution', () => this.showSolution()));
        if (this.record.gameCount > 1) {
          add('previousProblem', b('problem.previous', () => this.goProblem(-1)));
          add('nextProblem', b('problem.next', () => this.goProblem(1)));
          this.setLine = el('span', { class: 'set' });
          this.bar.append(this.setLine);
        }
        break;
      default:
        break;
    }
    this.bar.hidden = !this.bar.childElementCount;
  }

  updateControls() {
    const g = this.record;
    if (!g) return;
    const B = this.buttons || {};
    switch (this.mode) {
      case 'play':
        B.pass.hidden = g.phase !== 'playing';
        B.undo.disabled = !this.history.length;
        B.resume.hidden = g.phase !== 'stopped';
        B.finish.hidden = g.phase !== 'stopped';
        break;
      case 'view': {
        const path = g.path;
        const kids = g.variations();
        const atRoot = path.length === 0;
        const atEnd = kids.length === 0;
        B.first.disabled = atRoot;
        B.previous.disabled = atRoot;
        B.next.disabled = atEnd;
        B.last.disabled = atEnd;
        // A move played here adds a child: the key changes with the children, not only the node.
        const key = kids.length > 1 ? `${path.join()}/${kids.length}` : '';
        if (this.variationKey !== key) {
          this.variationKey = key;
          this.variationBox.replaceChildren(...(kids.length > 1 ? kids.map((k, i) => el('button', {
            type: 'button', 'data-variation': String(i), onclick: () => this.navigate((game) => game.next(i)),
          }, this.variationLabel(k, i))) : []));
        }
        break;
      }
      case 'problem':
        B.retry.disabled = g.path.length === 0 && this.state === 'solving';
        B.solution.disabled = this.state === 'showing';
        if (B.nextProblem) {
          B.previousProblem.disabled = !g.gameIndex;
          B.nextProblem.disabled = g.gameIndex === g.gameCount - 1;
          this.setLine.textContent = this.setText();
        }
        break;
      default:
        break;
    }
  }

  /** A variation's button: its letter and move (`k` as game.variations() gives it). */
  variationLabel(k, i) {
    const letter = variationLetter(i);
    if (!k.player) return letter;
    return `${letter}: ${playerName(this.tr, k.player)} ${k.point ? pointName(k.point[0], k.point[1], this.record.height) : this.tr.t('say.pass', { player: '' }).trim()}`;
  }

  /** The index of the current node's child holding this move (point null: a pass), or -1. */
  findChild(player, point) {
    return this.record.variations().findIndex((v) => v.player === player
      && (point ? v.point && v.point[0] === point[0] && v.point[1] === point[1] : !v.point));
  }

  // ---- acting -----------------------------------------------------------------------------

  /** Whether a click now places a stone. */
  placing() {
    const g = this.record;
    if (!g || g.phase !== 'playing') return false;
    const mode = this.mode;
    if (mode === 'play' || mode === 'view') return true;
    return mode === 'problem' && this.state === 'solving' && g.toMove === this.learner;
  }

  act(x, y) {
    const g = this.record;
    if (!g) return;
    const mode = this.mode;
    if (mode === 'diagram') return;
    if (mode === 'play' && g.phase === 'stopped') {
      this.mark(x, y);
      return;
    }
    if (mode === 'problem') {
      this.problemMove(x, y);
      return;
    }
    if (mode === 'view') {
      // A click on a variation's point follows it; elsewhere the move is added to the tree.
      const i = this.findChild(g.toMove, [x, y]);
      if (i >= 0) {
        this.navigate((game) => game.next(i));
        return;
      }
    }
    this.play([x, y]);
  }

  /**
   * Plays a move (play and view) for the side to move: the engine's game follows the child that
   * holds it or adds one (a new variation); announced, with a `move` event. A move the rules
   * refuse changes nothing.
   */
  play(point) {
    const g = this.record;
    const player = g.toMove;
    let captures = 0;
    try {
      if (point) captures = g.place(point[0], point[1]);
      else g.pass();
    } catch (e) {
      this.showError(e.code, e);
      return false;
    }
    if (this.mode === 'play') this.history.push('node');
    this.afterMove(player, point, captures);
    if (this.mode === 'view') this.navigated();
    return true;
  }

  afterMove(player, point, captures) {
    const g = this.record;
    this.input.reset();
    if (point) this.input.place(point);
    let text = moveText(this.tr, player, point, captures, g.height);
    if (g.phase === 'stopped') text += ` ${this.tr.t('hint.marking')}`;
    this.say(text);
    this.setMessage(this.mode === 'play' ? this.statusLine() : '');
    this.emit('move', { player, point, captures, moveNumber: this.moveNumber() });
    this.invalidate();
  }

  pass() {
    this.play(null);
  }

  /**
   * Takes back what was done here, never the record's own moves: the engine's undo takes back
   * the last action at the node (a mark, a resumption, a finish), else steps back and removes
   * the node of a move played here.
   */
  undo() {
    const g = this.record;
    if (!this.history.length) return;
    try {
      g.undo();
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.history.pop();
    this.input.reset();
    this.say(this.tr.t('say.undo', { status: statusText(this.tr, g) }));
    this.setMessage(this.statusLine());
    this.invalidate();
  }

  mark(x, y) {
    const g = this.record;
    try {
      g.markDead(x, y);
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.history.push('act');
    this.say(markText(this.tr, g, x, y));
    this.setMessage(this.statusLine());
    this.invalidate();
  }

  resume() {
    const g = this.record;
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
    const g = this.record;
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
    const g = this.record;
    const tr = this.tr;
    if (g.phase === 'playing') {
      return `${statusText(tr, g)} · ${tr.t('status.move', { n: this.moveNumber() })}`;
    }
    const s = g.score();
    const result = resultText(tr, s);
    const detail = tr.t('score.detail', { black: tr.number(s.black.total), white: tr.number(s.white.total), komi: tr.number(s.komi) });
    return `${tr.t(g.phase === 'finished' ? 'score.final' : 'score.provisional', { result })} (${s.result}). ${detail}`;
  }

  // ---- view -------------------------------------------------------------------------------

  /** Runs a navigation step on the game (`step(game)`); announces the node it arrives at. */
  navigate(step) {
    const g = this.record;
    const before = g.path.join();
    try {
      step(g);
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    if (g.path.join() === before) return;
    this.input.reset();
    this.input.place(g.lastMove?.point);
    this.navigated();
  }

  navigated() {
    const g = this.record;
    const tr = this.tr;
    const m = g.lastMove;
    const path = g.path;
    const n = this.moveNumber();
    let text;
    if (!path.length) text = tr.t('view.start', { status: statusText(tr, g) });
    else if (m && m.point) text = tr.t('view.move', { n, player: playerName(tr, m.player), point: pointName(m.point[0], m.point[1], g.height) });
    else if (m) text = tr.t('view.pass', { n, player: playerName(tr, m.player) });
    else text = statusText(tr, g);
    const kids = g.variations();
    if (kids.length > 1) {
      text += ` ${tr.t('view.variations', { list: kids.map((k, i) => this.variationLabel(k, i)).join('; ') })}`;
    }
    const c = g.comment;
    if (c) text += ` ${c}`;
    this.say(text);
    this.emit('navigate', { path, moveNumber: n });
    this.invalidate();
  }

  // ---- problems ---------------------------------------------------------------------------

  /** A problem set's line: which problem of how many, and how many were solved at the first try. */
  setText() {
    const g = this.record;
    const solved = [...this.tries.values()].filter((v) => v === 'right').length;
    return this.tr.t('problem.set', { n: g.gameIndex + 1, count: g.gameCount, solved });
  }

  /**
   * The previous (-1) or next (1) problem of the set: the `game` attribute changes, so the page
   * sees it and a reload keeps it. Focus stays on the button while it can go on, else the board.
   */
  goProblem(d) {
    const i = this.record.gameIndex + d;
    this.setAttribute('game', i);
    const g = this.record;
    if (!g) return;
    (i && i < g.gameCount - 1 ? this.buttons[d < 0 ? 'previousProblem' : 'nextProblem'] : this.canvas).focus();
    this.say(`${this.setText()} ${statusText(this.tr, g)}`);
  }

  problemMove(x, y) {
    const g = this.record;
    if (this.state !== 'solving' || g.toMove !== this.learner) return;
    const code = g.legality(x, y);
    if (code) {
      this.showError(code);
      return;
    }
    const i = this.findChild(this.learner, [x, y]);
    if (i < 0) {
      // Off the tree: the stone is shown (played on the engine's game: a new node, which Retry
      // and Show solution take back) and the answer is wrong.
      const path = g.path;
      let captures;
      try {
        captures = g.place(x, y);
      } catch (e) {
        this.showError(e.code, e);
        return;
      }
      this.offTree = true;
      this.afterMove(this.learner, [x, y], captures);
      this.verdict('wrong', 'problem.offTree', [x, y], path);
      return;
    }
    const before = g.captures;
    try {
      g.next(i);
    } catch (e) {
      this.showError(e.code, e);
      return;
    }
    this.afterMove(this.learner, [x, y], this.captured(before));
    this.judgeNode([x, y]);
  }

  /** Takes back a move played off the tree, so that the record stays as it was read. */
  takeBackOffTree() {
    if (!this.offTree) return;
    this.offTree = false;
    this.record.undo();
  }

  captured(before) {
    const after = this.record.captures;
    return (after.black - before.black) + (after.white - before.white);
  }

  /**
   * After a move into the tree (the learner's or a reply): right, wrong, the learner's turn, or
   * the next reply: the first child, when it is the opponent's move or a node without a move
   * (set-up stones, PL), played after a short pause so that the learner sees each move. A line
   * that went wrong is played on to its end (the refutation) before the verdict.
   */
  judgeNode(point, wrongSoFar = false) {
    const g = this.record;
    const j = judge(g.node(), this.learner);
    if (j === 'right') {
      this.verdict('right', 'problem.correct', point);
      return;
    }
    const wrong = wrongSoFar || j === 'wrong';
    const next = g.variations()[0];
    if (!next) {
      const v = wrong ? 'wrong' : endVerdict(g.path, this.marked);
      this.verdict(v, v === 'right' ? 'problem.correct' : 'problem.wrong', point);
      return;
    }
    const move = next.player ? next : null;
    if (move && move.player === this.learner) {
      if (wrong) this.verdict('wrong', 'problem.wrong', point);
      else this.invalidate();
      return;
    }
    this.state = 'waiting';
    this.later(() => {
      const before = g.captures;
      try {
        g.next(0);
      } catch (e) {
        this.state = 'solving';
        this.showError(e.code, e);
        return;
      }
      if (move) {
        const who = playerName(this.tr, move.player);
        const text = move.point
          ? this.tr.t('problem.reply', { player: who, point: pointName(move.point[0], move.point[1], g.height) })
          : this.tr.t('problem.replyPass', { player: who });
        const taken = this.captured(before);
        this.input.reset();
        this.say(taken ? `${text} ${moveText(this.tr, move.player, move.point, taken, g.height)}` : text);
      }
      this.state = 'solving';
      this.judgeNode(point, wrong);
    }, move ? REPLY_DELAY : 0);
    this.invalidate();
  }

  /**
   * Right or wrong: the message, the announcement and the event. `offTreePath`: the move is not
   * in the tree, and this is the path of the node it was played at (the node's comment is then
   * not about it).
   */
  verdict(v, key, point, offTreePath = null) {
    const g = this.record;
    this.state = v;
    if (!this.tries.has(g.gameIndex)) this.tries.set(g.gameIndex, v);
    const comment = offTreePath ? '' : (g.comment ?? '').trim();
    const words = this.tr.t(key);
    // A comment that gives the verdict itself ("Correct! ...", "Wrong: ...") is the message;
    // any other comment follows the verdict's words.
    const text = !comment ? words : judgeText(comment) ? comment : `${words} ${comment}`;
    this.setMessage(text, v);
    this.say(text);
    this.emit(v === 'right' ? 'solved' : 'failed', { path: offTreePath ?? g.path, point, comment: comment || null });
    this.invalidate();
  }

  retry() {
    const g = this.record;
    this.clearTimers();
    this.takeBackOffTree();
    g.goTo([]);
    this.state = 'solving';
    this.input.reset();
    this.setMessage(statusText(this.tr, g));
    this.say(this.tr.t('problem.retried', { status: statusText(this.tr, g) }));
    this.invalidate();
  }

  showSolution() {
    const g = this.record;
    this.clearTimers();
    this.takeBackOffTree();
    const path = solutionPath(g, this.learner);
    if (!this.tries.has(g.gameIndex)) this.tries.set(g.gameIndex, 'shown');
    g.goTo([]);
    if (!path) {
      this.state = 'solving';
      this.setMessage(this.tr.t('problem.noSolution'));
      this.invalidate();
      return;
    }
    this.state = 'showing';
    const moves = [];
    for (const i of path) {
      const m = g.variations()[i];
      if (!g.next(i)) break;
      if (m?.player) moves.push(m.point ? `${playerName(this.tr, m.player)} ${pointName(m.point[0], m.point[1], g.height)}` : this.tr.t('say.pass', { player: playerName(this.tr, m.player) }));
    }
    // Step through it from the start so that the moves are seen in order.
    const target = g.path;
    g.goTo([]);
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
      g.next(target[k++]);
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
    const action = actionKey(e.key);
    if (action === 'read') {
      this.say(positionText(this.tr, this.record, this.region, this.markup()));
      return true;
    }
    const mode = this.mode;
    const step = mode === 'view' && navigationKey(e.key);
    if (step) {
      this.navigate({
        previous: (g) => g.previous(),
        next: (g) => g.next(0),
        first: (g) => g.goTo([]),
        last: (g) => { while (g.next(0)); },
      }[step]);
      return true;
    }
    if (mode === 'play' && !e.repeat && (action === 'pass' || action === 'undo')) {
      this[action]();
      return true;
    }
    return false;
  }

  showError(code, e) {
    const text = errorText(this.tr, e ?? { code });
    this.setMessage(text, 'error');
    this.say(text);
  }

  setMessage(text, kind = '') {
    if (this.message.textContent !== text) this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  say(text) {
    this.liveRegion.say(text);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** The accessible name, the keys' help and the buttons' words, in the board's language. */
  updateTexts() {
    const g = this.record;
    if (!g) return;
    const tr = this.tr;
    const mode = this.mode;
    const status = statusText(tr, g);
    let name = tr.t(`board.${mode}`, { width: g.width, height: g.height, status });
    const s = this.region;
    if (s) {
      name = tr.t('board.region', { label: name, from: pointName(s.x0, s.y0, g.height), to: pointName(s.x1, s.y1, g.height) });
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
    this.redraw();
  }

  /** The markup of the current node (and the root's, for a diagram), as the engine reads it. */
  markup() {
    const g = this.record;
    const m = mergeMarkup(this.mode === 'diagram' && g.path.length ? [this.rootNode.markup, g.markup] : [g.markup]);
    return this.numbered ? withMoveNumbers(m, g.moveNumbers()) : m;
  }

  update() {
    const g = this.record;
    if (!g) return;
    const mode = this.mode;
    const counting = mode === 'play' && g.phase !== 'playing';
    const kids = mode === 'view' || mode === 'edit' ? g.variations() : [];
    const view = gameView(g, {
      score: counting ? g.score() : null,
      input: mode === 'diagram' ? { cursor: this.input.state.cursor } : this.placing() ? this.input.state : { cursor: this.input.state.cursor },
      coordinates: this.coordinates,
      region: this.region,
      markup: this.markup(),
      variations: variationMarks(kids),
    });
    this.view = view;
    this.input.renderer.draw(view);
    this.updateControls();
    this.updateTexts();
    const c = mode === 'view' || mode === 'problem' ? g.comment ?? '' : '';
    // In a problem the comments shown are the instructions on the way; a verdict's comment is in
    // the message. Else a diagram's title shows there, as its caption.
    const showComment = mode === 'view' || (mode === 'problem' && (this.state === 'solving' || this.state === 'waiting')) ? c : this.diagram?.title;
    this.comment.textContent = showComment;
    this.comment.hidden = !showComment;
    if (mode === 'play' && !this.message.dataset.kind) this.setMessage(this.statusLine());
  }

  // ---- the public API ---------------------------------------------------------------------

  /** The engine's Game now shown (it changes as the board moves in its record). */
  get game() {
    return this.record;
  }

  /** The record as SGF, the game's own toSgf() (with the moves played here); setting it loads a new record. */
  get sgf() {
    return this.record ? this.record.toSgf() : null;
  }

  /**
   * What reading the record put up with: the engine's warnings (a lenient reading's repairs, a
   * charset guessed, an RU naming no preset, ...); [] without a record.
   */
  get warnings() {
    return this.record ? [...this.record.warnings] : [];
  }

  set sgf(text) {
    this.source = String(text ?? '');
    this.tries = new Map();
    this.removeAttribute('src');
    if (this.Game) this.reload();
    else if (!this.started && this.isConnected) this.start();
  }

  /**
   * Before printing: a board never scrolled near starts at once where it can (its content inline,
   * the engine and a diagram's reader already loaded, not in edit mode: an edit board never
   * started is left out of the print, style.js), and every board draws now, since printing does
   * not wait for an animation frame.
   */
  printNow() {
    if (!this.started && ready && !this.hasAttribute('src') && this.mode !== 'edit' && (loaded('diagram') || !isDiagram(this.source ?? this.textContent))) {
      this.observer?.disconnect();
      this.started = true;
      this.source ??= this.textContent.trim();
      this.Game = ready.Game;
      try {
        this.load();
      } catch (e) {
        this.fail(e);
      }
    }
    this.redraw.flush();
  }

  /**
   * The board as it is shown, exported (lib/export.js, loaded with the first call: each returns a
   * Promise): an SVG document (options: width in points, coordinates, region, moveNumbers
   * { from, to }), a PNG Blob ({ size, density }), Sensei's Library diagram text, and the
   * <tengen-board> snippet of the record now (its SGF, mode and region).
   */
  toSVG(options) {
    return exporting(this, 'exportSVG', options);
  }

  toPNG(options) {
    return exporting(this, 'exportPNG', options);
  }

  toDiagram(options) {
    return exporting(this, 'exportDiagram', options);
  }

  embedCode() {
    return embedCode(this);
  }

  /** The view the renderer draws, with every change asked for so far (for tests and tools). */
  get currentView() {
    this.redraw.flush();
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
  addEventListener('beforeprint', () => {
    for (const b of document.querySelectorAll('tengen-board')) b.printNow();
  });
}
