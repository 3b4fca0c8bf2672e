// The part of <tengen-board> that mode="edit" loads on demand (the `edit` chunk,
// tengen-board.edit.js, element/chunks.js): the engine with the editing calls (the pkg-edit
// package, the embed package's features and `edit`: tengen-board-edit.wasm, or
// tengen-board-edit.wasm.js for pages opened from disk), the editor's words in every language
// of the board (lib/strings/edit/), and edit mode itself (element/edit-mode.js). A board in
// edit mode makes its Game from this engine, so that the base script's engine stays without
// the editing calls.
import { initSync, Game } from '../../pkg-edit/tengen.js';
import en from '../lib/strings/edit/en.js';
import es from '../lib/strings/edit/es.js';
import hu from '../lib/strings/edit/hu.js';
import ja from '../lib/strings/edit/ja.js';
import { installEditMode } from './edit-mode.js';

const shared = self.__tengenBoardShared;
shared.addStrings({ en, es, hu, ja });

let loading = null;

/**
 * The Game `board` makes: the engine's, except that in edit mode a board without content is an
 * empty record of its size (a problem to author: set-up stones and marks, then moves), not a
 * game to play. Called as the engine's Game is (new, and fromSgf).
 */
function gameOf(board) {
  function EditGame(options = {}) {
    // The engine says which sizes and komi it takes (invalidOptions), as for any new game.
    const g = new Game(options);
    if (board.mode !== 'edit') return g;
    g.free();
    const { size = 19, rules, komi } = options;
    return Game.fromSgf(`(;GM[1]FF[4]CA[UTF-8]SZ[${size}])`, JSON.parse(JSON.stringify({ rules, komi })));
  }
  EditGame.fromSgf = (input, options) => Game.fromSgf(input, options);
  return EditGame;
}

/**
 * Resolves to { Game } of edit mode's engine (loaded once for every board), having put edit mode
 * on `board`.
 */
export function engine(board) {
  installEditMode(board);
  loading ??= shared.wasmModule('tengen-board-edit', '__tengenBoardEditWasm').then((module) => {
    initSync({ module });
  });
  loading.catch(() => { loading = null; }); // a failed load is tried again by the next board
  return loading.then(() => ({ Game: gameOf(board) }));
}
