// The game information the player edits (players, ranks, date, event): the one list of its SGF
// ids, with the key of each in the engine's Game.info, for the dialog, storage and the SGF written.

/** SGF property id -> key in Game.info, in the dialog's order. */
export const INFO_KEYS = Object.freeze({ PB: 'black', BR: 'blackRank', PW: 'white', WR: 'whiteRank', DT: 'date', EV: 'event' });

/** The SGF ids a save may carry. */
export const INFO_IDS = Object.freeze(Object.keys(INFO_KEYS));

/** The ids a new game keeps from the game before it (the same players, most often): not the date. */
export const KEPT_INFO_IDS = Object.freeze(INFO_IDS.filter((id) => id !== 'DT'));

/** Game information from storage or a dialog: the known SGF ids with text, nothing else. */
export function cleanInfo(info) {
  const out = {};
  for (const id of INFO_IDS) {
    const v = info?.[id];
    if (typeof v === 'string' && v.trim()) out[id] = v.trim().slice(0, 200);
  }
  return out;
}

/** Today's date as SGF writes dates (DT[2026-11-26]), in the local calendar. */
export function today(now = new Date()) {
  const d = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${d(now.getMonth() + 1)}-${d(now.getDate())}`;
}

/**
 * Writes game information (SGF id -> text; '' removes the property) into the game's record
 * (game.setInfo), so that toSgf() carries it; ids not given stay as they are.
 */
export function writeInfo(game, info) {
  const values = {};
  for (const [id, key] of Object.entries(INFO_KEYS)) {
    if (Object.hasOwn(info, id)) values[key] = info[id] || null;
  }
  game.setInfo(values);
}
