// Batched redraws (www/lib/frame.js) with a hand-driven animation frame: many requests draw once,
// in the frame; flush() draws a pending request at once and the frame then draws nothing more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batched } from '../../www/lib/frame.js';

/** A fake requestAnimationFrame: `tick()` runs the callbacks waiting for the next frame. */
function frames() {
  let next = 1;
  const waiting = new Map();
  globalThis.requestAnimationFrame = (f) => {
    waiting.set(next, f);
    return next++;
  };
  globalThis.cancelAnimationFrame = (id) => waiting.delete(id);
  return {
    tick() {
      const now = [...waiting.values()];
      waiting.clear();
      now.forEach((f) => f());
    },
    get pending() { return waiting.size; },
  };
}

test('many requests between two frames draw once, in the frame', () => {
  const clock = frames();
  let draws = 0;
  const redraw = batched(() => { draws += 1; });
  redraw();
  redraw();
  redraw();
  assert.equal(draws, 0, 'nothing is drawn before the frame');
  assert.equal(clock.pending, 1);
  clock.tick();
  assert.equal(draws, 1);
  redraw();
  clock.tick();
  assert.equal(draws, 2, 'a request after a frame draws again');
});

test('flush draws a pending request at once, and only a pending one', () => {
  const clock = frames();
  let draws = 0;
  const redraw = batched(() => { draws += 1; });
  redraw.flush();
  assert.equal(draws, 0, 'nothing pending, nothing drawn');
  redraw();
  redraw.flush();
  assert.equal(draws, 1);
  assert.equal(clock.pending, 0, 'the frame asked for is cancelled');
  clock.tick();
  assert.equal(draws, 1);
  redraw();
  assert.equal(clock.pending, 1, 'a request after a flush asks for a frame again');
});
