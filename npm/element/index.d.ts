// `tengen/element`: <tengen-board>, defined on import (and by the classic script tengen-board.js).
import type { Game, Player, Point, Score, ErrorCode } from '../tengen.js';

/**
 * The engine game a board shows: the element's own engine (the `embed` build: the rules, the
 * count and the SGF reader, no estimator or computer player), hence only these members of `Game`.
 */
export type BoardGame = Pick<Game, BoardGameMember>;
/** The members of `Game` the element's engine has (written by scripts/npm.mjs from its glue). */
export type BoardGameMember = /*BOARD_GAME_MEMBERS*/;

export type BoardMode = 'play' | 'view' | 'problem' | 'diagram' | 'edit';

/** The codes of a board's `error` event: the engine's, or `diagram` and `load`. */
export type BoardErrorCode = ErrorCode | 'diagram' | 'load';

export interface BoardMoveDetail { player: Player; point: Point | null; captures: number; moveNumber: number; }
export interface BoardEndDetail { score: Score; }
export interface BoardVerdictDetail { path: number[]; point: Point | null; comment: string | null; }
export interface BoardNavigateDetail { path: number[]; moveNumber: number; }
/** An edit's result, as `applyTool` of the element's editor gives it. */
export interface BoardEditResult { kind: 'stone' | 'move' | 'mark' | 'unmark' | 'line'; point?: Point; [more: string]: unknown; }
export interface BoardChangeDetail {
  what: 'tool' | 'comment' | 'answer' | 'delete' | 'name' | 'toMove' | 'annotation' | 'moveVariation'
    | 'mainLine' | 'undo' | 'redo';
  tool: string | null;
  result: BoardEditResult | null;
  path: number[];
}
/** Content or attributes the board cannot show (`line` and `column` from 1 for SGF and diagrams). */
export interface BoardErrorDetail { code: BoardErrorCode; message: string; line?: number; column?: number; }

/** The board's own events (`error` and `change` replace the DOM's events of those names). */
export interface TengenBoardEvents {
  move: CustomEvent<BoardMoveDetail>;
  end: CustomEvent<BoardEndDetail>;
  solved: CustomEvent<BoardVerdictDetail>;
  failed: CustomEvent<BoardVerdictDetail>;
  navigate: CustomEvent<BoardNavigateDetail>;
  change: CustomEvent<BoardChangeDetail>;
  ready: CustomEvent<undefined>;
  error: CustomEvent<BoardErrorDetail>;
}
export type TengenBoardEventMap = Omit<HTMLElementEventMap, keyof TengenBoardEvents> & TengenBoardEvents;

/** Move numbers as a book prints them: the moves `from` to `to` of the path, numbered. */
export interface MoveRange { from?: number; to?: number; }
export interface SvgOptions { width?: number; coordinates?: boolean; region?: string; moveNumbers?: MoveRange; title?: string; }
export interface PngOptions { size?: number; density?: number; theme?: 'print'; coordinates?: boolean; region?: string; moveNumbers?: MoveRange; }
export interface DiagramOptions { moveNumbers?: MoveRange; }

/**
 * <tengen-board>. Attributes: mode, src, game, size, rules, komi, handicap, region, coordinates,
 * move-numbers, lang, label, theme; the content is SGF, a Sensei's Library diagram, or nothing.
 * A type only: the element is `document.createElement('tengen-board')` or in the page's HTML.
 */
export interface TengenBoard extends HTMLElement {
  /** The engine's game now shown (null until the board has started). */
  readonly game: BoardGame | null;
  /** The record as SGF (the game's toSgf(), with the moves played here); setting it loads a new record. */
  get sgf(): string | null;
  set sgf(text: string);
  /** What reading the record put up with; [] without a record. */
  readonly warnings: string[];
  /** A standalone SVG document of the board as it is shown. */
  toSVG(options?: SvgOptions): Promise<string>;
  /** A PNG picture (`image/png`) of the board as it is shown. */
  toPNG(options?: PngOptions): Promise<Blob>;
  /** Sensei's Library diagram text of the board as it is shown. */
  toDiagram(options?: DiagramOptions): Promise<string>;
  /** The `<tengen-board>` snippet of the record now. */
  embedCode(): Promise<string>;
  addEventListener<K extends keyof TengenBoardEventMap>(type: K, listener: (this: TengenBoard, ev: TengenBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof TengenBoardEventMap>(type: K, listener: (this: TengenBoard, ev: TengenBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'tengen-board': TengenBoard;
  }
}
