// This tab and the others: which saved game (games.js) this tab shows, kept across its reloads,
// and which games the other tabs of the page show, so that no two tabs write one saved game.
//
// The id of the tab's game is kept in sessionStorage: each tab has its own, it lasts as long as
// the tab (reloads included), and a duplicated tab starts with a copy of it. While a tab shows a
// game it holds a Web Lock named after it (navigator.locks: shared by the page's tabs, let go when
// a tab closes or reloads), so another tab can ask whether a game is free, and a duplicated tab
// finds its game taken and shows a copy. Where there are no Web Locks every game looks free; the
// storage event (watch) then still tells a tab when another wrote its game.
import { gameKey, INDEX_KEY } from './games.js';

const TAB_KEY = 'tengen.tab';
const LOCK_PREFIX = 'tengen.game.';

function sessionStore() {
  try {
    return window.sessionStorage || null;
  } catch {
    return null;
  }
}

function lockManager() {
  try {
    return navigator.locks && typeof navigator.locks.request === 'function' ? navigator.locks : null;
  } catch {
    return null;
  }
}

export class Tab {
  constructor() {
    this.id = null; // the game this tab shows
    this.release = null; // lets go of its lock
    this.locks = lockManager();
  }

  /** The id of the game this tab showed before it was reloaded (or duplicated), or null. */
  remembered() {
    try {
      return sessionStore()?.getItem(TAB_KEY) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Game `id`'s lock, if no other tab holds it (or lets go of it within `wait` ms): resolves with
   * the function that lets go of it, or null when another tab holds it. Without Web Locks every
   * game is free.
   */
  lock(id, wait = 0) {
    if (!this.locks) return Promise.resolve(() => {});
    const options = wait > 0 && typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(wait) } : { ifAvailable: true };
    return new Promise((resolve) => {
      let release;
      const held = new Promise((r) => { release = r; });
      this.locks.request(LOCK_PREFIX + id, options, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        resolve(release);
        return held;
      }).catch((e) => resolve(e?.name === 'AbortError' || e?.name === 'TimeoutError' ? null : () => {}));
    });
  }

  /**
   * Makes game `id` this tab's if no other tab shows it (or lets go of it within `wait` ms):
   * true, or false (nothing changed) when one does.
   */
  async claim(id, wait = 0) {
    if (id === this.id) return true;
    const release = await this.lock(id, wait);
    if (!release) return false;
    this.become(id, release);
    return true;
  }

  /**
   * Makes game `id` this tab's at once (a new game's id, which no tab can hold), its lock taken
   * after. `lost()` is called if another tab holds it after all (a game taken back by undo that
   * another tab opened meanwhile).
   */
  take(id, lost = () => {}) {
    if (id === this.id) return;
    this.become(id, null);
    this.lock(id).then((release) => {
      if (this.id !== id) release?.();
      else if (release) this.release = release;
      else lost();
    });
  }

  become(id, release) {
    this.release?.();
    this.id = id;
    this.release = release;
    try {
      sessionStore()?.setItem(TAB_KEY, id);
    } catch { /* kept for this page only: a reload shows the most recent free game */ }
  }

  /** The ids of the games other tabs show (a Set; empty without Web Locks). */
  async others() {
    if (!this.locks?.query) return new Set();
    try {
      const { held = [] } = await this.locks.query();
      const ids = held.map((l) => l.name).filter((n) => n?.startsWith(LOCK_PREFIX)).map((n) => n.slice(LOCK_PREFIX.length));
      return new Set(ids.filter((id) => id !== this.id));
    } catch {
      return new Set();
    }
  }

  /**
   * Calls h.game(newText) when another tab writes (or removes: null) the game this tab shows,
   * and h.list() when another tab changes the saved games (storage events come from other tabs
   * only; a cleared storage is both).
   */
  watch(h) {
    window.addEventListener('storage', (e) => {
      if (e.key === null) {
        h.game(null);
        h.list();
      } else if (this.id && e.key === gameKey(this.id)) {
        h.game(e.newValue);
      } else if (e.key === INDEX_KEY) {
        h.list();
      }
    });
  }
}
