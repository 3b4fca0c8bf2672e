// The actions of a game played here, as storage keeps them ([name, ...args]), applied to a Game:
// the one replay shared by the page (app.js) and the computer player's worker (engine-worker.js),
// so that the worker's game is the page's, superko history and marks included.

/** Plays one action on `game`; returns what the engine returns, throws what it throws. */
export function applyAction(game, a) {
  switch (a[0]) {
    case 'place': return game.place(a[1], a[2]);
    case 'pass': return game.pass();
    case 'resume': return game.resume(a[1]);
    case 'dead': return game.markDead(a[1], a[2]);
    case 'resign': return game.resign(a[1]);
    case 'finish': return game.finish();
    case 'noResult': return game.declareNoResult();
    default: throw new Error(`unknown action ${a[0]}`);
  }
}
