// The session: the game on the page and everything done to it, with no DOM, window or storage
// (the engine's Game class and the date are passed in), so that it runs in Node as in the page.
//
// Two kinds of game: one played here (new Game; kept as its options and its list of actions),
// and a game record read from an SGF file (Game.fromSgf; kept as the SGF of its whole tree, the
// path to the current node and the actions there that leave no node in the tree). In a record the
// player steps through moves and variations; a move played adds to the tree.
//
// When play stops, the engine's estimate proposes the dead stones at once (autoMark), recorded as
// one marking action per chain, so that undo, storage and replay treat them as any mark. While
// playing, the estimate can shade the board until the next action.
//
// Against the computer, a game played here has an opponent ({ computer, level, seed }): on its
// turn the board takes no move but the computer's (opponent.js asks the engine worker for it).
//
// Every change is told to the listeners (on(fn)) as { kind, ... }:
//   { kind: 'game', how, save }   another game: how is 'boot' (from storage), 'new', 'opened',
//                                 'chosen' (another game of the file) or 'back' (the game a new
//                                 one replaced, brought back by undo); save: whether to save it;
//                                 'opened' adds { name, problem } (the strict reading's error)
//   { kind: 'action', action, result, before, warned, computer }   an action played
//   { kind: 'undo', warned, partial }                               an undo (partial: it failed after
//                                                                   taking something back)
//   { kind: 'navigate', warned }   a step in a record
//   { kind: 'info' }               game information changed
//   { kind: 'estimate' }           the estimate shown or hidden
// `warned`: the keys of the count's warnings before the change (warningKeys()). A refused call
// throws the engine's error (or one with a code of the same kind) and changes nothing.
// `version` counts the changes of the position (not info or the estimate): a search started at
// one version answers for that one only.
import { applyAction, isAction } from './actions.js';
import { isOpponent } from './computer.js';
import { INFO_KEYS, KEPT_INFO_IDS, cleanInfo, today as localToday, writeInfo } from './game-info.js';

export const DEFAULT_OPTIONS = Object.freeze({ size: 19, rules: 'japanese-1989', komi: 6.5, handicap: 0, handicapPlacement: 'fixed' });

/** An Error with a code (and a reason), as the engine's are. */
export function coded(code, message, reason) {
  const e = new Error(`${code}: ${message}`);
  e.code = code;
  if (reason) e.reason = reason;
  return e;
}

/** Only the fields the engine reads, so nothing else from storage reaches it. */
export function cleanOptions(o) {
  const size = typeof o.size === 'number' ? o.size
    : o.size && typeof o.size === 'object' ? { width: o.size.width, height: o.size.height } : undefined;
  return { size, rules: o.rules, komi: o.komi, handicap: o.handicap, handicapPlacement: o.handicapPlacement };
}

/** A warning of the count by its code and its chain's first stone. */
export const warningKey = (w) => `${w.code}:${w.points[0]}`;

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

/**
 * The games of the file a record came from, for the record panel's list: null for a file of one
 * game (or when the list cannot be read), else [{ index, black, white, gameName, width, height }].
 */
function gameList(Game, input, game, lenient) {
  if (game.gameCount <= 1) return null;
  try {
    return Game.sgfGames(input, { lenient }).map((g) => ({
      index: g.index, black: g.black, white: g.white, gameName: g.gameName, width: g.width, height: g.height,
    }));
  } catch {
    return null;
  }
}

export class Session {
  /** Game: the engine's Game class (after init); today(): the date of a new game, as SGF writes it. */
  constructor({ Game, today = () => localToday() }) {
    this.Game = Game;
    this.today = today;
    this.game = null;
    this.options = null; // a game played here: its options (cleanOptions)
    this.actions = []; // a game played here: its actions
    this.record = null; // { name, games } while the game is a record read from an SGF file
    this.extra = []; // in a record: the actions at the current node that left no node
    this.sgfText = null; // the record's SGF while neither its tree nor its end changed
    this.proposed = null; // { stones } after the estimate proposed the dead stones at a stop
    this.replaced = null; // the game a new game or an opened record replaced (snapshot()), for undo
    this.opponent = null; // { computer: 'black' | 'white', level, seed } in a game against the computer
    this.estimate = null; // { ownership, faded, score } while the estimate shows on the board
    // The game information the player gave (SGF id -> text; '' removes it): all of it for a game
    // played here, the changes to the file's for a record. Written into the SGF's root.
    this.info = {};
    this.version = 0;
    this.listeners = new Set();
  }

  /** Calls fn(change) after every change; returns the function that stops it. */
  on(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(change) {
    if (change.kind !== 'info' && change.kind !== 'estimate') this.version++;
    for (const fn of [...this.listeners]) fn(change);
    return change;
  }

  // ---- games --------------------------------------------------------------------------------

  /** Whether the engine takes these options (for a saved game's options worth keeping). */
  validOptions(options) {
    try {
      new this.Game(cleanOptions(options)).free();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Starts a game from options and replays actions; throws (changing nothing) if either fails.
   * info: its game information (SGF id -> text); opponent: the computer's settings, or null.
   */
  newGame(options, actions = [], { info = {}, opponent = null, how = 'new', save = true } = {}) {
    const opts = cleanOptions(options);
    const game = new this.Game(opts);
    try {
      for (const a of actions) {
        if (!isAction(a)) throw coded('invalidOptions', 'not an action');
        applyAction(game, a);
      }
    } catch (e) {
      game.free();
      throw e;
    }
    this.setGame(game, null, []);
    this.options = opts;
    this.actions = actions.map((a) => a.slice());
    this.opponent = isOpponent(opponent) ? { computer: opponent.computer, level: opponent.level, seed: opponent.seed } : null;
    this.info = cleanInfo(info);
    writeInfo(this.game, this.info);
    this.emit({ kind: 'game', how, save });
  }

  /**
   * A new game the player asked for: the game it replaces is kept for undo, and so are the
   * players (the same players, most often, play the next game too); the date is today's.
   */
  startGame(options, opponent = null) {
    const before = this.replaced;
    const info = { DT: this.today() };
    if (!this.record) for (const id of KEPT_INFO_IDS) if (this.info[id]) info[id] = this.info[id];
    this.keepReplaced();
    try {
      this.newGame(options, [], { info, opponent });
    } catch (e) {
      this.replaced = before;
      throw e;
    }
  }

  /** A game as snapshot() keeps it (a record or a game played here). Throws if it cannot be had. */
  load(data, { how = 'boot', save = false } = {}) {
    if (typeof data.sgf === 'string') this.restoreRecord(data, how, save);
    else this.newGame(data.options, data.actions, { info: data.info, opponent: data.opponent, how, save });
  }

  /** A saved record: its tree, the node it was at, the actions there. Throws if any fails. */
  restoreRecord(data, how, save) {
    const index = Number.isInteger(data.game) && data.game >= 0 ? data.game : 0;
    const game = this.Game.fromSgf(data.sgf, { lenient: true, game: index });
    try {
      game.goTo(data.path);
      for (const a of data.extra) applyAction(game, a);
    } catch (e) {
      game.free();
      throw e;
    }
    this.setGame(game, { name: data.name || '', games: gameList(this.Game, data.sgf, game, true) }, data.extra);
    this.emit({ kind: 'game', how, save });
  }

  /**
   * Reads an SGF file's bytes (or text): game tree `index`; a record the strict reading refuses
   * is read leniently, and the strict error is returned as `problem`. Throws the strict error
   * when neither reading can.
   */
  openSgf(input, name = '', index = 0) {
    let game;
    let problem = null;
    try {
      game = this.Game.fromSgf(input, { game: index });
    } catch (strict) {
      try {
        game = this.Game.fromSgf(input, { lenient: true, game: index });
        problem = strict;
      } catch {
        throw strict;
      }
    }
    this.keepReplaced();
    this.setGame(game, { name, games: gameList(this.Game, input, game, !!problem) }, []);
    this.emit({ kind: 'game', how: 'opened', save: true, name, problem });
    return { problem, warnings: game.warnings };
  }

  /** Opens another game of the file the record came from (the changes made here kept in the file). */
  chooseGame(index) {
    const g = this.game;
    if (!this.record || index === g.gameIndex || !(index >= 0 && index < g.gameCount)) return false;
    const text = this.sgf();
    const game = this.Game.fromSgf(text, { lenient: true, game: index });
    this.setGame(game, { name: this.record.name, games: gameList(this.Game, text, game, true) }, []);
    this.emit({ kind: 'game', how: 'chosen', save: true });
    return true;
  }

  /** Makes game the current game: a plain one (record null) or a record ({ name, games }). */
  setGame(game, record, extra) {
    this.game?.free();
    this.game = game;
    this.record = record;
    this.opponent = null;
    this.info = {};
    this.extra = extra.map((a) => a.slice());
    this.sgfText = null;
    this.proposed = null;
    this.estimate = null;
    if (record) {
      this.options = null;
      this.actions = [];
    }
  }

  /**
   * Keeps the current game, about to be replaced by a new game or an opened record, so that undo
   * brings it back (a game never disappears by one tap). A fresh game with nothing played is
   * not worth keeping.
   */
  keepReplaced() {
    if (!this.game) return;
    const empty = !this.record && this.actions.length === 0;
    if (!empty) this.replaced = this.snapshot();
  }

  // ---- what the game is -------------------------------------------------------------------------

  /** Whether it is the computer's turn to play (in a game against it, while playing). */
  computerToMove() {
    const g = this.game;
    return !!(g && this.opponent && !this.record && g.phase === 'playing' && g.toMove === this.opponent.computer);
  }

  /** Whether the board shows the count: while marking, and at the end of a counted game. */
  counting() {
    const g = this.game;
    return g.phase === 'stopped' || g.outcome === 'counted';
  }

  /** Whether undo has something to take back: an action, a step back, or the game replaced. */
  canUndo() {
    return this.canUndoHere() || !!this.replaced;
  }

  /** Whether this game itself has something to take back. */
  canUndoHere() {
    if (!this.record) return this.actions.length > 0;
    return this.extra.length > 0 || this.game.path.length > 0;
  }

  /** The keys of the warnings of the count now (none unless the dead stones are being marked). */
  warningKeys() {
    const g = this.game;
    return new Set(g && g.phase === 'stopped' ? g.score().warnings.map(warningKey) : []);
  }

  /** The count's warnings that are not among `warned` (keys), while the dead stones are marked. */
  freshWarnings(warned) {
    const g = this.game;
    if (!warned || g?.phase !== 'stopped') return [];
    return g.score().warnings.filter((w) => !warned.has(warningKey(w)));
  }

  /** The game information shown and saved: the record's, with the changes made here (Game.info's keys). */
  gameInfo() {
    const info = this.record ? { ...this.game.info } : {};
    for (const [id, key] of Object.entries(INFO_KEYS)) {
      if (Object.hasOwn(this.info, id)) info[key] = this.info[id] || null;
    }
    return info;
  }

  /** The game as SGF, with the game information given here (written into the game's record). */
  sgf() {
    return this.game.toSgf();
  }

  /** The game as storage keeps it: a record's SGF and place in it, or a game's options and actions. */
  snapshot() {
    // The SGF changes with the tree (a move played) and with actions at the node; not with a step.
    if (this.record && (this.extra.length || this.sgfText === null)) this.sgfText = this.game.toSgf();
    return this.record
      ? { sgf: this.sgfText, game: this.game.gameIndex, path: this.game.path, extra: this.storedExtra(), name: this.record.name }
      : { options: this.options, actions: this.actions.map((a) => a.slice()), info: { ...this.info }, opponent: this.opponent && { ...this.opponent } };
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

  // ---- actions ------------------------------------------------------------------------------

  /**
   * Plays one action ([name, ...args], actions.js). `computer`: the computer's own move (else a
   * move or pass on its turn is refused with code 'computerTurn'). Returns the change.
   */
  perform(a, { computer = false } = {}) {
    const g = this.game;
    if (!computer && (a[0] === 'place' || a[0] === 'pass') && this.computerToMove()) {
      throw coded('computerTurn', 'the computer is to move');
    }
    const before = { toMove: g.toMove, handicapLeft: g.handicapLeft };
    const warned = this.warningKeys();
    const result = applyAction(g, a);
    this.sgfText = null;
    if (!this.record) this.actions.push(a.slice());
    else if (a[0] === 'place' || a[0] === 'pass') this.extra = []; // a new node
    else this.extra.push(a.slice());
    this.estimate = null;
    if (a[0] !== 'dead') this.proposed = null;
    if (a[0] === 'pass' && g.phase === 'stopped') this.proposed = this.propose();
    return this.emit({ kind: 'action', action: a.slice(), result, before, warned, computer });
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

  /**
   * Before Finish: the number of stones the estimate sees dead while none is marked (then the
   * player is asked first), else 0. Marking may be refused (two passes straight after a
   * resumption make every stone alive): then there is nothing to go back to, and 0.
   */
  deadToConfirm() {
    const g = this.game;
    if (g.phase !== 'stopped' || g.score().dead.length) return 0;
    const dead = g.estimate().dead;
    if (!dead.length) return 0;
    try {
      // On an unmarked chain this changes nothing, or throws where marking is refused.
      g.setDead(dead[0][0], dead[0][1], false);
    } catch {
      return 0;
    }
    return dead.length;
  }

  /** The estimate on the board (ownership, the stones that look dead, the count), or hides it. */
  toggleEstimate() {
    const g = this.game;
    if (this.estimate || g.phase !== 'playing') {
      this.estimate = null;
    } else {
      const e = g.estimate();
      const faded = new Uint8Array(g.width * g.height);
      for (const [x, y] of e.dead) faded[y * g.width + x] = 1;
      this.estimate = { ownership: e.ownership, faded, score: e.score };
    }
    this.emit({ kind: 'estimate' });
    return this.estimate;
  }

  /**
   * Takes back the last action. Against the computer, on the player's turn it takes back the
   * computer's move and the player's before it, so that it is the player's turn again (while
   * the computer is to move, the player's move alone). With nothing left to take back in this
   * game, the game it replaced comes back.
   */
  undo() {
    if (!this.canUndoHere() && this.replaced) {
      const d = this.replaced;
      this.replaced = null;
      this.load(d, { how: 'back', save: true });
      return;
    }
    if (!this.canUndo()) throw coded('notAllowed', 'nothing to undo', 'nothingToUndo');
    const warned = this.warningKeys();
    let undone = 0;
    try {
      this.undoOne();
      undone++;
      while (this.computerToMove() && this.actions.length) {
        this.undoOne();
        undone++;
      }
    } catch (e) {
      // The computer's move may have been taken back before the refusal.
      if (undone) this.emit({ kind: 'undo', warned, partial: true });
      throw e;
    }
    this.proposed = null;
    this.estimate = null;
    this.emit({ kind: 'undo', warned, partial: false });
  }

  /** One undo in the engine, and the action it took back forgotten. */
  undoOne() {
    this.game.undo();
    this.sgfText = null;
    if (!this.record) this.actions.pop();
    else this.extra.pop(); // the last extra action, or nothing when undo stepped back
  }

  /** The game information from the dialog (SGF id -> text): each field that differs is kept. */
  setInfo(values) {
    const info = this.gameInfo();
    let changed = false;
    for (const [id, key] of Object.entries(INFO_KEYS)) {
      if (typeof values[id] !== 'string') continue;
      const v = values[id].replace(/\s+/g, ' ').trim();
      if (v === (info[key] ?? '')) continue;
      this.info[id] = v;
      changed = true;
    }
    if (!changed) return false;
    if (!this.record) this.info = cleanInfo(this.info);
    writeInfo(this.game, this.info);
    this.sgfText = null;
    this.emit({ kind: 'info' });
    return true;
  }

  // ---- moving in a record -------------------------------------------------------------------

  /**
   * Runs a move in the tree (goTo, previous, next). A step that went somewhere is a change even
   * when it then failed (last() stops at a move it cannot replay); the error is thrown after.
   */
  navigate(step) {
    if (!this.record) return;
    const g = this.game;
    const before = g.path.join();
    const warned = this.warningKeys();
    let error = null;
    try {
      step(g);
    } catch (e) {
      error = e;
    }
    if (g.path.join() !== before) {
      if (this.extra.length) this.sgfText = null;
      this.extra = [];
      this.proposed = null;
      this.estimate = null;
      this.emit({ kind: 'navigate', warned });
    }
    if (error) throw error;
  }

  first() { this.navigate((g) => g.goTo([])); }

  previous() { this.navigate((g) => g.previous()); }

  /** The next move, in variation `variation`; 'endOfLine' at the end of the line. */
  next(variation = 0) {
    this.navigate((g) => {
      if (!g.next(variation)) throw coded('endOfLine', 'no move after this one');
    });
  }

  last() { this.navigate((g) => { while (g.next()); }); }
}
