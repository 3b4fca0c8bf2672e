// Redraws batched: however often a page asks between two frames, it draws once, in the next
// animation frame.

/**
 * A function that runs `draw` once in the next animation frame, however often it is called.
 * Its `flush()` draws at once if a draw is pending, so whoever reads what is drawn (a test, a
 * tool) sees every change asked for so far.
 */
export function batched(draw) {
  let frame = 0;
  const request = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  };
  request.flush = () => {
    if (!frame) return;
    cancelAnimationFrame(frame);
    frame = 0;
    draw();
  };
  return request;
}
