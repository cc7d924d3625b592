import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Spec 1 §9: toasts last 3000 ms; they show at the bottom, clear of the page headers' buttons (Check In, Escalate). */
export function Toasts() {
  return <Notifications position="bottom-right" autoClose={3000} />;
}
