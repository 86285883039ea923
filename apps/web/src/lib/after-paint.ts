import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted the frame that render produced (an animation frame,
 * then a task: the frame's paint comes between them). A hidden tab paints nothing, so a timer stands in there.
 *
 * For work that measures the page (a carousel reading its slides' sizes): done in the same task as the commit that
 * inserted a large part of the page, the measurement forces the whole new layout at once, inside a long task that
 * holds that paint back; after the paint, the layout it reads is already done.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let done = false;
    const mark = () => {
      if (done) return;
      done = true;
      setPainted(true);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            timer = setTimeout(mark, 0);
          })
        : undefined;
    const fallback = setTimeout(mark, 250);
    return () => {
      done = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
