// <tengen-board mode="edit">: the editor's tools (lib/edit.js, the same as the app's edit mode)
// on the board's record, for pages where a student or a teacher edits in place. The tool bar
// (each tool a button with its key, the one chosen pressed), undo and redo of the edits made
// here, the moves (first, previous, next, last, and a button for each variation), the node's
// comment, "right answer" and "wrong answer" (the comments a problem board reads), delete, and
// under "More" (a <details>) the node's name, the player to move, its move and position
// annotations and hotspot, and its place among its siblings (up, down, make main line).
// A click, a tap or Enter at the board's keyboard cursor applies the tool; each edit is one of
// the engine's editing calls (refused whole, with its words in the message), after which the
// board fires `change` (bubbling, composed; detail { what, tool, result, path }) and its `sgf`
// is the record with it. The board's own code stays the base element's: installEditMode puts
// these methods on a board in front of its own, which they call in the other modes.
import {
  TOOLS, applyTool, twoClicks, toolForKey, answerComment, toolText, EDIT_REFUSALS,
  MOVE_ANNOTATIONS, POSITION_ANNOTATIONS, MOVE_CHOICES, POSITION_CHOICES, choiceOf, annotate,
} from '../lib/edit.js';
import { navigationKey, actionKey } from '../lib/keys.js';

const { render: { pointName }, statusText } = self.__tengenBoardShared;

// The glyph shown on each tool's button beside its name (hidden from screen readers).
const GLYPHS = {
  black: '●', white: '○', alternate: '◐', erase: '⌫', triangle: '△', square: '□', circle: '◯',
  cross: '✕', letter: 'A', number: '1', dim: '▒', line: '╱', arrow: '→',
};

export const EDIT_STYLE = `
.tools { display: grid; grid-template-columns: repeat(auto-fill, minmax(2.9rem, 1fr)); gap: 0.3rem; flex-basis: 100%; }
.tools button { display: flex; flex-direction: column; align-items: center; min-width: 0; padding: 0.15rem 0.1rem; font-size: 0.68rem; line-height: 1.15; }
.tools .glyph { font-size: 1.1rem; }
.tools button[aria-pressed=true] { background: var(--tb-accent); color: light-dark(#fff, #10131a); border-color: var(--tb-accent); font-weight: 600; }
.edit-comment { flex-basis: 100%; display: grid; gap: 0.2rem; font-size: 0.95rem; }
.edit-comment textarea { font: inherit; font-size: 0.95rem; min-height: 3.2em; padding: 0.35rem; border-radius: 0.4rem; border: 1px solid currentColor; background: transparent; color: inherit; resize: vertical; }
.edit-comment textarea:focus-visible { outline: 3px solid var(--tb-accent); outline-offset: 1px; }
.edit-more { flex-basis: 100%; }
.edit-more .fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0.4rem; }
.edit-more label { display: grid; }
.edit-more .check { display: flex; gap: 0.4rem; align-items: center; grid-column: 1/-1; }
.edit-more [role=group] { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; }
`;

const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v != null) e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
};

// The board's methods that edit mode takes over (the others are the board's own).
const TAKEN = ['buildControls', 'updateControls', 'updateTexts', 'act', 'key', 'placing', 'markup'];

/** Puts edit mode on `board` (once): in mode="edit" its methods are these, else its own. */
export function installEditMode(board) {
  if (board.editor) return board.editor;
  const editor = new EditMode(board);
  const own = Object.getPrototypeOf(board);
  for (const name of TAKEN) {
    board[name] = (...args) => (board.mode === 'edit' ? editor[name](...args) : own[name].apply(board, args));
  }
  editor.own = own;
  board.editor = editor;
  return editor;
}

export class EditMode {
  constructor(board) {
    this.board = board;
    this.tool = 'black';
    this.from = null; // the first point of a line or arrow, chosen
    this.edits = 0; // the edits made here that undo may take back
    this.shownKey = '';
    const root = board.shadowRoot;
    const style = el('style');
    style.textContent = EDIT_STYLE;
    root.append(style);
    // Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z anywhere on the board but in the comment (whose own undo they are).
    root.addEventListener('keydown', (e) => {
      if (board.mode !== 'edit' || !(e.ctrlKey || e.metaKey) || e.altKey || e.target?.tagName === 'TEXTAREA') return;
      const k = e.key.toLowerCase();
      const which = k === 'z' ? (e.shiftKey ? 'redo' : 'undo') : k === 'y' ? 'redo' : null;
      if (!which) return;
      e.preventDefault();
      this[which]();
    });
  }

  get game() {
    return this.board.record;
  }

  get t() {
    return this.board.tr.t;
  }

  // ---- the controls -----------------------------------------------------------------------

  /** The tool bar, the actions, the variations and the comment (a new record: nothing to undo). */
  buildControls() {
    const b = this.board;
    const t = this.t;
    this.edits = 0;
    this.from = null;
    this.shownKey = '';
    b.buttons = {};
    const button = (name, action, fn, text = t(action)) => {
      const x = el('button', { type: 'button', 'data-action': action, onclick: fn }, text);
      b.buttons[name] = x;
      return x;
    };
    this.tools = el('div', { class: 'tools', role: 'toolbar', 'aria-label': t('edit.tools') }, ...TOOLS.map(({ id, key }) => el('button', {
      type: 'button', 'data-tool': id, 'aria-pressed': 'false', 'aria-keyshortcuts': key.toUpperCase(), onclick: () => this.choose(id),
    }, el('span', { class: 'glyph', 'aria-hidden': 'true' }, GLYPHS[id]), el('span', { class: 'name' }))));
    const nav = (name, label, step) => {
      const x = button(name, `nav.${name}`, () => this.navigate(step), label);
      x.setAttribute('aria-label', t(`nav.${name}`));
      return x;
    };
    b.variationBox = el('span', { class: 'variations', role: 'group' });
    b.variationKey = null;
    this.comment = el('textarea', { rows: '2', onchange: () => this.setComment(this.comment.value) });
    this.commentLabel = el('span');
    this.buildMore(button);
    b.bar.replaceChildren(
      this.tools,
      button('undo', 'button.undo', () => this.undo()),
      button('redo', 'edit.redo', () => this.redo()),
      nav('first', '«', (g) => g.goTo([])),
      nav('previous', '‹', (g) => g.previous()),
      nav('next', '›', (g) => g.next(0)),
      nav('last', '»', (g) => { while (g.next(0)); }),
      button('right', 'edit.right', () => this.answer('right')),
      button('wrong', 'edit.wrong', () => this.answer('wrong')),
      button('delete', 'edit.delete', () => this.deleteNode()),
      b.variationBox,
      el('label', { class: 'edit-comment' }, this.commentLabel, this.comment),
      this.more,
    );
    b.bar.hidden = false;
  }

  /** "More": the node's name, the player to move, its annotations and its place among its siblings. */
  buildMore(button) {
    const f = (this.fields = {});
    const field = (name, control, cls) => {
      f[name] = control;
      const words = el('span');
      f[`${name}Words`] = words;
      return cls ? el('label', { class: cls }, control, words) : el('label', {}, words, control);
    };
    const select = (onchange) => el('select', { onchange: (e) => onchange(e.target.value) });
    this.place = el('p', { id: 'place' });
    this.moreSummary = el('summary');
    this.more = el('details', { class: 'edit-more' },
      this.moreSummary,
      el('div', { class: 'fields' },
        field('name', el('input', { maxlength: '200', onchange: (e) => this.setName(e.target.value) })),
        field('toMove', select((v) => this.setField('toMove', (g) => g.setToMove(v || null)))),
        field('moveAnnotation', select((v) => this.annotate(MOVE_ANNOTATIONS, v))),
        field('positionAnnotation', select((v) => this.annotate(POSITION_ANNOTATIONS, v))),
        field('hotspot', el('input', { type: 'checkbox', onchange: (e) => this.setField('annotation', (g) => g.setAnnotation('hotspot', e.target.checked ? 1 : null)) }), 'check'),
      ),
      el('div', { role: 'group', 'aria-labelledby': 'place' },
        this.place,
        button('up', 'edit.up', () => this.setField('moveVariation', (g) => g.moveVariation(-1))),
        button('down', 'edit.down', () => this.setField('moveVariation', (g) => g.moveVariation(1))),
        button('main', 'edit.main', () => this.setField('mainLine', (g) => g.makeMainLine())),
      ));
    this.moreKey = '';
    this.filled = '';
  }

  /** The words of the controls, the board's name and its keys, in the board's language. */
  updateTexts() {
    const b = this.board;
    this.own.updateTexts.call(b);
    if (!b.record) return;
    const t = this.t;
    b.keysHelp.textContent = t('board.keys.edit');
    this.tools.setAttribute('aria-label', t('edit.tools'));
    for (const x of this.tools.children) {
      const { tool } = x.dataset;
      const name = t(`edit.tool.${tool}`);
      x.title = t('edit.tool.title', { name, key: toolKey(tool) });
      if (x.lastChild.textContent !== name) x.lastChild.textContent = name;
    }
    for (const name of ['redo', 'right', 'wrong', 'delete']) {
      b.buttons[name].title = t(`edit.${name}.title`);
    }
    this.commentLabel.textContent = t('edit.comment');
    this.moreSummary.textContent = t('edit.more');
    const f = this.fields;
    for (const name of ['name', 'toMove', 'moveAnnotation', 'positionAnnotation', 'hotspot']) f[`${name}Words`].textContent = t(`edit.${name}`);
    // The menus' options anew only in another language; then they show the node's choices again.
    if (this.filled === t('edit.annotation.none')) return;
    this.filled = t('edit.annotation.none');
    const fill = (select, choices, prefix) => select.replaceChildren(...['none', ...choices].map((k) => new Option(t(`${prefix}.${k}`), k === 'none' ? '' : k)));
    fill(f.toMove, ['black', 'white'], 'edit.toMove');
    fill(f.moveAnnotation, MOVE_CHOICES, 'edit.annotation');
    fill(f.positionAnnotation, POSITION_CHOICES, 'edit.annotation');
    this.moreKey = '';
    this.updateMore(this.game.path);
  }

  /** The controls as the node is: the tool pressed, what undo, redo and the moves can do. */
  updateControls() {
    const b = this.board;
    const g = this.game;
    const B = b.buttons;
    this.showTool();
    const path = g.path;
    const kids = g.variations();
    B.undo.disabled = this.edits === 0;
    B.redo.disabled = g.canRedo !== true;
    B.first.disabled = B.previous.disabled = B.delete.disabled = !path.length;
    B.next.disabled = B.last.disabled = !kids.length;
    const key = kids.length > 1 ? `${path.join()}/${kids.length}/${kids.map((k) => k.point).join(';')}` : '';
    if (b.variationKey !== key) {
      b.variationKey = key;
      b.variationBox.replaceChildren(...(kids.length > 1 ? kids.map((k, i) => el('button', {
        type: 'button', 'data-variation': String(i), onclick: () => this.navigate((game) => game.next(i)),
      }, b.variationLabel(k, i))) : []));
    }
    // The comment shows the node's, but not under the user's typing.
    const shown = JSON.stringify([path, g.comment, this.edits]);
    if (shown !== this.shownKey && b.shadowRoot.activeElement !== this.comment) {
      this.shownKey = shown;
      this.comment.value = g.comment ?? '';
    }
    this.updateMore(path);
  }

  /** "More" as the node is: its name (not under the user's typing), menus, and place. */
  updateMore(path) {
    const g = this.game;
    const B = this.board.buttons;
    const f = this.fields;
    const node = g.node(path) ?? {};
    const props = node.properties ?? {};
    const annotations = g.annotations ?? {};
    const index = path.at(-1) ?? 0;
    const siblings = path.length ? g.node(path.slice(0, -1))?.children ?? 1 : 1;
    B.up.disabled = index === 0;
    B.down.disabled = index >= siblings - 1;
    B.main.disabled = path.every((i) => i === 0);
    const key = JSON.stringify([path, props.N, props.PL, annotations, siblings, this.edits]);
    if (key === this.moreKey) return;
    this.moreKey = key;
    if (this.board.shadowRoot.activeElement !== f.name) f.name.value = props.N?.[0] ?? '';
    f.toMove.value = { B: 'black', W: 'white' }[props.PL?.[0]] ?? '';
    f.moveAnnotation.value = choiceOf(annotations, MOVE_ANNOTATIONS);
    f.moveAnnotation.disabled = !node.move?.player;
    f.positionAnnotation.value = choiceOf(annotations, POSITION_ANNOTATIONS);
    f.hotspot.checked = !!annotations.hotspot;
    this.place.textContent = path.length ? this.t('edit.variation', { n: index + 1, count: siblings }) : this.t('edit.variation.root');
  }

  /** The pressed tool at once (not in the next frame), for whoever reads it next. */
  showTool() {
    for (const x of this.tools.children) x.setAttribute('aria-pressed', String(x.dataset.tool === this.tool));
  }

  // ---- the tools --------------------------------------------------------------------------

  /** Chooses a tool (its button or its key); a line begun is dropped. */
  choose(id) {
    this.tool = id;
    this.from = null;
    this.showTool();
    this.board.setMessage(this.t(`edit.hint.${id}`));
    this.board.say(this.t('say.edit.tool', { tool: this.t(`edit.tool.${id}`) }));
    this.board.invalidate();
  }

  /** A click, a tap or Enter at (x, y): the tool applied there. */
  act(x, y) {
    const b = this.board;
    const g = this.game;
    const tool = this.tool;
    const from = twoClicks(tool) ? this.from : null;
    let r;
    try {
      r = applyTool(g, tool, x, y, from);
    } catch (e) {
      this.from = null;
      this.refuse(e);
      return;
    }
    this.from = r.kind === 'from' ? r.point : null;
    const at = (p) => pointName(p[0], p[1], g.height);
    if (r.kind === 'move') {
      b.afterMove(r.player, r.point, r.captures);
    } else {
      b.input.reset();
      b.say(toolText(this.t, r, at, tool));
      b.setMessage(r.kind === 'from' ? this.t('edit.hint.to') : '');
    }
    if (r.kind === 'from' || r.kind === 'cancel') b.invalidate();
    else this.changed('tool', tool, r);
  }

  /** Runs one editing call on the game (`fn`); a refusal is shown and changes nothing. */
  run(what, tool, fn) {
    try {
      fn(this.game);
    } catch (e) {
      this.refuse(e);
      return false;
    }
    this.board.input.reset();
    this.board.setMessage('');
    this.changed(what, tool, null);
    return true;
  }

  /** After an edit: undo can take it back, and the page is told (`change`). */
  changed(what, tool, result) {
    this.edits++;
    this.shownKey = '';
    this.board.emit('change', { what, tool, result, path: this.game.path });
    this.board.invalidate();
  }

  /** A refusal in words: the editing calls' own, else the board's. */
  refuse(e) {
    const b = this.board;
    if (e?.code === 'notAllowed' && EDIT_REFUSALS.includes(e.reason)) {
      const text = this.t(`error.${e.reason}`);
      b.setMessage(text, 'error');
      b.say(text);
    } else {
      b.showError(e?.code, e);
    }
    this.shownKey = '';
    this.moreKey = '';
    b.invalidate();
  }

  setComment(value) {
    const text = value.replace(/\r\n?/g, '\n');
    if (text === (this.game.comment ?? '')) return;
    if (this.run('comment', null, (g) => g.setComment(text || null))) this.board.say(this.t(text ? 'say.edit.comment' : 'say.edit.commentRemoved'));
  }

  /** The node as a right or a wrong answer: its comment starts with the word problem.js reads. */
  answer(verdict) {
    const text = answerComment(this.comment.value, verdict);
    if (this.run('answer', null, (g) => g.setComment(text))) this.board.say(this.t('say.edit.answer', { comment: text }));
  }

  /** One of "More"'s edits (`what`: its change's and its words' name); a refusal (refuse) shows the node again. */
  setField(what, fn) {
    if (this.run(what, null, fn)) this.board.say(this.t(`say.edit.${what}`));
  }

  setName(value) {
    const text = value.trim();
    if (text === (this.game.node(this.game.path)?.properties?.N?.[0] ?? '')) return;
    this.setField('name', (g) => g.setName(text || null));
  }

  annotate(kinds, choice) {
    if (choiceOf(this.game.annotations, kinds) !== choice) this.setField('annotation', (g) => annotate(g, kinds, choice));
  }

  /** The node and what follows it deleted; the board goes to its parent. */
  deleteNode() {
    if (this.run('delete', null, (g) => g.deleteNode())) this.board.say(this.t('say.edit.deleted', { where: statusText(this.board.tr, this.game) }));
  }

  undo() {
    if (!this.edits) return;
    try {
      this.game.undo();
    } catch (e) {
      this.refuse(e);
      return;
    }
    this.edits--;
    this.afterHistory('undo', 'say.undo');
  }

  redo() {
    try {
      this.game.redo();
    } catch (e) {
      this.refuse(e);
      return;
    }
    this.edits++;
    this.afterHistory('redo', 'say.redo');
  }

  afterHistory(what, words) {
    const b = this.board;
    const g = this.game;
    this.from = null;
    this.shownKey = '';
    b.input.reset();
    b.setMessage('');
    b.say(this.t(words, { status: statusText(b.tr, g) }));
    b.emit('change', { what, tool: null, result: null, path: g.path });
    b.invalidate();
  }

  /** A step in the tree (the board's navigation, announced); a line begun is dropped. */
  navigate(step) {
    this.from = null;
    this.board.setMessage('');
    this.board.navigate(step);
  }

  // ---- keys and the board -----------------------------------------------------------------

  /** The board's keys in edit mode: the tools' keys, Escape, U (undo), the moves; true if taken. */
  key(e) {
    if (e.key === 'Escape' && this.from) {
      this.from = null;
      this.board.say(this.t('say.edit.cancel'));
      this.board.invalidate();
      return true;
    }
    const tool = toolForKey(e.key);
    if (tool) {
      if (!e.repeat) this.choose(tool);
      return true;
    }
    const step = navigationKey(e.key, { arrows: false });
    if (step) {
      this.navigate({ previous: (g) => g.previous(), next: (g) => g.next(0), first: (g) => g.goTo([]), last: (g) => { while (g.next(0)); } }[step]);
      return true;
    }
    if (actionKey(e.key) === 'undo') {
      if (!e.repeat) this.undo();
      return true;
    }
    return this.own.key.call(this.board, e);
  }

  /** A tap acts at once in edit mode (no preview of a stone to confirm). */
  placing() {
    return false;
  }

  /** The node's marks, with the first point of a line or arrow begun shown as selected. */
  markup() {
    const m = this.own.markup.call(this.board);
    return this.from ? { ...m, selected: [...(m.selected ?? []), this.from] } : m;
  }
}

const toolKey = (id) => TOOLS.find((x) => x.id === id).key.toUpperCase();
