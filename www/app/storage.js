// The shape of a saved game and its reading, with every failure a status instead of an exception:
// storage missing or disabled ('unavailable'), full ('full'), or holding something unreadable
// ('corrupt'); the page then carries on with a fresh game and a notice. Where the games are kept
// (one key each, and their list) is games.js's. Also the view switches (coordinates, move
// numbers, sound), kept between visits.
import { isOpponent } from './computer.js';
import { isAction } from './actions.js';
import { INFO_IDS } from './game-info.js';

/** The shape saves are written in; saves of the first shape (1) are read too. */
export const SAVE_VERSION = 2;
const VIEW_KEY = 'tengen.view';

/** The page's localStorage, or null where it is missing or disabled (its getter throws then). */
export function localStore() {
  try {
    return window.localStorage || null;
  } catch {
    return null;
  }
}

/** Whether a write failed because storage is full. */
export function isQuota(e) {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
}

/** A save read from its text: { status: 'ok', data } | { status: 'empty' } (null) | { status: 'corrupt' }. */
export function parseSave(text) {
  if (text === null || text === undefined) return { status: 'empty' };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { status: 'corrupt' };
  }
  if (!isSave(data)) return { status: 'corrupt' };
  return { status: 'ok', data };
}

/** A snapshot of the session (session.js) as the text storage keeps, in the current shape. */
export function saveText(data) {
  return JSON.stringify({ v: SAVE_VERSION, ...data });
}

const int = (n) => Number.isInteger(n);

/**
 * The shape of a save (version 2): { v: 2, sgf: 'the whole tree, as toSgf({ played: true })
 * writes it', game: the index of the game tree in the file, path: [child indices from the root
 * to the current node], extra: [the actions at that node that left no node: resume, dead,
 * resign, finish, noResult], record: { name: 'file name' } for a record read from a file, null
 * for a game played here, options: {...} (a game played here; else null), opponent:
 * { computer: 'black' | 'white', level, seed } against the computer (else null) }.
 * Version 1, read and written again as version 2 on load: a game played here was
 * { v: 1, options, actions: [[name, ...args], ...], info?: { PB: 'name', ... }, opponent? },
 * a record { v: 1, sgf, game?, path, extra, name } (its dead stones and accepted count in the
 * SGF, not in extra).
 */
function isSave(d) {
  if (!d || typeof d !== 'object') return false;
  if (d.v === SAVE_VERSION) {
    if (typeof d.sgf !== 'string' || !isPlace(d)) return false;
    if (d.record !== null) return isObject(d.record) && typeof d.record.name === 'string';
    return isObject(d.options) && (d.opponent === null || d.opponent === undefined || isOpponent(d.opponent));
  }
  if (d.v !== 1) return false;
  if (typeof d.sgf === 'string') return isPlace(d) && (d.name === undefined || typeof d.name === 'string');
  if (!isObject(d.options) || !Array.isArray(d.actions)) return false;
  if (d.info !== undefined && !isInfo(d.info)) return false;
  if (d.opponent !== undefined && d.opponent !== null && !isOpponent(d.opponent)) return false;
  return d.actions.every(isAction);
}

const isObject = (o) => !!o && typeof o === 'object' && !Array.isArray(o);

/** A saved tree's place in it: its path, and the actions at that node that left no node. */
function isPlace(d) {
  return Array.isArray(d.path) && d.path.every((i) => int(i) && i >= 0)
    && Array.isArray(d.extra) && d.extra.every((a) => isAction(a) && a[0] !== 'place' && a[0] !== 'pass');
}

/** Game information: an object of SGF ids (INFO_IDS) to strings. */
function isInfo(info) {
  if (!isObject(info)) return false;
  return Object.entries(info).every(([k, v]) => INFO_IDS.includes(k) && typeof v === 'string');
}

/** The view switches (coordinates, move numbers, sound), kept between visits. */
export function loadViewOptions() {
  try {
    const v = JSON.parse(localStore()?.getItem(VIEW_KEY) || '{}');
    return { coordinates: v.coordinates !== false, numbers: v.numbers === true, sound: v.sound === true };
  } catch {
    return { coordinates: true, numbers: false, sound: false };
  }
}

export function saveViewOptions(options) {
  try {
    localStore()?.setItem(VIEW_KEY, JSON.stringify(options));
  } catch { /* kept for this visit only */ }
}
