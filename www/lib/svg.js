// A 2D context that writes SVG: the part of CanvasRenderingContext2D that the board renderer
// (lib/render.js) uses, recorded as SVG elements, so that the same drawing code makes the
// screen's canvas, the PNG export and the SVG export (lib/export.js). No DOM: it runs in Node.
//
//   const ctx = new SvgContext(); ctx.fontFamily = 'sans-serif';   // (optional) the text's font
//   drawView(ctx, view, { width, height, scale });   // or any drawing on ctx
//   ctx.toSvg({ viewBox: [x, y, w, h], width: '288pt', height: '300pt' })  -> a standalone SVG
//
// Paths become <path> (a lone full circle a <circle>); a fill followed by a stroke of the same
// path is one element with both. fillRect and strokeRect become <rect>, text <text>, clip() a
// <clipPath> over what follows until the matching restore(). Gradients are drawn flat in their
// middle colour; shadows are left out. `classify(name)` puts a class on the next element.

const fmt = (n) => String(Math.round(n * 100) / 100);

/** Text and attribute values with XML's special characters escaped. */
export function escapeXml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

let documents = 0;

const STYLE = ['fillStyle', 'strokeStyle', 'lineWidth', 'lineCap', 'lineJoin', 'font', 'textAlign', 'textBaseline', 'globalAlpha', 'dash'];

export class SvgContext {
  constructor() {
    this.fillStyle = '#000000';
    this.strokeStyle = '#000000';
    this.lineWidth = 1;
    this.lineCap = 'butt';
    this.lineJoin = 'miter';
    this.font = '10px sans-serif';
    this.textAlign = 'start';
    this.textBaseline = 'alphabetic';
    this.globalAlpha = 1;
    this.dash = [];
    this.shadowColor = 'transparent';
    this.shadowBlur = 0;
    this.items = []; // [{ tag, attrs, text?, path? }] or '</g>'
    this.defs = [];
    this.stack = [];
    this.groups = 0; // groups opened by clip() since the last save()
    this.nextClass = null;
    this.doc = ++documents;
    this.fontFamily = null; // the font said once on the <svg> (toSvg), not on each text
    this.beginPath();
  }

  // ---- state -------------------------------------------------------------------------------

  save() {
    const s = {};
    for (const k of STYLE) s[k] = this[k];
    this.stack.push({ s, groups: this.groups });
    this.groups = 0;
  }

  restore() {
    const top = this.stack.pop();
    if (!top) return;
    for (let i = 0; i < this.groups; i++) this.items.push('</g>');
    Object.assign(this, top.s);
    this.groups = top.groups;
  }

  setLineDash(a) {
    this.dash = [...a];
  }

  setTransform() {}

  clearRect() {}

  classify(name) {
    this.nextClass = name;
  }

  createRadialGradient() {
    const stops = [];
    return { stops, addColorStop: (at, colour) => stops.push(colour) };
  }

  measureText(s) {
    return { width: String(s).length * this.fontSize() * 0.6 };
  }

  // ---- paths -------------------------------------------------------------------------------

  beginPath() {
    this.d = '';
    this.circle = null; // [cx, cy, r] while the path is one full circle
    this.pathId = (this.pathId ?? 0) + 1;
  }

  moveTo(x, y) {
    this.circle = null;
    this.d += `M${fmt(x)} ${fmt(y)}`;
  }

  lineTo(x, y) {
    this.circle = null;
    this.d += `${this.d ? 'L' : 'M'}${fmt(x)} ${fmt(y)}`;
  }

  closePath() {
    this.d += 'Z';
  }

  rect(x, y, w, h) {
    this.circle = null;
    this.d += `M${fmt(x)} ${fmt(y)}h${fmt(w)}v${fmt(h)}h${fmt(-w)}Z`;
  }

  roundRect(x, y, w, h, r) {
    this.circle = null;
    const q = Math.min(Number(r) || 0, w / 2, h / 2);
    const a = `A${fmt(q)} ${fmt(q)} 0 0 1 `;
    this.d += `M${fmt(x + q)} ${fmt(y)}H${fmt(x + w - q)}${a}${fmt(x + w)} ${fmt(y + q)}V${fmt(y + h - q)}`
      + `${a}${fmt(x + w - q)} ${fmt(y + h)}H${fmt(x + q)}${a}${fmt(x)} ${fmt(y + h - q)}V${fmt(y + q)}${a}${fmt(x + q)} ${fmt(y)}Z`;
  }

  arc(cx, cy, r, a0, a1, ccw = false) {
    const sweep = a1 - a0;
    if (Math.abs(sweep) >= Math.PI * 2 - 1e-9) {
      this.circle = this.d ? null : [cx, cy, r];
      this.d += `M${fmt(cx + r)} ${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx - r)} ${fmt(cy)}`
        + `A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx + r)} ${fmt(cy)}Z`;
      return;
    }
    this.circle = null;
    const sx = cx + r * Math.cos(a0);
    const sy = cy + r * Math.sin(a0);
    this.d += `${this.d ? 'L' : 'M'}${fmt(sx)} ${fmt(sy)}`;
    const large = Math.abs(sweep) > Math.PI ? 1 : 0;
    this.d += `A${fmt(r)} ${fmt(r)} 0 ${large} ${ccw ? 0 : 1} ${fmt(cx + r * Math.cos(a1))} ${fmt(cy + r * Math.sin(a1))}`;
  }

  clip() {
    // Ids unique across documents: SVGs inlined in one page share its ids.
    const id = `tengen${this.doc}-clip${this.defs.length + 1}`;
    this.defs.push(`<clipPath id="${id}"><path d="${this.d}"/></clipPath>`);
    this.items.push({ tag: 'g', attrs: { 'clip-path': `url(#${id})` }, open: true });
    this.groups++;
  }

  // ---- painting ----------------------------------------------------------------------------

  /** A paint's colour: a gradient is drawn in its middle stop. */
  colour(style) {
    return typeof style === 'object' && style ? style.stops[Math.floor(style.stops.length / 2)] ?? '#000000' : style;
  }

  strokeAttrs() {
    const a = { stroke: this.colour(this.strokeStyle), 'stroke-width': fmt(this.lineWidth) };
    if (this.lineCap !== 'butt') a['stroke-linecap'] = this.lineCap;
    if (this.lineJoin !== 'miter') a['stroke-linejoin'] = this.lineJoin;
    if (this.dash.length) a['stroke-dasharray'] = this.dash.map(fmt).join(' ');
    return a;
  }

  emit(tag, attrs, extra = {}) {
    if (this.globalAlpha < 1) attrs.opacity = fmt(this.globalAlpha);
    if (this.nextClass) attrs.class = this.nextClass;
    this.nextClass = null;
    const item = { tag, attrs, ...extra };
    this.items.push(item);
    return item;
  }

  shape() {
    const [cx, cy, r] = this.circle ?? [];
    return this.circle ? ['circle', { cx: fmt(cx), cy: fmt(cy), r: fmt(r) }] : ['path', { d: this.d }];
  }

  fill() {
    if (!this.d) return;
    const [tag, attrs] = this.shape();
    this.emit(tag, { ...attrs, fill: this.colour(this.fillStyle) }, { path: this.pathId, filled: true });
  }

  stroke() {
    if (!this.d) return;
    const last = this.items[this.items.length - 1];
    // The outline of the shape just filled: one element with both (a white stone and its rim).
    if (last?.path === this.pathId && last.filled && !last.stroked && (this.globalAlpha < 1 ? fmt(this.globalAlpha) : undefined) === last.attrs.opacity) {
      Object.assign(last.attrs, this.strokeAttrs());
      last.stroked = true;
      return;
    }
    const [tag, attrs] = this.shape();
    this.emit(tag, { ...attrs, fill: 'none', ...this.strokeAttrs() }, { path: this.pathId, stroked: true });
  }

  fillRect(x, y, w, h) {
    this.emit('rect', { x: fmt(x), y: fmt(y), width: fmt(w), height: fmt(h), fill: this.colour(this.fillStyle) });
  }

  strokeRect(x, y, w, h) {
    this.emit('rect', { x: fmt(x), y: fmt(y), width: fmt(w), height: fmt(h), fill: 'none', ...this.strokeAttrs() });
  }

  fontSize() {
    return Number(/([\d.]+)px/.exec(this.font)?.[1] ?? 10);
  }

  textAttrs(x, y) {
    const m = /^\s*(\d{3}|bold|normal)?\s*([\d.]+)px\s+(.*)$/.exec(this.font) || [];
    const a = { x: fmt(x), y: fmt(y), 'font-size': fmt(this.fontSize()) };
    // The document's font (toSvg's fontFamily) is said once, on the <svg>.
    if (m[3] !== this.fontFamily) a['font-family'] = m[3] || 'sans-serif';
    if (m[1]) a['font-weight'] = m[1];
    const anchor = { center: 'middle', right: 'end', end: 'end' }[this.textAlign];
    if (anchor) a['text-anchor'] = anchor;
    // The baseline by a shift of the text (dominant-baseline is not read by every SVG program).
    const dy = { middle: '0.35em', top: '0.8em', hanging: '0.8em', bottom: '-0.2em' }[this.textBaseline];
    if (dy) a.dy = dy;
    return a;
  }

  fillText(text, x, y) {
    this.emit('text', { ...this.textAttrs(x, y), fill: this.colour(this.fillStyle) }, { text });
  }

  strokeText(text, x, y) {
    this.emit('text', { ...this.textAttrs(x, y), fill: 'none', ...this.strokeAttrs() }, { text });
  }

  drawImage() {}

  // ---- output ------------------------------------------------------------------------------

  /** The SVG elements drawn so far, as markup (any group a clip opened closed). */
  body() {
    let open = 0;
    const parts = this.items.map((it) => {
      if (it === '</g>') {
        open--;
        return it;
      }
      const attrs = Object.entries(it.attrs).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
      if (it.open) {
        open++;
        return `<g${attrs}>`;
      }
      return it.text === undefined ? `<${it.tag}${attrs}/>` : `<${it.tag}${attrs}>${escapeXml(it.text)}</${it.tag}>`;
    });
    return parts.join('\n') + '</g>'.repeat(Math.max(0, open));
  }

  /** A standalone SVG document of what was drawn. */
  toSvg({ viewBox, width, height, title = '' }) {
    const font = this.fontFamily ? ` font-family="${escapeXml(this.fontFamily)}"` : '';
    return '<?xml version="1.0" encoding="UTF-8"?>\n'
      + `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="${viewBox.map(fmt).join(' ')}"${font}>\n`
      + (title ? `<title>${escapeXml(title)}</title>\n` : '')
      + (this.defs.length ? `<defs>${this.defs.join('')}</defs>\n` : '')
      + `${this.body()}\n</svg>\n`;
  }
}
