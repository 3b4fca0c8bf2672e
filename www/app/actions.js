// The actions of a game played here, as storage keeps them ([name, ...args]): their shape, and
// their replay on a Game, the one replay shared by the page's session (session.js) and the
// computer player's worker (engine-worker.js), so that the worker's game is the page's, superko
// history and marks included.

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

const int = (n) => Number.isInteger(n);

/** Whether `a` is an action of the shape above (its arguments unchecked against any board). */
export function isAction(a) {
  if (!Array.isArray(a) || typeof a[0] !== 'string') return false;
  switch (a[0]) {
    case 'place':
    case 'dead':
      return a.length === 3 && int(a[1]) && int(a[2]);
    case 'resume':
    case 'resign':
      return a.length === 2 && (a[1] === 'black' || a[1] === 'white');
    case 'pass':
    case 'finish':
    case 'noResult':
      return a.length === 1;
    default:
      return false;
  }
}
