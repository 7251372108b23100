/** The notifications on screen: Radix toasts, centred, that never time out (each stays until dismissed). */
import { Trans, useLingui } from '@lingui/react/macro';
import * as Toast from '@radix-ui/react-toast';
import type { ShownNotification } from './notifications.tsx';

/** Never time out: Radix closes a toast after `duration` ms, so the duration is unbounded. */
export const notificationDuration = Number.POSITIVE_INFINITY;

export default function Toaster({ notifications, onDismiss }: { notifications: ShownNotification[]; onDismiss(id: number): void }) {
  const { t } = useLingui();
  return (
    <Toast.Provider duration={notificationDuration} label={t`Notification`} swipeDirection="up">
      {notifications.map((item) => {
        const title = item.title;
        return (
          <Toast.Root
            key={item.id}
            className={`toast toast--${item.type}`}
            type={item.type === 'error' ? 'foreground' : 'background'}
            duration={notificationDuration}
            data-type={item.type}
            onOpenChange={(open) => {
              if (!open) onDismiss(item.id);
            }}
          >
            <Toast.Title className="toast__title">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="toast__description">{item.description}</Toast.Description> : null}
            <Toast.Close className="button button--ghost button--small toast__close" aria-label={t`Dismiss: ${title}`}>
              <Trans>Dismiss</Trans>
            </Toast.Close>
          </Toast.Root>
        );
      })}
      {/* Radix puts the shortcut's keys in place of {hotkey}: kept out of the message's placeholders. */}
      <Toast.Viewport className="toast-viewport" label={t`Notifications`.concat(' ({hotkey})')} />
    </Toast.Provider>
  );
}
