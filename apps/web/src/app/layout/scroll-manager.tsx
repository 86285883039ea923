import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isHelpLinkState } from '@/lib/help-link';

/**
 * Spec section 2: on navigation the page scrolls to the top, or to the hash target when there is one.
 * Back and Forward are left to the browser, which restores the previous position; opening the help
 * modal from a link keeps the page where it is beneath the modal.
 */
export function ScrollManager() {
  const { pathname, hash, state, key } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, including to the same path.
  useLayoutEffect(() => {
    if (navigationType === 'POP' || isHelpLinkState(state)) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, key, navigationType, state]);

  return null;
}
