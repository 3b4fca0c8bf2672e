// TEMPORARY: www/app.js imports `numberLabels` from here; it now lives in lib/sgf.js, the page's
// own SGF reading kept until app.js switches to the engine's `game.moveNumbers()`. Delete this
// file then. <tengen-board> does not use it.
export { numberLabels } from './sgf.js';
