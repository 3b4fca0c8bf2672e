// The keys the app and <tengen-board> share (the board's own, arrows and Enter, are input.js's):
// in a record, Page Up / Page Down step back and forward, Home and End go to the start and the end
// of the line, and the Left / Right arrows step too where they do not move the board's cursor;
// R reads the whole position, L puts the cursor on the last move, P passes, U undoes.

const NAVIGATION = { PageUp: 'previous', PageDown: 'next', Home: 'first', End: 'last' };
const ARROWS = { ArrowLeft: 'previous', ArrowRight: 'next' };
const ACTIONS = { r: 'read', l: 'toLastMove', p: 'pass', u: 'undo' };

/** The step in a record a key asks for: 'previous' | 'next' | 'first' | 'last', or null. */
export function navigationKey(key, { arrows = true } = {}) {
  return NAVIGATION[key] ?? (arrows ? ARROWS[key] : null) ?? null;
}

/** The action a key asks for: 'read' | 'toLastMove' | 'pass' | 'undo', or null. */
export function actionKey(key) {
  return ACTIONS[String(key).toLowerCase()] ?? null;
}
