// The saved games: each game under its own key (tengen.game.<id>, in the shape storage.js reads),
// and their list (tengen.games): a summary of each for the saved-games dialog, newest first.
// Each tab of the page shows one of them (tabs.js says which); a new game, an opened file or a
// link gets a new id, so that the game it replaces stays in the list.
//
// The list keeps MAX_GAMES games: past that, the oldest not kept (the games open in a tab) is
// dropped, a game with nothing played first. When storage is full, the oldest are dropped too,
// one at a time until the write fits (MAX_SQUEEZE at most), and the caller is told which.
//
// The pure functions work on the list (an array of summaries, newest first); the Games class
// reads and writes a Storage (localStorage in the page, a fake in the tests), every failure a
// status: 'unavailable', 'full' or 'corrupt', never an exception.
import { parseSave, saveText, isQuota } from './storage.js';

export const INDEX_KEY = 'tengen.games';
export const GAME_PREFIX = 'tengen.game.';
/** Where the page kept its one game before each tab had its own. */
export const LEGACY_KEY = 'tengen.game';
export const MAX_GAMES = 20;
/** The most games one write drops when storage is full. */
export const MAX_SQUEEZE = 3;
const INDEX_VERSION = 1;

/** The key of game `id`. */
export const gameKey = (id) => GAME_PREFIX + id;

const ID = /^[a-z0-9]{4,40}$/;

/** Whether `id` is a game's id as newId makes them. */
export const isId = (id) => typeof id === 'string' && ID.test(id);

/** A new game's id: the time, then random letters (two tabs starting a game at once differ). */
export function newId(now = Date.now(), random = Math.random) {
  return `${Math.floor(now).toString(36)}${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

const str = (v) => (typeof v === 'string' ? v : '');
const num = (v) => (Number.isFinite(v) ? v : null);

/**
 * A summary as the list keeps it: { id, updated (ms), width, height, moves (null when not yet
 * known), record (read from a file), empty (nothing played here: not shown in the list), black,
 * white, file, gameName, level (against the computer, else '') }. Null for something else.
 */
export function cleanEntry(e) {
  if (!e || typeof e !== 'object' || !isId(e.id)) return null;
  return {
    id: e.id,
    updated: num(e.updated) ?? 0,
    width: num(e.width),
    height: num(e.height),
    moves: num(e.moves),
    record: e.record === true,
    empty: e.empty === true,
    black: str(e.black),
    white: str(e.white),
    file: str(e.file),
    gameName: str(e.gameName),
    level: str(e.level),
  };
}

/** The list read from its text: its well-formed entries, newest first, each id once; [] for none or garbage. */
export function parseIndex(text) {
  let d;
  try {
    d = JSON.parse(text);
  } catch {
    return [];
  }
  const seen = new Set();
  const out = [];
  for (const raw of Array.isArray(d?.games) ? d.games : []) {
    const e = cleanEntry(raw);
    if (!e || seen.has(e.id)) continue;
    seen.add(e.id);
    out.push(e);
  }
  return out.sort((a, b) => b.updated - a.updated);
}

/** The list's text. */
export const indexText = (entries) => JSON.stringify({ v: INDEX_VERSION, games: entries });

/** The list with `entry` added, or changed in place of its old self, first (the newest). */
export function touch(entries, entry) {
  return [entry, ...entries.filter((e) => e.id !== entry.id)];
}

/** The list without game `id`. */
export function remove(entries, id) {
  return entries.filter((e) => e.id !== id);
}

/**
 * The game to drop first to make room: among those not in `keep` (a Set of ids), the oldest with
 * nothing played, else the oldest. Null when every game is kept.
 */
export function dropCandidate(entries, keep) {
  const free = entries.filter((e) => !keep.has(e.id)).sort((a, b) => a.updated - b.updated);
  return (free.find((e) => e.empty) || free[0])?.id ?? null;
}

/** At most `max` games: { entries, dropped } (the ids dropped; games in `keep` never are). */
export function cap(entries, max, keep) {
  let list = entries;
  const dropped = [];
  while (list.length > max) {
    const id = dropCandidate(list, keep);
    if (id === null) break;
    dropped.push(id);
    list = remove(list, id);
  }
  return { entries: list, dropped };
}

/**
 * The summary of a save's data as far as it tells without reading its SGF (a save of the
 * page before the list: the tab that opens it saves it again, with the rest).
 */
export function summaryOf(data) {
  const size = data?.options?.size;
  const width = typeof size === 'number' ? size : size?.width;
  const height = typeof size === 'number' ? size : size?.height;
  const record = typeof data?.sgf === 'string' && (data.v === 1 ? !data.options : data.record !== null);
  return {
    width: num(width),
    height: num(height),
    moves: null,
    record,
    empty: !record && data?.v === 1 && Array.isArray(data.actions) && data.actions.length === 0,
    black: str(data?.info?.PB),
    white: str(data?.info?.PW),
    file: str(record ? data.record?.name ?? data.name : ''),
    gameName: '',
    level: str(data?.opponent?.level),
  };
}

/** The summary of the game a session (session.js) shows, for the list. */
export function summarize(session) {
  const g = session.game;
  const info = session.gameInfo();
  const here = !session.record;
  return {
    width: g.width,
    height: g.height,
    moves: g.moveNumber,
    record: !here,
    empty: here && session.actions.length === 0,
    black: str(info.black),
    white: str(info.white),
    file: here ? '' : str(session.record.name),
    gameName: str(info.gameName),
    level: here && session.opponent ? str(session.opponent.level) : '',
  };
}

/**
 * The one game the page kept before the list (LEGACY_KEY's text), as a game of the list:
 * { status: 'none' } when there is none; { status: 'corrupt' } when it cannot be read;
 * else { status: 'ok', data, entry } with the summary it tells (summaryOf), its id `id`.
 */
export function migrate(text, id, now) {
  const r = parseSave(text);
  if (r.status === 'empty') return { status: 'none' };
  if (r.status !== 'ok') return { status: 'corrupt' };
  return { status: 'ok', data: r.data, entry: { id, updated: now, ...summaryOf(r.data) } };
}

export class Games {
  /** store: a Storage (localStorage), or null where there is none; now(): the time in ms. */
  constructor(store, now = () => Date.now()) {
    this.store = store;
    this.now = now;
  }

  get available() {
    return !!this.store;
  }

  /**
   * Every saved game, newest first: the list's entries, and the games found by their keys that
   * the list lost (a list unreadable or not written, storage full): each with what its save tells.
   */
  list() {
    const s = this.store;
    if (!s) return [];
    let entries;
    const found = [];
    try {
      entries = parseIndex(s.getItem(INDEX_KEY));
      const listed = new Set(entries.map((e) => e.id));
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (!k?.startsWith(GAME_PREFIX)) continue;
        const id = k.slice(GAME_PREFIX.length);
        if (!isId(id) || listed.has(id)) continue;
        const r = parseSave(s.getItem(k));
        if (r.status === 'ok') found.push({ id, updated: 0, ...summaryOf(r.data) });
      }
    } catch {
      return [];
    }
    return [...entries, ...found];
  }

  /** The summary of game `id`, or null. */
  entry(id) {
    return this.list().find((e) => e.id === id) ?? null;
  }

  /** Game `id`'s save as stored (text), or null. */
  text(id) {
    try {
      return this.store?.getItem(gameKey(id)) ?? null;
    } catch {
      return null;
    }
  }

  /** Game `id`'s save: { status: 'ok', data } | 'empty' | 'corrupt' | 'unavailable' (as { status }). */
  read(id) {
    const s = this.store;
    if (!s) return { status: 'unavailable' };
    try {
      return parseSave(s.getItem(gameKey(id)));
    } catch {
      return { status: 'unavailable' };
    }
  }

  /**
   * Writes game `id` (a session's snapshot) with its summary, first in the list. `keep`: the
   * ids never dropped (the games open in tabs). Past MAX_GAMES, the oldest are dropped; when
   * storage is full, the oldest too, until the game fits. Returns { status: 'ok' | 'full' |
   * 'unavailable', dropped: [ids dropped by the cap], squeezed: [ids dropped for room], text }.
   */
  write(id, data, summary, keep = new Set()) {
    const text = saveText(data);
    const result = this.put(id, text, { ...summary, id, updated: this.now() }, keep);
    return { ...result, text };
  }

  /** Writes a save's text as game `id` with its entry (see write). */
  put(id, text, entry, keep = new Set()) {
    const s = this.store;
    const none = { dropped: [], squeezed: [] };
    if (!s) return { status: 'unavailable', ...none };
    const kept = new Set([...keep, id]);
    const clean = cleanEntry(entry);
    const capped = cap(touch(this.list(), clean), MAX_GAMES, kept);
    let entries = capped.entries;
    const squeezed = [];
    for (const d of capped.dropped) this.removeKey(d);
    // Each write that does not fit drops the oldest game and tries again.
    const fit = (key, value) => {
      for (;;) {
        try {
          s.setItem(key, typeof value === 'function' ? value() : value);
          return 'ok';
        } catch (e) {
          if (!isQuota(e)) return 'unavailable';
          // A few games at most: storage that refuses every write must not empty the list.
          const d = squeezed.length < MAX_SQUEEZE ? dropCandidate(entries, kept) : null;
          if (d === null) return 'full';
          squeezed.push(d);
          entries = remove(entries, d);
          this.removeKey(d);
        }
      }
    };
    let status = fit(gameKey(id), text);
    if (status === 'ok') status = fit(INDEX_KEY, () => indexText(entries));
    return { status, dropped: capped.dropped, squeezed };
  }

  /** Removes game `id` and its entry; 'ok' | 'unavailable'. */
  remove(id) {
    const s = this.store;
    if (!s) return 'unavailable';
    try {
      const entries = remove(parseIndex(s.getItem(INDEX_KEY)), id);
      s.removeItem(gameKey(id));
      s.setItem(INDEX_KEY, indexText(entries));
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  removeKey(id) {
    try {
      this.store.removeItem(gameKey(id));
    } catch { /* nothing more to do */ }
  }

  /**
   * Moves the page's one game of before the list (LEGACY_KEY) into the list as game `id`, and
   * removes the old key: { status: 'none' } | { status: 'corrupt' } | { status: 'ok', data, id }
   * | { status: 'full' | 'unavailable', data } (the old key then left as it was). A corrupt one is
   * removed (the page says so and starts afresh, as it did before).
   */
  migrate(id) {
    const s = this.store;
    if (!s) return { status: 'unavailable' };
    let text;
    try {
      text = s.getItem(LEGACY_KEY);
    } catch {
      return { status: 'unavailable' };
    }
    const m = migrate(text, id, this.now());
    if (m.status === 'corrupt') this.removeLegacy();
    if (m.status !== 'ok') return m;
    const w = this.put(id, text, m.entry);
    if (w.status !== 'ok') return { status: w.status, data: m.data };
    this.removeLegacy();
    return { status: 'ok', data: m.data, id };
  }

  removeLegacy() {
    try {
      this.store.removeItem(LEGACY_KEY);
    } catch { /* nothing more to do */ }
  }
}
