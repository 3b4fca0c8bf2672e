// The controller: connects the session (session.js, the game and every action, no DOM) to the
// page. The player's clicks, taps and keys become the session's actions; each change the session
// tells is saved (games.js, as the game this tab shows: tabs.js), announced (announce.js, in words.js's words), drawn (board.js,
// panel.js) and may start or stop the computer's search (opponent.js). Redraws are batched:
// every change calls invalidate(), which draws once in the next animation frame; the computer's
// thinking indicator changes at once.
import { Session, DEFAULT_OPTIONS } from './session.js';
import { SAVE_VERSION, localStore, loadViewOptions, saveViewOptions } from './storage.js';
import { Games, newId, isId, summarize } from './games.js';
import { Tab } from './tabs.js';
import { SavedGames } from './saved-games.js';
import { Engine } from './computer.js';
import { Opponent } from './opponent.js';
import { Board } from './board.js';
import { Panel } from './panel.js';
import { Dialogs } from './dialogs.js';
import { Editor } from './editor.js';
import { Exporter } from './exporter.js';
import { Files } from './files.js';
import { Review } from './review.js';
import { StoneSound } from './sound.js';
import { wireKeys } from './keys.js';
import { today } from './game-info.js';
import { t, tn, current, LANGUAGES, chooseLanguage } from './language.js';
import { batched } from '../lib/frame.js';
import {
  actionText, whereText, statusText, positionText, lastMoveText, estimateText, warningText, errorText, errorDetail,
  editText, toolSaid,
} from './words.js';

const $ = (id) => document.getElementById(id);
const other = (p) => (p === 'black' ? 'white' : 'black');

export class App {
  /** Game: the engine's Game class, after init; announcer: announce.js's Announcer. */
  constructor(Game, announcer) {
    this.canvas = $('board');
    this.announcer = announcer;
    this.session = new Session({ Game, computerName: (level) => `tengen (${t(`level.${level}`)})` });
    this.games = new Games(localStore());
    this.tab = new Tab();
    this.saveState = 'ok';
    this.others = new Set(); // the games other tabs show, as last asked (never dropped to make room)
    this.lastText = null; // what this tab last wrote of its game, to tell another tab's write from it
    this.replacedId = null; // the saved game that undo brings back (the session's `replaced`)
    this.createdId = null; // the game a new game or an opened file made here (undo takes it back)
    this.reopening = null; // { id, release } of the saved game being reopened
    this.wasEmpty = false; // whether the game shown before the change was a game with nothing played
    this.viewOptions = loadViewOptions();
    this.sound = new StoneSound();
    this.redraw = batched(() => this.update());
    const say = (text) => this.say(text);
    this.editor = new Editor(this.session, {
      failed: (e) => this.showError(e),
      undo: () => this.undo(),
      redo: () => this.redo(),
      changed: () => this.invalidate(),
    });
    this.board = new Board(this.canvas, this.session, this.viewOptions, {
      act: (x, y) => this.act(x, y),
      refuse: (code) => this.showError({ code }),
      say,
      invalidate: () => this.invalidate(),
      placing: () => !this.editor.active || this.editor.placing(),
      lineStart: () => this.editor.lineStart(),
      review: () => this.review.overlay(),
    });
    this.review = new Review(this.session, {
      go: (path) => this.navigate(() => this.session.navigate((g) => g.goTo(path))),
      toRecord: () => this.makeRecord(),
      save: () => this.save(),
      say,
      failed: (e) => this.showError(e),
      invalidate: () => this.invalidate(),
    });
    this.panel = new Panel(this.session, this.board, {
      toggleMark: (x, y) => this.perform(['dead', x, y]),
      variation: (i) => this.next(i),
      say,
      editing: () => this.editor.active,
    });
    this.opponent = new Opponent(this.session, new Engine(), {
      changed: () => this.thinkingChanged(),
      failed: (e) => this.announcer.message(t('computer.failed', { detail: errorDetail(e) })),
      refused: (e) => this.showError(e),
    });
    this.dialogs = new Dialogs(this.session, {
      startGame: (options, opponent) => this.startGame(options, opponent),
      setInfo: (values) => this.session.setInfo(values),
      editing: () => this.editor.active,
      newProblem: (w, h) => this.newProblem(w, h),
    });
    this.files = new Files(this.session, this.announcer);
    this.exporter = new Exporter(this.session, {
      view: () => {
        this.redraw.flush();
        return this.board.lastView;
      },
      say,
    });
    this.savedGames = new SavedGames({
      list: () => this.savedList(),
      open: (id) => this.reopen(id),
      remove: (id) => this.removeSaved(id),
      restore: (kept) => this.restoreSaved(kept),
    });
    this.session.on((c) => this.changed(c));
  }

  // ---- start-up -------------------------------------------------------------------------------

  /**
   * The game this tab shows: the page's one game of before the saved-games list, moved into it;
   * else the game the tab showed before a reload (a copy, when another tab shows it: a duplicated
   * tab); else the most recent saved game no other tab shows; else a fresh one (with the saved
   * options and opponent when a save that could not be restored had them).
   */
  async boot() {
    const s = this.session;
    if (!this.games.available) {
      this.saveState = 'unavailable';
      this.announcer.notify('notice.storageUnavailable');
      this.tab.take(newId());
      s.newGame(DEFAULT_OPTIONS, [], { info: { DT: today() }, how: 'boot' });
      return;
    }
    const { id, loaded, save = false, copy = false } = await this.startingGame();
    this.tab.take(id);
    this.tab.watch({ game: (text) => this.otherWrote(text), list: () => this.listChanged() });
    if (copy) this.announcer.notify('notice.copy');
    if (loaded.status === 'unavailable') {
      this.saveState = 'unavailable';
      this.announcer.notify('notice.storageUnavailable');
    }
    this.refreshOthers();
    if (loaded.status === 'ok') {
      try {
        // A save of the first shape, or one moved or copied, is written again at once.
        s.load(loaded.data, { how: 'boot', save: save || loaded.data.v !== SAVE_VERSION });
        return;
      } catch {
        // Actions that fail to replay, options the engine refuses, a record that cannot be read
        // back: a fresh game below, in its place.
      }
    }
    if (loaded.status === 'corrupt' || loaded.status === 'ok') this.announcer.notify('notice.storageCorrupt');
    let options = DEFAULT_OPTIONS;
    let opponent = null;
    if (loaded.status === 'ok' && loaded.data.options && s.validOptions(loaded.data.options)) {
      options = loaded.data.options;
      opponent = loaded.data.opponent;
    }
    s.newGame(options, [], { info: { DT: today() }, opponent, how: 'boot' });
  }

  /** Which saved game this tab opens (see boot): { id, loaded: a read ({ status, data }), save, copy }. */
  async startingGame() {
    const g = this.games;
    const moved = g.migrate(newId());
    if (moved.status === 'corrupt') return { id: newId(), loaded: { status: 'corrupt' } };
    if (moved.data) return { id: moved.id ?? newId(), loaded: { status: 'ok', data: moved.data }, save: true };
    const mine = this.tab.remembered();
    if (isId(mine)) {
      const loaded = g.read(mine);
      if (loaded.status !== 'empty') {
        // A tab reloaded finds its game free (the page it was let go of it); a duplicated tab
        // finds it shown in the tab it was copied from.
        if (await this.tab.claim(mine, 1500)) return { id: mine, loaded };
        return { id: newId(), loaded, save: true, copy: loaded.status === 'ok' };
      }
    }
    for (const e of g.list()) {
      if (await this.tab.claim(e.id)) return { id: e.id, loaded: g.read(e.id) };
    }
    return { id: newId(), loaded: { status: 'empty' } };
  }

  // ---- the session's changes ------------------------------------------------------------------

  /** After each change of the session: the input, the message, storage, words, the computer, a redraw. */
  changed(c) {
    const s = this.session;
    const input = this.board.input;
    switch (c.kind) {
      case 'game':
        this.gameSwitched(c.how);
        // Edit mode edits records: a game played here brought back by undo ends it.
        if (this.editor.active && !s.record) this.editor.setActive(false);
        this.board.gameChanged();
        this.panel.reset();
        this.announcer.message('');
        if (c.save) this.save();
        if (c.how === 'back') this.say(t('say.restored', { status: statusText(s) }));
        break;
      case 'action':
        if (c.action[0] === 'place' && this.viewOptions.sound) this.sound.play(c.result > 0);
        input.reset();
        this.announcer.message('');
        this.save();
        this.say(actionText(s, c), c.warned);
        break;
      case 'undo':
        this.save();
        if (c.partial) break;
        input.reset();
        this.announcer.message('');
        this.say(t('say.undo', { status: statusText(s) }), c.warned);
        break;
      case 'navigate': {
        input.reset();
        const last = s.game.lastMove?.point;
        if (last) input.place(last);
        this.save();
        this.say(whereText(s), c.warned);
        break;
      }
      case 'info':
        this.panel.reset();
        this.save();
        this.say(t('say.infoSaved'));
        break;
      case 'estimate':
        this.say(s.estimate ? t('say.estimate', { text: estimateText(s.estimate.score) }) : t('say.estimateHidden'));
        break;
      case 'edit':
        input.reset();
        this.announcer.message('');
        this.save();
        this.say(editText(s, c));
        break;
      case 'redo':
        input.reset();
        this.announcer.message('');
        this.save();
        this.say(t('say.redo', { status: statusText(s) }));
        break;
      default:
        break;
    }
    this.review.changed(c);
    this.wasEmpty = !s.record && s.actions.length === 0;
    this.opponent.sync();
    this.thinkingChanged();
  }

  /**
   * Another game in this tab: which saved game it is. A new game and an opened file or link get a
   * new one, and so does a game reopened from the list its own; the game they replace stays in
   * the list (one with nothing played is dropped), and undo may bring it back. The game that undo
   * takes back, made by a new game or an opened file, leaves the list.
   */
  gameSwitched(how) {
    const old = this.tab.id;
    if (how === 'new' || how === 'opened' || how === 'reopened' || how === 'edit') {
      if (this.wasEmpty) this.games.remove(old);
      else this.replacedId = old;
      if (how === 'reopened') {
        const { id, release } = this.reopening;
        this.reopening = null;
        this.createdId = null;
        if (release) this.tab.become(id, release);
        else this.tab.take(id);
      } else {
        this.createdId = newId();
        this.tab.take(this.createdId);
      }
    } else if (how === 'back') {
      if (old === this.createdId) this.games.remove(old);
      const id = this.replacedId ?? newId();
      this.replacedId = null;
      this.createdId = null;
      this.tab.take(id, () => this.fork('notice.copy'));
    }
    this.refreshOthers();
  }

  /**
   * This tab's game was written by another tab (a browser without Web Locks lets two tabs show
   * one game): this tab goes on with its own copy, and the other's stays, both in the list. A
   * game removed by another tab (or dropped to make room) is written again: it is shown here.
   */
  otherWrote(text) {
    if (this.saveState === 'unavailable') return;
    if (text === this.lastText) return;
    if (text === null) this.save();
    else this.fork('notice.forked');
  }

  /** Goes on with the game shown here as a new saved game, and says why (a notice's key). */
  fork(key) {
    this.replacedId = null;
    this.createdId = null;
    this.tab.take(newId());
    this.save();
    this.announcer.notify(key);
  }

  /** Another tab changed the list: the games shown elsewhere asked again, the dialog redrawn. */
  listChanged() {
    this.refreshOthers();
    this.savedGames.refresh();
  }

  /** Asks which games other tabs show (kept for the next save, which must not drop them). */
  async refreshOthers() {
    this.others = await this.tab.others();
    return this.others;
  }

  // ---- the saved games ------------------------------------------------------------------------

  /**
   * The saved-games list, newest first, this tab's game first: [{ entry, current, elsewhere }]
   * (elsewhere: shown in another tab). Games with nothing played are left out but this tab's.
   */
  async savedList() {
    const others = await this.refreshOthers();
    const id = this.tab.id;
    const entries = this.games.list();
    const mine = entries.find((e) => e.id === id);
    const rest = entries.filter((e) => e.id !== id && !e.empty);
    return [...(mine ? [mine] : []), ...rest].map((e) => ({ entry: e, current: e.id === id, elsewhere: others.has(e.id) }));
  }

  /**
   * Opens saved game `id` in this tab, in place of the game shown (which stays in the list); a
   * copy of it when another tab shows it. Says what happened.
   */
  async reopen(id) {
    const s = this.session;
    if (id === this.tab.id) return;
    const loaded = this.games.read(id);
    if (loaded.status !== 'ok') {
      this.announcer.message(t('games.openFailed'));
      return;
    }
    const release = await this.tab.lock(id);
    this.reopening = release ? { id, release } : { id: newId(), release: null };
    try {
      s.reopen(loaded.data);
    } catch {
      release?.();
      this.reopening = null;
      this.announcer.message(t('games.openFailed'));
      return;
    }
    if (!release) this.announcer.notify('notice.copy');
    this.say(t('say.reopened', { status: statusText(s) }));
  }

  /** Removes saved game `id` from the list: what restoreSaved needs to put it back, or null. */
  removeSaved(id) {
    if (id === this.tab.id) return null;
    const entry = this.games.entry(id);
    const text = this.games.text(id);
    if (!entry || text === null || this.games.remove(id) !== 'ok') return null;
    if (this.replacedId === id) this.replacedId = null;
    return { id, entry, text };
  }

  /** Puts back a game removed from the list (removeSaved's answer); true if it could. */
  restoreSaved(kept) {
    return this.games.put(kept.id, kept.text, kept.entry, this.others).status === 'ok';
  }

  /** The computer started or stopped thinking: the indicator at once, the rest in the next frame. */
  thinkingChanged() {
    if (this.session.game) this.panel.showThinking(!!this.opponent.thinking);
    this.invalidate();
  }

  /**
   * Writes the game this tab shows. When storage is full the oldest saved games are dropped to
   * make room, and a notice says how many.
   */
  save() {
    if (this.saveState === 'unavailable' || !this.tab.id) return;
    const s = this.session;
    const r = this.games.write(this.tab.id, s.snapshot(), summarize(s), this.others);
    if (r.status === 'ok') this.lastText = r.text;
    if (r.squeezed.length) this.announcer.notify('notice.storageSqueezed', null, tn('notice.storageSqueezed', r.squeezed.length));
    if (r.status === 'full' && this.saveState !== 'full') this.announcer.notify('notice.storageFull');
    if (r.status === 'unavailable') this.announcer.notify('notice.storageUnavailable');
    this.saveState = r.status;
  }

  /**
   * Announces text in the live region. With `warned`, the keys of the count's warnings before an
   * action, the warnings that the action brought are read after the text.
   */
  say(text, warned = null) {
    const g = this.session.game;
    const fresh = this.session.freshWarnings(warned).map((w) => warningText(g, w));
    this.announcer.say([text, ...fresh].filter(Boolean).join(' '));
  }

  showError(e) {
    this.announcer.message(errorText(e));
  }

  invalidate() {
    this.redraw();
  }

  update() {
    const g = this.session.game;
    if (!g) return;
    const score = g.phase !== 'playing' ? g.score() : null;
    this.board.draw(this.session.counting() ? score : null);
    this.panel.update(score, !!this.opponent.thinking);
    this.editor.update();
    this.review.update();
  }

  // ---- actions --------------------------------------------------------------------------------

  /** Plays one action; a refusal is said in the message line. */
  perform(a) {
    try {
      this.session.perform(a);
      return true;
    } catch (e) {
      this.showError(e);
      this.opponent.sync();
      return false;
    }
  }

  /** A click, a confirmed tap or Enter at (x, y) (lib/input.js asks first on touch). */
  act(x, y) {
    const s = this.session;
    if (this.editor.active) {
      const r = this.editor.click(x, y);
      if (r?.kind === 'from' || r?.kind === 'cancel') this.say(toolSaid(s.game, r, this.editor.tool));
      return;
    }
    if (s.computerToMove()) {
      this.opponent.sync(); // asks again after a failure; nothing while it thinks
      this.announcer.message(t('computer.wait'));
      return;
    }
    if (s.game.phase === 'stopped') {
      this.perform(['dead', x, y]);
      return;
    }
    if (s.game.phase === 'finished') {
      this.announcer.message(t('hint.finished'));
      return;
    }
    this.perform(['place', x, y]);
  }

  undo() {
    try {
      this.session.undo();
    } catch (e) {
      this.showError(e);
      this.opponent.sync();
    }
  }

  /** Takes again the edit undo took back; a refusal is said. */
  redo() {
    try {
      this.session.redo();
    } catch (e) {
      this.showError(e);
    }
  }

  // ---- edit mode ------------------------------------------------------------------------------

  /**
   * Edit mode on or off. A game played here becomes a record first (its moves a tree that takes
   * set-up stones and marks; the game played here stays in Saved games, and undo brings it back).
   */
  toggleEdit() {
    const s = this.session;
    const on = !this.editor.active;
    if (on && !s.record && !this.makeRecord()) return;
    this.editor.setActive(on);
    this.announcer.message('');
    this.say(t(on ? 'say.edit.on' : 'say.edit.off', { tool: t(`edit.tool.${this.editor.tool}`) }));
  }

  /** A game played here made a record (edit mode and the review need one); a refusal is said. */
  makeRecord() {
    try {
      this.session.toRecord();
      return true;
    } catch (e) {
      this.showError(e);
      return false;
    }
  }

  /** A tool chosen by its key, said. */
  chooseTool(key) {
    if (!this.editor.key(key)) return false;
    this.say(t('say.edit.tool', { tool: t(`edit.tool.${this.editor.tool}`) }));
    return true;
  }

  /** Edit mode's new game: an empty board of this size (throws when refused, changing nothing). */
  newProblem(width, height) {
    const s = this.session;
    s.newProblem(width, height);
    this.say(t('say.newProblem', { width: s.game.width, height: s.game.height }));
  }

  /** Finish; with no stone marked dead where the estimate sees some, asks first. */
  async finish() {
    const s = this.session;
    const g = s.game;
    const n = s.deadToConfirm();
    if (n) {
      if (!(await this.dialogs.confirmFinish(n))) {
        this.say(t('say.backToMarking'));
        return;
      }
      if (s.game !== g || g.phase !== 'stopped') return;
    }
    this.perform(['finish']);
  }

  /** Against the computer, the player resigns (the computer resigns by itself). */
  async resign() {
    const s = this.session;
    const o = !s.record && s.opponent;
    const p = await this.dialogs.choose('dialog.resign', o ? [other(o.computer)] : undefined);
    if (p) this.perform(['resign', p]);
  }

  async resume() {
    const p = await this.dialogs.choose('dialog.resume');
    if (p) this.perform(['resume', p]);
  }

  /** A new game from the dialog (throws, changing nothing, when the engine refuses its options). */
  startGame(options, opponent) {
    const s = this.session;
    s.startGame(options, opponent);
    this.say(t('say.newGame', { width: s.game.width, height: s.game.height, status: statusText(s) }));
  }

  // ---- moving in a record ---------------------------------------------------------------------

  /** A step in the record; says where it went (the session's change), or why it could not. */
  navigate(step) {
    if (!this.session.record) return;
    try {
      step();
      this.announcer.message('');
    } catch (e) {
      this.showError(e);
    }
    this.invalidate();
  }

  first() { this.navigate(() => this.session.first()); }

  previous() { this.navigate(() => this.session.previous()); }

  next(variation = 0) { this.navigate(() => this.session.next(variation)); }

  last() { this.navigate(() => this.session.last()); }

  /** Puts the keyboard cursor on the last move and says where it is. */
  toLastMove() {
    const g = this.session.game;
    const p = g.lastMove?.point;
    if (p) this.board.focusPoint(p);
    this.say(lastMoveText(g));
    if (p) this.invalidate();
  }

  // ---- wiring ---------------------------------------------------------------------------------

  wire() {
    const s = this.session;
    wireKeys({
      session: s,
      canvas: this.canvas,
      pass: () => this.perform(['pass']),
      undo: () => this.undo(),
      redo: () => this.redo(),
      editing: () => this.editor.active,
      tool: (key) => this.chooseTool(key),
      cancelTool: () => {
        if (!this.editor.cancel()) return false;
        this.say(t('say.edit.cancel'));
        return true;
      },
      readPosition: () => this.say(positionText(s)),
      toLastMove: () => this.toLastMove(),
      first: () => this.first(),
      previous: () => this.previous(),
      next: () => this.next(),
      last: () => this.last(),
    });
    $('pass').addEventListener('click', () => this.perform(['pass']));
    $('undo').addEventListener('click', () => this.undo());
    $('finish').addEventListener('click', () => this.finish());
    $('estimate').addEventListener('click', () => s.toggleEstimate());
    $('no-result').addEventListener('click', () => this.perform(['noResult']));
    $('resign').addEventListener('click', () => this.resign());
    $('resume').addEventListener('click', () => this.resume());
    $('read-position').addEventListener('click', () => this.say(positionText(s)));
    $('nav-first').addEventListener('click', () => this.first());
    $('nav-prev').addEventListener('click', () => this.previous());
    $('nav-next').addEventListener('click', () => this.next());
    $('nav-last').addEventListener('click', () => this.last());
    this.dialogs.wire();
    this.editor.wire();
    this.exporter.wire();
    this.review.wire();
    $('edit-mode').addEventListener('click', () => this.toggleEdit());
    this.files.wire();
    this.savedGames.wire();

    // The language menu: the choice is kept, and the page reloads in that language (the game
    // is saved on every action, so nothing is lost).
    const lang = $('language');
    for (const [code, name] of LANGUAGES) {
      const o = new Option(name, code, false, code === current().lang);
      o.lang = code; // each name in its own language, read as such
      lang.add(o);
    }
    lang.addEventListener('change', () => {
      if (!chooseLanguage(lang.value)) return;
      const url = new URL(location.href);
      url.searchParams.delete('lang');
      location.replace(url.href);
    });

    // The view switches, kept between visits.
    for (const [id, key] of [['opt-coordinates', 'coordinates'], ['opt-numbers', 'numbers'], ['opt-sound', 'sound']]) {
      const box = $(id);
      box.checked = this.viewOptions[key];
      box.addEventListener('change', () => {
        this.viewOptions[key] = box.checked;
        saveViewOptions(this.viewOptions);
        this.invalidate();
      });
    }
  }
}
