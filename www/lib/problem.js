// Right and wrong in a problem's game tree, by the usual conventions of problem files:
//   - a comment that starts with "Correct" or "Right" is right, one that starts with "Wrong" or
//     "Incorrect" is wrong (most collections; also 正解 / 不正解 in Japanese files); the word
//     RIGHT in capitals anywhere in a comment is right, NOTTHIS wrong (goproblems.com);
//   - TE (tesuji) on the learner's move is right, BM (bad move) on it is wrong;
//   - GB / GW (good for Black / White) are right when they favour the learner, wrong otherwise;
//   - a move that is not in the tree is wrong.
// A line that ends with no mark: when the tree marks right answers somewhere, an unmarked end is
// wrong (files that mark only the right ends); when the tree marks nothing at all, the main line
// (first children all the way) is the solution and every other end is wrong.
//
// The tree is the engine's: nodes are what `game.node(path)` reads without moving the game
// ({ move, children, comment, properties }), so the verdicts follow the record exactly as the
// engine read it (its charset, its lenient repairs), and nothing here parses SGF.

const RIGHT = /^\s*(correct|right)\b/i;
const WRONG = /^\s*(wrong|incorrect)\b/i;
const RIGHT_JA = /^\s*正解/;
const WRONG_JA = /^\s*(不正解|失敗)/;
const RIGHT_MARK = /\bRIGHT\b/;
const WRONG_MARK = /\bNOTTHIS\b/;

/** 'right' or 'wrong' if a comment says so at its start ("Correct! ...", "Wrong: ..."), else null. */
export function judgeText(comment) {
  if (RIGHT.test(comment) || RIGHT_JA.test(comment)) return 'right';
  if (WRONG.test(comment) || WRONG_JA.test(comment)) return 'wrong';
  if (RIGHT_MARK.test(comment)) return 'right';
  if (WRONG_MARK.test(comment)) return 'wrong';
  return null;
}

/**
 * 'right', 'wrong' or null for a node as `game.node(path)` gives it, the learner playing
 * `learner` ('black' | 'white').
 */
export function judge(node, learner) {
  if (!node) return null;
  const p = node.properties ?? {};
  const said = judgeText(node.comment ?? p.C?.[0] ?? '');
  if (said) return said;
  if (node.move?.player === learner) {
    if (p.TE) return 'right';
    if (p.BM) return 'wrong';
  }
  if (p.GB) return learner === 'black' ? 'right' : 'wrong';
  if (p.GW) return learner === 'white' ? 'right' : 'wrong';
  return null;
}

/** Whether any node of the game's tree says right (depth first from the root). */
export function marksRight(game, learner) {
  const todo = [[]];
  while (todo.length) {
    const path = todo.pop();
    const n = game.node(path);
    if (!n) continue;
    if (judge(n, learner) === 'right') return true;
    for (let i = n.children - 1; i >= 0; i--) todo.push([...path, i]);
  }
  return false;
}

/**
 * The verdict at the end of a line (a node without children) that no mark judged: wrong where
 * the tree marks right answers, else right on the main line only.
 */
export function endVerdict(path, marked) {
  if (marked) return 'wrong';
  return path.every((i) => i === 0) ? 'right' : 'wrong';
}

/**
 * The path (child indices) of the first right line, depth first in the tree's order: to a node
 * judged right, or (a tree with no marks) the main line to its end. null if there is none.
 */
export function solutionPath(game, learner) {
  if (!marksRight(game, learner)) {
    const path = [];
    for (let n = game.node([]); n && n.children; n = game.node(path)) path.push(0);
    return path.length ? path : null;
  }
  const walk = (path) => {
    const node = game.node(path);
    const j = judge(node, learner);
    if (j === 'right') return path;
    if (j === 'wrong' || !node) return null;
    for (let i = 0; i < node.children; i++) {
      const p = walk([...path, i]);
      if (p) return p;
    }
    return null;
  };
  return walk([]);
}
