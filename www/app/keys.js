// The page's keys (the board's own, arrows and Enter, are lib/input.js's): P passes, U undoes,
// R reads the whole position, L puts the cursor on the last move; in a record, Page Up / Page
// Down step back and forward, Home and End go to the start and the end of the line, and the Left
// / Right arrows step too when the board does not have the focus (on the board they move the
// cursor). None while typing in a field or while a dialog is open.

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
    const onBoard = e.target === h.canvas;
    const nav = {
      PageUp: h.previous,
      PageDown: h.next,
      Home: h.first,
      End: h.last,
      ArrowLeft: onBoard ? null : h.previous,
      ArrowRight: onBoard ? null : h.next,
    }[e.key];
    if (nav) {
      e.preventDefault();
      nav();
      return;
    }
  }
  if (e.repeat) return;
  const action = { r: h.readPosition, l: h.toLastMove, p: h.pass, u: h.undo }[e.key.toLowerCase()];
  if (action) {
    e.preventDefault();
    action();
  }
}
