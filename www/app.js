// The controller: holds the Game, turns its state into a view for the renderer and the panel,
// handles the controls, the keyboard, persistence and the service worker. Redraws are batched:
// every change calls invalidate(), which draws once in the next animation frame.
//
// Two kinds of game: one played here (new Game; saved as its options and its list of actions),
// and a game record read from an SGF file (Game.fromSgf; saved as the SGF of its whole tree, the
// path to the current node and the actions there that leave no node in the tree). In a record the
// player steps through moves and variations; a move played adds to the tree.
//
// When play stops, the engine's estimate proposes the dead stones at once (autoMark), recorded as
// one marking action per chain, so that undo, storage and replay treat them as any mark; Finish with
// nothing marked where the estimate sees dead stones asks first. While playing, Estimate shades the
// board with the estimate's ownership until the next action.
//
// Keys: on the focused board, the arrows move the cursor, Enter or Space plays (or marks a chain);
// anywhere, P passes and U undoes; in a record, Page Up / Page Down step back and forward, Home and
// End go to the start and the end of the line, and the Left / Right arrows step too when the board
// does not have the focus (on the board they move the cursor).
//
// Against the computer (issue 14), a game played here has an opponent ({ computer, level, seed }):
// on the computer's turn the engine worker (computer.js, engine-worker.js) thinks on a copy of the
// game rebuilt from the same options and actions, the board takes no move meanwhile, and its
// answer is played through perform() like a click, a pass or a resignation. Any other change of
// the game (undo, resign, a new game) first stops a search in progress; an answer for anything
// but the search now awaited is ignored.
import init, { Game } from './pkg/tengen.js';
import { pointName } from './lib/render.js';
import { BoardInput } from './lib/input.js';
import { gameView } from './lib/view.js';
import { parseSgf, setRootProps } from './lib/sgf.js';
import { numberLabels } from './lib/record.js';
import * as describe from './lib/describe.js';
import { t, tn, applyI18n, formatNumber, current, LANGUAGES, chooseLanguage } from './i18n.js';
import { Store, isAction, INFO_IDS } from './storage.js';
import { applyAction } from './actions.js';
import { Engine, LEVEL_NAMES, DEFAULT_LEVEL, isOpponent, moveOptions } from './computer.js';

const STORAGE_KEY = 'tengen.game';
const VIEW_KEY = 'tengen.view';

/** The view switches (coordinates, move numbers), kept between visits. */
function loadViewOptions() {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) || '{}');
    return { coordinates: v.coordinates !== false, numbers: v.numbers === true, sound: v.sound === true };
  } catch {
    return { coordinates: true, numbers: false, sound: false };
  }
}
// The presets and their default komi come from the engine (Game.presets()), read once after init.
let presetList = null;
const presets = () => (presetList ??= Game.presets());
const presetNames = () => presets().map((p) => p.name);
const presetKomi = (name) => presets().find((p) => p.name === name)?.komi ?? 0;
const DEFAULT_OPTIONS = Object.freeze({ size: 19, rules: 'japanese-1989', komi: 6.5, handicap: 0, handicapPlacement: 'fixed' });
/** The `reason`s of `notAllowed` errors that the page words itself (else 'error.notAllowed'). */
const REFUSALS = ['handicapFirst', 'nothingToUndo', 'allAlive', 'noRepetition'];
const ERROR_CODES = ['offBoard', 'occupied', 'suicide', 'ko', 'superko', 'notPlaying', 'notStopped', 'notAllowed', 'noStone', 'invalidOptions'];
const MAX_SGF_BYTES = 16 * 1024 * 1024;
// The rules, komi and handicap are on the rules line above, for a record as for a game played here.
const INFO_ROWS = ['gameName', 'event', 'date', 'result'];
// The game information the player can edit: its SGF property and its key in Game.info.
const INFO_KEYS = { PB: 'black', BR: 'blackRank', PW: 'white', WR: 'whiteRank', DT: 'date', EV: 'event' };
/** Today's date as SGF writes dates (DT[2026-11-26]), in the local calendar. */
function today(now = new Date()) {
  const d = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${d(now.getMonth() + 1)}-${d(now.getDate())}`;
}
/** "Alice (3d)", "Alice", "3d" or null. */
function playerText(name, rank) {
  return name && rank ? t('record.player', { name, rank }) : name || rank || null;
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// A warning names at most this many stones of its chain, then says how many more.
const WARNING_POINTS = 6;

const $ = (id) => document.getElementById(id);
const playerName = (p) => describe.playerName(current(), p);
/** A warning of the count by its code and its chain's first stone. */
const warningKey = (w) => `${w.code}:${w.points[0]}`;

/**
 * One point per chain among `points` (row-major, whole chains of stones, as autoMark returns them):
 * the chain's first stone in row-major order, in the order of those first stones. Stones of a
 * colour next to each other are one chain, so a flood over the given points finds each chain.
 */
export function chainStarts(points, board, width) {
  const given = new Set(points.map(([x, y]) => y * width + x));
  const seen = new Set();
  const starts = [];
  for (const [x, y] of points) {
    const i = y * width + x;
    if (seen.has(i)) continue;
    starts.push([x, y]);
    seen.add(i);
    const todo = [i];
    while (todo.length) {
      const j = todo.pop();
      const jx = j % width;
      for (const k of [jx > 0 ? j - 1 : -1, jx < width - 1 ? j + 1 : -1, j - width, j + width]) {
        if (k >= 0 && given.has(k) && !seen.has(k) && board[k] === board[j]) {
          seen.add(k);
          todo.push(k);
        }
      }
    }
  }
  return starts;
}

/** Only the fields the engine reads, so nothing else from storage reaches it. */
/**
 * The games of the file a record came from, for the record panel's list: null for a file of one
 * game (or when the list cannot be read), else [{ index, name, width, height }].
 */
function gameList(input, game, lenient) {
  if (game.gameCount <= 1) return null;
  try {
    return Game.sgfGames(input, { lenient }).map((g) => ({
      index: g.index,
      name: g.black && g.white ? t('record.players', { black: g.black, white: g.white }) : g.gameName,
      width: g.width,
      height: g.height,
    }));
  } catch {
    return null;
  }
}

function cleanOptions(o) {
  const size = typeof o.size === 'number' ? o.size
    : o.size && typeof o.size === 'object' ? { width: o.size.width, height: o.size.height } : undefined;
  return { size, rules: o.rules, komi: o.komi, handicap: o.handicap, handicapPlacement: o.handicapPlacement };
}

/** Game information from storage or a dialog: the known SGF ids with text, nothing else. */
function cleanInfo(info) {
  const out = {};
  for (const id of INFO_IDS) {
    const v = info?.[id];
    if (typeof v === 'string' && v.trim()) out[id] = v.trim().slice(0, 200);
  }
  return out;
}

/** A file name for a saved record: the one it was opened from, else the players, else the date. */
export function sgfFileName(name, info, now = new Date()) {
  const clean = (s) => String(s).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 80);
  if (name) {
    const base = clean(name.replace(/\.sgf$/i, ''));
    if (base) return `${base}.sgf`;
  }
  if (info?.black || info?.white) {
    const base = clean(`${info.black || '?'} vs ${info.white || '?'}${info.date ? ` ${info.date}` : ''}`);
    if (base) return `${base}.sgf`;
  }
  const d = (n) => String(n).padStart(2, '0');
  return `tengen-${now.getFullYear()}-${d(now.getMonth() + 1)}-${d(now.getDate())}-${d(now.getHours())}${d(now.getMinutes())}.sgf`;
}

/** An estimate's count in words: "Estimate: Black leads by 3.5 (B+3.5)". */
export function estimateText(s) {
  if (!s.winner) return t('estimate.even', { result: s.result });
  if (s.margin === 0) return t('estimate.tieWhite', { result: s.result });
  return t('estimate.lead', { player: playerName(s.winner), margin: formatNumber(s.margin), result: s.result });
}

/** The result in words: "Black wins by 3.5", "White wins by resignation", "Draw (jigo)", ... */
export function resultText(s) {
  return describe.resultText(current(), s);
}

class App {
  constructor() {
    this.canvas = $('board');
    this.store = new Store(STORAGE_KEY);
    this.game = null;
    this.options = null;
    this.actions = [];
    this.record = null; // { name } while the game is a record read from an SGF file
    this.extra = []; // in a record: the actions at the current node that left no node
    this.recordKey = ''; // what the record panel shows, to rebuild it only when it changes
    this.warningsKey = ''; // the warnings the count panel shows, to rebuild them only when they change
    this.sgfText = null; // the record's SGF while neither its tree nor its end changed
    this.proposed = null; // { stones } after the estimate proposed the dead stones at a stop
    this.replaced = null; // the game a new game or an opened record replaced (snapshot()), for Undo
    this.opponent = null; // { computer: 'black' | 'white', level, seed } in a game against the computer
    this.engine = new Engine(); // the computer's worker, started at its first move
    this.thinking = null; // { id } while the computer searches
    this.thinkId = 0;
    this.thoughts = 0; // searches started, for the tests
    // The game information the player gave (SGF id -> text; '' removes it): all of it for a game
    // played here, the changes to the file's for a record. Written into the SGF's root on saving.
    this.info = {};
    this.viewOptions = loadViewOptions();
    this.numbersCache = null; // { key, labels }: the move numbers of the position last drawn
    this.estimate = null; // { ownership, faded, score } while Estimate shows on the board
    this.saveState = 'ok';
    this.frame = 0;
    this.lastView = null;
    this.lastSaid = '';
    // Pointer, touch and keyboard on the board (shared with <tengen-board>).
    this.input = new BoardInput(this.canvas, {
      game: () => this.game,
      placing: () => this.game?.phase === 'playing' && !this.computerToMove(),
      act: (x, y) => this.act(x, y),
      refuse: (code, x, y) => this.showError({ code }, ['place', x, y]),
      say: (text) => this.say(text),
      invalidate: () => this.invalidate(),
      tr: current,
      region: () => null,
      key: () => false,
    });
  }

  // ---- game lifecycle -------------------------------------------------------------------------

  boot() {
    const loaded = this.store.load();
    if (loaded.status === 'unavailable') {
      this.saveState = 'unavailable';
      this.notify('notice.storageUnavailable');
    }
    if (loaded.status === 'ok') {
      try {
        if (typeof loaded.data.sgf === 'string') this.restoreRecord(loaded.data);
        else this.newGame(loaded.data.options, loaded.data.actions, { save: false, info: loaded.data.info, opponent: loaded.data.opponent });
        return;
      } catch {
        // Actions that fail to replay, options the engine refuses, a record that cannot be read
        // back: a fresh game below.
      }
    }
    if (loaded.status === 'corrupt' || loaded.status === 'ok') this.notify('notice.storageCorrupt');
    let options = DEFAULT_OPTIONS;
    let opponent = null;
    if (loaded.status === 'ok' && loaded.data.options) {
      try {
        new Game(cleanOptions(loaded.data.options)).free();
        options = loaded.data.options;
        opponent = loaded.data.opponent;
      } catch { /* keep the defaults */ }
    }
    this.newGame(options, [], { info: { DT: today() }, opponent });
  }

  /**
   * Starts a game from options and replays actions; throws (changing nothing) if either fails.
   * info: its game information (SGF id -> text); opponent: the computer's settings, or null.
   */
  newGame(options, actions = [], { save = true, info = {}, opponent = null } = {}) {
    const opts = cleanOptions(options);
    const game = new Game(opts);
    try {
      for (const a of actions) {
        if (!isAction(a)) throw new Error('bad action');
        applyAction(game, a);
      }
    } catch (e) {
      game.free();
      throw e;
    }
    this.options = opts;
    this.actions = actions.map((a) => a.slice());
    this.setGame(game, null, []);
    this.opponent = isOpponent(opponent) ? { computer: opponent.computer, level: opponent.level, seed: opponent.seed } : null;
    this.info = cleanInfo(info);
    if (save) this.save();
    this.maybeThink();
  }

  /** Makes game the current game: a plain one (record null) or a record ({ name }). */
  setGame(game, record, extra) {
    this.cancelThinking();
    this.opponent = null;
    this.game?.free();
    this.game = game;
    this.record = record;
    this.info = {};
    this.extra = extra.map((a) => a.slice());
    this.recordKey = '';
    this.sgfText = null;
    this.proposed = null;
    this.estimate = null;
    if (record) {
      this.options = null;
      this.actions = [];
    }
    this.input.place(game.lastMove?.point);
    this.input.reset();
    this.setMessage('');
    $('layout').style.setProperty('--aspect', String((game.width + 1.6) / (game.height + 1.6)));
    this.canvas.setAttribute('aria-label', t(record ? 'board.label.record' : 'board.label', { width: game.width, height: game.height }));
    this.invalidate();
  }

  /** A saved record: its tree, the node it was at, the actions there. Throws if any fails. */
  restoreRecord(data) {
    const index = Number.isInteger(data.game) && data.game >= 0 ? data.game : 0;
    const game = Game.fromSgf(data.sgf, { lenient: true, game: index });
    try {
      game.goTo(data.path);
      for (const a of data.extra) applyAction(game, a);
    } catch (e) {
      game.free();
      throw e;
    }
    this.setGame(game, { name: data.name || '', games: gameList(data.sgf, game, true) }, data.extra);
  }

  /** Reads an SGF file (a File from the picker or a drop) and shows it, at the end of its main line. */
  async openFile(file) {
    if (!file) return;
    if (file.size > MAX_SGF_BYTES) {
      this.setMessage(t('sgf.tooLarge'));
      return;
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      this.setMessage(t('sgf.openFailed', { detail: e?.message || String(e) }));
      return;
    }
    this.openSgf(bytes, file.name || '');
  }

  /** Reads SGF bytes; a record the strict reading refuses is read leniently, with a notice. */
  openSgf(bytes, name, index = 0) {
    let game;
    let problem = null;
    try {
      game = Game.fromSgf(bytes, { game: index });
    } catch (strict) {
      try {
        game = Game.fromSgf(bytes, { lenient: true, game: index });
        problem = strict;
      } catch {
        this.setMessage(t('sgf.openFailed', { detail: errorDetail(strict) }));
        return false;
      }
    }
    this.keepReplaced();
    this.setGame(game, { name, games: gameList(bytes, game, !!problem) }, []);
    this.save();
    this.clearNotice('sgf.readWithProblems');
    if (problem || game.warnings.length) {
      const detail = problem ? errorDetail(problem) : game.warnings[0];
      this.notify('sgf.readWithProblems', { detail });
    }
    this.say(t('say.opened', { name: name || t('record.untitled'), status: this.statusText() }), new Set());
    return true;
  }

  /** A link that opens the current game: its SGF in the URL's fragment (never sent to a server). */
  shareUrl() {
    const bytes = new TextEncoder().encode(this.sgf());
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    const b64 = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const url = new URL(location.href);
    url.search = '';
    const index = this.record ? this.game.gameIndex : 0;
    url.hash = index ? `sgf=${b64}&game=${index}` : `sgf=${b64}`;
    return url.href;
  }

  /** Copies the share link (or shows it where the clipboard is not available). */
  async share() {
    const url = this.shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      this.setMessage(t('share.copied'));
    } catch {
      this.setMessage(t('share.link', { url }));
    }
    this.say(t('share.copied'));
  }

  /** A game opened from a share link (#sgf=...): read, then the fragment removed. */
  openShared() {
    const m = /^#sgf=([A-Za-z0-9_-]+)(?:&game=(\d{1,7}))?$/.exec(location.hash);
    if (!m) return;
    history.replaceState(null, '', location.pathname + location.search);
    try {
      const bin = atob(m[1].replace(/-/g, '+').replace(/_/g, '/'));
      this.openSgf(Uint8Array.from(bin, (c) => c.charCodeAt(0)), '', Number(m[2] ?? 0));
    } catch (e) {
      this.setMessage(t('sgf.openFailed', { detail: errorDetail(e) }));
    }
  }

  /** Downloads the current game as SGF. */
  saveFile() {
    const g = this.game;
    if (!g) return;
    const text = this.sgf();
    const name = sgfFileName(this.record?.name, this.gameInfo());
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.say(t('say.saved', { name }));
  }

  /** The game as SGF, with the game information given here in its root. */
  sgf(text = this.game.toSgf()) {
    return setRootProps(text, this.info, this.game.gameIndex);
  }

  /** Opens another game of the file the record came from (the changes made here kept in the file). */
  chooseGame(index) {
    const count = this.game.gameCount;
    if (!this.record || index === this.game.gameIndex || !(index >= 0 && index < count)) return;
    const text = this.sgf();
    let game;
    try {
      game = Game.fromSgf(text, { lenient: true, game: index });
    } catch (e) {
      this.setMessage(t('sgf.openFailed', { detail: errorDetail(e) }));
      return;
    }
    this.setGame(game, { name: this.record.name, games: gameList(text, game, true) }, []);
    this.save();
    const name = $('record-name').textContent;
    this.say(t('say.gameChosen', { n: index + 1, count, name, status: this.statusText() }), new Set());
  }

  /** The game information shown and saved: the record's, with the changes made here (Game.info's keys). */
  gameInfo() {
    const info = this.record ? { ...this.game.info } : {};
    for (const [id, key] of Object.entries(INFO_KEYS)) {
      if (Object.hasOwn(this.info, id)) info[key] = this.info[id] || null;
    }
    return info;
  }

  save() {
    if (this.saveState === 'unavailable') return;
    // The SGF changes with the tree (a move played) and with actions at the node; not with a step.
    if (this.record && (this.extra.length || this.sgfText === null)) this.sgfText = this.game.toSgf();
    const r = this.store.save(this.snapshot());
    if (r === 'full' && this.saveState !== 'full') this.notify('notice.storageFull');
    if (r === 'unavailable') this.notify('notice.storageUnavailable');
    this.saveState = r;
  }

  /** The game as storage keeps it: a record's SGF and place in it, or a game's options and actions. */
  snapshot() {
    if (this.record && (this.extra.length || this.sgfText === null)) this.sgfText = this.game.toSgf();
    return this.record
      ? { sgf: this.sgf(this.sgfText), game: this.game.gameIndex, path: this.game.path, extra: this.storedExtra(), name: this.record.name }
      : { options: this.options, actions: this.actions.map((a) => a.slice()), info: { ...this.info }, opponent: this.opponent && { ...this.opponent } };
  }

  /**
   * Keeps the current game, about to be replaced by a new game or an opened record, so that Undo
   * brings it back (issue 11: a game never disappears by one tap). A fresh game with nothing
   * played is not worth keeping.
   */
  keepReplaced() {
    if (!this.game) return;
    const empty = !this.record && this.actions.length === 0;
    if (!empty) this.replaced = this.snapshot();
  }

  /** Undo with nothing left to take back in this game: the game it replaced comes back. */
  restoreReplaced() {
    const d = this.replaced;
    this.replaced = null;
    try {
      if (typeof d.sgf === 'string') this.restoreRecord(d);
      else this.newGame(d.options, d.actions, { save: false, info: d.info, opponent: d.opponent });
    } catch (e) {
      this.showError(e, ['undo']);
      return;
    }
    this.save();
    this.say(t('say.restored', { status: this.statusText() }));
  }

  /**
   * The actions at a record's node to store beside its SGF: those the SGF does not carry. Where
   * play stopped, toSgf() writes the dead stones as territory (TB/TW) and a count accepted as the
   * result (RE), and Game.fromSgf applies them again on arriving at the node (as the node's own,
   * not undone one by one); replayed on top, the marks would be toggled twice and the finish
   * refused. Resuming, resigning and no result are not carried: they are replayed.
   */
  storedExtra() {
    const g = this.game;
    const finishCarried = g.phase === 'finished' && this.counting() && g.variations().length === 0;
    return this.extra.filter((a) => a[0] !== 'dead' && !(a[0] === 'finish' && finishCarried));
  }

  /** Free handicap stones Black has still to place: the engine's count. */
  handicapLeft() {
    return this.game.handicapLeft;
  }

  /**
   * Plays one action; on success saves, announces and redraws; on failure says why. `computer`:
   * the computer's own move (else a move or pass on its turn is refused).
   */
  perform(a, { computer = false } = {}) {
    const g = this.game;
    if (!computer && (a[0] === 'place' || a[0] === 'pass') && this.computerToMove()) {
      this.setMessage(t('computer.wait'));
      return false;
    }
    const before = { toMove: g.toMove, handicapLeft: this.handicapLeft() };
    const warned = this.warningKeys();
    // A resignation (or anything else) while the computer thinks: its search no longer applies.
    this.cancelThinking();
    let r;
    try {
      r = applyAction(g, a);
    } catch (e) {
      this.showError(e, a, before);
      this.maybeThink();
      return false;
    }
    this.sgfText = null;
    if (!this.record) this.actions.push(a);
    else if (a[0] === 'place' || a[0] === 'pass') this.extra = []; // a new node
    else this.extra.push(a);
    this.estimate = null;
    if (a[0] !== 'dead') this.proposed = null;
    if (a[0] === 'pass' && g.phase === 'stopped') this.proposed = this.propose();
    if (a[0] === 'place' && this.viewOptions.sound) this.click(r > 0);
    this.input.reset();
    this.setMessage('');
    this.save();
    this.say(this.describe(a, r, before), warned);
    this.invalidate();
    this.maybeThink();
    return true;
  }

  // ---- the computer opponent ------------------------------------------------------------------

  /** Whether it is the computer's turn to play (in a game against it, while playing). */
  computerToMove() {
    const g = this.game;
    return !!(g && this.opponent && !this.record && g.phase === 'playing' && g.toMove === this.opponent.computer);
  }

  /** On the computer's turn, unless it is already thinking: asks the worker for its move. */
  maybeThink() {
    if (this.thinking || !this.computerToMove()) return;
    const id = ++this.thinkId;
    this.thinking = { id };
    this.thoughts++;
    this.engine.genmove(this.options, this.actions, moveOptions(this.opponent, this.actions.length))
      .then((r) => this.computerMove(id, r.move), (e) => this.computerFailed(id, e));
    this.showThinking();
    this.invalidate();
  }

  /**
   * The thinking indicator, at once (not in the next frame: a quick search is seen too). Shown in
   * games against the computer, a live region, so that its words are read when they change; its
   * words and spinner while the computer searches.
   */
  showThinking() {
    const thinking = $('thinking');
    thinking.hidden = !this.opponent || this.game?.phase !== 'playing';
    thinking.classList.toggle('active', !!this.thinking);
    const words = this.thinking ? t('computer.thinking') : '';
    if ($('thinking-text').textContent !== words) $('thinking-text').textContent = words;
  }

  /** Stops a search in progress (ending the worker, the one way to stop wasm that runs). */
  cancelThinking() {
    if (!this.thinking) return;
    this.thinking = null;
    this.engine.stop();
    this.invalidate();
  }

  /** The computer's answer: played as a click, a pass or a resignation would be. */
  computerMove(id, move) {
    if (this.thinking?.id !== id) return; // a search for a position since left
    this.thinking = null;
    if (!this.computerToMove()) {
      this.invalidate();
      return;
    }
    const opts = { computer: true };
    if (move === 'resign') this.perform(['resign', this.opponent.computer], opts);
    else if (move === 'pass' || !this.perform(['place', move.x, move.y], opts)) this.perform(['pass'], opts);
  }

  computerFailed(id, e) {
    if (this.thinking?.id !== id) return;
    this.thinking = null;
    this.setMessage(t('computer.failed', { detail: errorDetail(e) }));
    this.invalidate();
  }

  /**
   * Play has just stopped: marks the dead stones the estimate proposes (autoMark), and records
   * each chain it marked as a marking action, in the engine's order (by first stone, row-major),
   * so that undo takes them back one at a time and a reload replays them. Nothing is proposed
   * where stones are marked already (a record's own count), nor where the rules mark no dead
   * stones (autoMark refuses: notAllowed). Returns { stones } marked, or null if none was proposed.
   */
  propose() {
    const g = this.game;
    if (g.score().dead.length) return null;
    let changed;
    try {
      changed = g.autoMark();
    } catch {
      return null;
    }
    const list = this.record ? this.extra : this.actions;
    for (const [x, y] of chainStarts(changed, g.board(), g.width)) list.push(['dead', x, y]);
    return { stones: changed.length };
  }

  /** Finish; with no stone marked dead where the estimate sees some, asks first. */
  async finish() {
    const g = this.game;
    if (g.phase === 'stopped' && !g.score().dead.length) {
      const dead = g.estimate().dead;
      // Marking may be refused (seed 004 5.1: two passes straight after a resumption make every
      // stone alive): then there is nothing to go back to. setDead(.., false) on an unmarked
      // chain changes nothing, or throws there.
      let canMark = dead.length > 0;
      try {
        if (canMark) g.setDead(dead[0][0], dead[0][1], false);
      } catch {
        canMark = false;
      }
      if (canMark && !(await this.confirmFinish(dead.length))) {
        this.say(t('say.backToMarking'));
        return;
      }
      if (this.game !== g || g.phase !== 'stopped') return;
    }
    this.perform(['finish']);
  }

  /** The dialog that asks before a Finish with nothing marked: true to finish anyway. */
  confirmFinish(n) {
    const d = $('finish-dialog');
    $('finish-text').textContent = tn('dialog.finish.text', n);
    d.returnValue = '';
    return new Promise((resolve) => {
      onClosed(d, () => resolve(d.returnValue === 'finish'));
      d.showModal();
    });
  }

  /** Estimate: shows the estimate of the position on the board, or hides it. */
  toggleEstimate() {
    const g = this.game;
    if (this.estimate || g.phase !== 'playing') {
      this.estimate = null;
      this.say(t('say.estimateHidden'));
      this.invalidate();
      return;
    }
    const e = g.estimate();
    const faded = new Uint8Array(g.width * g.height);
    for (const [x, y] of e.dead) faded[y * g.width + x] = 1;
    this.estimate = { ownership: e.ownership, faded, score: e.score };
    this.say(t('say.estimate', { text: estimateText(e.score) }));
    this.invalidate();
  }

  /** Whether undo has something to take back: an action, or (in a record) a step back. */
  canUndo() {
    return this.canUndoHere() || !!this.replaced;
  }

  /** Whether this game itself has something to take back. */
  canUndoHere() {
    if (!this.record) return this.actions.length > 0;
    return this.extra.length > 0 || this.game.path.length > 0;
  }

  /**
   * Takes back the last action. Against the computer, Undo while it thinks stops its search and
   * takes back the player's move; on the player's turn it takes back the computer's move and the
   * player's before it, so that it is the player's turn again.
   */
  undo() {
    this.cancelThinking();
    if (!this.canUndoHere() && this.replaced) {
      this.restoreReplaced();
      return;
    }
    if (!this.canUndo()) {
      this.setMessage(t('error.nothingToUndo'));
      this.maybeThink();
      return;
    }
    const warned = this.warningKeys();
    try {
      this.undoOne();
      while (this.computerToMove() && this.actions.length) this.undoOne();
    } catch (e) {
      this.showError(e, ['undo']);
      this.save(); // the computer's move may have been taken back before the refusal
      this.invalidate();
      this.maybeThink();
      return;
    }
    this.proposed = null;
    this.estimate = null;
    this.input.reset();
    this.setMessage('');
    this.save();
    this.say(t('say.undo', { status: this.statusText() }), warned);
    this.invalidate();
    this.maybeThink();
  }

  /** One undo in the engine, and the action it took back forgotten. */
  undoOne() {
    this.game.undo();
    this.sgfText = null;
    if (!this.record) this.actions.pop();
    else this.extra.pop(); // the last extra action, or nothing when undo stepped back
  }

  describe(a, r, before) {
    const g = this.game;
    const h = g.height;
    switch (a[0]) {
      case 'place': {
        const point = pointName(a[1], a[2], h);
        if (before.handicapLeft > 0) return t('say.handicap', { point });
        const player = playerName(before.toMove);
        return r > 0 ? tn('say.captures', r, { player, point }) : t('say.move', { player, point });
      }
      case 'pass': {
        let s = t('say.pass', { player: playerName(before.toMove) });
        if (g.phase === 'stopped') {
          const p = this.proposed;
          s += ' ' + (!p ? t('say.stopped') : p.stones ? tn('say.proposed', p.stones) : t('say.proposedNone'));
        }
        if (g.phase === 'finished') s += ' ' + t('say.finish', { result: resultText(g.score()) });
        return s;
      }
      case 'dead': {
        const score = g.score();
        const dead = score.dead.some(([x, y]) => x === a[1] && y === a[2]);
        const color = g.board()[a[2] * g.width + a[1]];
        return t(dead ? 'say.dead' : 'say.alive', {
          player: playerName(color), point: pointName(a[1], a[2], h), result: t('score.provisional', { result: resultText(score) }),
        });
      }
      case 'resume':
        return t('say.resume', { requester: playerName(a[1]), player: playerName(g.toMove) });
      case 'resign':
        return t('say.resign', { player: playerName(a[1]), result: resultText(g.score()) });
      case 'finish':
        return t('say.finish', { result: resultText(g.score()) });
      case 'noResult':
        return t('say.noResult');
      default:
        return '';
    }
  }

  // ---- moving in a record -------------------------------------------------------------------

  /** Runs a move in the tree (goTo, previous, next); says where it went, or why it could not. */
  navigate(step) {
    if (!this.record) return;
    const before = this.game.path.join();
    const warned = this.warningKeys();
    let error = null;
    try {
      step(this.game);
    } catch (e) {
      error = e;
    }
    if (this.game.path.join() !== before) {
      if (this.extra.length) this.sgfText = null;
      this.extra = [];
      this.proposed = null;
      this.estimate = null;
      this.input.reset();
      const last = this.game.lastMove?.point;
      if (last) this.input.place(last);
      this.save();
      this.say(this.whereText(), warned);
    }
    if (error) this.showError(error, ['navigate']);
    else this.setMessage('');
    this.invalidate();
  }

  first() { this.navigate((g) => g.goTo([])); }

  previous() { this.navigate((g) => g.previous()); }

  next(variation = 0) {
    this.navigate((g) => {
      if (!g.next(variation)) throw { code: 'endOfLine' };
    });
  }

  last() { this.navigate((g) => { while (g.next()); }); }

  /** The current move in words, for the live region. */
  whereText() {
    const g = this.game;
    const status = this.statusText();
    const m = g.lastMove;
    if (!g.path.length || !m) return t('say.at.start', { status });
    const player = playerName(m.player);
    if (!m.point) return t('say.at.pass', { n: g.moveNumber, player, status });
    return t('say.at', { n: g.moveNumber, player, point: pointName(m.point[0], m.point[1], g.height), status });
  }

  showError(e, a, before = {}) {
    const code = e && e.code;
    let key;
    if (code === 'illegalMove' || code === 'sgf') {
      this.setMessage(t('error.illegalMove', { detail: errorDetail(e) }));
      return;
    }
    if (code === 'endOfLine') {
      this.setMessage(t('error.endOfLine'));
      return;
    }
    if (code === 'notAllowed') {
      // The engine says which refusal it was (its `reason`); a few have sentences of their own.
      key = REFUSALS.includes(e.reason) ? `error.${e.reason}` : 'error.notAllowed';
    } else if (ERROR_CODES.includes(code)) {
      key = `error.${code}`;
    }
    this.setMessage(key ? t(key) : t('error.unknown', { detail: e && e.message }));
  }

  // ---- input ----------------------------------------------------------------------------------

  /** A click, a confirmed tap or Enter at (x, y) (lib/input.js asks first on touch). */
  act(x, y) {
    const g = this.game;
    if (this.computerToMove()) {
      this.maybeThink(); // asks again after a failure; nothing while it thinks
      this.setMessage(t('computer.wait'));
      return;
    }
    if (g.phase === 'stopped') {
      this.perform(['dead', x, y]);
      return;
    }
    if (g.phase === 'finished') {
      this.setMessage(t('hint.finished'));
      return;
    }
    this.perform(['place', x, y]);
  }

  onGlobalKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !this.game) return;
    const tag = e.target?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || document.querySelector('dialog[open]')) return;
    if (this.record) {
      // Held down, these keys step on: repeats are welcome here.
      const onBoard = e.target === this.canvas;
      const nav = {
        PageUp: () => this.previous(),
        PageDown: () => this.next(),
        Home: () => this.first(),
        End: () => this.last(),
        ArrowLeft: onBoard ? null : () => this.previous(),
        ArrowRight: onBoard ? null : () => this.next(),
      }[e.key];
      if (nav) {
        e.preventDefault();
        nav();
        return;
      }
    }
    if (e.repeat) return;
    const k = e.key.toLowerCase();
    if (k === 'r') {
      e.preventDefault();
      this.say(this.readPosition());
      return;
    }
    if (k === 'l') {
      e.preventDefault();
      this.toLastMove();
      return;
    }
    if (k === 'p') {
      e.preventDefault();
      this.perform(['pass']);
    } else if (k === 'u') {
      e.preventDefault();
      this.undo();
    }
  }

  /**
   * The position in words, for screen readers: each colour's stones, the last move, who is to
   * play (lib/describe.js), the captures, and the count while the dead stones are marked or
   * after a counted end.
   */
  readPosition() {
    const g = this.game;
    const tr = current();
    const parts = [describe.positionText(tr, g), t('read.captures', { black: formatNumber(g.captures.black), white: formatNumber(g.captures.white) })];
    if (this.counting()) {
      const s = g.score();
      parts.push(`${t(g.phase === 'finished' ? 'score.final' : 'score.provisional', { result: resultText(s) })} (${s.result}).`);
    }
    return parts.join(' ');
  }

  /** Puts the keyboard cursor on the last move and says where it is. */
  toLastMove() {
    const p = this.game.lastMove?.point;
    if (!p) {
      this.say(t('read.lastNone'));
      return;
    }
    this.input.place(p);
    this.input.keyboard = true;
    this.canvas.focus();
    const m = this.game.lastMove;
    this.say(t('read.last', { player: playerName(m.player), point: pointName(p[0], p[1], this.game.height) }));
    this.invalidate();
  }

  // ---- view and panel -------------------------------------------------------------------------

  /** Whether the board shows the count: while marking, and at the end of a counted game. */
  counting() {
    const g = this.game;
    return g.phase === 'stopped' || g.outcome === 'counted';
  }

  /**
   * The move numbers on the stones (the switch): the moves from the start to here, read from the
   * game's SGF (lib/sgf.js), the number of each stone's move while that stone is on the board.
   */
  moveLabels() {
    const g = this.game;
    const text = g.toSgf();
    const path = this.record ? g.path : null;
    const key = `${text}|${path}`;
    if (this.numbersCache?.key === key) return this.numbersCache.labels;
    const [root] = parseSgf(text);
    const nodes = [root];
    if (path) {
      for (const i of path) nodes.push(nodes[nodes.length - 1].children[i]);
    } else {
      while (nodes[nodes.length - 1].children.length) nodes.push(nodes[nodes.length - 1].children[0]);
    }
    const labels = numberLabels(nodes.filter(Boolean), g.board(), g.width, g.height);
    this.numbersCache = { key, labels };
    return labels;
  }

  /**
   * The sound of a stone on the board (the switch): a short knock made with Web Audio, no
   * files; a capture adds a second, lighter one.
   */
  click(captured) {
    try {
      this.audio ??= new AudioContext();
      const ctx = this.audio;
      const knock = (at, freq, level) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'triangle';
        osc.frequency.setValueAtTime(freq, at);
        osc.frequency.exponentialRampToValueAtTime(freq * 0.5, at + 0.08);
        gain.gain.setValueAtTime(level, at);
        gain.gain.exponentialRampToValueAtTime(0.001, at + 0.09);
        osc.connect(gain).connect(ctx.destination);
        osc.start(at);
        osc.stop(at + 0.1);
      };
      knock(ctx.currentTime, 900, 0.5);
      if (captured) knock(ctx.currentTime + 0.11, 1300, 0.25);
      this.sounds = (this.sounds || 0) + 1;
    } catch { /* no audio: silence */ }
  }

  /** The record's markup, with the move numbers where the switch shows them. */
  markupWithNumbers() {
    const g = this.game;
    const markup = this.record ? g.markup : null;
    if (!this.viewOptions.numbers) return markup;
    const m = markup ?? { triangles: [], squares: [], circles: [], crosses: [], labels: [] };
    const taken = new Set(m.labels.map((l) => l.point.join()));
    return { ...m, labels: [...m.labels, ...this.moveLabels().filter((l) => !taken.has(l.point.join()))] };
  }

  buildView(score) {
    const g = this.game;
    return gameView(g, {
      coordinates: this.viewOptions.coordinates,
      score,
      input: this.input.state,
      ownership: this.estimate?.ownership ?? null,
      faded: this.estimate?.faded ?? null,
      attention: score && g.phase === 'stopped' && score.warnings.length ? score.warnings.flatMap((w) => w.points) : null,
      markup: this.markupWithNumbers(),
      variations: this.record ? this.variationMarks() : null,
    });
  }

  /** The lettered points of the variations at this node, when the record branches here. */
  variationMarks() {
    const list = this.game.variations();
    if (list.length < 2) return null;
    return list.map((v, i) => v.point && { x: v.point[0], y: v.point[1], label: LETTERS[i % 26] }).filter(Boolean);
  }

  /** The rules of the game in words: preset, komi, handicap (issue 11: always in view). */
  rulesText() {
    const s = this.game.score();
    let rules = null;
    if (this.options) rules = typeof this.options.rules === 'string' ? this.options.rules : this.options.rules?.preset;
    const parts = [];
    if (rules) parts.push(t(`preset.${rules}`));
    else if (this.record && this.game.info.rules) parts.push(this.game.info.rules);
    parts.push(t('rules.komi', { komi: formatNumber(s.komi) }));
    const handicap = this.options ? this.options.handicap || 0 : Number(this.game.info.handicap) || 0;
    if (handicap >= 2) parts.push(t('rules.handicap', { n: formatNumber(handicap) }));
    return parts.join(' · ');
  }

  /**
   * A game played here: its players, date and event under the rules ("Alice (3d) vs Bob (2k) ·
   * 2026-11-26 · Club night"). A record shows its information in the record panel.
   */
  updatePlayers() {
    const p = $('game-players');
    const parts = [];
    if (!this.record) {
      const o = this.opponent;
      if (o) parts.push(t('computer.line', { level: t(`level.${o.level}`), player: playerName(o.computer === 'black' ? 'white' : 'black') }));
      const info = this.gameInfo();
      const black = playerText(info.black, info.blackRank);
      const white = playerText(info.white, info.whiteRank);
      if (black || white) parts.push(t('record.players', { black: black || t('player.black'), white: white || t('player.white') }));
      if (info.date) parts.push(info.date);
      if (info.event) parts.push(info.event);
    }
    p.textContent = parts.join(' · ');
    p.hidden = !parts.length;
  }

  statusText() {
    const g = this.game;
    if (g.phase === 'stopped') return t('status.stopped');
    if (g.phase === 'finished') return t('status.finished');
    const left = this.handicapLeft();
    if (left > 0) return t('status.handicap', { k: this.options.handicap - left + 1, n: this.options.handicap });
    return t('status.toPlay', { player: playerName(g.toMove) });
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
    });
  }

  update() {
    const g = this.game;
    if (!g) return;
    const score = g.phase !== 'playing' ? g.score() : null;
    const view = this.buildView(this.counting() ? score : null);
    this.lastView = view;
    this.input.renderer.draw(view);

    const phase = g.phase;
    $('turn').textContent = this.statusText();
    const stone = $('turn-stone');
    stone.className = `stone-icon ${g.toMove}`;
    stone.hidden = phase !== 'playing';
    $('move-number').textContent = t('status.move', { n: g.moveNumber });
    $('game-rules').textContent = this.rulesText();
    this.updatePlayers();
    const caps = g.captures;
    $('captures-black').textContent = formatNumber(caps.black);
    $('captures-white').textContent = formatNumber(caps.white);

    $('pass').hidden = phase !== 'playing';
    $('pass').disabled = this.handicapLeft() > 0 || this.computerToMove();
    this.showThinking();
    $('estimate').hidden = phase !== 'playing';
    $('estimate').setAttribute('aria-pressed', String(!!this.estimate));
    const est = $('estimate-result');
    est.hidden = !this.estimate;
    const words = this.estimate ? estimateText(this.estimate.score) : '';
    if ($('estimate-text').textContent !== words) $('estimate-text').textContent = words;
    $('undo').disabled = !this.canUndo();
    $('resign').hidden = phase === 'finished';
    $('resume').hidden = phase !== 'stopped';
    $('finish').hidden = phase !== 'stopped';
    $('no-result').hidden = !(g.repetition && phase !== 'finished');

    this.updateScore(score);
    this.updateRecord();

    let hint = '';
    const proposed = phase === 'stopped' && this.proposed;
    if (proposed) hint = t(proposed.stones ? 'hint.proposed' : 'hint.proposedNone');
    else if (phase === 'stopped') hint = t('hint.marking');
    else if (phase === 'finished') hint = t('hint.finished');
    else if (this.input.pending) {
      const key = this.input.renderer.loupe ? 'hint.confirmLoupe' : 'hint.confirm';
      hint = t(key, { point: pointName(this.input.pending.x, this.input.pending.y, g.height) });
    }
    else if (this.input.coarse) hint = t('hint.touch');
    $('hint').textContent = hint;
    // The touch preview in words too: a screen reader hears where the stone would go.
    const pending = this.input.pending ? `${this.input.pending.x},${this.input.pending.y}` : '';
    if (pending && pending !== this.pendingSaid) this.say(hint);
    this.pendingSaid = pending;
    $('hint').classList.toggle('attention', !!this.input.pending || !!proposed);
  }

  updateScore(score) {
    const section = $('score');
    section.hidden = !score;
    if (!score) {
      this.updateWarnings(null);
      return;
    }
    const final = this.game.phase === 'finished';
    const words = resultText(score);
    $('result').textContent = `${t(final ? 'score.final' : 'score.provisional', { result: words })} (${score.result})`;
    this.updateWarnings(score);
    const table = section.querySelector('table');
    const counted = this.counting();
    table.hidden = !counted;
    $('score-method').hidden = !counted;
    // The legend explains the count's marks: none after a resignation or no result.
    $('score-legend').hidden = !counted;
    if (!counted) return;
    const area = score.scoring === 'area';
    const compensation = score.compensation;
    const rows = { stones: area, territory: true, prisoners: !area, komi: true, compensation: compensation !== 0, total: true };
    for (const [row, shown] of Object.entries(rows)) table.querySelector(`[data-row="${row}"]`).hidden = !shown;
    for (const side of ['black', 'white']) {
      for (const f of ['stones', 'territory', 'prisoners', 'total']) {
        section.querySelector(`[data-score="${side}-${f}"]`).textContent = formatNumber(score[side][f]);
      }
    }
    section.querySelector('[data-score="white-komi"]').textContent = formatNumber(score.komi);
    section.querySelector('[data-score="white-compensation"]').textContent = formatNumber(compensation);
    $('score-method').textContent = t(area ? 'score.method.area' : 'score.method.territory');
  }

  /**
   * The warnings of the count while the dead stones are marked: a chain left alive that can be
   * captured, or one marked dead that cannot, each in words with a button that toggles its mark.
   */
  updateWarnings(score) {
    const list = $('warnings');
    const warnings = score && this.game.phase === 'stopped' ? score.warnings : [];
    const key = JSON.stringify(warnings);
    if (key === this.warningsKey) return;
    this.warningsKey = key;
    // A focused button about to be replaced hands the focus on: to the warning that takes its
    // place, else to Finish, the next step.
    const buttons = Array.from(list.querySelectorAll('button'));
    const focused = buttons.indexOf(document.activeElement);
    list.replaceChildren();
    list.hidden = !warnings.length;
    warnings.forEach((w, i) => {
      const li = document.createElement('li');
      const p = document.createElement('p');
      p.id = `warning-${i}`;
      p.textContent = this.warningText(w);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn small';
      b.textContent = t(w.code === 'capturable' ? 'button.markDead' : 'button.markAlive');
      b.setAttribute('aria-describedby', p.id);
      b.dataset.warning = w.code;
      const [x, y] = w.points[0];
      b.addEventListener('click', () => this.perform(['dead', x, y]));
      li.append(p, b);
      list.append(li);
    });
    if (focused >= 0) {
      const next = list.querySelectorAll('button')[Math.min(focused, warnings.length - 1)];
      (next || $('finish')).focus();
    }
  }

  /** A warning in words: "White's stone at J6 can be captured: mark it dead?" */
  warningText(w) {
    const g = this.game;
    const [x, y] = w.points[0];
    const names = w.points.map(([px, py]) => pointName(px, py, g.height));
    const points = names.length > WARNING_POINTS
      ? t('warning.more', { list: names.slice(0, WARNING_POINTS).join(', '), n: formatNumber(names.length - WARNING_POINTS) })
      : names.join(', ');
    return tn(`warning.${w.code}`, w.points.length, { player: playerName(g.board()[y * g.width + x]), points });
  }

  /** The keys of the warnings of the count now (none unless the dead stones are being marked). */
  warningKeys() {
    const g = this.game;
    return new Set(g && g.phase === 'stopped' ? g.score().warnings.map(warningKey) : []);
  }

  /** The record panel: name, game information, the buttons to move, variations, the comment. */
  updateRecord() {
    const section = $('record');
    section.hidden = !this.record;
    $('save-sgf').disabled = !this.game;
    if (!this.record) return;
    const g = this.game;
    const games = this.record.games;
    $('record-games-row').hidden = !games;
    if (games) {
      const select = $('record-games');
      const untitled = t('record.untitled');
      if (this.gamesShown?.games !== games || this.gamesShown.untitled !== untitled) {
        this.gamesShown = { games, untitled };
        select.replaceChildren(...games.map((x) => {
          const o = document.createElement('option');
          o.value = String(x.index);
          const size = { width: x.width ?? '?', height: x.height ?? '?' };
          o.textContent = t('record.game', { n: x.index + 1, name: x.name || untitled, ...size });
          return o;
        }));
      }
      select.value = String(g.gameIndex);
    }
    const variations = g.variations();
    const atRoot = g.path.length === 0;
    $('nav-first').disabled = atRoot;
    $('nav-prev').disabled = atRoot;
    $('nav-next').disabled = variations.length === 0;
    $('nav-last').disabled = variations.length === 0;
    const info = this.gameInfo();
    const comment = g.comment;
    // Rebuild the rest only when it changed, so that a focused button is not replaced under the user.
    const key = JSON.stringify([this.record.name, info, variations, comment]);
    if (key === this.recordKey) return;
    this.recordKey = key;
    // The players first ("Golaxy vs FineArt"), then the game's name, then the file's.
    const players = info.black && info.white ? t('record.players', { black: info.black, white: info.white }) : null;
    $('record-name').textContent = players || info.gameName || this.record.name || t('record.untitled');

    const dl = $('game-info');
    dl.replaceChildren();
    const row = (label, value) => {
      if (value == null || value === '') return;
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    };
    row(t('info.black'), playerText(info.black, info.blackRank));
    row(t('info.white'), playerText(info.white, info.whiteRank));
    for (const k of INFO_ROWS) row(t(`info.${k}`), info[k]);
    dl.hidden = !dl.childElementCount;

    const box = $('variations');
    const list = $('variation-list');
    list.replaceChildren();
    box.hidden = variations.length < 2;
    if (variations.length >= 2) {
      variations.forEach((v, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'btn small';
        b.dataset.variation = String(i);
        const letter = LETTERS[i % 26];
        if (!v.player) b.textContent = t('record.variation.none', { letter });
        else if (!v.point) b.textContent = t('record.variation.pass', { letter, player: playerName(v.player) });
        else b.textContent = t('record.variation', { letter, player: playerName(v.player), point: pointName(v.point[0], v.point[1], g.height) });
        b.addEventListener('click', () => this.next(i));
        list.append(b);
      });
    }

    const c = $('comment');
    c.textContent = comment ?? '';
    c.hidden = comment == null || comment === '';
  }

  setMessage(text) {
    const m = $('message');
    if (m.textContent !== text) m.textContent = text;
  }

  /**
   * Announces text in the live region. With `warned`, the keys of the count's warnings before an
   * action, the warnings that the action brought are read after the text.
   */
  say(text, warned = null) {
    if (warned && this.game?.phase === 'stopped') {
      const fresh = this.game.score().warnings.filter((w) => !warned.has(warningKey(w)));
      text = [text, ...fresh.map((w) => this.warningText(w))].filter(Boolean).join(' ');
    }
    if (!text) return;
    // The same words twice in a row would not be read again: vary them invisibly.
    const s = text === this.lastSaid ? `${text}\u00a0` : text;
    this.lastSaid = s;
    $('live').textContent = s;
  }

  clearNotice(key) {
    $('notices').querySelector(`[data-key="${key}"]`)?.remove();
  }

  notify(key, vars) {
    const box = $('notices');
    if (box.querySelector(`[data-key="${key}"]`)) return;
    const div = document.createElement('div');
    div.className = 'notice';
    div.dataset.key = key;
    div.setAttribute('role', 'status');
    const p = document.createElement('p');
    p.textContent = t(key, vars);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn small';
    b.textContent = t('button.dismiss');
    b.addEventListener('click', () => div.remove());
    div.append(p, b);
    box.append(div);
  }

  // ---- dialogs --------------------------------------------------------------------------------

  /** The dialog that asks for a player; `players` the ones offered. */
  choose(key, players = ['black', 'white']) {
    const d = $('choice-dialog');
    $('choice-title').textContent = t(key);
    for (const b of d.querySelectorAll('button[value="black"], button[value="white"]')) b.hidden = !players.includes(b.value);
    d.returnValue = '';
    return new Promise((resolve) => {
      onClosed(d, () => resolve(d.returnValue || null));
      d.showModal();
    });
  }

  /** The game information dialog: players, ranks, date and event, with the fixed rules beside. */
  openInfo() {
    const d = $('info-dialog');
    const f = $('info-form');
    const info = this.gameInfo();
    for (const [id, key] of Object.entries(INFO_KEYS)) f.elements[id].value = info[key] ?? '';
    $('info-rules').textContent = t('dialog.info.rules', { rules: this.rulesText() });
    d.showModal();
  }

  /** Keeps what the dialog says: each field that differs from what was shown. */
  submitInfo() {
    const f = $('info-form');
    const info = this.gameInfo();
    let changed = false;
    for (const [id, key] of Object.entries(INFO_KEYS)) {
      const v = f.elements[id].value.replace(/\s+/g, ' ').trim();
      if (v === (info[key] ?? '')) continue;
      this.info[id] = v;
      changed = true;
    }
    if (!changed) return;
    if (!this.record) this.info = cleanInfo(this.info);
    this.recordKey = '';
    this.save();
    this.say(t('say.infoSaved'));
    this.invalidate();
  }

  openNewGame() {
    const d = $('new-game-dialog');
    const f = $('new-game-form');
    const o = this.options || DEFAULT_OPTIONS;
    const w = typeof o.size === 'number' ? o.size : o.size?.width ?? 19;
    const h = typeof o.size === 'number' ? o.size : o.size?.height ?? 19;
    const preset = w === h && [9, 13, 19].includes(w) ? String(w) : 'custom';
    f.elements.size.value = preset;
    f.elements.width.value = w;
    f.elements.height.value = h;
    f.elements.rules.value = presetNames().includes(o.rules) ? o.rules : DEFAULT_OPTIONS.rules;
    f.elements.komi.value = o.komi ?? presetKomi(f.elements.rules.value);
    f.elements.handicap.value = String(o.handicap || 0);
    f.elements.placement.value = o.handicapPlacement === 'free' ? 'free' : 'fixed';
    const vs = !this.record && this.opponent;
    f.elements.opponent.value = vs ? 'computer' : 'person';
    f.elements.color.value = vs && vs.computer === 'black' ? 'white' : 'black';
    f.elements.level.value = vs ? vs.level : DEFAULT_LEVEL;
    $('computer-options').hidden = !vs;
    $('custom-size').hidden = preset !== 'custom';
    $('new-game-error').textContent = '';
    d.showModal();
  }

  submitNewGame() {
    const f = $('new-game-form');
    const err = $('new-game-error');
    let size;
    if (f.elements.size.value === 'custom') {
      const w = Number(f.elements.width.value);
      const h = Number(f.elements.height.value);
      const ok = (n) => Number.isInteger(n) && n >= 2 && n <= 52;
      if (!ok(w) || !ok(h)) {
        err.textContent = t('dialog.sizeInvalid');
        return false;
      }
      size = w === h ? w : { width: w, height: h };
    } else {
      size = Number(f.elements.size.value);
    }
    const komi = Number(f.elements.komi.value);
    if (f.elements.komi.value.trim() === '' || !Number.isFinite(komi) || !Number.isInteger(komi * 2) || Math.abs(komi) > 1000) {
      err.textContent = t('dialog.komiInvalid');
      return false;
    }
    const options = {
      size,
      rules: f.elements.rules.value,
      komi,
      handicap: Number(f.elements.handicap.value),
      handicapPlacement: f.elements.placement.value === 'free' ? 'free' : 'fixed',
    };
    const opponent = f.elements.opponent.value !== 'computer' ? null : {
      computer: f.elements.color.value === 'white' ? 'black' : 'white',
      level: LEVEL_NAMES.includes(f.elements.level.value) ? f.elements.level.value : DEFAULT_LEVEL,
      // The computer's seed: each game its own, kept in the save, so a reload thinks the same.
      seed: Math.floor(Math.random() * 2 ** 31),
    };
    const before = this.replaced;
    // The same players, most often, play the next game too; the date is today's.
    const info = { DT: today() };
    if (!this.record) for (const id of ['PB', 'BR', 'PW', 'WR', 'EV']) if (this.info[id]) info[id] = this.info[id];
    this.keepReplaced();
    try {
      this.newGame(options, [], { info, opponent });
    } catch (e) {
      this.replaced = before;
      const detail = options.handicap > 0 ? t('dialog.handicapInvalid') : t('error.invalidOptions');
      err.textContent = t('dialog.optionsInvalid', { detail });
      return false;
    }
    this.say(t('say.newGame', { width: this.game.width, height: this.game.height, status: this.statusText() }));
    return true;
  }

  // ---- wiring ---------------------------------------------------------------------------------

  wire() {
    document.addEventListener('keydown', (e) => this.onGlobalKey(e));

    $('pass').addEventListener('click', () => this.perform(['pass']));
    $('undo').addEventListener('click', () => this.undo());
    $('finish').addEventListener('click', () => this.finish());
    $('estimate').addEventListener('click', () => this.toggleEstimate());
    $('no-result').addEventListener('click', () => this.perform(['noResult']));
    $('resign').addEventListener('click', async () => {
      // Against the computer, the player resigns (the computer resigns by itself).
      const o = !this.record && this.opponent;
      const p = await this.choose('dialog.resign', o ? [o.computer === 'black' ? 'white' : 'black'] : undefined);
      if (p) this.perform(['resign', p]);
    });
    $('resume').addEventListener('click', async () => {
      const p = await this.choose('dialog.resume');
      if (p) this.perform(['resume', p]);
    });

    const f = $('new-game-form');
    const rules = $('rules-select');
    for (const p of presetNames()) rules.add(new Option(t(`preset.${p}`), p));
    const hc = $('handicap-select');
    hc.add(new Option(t('dialog.handicap.none'), '0'));
    for (let n = 2; n <= 9; n++) hc.add(new Option(String(n), String(n)));
    for (const el of document.querySelectorAll('[data-size-label]')) {
      el.textContent = t('dialog.size.n', { n: el.dataset.sizeLabel });
    }
    // A handicap game gives White half a point of komi (the stones are the compensation; J89
    // commentary, and the usual practice); an even game the preset's komi.
    const defaultKomi = () => (Number(hc.value) >= 2 ? 0.5 : presetKomi(rules.value));
    rules.addEventListener('change', () => { f.elements.komi.value = defaultKomi(); });
    hc.addEventListener('change', () => { f.elements.komi.value = defaultKomi(); });
    const level = $('level-select');
    for (const n of LEVEL_NAMES) level.add(new Option(t(`level.${n}`), n));
    f.addEventListener('change', (e) => {
      if (e.target.name === 'size') $('custom-size').hidden = f.elements.size.value !== 'custom';
      if (e.target.name === 'opponent') $('computer-options').hidden = f.elements.opponent.value !== 'computer';
    });
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      if (this.submitNewGame()) $('new-game-dialog').close();
    });
    $('new-game-cancel').addEventListener('click', () => $('new-game-dialog').close());
    $('new-game').addEventListener('click', () => this.openNewGame());
    $('edit-info').addEventListener('click', () => this.openInfo());
    $('info-form').addEventListener('submit', (e) => {
      e.preventDefault();
      $('info-dialog').close();
      this.submitInfo();
    });
    $('info-cancel').addEventListener('click', () => $('info-dialog').close());

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

    // SGF: the file picker, drag and drop anywhere on the page, saving, moving in a record.
    const input = $('sgf-file');
    $('open-sgf').addEventListener('click', () => input.click());
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      input.value = ''; // the same file again is a change too
      await this.openFile(file);
    });
    $('save-sgf').addEventListener('click', () => this.saveFile());
    $('share').addEventListener('click', () => this.share());
    $('read-position').addEventListener('click', () => this.say(this.readPosition()));
    for (const [id, key] of [['opt-coordinates', 'coordinates'], ['opt-numbers', 'numbers'], ['opt-sound', 'sound']]) {
      const box = $(id);
      box.checked = this.viewOptions[key];
      box.addEventListener('change', () => {
        this.viewOptions[key] = box.checked;
        try {
          localStorage.setItem(VIEW_KEY, JSON.stringify(this.viewOptions));
        } catch { /* kept for this visit only */ }
        this.invalidate();
      });
    }
    // An installed app opens the .sgf files the system hands it (manifest file_handlers).
    if ('launchQueue' in window) {
      window.launchQueue.setConsumer(async (params) => {
        const handle = params.files?.[0];
        if (handle) await this.openFile(await handle.getFile());
      });
    }
    $('nav-first').addEventListener('click', () => this.first());
    $('record-games').addEventListener('change', (e) => this.chooseGame(Number(e.target.value)));
    $('nav-prev').addEventListener('click', () => this.previous());
    $('nav-next').addEventListener('click', () => this.next());
    $('nav-last').addEventListener('click', () => this.last());
    const hasFiles = (e) => Array.from(e.dataTransfer?.types || []).includes('Files');
    let depth = 0;
    const dropping = (on) => document.body.classList.toggle('dropping', on);
    document.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      dropping(true);
    });
    document.addEventListener('dragover', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    });
    document.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (!depth) dropping(false);
    });
    document.addEventListener('drop', async (e) => {
      depth = 0;
      dropping(false);
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      if (document.querySelector('dialog[open]')) return;
      await this.openFile(file);
    });
  }
}

/**
 * Calls `fn` once when dialog `d` closes. A close event is delivered as a task after the dialog
 * has closed; one from an earlier opening that arrives after the dialog was opened again (quick
 * keys: Escape, then Enter) finds the dialog open, and is not this opening's.
 */
function onClosed(d, fn) {
  const listener = () => {
    if (d.open) return;
    d.removeEventListener('close', listener);
    fn();
  };
  d.addEventListener('close', listener);
}

/** The words of an engine error, without its code. */
function errorDetail(e) {
  const m = String(e?.message ?? e);
  return e?.code && m.startsWith(`${e.code}: `) ? m.slice(e.code.length + 2) : m;
}

function registerServiceWorker(app) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) app.notify('app.updated');
  });
  navigator.serviceWorker.register('./sw.js').catch(() => { /* the page works without it */ });
}

async function main() {
  applyI18n();
  document.title = t('app.title');
  const app = new App();
  try {
    await init({ module_or_path: new URL('./pkg/tengen_bg.wasm', import.meta.url) });
  } catch {
    app.notify('app.engineFailed');
    return;
  }
  app.wire();
  app.boot();
  app.openShared();
  // A hook for the end-to-end tests and for debugging in the console.
  window.tengen = Object.freeze({
    get view() { return app.lastView; },
    get actions() { return app.actions.map((a) => a.slice()); },
    get path() { return app.record ? app.game.path : null; },
    get record() { return app.record ? { ...app.record } : null; },
    shareUrl: () => app.shareUrl(),
    /** The touch preview's magnifier ({ x, y, r }, CSS pixels from the board's corner), or null. */
    loupe: () => (app.input.renderer.loupe ? { ...app.input.renderer.loupe } : null),
    get sounds() { return app.sounds || 0; },
    /** Against the computer: its settings, whether it is thinking, and how many searches it began. */
    get opponent() { return app.opponent ? { ...app.opponent } : null; },
    get thinking() { return !!app.thinking; },
    get thoughts() { return app.thoughts; },
    pointClient(x, y) {
      const c = app.input.renderer.pointCenter(x, y);
      const r = app.canvas.getBoundingClientRect();
      return c && { x: r.left + c.x, y: r.top + c.y };
    },
  });
  // Ready once the board has been laid out and drawn (the resize observer runs after a frame).
  requestAnimationFrame(() => requestAnimationFrame(() => { document.body.dataset.ready = 'true'; }));
  registerServiceWorker(app);
}

main();
