import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import * as styles from './toast.css';

export type ToastTone = 'success' | 'error';

export interface ToastOptions {
  tone: ToastTone;
  message: string;
  /** How long the toast stays, in ms (spec §9: 3000 on the app screens, 5000 on sign-up). */
  durationMs: number;
}

interface ToastEntry extends ToastOptions {
  id: number;
}

interface ToastApi {
  show(options: ToastOptions): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts at the top right (spec §2, §8): green for success, red for errors, each gone after its
 * own duration or by its close button. Errors are announced assertively, successes politely.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (options: ToastOptions) => {
      const id = nextId.current;
      nextId.current += 1;
      setToasts((current) => [...current, { ...options, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region}>
        {toasts.map((t) => (
          <div
            key={t.id}
            className={styles.toast[t.tone]}
            role={t.tone === 'error' ? 'alert' : 'status'}
            aria-live={t.tone === 'error' ? 'assertive' : 'polite'}
          >
            <span className={styles.message}>{t.message}</span>
            <button
              type="button"
              className={styles.close}
              aria-label="Close notification"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
