// The saved-games dialog: the games kept in this browser (games.js), this tab's first, then the
// newest first, each with its name (players, else file name), board size, moves and the time it
// was last saved; Open (a copy when another tab shows it) and Remove, and Put back for a game
// removed while the dialog is open. What the buttons do is the controller's (h).
import { t, tn, language, formatNumber } from './language.js';
import { LEVEL_NAMES } from './computer.js';
import { MAX_GAMES } from './games.js';
import { onClosed } from './dialogs.js';

const $ = (id) => document.getElementById(id);

/** A saved game's name for the list (a summary of games.js): its players, else its file or game name. */
export function savedGameName(e) {
  if (e.black || e.white) return t('record.players', { black: e.black || t('player.black'), white: e.white || t('player.white') });
  if (e.file) return e.file;
  if (e.gameName) return e.gameName;
  if (LEVEL_NAMES.includes(e.level)) return t('games.computer', { level: t(`level.${e.level}`) });
  return t(e.record ? 'record.untitled' : 'games.untitled');
}

/** The facts of a saved game after its name: board size, moves, when it was saved. */
export function savedGameFacts(e) {
  const parts = [];
  if (e.width && e.height) parts.push(t('games.size', { width: e.width, height: e.height }));
  if (e.moves !== null) parts.push(tn('games.moves', e.moves, { n: formatNumber(e.moves) }));
  if (e.updated > 0) {
    try {
      parts.push(new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(e.updated)));
    } catch { /* no date */ }
  }
  return parts.join(' · ');
}

export class SavedGames {
  /**
   * h: { list() (resolves with [{ entry, current, elsewhere }]), open(id), remove(id) (what
   *      restore needs, or null), restore(kept) (true if put back) }
   */
  constructor(h) {
    this.h = h;
    this.removed = new Map(); // id -> what h.restore needs, while the dialog is open
  }

  wire() {
    $('saved-games').addEventListener('click', () => this.open());
    $('games-close').addEventListener('click', () => $('games-dialog').close());
  }

  /** Shows the dialog, its list read afresh. */
  async open() {
    const d = $('games-dialog');
    this.removed.clear();
    $('games-note').textContent = t('games.note', { max: MAX_GAMES });
    await this.render();
    onClosed(d, () => this.removed.clear());
    d.showModal();
  }

  /** Redraws the list while the dialog is open (another tab changed it). */
  refresh() {
    if ($('games-dialog').open) this.render();
  }

  async render() {
    const rows = await this.h.list();
    const list = $('games-list');
    const focused = document.activeElement;
    const again = list.contains(focused) ? [focused.closest('li')?.dataset.id, focused.dataset.act] : null;
    list.replaceChildren(...rows.map((r) => this.row(r)));
    $('games-empty').hidden = rows.some((r) => !r.current);
    if (again) list.querySelector(`li[data-id="${again[0]}"] button[data-act="${again[1]}"]`)?.focus();
  }

  /** One game of the list: its name and facts, then its buttons (each described by them). */
  row({ entry: e, current, elsewhere }) {
    const li = document.createElement('li');
    li.className = 'saved-game';
    li.dataset.id = e.id;
    if (current) li.classList.add('current');
    const text = document.createElement('div');
    text.className = 'saved-game-text';
    text.id = `saved-${e.id}`;
    const name = document.createElement('span');
    name.className = 'saved-game-name';
    name.textContent = savedGameName(e);
    const facts = document.createElement('span');
    facts.className = 'saved-game-facts';
    facts.textContent = savedGameFacts(e);
    text.append(name, facts);
    if (current || elsewhere) {
      const where = document.createElement('span');
      where.className = 'saved-game-where';
      where.textContent = t(current ? 'games.current' : 'games.elsewhere');
      text.append(where);
    }
    li.append(text);
    if (current) return li;
    const buttons = document.createElement('div');
    buttons.className = 'saved-game-buttons';
    const button = (act, key, fn, primary = false) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = primary ? 'btn small primary' : 'btn small';
      b.dataset.act = act;
      b.textContent = t(key);
      b.setAttribute('aria-describedby', text.id);
      b.addEventListener('click', fn);
      buttons.append(b);
      return b;
    };
    button('open', elsewhere ? 'button.openCopy' : 'button.openGame', () => {
      $('games-dialog').close();
      this.h.open(e.id);
    }, true);
    // A game another tab shows is that tab's to remove.
    if (!elsewhere) button('remove', 'button.remove', () => this.remove(li, e));
    li.append(buttons);
    return li;
  }

  /** Removes a game: its row says so, with Put back (focused), until the dialog closes. */
  remove(li, e) {
    const kept = this.h.remove(e.id);
    if (!kept) return;
    this.removed.set(e.id, kept);
    const name = savedGameName(e);
    const text = document.createElement('div');
    text.className = 'saved-game-text';
    text.id = `saved-${e.id}`;
    text.textContent = t('games.removed', { name });
    const buttons = document.createElement('div');
    buttons.className = 'saved-game-buttons';
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn small';
    b.dataset.act = 'restore';
    b.textContent = t('button.putBack');
    b.setAttribute('aria-describedby', text.id);
    b.addEventListener('click', () => {
      const k = this.removed.get(e.id);
      if (k && this.h.restore(k)) {
        this.removed.delete(e.id);
        this.render().then(() => $('games-list').querySelector(`li[data-id="${e.id}"] button[data-act="remove"]`)?.focus());
      }
    });
    buttons.append(b);
    li.classList.add('removed');
    li.replaceChildren(text, buttons);
    b.focus();
  }
}
