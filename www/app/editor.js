// The edit mode's panel: the tool bar (lib/edit.js's tools, each a button with its key, the
// current one pressed), undo and redo, the comment and the node's name, "right answer" and
// "wrong answer", the node's annotations and the player to move, and the current node among its
// siblings (up, down, make main line, delete). Every change goes through the session's edit()
// (session.js), which the controller saves and announces; a refusal is the controller's to show
// (h.failed). It shows the session's game; it knows nothing of storage or the live region.
import {
  TOOLS, applyTool, twoClicks, toolForKey, answerComment, MOVE_ANNOTATIONS, POSITION_ANNOTATIONS, MOVE_CHOICES, POSITION_CHOICES, choiceOf, annotate,
} from '../lib/edit.js';
import { t } from './language.js';

const $ = (id) => document.getElementById(id);

// The glyph shown on each tool's button beside its name (hidden from screen readers).
const GLYPHS = {
  black: '●', white: '○', alternate: '◐', erase: '⌫', triangle: '△', square: '□', circle: '◯',
  cross: '✕', letter: 'A', number: '1', dim: '▒', line: '╱', arrow: '→',
};

export class Editor {
  /** h: { failed(error), undo(), redo(), changed() (a redraw: the tool or the line's start changed) } */
  constructor(session, h) {
    this.session = session;
    this.h = h;
    this.active = false;
    this.tool = 'black';
    this.from = null; // the first point of a line or arrow, chosen
    this.shownKey = '';
  }

  /** Builds the tool bar and wires the fields. */
  wire() {
    const bar = $('edit-tools');
    for (const { id, key } of TOOLS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn tool';
      b.dataset.tool = id;
      b.setAttribute('aria-pressed', 'false');
      b.setAttribute('aria-keyshortcuts', key.toUpperCase());
      b.title = t('edit.tool.title', { name: t(`edit.tool.${id}`), key: key.toUpperCase() });
      const glyph = document.createElement('span');
      glyph.className = `glyph glyph-${id}`;
      glyph.setAttribute('aria-hidden', 'true');
      glyph.textContent = GLYPHS[id];
      const name = document.createElement('span');
      name.textContent = t(`edit.tool.${id}`);
      b.append(glyph, name);
      b.addEventListener('click', () => this.choose(id));
      bar.append(b);
    }
    const fill = (select, kinds, prefix) => {
      select.add(new Option(t(`${prefix}.none`), ''));
      for (const k of kinds) select.add(new Option(t(`${prefix}.${k}`), k));
    };
    fill($('edit-move-annotation'), MOVE_CHOICES, 'edit.annotation');
    fill($('edit-position-annotation'), POSITION_CHOICES, 'edit.annotation');
    fill($('edit-to-move'), ['black', 'white'], 'edit.toMove');

    $('edit-undo').addEventListener('click', () => this.h.undo());
    $('edit-redo').addEventListener('click', () => this.h.redo());
    $('edit-comment').addEventListener('change', (e) => this.setText('comment', e.target.value));
    $('edit-name').addEventListener('change', (e) => this.setText('name', e.target.value));
    $('edit-right').addEventListener('click', () => this.answer('right'));
    $('edit-wrong').addEventListener('click', () => this.answer('wrong'));
    $('edit-move-annotation').addEventListener('change', (e) => this.annotate(MOVE_ANNOTATIONS, e.target.value));
    $('edit-position-annotation').addEventListener('change', (e) => this.annotate(POSITION_ANNOTATIONS, e.target.value));
    $('edit-hotspot').addEventListener('change', (e) => this.run('annotation', (g) => g.setAnnotation('hotspot', e.target.checked ? 1 : null)));
    $('edit-to-move').addEventListener('change', (e) => this.run('toMove', (g) => g.setToMove(e.target.value || null)));
    $('edit-up').addEventListener('click', () => this.run('moveVariation', (g) => g.moveVariation(-1)));
    $('edit-down').addEventListener('click', () => this.run('moveVariation', (g) => g.moveVariation(1)));
    $('edit-main').addEventListener('click', () => this.run('mainLine', (g) => g.makeMainLine()));
    $('edit-delete').addEventListener('click', () => this.run('delete', (g) => g.deleteNode()));
  }

  /** Edit mode on or off (the controller makes the game a record first). */
  setActive(on) {
    this.active = on;
    this.from = null;
    this.shownKey = '';
    this.h.changed();
  }

  /** Chooses a tool (a button or its key); a line begun is dropped. */
  choose(id) {
    if (!TOOLS.some((x) => x.id === id)) return false;
    this.tool = id;
    this.from = null;
    this.showTool();
    this.h.changed();
    return true;
  }

  /** The pressed tool at once (not in the next frame), for whoever reads it next. */
  showTool() {
    for (const b of $('edit-tools').querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.tool === this.tool));
  }

  /** The tool a key chooses (edit mode only): true if it was one. */
  key(key) {
    const id = this.active && toolForKey(key);
    return id ? this.choose(id) : false;
  }

  /** Escape: a line or arrow begun is dropped. True if there was one. */
  cancel() {
    if (!this.from) return false;
    this.from = null;
    this.h.changed();
    return true;
  }

  /** A click, tap or Enter on the board at (x, y) with the current tool. */
  click(x, y) {
    const from = twoClicks(this.tool) ? this.from : null;
    const r = this.run('tool', (g) => applyTool(g, this.tool, x, y, from));
    if (r) this.from = r.kind === 'from' ? r.point : null;
    else this.from = null;
    this.h.changed();
    return r;
  }

  /** Whether a click on the board plays a move (the alternate tool): the ghost stone shows then. */
  placing() {
    return this.active && this.tool === 'alternate';
  }

  /** The first point of the line or arrow being drawn, or null. */
  lineStart() {
    return this.active && twoClicks(this.tool) ? this.from : null;
  }

  /** Runs one edit; a refusal goes to h.failed. Returns what it did, or null. */
  run(what, fn) {
    try {
      const c = this.session.edit(what, fn);
      return c.kind === 'edit' ? c.result ?? {} : c;
    } catch (e) {
      this.h.failed(e);
      this.shownKey = ''; // the fields show the node again
      this.h.changed();
      return null;
    }
  }

  setText(what, value) {
    const g = this.session.game;
    const text = value.replace(/\r\n?/g, '\n');
    const now = (what === 'comment' ? g.comment : this.node().properties?.N?.[0]) ?? '';
    if (text === now) return;
    this.run(what, (game) => (what === 'comment' ? game.setComment(text || null) : game.setName(text.trim() || null)));
  }

  /** The current node as a right or a wrong answer: its comment starts with the word problem.js reads. */
  answer(verdict) {
    const box = $('edit-comment');
    const text = answerComment(box.value, verdict);
    this.run('answer', (g) => g.setComment(text));
  }

  /**
   * One annotation of a group (move or position) in place of the one it had (the engine keeps
   * one of a group): `choice` 'kind' or 'kind:2' (emphasised); '' removes it.
   */
  annotate(kinds, choice) {
    if (choiceOf(this.session.game.annotations, kinds) === choice) return;
    this.run('annotation', (g) => annotate(g, kinds, choice));
  }

  node() {
    const g = this.session.game;
    return g.node(g.path) ?? {};
  }

  /** The panel shown as the session's node is (only when edit mode is on). */
  update() {
    const s = this.session;
    $('editor').hidden = !this.active;
    $('edit-mode').setAttribute('aria-pressed', String(this.active));
    $('controls').hidden = this.active;
    if (!this.active || !s.record) return;
    this.showTool();
    $('edit-undo').disabled = !s.canUndo();
    $('edit-redo').disabled = !s.canRedo();
    $('edit-hint').textContent = this.from ? t('edit.hint.to') : t(`edit.hint.${this.tool}`, {});
    const g = s.game;
    const node = this.node();
    const path = g.path;
    const annotations = g.annotations ?? {};
    const parent = path.length ? g.node(path.slice(0, -1)) : null;
    const index = path.at(-1) ?? 0;
    const siblings = parent?.children ?? 1;
    const key = JSON.stringify([path, g.comment, node.properties?.N, node.properties?.PL, annotations, siblings, s.version]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    // The fields show the node, but not under the user's typing.
    const comment = $('edit-comment');
    if (document.activeElement !== comment) comment.value = g.comment ?? '';
    const name = $('edit-name');
    if (document.activeElement !== name) name.value = node.properties?.N?.[0] ?? '';
    const move = $('edit-move-annotation');
    move.value = choiceOf(annotations, MOVE_ANNOTATIONS);
    move.disabled = !node.move?.player;
    $('edit-position-annotation').value = choiceOf(annotations, POSITION_ANNOTATIONS);
    $('edit-hotspot').checked = !!annotations.hotspot;
    const pl = node.properties?.PL?.[0];
    $('edit-to-move').value = pl === 'B' ? 'black' : pl === 'W' ? 'white' : '';
    $('edit-variation').textContent = path.length ? t('edit.variation', { n: index + 1, count: siblings }) : t('edit.variation.root');
    $('edit-up').disabled = index === 0;
    $('edit-down').disabled = index >= siblings - 1;
    $('edit-main').disabled = path.every((i) => i === 0);
    $('edit-delete').disabled = !path.length;
  }
}
