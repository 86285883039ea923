import { afterNextPaint } from '@portal/ui/after-paint';
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
    return afterNextPaint(() => setPainted(true));
  }, [painted]);
  return painted;
}
