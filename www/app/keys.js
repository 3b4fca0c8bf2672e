// The page's keys (the board's own, arrows and Enter, are lib/input.js's): P passes, U undoes,
// R reads the whole position, L puts the cursor on the last move; in a record, Page Up / Page
// Down step back and forward, Home and End go to the start and the end of the line, and the Left
// / Right arrows step too when the board does not have the focus (on the board they move the
// cursor); Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo. In edit mode each tool's key chooses
// the tool (lib/edit.js: B, W, A, E, T, S, C, X, L, N, D, I, V; L then no longer moves the cursor
// to the last move) and Escape drops a line begun. None while typing in a field or while a
// dialog is open.
import { navigationKey, actionKey } from '../lib/keys.js';

/**
 * Listens on the document. h: { session, canvas, pass(), undo(), redo(), readPosition(),
 * toLastMove(), first(), previous(), next(), last(), editing(), tool(key) (true if the key
 * chose a tool), cancelTool() (true if a line begun was dropped) }.
 */
export function wireKeys(h) {
  document.addEventListener('keydown', (e) => onKey(h, e));
}

function onKey(h, e) {
  if (e.altKey || !h.session.game) return;
  const tag = e.target?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || document.querySelector('dialog[open]')) return;
  if (e.ctrlKey || e.metaKey) {
    // Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac), as in any editor.
    const k = e.key.toLowerCase();
    const which = k === 'z' ? (e.shiftKey ? 'redo' : 'undo') : k === 'y' ? 'redo' : null;
    if (which) {
      e.preventDefault();
      h[which]();
    }
    return;
  }
  if (h.editing()) {
    // Edit mode: each tool's key chooses it; Escape drops a line begun.
    if (e.key === 'Escape' ? h.cancelTool() : h.tool(e.key)) {
      e.preventDefault();
      return;
    }
  }
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
