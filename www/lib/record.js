// The game model of <tengen-board>: a game tree (from SGF, a diagram, or built by playing), the
// path to the current node, and the engine's Game at that node. Moves are played by the engine
// (legality, captures, ko, superko); set-up stones (AB/AW/AE) and PL in any node make a new Game
// from the position with `setup` (the board, the player to move and the captures so far).
//
// One model for every mode: play appends moves to the tree (undo steps back and drops the node),
// view and problem step through it, a diagram shows a node. The SGF getter writes the tree.
import { parseSgf, writeSgf, toPoint, fromPoint, pointList, boardSize } from './sgf.js';

/**
 * The engine's preset an SGF RU value names, read as the engine reads it (Game.presets(): the
 * one list of presets and their RU spellings; letters and digits only, lower case, a final
 * "rules" dropped); null for others (the default then).
 */
function ruPreset(Game, ru) {
  if (!ru) return null;
  const key = ru.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/rules$/, '');
  return Game.presets().find((p) => p.ruAliases.includes(key))?.name ?? null;
}

/** The move of a node: { player, point } (point null for a pass), or null. */
export function nodeMove(node, width, height) {
  for (const [id, player] of [['B', 'black'], ['W', 'white']]) {
    const v = node.props[id];
    if (v) {
      const point = toPoint(v[0] ?? '', width, height);
      if (point === undefined) return null;
      return { player, point };
    }
  }
  return null;
}

/**
 * The move numbers to draw: for each point whose stone is still the one a move of `nodes` (a
 * path from the root) put there, that move's number (MN sets a node's number, SGF FF[4]).
 */
export function numberLabels(nodes, board, width, height) {
  const at = new Map();
  let n = 0;
  for (const node of nodes) {
    const m = nodeMove(node, width, height);
    if (!m) continue;
    const mn = Number(node.props.MN?.[0]);
    n = Number.isInteger(mn) && mn > 0 ? mn : n + 1;
    if (m.point) at.set(m.point[1] * width + m.point[0], { n, color: m.player === 'black' ? 1 : -1 });
  }
  const labels = [];
  for (const [i, { n: k, color }] of at) {
    if (board[i] === color) labels.push({ point: [i % width, Math.floor(i / width)], text: String(k) });
  }
  return labels;
}

const hasSetup = (node) => !!(node.props.AB || node.props.AW || node.props.AE);

export class Record {
  /**
   * @param Game the engine's Game class
   * @param root the root node of a game tree (lib/sgf.js)
   * @param options { rules, komi, handicap }: the page's choices, over the record's RU, KM, HA
   */
  constructor(Game, root, options = {}) {
    this.Game = Game;
    this.root = root;
    const { width, height } = boardSize(root);
    this.width = width;
    this.height = height;
    const p = root.props;
    const km = Number(p.KM?.[0]);
    const ha = Number(p.HA?.[0]);
    this.options = {
      size: width === height ? width : { width, height },
      rules: options.rules || ruPreset(Game, p.RU?.[0]) || 'japanese-1989',
      komi: options.komi ?? (Number.isFinite(km) && Number.isInteger(km * 2) ? km : undefined),
      handicap: Number.isInteger(ha) && ha >= 2 && ha <= 9 ? ha : 0,
    };
    this.path = [];
    this.nodes = [root];
    this.steps = []; // per node after the root: 'undo' (one engine undo takes it back) or 'rebuild'
    this.game = null;
    this.game = this.start();
  }

  /** A record from SGF text (its first game). */
  static fromSgf(Game, text, options) {
    return new Record(Game, parseSgf(text)[0], options);
  }

  /** A fresh record: an empty board of these options (size, rules, komi, handicap). */
  static fresh(Game, options = {}) {
    const size = options.size ?? 19;
    const w = typeof size === 'number' ? size : size.width;
    const h = typeof size === 'number' ? size : size.height;
    const props = { GM: ['1'], FF: ['4'], SZ: [w === h ? String(w) : `${w}:${h}`] };
    if (options.komi !== undefined) props.KM = [String(options.komi)];
    const r = new Record(Game, { props, children: [] }, options);
    if (options.handicap) {
      // Fixed handicap stones, as the engine places them, written as the root's set-up.
      const g = new Game({ size, rules: options.rules, komi: options.komi, handicap: options.handicap });
      const board = g.board();
      const ab = [];
      board.forEach((s, i) => { if (s > 0) ab.push(fromPoint([i % w, Math.floor(i / w)])); });
      g.free();
      r.root.props.HA = [String(options.handicap)];
      r.root.props.AB = ab;
      r.root.props.PL = ['W'];
      r.options.handicap = options.handicap;
      r.replace(r.start());
    }
    return r;
  }

  get node() {
    return this.nodes[this.nodes.length - 1];
  }

  /**
   * The number of the current node's move: the moves on the path from the root (a set-up
   * node starts a new Game, whose own count restarts; this one does not), or MN where a node
   * sets it (SGF FF[4]).
   */
  get moveNumber() {
    let n = 0;
    for (const node of this.nodes) {
      if (!nodeMove(node, this.width, this.height)) continue;
      const mn = Number(node.props.MN?.[0]);
      n = Number.isInteger(mn) && mn > 0 ? mn : n + 1;
    }
    return n;
  }

  /** The Game at the root: its set-up stones and player to move. */
  start() {
    const { width, height, root } = this;
    const black = pointList(root.props.AB, width, height);
    const white = pointList(root.props.AW, width, height);
    let toMove = this.player(root);
    if (!toMove) {
      const first = root.children[0] && nodeMove(root.children[0], width, height);
      toMove = first?.player ?? (this.options.handicap && black.length ? 'white' : 'black');
    }
    const setup = { black, white, toMove };
    const game = new this.Game({ ...this.options, setup });
    const move = nodeMove(root, width, height);
    if (!move) return game;
    try {
      const g = this.play(game, move);
      if (g !== game) game.free();
      return g;
    } catch (e) {
      game.free();
      throw e;
    }
  }

  /** PL of a node, as a player, or null. */
  player(node) {
    const v = node.props.PL?.[0]?.toUpperCase();
    return v === 'B' || v === '1' ? 'black' : v === 'W' || v === '2' ? 'white' : null;
  }

  /** A new Game from `game`'s position with the node's set-up applied (`game` is left as it is). */
  setup(game, node, toMove) {
    const { width, height } = this;
    const board = Array.from(game.board());
    for (const [x, y] of pointList(node.props.AE, width, height)) board[y * width + x] = 0;
    for (const [x, y] of pointList(node.props.AB, width, height)) board[y * width + x] = 1;
    for (const [x, y] of pointList(node.props.AW, width, height)) board[y * width + x] = -1;
    const black = [];
    const white = [];
    board.forEach((s, i) => {
      if (s) (s > 0 ? black : white).push([i % width, Math.floor(i / width)]);
    });
    return new this.Game({ ...this.options, setup: { black, white, toMove, captures: game.captures } });
  }

  /**
   * Plays a node's move on `game`, or on a new Game from its position when it is the other
   * player's turn (SGF allows two moves of one colour in a row); returns the game played on.
   * `game` itself is never freed here; on failure nothing new is left behind.
   */
  play(game, move) {
    const g = game.toMove !== move.player || game.phase !== 'playing' ? this.setup(game, { props: {} }, move.player) : game;
    try {
      if (move.point) g.place(move.point[0], move.point[1]);
      else g.pass();
    } catch (e) {
      if (g !== game) g.free();
      throw e;
    }
    return g;
  }

  /** Applies a child node to the current game; returns 'undo' or 'rebuild' (how to take it back). */
  enter(node) {
    const { width, height } = this;
    let g = this.game;
    let step = 'undo';
    const move = nodeMove(node, width, height);
    if (hasSetup(node) || this.player(node)) {
      // A new Game from the set-up position: the current one stays as it was if anything fails.
      g = this.setup(g, node, this.player(node) ?? (move ? move.player : g.toMove));
      step = 'rebuild';
    }
    if (move) {
      let played;
      try {
        played = this.play(g, move);
      } catch (e) {
        if (g !== this.game) g.free();
        throw e;
      }
      if (played !== g) {
        if (g !== this.game) g.free();
        g = played;
        step = 'rebuild';
      }
    }
    if (g !== this.game) this.replace(g);
    return step;
  }

  replace(g) {
    if (this.game && this.game !== g) this.game.free();
    this.game = g;
  }

  /** The children of the current node with their moves. */
  children() {
    return this.node.children.map((node) => ({ node, move: nodeMove(node, this.width, this.height) }));
  }

  /** Steps into child i; false at the end of a line. Throws (changing nothing) if illegal. */
  next(i = 0) {
    const child = this.node.children[i];
    if (!child) return false;
    this.steps.push(this.enter(child));
    this.nodes.push(child);
    this.path.push(i);
    return true;
  }

  /** Steps back; false at the root. */
  previous() {
    if (!this.path.length) return false;
    const step = this.steps.pop();
    this.nodes.pop();
    this.path.pop();
    if (step === 'undo') {
      this.game.undo();
    } else {
      this.goTo(this.path.slice());
    }
    return true;
  }

  /** Goes to the node at `path` (child indices from the root), replaying from the root. */
  goTo(path) {
    const target = path.slice();
    this.replace(this.start());
    this.nodes = [this.root];
    this.path = [];
    this.steps = [];
    for (const i of target) if (!this.next(i)) break;
  }

  /** The child of the current node with this move, or -1. */
  findChild(player, point) {
    return this.children().findIndex(({ move }) => move && move.player === player
      && (point ? move.point && move.point[0] === point[0] && move.point[1] === point[1] : !move.point));
  }

  /**
   * Plays a move for the side to move: into the child that has it, else into a new child (added
   * to the tree). Returns { index, added, captures }. An illegal move throws and changes nothing.
   */
  move(point) {
    const player = this.game.toMove;
    let index = this.findChild(player, point);
    let added = false;
    if (index < 0) {
      // Checked first, so that an illegal move adds no node.
      if (point) {
        const code = this.game.legality(point[0], point[1]);
        if (code) {
          const e = new Error(`${code}: illegal move`);
          e.code = code;
          throw e;
        }
      } else if (this.game.phase !== 'playing') {
        const e = new Error('notPlaying: play has stopped');
        e.code = 'notPlaying';
        throw e;
      }
      this.node.children.push({ props: { [player === 'black' ? 'B' : 'W']: [point ? fromPoint(point) : ''] }, children: [] });
      index = this.node.children.length - 1;
      added = true;
    }
    const before = this.game.captures;
    try {
      this.next(index);
    } catch (e) {
      if (added) this.node.children.pop();
      throw e;
    }
    const after = this.game.captures;
    const captures = (after.black - before.black) + (after.white - before.white);
    return { index, added, captures };
  }

  /** Takes back the last node played and removes it from the tree (play mode's undo). */
  undoMove() {
    if (!this.path.length) return false;
    const parent = this.nodes[this.nodes.length - 2];
    const i = this.path[this.path.length - 1];
    this.previous();
    parent.children.splice(i, 1);
    return true;
  }

  toSgf() {
    return writeSgf([this.root]);
  }

  free() {
    this.game?.free();
    this.game = null;
  }
}
