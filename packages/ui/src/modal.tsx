import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { afterNextPaint } from './after-paint';
import { cx } from './cx';
import { IconClose } from './icons';
import './modal.css';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action row under the body. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Closes the dialog by itself after this many milliseconds (spec: dialogs may auto-close). */
  autoCloseMs?: number;
  /** Whether a click on the dimmed backdrop closes the dialog; off for forms where a stray click loses input. */
  closeOnBackdrop?: boolean;
  /** Hides the title visually while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  /** Accessible name of the close button, in the page's language ("Close"). */
  closeLabel: string;
  className?: string;
};

const focusableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Open dialogs, innermost last: Escape and the focus trap belong to the top one only. */
const openDialogs: string[] = [];
/**
 * The page's own overflow style before the first of the open dialogs locked it, put back when the last one closes,
 * whichever order they close in (a parent dialog can close before one opened inside it).
 */
let overflowBeforeDialogs = '';

/**
 * An accessible modal dialog: rendered in a portal, labelled by its title, keeps Tab focus inside,
 * closes with Escape, the close button or (optionally) the backdrop, locks page scroll and gives
 * focus back to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  autoCloseMs,
  closeOnBackdrop = true,
  hideTitle = false,
  closeLabel,
  className,
}: ModalProps) {
  const dialogId = useId();
  const titleId = `${dialogId}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  // Effects read the latest onClose without re-running (and re-trapping focus) when the parent re-renders.
  const closeFromEffect = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (openDialogs.length === 0) overflowBeforeDialogs = document.body.style.overflow;
    openDialogs.push(dialogId);
    const panel = panelRef.current;
    // The page's scroll locks now, in the same frame as the dialog appears (later, a page with a classic scrollbar
    // would widen under the dialog a frame after it opened). Setting the style only marks the page for the next frame.
    document.body.style.overflow = 'hidden';
    // Focus moves in once that frame is painted: focusing here forces the style and layout of the whole page with the
    // new dialog inside this task (a long task when a dialog opens as the page loads, like the announcements). A
    // player who already clicked into the dialog keeps focus.
    const cancelOpening = afterNextPaint(() => {
      if (panel && !panel.contains(document.activeElement)) {
        (focusableIn(panel).find((element) => !element.dataset.modalClose) ?? panel).focus();
      }
    });

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== dialogId) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeFromEffect();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = focusableIn(panel);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      cancelOpening();
      document.removeEventListener('keydown', onKeyDown);
      const index = openDialogs.lastIndexOf(dialogId);
      if (index !== -1) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflowBeforeDialogs;
      previouslyFocused?.focus();
    };
  }, [open, dialogId]);

  useEffect(() => {
    if (!open || autoCloseMs === undefined) return;
    const timer = setTimeout(() => closeFromEffect(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs]);

  if (!open) return null;

  return createPortal(
    <div className="ui-modal">
      <div className="ui-modal__backdrop" aria-hidden="true" onClick={closeOnBackdrop ? onClose : undefined} />
      <div
        ref={panelRef}
        className={cx('ui-modal__panel', `ui-modal__panel--${size}`, className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className={cx('ui-modal__header', hideTitle && 'ui-modal__header--bare')}>
          <h2 id={titleId} className={cx('ui-modal__title', hideTitle && 'visually-hidden')}>
            {title}
          </h2>
          <button
            type="button"
            className="ui-modal__close"
            onClick={onClose}
            aria-label={closeLabel}
            data-modal-close="true"
          >
            <IconClose size={20} />
          </button>
        </header>
        <div className="ui-modal__body">{children}</div>
        {footer && <footer className="ui-modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
