// The review's graph: Black's score lead (a line) and Black's win rate (a shaded area) over the
// moves of the line, the moves that lost the most marked, the current move a vertical line. It
// knows no rules: it draws the numbers it is given (review.js turns the engine's figures to
// Black's point of view first). A click, or the arrow keys while it has the focus, asks for a
// move (h.go(index)); it is a slider for assistive technology, its value the move, its text the
// figures there. The scaling functions are exported for the tests.

/** The smallest round bound (points) that holds every lead: the graph's top is +bound, its bottom -bound. */
export function leadBound(leads) {
  let m = 0;
  for (const l of leads) if (l != null && Number.isFinite(l)) m = Math.max(m, Math.abs(l));
  for (const b of [5, 10, 20, 30, 50, 100, 200, 500]) if (m <= b) return b;
  return Math.ceil(m / 500) * 500;
}

/** The x of point `i` of `n` across a plot of `width` from `left`: the first at left, the last at its right. */
export function xAt(i, n, left, width) {
  return n <= 1 ? left + width / 2 : left + (i * width) / (n - 1);
}

/** The y of a lead (points, Black's) in a plot from `top` of `height`: +bound at the top, 0 in the middle. */
export function yLead(lead, bound, top, height) {
  const v = Math.max(-bound, Math.min(bound, lead));
  return top + height / 2 - (v / bound) * (height / 2);
}

/** The y of a win rate (0..1, Black's): 100% at the top, 50% in the middle. */
export function yRate(rate, top, height) {
  return top + (1 - Math.max(0, Math.min(1, rate))) * height;
}

/** The point (0..n-1) nearest to x in a plot of `width` from `left`. */
export function indexAt(x, n, left, width) {
  if (n <= 1) return 0;
  const i = Math.round(((x - left) / width) * (n - 1));
  return Math.max(0, Math.min(n - 1, i));
}

/** Where a key takes the slider from `i` among `n` points, or null for a key it does not take. */
export function keyStep(key, i, n) {
  const to = { ArrowLeft: i - 1, ArrowDown: i - 1, ArrowRight: i + 1, ArrowUp: i + 1, PageDown: i - 10, PageUp: i + 10, Home: 0, End: n - 1 }[key];
  return to === undefined ? null : Math.max(0, Math.min(n - 1, to));
}

const PAD = { left: 8, right: 8, top: 18, bottom: 6 };

export class ReviewGraph {
  /**
   * canvas: the graph's canvas (role slider, focusable); h: { go(index), current?() (the index
   * shown now, which the keys step from; else the one last drawn), label(index) (the words of a
   * point: the slider's value text), legend(bound) (the caption drawn at the top) }.
   */
  constructor(canvas, h) {
    this.canvas = canvas;
    this.h = h;
    this.data = null;
    this.key = '';
    canvas.addEventListener('click', (e) => {
      if (!this.data) return;
      const r = canvas.getBoundingClientRect();
      const n = this.data.leads.length;
      this.h.go(indexAt(e.clientX - r.left, n, PAD.left, r.width - PAD.left - PAD.right));
    });
    canvas.addEventListener('keydown', (e) => {
      if (!this.data || e.altKey || e.ctrlKey || e.metaKey) return;
      // The move shown now, not the one last drawn: a key pressed before the next frame steps
      // from where the board is.
      const at = this.h.current ? this.h.current() : this.data.current;
      const to = keyStep(e.key, Math.max(0, at), this.data.leads.length);
      if (to === null) return;
      e.preventDefault();
      if (to !== at) this.h.go(to);
    });
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.paint()).observe(canvas);
    // The colours follow the page's scheme: drawn again when it changes.
    globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => this.paint());
  }

  /**
   * The figures to draw: { leads: [Black's lead or null per position], rates: [Black's win rate
   * or null], marked: [indices of the moves that lost the most], current: the index shown on the
   * board, or -1 when the board is off the line }.
   */
  draw(data) {
    // The same figures are not drawn again (the page redraws on every change of the board).
    const key = `${data.current}|${data.marked.join()}|${data.leads.join()}|${data.rates.join()}|${this.h.label(data.current)}`;
    if (key === this.key) return;
    this.key = key;
    this.data = data;
    const c = this.canvas;
    const n = data.leads.length;
    c.setAttribute('aria-valuemin', '0');
    c.setAttribute('aria-valuemax', String(Math.max(0, n - 1)));
    c.setAttribute('aria-valuenow', String(Math.max(0, data.current)));
    c.setAttribute('aria-valuetext', this.h.label(data.current));
    this.paint();
  }

  paint() {
    const d = this.data;
    const c = this.canvas;
    const w = c.clientWidth;
    const h = c.clientHeight;
    if (!d || !w || !h) return;
    const dpr = globalThis.devicePixelRatio || 1;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const ctx = c.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const css = getComputedStyle(c);
    const ink = css.color || '#222';
    const accent = css.getPropertyValue('--graph-lead').trim() || '#1f6feb';
    const rateFill = css.getPropertyValue('--graph-rate').trim() || 'rgba(127,127,127,0.3)';
    const bad = css.getPropertyValue('--graph-loss').trim() || '#d1242f';
    const left = PAD.left;
    const top = PAD.top;
    const pw = w - PAD.left - PAD.right;
    const ph = h - PAD.top - PAD.bottom;
    const n = d.leads.length;
    const bound = leadBound(d.leads);

    // The win rate, shaded from the 50% line.
    ctx.fillStyle = rateFill;
    const mid = top + ph / 2;
    for (let i = 0; i < n; i++) {
      const r = d.rates[i];
      if (r == null) continue;
      const x0 = n <= 1 ? left : xAt(Math.max(0, i - 0.5), n, left, pw);
      const x1 = n <= 1 ? left + pw : xAt(Math.min(n - 1, i + 0.5), n, left, pw);
      const y = yRate(r, top, ph);
      ctx.fillRect(x0, Math.min(y, mid), Math.max(1, x1 - x0), Math.abs(y - mid));
    }
    // The axis: even, and the frame.
    ctx.strokeStyle = ink;
    ctx.globalAlpha = 0.4;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, Math.round(mid) + 0.5);
    ctx.lineTo(left + pw, Math.round(mid) + 0.5);
    ctx.stroke();
    ctx.strokeRect(left + 0.5, top + 0.5, pw - 1, ph - 1);
    ctx.globalAlpha = 1;

    // The score lead, a line broken where a position is not analysed yet.
    ctx.strokeStyle = accent;
    ctx.lineWidth = 2;
    ctx.beginPath();
    let open = false;
    for (let i = 0; i < n; i++) {
      const l = d.leads[i];
      if (l == null) {
        open = false;
        continue;
      }
      const x = xAt(i, n, left, pw);
      const y = yLead(l, bound, top, ph);
      if (open) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
      open = true;
    }
    ctx.stroke();

    // The moves that lost the most: a dot on the line.
    ctx.fillStyle = bad;
    for (const i of d.marked) {
      if (d.leads[i] == null) continue;
      ctx.beginPath();
      ctx.arc(xAt(i, n, left, pw), yLead(d.leads[i], bound, top, ph), 4, 0, Math.PI * 2);
      ctx.fill();
    }

    // The current move.
    if (d.current >= 0) {
      const x = Math.round(xAt(d.current, n, left, pw)) + 0.5;
      ctx.strokeStyle = ink;
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 2]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + ph);
      ctx.stroke();
      ctx.setLineDash([]);
    }

    // The caption: whose point of view, and the scale.
    ctx.fillStyle = ink;
    ctx.font = `12px ${css.fontFamily || 'sans-serif'}`;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.fillText(this.h.legend(bound), left, top - 5);
  }
}
