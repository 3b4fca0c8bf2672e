// The export dialog: the board as it is shown (its crop, marks, coordinates; move numbers for a
// range of moves, as books print them) as an SVG diagram, a PNG picture, Sensei's Library
// diagram text or the <tengen-board> snippet of the record, each copied or downloaded; and, for a
// file of several games (a collection of problems), the print view of its problems (lib/print.js,
// loaded when asked for). lib/export.js makes every format; this reads the form and hands the
// result on. Refusals are shown in the dialog and said.
import { exportSVG, exportPNG, exportDiagram, embedSnippet } from '../lib/export.js';
import { t, current } from './language.js';
import { errorText, recordTitle } from './words.js';
import { sgfFileName, downloadFile } from './files.js';

const $ = (id) => document.getElementById(id);

const TEXT_FORMATS = ['svg', 'diagram', 'embed'];
const EXTENSIONS = { svg: 'svg', png: 'png', diagram: 'txt', embed: 'html' };
const TYPES = { svg: 'image/svg+xml', diagram: 'text/plain', embed: 'text/html' };

export class Exporter {
  /** h: { view() (the board's view as drawn), say(text) } */
  constructor(session, h) {
    this.session = session;
    this.h = h;
  }

  wire() {
    const f = $('export-form');
    $('export').addEventListener('click', () => this.open());
    f.addEventListener('change', () => this.refresh());
    f.addEventListener('input', (e) => { if (e.target.type === 'number') this.refresh(); });
    f.addEventListener('submit', (e) => e.preventDefault());
    $('export-copy').addEventListener('click', () => this.copy());
    $('export-download').addEventListener('click', () => this.download());
    $('export-print').addEventListener('click', () => this.print());
    $('export-close').addEventListener('click', () => $('export-dialog').close());
  }

  open() {
    const s = this.session;
    const f = $('export-form');
    const n = s.game.moveNumber;
    f.elements.from.max = String(Math.max(1, n));
    f.elements.to.max = String(Math.max(1, n));
    f.elements.to.value = String(Math.max(1, n));
    if (!(Number(f.elements.from.value) <= n)) f.elements.from.value = '1';
    f.elements.numbered.disabled = n === 0;
    $('export-print').hidden = !(s.record?.games?.length > 1);
    this.refresh();
    $('export-dialog').showModal();
  }

  /** The form: { format, moveNumbers, size, mode }. */
  options() {
    const f = $('export-form');
    const format = f.elements.format.value;
    const numbered = f.elements.numbered.checked && !f.elements.numbered.disabled;
    const from = Number(f.elements.from.value);
    const to = Number(f.elements.to.value);
    const moveNumbers = numbered && Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to >= from ? { from, to } : null;
    return { format, moveNumbers, numbered, size: Number(f.elements.size.value), mode: f.elements.mode.value };
  }

  /** The text of a text format, or throws the export's refusal. */
  text({ format, moveNumbers, mode }) {
    const s = this.session;
    const view = this.h.view();
    if (format === 'svg') return exportSVG(s.game, view, { moveNumbers, words: current(), title: t('export.svgTitle') });
    if (format === 'diagram') return exportDiagram(s.game, view, { moveNumbers });
    return embedSnippet(s.sgf(), { mode, region: view.region ?? undefined });
  }

  /** The dialog shown for the form: the fields that apply, the text of a text format. */
  refresh() {
    const o = this.options();
    const f = $('export-form');
    $('export-size-row').hidden = o.format !== 'png';
    $('export-mode-row').hidden = o.format !== 'embed';
    $('export-numbers').hidden = o.format === 'embed';
    f.elements.from.disabled = !o.numbered;
    f.elements.to.disabled = !o.numbered;
    const box = $('export-text');
    const isText = TEXT_FORMATS.includes(o.format);
    $('export-text-row').hidden = !isText;
    $('export-copy').hidden = !isText;
    $('export-error').textContent = '';
    if (o.numbered && !o.moveNumbers) {
      this.fail({ code: 'invalidOptions' }, t('export.rangeInvalid'));
      box.value = '';
      return;
    }
    if (!isText) return;
    try {
      box.value = this.text(o);
    } catch (e) {
      box.value = '';
      this.fail(e);
    }
  }

  fail(e, words = errorText(e)) {
    $('export-error').textContent = words;
  }

  fileName(ext) {
    const s = this.session;
    return sgfFileName(s.record?.name, s.gameInfo()).replace(/\.sgf$/, `.${ext}`);
  }

  async copy() {
    const text = $('export-text').value;
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      this.h.say(t('export.copied'));
      $('export-error').textContent = '';
    } catch {
      // No clipboard (an insecure page, a refusal): the text is selected for the user to copy.
      $('export-text').select();
      this.fail(null, t('export.copyFailed'));
    }
  }

  async download() {
    const o = this.options();
    const name = this.fileName(EXTENSIONS[o.format]);
    try {
      let blob;
      if (o.format === 'png') {
        if (!(o.size >= 100 && o.size <= 4000)) throw Object.assign(new Error('invalidOptions: size'), { code: 'invalidOptions' });
        blob = await exportPNG(this.session.game, this.h.view(), { size: o.size, density: 1, moveNumbers: o.moveNumbers, words: current() });
      } else {
        blob = new Blob([this.text(o)], { type: TYPES[o.format] });
      }
      downloadFile(blob, name);
      this.h.say(t('export.downloaded', { name }));
    } catch (e) {
      this.fail(e, e?.code === 'invalidOptions' && o.format === 'png' ? t('export.sizeInvalid') : errorText(e));
    }
  }

  /** The print view of the file's problems (lib/print.js, loaded now), then the browser's print dialog. */
  async print() {
    const s = this.session;
    try {
      const { printSheet } = await import('../lib/print.js');
      const sheet = printSheet(document, s.Game, s.sgf(), { words: current(), title: recordTitle(s) });
      $('export-dialog').close();
      // Printed alone: the page's own parts are hidden while the print view is there (style.css).
      const view = document.createElement('div');
      view.id = 'print-view';
      view.append(sheet);
      document.body.classList.add('printing');
      document.body.append(view);
      const done = () => {
        view.remove();
        document.body.classList.remove('printing');
        window.removeEventListener('afterprint', done);
      };
      window.addEventListener('afterprint', done);
      window.print();
    } catch (e) {
      this.fail(e);
    }
  }
}
