// The session: the game on the page and everything done to it, with no DOM, window or storage
// (the engine's Game class and the date are passed in), so that it runs in Node as in the page.
//
// Two kinds of game: one played here (new Game, with its options and its list of actions, which
// the computer's worker replays), and a game record read from an SGF file (Game.fromSgf). In a
// record the player steps through moves and variations; a move played adds to the tree. Storage
// keeps both in one shape (snapshot()): the SGF of the whole tree with the nodes played here
// marked (toSgf({ played: true })), the path to the current node and the actions there that left
// no node; a game played here adds its options and opponent. Both come back through
// Game.fromSgf, so that undo after a reload takes back what it took back before.
//
// When play stops, the engine's estimate proposes the dead stones at once (autoMark), recorded as
// one marking action per chain, so that undo, storage and replay treat them as any mark. While
// playing, the estimate can shade the board until the next action.
//
// Against the computer, a game played here has an opponent ({ computer, level, seed }): on its
// turn the board takes no move but the computer's (opponent.js asks the engine worker for it).
// The opponent is written into the game's record (game.setOpponent: the private root property
// TO) and the computer's name into the player's (PB or PW), so that a file saved or a link
// shared reopens against the same computer (openSgf), under the computer's name.
//
// Every change is told to the listeners (on(fn)) as { kind, ... }:
//   { kind: 'game', how, save }   another game: how is 'boot' (from storage), 'new', 'opened',
//                                 'chosen' (another game of the file), 'reopened' (a saved game
//                                 opened again) or 'back' (the game a new one replaced, brought
//                                 back by undo); save: whether to save it;
//                                 'opened' adds { name, problem } (the strict reading's error)
//   { kind: 'action', action, result, before, warned, computer }   an action played
//   { kind: 'undo', warned, partial }                               an undo (partial: it failed after
//                                                                   taking something back)
//   { kind: 'navigate', warned }   a step in a record
//   { kind: 'info' }               game information changed
//   { kind: 'estimate' }           the estimate shown or hidden
//   { kind: 'edit', what, result } an edit of a record (edit mode): what names the call
//                                  ('tool', 'comment', 'name', 'annotation', 'toMove', 'delete',
//                                  'moveVariation', 'mainLine', 'answer'), result what it did
//                                  (lib/edit.js's applyTool for a tool)
//   { kind: 'redo' }               an edit taken back by undo, taken again
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

/** The actions of a list (a game played here) that left no node: those after its last move or pass. */
function atNode(actions) {
  let i = actions.length;
  while (i > 0 && actions[i - 1][0] !== 'place' && actions[i - 1][0] !== 'pass') i--;
  return actions.slice(i).map((a) => a.slice());
}

/**
 * The actions that lead to node `path` of a game played here read back from its SGF (`game`,
 * at its root or on the path): the free handicap stones of the root, in row-major order, then
 * each move and pass on the path, with the resumption a move after two passes needs (asked by
 * the other player: the player of the move then moves next). Replayed on a new game of the same
 * options as they are found, so that a record the options refuse throws here.
 */
function lineActions(Game, options, game, path) {
  const scratch = new Game(options);
  const actions = [];
  const play = (a) => {
    applyAction(scratch, a);
    actions.push(a);
  };
  try {
    if (scratch.handicapLeft > 0) {
      game.goTo([]);
      const board = game.board();
      for (let i = 0; i < board.length && scratch.handicapLeft > 0; i++) {
        if (board[i] === 1) play(['place', i % game.width, Math.floor(i / game.width)]);
      }
    }
    for (let depth = 1; depth <= path.length; depth++) {
      const move = game.node(path.slice(0, depth))?.move;
      if (!move?.player) throw coded('invalidOptions', 'a node without a move in a game played here');
      if (scratch.phase === 'stopped') play(['resume', move.player === 'black' ? 'white' : 'black']);
      play(move.point ? ['place', move.point[0], move.point[1]] : ['pass']);
    }
  } finally {
    scratch.free();
  }
  return actions;
}

/** The SGF ids of a player's name and rank. */
const playerIds = (player) => (player === 'black' ? ['PB', 'BR'] : ['PW', 'WR']);

/** An RU value as the engine matches it to a preset: ASCII letters and digits, lowercase, no "rules". */
const ruKey = (ru) => String(ru).toLowerCase().replace(/[^a-z0-9]/g, '').replace(/rules$/, '');

/**
 * A record as a game played here: { options, actions } of a new game that replays its line to
 * the current node into the same position, or null. Its options come from the record: the
 * preset its RU names (the default without RU), its KM, HA and size, and a fixed handicap where
 * the root's stones are the fixed ones, else a free one placed as the root has them.
 */
function playedFrom(Game, game) {
  const info = game.info;
  if (info.result || game.gameCount > 1) return null;
  const presets = Game.presets();
  const preset = info.rules === null
    ? presets.find((p) => p.name === DEFAULT_OPTIONS.rules)
    : presets.find((p) => p.ruAliases.includes(ruKey(info.rules)));
  if (!preset) return null;
  const komi = info.komi === null ? preset.komi : Number(info.komi);
  const handicap = info.handicap === null ? 0 : Number(info.handicap);
  const size = game.width === game.height ? game.width : { width: game.width, height: game.height };
  const path = game.path;
  const end = String(game.board());
  game.goTo([]);
  const root = String(game.board());
  try {
    return replayable(Game, game, { size, rules: preset.name, komi, handicap }, path, root, end);
  } finally {
    game.goTo(path);
  }
}

/** The first handicap placement under which `options` replay the line to `path` into `end`. */
function replayable(Game, game, base, path, root, end) {
  for (const handicapPlacement of ['fixed', 'free']) {
    const options = { ...base, handicapPlacement };
    let check = null;
    try {
      check = new Game(options);
      if (handicapPlacement === 'fixed' && String(check.board()) !== root) continue;
      const actions = lineActions(Game, options, game, path);
      check.free();
      check = null;
      check = new Game(options);
      for (const a of actions) applyAction(check, a);
      if (String(check.board()) === end) return { options, actions };
    } catch {
      // Options the engine refuses, or a line it cannot replay: the next placement, else null.
    } finally {
      check?.free();
    }
  }
  return null;
}

/** The game information a game played here carries in its record (SGF id -> text). */
function infoOf(game) {
  const info = game.info;
  const out = {};
  for (const [id, key] of Object.entries(INFO_KEYS)) if (info[key]) out[id] = info[key];
  return out;
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
  /**
   * Game: the engine's Game class (after init); today(): the date of a new game, as SGF writes it;
   * computerName(level): the computer's name as a player (PB or PW) at that level.
   */
  constructor({ Game, today = () => localToday(), computerName = (level) => `tengen (${level})` }) {
    this.Game = Game;
    this.today = today;
    this.computerName = computerName;
    this.game = null;
    this.options = null; // a game played here: its options (cleanOptions)
    this.actions = []; // a game played here: its actions
    this.record = null; // { name, games } while the game is a record read from an SGF file
    this.extra = []; // in a record: the actions at the current node that left no node
    this.sgfText = null; // the SGF storage keeps (snapshot()) while the tree is unchanged
    this.proposed = null; // { stones } after the estimate proposed the dead stones at a stop
    this.replaced = null; // the game a new game or an opened record replaced (snapshot()), for undo
    this.opponent = null; // { computer: 'black' | 'white', level, seed } in a game against the computer
    this.estimate = null; // { ownership, faded, score } while the estimate shows on the board
    // The game information the player gave (SGF id -> text; '' removes it): all of it for a game
    // played here, the changes to the file's for a record. Written into the SGF's root.
    this.info = {};
    this.version = 0;
    // In a record: the edits made with edit() that undo may take back (the engine keeps them in
    // its journal; this counts them for the Undo button, at the root where no step back is left).
    this.edits = 0;
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
    this.writeOpponent();
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
    // The computer's name is not a player to keep; against the computer it is its name now.
    if (this.opponent && !this.record) for (const id of playerIds(this.opponent.computer)) delete info[id];
    if (isOpponent(opponent)) {
      const [name, rank] = playerIds(opponent.computer);
      info[name] = this.computerName(opponent.level);
      delete info[rank];
    }
    this.keepReplaced();
    try {
      this.newGame(options, [], { info, opponent });
    } catch (e) {
      this.replaced = before;
      throw e;
    }
  }

  /**
   * A game as snapshot() keeps it (a record or a game played here), or as the first release
   * saved a game played here ({ options, actions, info, opponent }: replayed as it was). Throws
   * if it cannot be had.
   */
  load(data, { how = 'boot', save = false } = {}) {
    if (typeof data.sgf === 'string') this.restore(data, how, save);
    else this.newGame(data.options, data.actions, { info: data.info, opponent: data.opponent, how, save });
  }

  /**
   * A saved tree: read back with the nodes played here as they were, at the node it was at, the
   * actions there replayed. `record` null: a game played here, whose actions are found again
   * along the path (lineActions); a record's name is `record.name` (`name` in the first
   * release's saves of records). Throws if any of it fails.
   */
  restore(data, how, save) {
    const played = data.record === null;
    const index = Number.isInteger(data.game) && data.game >= 0 ? data.game : 0;
    const options = played ? cleanOptions(data.options ?? {}) : null;
    const game = this.Game.fromSgf(data.sgf, played ? { ...options, game: index } : { lenient: true, game: index });
    let actions;
    try {
      if (played) actions = lineActions(this.Game, options, game, data.path);
      game.goTo(data.path);
      for (const a of data.extra) applyAction(game, a);
    } catch (e) {
      game.free();
      throw e;
    }
    if (played) {
      this.setGame(game, null, []);
      this.options = options;
      this.actions = [...actions, ...data.extra.map((a) => a.slice())];
      this.opponent = isOpponent(data.opponent) ? { ...data.opponent } : null;
      this.info = infoOf(game);
      this.writeOpponent();
    } else {
      const name = data.record?.name ?? data.name ?? '';
      this.setGame(game, { name, games: gameList(this.Game, data.sgf, game, true) }, data.extra);
    }
    this.emit({ kind: 'game', how, save });
  }

  /**
   * A saved game (as load takes it) opened in place of this one: undo, once it has nothing left
   * to take back, brings this one back. Throws (changing nothing) if it cannot be had.
   */
  reopen(data) {
    const before = this.replaced;
    this.keepReplaced();
    try {
      this.load(data, { how: 'reopened', save: true });
    } catch (e) {
      this.replaced = before;
      throw e;
    }
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
    const warnings = game.warnings;
    if (!problem && this.openAgainstComputer(game)) return { problem, warnings };
    this.keepReplaced();
    this.setGame(game, { name, games: gameList(this.Game, input, game, !!problem) }, []);
    this.emit({ kind: 'game', how: 'opened', save: true, name, problem });
    return { problem, warnings };
  }

  /**
   * A record that names a computer opponent (game.opponent, a level this page has) and is a game
   * in progress that a new game of its options replays (no result, one game in the file, the
   * set-up its handicap): opened as that game against the computer, played here (its moves the
   * game's actions, its players and date kept; no seed: a new one). Frees `game` and returns
   * true then; else false, changing nothing.
   */
  openAgainstComputer(game) {
    const o = game.opponent;
    const opponent = o && { computer: o.computer, level: o.level, seed: o.seed ?? Math.floor(Math.random() * 2 ** 31) };
    if (!isOpponent(opponent)) return false;
    const played = playedFrom(this.Game, game);
    if (!played) return false;
    const info = infoOf(game);
    const before = this.replaced;
    this.keepReplaced();
    try {
      this.newGame(played.options, played.actions, { info, opponent, how: 'opened' });
    } catch {
      this.replaced = before;
      return false;
    }
    game.free();
    return true;
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

  /**
   * Against the computer: the opponent written into the game's record (TO), and the computer's
   * name as its player's when the game has none.
   */
  writeOpponent() {
    const o = this.opponent;
    if (!o) return;
    this.game.setOpponent(o);
    const [name] = playerIds(o.computer);
    if (!this.info[name]) this.info[name] = this.computerName(o.level);
    writeInfo(this.game, this.info);
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
    this.edits = 0;
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
    return this.extra.length > 0 || this.game.path.length > 0 || this.edits > 0;
  }

  /** Whether redo has an edit to take again (the engine's journal says). */
  canRedo() {
    return !!this.record && this.game.canRedo === true;
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

  /**
   * The game as storage keeps it: { sgf, game, path, extra, record, options, opponent } (see the
   * header; storage.js checks the shape). The SGF changes with the tree (a move played or taken
   * back, game information), not with a step or an action that leaves no node.
   */
  snapshot() {
    const g = this.game;
    if (this.sgfText === null) this.sgfText = g.toSgf({ played: true });
    const here = !this.record;
    return {
      sgf: this.sgfText,
      game: g.gameIndex,
      path: g.path,
      extra: here ? atNode(this.actions) : this.extra.map((a) => a.slice()),
      record: here ? null : { name: this.record.name },
      options: here ? { ...this.options } : null,
      opponent: here && this.opponent ? { ...this.opponent } : null,
    };
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
    if (a[0] === 'place' || a[0] === 'pass') this.sgfText = null;
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

  /**
   * One undo in the engine, and the action it took back forgotten. A move made after play
   * stopped, in a game read back from storage, is taken back to the node as the record has it,
   * stopped (the record has the move, not the resumption before it): the resumption is taken
   * again, so that the game is where it was before the reload, and the next undo takes it back.
   */
  undoOne() {
    const g = this.game;
    g.undo();
    this.sgfText = null;
    if (this.record) {
      if (this.extra.length) {
        this.extra.pop(); // the last extra action
      } else if (this.edits > 0) {
        this.edits--; // an edit taken back (or a step back: then the count is only high)
      }
      return;
    }
    this.actions.pop();
    const last = this.actions.at(-1);
    if (last?.[0] === 'resume' && g.phase === 'stopped') applyAction(g, last);
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

  // ---- editing --------------------------------------------------------------------------------

  /**
   * A game played here made a record of its tree, at its node, so that it can be edited (a game
   * played here is its list of actions, which set-up stones and marks are not). The game played
   * here is kept for undo, as a new game keeps it. Throws, changing nothing, if it cannot be read
   * back.
   */
  toRecord() {
    if (this.record) return false;
    const g = this.game;
    const game = this.Game.fromSgf(g.toSgf({ played: true }), { lenient: true });
    try {
      game.goTo(g.path);
    } catch (e) {
      game.free();
      throw e;
    }
    this.keepReplaced();
    this.setGame(game, { name: '', games: null }, []);
    this.emit({ kind: 'game', how: 'edit', save: true });
    return true;
  }

  /**
   * An empty board to set up (a problem to author): a record of width x height with nothing on
   * it, in place of the game shown (kept for undo). Throws, changing nothing, for a size the
   * engine refuses.
   */
  newProblem(width, height = width) {
    if (!Number.isInteger(width) || !Number.isInteger(height)) throw coded('invalidOptions', 'a board size is whole numbers');
    // The engine says which sizes it takes (invalidOptions), as for a new game.
    new this.Game({ size: width === height ? width : { width, height } }).free();
    const size = width === height ? `${width}` : `${width}:${height}`;
    const game = this.Game.fromSgf(`(;GM[1]FF[4]CA[UTF-8]SZ[${size}])`);
    this.keepReplaced();
    this.setGame(game, { name: '', games: null }, []);
    this.emit({ kind: 'game', how: 'new', save: true });
  }

  /**
   * One edit of the record: fn(game) makes at most one editing call (lib/edit.js's applyTool, or
   * a call such as game.setComment) and returns what it did; `what` names it for the words. A
   * result that changed nothing (the first point of a line) is returned without a change. A
   * refusal is thrown, and nothing changed (the engine's calls refuse whole).
   */
  edit(what, fn) {
    if (!this.record) throw coded('notAllowed', 'only a record is edited', 'notEditable');
    const result = fn(this.game);
    if (result?.kind === 'from' || result?.kind === 'cancel') return result;
    this.sgfText = null;
    this.extra = [];
    this.edits++;
    this.estimate = null;
    this.proposed = null;
    return this.emit({ kind: 'edit', what, result });
  }

  /** Takes again the edit the last undo took back ('notAllowed', reason 'nothingToRedo', when none). */
  redo() {
    if (!this.canRedo()) throw coded('notAllowed', 'nothing to redo', 'nothingToRedo');
    this.game.redo();
    this.sgfText = null;
    this.extra = [];
    this.edits++;
    return this.emit({ kind: 'redo' });
  }

  /**
   * An analysis result written into node `path` of the tree (game.setAnalysis: SGF properties,
   * not an edit undo takes back; the current node stays), so that the next save keeps it.
   */
  setAnalysis(path, analysis) {
    this.game.setAnalysis(path, analysis);
    this.sgfText = null;
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
