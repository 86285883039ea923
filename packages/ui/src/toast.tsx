import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from './cx';
import { IconAlert, IconCheck, IconClose, IconInfo } from './icons';
import './toast.css';

export type ToastTone = 'success' | 'warning' | 'error' | 'info';

export type ToastOptions = {
  tone?: ToastTone;
  title?: string;
  message: string;
  /** Time on screen before it dismisses itself; errors stay longer because they usually need reading. */
  durationMs?: number;
};

type Toast = Required<Pick<ToastOptions, 'tone' | 'message' | 'durationMs'>> & { id: number; title?: string };

type ToastApi = {
  show(options: ToastOptions): number;
  success(message: string, title?: string): number;
  warning(message: string, title?: string): number;
  error(message: string, title?: string): number;
  dismiss(id: number): void;
};

/** The notification stack's accessible names, in the page's language. */
export type ToastLabels = {
  /** Name of the region that holds the notifications ("Notifications"). */
  notifications: string;
  /** Name of each notification's close button. */
  dismiss: string;
};

const ToastContext = createContext<ToastApi | null>(null);

const defaultDurationMs: Record<ToastTone, number> = { success: 3500, info: 4000, warning: 5000, error: 6000 };
const maxVisible = 4;

const toneIcons: Record<ToastTone, typeof IconCheck> = {
  success: IconCheck,
  info: IconInfo,
  warning: IconAlert,
  error: IconAlert,
};

/** Hosts the notification stack; mount once near the root and call `useToast()` anywhere below. */
export function ToastProvider({ children, labels }: { children: ReactNode; labels: ToastLabels }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    const tone = options.tone ?? 'info';
    const toast: Toast = {
      id,
      tone,
      message: options.message,
      durationMs: options.durationMs ?? defaultDurationMs[tone],
      ...(options.title ? { title: options.title } : {}),
    };
    setToasts((current) => [...current, toast].slice(-maxVisible));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, title) => show({ tone: 'success', message, ...(title ? { title } : {}) }),
      warning: (message, title) => show({ tone: 'warning', message, ...(title ? { title } : {}) }),
      error: (message, title) => show({ tone: 'error', message, ...(title ? { title } : {}) }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="ui-toasts" aria-label={labels.notifications}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={labels.dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  onDismiss,
  dismissLabel,
}: {
  toast: Toast;
  onDismiss: (id: number) => void;
  dismissLabel: string;
}) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.durationMs, onDismiss]);
  const Icon = toneIcons[toast.tone];
  return (
    <div
      className={cx('ui-toast', `ui-toast--${toast.tone}`)}
      role="status"
      aria-live={toast.tone === 'error' || toast.tone === 'warning' ? 'assertive' : 'polite'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className="ui-toast__icon" size={22} />
      <div className="ui-toast__text">
        {toast.title && <p className="ui-toast__title">{toast.title}</p>}
        <p className="ui-toast__message">{toast.message}</p>
      </div>
      <button type="button" className="ui-toast__close" onClick={() => onDismiss(toast.id)} aria-label={dismissLabel}>
        <IconClose size={16} />
      </button>
    </div>
  );
}

/**
 * Shows notifications: `toast.success(text)`, `toast.error(text)`, `toast.show({ tone, title, message })`.
 * @throws Error when used outside ToastProvider.
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a ToastProvider above it');
  return api;
}
