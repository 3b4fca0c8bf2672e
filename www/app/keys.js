// The page's keys (the board's own, arrows and Enter, are lib/input.js's): P passes, U undoes,
// R reads the whole position, L puts the cursor on the last move; in a record, Page Up / Page
// Down step back and forward, Home and End go to the start and the end of the line, and the Left
// / Right arrows step too when the board does not have the focus (on the board they move the
// cursor). None while typing in a field or while a dialog is open.
import { navigationKey, actionKey } from '../lib/keys.js';

/**
 * Listens on the document. h: { session, canvas, pass(), undo(), readPosition(), toLastMove(),
 * first(), previous(), next(), last() }.
 */
export function wireKeys(h) {
  document.addEventListener('keydown', (e) => onKey(h, e));
}

function onKey(h, e) {
  if (e.ctrlKey || e.metaKey || e.altKey || !h.session.game) return;
  const tag = e.target?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || document.querySelector('dialog[open]')) return;
  if (h.session.record) {
    // Held down, these keys step on: repeats are welcome here.
    // On the board the arrows move its cursor.
    const step = navigationKey(e.key, { arrows: e.target !== h.canvas });
    if (step) {
      e.preventDefault();
      h[step]();
      return;
    }
  }
  if (e.repeat) return;
  const action = actionKey(e.key);
  if (action) {
    e.preventDefault();
    h[action === 'read' ? 'readPosition' : action]();
  }
}
