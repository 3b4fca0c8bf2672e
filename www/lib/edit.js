// The editor's tools, shared by the app's edit mode and <tengen-board mode="edit">: each tool
// and its key, what a click (or Enter at the keyboard cursor) with a tool does as calls on the
// engine's Game (its editing calls: setStone, setMark, setLine, place), the next free label, and
// the comments that make a node a right or a wrong answer as lib/problem.js reads them. No DOM.
//
// A click toggles: a black set-up stone where Black's stone stands removes it, a triangle where
// one is removes it, a label where one is removes it; the erase tool removes the point's marks,
// else its stone. Lines and arrows take two clicks (from, to); the second on the same point
// cancels, and on an existing line or arrow of the tool's kind removes it.
import { judgeText } from './problem.js';

/** The tools in the tool bar's order, with their keys (one letter, case-insensitive). */
export const TOOLS = Object.freeze([
  { id: 'black', key: 'b' },
  { id: 'white', key: 'w' },
  { id: 'alternate', key: 'a' },
  { id: 'erase', key: 'e' },
  { id: 'triangle', key: 't' },
  { id: 'square', key: 's' },
  { id: 'circle', key: 'c' },
  { id: 'cross', key: 'x' },
  { id: 'letter', key: 'l' },
  { id: 'number', key: 'n' },
  { id: 'dim', key: 'd' },
  { id: 'line', key: 'i' },
  { id: 'arrow', key: 'v' },
]);

/** The tool a key selects, or null. */
export function toolForKey(key) {
  const k = String(key).toLowerCase();
  return TOOLS.find((t) => t.key === k)?.id ?? null;
}

/** Whether the tool takes two clicks (from, to). */
export const twoClicks = (tool) => tool === 'line' || tool === 'arrow';

// The markup's list of each single-point mark (game.markup).
const LISTS = { triangle: 'triangles', square: 'squares', circle: 'circles', cross: 'crosses', dim: 'dimmed' };

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/** The kinds of mark at (x, y) in `markup` ('triangle', ..., 'dim', 'label'). */
export function marksAt(markup, x, y) {
  const kinds = [];
  for (const [kind, list] of Object.entries(LISTS)) if ((markup[list] ?? []).some((p) => same(p, [x, y]))) kinds.push(kind);
  if ((markup.labels ?? []).some((l) => same(l.point, [x, y]))) kinds.push('label');
  return kinds;
}

/** The kind of the line or arrow from `from` to `to` ('line' either way round, 'arrow' as drawn), or null. */
export function lineAt(markup, from, to) {
  if ((markup.arrows ?? []).some((l) => same(l.from, from) && same(l.to, to))) return 'arrow';
  const line = (markup.lines ?? []).some((l) => (same(l.from, from) && same(l.to, to)) || (same(l.from, to) && same(l.to, from)));
  return line ? 'line' : null;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The next free label of a kind ('letter': A to Z, then a to z; 'number': 1, 2, ...): the first
 * that no label of the node has, so that a label removed is given again first. null when every
 * letter is taken.
 */
export function nextLabel(markup, kind) {
  const taken = new Set((markup.labels ?? []).map((l) => l.text));
  if (kind === 'number') {
    let n = 1;
    while (taken.has(String(n))) n++;
    return String(n);
  }
  for (const c of LETTERS) if (!taken.has(c)) return c;
  return null;
}

/** An Error with a code and a reason, as the engine's refusals are. */
function refusal(reason, message) {
  const e = new Error(`notAllowed: ${message}`);
  e.code = 'notAllowed';
  e.reason = reason;
  return e;
}

/**
 * What a click with `tool` at (x, y) does on `game` (one editing call, or none). `from`: the
 * first point of a line or arrow already chosen, else null. Returns what happened, for the words:
 *   { kind: 'stone', point, color }            a set-up stone put ('black' | 'white') or removed (null)
 *   { kind: 'move', point, player, captures }  a move played (the alternate tool)
 *   { kind: 'mark', point, mark, text }        a mark put (mark: 'triangle', ..., 'label', with its text)
 *   { kind: 'unmark', point }                  the point's marks removed
 *   { kind: 'line', from, to, line }           a line or arrow drawn (line: 'line' | 'arrow') or removed (null)
 *   { kind: 'from', point }                    the first point of a line or arrow chosen (nothing changed)
 *   { kind: 'cancel', point }                  the second click on the first point: nothing drawn
 * Throws the engine's refusal (or notAllowed with reason 'nothingToErase' or 'noFreeLabel'),
 * having changed nothing.
 */
export function applyTool(game, tool, x, y, from = null) {
  const point = [x, y];
  const stone = game.board()[y * game.width + x];
  switch (tool) {
    case 'black':
    case 'white': {
      const color = stone === (tool === 'black' ? 1 : -1) ? null : tool;
      game.setStone(x, y, color);
      return { kind: 'stone', point, color };
    }
    case 'alternate': {
      const player = game.toMove;
      const captures = game.place(x, y);
      return { kind: 'move', point, player, captures };
    }
    case 'erase': {
      if (marksAt(game.markup, x, y).length) {
        game.setMark(x, y, null);
        return { kind: 'unmark', point };
      }
      if (!stone) throw refusal('nothingToErase', 'no stone or mark on this point');
      game.setStone(x, y, null);
      return { kind: 'stone', point, color: null };
    }
    case 'letter':
    case 'number': {
      const markup = game.markup;
      if (marksAt(markup, x, y).includes('label')) {
        game.setMark(x, y, null);
        return { kind: 'unmark', point };
      }
      const text = nextLabel(markup, tool);
      if (text === null) throw refusal('noFreeLabel', 'every letter is taken');
      game.setMark(x, y, 'label', text);
      return { kind: 'mark', point, mark: 'label', text };
    }
    case 'line':
    case 'arrow': {
      if (!from) return { kind: 'from', point };
      if (same(from, point)) return { kind: 'cancel', point };
      const line = lineAt(game.markup, from, point) === tool ? null : tool;
      game.setLine(from, point, line);
      return { kind: 'line', from: [from[0], from[1]], to: point, line };
    }
    default: {
      if (!LISTS[tool]) throw new Error(`unknown tool ${tool}`);
      const has = marksAt(game.markup, x, y).includes(tool);
      game.setMark(x, y, has ? null : tool);
      return has ? { kind: 'unmark', point } : { kind: 'mark', point, mark: tool };
    }
  }
}

// The words a right or a wrong answer's comment starts with: the ones problem.js reads in most
// collections' files, in English whatever the page's language, so that every reader finds them.
export const ANSWER_WORDS = Object.freeze({ right: 'Correct', wrong: 'Wrong' });

// A verdict at the start of a comment, with what follows it up to the text (". ", "! ", ": ").
const VERDICT = /^\s*(?:(?:correct|right|wrong|incorrect)\b|正解|不正解|失敗)[\s.!:;,、。！：-]*/i;

/**
 * The comment that makes a node a right or a wrong answer (`verdict`): the verdict's word first,
 * then what the comment said after any verdict it had ("Wrong. White escapes." -> "Correct.
 * White escapes."). judgeText reads it back as `verdict`.
 */
export function answerComment(comment, verdict) {
  const word = ANSWER_WORDS[verdict];
  if (!word) throw new Error(`unknown verdict ${verdict}`);
  const text = String(comment ?? '');
  const rest = judgeText(text) ? text.replace(VERDICT, '') : text.trim();
  return rest ? `${word}. ${rest}` : `${word}.`;
}

/**
 * What applyTool's result `r` says, for the live region: "Black stone set up at C3.", "Triangle
 * at D4.", ... (`t`: a translator's t with the editor's words, lib/strings/edit/; `at(point)`:
 * the point's name; `tool`: the tool, which names a line or arrow begun). A move (the alternate
 * tool) is said as any move is, by the caller: null.
 */
export function toolText(t, r, at, tool) {
  switch (r.kind) {
    case 'stone':
      return r.color ? t('say.edit.stone', { player: t(`player.${r.color}`), point: at(r.point) }) : t('say.edit.removed', { point: at(r.point) });
    case 'mark':
      return r.mark === 'label' ? t('say.edit.label', { text: r.text, point: at(r.point) }) : t('say.edit.mark', { mark: t(`edit.tool.${r.mark}`), point: at(r.point) });
    case 'unmark':
      return t('say.edit.unmarked', { point: at(r.point) });
    case 'line':
      return r.line ? t('say.edit.line', { line: t(`edit.tool.${r.line}`), from: at(r.from), to: at(r.to) }) : t('say.edit.lineRemoved', { from: at(r.from), to: at(r.to) });
    case 'from':
      return t('say.edit.from', { line: t(`edit.tool.${tool}`), point: at(r.point) });
    case 'cancel':
      return t('say.edit.cancel');
    default:
      return null;
  }
}

/** The `reason`s of the editing calls' refusals that have words of their own (error.<reason>, lib/strings/edit/). */
export const EDIT_REFUSALS = Object.freeze(['nothingToRedo', 'nothingToErase', 'noFreeLabel', 'noMove', 'atRoot', 'noSibling', 'noLiberty', 'unreplayable']);

// The node's annotations (game.annotations, game.setAnnotation): the move's (TE BM DO IT) and the
// position's (GB GW DM UC), the engine keeping one of each group. A menu's choice is 'kind', or
// 'kind:2' for its emphasised value where it has one (FF[4]: doubtful and interesting have none).
export const MOVE_ANNOTATIONS = Object.freeze(['tesuji', 'bad', 'doubtful', 'interesting']);
export const POSITION_ANNOTATIONS = Object.freeze(['goodForBlack', 'goodForWhite', 'even', 'unclear']);
export const MOVE_CHOICES = Object.freeze(['tesuji', 'tesuji:2', 'bad', 'bad:2', 'doubtful', 'interesting']);
export const POSITION_CHOICES = Object.freeze(['goodForBlack', 'goodForBlack:2', 'goodForWhite', 'goodForWhite:2', 'even', 'even:2', 'unclear', 'unclear:2']);

/** The choice a node's annotations make in a group's menu ('kind' or 'kind:2'), or ''. */
export function choiceOf(annotations, kinds) {
  const kind = kinds.find((k) => annotations?.[k]);
  return !kind ? '' : annotations[kind] === 2 ? `${kind}:2` : kind;
}

/**
 * The one editing call that makes `choice` ('kind', 'kind:2' or '' for none) the annotation of
 * the group `kinds` on `game`'s node, in place of the one it had; false (and no call) when it is
 * that already. Throws the engine's refusal, having changed nothing.
 */
export function annotate(game, kinds, choice) {
  const annotations = game.annotations ?? {};
  if (choiceOf(annotations, kinds) === choice) return false;
  const [kind, two] = choice.split(':');
  if (kind) game.setAnnotation(kind, two ? 2 : 1);
  else game.setAnnotation(kinds.find((k) => annotations[k]), null);
  return true;
}
