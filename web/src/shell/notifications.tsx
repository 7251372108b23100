/**
 * Notifications: centred, never timing out, of three types. Any component calls
 * `useNotify()({ type, title, description })`; each stays until the person dismisses it. The
 * toasts themselves (Radix toast) load with the first notification.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

export type NotificationType = 'info' | 'success' | 'error';

export interface Notification {
  type: NotificationType;
  title: string;
  description?: string;
}

export interface ShownNotification extends Notification {
  id: number;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify>(() => {
  throw new Error('useNotify() needs <Notifications> above it.');
});

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

const Toaster = lazy(() => import('./toaster.tsx'));

let nextId = 1;

export function Notifications({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownNotification[]>([]);
  const notify = useCallback<Notify>((notification) => setShown((list) => [...list, { ...notification, id: nextId++ }]), []);
  const dismiss = useCallback((id: number) => setShown((list) => list.filter((item) => item.id !== id)), []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {shown.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster notifications={shown} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}
