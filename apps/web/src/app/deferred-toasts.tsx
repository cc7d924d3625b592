import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toasts = lazy(() => import('./toasts.tsx').then((module) => ({ default: module.Toasts })));

/**
 * Mantine's toast container (its code, transitions and styles: about 9 kB on the wire) loads with the first toast, not
 * with every page (decision 0042). Until then `notifications.show()` keeps the toast in Mantine's store, whose
 * defaults (bottom-right, 5 at once) are the container's, and the container shows it once mounted; it then stays.
 */
export function DeferredToasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
