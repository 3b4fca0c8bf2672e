// What the page shows and writes of a record, from the engine: the move numbers on the stones
// (game.moveNumbers()) and the game information edited here written into the game's record
// (game.setInfo()), so that toSgf() carries it.
import { INFO_KEYS } from './game-info.js';

/** The move numbers on the stones of the current position, as labels: [{ point: [x, y], text }]. */
export function moveNumberLabels(game) {
  return game.moveNumbers().map(({ point, number }) => ({ point, text: String(number) }));
}

/**
 * Writes game information (SGF id -> text; '' removes the property) into the game's record;
 * ids not given stay as they are.
 */
export function writeInfo(game, info) {
  const values = {};
  for (const [id, key] of Object.entries(INFO_KEYS)) {
    if (Object.hasOwn(info, id)) values[key] = info[id] || null;
  }
  game.setInfo(values);
}
