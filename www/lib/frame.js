// Redraws batched: however often a page asks between two frames, it draws once, in the next
// animation frame.

/** A function that runs `draw` once in the next animation frame, however often it is called. */
export function batched(draw) {
  let frame = 0;
  return () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  };
}
