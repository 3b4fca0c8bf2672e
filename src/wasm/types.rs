//! The TypeScript declarations the generated `tengen.d.ts` carries beside wasm-bindgen's own: the
//! shapes of the options, results and errors that cross the boundary as plain JS values.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A point: [x, y], x the column from the left, y the row from the top, from 0. */
export type Point = [number, number];
export type Player = 'black' | 'white';
export type Phase = 'playing' | 'stopped' | 'finished';
/**
 * Every code an error of the API carries: the rules' refusals, bad arguments (`invalidOptions`,
 * also for an argument whose getter or Proxy throws), records (`sgf`, `illegalMove`), a game
 * used after `free()` (`freed`) or called from inside one of its own calls (`busy`), a new game
 * refused because the memory left would not hold it (`outOfMemory`: free games no longer used).
 */
export type ErrorCode = 'offBoard' | 'occupied' | 'suicide' | 'ko' | 'superko' | 'notPlaying'
  | 'notStopped' | 'notAllowed' | 'noStone' | 'invalidOptions' | 'sgf' | 'illegalMove' | 'freed'
  | 'busy' | 'outOfMemory';
/**
 * The `reason` of a `notAllowed` error (the error's `reason` property): which refusal it was.
 */
export type RefusalReason = 'handicapFirst' | 'nothingToUndo' | 'asItStands' | 'allAlive'
  | 'repetitionForbidden' | 'noRepetition' | 'notAPlayer' | 'unreplayable'
  /** Editing: `redo` with nothing undone; a set-up leaving a chain without a liberty;
   * `deleteNode`/`moveVariation` at the root; a move annotation at a node without a move;
   * `moveVariation` past the first or last sibling. */
  | 'nothingToRedo' | 'noLiberty' | 'atRoot' | 'noMove' | 'noSibling';
/** What every method throws: an `Error` with its code (and, for `notAllowed`, its reason). */
export interface TengenError extends Error {
    code: ErrorCode;
    reason?: RefusalReason;
}
export type PresetName = 'japanese-1989' | 'wagc-1979' | 'simple' | 'basic' | 'chinese' | 'aga'
  | 'new-zealand' | 'tromp-taylor';
export interface RulesOptions {
  preset?: PresetName;
  ko?: 'simple' | 'positional' | 'situational';
  suicide?: boolean;
  scoring?: 'area' | 'territory';
  tie?: 'draw' | 'white';
  deadStones?: 'agreed' | 'as-it-stands';
}
/**
 * A set-up position: the game starts from it (not moves); `undo` goes back to it. Captures are
 * the prisoners each player took before it.
 */
export interface SetupPosition {
  black?: Point[];
  white?: Point[];
  toMove?: Player;
  captures?: { black?: number; white?: number };
}
export interface GameOptions {
  /** A side from 2 to 52, or width and height each from 1 to 52 (1xN boards too, not 1x1). */
  size?: number | { width: number; height: number };
  /** Start from this position; `handicap` then places nothing (it counts for area compensation). */
  setup?: SetupPosition;
  rules?: PresetName | RulesOptions;
  komi?: number;
  handicap?: number;
  handicapPlacement?: 'fixed' | 'free';
}
export interface PresetInfo {
  name: PresetName;
  /** The SGF `RU` a record of this preset is written with. */
  ru: string;
  /** The `RU` values read as this preset: letters and digits only, lower case, a final `rules` dropped. */
  ruAliases: string[];
  komi: number;
  ko: 'simple' | 'positional' | 'situational';
  suicide: boolean;
  scoring: 'area' | 'territory';
  deadStones: 'agreed' | 'as-it-stands';
  tie: 'draw' | 'white';
}
export interface SideScore { stones: number; territory: number; prisoners: number; total: number; }
/** What a point is in the count; `kinds` in a Score holds these as indices. */
export type PointKindName = 'dame' | 'territory' | 'sekiEye' | 'stone' | 'sekiStone' | 'dead' | 'deadStays'
  | 'sekiLiberty' | 'protectiveFill';
/**
 * A dead mark that contradicts J89 Art. 7: `capturable`, an unmarked chain that can be captured
 * whatever the defence; `uncapturable`, a chain marked dead that cannot be captured.
 */
export type WarningCode = 'capturable' | 'uncapturable';
/** A chain whose mark contradicts the analysis; it is counted as its mark says and affects only its own region. */
export interface ScoreWarning { code: WarningCode; points: Point[]; }
/** Options of `game.estimate`: playouts (1 to 100000; default by board size) and seed. */
export interface EstimateOptions { playouts?: number; seed?: number; }
/**
 * An estimate: ownership per point row-major in [-1, 1] (Black positive), the stones proposed
 * dead and those alive in seki, the live chains the count proves capturable, and the count
 * with the proposal.
 */
export interface Estimate {
  ownership: Float32Array;
  dead: Point[];
  seki: Point[];
  /** Chains left alive that the count with the proposal proves capturable (`capturable`). */
  warnings: ScoreWarning[];
  score: { winner: Player | null; margin: number; result: string };
}
export interface Score {
  scoring: 'area' | 'territory';
  komi: number;
  /** White's handicap compensation beyond komi (area counting, `chinese` and `aga`); else 0. */
  compensation: number;
  black: SideScore;
  white: SideScore;
  winner: Player | null;
  margin: number;
  result: string;
  dead: Point[];
  /** Row-major: 1 Black, -1 White, 0 neither. */
  ownership: Int8Array;
  /** Row-major indices into `kindNames`. */
  kinds: Int8Array;
  kindNames: PointKindName[];
  /** Row-major: who each point counts for in the totals (1 Black, -1 White, 0 nobody). */
  countsFor: Int8Array;
  /** Chains whose dead marks contradict J89 Art. 7 (none where the board is counted as it stands). */
  warnings: ScoreWarning[];
}
export interface LastMove { player: Player; point: Point | null; }
export interface Repetition { moveNumber: number; firstSeen: number; }
export interface GameError extends Error { code: ErrorCode; }
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_TREE_TYPES: &str = r#"
/** The move of a child node: `player` null for a node without a move, `point` null for a pass. */
export interface Variation { player: Player | null; point: Point | null; }
export interface Label { point: Point; text: string; }
export interface Markup {
  triangles: Point[];
  squares: Point[];
  circles: Point[];
  crosses: Point[];
  /** `SL`. */
  selected: Point[];
  /** `DD`. */
  dimmed: Point[];
  labels: Label[];
  /** `LN`. */
  lines: Connector[];
  /** `AR`, from `from` to `to`. */
  arrows: Connector[];
}
export interface Connector { from: Point; to: Point; }
/** Game information as written in the record (SimpleText), or null where absent. */
export interface GameInfo {
  black: string | null;
  white: string | null;
  blackRank: string | null;
  whiteRank: string | null;
  date: string | null;
  event: string | null;
  result: string | null;
  gameName: string | null;
  komi: string | null;
  rules: string | null;
  handicap: string | null;
}
/**
 * The computer opponent a record names (`game.opponent`, `setOpponent`: the full package): the
 * colour it plays, its level as the page names it, and the seed of its search (null: none).
 */
export interface Opponent { computer: Player; level: string; seed?: number | null; }
/** A stone's move number, as `moveNumbers()` gives them. */
export interface MoveNumber { point: Point; number: number; }
/** A node of the record, as `node(path)` reads it without moving there. */
export interface RecordNode {
  /** The node's move (`player` null for a node without one). */
  move: Variation | null;
  /** How many children (variations) it has. */
  children: number;
  comment: string | null;
  markup: Markup;
  /** Every property by its identifier, its values as written with SGF's escapes resolved. */
  properties: Record<string, string[]>;
}
/** A move of the record that the rules forbid. */
export interface IllegalMoveError extends Error {
  code: 'illegalMove';
  moveNumber: number;
  player: Player;
  point: Point | null;
  /** The rule it breaks: 'occupied', 'ko', 'superko', 'suicide', ... */
  rule: ErrorCode;
}
"#;

#[cfg(feature = "sgf")]
#[wasm_bindgen(typescript_custom_section)]
const TS_SGF_TYPES: &str = r#"
export interface SgfOptions extends GameOptions {
  /** Read what strict reading refuses, and play the moves that break the rules as the record has them (for viewing), with warnings. */
  lenient?: boolean;
  /** Which game tree of a collection to open (0, the first, by default). */
  game?: number;
}
/**
 * Options of `game.toSgf`. `played: true` writes the game as saved on this device: the nodes
 * played here marked (a private property, `TH`, that `Game.fromSgf` takes out, so that after
 * `Game.fromSgf(saved)` and `goTo(path)`, `undo` removes them as before), and no result or
 * territory for the actions taken at the current node since arriving there (resume, dead marks,
 * resign, finish, noResult), which the caller keeps and takes again.
 */
export interface ToSgfOptions { played?: boolean; }
/** A record that cannot be read: `offset` is a byte offset in the input (in the UTF-8 encoding of a string). */
export interface SgfError extends Error { code: 'sgf'; offset: number; }
"#;

#[cfg(feature = "sgf-games")]
#[wasm_bindgen(typescript_custom_section)]
const TS_SGF_GAMES_TYPES: &str = r#"
/** A game tree of a file, as `Game.sgfGames` lists them. */
export interface SgfGame extends GameInfo {
  index: number;
  /** The board size, or null when SZ names none the engine plays. */
  width: number | null;
  height: number | null;
  /** Nodes in the tree, and moves (passes included) on its main line. */
  nodes: number;
  moves: number;
}
"#;

#[cfg(feature = "player")]
#[wasm_bindgen(typescript_custom_section)]
const TS_PLAYER_TYPES: &str = r#"
/**
 * Options of `game.genmove`: a budget of `playouts` (1 to 5,000,000) and/or `timeMs` (1 to
 * 600,000; the search stops at the first reached; neither: 10,000 playouts), and the `seed`
 * (0 to 2^53, default 1: with a budget in playouts the same seed gives the same move).
 */
export interface GenmoveOptions { playouts?: number; timeMs?: number; seed?: number; }
/** A move of the computer player: a point, a pass or a resignation. */
export type GenMove = { x: number; y: number } | 'pass' | 'resign';
/** A root move as the search saw it. */
export interface GenmoveCandidate { move: { x: number; y: number } | 'pass'; visits: number; winRate: number; }
/** What the player decided, and why. */
export interface GenmoveDetails {
  move: GenMove;
  /** In a few words: 'search', 'only move', 'opponent passed and the count wins', 'settled and the count wins', 'settled, but the pass loses points', 'search, the game not over', 'lost', 'handicap'. */
  reason: string;
  playouts: number;
  /** The preferred move's win rate for the side to move, from 0 to 1. */
  winRate: number;
  /** The root moves with the most visits, best first (at most 8). */
  candidates: GenmoveCandidate[];
}
/**
 * Options of `game.analyze`: as `GenmoveOptions` (the same ranges); neither budget: 6,000
 * playouts up to 9x9, 4,000 up to 13x13, 2,500 above.
 */
export interface AnalyzeOptions { playouts?: number; timeMs?: number; seed?: number; }
/** A stone move of an analysis (the pass is never one), for the player to move. */
export interface AnalysisCandidate {
  x: number; y: number; visits: number;
  /** From 0 to 1. */
  winRate: number;
  /** The mean final margin of its playouts in points (komi and the game's scoring included). */
  scoreLead: number;
  /** The principal variation from this move, the move first: at most 10 points, up to a pass. */
  pv: Point[];
}
/** `game.analyze`'s answer, for the player to move. */
export interface Analysis {
  /** The best move's win rate (the most visited move, the pass included), from 0 to 1. */
  winRate: number;
  /** The best move's mean final margin in points, under the game's rules and komi. */
  scoreLead: number;
  playouts: number;
  /** Per point, row-major: from -1 (White's) to 1 (Black's). */
  ownership: Float32Array;
  /** The most visited stone moves, best first (at most 10). */
  candidates: AnalysisCandidate[];
}
/** What `setAnalysis` writes into a node, for the player to move there. */
export interface NodeAnalysisInput { winRate: number; scoreLead: number; visits: number; best?: Point | null; }
/** What `analysisAt` reads from a node, for the player to move there (null: not in the record). */
export interface NodeAnalysis { winRate: number; scoreLead: number | null; visits: number | null; best: Point | null; }
"#;

#[cfg(feature = "edit")]
#[wasm_bindgen(typescript_custom_section)]
const TS_EDIT_TYPES: &str = r#"
/** A mark `setMark` sets (`TR`, `SQ`, `CR`, `MA`, `SL`, `LB`, `DD`). */
export type MarkKindName = 'triangle' | 'square' | 'circle' | 'cross' | 'selected' | 'label' | 'dim';
/** An annotation `setAnnotation` sets (`TE`, `BM`, `DO`, `IT`, `GB`, `GW`, `DM`, `UC`, `HO`). */
export type AnnotationKind = 'tesuji' | 'bad' | 'doubtful' | 'interesting' | 'goodForBlack'
  | 'goodForWhite' | 'even' | 'unclear' | 'hotspot';
/** A node's annotations: 1, or 2 where emphasised. */
export type Annotations = { [K in AnnotationKind]?: 1 | 2 };
"#;
