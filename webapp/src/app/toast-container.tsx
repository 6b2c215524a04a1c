import { Notifications } from '@mantine/notifications';
import toasts from './toasts.module.css';

/**
 * Where toasts appear. Spec §9: at most one toast at a time, 5 s by default, at most 420 px
 * wide. Loaded after the first render (providers.tsx): toasts raised before it arrives wait in
 * the notifications store and show when it mounts.
 */
export default function ToastContainer() {
  return (
    <Notifications
      limit={1}
      autoClose={5000}
      position="bottom-right"
      containerWidth={420}
      className={toasts.toasts}
    />
  );
}
