// The export methods of <tengen-board> (toSVG, toPNG, toDiagram, embedCode): the board as it is
// shown (its view: region, marks, coordinates, move numbers) handed to lib/export.js, which
// loads on demand (the `export` chunk, element/chunks.js): a page that never exports never
// loads it.
import { chunk } from './chunks.js';
import { bad } from './content.js';

/** Resolves to what lib/export.js's `fn` makes of the board now, with `options`. */
export async function exporting(board, fn, options = {}) {
  const x = await chunk('export');
  // The view built again now: the page may have moved the board's game itself (board.game).
  board.invalidate();
  const view = board.currentView;
  const g = board.game;
  if (!g || !view) throw bad('board.loading', {}, 'notReady');
  return x[fn](g, view, { words: board.tr, ...options });
}

/**
 * Resolves to the <tengen-board> snippet of the board's record now (its toSgf()), with its mode,
 * region, and its coordinates and move-numbers attributes where set.
 */
export async function embedCode(board) {
  const x = await chunk('export');
  const g = board.game;
  if (!g) throw bad('board.loading', {}, 'notReady');
  const attr = (name) => board.getAttribute(name) ?? undefined;
  return x.embedSnippet(g.toSgf(), {
    mode: board.mode,
    region: board.region ? x.regionText(board.region, g.height) : undefined,
    coordinates: attr('coordinates'),
    'move-numbers': attr('move-numbers'),
  });
}
