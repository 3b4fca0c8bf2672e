// The controller: connects the session (session.js, the game and every action, no DOM) to the
// page. The player's clicks, taps and keys become the session's actions; each change the session
// tells is saved (storage.js), announced (announce.js, in words.js's words), drawn (board.js,
// panel.js) and may start or stop the computer's search (opponent.js). Redraws are batched:
// every change calls invalidate(), which draws once in the next animation frame; the computer's
// thinking indicator changes at once.
import { Session, DEFAULT_OPTIONS } from './session.js';
import { Store, GAME_KEY, SAVE_VERSION, loadViewOptions, saveViewOptions } from './storage.js';
import { Engine } from './computer.js';
import { Opponent } from './opponent.js';
import { Board } from './board.js';
import { Panel } from './panel.js';
import { Dialogs } from './dialogs.js';
import { Files } from './files.js';
import { StoneSound } from './sound.js';
import { wireKeys } from './keys.js';
import { today } from './game-info.js';
import { t, current, LANGUAGES, chooseLanguage } from './language.js';
import { batched } from '../lib/frame.js';
import {
  actionText, whereText, statusText, positionText, lastMoveText, estimateText, warningText, errorText, errorDetail,
} from './words.js';

const $ = (id) => document.getElementById(id);
const other = (p) => (p === 'black' ? 'white' : 'black');

export class App {
  /** Game: the engine's Game class, after init; announcer: announce.js's Announcer. */
  constructor(Game, announcer) {
    this.canvas = $('board');
    this.announcer = announcer;
    this.session = new Session({ Game, computerName: (level) => `tengen (${t(`level.${level}`)})` });
    this.store = new Store(GAME_KEY);
    this.saveState = 'ok';
    this.viewOptions = loadViewOptions();
    this.sound = new StoneSound();
    this.redraw = batched(() => this.update());
    const say = (text) => this.say(text);
    this.board = new Board(this.canvas, this.session, this.viewOptions, {
      act: (x, y) => this.act(x, y),
      refuse: (code) => this.showError({ code }),
      say,
      invalidate: () => this.invalidate(),
    });
    this.panel = new Panel(this.session, this.board, {
      toggleMark: (x, y) => this.perform(['dead', x, y]),
      variation: (i) => this.next(i),
      say,
    });
    this.opponent = new Opponent(this.session, new Engine(), {
      changed: () => this.thinkingChanged(),
      failed: (e) => this.announcer.message(t('computer.failed', { detail: errorDetail(e) })),
      refused: (e) => this.showError(e),
    });
    this.dialogs = new Dialogs(this.session, {
      startGame: (options, opponent) => this.startGame(options, opponent),
      setInfo: (values) => this.session.setInfo(values),
    });
    this.files = new Files(this.session, this.announcer);
    this.session.on((c) => this.changed(c));
  }

  // ---- start-up -------------------------------------------------------------------------------

  /** The saved game, else a fresh one (with the saved options and opponent when they still work). */
  boot() {
    const s = this.session;
    const loaded = this.store.load();
    if (loaded.status === 'unavailable') {
      this.saveState = 'unavailable';
      this.announcer.notify('notice.storageUnavailable');
    }
    if (loaded.status === 'ok') {
      try {
        // A save of the first shape is written again in the current one at once.
        s.load(loaded.data, { how: 'boot', save: loaded.data.v !== SAVE_VERSION });
        return;
      } catch {
        // Actions that fail to replay, options the engine refuses, a record that cannot be read
        // back: a fresh game below.
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

  // ---- the session's changes ------------------------------------------------------------------

  /** After each change of the session: the input, the message, storage, words, the computer, a redraw. */
  changed(c) {
    const s = this.session;
    const input = this.board.input;
    switch (c.kind) {
      case 'game':
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
      default:
        break;
    }
    this.opponent.sync();
    this.thinkingChanged();
  }

  /** The computer started or stopped thinking: the indicator at once, the rest in the next frame. */
  thinkingChanged() {
    if (this.session.game) this.panel.showThinking(!!this.opponent.thinking);
    this.invalidate();
  }

  save() {
    if (this.saveState === 'unavailable') return;
    const r = this.store.save(this.session.snapshot());
    if (r === 'full' && this.saveState !== 'full') this.announcer.notify('notice.storageFull');
    if (r === 'unavailable') this.announcer.notify('notice.storageUnavailable');
    this.saveState = r;
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
    this.files.wire();

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
