// The app's one use of the JS SGF tools (lib/sgf.js, lib/record.js): the move numbers on the
// stones, read from the game's SGF, and the game information written into an SGF's root. When the
// engine answers these itself, this file is the one to change.
import { parseSgf, setRootProps } from '../lib/sgf.js';
import { numberLabels } from '../lib/record.js';

/**
 * The move numbers on the stones: the moves from the start to the current node (`path`, the
 * child indices from the root; null: the main line to its end, a game played here), the number
 * of each stone's move while that stone is on the board. `text`: the game's SGF (toSgf()), when
 * the caller has it already. Returns [{ point: [x, y], text }].
 */
export function moveNumberLabels(game, path, text = game.toSgf()) {
  const [root] = parseSgf(text);
  const nodes = [root];
  if (path) {
    for (const i of path) nodes.push(nodes[nodes.length - 1].children[i]);
  } else {
    while (nodes[nodes.length - 1].children.length) nodes.push(nodes[nodes.length - 1].children[0]);
  }
  return numberLabels(nodes.filter(Boolean), game.board(), game.width, game.height);
}

/**
 * SGF text with game information in the root of game tree `gameIndex` (SGF id -> text; '' removes
 * the property), the rest as it was.
 */
export function sgfWithInfo(text, info, gameIndex = 0) {
  return setRootProps(text, info, gameIndex);
}
