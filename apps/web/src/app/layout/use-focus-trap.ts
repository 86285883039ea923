import { type RefObject, useEffect, useEffectEvent } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `ref` while `active` (the phone drawer): focus moves in on open, Tab and
 * Shift+Tab wrap around, Escape calls `onEscape`, page scroll is locked, and focus returns to the element
 * that opened it on close.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  const handleEscape = useEffectEvent(() => onEscape());
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusable = () => {
      const all = [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
        (element) => !element.closest('[hidden]'),
      );
      // Controls the stylesheet hides on this screen size (the desktop collapse button) cannot take focus.
      const rendered = all.filter((element) => element.getClientRects().length > 0);
      return rendered.length > 0 ? rendered : all;
    };
    (focusable()[0] ?? container).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        handleEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusable();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [ref, active]);
}
