// The review's arithmetic, with no DOM and no engine, so that Node tests it: the budget and the
// loss threshold by board size, the engine's figures turned to Black's point of view, the points
// each move lost and the worst of them, the positions split among the analysis workers, and the
// time left.

/** The board's size class: 9 (up to 9x9), 13 (up to 13x13) or 19 (anything larger). */
export function sizeClass(width, height = width) {
  const n = Math.max(width, height);
  return n <= 9 ? 9 : n <= 13 ? 13 : 19;
}

/**
 * Playouts per position at the default budget, by size class: chosen so that a 200-move 19x19
 * record is reviewed within a minute on two cores in headless Chromium (scripts/review-bench.mjs
 * measures it; the README has the figures). A search of this size is a quick look, not a
 * strong engine's reading: its score lead is what the playouts count.
 */
export const BUDGETS = Object.freeze({ 9: 1500, 13: 800, 19: 500 });

/** The points a move must lose to be marked on the graph, by size class. */
export const THRESHOLDS = Object.freeze({ 9: 2, 13: 4, 19: 8 });

/** How many worst moves are listed. */
export const WORST_LISTED = 5;

/** The default playouts for a board. */
export const budgetFor = (width, height) => BUDGETS[sizeClass(width, height)];

/** The loss threshold for a board, in points. */
export const thresholdFor = (width, height) => THRESHOLDS[sizeClass(width, height)];

/** The seed of the analysis of position `index` of the line: fixed, so a review repeats. */
export const seedFor = (index) => index + 1;

/** The analysis workers for a device: its cores, at least 1 and at most 4. */
export function workerCount(cores) {
  const n = Number.isFinite(cores) ? Math.floor(cores) : 1;
  return Math.min(4, Math.max(1, n));
}

/**
 * A result for the player to move ({ winRate, scoreLead }) as Black sees it: Black's win rate
 * (0..1) and Black's lead in points (negative when White leads; null when not given).
 */
export function blackView(result, toMove) {
  if (!result) return null;
  // A record may give a win rate without a lead (Sabaki's SBKV alone): the lead is null then.
  const lead = typeof result.scoreLead === 'number' ? result.scoreLead : null;
  return toMove === 'white'
    ? { winRate: 1 - result.winRate, scoreLead: lead === null ? null : -lead }
    : { winRate: result.winRate, scoreLead: lead };
}

/**
 * The loss of each move of the line. positions: [{ lead (Black's lead there, or null when not
 * analysed), mover ('black' | 'white' for the move that led to this position, null for the
 * root or a node without a move), chosen (optional: the move that led here was the search's own
 * best move in the position before) }]. The loss of the move into position i is the mover's
 * lead before it minus the mover's lead after it: for Black lead[i-1] - lead[i], for White
 * lead[i] - lead[i-1]. Returns [{ index, loss }] for every move both sides of which are known,
 * except the moves the search itself chose: their "loss" is the noise of two searches, not a
 * mistake it could name a better move for.
 */
export function moveLosses(positions) {
  const out = [];
  for (let i = 1; i < positions.length; i++) {
    const { mover, lead, chosen } = positions[i];
    const before = positions[i - 1].lead;
    if (!mover || chosen || lead == null || before == null) continue;
    const loss = mover === 'black' ? before - lead : lead - before;
    out.push({ index: i, loss });
  }
  return out;
}

/** The `n` moves that lost the most points (loss > 0), worst first; ties by move order. */
export function worstMoves(losses, n = WORST_LISTED) {
  return losses.filter((l) => l.loss > 0).sort((a, b) => b.loss - a.loss || a.index - b.index).slice(0, n);
}

/** The moves that lost at least `threshold` points (to be marked on the graph), in move order. */
export function markedMoves(losses, threshold) {
  return losses.filter((l) => l.loss >= threshold).map((l) => l.index);
}

/**
 * The positions to analyse split among `workers` workers, round-robin, so that each one's share
 * spreads over the whole game (the graph fills evenly, and a worker that is slower lags over all
 * of it rather than over one end). Returns `workers` lists (some empty when there are fewer
 * positions).
 */
export function splitPositions(todo, workers) {
  const n = Math.max(1, workers);
  const lists = Array.from({ length: n }, () => []);
  todo.forEach((p, i) => lists[i % n].push(p));
  return lists;
}

/**
 * A worker that has finished its share takes the last position of the longest share left (its
 * owner comes to it last), so no worker idles while another has several to go. Returns the
 * position, removed from its list, or undefined when no share has more than one left.
 */
export function steal(lists) {
  let longest = null;
  for (const l of lists) if (l.length > 1 && (!longest || l.length > longest.length)) longest = l;
  return longest ? longest.pop() : undefined;
}

/** The estimated time left in ms: the time so far per position, times the positions left; null before the first. */
export function timeLeft(done, total, elapsedMs) {
  if (done <= 0) return null;
  return Math.max(0, Math.round((elapsedMs / done) * (total - done)));
}
