// The review's pure parts (www/app/review-data.js, the scaling of review-graph.js, the main line
// of review.js): the points each move lost, the worst moves, the marks by board size, the split
// of the positions among the workers, Black's point of view, the graph's scale and its clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import {
  sizeClass, budgetFor, thresholdFor, workerCount, blackView, moveLosses, worstMoves, markedMoves, splitPositions,
  steal, timeLeft, seedFor,
} from '../../www/app/review-data.js';
import { leadBound, xAt, yLead, yRate, indexAt, keyStep } from '../../www/app/review-graph.js';
import { mainLine, toMoveAt } from '../../www/app/review.js';

const { Game } = await load();

test('the size class, the budget and the loss threshold go by the larger side', () => {
  for (const [w, h, cls, threshold] of [[9, 9, 9, 2], [7, 7, 9, 2], [9, 13, 13, 4], [13, 13, 13, 4], [19, 19, 19, 8], [15, 15, 19, 8], [25, 3, 19, 8]]) {
    assert.equal(sizeClass(w, h), cls, `${w}x${h}`);
    assert.equal(thresholdFor(w, h), threshold, `${w}x${h}`);
  }
  assert.ok(budgetFor(9, 9) > budgetFor(13, 13) && budgetFor(13, 13) > budgetFor(19, 19));
  assert.ok(Number.isInteger(budgetFor(19, 19)) && budgetFor(19, 19) >= 100);
  assert.notEqual(seedFor(0), seedFor(1));
});

test('one worker per core, at least one and at most four', () => {
  for (const [cores, n] of [[undefined, 1], [0, 1], [1, 1], [2, 2], [3, 3], [4, 4], [16, 4], [NaN, 1], [2.5, 2]]) {
    assert.equal(workerCount(cores), n, String(cores));
  }
});

test('the engine\'s figures for the player to move, seen from Black', () => {
  assert.deepEqual(blackView({ winRate: 0.7, scoreLead: 4.5 }, 'black'), { winRate: 0.7, scoreLead: 4.5 });
  const w = blackView({ winRate: 0.7, scoreLead: 4.5 }, 'white');
  assert.ok(Math.abs(w.winRate - 0.3) < 1e-12);
  assert.equal(w.scoreLead, -4.5);
  assert.equal(blackView(null, 'black'), null);
  assert.deepEqual(blackView({ winRate: 0.25, scoreLead: null }, 'white'), { winRate: 0.75, scoreLead: null });
});

test('a move\'s loss is the mover\'s lead before it minus after it, from the mover\'s view', () => {
  // Black's leads: 0.5 at the start; Black plays and leads 1 (gained), White plays and Black leads
  // 7 (White lost 6), Black passes and Black leads 4 (Black lost 3), White's move not analysed.
  const positions = [
    { mover: null, lead: 0.5 },
    { mover: 'black', lead: 1 },
    { mover: 'white', lead: 7 },
    { mover: 'black', lead: 4 },
    { mover: 'white', lead: null },
    { mover: 'black', lead: 2 },
  ];
  assert.deepEqual(moveLosses(positions), [{ index: 1, loss: -0.5 }, { index: 2, loss: 6 }, { index: 3, loss: 3 }]);
  // A node without a move (a set-up node) has no loss.
  assert.deepEqual(moveLosses([{ mover: null, lead: 0 }, { mover: null, lead: 5 }]), []);
  // The move the search itself preferred loses nothing by its judgement: the difference is the
  // noise of two searches.
  positions[2].chosen = true;
  assert.deepEqual(moveLosses(positions), [{ index: 1, loss: -0.5 }, { index: 3, loss: 3 }]);
});

test('the five worst moves, worst first, ties in move order; gains are never listed', () => {
  const losses = [
    { index: 1, loss: -2 }, { index: 2, loss: 3 }, { index: 3, loss: 9 }, { index: 4, loss: 3 }, { index: 5, loss: 0 },
    { index: 6, loss: 1 }, { index: 7, loss: 12 }, { index: 8, loss: 0.5 }, { index: 9, loss: 2 },
  ];
  assert.deepEqual(worstMoves(losses).map((l) => l.index), [7, 3, 2, 4, 9]);
  assert.deepEqual(worstMoves(losses, 2).map((l) => l.index), [7, 3]);
  assert.deepEqual(worstMoves([{ index: 1, loss: -1 }, { index: 2, loss: 0 }]), []);
  // Marked on the graph: those at the threshold or over it, in move order.
  assert.deepEqual(markedMoves(losses, 3), [2, 3, 4, 7]);
  assert.deepEqual(markedMoves(losses, 5), [3, 7]);
});

test('positions split round-robin among the workers, and a worker done takes from the longest share', () => {
  const todo = [0, 1, 2, 3, 4, 5, 6];
  assert.deepEqual(splitPositions(todo, 2), [[0, 2, 4, 6], [1, 3, 5]]);
  assert.deepEqual(splitPositions(todo, 3), [[0, 3, 6], [1, 4], [2, 5]]);
  assert.deepEqual(splitPositions([0, 1], 4), [[0], [1], [], []]);
  assert.deepEqual(splitPositions(todo, 0), [todo]);
  // Every position once, whatever the count.
  for (let n = 1; n <= 4; n++) assert.deepEqual(splitPositions(todo, n).flat().sort(), todo);
  const shares = [[], [1, 3, 5], [2, 4]];
  assert.equal(steal(shares), 5);
  assert.deepEqual(shares, [[], [1, 3], [2, 4]]);
  assert.equal(steal([[], [1], [2]]), undefined); // a share's last position is its owner's
});

test('the time left from the time so far', () => {
  assert.equal(timeLeft(0, 10, 5000), null);
  assert.equal(timeLeft(2, 10, 1000), 4000);
  assert.equal(timeLeft(10, 10, 9000), 0);
});

test('the graph\'s scale: a round bound over every lead, Black up, the first and last points at the edges', () => {
  assert.equal(leadBound([]), 5);
  assert.equal(leadBound([1, -4.5, null]), 5);
  assert.equal(leadBound([6, -2]), 10);
  assert.equal(leadBound([-31]), 50);
  assert.equal(leadBound([1234]), 1500);
  assert.equal(xAt(0, 11, 10, 100), 10);
  assert.equal(xAt(10, 11, 10, 100), 110);
  assert.equal(xAt(5, 11, 10, 100), 60);
  assert.equal(xAt(0, 1, 10, 100), 60);
  assert.equal(yLead(0, 10, 20, 100), 70);
  assert.equal(yLead(10, 10, 20, 100), 20); // Black leads: up
  assert.equal(yLead(-10, 10, 20, 100), 120);
  assert.equal(yLead(99, 10, 20, 100), 20); // clamped
  assert.equal(yRate(1, 0, 100), 0);
  assert.equal(yRate(0.5, 0, 100), 50);
  // A click goes to the nearest point; outside the plot, to the nearest end.
  for (let i = 0; i < 11; i++) assert.equal(indexAt(xAt(i, 11, 10, 100) + 4, 11, 10, 100), i);
  assert.equal(indexAt(-50, 11, 10, 100), 0);
  assert.equal(indexAt(500, 11, 10, 100), 10);
  assert.equal(indexAt(30, 1, 10, 100), 0);
  // The slider's keys.
  assert.equal(keyStep('ArrowRight', 3, 10), 4);
  assert.equal(keyStep('ArrowLeft', 0, 10), 0);
  assert.equal(keyStep('End', 3, 10), 9);
  assert.equal(keyStep('Home', 3, 10), 0);
  assert.equal(keyStep('PageUp', 3, 10), 9);
  assert.equal(keyStep('x', 3, 10), null);
});

test('the main line of a record, with its movers, and who is to move at each position', () => {
  const g = Game.fromSgf('(;SZ[9];B[cc];W[gg](;B[];W[ee])(;B[dd]))');
  g.goTo([0, 0, 1]);
  const line = mainLine(g);
  assert.deepEqual(line.map((p) => p.path), [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0]]);
  assert.deepEqual(line.map((p) => p.mover), [null, 'black', 'white', 'black', 'white']);
  assert.deepEqual(line.map((p) => p.point), [null, [2, 2], [6, 6], null, [4, 4]]);
  assert.deepEqual(line.map((_, i) => toMoveAt(line, i)), ['black', 'white', 'black', 'white', 'black']);
  assert.deepEqual(g.path, [0, 0, 1], 'the cursor stays');
  // A handicap game: White moves first.
  const h = Game.fromSgf('(;SZ[9]HA[2]AB[cc][gg];W[ee])');
  assert.deepEqual(mainLine(h).map((_, i, l) => toMoveAt(l, i)), ['white', 'black']);
  for (const x of [g, h]) x.free();
});
