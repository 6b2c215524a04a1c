import { Alert, Text } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

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
  const notice = useRef<HTMLDivElement>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) notice.current?.focus();
  }, [restored]);
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
      {restore?.(() => setRestored(true))}
    </Alert>
  );
}
