import { Alert, Text } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** What hidden content restored in place needs: whether it is, the callback its restore
 * button calls, and the element saying it is done, which takes the focus then (the
 * button that had it is gone). */
export function useRestoredInPlace<T extends HTMLElement>(): {
  restored: boolean;
  markRestored: () => void;
  done: RefObject<T | null>;
} {
  const done = useRef<T>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) done.current?.focus();
  }, [restored]);
  return { restored, markRestored: () => setRestored(true), done };
}

/** Content a moderator hid, as its owner and administrators (the only ones who can open it)
 * see it: what hiding means (``children``), the moderator's reason when there is one, and,
 * for an administrator, a restore button (``restore``, given what to do once it worked).
 * After a restore the notice says so (``restoredText``) and takes the focus, since the
 * button it had is gone. */
export function HiddenNotice({
  hidden,
  reason,
  restoredText,
  restore,
  children,
}: {
  hidden: boolean;
  reason?: string | null;
  restoredText: string;
  restore?: (onDone: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { restored, markRestored, done: notice } = useRestoredInPlace<HTMLDivElement>();
  if (restored) {
    return (
      <Alert
        ref={notice}
        tabIndex={-1}
        color="teal"
        variant="light"
        icon={<IconCheck size={18} aria-hidden />}
      >
        {restoredText}
      </Alert>
    );
  }
  if (!hidden) return null;
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color="orange"
      variant="light"
      icon={<IconEyeOff size={18} aria-hidden />}
      title="Hidden by a moderator"
    >
      {children}
      {reason && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Reason: {reason}
        </Text>
      )}
      {restore?.(markRestored)}
    </Alert>
  );
}
