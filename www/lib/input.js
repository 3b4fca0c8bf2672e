// Input on a board: the pointer (a faded stone under the mouse where a stone may go), touch (a
// first tap previews the stone, a second tap on the same point places it, so that a finger
// that lands a line off does no harm; on a dense board the renderer magnifies the preview, a
// finger sliding moves it, and a tap on the magnifier places it), and the keyboard (arrow keys move a cursor, which is
// announced; Enter or Space acts at the cursor). It owns the renderer of its canvas and knows
// no rules: the controller says whether a click places a stone and whether it is legal.
import { BoardRenderer, pointName, shownRegion } from './render.js';

export class BoardInput {
  /**
   * @param canvas the board's canvas (focusable)
   * @param h the controller: {
   *   game(): the Game shown, or null
   *   placing(): whether a click now places a stone (then hover and the touch preview apply)
   *   act(x, y): a click, a confirmed tap or Enter at (x, y)
   *   refuse(code, x, y): a tap on a point where the stone may not go (code: the engine's)
   *   say(text): announce in the live region
   *   invalidate(): redraw soon
   *   tr(): the translator (lib/i18n.js)
   *   region(): the part of the board shown ({ x0, y0, x1, y1 }) or null
   *   key(e): a key the board does not use itself; return true if handled
   * }
   */
  constructor(canvas, h) {
    this.canvas = canvas;
    this.h = h;
    this.hover = null;
    this.pending = null;
    this.cursor = { x: 0, y: 0 };
    this.keyboard = false;
    this.focused = false;
    this.coarse = globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;
    this.renderer = new BoardRenderer(canvas, { onPoint: (e) => this.onPoint(e) });
    canvas.addEventListener('keydown', (e) => this.onKey(e));
    canvas.addEventListener('focus', () => { this.focused = true; h.invalidate(); });
    canvas.addEventListener('blur', () => { this.focused = false; h.invalidate(); });
    canvas.addEventListener('pointerdown', () => { this.keyboard = false; });
  }

  /** What the view needs: the ghost's point (hover or pending) and the cursor when it shows. */
  get state() {
    return {
      hover: this.keyboard ? null : this.hover,
      pending: this.pending,
      cursor: this.focused && this.keyboard ? { ...this.cursor } : null,
    };
  }

  /** Forgets the hover and the touch preview (after any change of the position). */
  reset() {
    this.hover = null;
    this.pending = null;
  }

  /** Puts the cursor on a point (the last move, or the centre of what is shown). */
  place(p) {
    const g = this.h.game();
    if (!g) return;
    const r = this.h.region() || { x0: 0, y0: 0, x1: g.width - 1, y1: g.height - 1 };
    this.cursor = p && p[0] >= r.x0 && p[0] <= r.x1 && p[1] >= r.y0 && p[1] <= r.y1
      ? { x: p[0], y: p[1] } : { x: (r.x0 + r.x1) >> 1, y: (r.y0 + r.y1) >> 1 };
  }

  onPoint(e) {
    const g = this.h.game();
    if (!g) return;
    if (e.type === 'leave') {
      if (this.hover) {
        this.hover = null;
        this.h.invalidate();
      }
      return;
    }
    if (e.type === 'hover') {
      const h = this.h.placing() && g.legality(e.x, e.y) === null ? { x: e.x, y: e.y } : null;
      if (h?.x !== this.hover?.x || h?.y !== this.hover?.y) {
        this.hover = h;
        this.h.invalidate();
      }
      return;
    }
    if (e.type === 'drag') {
      // A finger sliding with the preview showing: the preview follows it to points where a
      // stone may go, and the magnifier with it; the next tap on it (or on the magnifier) places.
      if (!this.pending || !this.h.placing() || (e.x === this.pending.x && e.y === this.pending.y)) return;
      if (g.legality(e.x, e.y) !== null) return;
      this.pending = { x: e.x, y: e.y };
      this.cursor = { x: e.x, y: e.y };
      this.h.invalidate();
      return;
    }
    this.keyboard = false;
    this.cursor = { x: e.x, y: e.y };
    if (e.pointerType === 'touch') this.coarse = true;
    this.click(e.x, e.y, e.pointerType === 'touch');
  }

  /** A click, tap or Enter at (x, y). guarded: a touch, which needs a confirming second tap. */
  click(x, y, guarded) {
    const g = this.h.game();
    if (guarded && this.h.placing()) {
      const code = g.legality(x, y);
      if (code) {
        this.pending = null;
        this.h.refuse(code, x, y);
        this.h.invalidate();
        return;
      }
      if (this.pending?.x !== x || this.pending?.y !== y) {
        this.pending = { x, y };
        this.h.invalidate();
        return;
      }
    }
    this.pending = null;
    this.h.act(x, y);
  }

  onKey(e) {
    const g = this.h.game();
    if (!g || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.h.key(e)) {
      e.preventDefault();
      return;
    }
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      this.keyboard = true;
      this.pending = null;
      const r = shownRegion({ width: g.width, height: g.height, region: this.h.region() });
      const x = Math.min(r.x1, Math.max(r.x0, this.cursor.x + step[0]));
      const y = Math.min(r.y1, Math.max(r.y0, this.cursor.y + step[1]));
      this.cursor = { x, y };
      const s = g.board()[y * g.width + x];
      const { t } = this.h.tr();
      const point = pointName(x, y, g.height);
      this.h.say(s ? t('say.cursor.stone', { point, player: t(s > 0 ? 'player.black' : 'player.white') }) : t('say.cursor.empty', { point }));
      this.h.invalidate();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.keyboard = true;
      this.click(this.cursor.x, this.cursor.y, false);
    }
  }
}
