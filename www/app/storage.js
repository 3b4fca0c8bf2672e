// The saved game in localStorage, with every failure turned into a status instead of an exception:
// storage missing or disabled ('unavailable'), full ('full'), or holding something unreadable
// ('corrupt'). The page then carries on with a fresh game and a notice. Also the view switches
// (coordinates, move numbers, sound), kept between visits.
import { isOpponent } from './computer.js';
import { isAction } from './actions.js';
import { INFO_IDS } from './game-info.js';

export const SAVE_VERSION = 1;
export const GAME_KEY = 'tengen.game';
const VIEW_KEY = 'tengen.view';

function storage() {
  try {
    const s = window.localStorage; // the getter itself throws when storage is disabled
    if (!s) return null;
    return s;
  } catch {
    return null;
  }
}

function isQuota(e) {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
}

export class Store {
  constructor(key) {
    this.key = key;
  }

  /** { status: 'ok', data } | { status: 'empty' } | { status: 'unavailable' } | { status: 'corrupt' } */
  load() {
    const s = storage();
    if (!s) return { status: 'unavailable' };
    let text;
    try {
      text = s.getItem(this.key);
    } catch {
      return { status: 'unavailable' };
    }
    if (text === null) return { status: 'empty' };
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return { status: 'corrupt' };
    }
    if (!isSave(data)) return { status: 'corrupt' };
    return { status: 'ok', data };
  }

  /** 'ok' | 'full' | 'unavailable' */
  save(data) {
    const s = storage();
    if (!s) return 'unavailable';
    try {
      s.setItem(this.key, JSON.stringify({ v: SAVE_VERSION, ...data }));
      return 'ok';
    } catch (e) {
      return isQuota(e) ? 'full' : 'unavailable';
    }
  }
}

const int = (n) => Number.isInteger(n);

/**
 * The shape of a save. A game played here: { v: 1, options: {...}, actions: [[name, ...args], ...],
 * info: { PB: 'name', ... } (optional: saves before game information have none), opponent:
 * { computer: 'black' | 'white', level, seed } against the computer (optional: null or none
 * between people) }.
 * A game record read from an SGF file: { v: 1, sgf: 'the whole tree, as toSgf() writes it',
 * path: [child indices from the root to the current node], extra: [actions at that node that
 * left no node: resume, dead, resign, finish, noResult], name: 'file name' }.
 */
function isSave(d) {
  if (!d || typeof d !== 'object' || d.v !== SAVE_VERSION) return false;
  if (typeof d.sgf === 'string') {
    return Array.isArray(d.path) && d.path.every((i) => int(i) && i >= 0)
      && Array.isArray(d.extra) && d.extra.every((a) => isAction(a) && a[0] !== 'place' && a[0] !== 'pass')
      && (d.name === undefined || typeof d.name === 'string');
  }
  if (!d.options || typeof d.options !== 'object' || Array.isArray(d.options)) return false;
  if (!Array.isArray(d.actions)) return false;
  if (d.info !== undefined && !isInfo(d.info)) return false;
  if (d.opponent !== undefined && d.opponent !== null && !isOpponent(d.opponent)) return false;
  return d.actions.every(isAction);
}

/** Game information: an object of SGF ids (INFO_IDS) to strings. */
function isInfo(info) {
  if (!info || typeof info !== 'object' || Array.isArray(info)) return false;
  return Object.entries(info).every(([k, v]) => INFO_IDS.includes(k) && typeof v === 'string');
}

/** The view switches (coordinates, move numbers, sound), kept between visits. */
export function loadViewOptions() {
  try {
    const v = JSON.parse(storage()?.getItem(VIEW_KEY) || '{}');
    return { coordinates: v.coordinates !== false, numbers: v.numbers === true, sound: v.sound === true };
  } catch {
    return { coordinates: true, numbers: false, sound: false };
  }
}

export function saveViewOptions(options) {
  try {
    storage()?.setItem(VIEW_KEY, JSON.stringify(options));
  } catch { /* kept for this visit only */ }
}
