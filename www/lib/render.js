// The board renderer: draws a *view* on a canvas and reports pointer input as board points.
// It knows nothing of the rules: the controller (the app's app/board.js, the element's
// board-element.js) decides what the view holds. Shared by the app and <tengen-board>.
//
// A view is a plain object:
//   width, height        points per row and per column
//   stones               Int8Array, row-major: 1 Black, -1 White, 0 empty
//   lastMove             [x, y] or null: a ring on that stone
//   koPoint              [x, y] or null: a small square on that empty point
//   overlay              Int8Array of OVERLAY codes, or null (the count: territory, dame, seki, dead,
//                        seki liberties, protective fills)
//   owner                Int8Array, row-major, with overlay: whom each point counts for (1, -1, 0);
//                        on a protective fill, the player who must fill it
//   ownership            Float32Array, row-major, in [-1, 1], or null: shades each point towards
//                        Black (positive) or White (negative), the stronger the nearer to 1 (an
//                        estimate); on a faded stone, a small square in the colour it leans to
//   faded                Uint8Array, row-major, or null: stones (1) to draw faded (they look dead)
//   attention            [[x, y], ...] or null: stones to point out (a warning of the count), ringed
//   ghost                { x, y, color, confirm } or null: a faded stone (confirm: the touch preview)
//   loupe                false to never magnify the touch preview; else, where lines are closer
//                        than LOUPE_BELOW CSS pixels, the preview's neighbourhood is drawn
//                        enlarged beside it, with the point's name (see paintLoupe)
//   cursor               { x, y } or null: the keyboard cursor
//   coordinates          whether to draw the coordinates around the board
//   markup               null, or the marks of a game record's node: { triangles, squares,
//                        circles, crosses, selected (SL), dimmed (DD): [[x, y], ...],
//                        labels: [{ point: [x, y], text }], lines, arrows (LN, AR):
//                        [{ from: [x, y], to: [x, y] }] } (a list left out is empty)
//   variations           null, or [{ x, y, label }]: the moves a record branches into here,
//                        lettered on their (empty) points
//   region               null, or { x0, y0, x1, y1 } (inclusive): only that part of the board
//                        is drawn and takes clicks; where it stops short of the board's edge
//                        the lines run on to the border, as in printed diagrams
//
// Colours and the font come from CSS custom properties on the canvas (inherited from the page
// or the element): --tengen-board, --tengen-board-edge, --tengen-line, --tengen-black,
// --tengen-white, --tengen-mark (cursor, touch preview, variations), --tengen-font.
//
// Geometry is computed in device pixels with a whole number of pixels between lines, so the grid
// stays sharp at any devicePixelRatio; the canvas is resized by a ResizeObserver.
//
// drawView paints a view into any 2D context of a given size, without a canvas on the page: the
// export (lib/export.js) draws PNGs with it, and SVG through a context that writes SVG elements.
// It calls the context's optional `classify(name)` before a stone's fill (so that an SVG can
// count its stones); a canvas has no such method.

export const OVERLAY = Object.freeze({
  NONE: 0, TERRITORY: 1, DAME: 2, SEKI_EYE: 3, SEKI_STONE: 4, DEAD: 5, DEAD_STAYS: 6, SEKI_LIBERTY: 7,
  PROTECTIVE_FILL: 8,
});

// Column letters as in common Go software: A-Z without I; past 25 columns, two letters.
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function columnLabel(x) {
  return x < LETTERS.length ? LETTERS[x] : LETTERS[Math.floor(x / LETTERS.length) - 1] + LETTERS[x % LETTERS.length];
}

/** Rows are numbered from the bottom, 1 up. */
export function rowLabel(y, height) {
  return String(height - y);
}

export function pointName(x, y, height) {
  return columnLabel(x) + rowLabel(y, height);
}

/** "a1:j9" (Go coordinates: column letters without I, rows from the bottom) as a region. */
export function parseRegion(text, width, height) {
  const m = /^\s*([a-hj-z])(\d{1,2})\s*[:-]\s*([a-hj-z])(\d{1,2})\s*$/i.exec(text || '');
  if (!m) return null;
  const col = (c) => LETTERS.indexOf(c.toUpperCase());
  const a = [col(m[1]), height - Number(m[2])];
  const b = [col(m[3]), height - Number(m[4])];
  if ([a[0], b[0]].some((x) => x < 0 || x >= width) || [a[1], b[1]].some((y) => y < 0 || y >= height)) return null;
  return { x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) };
}

/** Star points: the 3rd or 4th line corners, sides and centre, as on common boards. */
export function starPoints(width, height) {
  const lines = (n) => {
    if (n < 7) return [];
    const e = n >= 13 ? 3 : 2;
    const out = [e, n - 1 - e];
    if (n % 2 === 1 && (n >= 9)) out.splice(1, 0, (n - 1) / 2);
    return out;
  };
  const xs = lines(width);
  const ys = lines(height);
  const pts = [];
  for (const y of ys) for (const x of xs) {
    const middleX = width % 2 === 1 && x === (width - 1) / 2;
    const middleY = height % 2 === 1 && y === (height - 1) / 2;
    // Side stars only on boards of 15 and more; smaller boards: corners and centre.
    if ((middleX !== middleY) && (width < 15 || height < 15)) continue;
    pts.push([x, y]);
  }
  if (width === 7 && height === 7) pts.push([3, 3]);
  return pts;
}

export const DEFAULT_THEME = {
  wood: '#dcb468',
  woodEdge: '#c99e4f',
  line: '#2b2112',
  label: '#3d2f17',
  black: ['#5a5a5a', '#151515', '#000000'],
  white: ['#ffffff', '#ecebe6', '#c4c2b8'],
  whiteEdge: '#6f6a5d',
  shadow: 'rgba(40, 25, 0, 0.35)',
  // The keyboard cursor, the touch preview and warnings' rings: 5:1 against the wood (WCAG 1.4.11).
  accent: '#0b3f8f',
  ko: '#b3261e',
  dame: '#6b5a3a',
  seki: '#6b5a3a',
  variation: '#0b4fa8',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
};

/** Reads a custom property; an empty value keeps the default. */
function prop(style, name, fallback) {
  const v = style.getPropertyValue(name).trim();
  return v || fallback;
}

/** The theme in force on a canvas: the defaults with the CSS custom properties that are set. */
function readTheme(canvas) {
  const t = { ...DEFAULT_THEME };
  let style = null;
  try {
    style = getComputedStyle(canvas);
  } catch { /* not in a document */ }
  if (!style) return t;
  t.wood = prop(style, '--tengen-board', t.wood);
  t.woodEdge = prop(style, '--tengen-board-edge', t.woodEdge);
  t.line = prop(style, '--tengen-line', t.line);
  t.label = prop(style, '--tengen-line', t.label);
  t.dame = prop(style, '--tengen-line', t.dame);
  t.seki = t.dame;
  const black = prop(style, '--tengen-black', '');
  if (black) t.black = [black, black, black];
  const white = prop(style, '--tengen-white', '');
  if (white) t.white = [white, white, white];
  t.accent = prop(style, '--tengen-mark', t.accent);
  t.variation = prop(style, '--tengen-mark', t.variation);
  t.font = prop(style, '--tengen-font', t.font);
  return t;
}

let THEME = DEFAULT_THEME;

/**
 * Paints `view` into `ctx`, a 2D context (a canvas's or any object with its methods), for a
 * surface of `width` x `height` CSS pixels at `scale` device pixels each, in `theme` (default:
 * the screen's), shifted by `origin` ([x, y] device pixels: that point is drawn at the corner).
 * Returns the geometry used (BoardRenderer's layout), or null when too small.
 */
/** The geometry drawView would use (BoardRenderer's layout: `box` is the board's edge), or null. */
export function viewLayout(view, { width, height, scale = 1 }) {
  const r = Object.create(BoardRenderer.prototype);
  Object.assign(r, { cssWidth: width, canvas: { width: Math.round(width * scale), height: Math.round(height * scale) }, cssHeight: height });
  return r.layout(view);
}

export function drawView(ctx, view, { width, height, scale = 1, theme = DEFAULT_THEME, origin = null }) {
  const r = Object.create(BoardRenderer.prototype);
  Object.assign(r, {
    ctx, view, theme, origin, cssWidth: width, cssHeight: height, loupe: null,
    canvas: { width: Math.round(width * scale), height: Math.round(height * scale), style: {} },
  });
  r.paint();
  return r.geo;
}

/** The part of the board a view shows: its region, or the whole board. */
export function shownRegion(v) {
  const r = v.region;
  if (!r) return { x0: 0, y0: 0, x1: v.width - 1, y1: v.height - 1 };
  const clamp = (n, max) => Math.max(0, Math.min(max, n));
  const x0 = clamp(Math.min(r.x0, r.x1), v.width - 1);
  const x1 = clamp(Math.max(r.x0, r.x1), v.width - 1);
  const y0 = clamp(Math.min(r.y0, r.y1), v.height - 1);
  const y1 = clamp(Math.max(r.y0, r.y1), v.height - 1);
  return { x0, y0, x1, y1 };
}

/** Line spacing (CSS pixels) under which the touch preview is magnified: a fingertip is wider. */
export const LOUPE_BELOW = 30;

export class BoardRenderer {
  /**
   * Reports: 'click' (a tap on the magnifier is a click on the point it shows), 'hover' and
   * 'leave' (mouse and pen), 'drag' (a finger sliding over the board while the touch preview
   * shows; the click that ends such a slide is not reported).
   * @param {HTMLCanvasElement} canvas its CSS size is set from outside (the page's layout)
   * @param {{ onPoint?: (e: { type: 'click'|'hover'|'leave'|'drag', x?: number, y?: number, pointerType: string }) => void }} opts
   */
  constructor(canvas, { onPoint = () => {} } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.onPoint = onPoint;
    this.view = null;
    this.geo = null;
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.pointerType = 'mouse';
    this.loupe = null; // { x, y, r } in CSS pixels while the magnifier shows
    this.slid = false; // the current touch slid from the point it went down on
    this.frame = 0;
    this.listen();
    this.observe();
  }

  /** Draws the view now (callers batch with requestAnimationFrame). */
  draw(view) {
    this.view = view;
    this.paint();
  }

  /** The centre of point (x, y) in CSS pixels from the canvas's top-left corner. */
  pointCenter(x, y) {
    const g = this.geo;
    if (!g) return null;
    return { x: (g.ox + x * g.cell) / g.scale, y: (g.oy + y * g.cell) / g.scale };
  }

  /** The board point under (cssX, cssY), CSS pixels from the canvas's corner, or null. */
  pointAt(cssX, cssY) {
    const g = this.geo;
    const v = this.view;
    if (!g || !v) return null;
    const x = Math.round((cssX * g.scale - g.ox) / g.cell);
    const y = Math.round((cssY * g.scale - g.oy) / g.cell);
    const r = shownRegion(v);
    if (x < r.x0 || y < r.y0 || x > r.x1 || y > r.y1) return null;
    return { x, y };
  }

  listen() {
    const c = this.canvas;
    const at = (e) => {
      const r = c.getBoundingClientRect();
      // Round: borders and fractional layout shift offsets by sub-pixels.
      return this.pointAt(Math.round(e.clientX - r.left), Math.round(e.clientY - r.top));
    };
    let down = null; // the point a touch went down on
    c.addEventListener('pointerdown', (e) => {
      this.pointerType = e.pointerType || 'mouse';
      this.slid = false;
      down = at(e);
    });
    c.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'touch') {
        // A finger sliding while the preview shows moves the preview (the magnifier follows).
        const p = e.buttons || e.pressure ? at(e) : null;
        if (!p || !this.view?.ghost?.confirm || this.inLoupe(e)) return;
        if (!this.slid && p.x === down?.x && p.y === down?.y) return;
        this.slid = true;
        this.onPoint({ type: 'drag', ...p, pointerType: 'touch' });
        return;
      }
      const p = at(e);
      this.onPoint(p ? { type: 'hover', ...p, pointerType: e.pointerType } : { type: 'leave', pointerType: e.pointerType });
    });
    c.addEventListener('pointerleave', (e) => this.onPoint({ type: 'leave', pointerType: e.pointerType }));
    c.addEventListener('click', (e) => {
      const type = e.pointerType || this.pointerType;
      if (this.slid) {
        this.slid = false;
        return;
      }
      // On the magnifier, its enlarged preview stone stands for the previewed point (a second
      // tap there places); the rest of the disc is the board under it, so a tap meant for a
      // point the disc covers moves the preview there instead of placing at the old point.
      const ghost = this.view?.ghost;
      const p = ghost && this.onLoupeStone(e) ? { x: ghost.x, y: ghost.y } : at(e);
      if (p) this.onPoint({ type: 'click', ...p, pointerType: type });
    });
  }

  /** How far a pointer event falls from the magnifier's centre, in CSS pixels (Infinity: none). */
  loupeDistance(e) {
    const l = this.loupe;
    if (!l) return Infinity;
    const r = this.canvas.getBoundingClientRect();
    return Math.hypot(e.clientX - r.left - l.x, e.clientY - r.top - l.y);
  }

  /** Whether a pointer event falls on the magnifier. */
  inLoupe(e) {
    return this.loupeDistance(e) <= (this.loupe?.r ?? -1);
  }

  /** Whether a pointer event falls on the magnifier's enlarged preview stone (its centre cell). */
  onLoupeStone(e) {
    return this.loupeDistance(e) <= (this.loupe?.cell ?? -1) * 0.6;
  }

  observe() {
    // Printing restyles the board (black on white, as pages' print styles set the colours): the
    // canvas is drawn again whenever the print media starts or stops applying.
    globalThis.matchMedia?.('print').addEventListener('change', () => this.paint());
    const apply = (cssW, cssH, devW, devH) => {
      this.cssWidth = cssW;
      this.cssHeight = cssH;
      if (this.canvas.width !== devW) this.canvas.width = devW;
      if (this.canvas.height !== devH) this.canvas.height = devH;
      this.paint(); // now, in the same frame: resizing clears the canvas
    };
    if (typeof ResizeObserver === 'undefined') {
      const f = () => {
        const r = this.canvas.getBoundingClientRect();
        const dpr = window.devicePixelRatio || 1;
        apply(r.width, r.height, Math.round(r.width * dpr), Math.round(r.height * dpr));
      };
      window.addEventListener('resize', f);
      f();
      return;
    }
    this.observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const css = entry.contentBoxSize?.[0];
        const cssW = css ? css.inlineSize : entry.contentRect.width;
        const cssH = css ? css.blockSize : entry.contentRect.height;
        // The exact device-pixel size when the browser gives one that agrees with the ratio
        // (emulated ratios, as in devtools, may report CSS pixels there).
        const dev = entry.devicePixelContentBoxSize?.[0];
        const dpr = window.devicePixelRatio || 1;
        const near = (d, c) => (d && Math.abs(d - c * dpr) <= 1 ? d : Math.round(c * dpr));
        apply(cssW, cssH, near(dev?.inlineSize, cssW), near(dev?.blockSize, cssH));
      }
    });
    try {
      this.observer.observe(this.canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.observer.observe(this.canvas);
    }
  }

  layout(v) {
    const W = this.canvas.width;
    const H = this.canvas.height;
    if (!W || !H || !this.cssWidth) return null;
    const scale = W / this.cssWidth;
    const r = shownRegion(v);
    const cols = r.x1 - r.x0 + 1;
    const rows = r.y1 - r.y0 + 1;
    const cssMin = Math.min(this.cssWidth / cols, this.cssHeight / rows);
    // Coordinates when a cell is big enough to hold a readable label.
    const labels = v.coordinates !== false && cssMin >= 11;
    const fontCss = Math.max(8, Math.min(15, cssMin * 0.42));
    const labelCss = labels ? Math.max(fontCss * (v.width > 25 ? 2.1 : 1.7), cssMin * 0.4) : 0;
    const L = labelCss * scale;
    // A stone overhangs the outer line by half a cell, plus a small margin.
    const cell = Math.max(2, Math.floor(Math.min((W - 2 * L) / (cols + 0.1), (H - 2 * L) / (rows + 0.1))));
    const lw = Math.max(1, Math.round(scale * 0.9));
    // ox, oy: where point (0, 0) would be, so that point (x, y) is at ox + x * cell for any region.
    const ox = Math.round((W - (cols - 1) * cell) / 2) - r.x0 * cell;
    const oy = Math.round((H - (rows - 1) * cell) / 2) - r.y0 * cell;
    // The board's edge: the grid area plus the stone overhang, and the labels' frame.
    const pad = Math.round(cell * 0.55);
    const box = {
      x0: ox + r.x0 * cell - pad - L, y0: oy + r.y0 * cell - pad - L,
      x1: ox + r.x1 * cell + pad + L, y1: oy + r.y1 * cell + pad + L,
    };
    return { W, H, scale, cell, lw, ox, oy, labels, font: Math.round(fontCss * scale), L, r, box };
  }

  paint() {
    const v = this.view;
    const ctx = this.ctx;
    if (!v) return;
    const g = this.geo = this.layout(v);
    if (!g) return;
    const { W, H, cell, lw, ox, oy, r } = g;
    THEME = this.theme ?? readTheme(this.canvas);
    // origin: drawView's shift of the drawing (an export cut to the board's edge).
    const [tx, ty] = this.origin ?? [0, 0];
    ctx.setTransform(1, 0, 0, 1, -tx, -ty);
    ctx.clearRect(tx, ty, W, H);

    // The wooden board: the grid area (of the region shown) plus the stone overhang, and the
    // labels' frame.
    const { x0: bx0, y0: by0, x1: bx1, y1: by1 } = g.box;
    ctx.fillStyle = THEME.wood;
    roundRect(ctx, bx0, by0, bx1 - bx0, by1 - by0, Math.round(4 * g.scale));
    ctx.fill();
    ctx.strokeStyle = THEME.woodEdge;
    ctx.lineWidth = lw;
    ctx.stroke();
    if (g.labels) this.paintLabels(v, g);
    // Everything else stays inside the region's part of the board.
    ctx.save();
    ctx.beginPath();
    ctx.rect(bx0 + g.L, by0 + g.L, bx1 - bx0 - 2 * g.L, by1 - by0 - 2 * g.L);
    ctx.clip();
    // The estimate's shading, under the lines so that they stay sharp.
    if (v.ownership) this.paintOwnership(v, g);

    // Grid lines on whole (or half, for odd widths) device pixels.
    const crisp = (p, w) => (w % 2 === 1 ? Math.round(p) + 0.5 : Math.round(p));
    ctx.strokeStyle = THEME.line;
    ctx.lineWidth = lw;
    ctx.beginPath();
    const xEnd = ox + (v.width - 1) * cell;
    const yEnd = oy + (v.height - 1) * cell;
    for (let x = 0; x < v.width; x++) {
      const px = crisp(ox + x * cell, lw);
      ctx.moveTo(px, crisp(oy, lw));
      ctx.lineTo(px, crisp(yEnd, lw));
    }
    for (let y = 0; y < v.height; y++) {
      const py = crisp(oy + y * cell, lw);
      ctx.moveTo(crisp(ox, lw), py);
      ctx.lineTo(crisp(xEnd, lw), py);
    }
    ctx.stroke();
    // A heavier frame, as on real boards.
    const fw = lw * 2;
    ctx.lineWidth = fw;
    ctx.strokeRect(crisp(ox, fw), crisp(oy, fw), crisp(xEnd, fw) - crisp(ox, fw), crisp(yEnd, fw) - crisp(oy, fw));

    ctx.fillStyle = THEME.line;
    const star = Math.max(1.5 * g.scale, cell * 0.09);
    for (const [x, y] of starPoints(v.width, v.height)) {
      ctx.beginPath();
      ctx.arc(ox + x * cell, oy + y * cell, star, 0, Math.PI * 2);
      ctx.fill();
    }

    const R = cell * 0.48;
    const at = (x, y) => [ox + x * cell, oy + y * cell];
    const m = v.markup;
    // Dimmed points (DD): an empty one is veiled in the board's colour (its lines show faint), a
    // stone is drawn faded.
    const dimmed = new Set((m?.dimmed || []).map(([x, y]) => y * v.width + x));
    ctx.save();
    ctx.globalAlpha = 0.6;
    ctx.fillStyle = THEME.wood;
    for (const i of dimmed) {
      const [cx, cy] = at(i % v.width, Math.floor(i / v.width));
      ctx.fillRect(cx - cell / 2, cy - cell / 2, cell, cell);
    }
    ctx.restore();

    // Stones, with a dead stone faded; shadows first so no shadow falls over a neighbour.
    for (let pass = 0; pass < 2; pass++) {
      for (let y = 0; y < v.height; y++) {
        for (let x = 0; x < v.width; x++) {
          const i = y * v.width + x;
          const s = v.stones[i];
          if (!s) continue;
          const ov = v.overlay ? v.overlay[i] : 0;
          const dead = ov === OVERLAY.DEAD || ov === OVERLAY.DEAD_STAYS || (v.faded ? v.faded[i] === 1 : false) || dimmed.has(i);
          const [cx, cy] = at(x, y);
          if (pass === 0) {
            if (!dead && cell >= 8 && THEME.shadow) {
              ctx.fillStyle = THEME.shadow;
              ctx.beginPath();
              ctx.arc(cx + cell * 0.05, cy + cell * 0.07, R, 0, Math.PI * 2);
              ctx.fill();
            }
          } else {
            drawStone(ctx, cx, cy, R, s, dead ? 0.45 : 1, g.scale);
          }
        }
      }
    }

    if (v.overlay) this.paintOverlay(v, g, R);
    if (v.ownership && v.faded) {
      // A faded stone carries a small square in the colour its point leans to, as a dead stone
      // in the count does.
      const sq = Math.max(3, Math.round(cell * 0.34));
      for (let i = 0; i < v.faded.length; i++) {
        const o = v.ownership[i];
        if (v.faded[i] !== 1 || !v.stones[i] || !o) continue;
        const [cx, cy] = at(i % v.width, Math.floor(i / v.width));
        square(ctx, cx, cy, sq, Math.sign(o), g.scale);
      }
    }

    if (v.attention) {
      ctx.lineWidth = Math.max(2 * g.scale, cell * 0.06);
      ctx.strokeStyle = THEME.accent;
      ctx.setLineDash([Math.max(3, cell * 0.12), Math.max(2, cell * 0.07)]);
      for (const [x, y] of v.attention) {
        const [cx, cy] = at(x, y);
        ctx.beginPath();
        ctx.arc(cx, cy, R + ctx.lineWidth * 0.5, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }

    if (v.koPoint) {
      const [cx, cy] = at(v.koPoint[0], v.koPoint[1]);
      const k = Math.round(cell * 0.36);
      ctx.lineWidth = Math.max(lw * 1.5, cell * 0.07);
      ctx.strokeStyle = THEME.ko;
      ctx.strokeRect(cx - k / 2, cy - k / 2, k, k);
    }

    const marked = markedPoints(v);
    if (v.lastMove && !marked.has(v.lastMove[1] * v.width + v.lastMove[0])) {
      const [x, y] = v.lastMove;
      const s = v.stones[y * v.width + x];
      if (s) {
        const [cx, cy] = at(x, y);
        ctx.lineWidth = Math.max(lw * 1.5, cell * 0.075);
        ctx.strokeStyle = s > 0 ? '#ffffff' : '#000000';
        ctx.beginPath();
        ctx.arc(cx, cy, R * 0.48, 0, Math.PI * 2);
        ctx.stroke();
      }
    }

    if (v.variations) this.paintVariations(v, g, R);
    if (m) {
      this.paintMarkup(v, g, R);
      this.paintSelected(v, g);
      this.paintLines(v, g);
    }

    if (v.ghost) {
      const { x, y, color, confirm } = v.ghost;
      const [cx, cy] = at(x, y);
      drawStone(ctx, cx, cy, R, color, confirm ? 0.7 : 0.5, g.scale, 'ghost');
      if (confirm) {
        ctx.lineWidth = Math.max(2 * g.scale, cell * 0.08);
        ctx.strokeStyle = THEME.accent;
        ctx.setLineDash([Math.max(3, cell * 0.16), Math.max(2, cell * 0.1)]);
        ctx.beginPath();
        ctx.arc(cx, cy, R + ctx.lineWidth, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }

    if (v.cursor) {
      const [cx, cy] = at(v.cursor.x, v.cursor.y);
      const h = cell * 0.5;
      const arm = cell * 0.22;
      ctx.lineWidth = Math.max(2 * g.scale, cell * 0.08);
      ctx.strokeStyle = THEME.accent;
      ctx.beginPath();
      for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        const px = cx + sx * h;
        const py = cy + sy * h;
        ctx.moveTo(px - sx * arm, py);
        ctx.lineTo(px, py);
        ctx.lineTo(px, py - sy * arm);
      }
      ctx.stroke();
    }
    ctx.restore();

    this.loupe = null;
    if (v.ghost?.confirm && v.loupe !== false && cell < LOUPE_BELOW * g.scale) this.paintLoupe(v, g);
    // While the magnifier shows, a finger slides the preview instead of scrolling the page.
    const action = this.loupe ? 'none' : '';
    if (this.canvas.style.touchAction !== action) this.canvas.style.touchAction = action;
  }

  /**
   * The magnifier of the touch preview: the preview and the lines around it, enlarged to at
   * least 40 CSS pixels between lines, in a disc beside the point (above it first: the finger is
   * below the eye), with the point's name. Copied from what was just drawn, so it shows exactly
   * the board as it is.
   */
  paintLoupe(v, g) {
    const { W, H, cell, scale } = g;
    const ctx = this.ctx;
    const px = g.ox + v.ghost.x * cell;
    const py = g.oy + v.ghost.y * cell;
    const zoom = Math.max(1.5, (40 * scale) / cell);
    const r = Math.min(1.7 * cell * zoom, Math.min(W, H) * 0.3);
    const src = r / zoom;
    const m = 4 * scale;
    const fits = ([x, y]) => x - r >= m && y - r >= m && x + r <= W - m && y + r <= H - m;
    const d = r + src + cell * 0.3;
    const spots = [[px, py - d], [px - d, py], [px + d, py], [px, py + d]];
    // Else the corner farthest from the point (only a board far wider than high has no room
    // beside the point: the disc is at most 0.3 of its height).
    const corner = [px < W / 2 ? W - r - m : r + m, py < H / 2 ? H - r - m : r + m];
    const [cx, cy] = spots.find(fits) || corner;

    // The neighbourhood, clipped to the canvas, into a scratch canvas of its own.
    const size = Math.ceil(2 * src);
    const off = (this.scratch ??= document.createElement('canvas'));
    off.width = size;
    off.height = size;
    const o = off.getContext('2d');
    o.fillStyle = THEME.wood;
    o.fillRect(0, 0, size, size);
    const sx = Math.max(0, Math.round(px - src));
    const sy = Math.max(0, Math.round(py - src));
    const sw = Math.min(W, Math.round(px + src)) - sx;
    const sh = Math.min(H, Math.round(py + src)) - sy;
    if (sw > 0 && sh > 0) o.drawImage(this.canvas, sx, sy, sw, sh, sx - (px - src), sy - (py - src), sw, sh);

    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.shadowColor = 'rgba(0, 0, 0, 0.45)';
    ctx.shadowBlur = 8 * scale;
    ctx.fillStyle = THEME.wood;
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.clip();
    ctx.drawImage(off, 0, 0, size, size, cx - r, cy - r, 2 * r, 2 * r);
    // The point's name, on a label at the bottom of the disc.
    const name = pointName(v.ghost.x, v.ghost.y, v.height);
    const font = Math.round(14 * scale);
    ctx.font = `700 ${font}px ${THEME.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const tw = ctx.measureText(name).width + font;
    const ty = cy + r - font * 1.1;
    ctx.fillStyle = 'rgba(0, 0, 0, 0.75)'; // white on near-black, whatever the theme
    roundRect(ctx, cx - tw / 2, ty - font * 0.7, tw, font * 1.4, font * 0.7);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(name, cx, ty);
    ctx.restore();
    ctx.lineWidth = Math.max(2, 3 * scale);
    ctx.strokeStyle = THEME.accent;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.stroke();
    // cell: the enlarged distance between lines, the size of the preview stone in the disc.
    this.loupe = { x: cx / scale, y: cy / scale, r: r / scale, cell: (cell * zoom) / scale };
  }

  paintLabels(v, g) {
    const ctx = this.ctx;
    ctx.fillStyle = THEME.label;
    ctx.font = `600 ${g.font}px ${THEME.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const pad = Math.round(g.cell * 0.55);
    const { r } = g;
    const top = g.oy + r.y0 * g.cell - pad - g.L / 2;
    const bottom = g.oy + r.y1 * g.cell + pad + g.L / 2;
    const left = g.ox + r.x0 * g.cell - pad - g.L / 2;
    const right = g.ox + r.x1 * g.cell + pad + g.L / 2;
    for (let x = r.x0; x <= r.x1; x++) {
      const px = g.ox + x * g.cell;
      const s = columnLabel(x);
      ctx.fillText(s, px, top);
      ctx.fillText(s, px, bottom);
    }
    for (let y = r.y0; y <= r.y1; y++) {
      const py = g.oy + y * g.cell;
      const s = rowLabel(y, v.height);
      ctx.fillText(s, left, py);
      ctx.fillText(s, right, py);
    }
  }

  /**
   * The ownership shading: a tile of one cell per point, dark towards Black and light towards
   * White; nothing below a small share, then more opaque the nearer to 1 (the tiles of a region
   * join into one tint).
   */
  paintOwnership(v, g) {
    const ctx = this.ctx;
    const { cell, ox, oy } = g;
    const half = cell / 2;
    for (let y = 0; y < v.height; y++) {
      for (let x = 0; x < v.width; x++) {
        const o = v.ownership[y * v.width + x];
        const a = ownershipAlpha(o);
        if (!a) continue;
        ctx.fillStyle = o > 0 ? `rgba(20, 16, 10, ${(a * 0.62).toFixed(3)})` : `rgba(255, 255, 252, ${(a * 0.78).toFixed(3)})`;
        // Whole device pixels, so that neighbouring tiles neither overlap nor leave a seam.
        const x0 = Math.round(ox + x * cell - half);
        const y0 = Math.round(oy + y * cell - half);
        ctx.fillRect(x0, y0, Math.round(ox + x * cell + half) - x0, Math.round(oy + y * cell + half) - y0);
      }
    }
  }

  /**
   * Triangles, squares, circles, crosses and labels: black on empty points and white stones, white
   * on black ones. On a point that also has a label (a move number), the mark is drawn larger, so
   * that it rings the label rather than runs through it, and the label keeps a halo over it.
   */
  paintMarkup(v, g, R) {
    const ctx = this.ctx;
    const { cell, ox, oy } = g;
    const m = v.markup;
    const ink = (x, y) => (v.stones[y * v.width + x] > 0 ? '#ffffff' : '#000000');
    ctx.lineWidth = Math.max(1.5 * g.scale, cell * 0.07);
    ctx.lineJoin = 'round';
    const labelled = new Set((m.labels || []).map((l) => `${l.point}`));
    const marked = new Set();
    const each = (list, draw) => {
      for (const p of list || []) {
        marked.add(`${p}`);
        ctx.strokeStyle = ink(...p);
        ctx.beginPath();
        draw(ox + p[0] * cell, oy + p[1] * cell, R * (labelled.has(`${p}`) ? 0.9 : 0.52));
        ctx.stroke();
      }
    };
    each(m.triangles, (cx, cy, a) => {
      ctx.moveTo(cx, cy - a);
      ctx.lineTo(cx + a * 0.87, cy + a * 0.5);
      ctx.lineTo(cx - a * 0.87, cy + a * 0.5);
      ctx.closePath();
    });
    each(m.squares, (cx, cy, a) => ctx.rect(cx - a * 0.75, cy - a * 0.75, a * 1.5, a * 1.5));
    each(m.circles, (cx, cy, a) => ctx.arc(cx, cy, a * 0.8, 0, Math.PI * 2));
    each(m.crosses, (cx, cy, a) => cross(ctx, cx, cy, a * 0.65));
    for (const { point, text } of m.labels || []) {
      this.paintLabel(v, g, R, ...point, text, ink(...point), marked.has(`${point}`));
    }
  }

  /**
   * Selected points (SL): the point's cell tinted in the accent colour and framed, the frame
   * just outside the stone, so that it shows on either colour.
   */
  paintSelected(v, g) {
    const ctx = this.ctx;
    const { cell } = g;
    const w = Math.max(1.5 * g.scale, cell * 0.06);
    const a = cell / 2 - w / 2;
    for (const [x, y] of v.markup.selected || []) {
      const cx = g.ox + x * cell;
      const cy = g.oy + y * cell;
      ctx.save();
      ctx.globalAlpha = 0.25;
      ctx.fillStyle = THEME.accent;
      ctx.fillRect(cx - a, cy - a, 2 * a, 2 * a);
      ctx.restore();
      ctx.lineWidth = w;
      ctx.strokeStyle = THEME.accent;
      ctx.strokeRect(cx - a, cy - a, 2 * a, 2 * a);
    }
  }

  /**
   * Lines (LN) and arrows (AR, a head at `to`) from centre to centre: black over a halo of the
   * board's colour, which keeps them readable across stones of either colour.
   */
  paintLines(v, g) {
    const ctx = this.ctx;
    const { cell } = g;
    const core = Math.max(1.5 * g.scale, cell * 0.06);
    const halo = core + 2 * Math.max(g.scale, cell * 0.025);
    const segments = [
      ...(v.markup.lines || []).map((l) => [l, false]),
      ...(v.markup.arrows || []).map((l) => [l, true]),
    ];
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const [{ from, to }, arrow] of segments) {
      const x0 = g.ox + from[0] * cell;
      const y0 = g.oy + from[1] * cell;
      const x1 = g.ox + to[0] * cell;
      const y1 = g.oy + to[1] * cell;
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (!len) continue;
      const ux = (x1 - x0) / len;
      const uy = (y1 - y0) / len;
      const head = Math.min(cell * 0.4, len * 0.6);
      const bx = arrow ? x1 - ux * head : x1;
      const by = arrow ? y1 - uy * head : y1;
      const wing = head * 0.5;
      const outline = () => {
        ctx.beginPath();
        ctx.moveTo(x0, y0);
        ctx.lineTo(bx, by);
        if (arrow) {
          ctx.moveTo(x1, y1);
          ctx.lineTo(bx - uy * wing, by + ux * wing);
          ctx.lineTo(bx + uy * wing, by - ux * wing);
          ctx.closePath();
        }
      };
      for (const [width, colour] of [[halo, THEME.wood], [core, THEME.line]]) {
        ctx.lineWidth = width;
        ctx.strokeStyle = colour;
        ctx.fillStyle = colour;
        outline();
        ctx.stroke();
        if (arrow) ctx.fill();
      }
    }
    ctx.lineCap = 'butt';
  }

  /**
   * A short text on a point; on an empty point a disc of wood hides the lines behind it. Over a
   * mark (`halo`), the text has a halo of what it stands on (the stone's colour, or the wood),
   * which cuts the mark's lines away from its strokes.
   */
  paintLabel(v, g, R, x, y, text, color, halo) {
    const ctx = this.ctx;
    const cx = g.ox + x * g.cell;
    const cy = g.oy + y * g.cell;
    const s = v.stones[y * v.width + x];
    if (!s) {
      ctx.fillStyle = THEME.wood;
      ctx.beginPath();
      ctx.arc(cx, cy, R * 0.8, 0, Math.PI * 2);
      ctx.fill();
    }
    const chars = Array.from(text);
    const t = chars.length > 3 ? `${chars.slice(0, 3).join('')}…` : text;
    const n = Math.min(chars.length, 4);
    const size = Math.round(g.cell * (n > 2 ? 0.36 : n > 1 ? 0.46 : 0.56));
    ctx.font = `600 ${size}px ${THEME.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    if (halo) {
      ctx.lineWidth = size * 0.25;
      ctx.strokeStyle = s ? (s > 0 ? THEME.black : THEME.white)[1] : THEME.wood;
      ctx.strokeText(t, cx, cy + size * 0.05);
    }
    ctx.fillStyle = color;
    ctx.fillText(t, cx, cy + size * 0.05);
  }

  /** The variations of a record at this node: their letters on empty points, in a ring. */
  paintVariations(v, g, R) {
    const ctx = this.ctx;
    for (const { x, y, label } of v.variations) {
      if (v.stones[y * v.width + x]) continue;
      const cx = g.ox + x * g.cell;
      const cy = g.oy + y * g.cell;
      this.paintLabel(v, g, R, x, y, label, THEME.variation);
      ctx.strokeStyle = THEME.variation;
      ctx.lineWidth = Math.max(1.5 * g.scale, g.cell * 0.05);
      ctx.beginPath();
      ctx.arc(cx, cy, R * 0.8, 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  paintOverlay(v, g, R) {
    const ctx = this.ctx;
    const { cell, ox, oy } = g;
    const sq = Math.max(3, Math.round(cell * 0.34));
    for (let y = 0; y < v.height; y++) {
      for (let x = 0; x < v.width; x++) {
        const i = y * v.width + x;
        const kind = v.overlay[i];
        if (!kind || kind === OVERLAY.NONE) continue;
        const cx = ox + x * cell;
        const cy = oy + y * cell;
        const owner = v.owner ? v.owner[i] : 0;
        ctx.lineWidth = Math.max(1.5 * g.scale, cell * 0.07);
        switch (kind) {
          case OVERLAY.TERRITORY:
            if (owner) square(ctx, cx, cy, sq, owner, g.scale);
            break;
          case OVERLAY.DAME:
            ctx.strokeStyle = THEME.dame;
            ctx.beginPath();
            cross(ctx, cx, cy, cell * 0.14);
            ctx.stroke();
            break;
          case OVERLAY.DEAD:
          case OVERLAY.DEAD_STAYS: {
            // A dead stone, faded, keeps its whole rim (so that it reads as a stone, not as a
            // territory mark) and is crossed out in the colour that shows on it; in red where it
            // stays on the board and counts for nobody.
            const black = v.stones[i] > 0;
            ctx.strokeStyle = black ? '#000' : THEME.whiteEdge;
            ctx.beginPath();
            ctx.arc(cx, cy, R * 0.93, 0, 7); // 7 radians: the whole circle
            ctx.stroke();
            ctx.strokeStyle = kind === OVERLAY.DEAD ? (black ? '#fff' : '#000') : THEME.ko;
            ctx.beginPath();
            cross(ctx, cx, cy, R * 0.42);
            ctx.stroke();
            break;
          }
          case OVERLAY.SEKI_EYE:
            ctx.strokeStyle = THEME.seki;
            ctx.lineWidth = Math.max(1.5 * g.scale, cell * 0.06);
            ctx.strokeRect(cx - sq / 2, cy - sq / 2, sq, sq);
            break;
          case OVERLAY.SEKI_LIBERTY:
            // A dame nobody can fill: the dame's cross inside the box of a seki eye.
            ctx.strokeStyle = THEME.seki;
            ctx.lineWidth = Math.max(1.5 * g.scale, cell * 0.06);
            ctx.strokeRect(cx - sq / 2, cy - sq / 2, sq, sq);
            ctx.beginPath();
            cross(ctx, cx, cy, sq * 0.28);
            ctx.stroke();
            break;
          case OVERLAY.PROTECTIVE_FILL: {
            // A point its owner must fill to keep a chain: a ring in the owner's colour, where
            // that stone will go, edged in the other colour so that it shows on the wood, with
            // no grid lines inside.
            const w = Math.max(2 * g.scale, cell * 0.09);
            ctx.beginPath();
            ctx.arc(cx, cy, R * 0.4, 0, Math.PI * 2);
            ctx.fillStyle = THEME.wood;
            ctx.fill();
            ctx.lineWidth = w + 2 * Math.max(1, Math.round(g.scale));
            ctx.strokeStyle = owner > 0 ? '#f5f5f5' : owner < 0 ? '#222222' : THEME.wood;
            ctx.stroke();
            ctx.lineWidth = w;
            ctx.strokeStyle = owner > 0 ? '#111111' : owner < 0 ? '#fafafa' : THEME.dame;
            ctx.stroke();
            break;
          }
          case OVERLAY.SEKI_STONE: {
            const s = v.stones[i];
            ctx.strokeStyle = s > 0 ? 'rgba(255,255,255,0.85)' : 'rgba(0,0,0,0.7)';
            ctx.lineWidth = Math.max(1.5 * g.scale, cell * 0.06);
            const a = R * 0.45;
            ctx.beginPath();
            ctx.moveTo(cx, cy - a);
            ctx.lineTo(cx + a * 0.87, cy + a * 0.5);
            ctx.lineTo(cx - a * 0.87, cy + a * 0.5);
            ctx.closePath();
            ctx.stroke();
            break;
          }
          default:
            break;
        }
      }
    }
  }
}

/** The strength of an ownership shade, 0 to 1: none up to 0.15, full from 0.9. */
export function ownershipAlpha(o) {
  const m = Math.abs(o);
  if (!(m > 0.15)) return 0;
  return Math.min(1, (m - 0.15) / 0.75);
}

/** Row-major indices of the points that carry markup. */
function markedPoints(v) {
  const out = new Set();
  const m = v.markup;
  if (!m) return out;
  for (const list of [m.triangles, m.squares, m.circles, m.crosses]) {
    for (const [x, y] of list || []) out.add(y * v.width + x);
  }
  for (const l of m.labels || []) out.add(l.point[1] * v.width + l.point[0]);
  return out;
}

/** A stone; `kind` names it for a context that keeps names (an SVG's class). */
function drawStone(ctx, cx, cy, r, color, alpha, scale, kind = 'stone') {
  ctx.save();
  ctx.globalAlpha = alpha;
  const c = color > 0 ? THEME.black : THEME.white;
  if (c[0] === c[2]) {
    ctx.fillStyle = c[0]; // flat (the print theme): no gradient
  } else {
    const grad = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
    grad.addColorStop(0, c[0]);
    grad.addColorStop(0.55, c[1]);
    grad.addColorStop(1, c[2]);
    ctx.fillStyle = grad;
  }
  ctx.classify?.(`${kind} ${color > 0 ? 'black' : 'white'}`);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  if (color < 0) {
    ctx.lineWidth = Math.max(1, scale * 0.75);
    ctx.strokeStyle = THEME.whiteEdge;
    ctx.stroke();
  }
  ctx.restore();
}

/** Adds an X of half-width `a` centred on (cx, cy) to the current path. */
function cross(ctx, cx, cy, a) {
  ctx.moveTo(cx - a, cy - a); ctx.lineTo(cx + a, cy + a);
  ctx.moveTo(cx + a, cy - a); ctx.lineTo(cx - a, cy + a);
}

function square(ctx, cx, cy, size, owner, scale) {
  const x = Math.round(cx - size / 2);
  const y = Math.round(cy - size / 2);
  ctx.fillStyle = owner > 0 ? '#111111' : '#fafafa';
  ctx.fillRect(x, y, size, size);
  ctx.lineWidth = Math.max(1, Math.round(scale));
  ctx.strokeStyle = owner > 0 ? '#f5f5f5' : '#222222';
  ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (ctx.roundRect) {
    ctx.roundRect(x, y, w, h, r);
  } else {
    ctx.rect(x, y, w, h);
  }
}
