// The board on the page: its input (pointer, touch preview, keyboard cursor: lib/input.js,
// shared with <tengen-board>) and the view drawn from the session's game (lib/view.js), with what
// only the page adds: the estimate's shading, the count's warnings ringed, a record's markup and
// variations, the move numbers.
import { BoardInput } from '../lib/input.js';
import { gameView, withMoveNumbers, variationMarks, NO_MARKUP } from '../lib/view.js';
import { current, t } from './language.js';
import { passText, passedBy } from './words.js';

const $ = (id) => document.getElementById(id);

/** Labels added over a markup (the review's candidates); a point the markup labels keeps its label. */
function withLabels(markup, labels) {
  if (!labels?.length) return markup;
  const m = markup ?? NO_MARKUP;
  const taken = new Set((m.labels || []).map((l) => l.point.join()));
  return { ...m, labels: [...(m.labels || []), ...labels.filter((l) => !taken.has(l.point.join()))] };
}

export class Board {
  /**
   * h: { act(x, y), refuse(code, x, y), say(text), invalidate(), placing() (whether a click
   * places a stone now: not with edit mode's marks), lineStart() (the first point of a line
   * or arrow being drawn in edit mode, or null), review() (the review's { ownership, labels } to
   * show, or null) }; viewOptions: the switches ({ coordinates,
   * numbers }), read at each drawing.
   */
  constructor(canvas, session, viewOptions, h) {
    this.canvas = canvas;
    this.session = session;
    this.viewOptions = viewOptions;
    this.h = h;
    this.lastView = null;
    this.input = new BoardInput(canvas, {
      game: () => session.game,
      placing: () => session.game?.phase === 'playing' && !session.computerToMove() && (h.placing?.() ?? true),
      act: h.act,
      refuse: h.refuse,
      say: h.say,
      invalidate: h.invalidate,
      tr: current,
      region: () => null,
      key: () => false,
    });
  }

  get renderer() {
    return this.input.renderer;
  }

  /** Another game: its shape, its name for screen readers, the cursor on its last move. */
  gameChanged() {
    const g = this.session.game;
    this.input.place(g.lastMove?.point);
    this.input.reset();
    $('layout').style.setProperty('--aspect', String((g.width + 1.6) / (g.height + 1.6)));
    this.canvas.setAttribute('aria-label', t(this.session.record ? 'board.label.record' : 'board.label', { width: g.width, height: g.height }));
  }

  /** Draws the game; `score`: the count to draw, or null. Returns the view. */
  draw(score) {
    const s = this.session;
    const g = s.game;
    const review = this.h.review?.() ?? null; // the review's ownership and candidates, when shown
    const view = gameView(g, {
      coordinates: this.viewOptions.coordinates,
      score,
      input: this.input.state,
      ownership: review?.ownership ?? s.estimate?.ownership ?? null,
      faded: s.estimate?.faded ?? null,
      attention: score && g.phase === 'stopped' && score.warnings.length ? score.warnings.flatMap((w) => w.points) : null,
      markup: withLabels(this.markupWithNumbers(), review?.labels),
      variations: s.record ? variationMarks(s.game.variations()) : null,
    });
    this.lastView = view;
    this.renderer.draw(view);
    this.showPass();
    return view;
  }

  /** The pass that was the last move, over the board until the next move. */
  showPass() {
    const badge = $('pass-badge');
    const words = passText(this.session);
    badge.hidden = !words;
    if (words && badge.textContent !== words) badge.textContent = words;
    badge.classList.toggle('white', passedBy(this.session) === 'white');
  }

  /**
   * The record's markup, with the move numbers where the switch shows them, and the first point
   * of a line or arrow being drawn in edit mode selected.
   */
  markupWithNumbers() {
    const s = this.session;
    let markup = s.record ? s.game.markup : null;
    const start = this.h.lineStart?.();
    if (markup && start) markup = { ...markup, selected: [...(markup.selected ?? []), start] };
    return this.viewOptions.numbers ? withMoveNumbers(markup, s.game.moveNumbers()) : markup;
  }

  /** Puts the keyboard cursor on a point and gives the board the focus. */
  focusPoint(p) {
    this.input.place(p);
    this.input.keyboard = true;
    this.canvas.focus();
  }

  /** The centre of point (x, y) in client coordinates, or null before the board is laid out. */
  pointClient(x, y) {
    const c = this.renderer.pointCenter(x, y);
    const r = this.canvas.getBoundingClientRect();
    return c && { x: r.left + c.x, y: r.top + c.y };
  }
}
