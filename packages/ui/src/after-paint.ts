/**
 * Runs `callback` once the browser has painted the next frame: an animation frame, then a task (the frame's style,
 * layout and paint come between them). A hidden tab paints no frames, so `fallbackMs` stands in there. Answers a
 * function that cancels the call.
 *
 * For work that reads or disturbs the whole page's layout (focusing an element, measuring, locking the page's
 * scroll): done in the task that inserted a large part of the page, it forces that new layout at once, inside a long
 * task that holds the paint back; after the paint, the layout it needs is already done.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 250): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(run, 0);
        })
      : undefined;
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
