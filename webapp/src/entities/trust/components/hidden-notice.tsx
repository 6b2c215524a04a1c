import { Alert, Anchor, Text } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { HideCause } from '../api';

/** Who owns hidden content, as a suspension's notice names them: a listing's seller, a post's
 * or a comment's author. */
export type OwnerNoun = 'seller' | 'author';

/** The title of content hidden by its owner's suspension (the notice, the desk). */
export function hiddenWhileSuspended(owner: OwnerNoun): string {
  return `Hidden while its ${owner} is suspended`;
}

/** Why a hidden listing whose seller has closed their account offers no Restore (the
 * server refuses it: closing took their shop down for good). */
export const SELLER_CLOSED_NOTE = 'Its seller closed their account, so it cannot come back to the shop.';

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

/** Content a moderator or its owner's suspension hid, as its owner and administrators (the
 * only ones who can open it) see it: who hid it, what hiding means (``children``), the
 * moderator's reason when there is one, and, for an administrator (``restore``, given what
 * to do once it worked), a restore button. Content hidden by a suspension has none (the
 * server refuses it: it comes back when the suspension is lifted or ends); an administrator
 * is pointed to the owner's profile, where the suspension is lifted, instead. After a
 * restore the notice says so (``restoredText``) and takes the focus, since the button it had
 * is gone. */
export function HiddenNotice({
  hidden,
  reason,
  cause,
  owner,
  restoredText,
  restore,
  title,
  children,
}: {
  hidden: boolean;
  reason?: string | null;
  cause?: HideCause | null;
  /** The seller or author: named by a suspension's notice, their profile linked. */
  owner: { noun: OwnerNoun; id: number; username?: string };
  restoredText: string;
  restore?: (onDone: () => void) => ReactNode;
  /** Instead of the title the cause gives (a listing its seller's closed account took down). */
  title?: string;
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
  const bySuspension = cause === 'suspension';
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color="orange"
      variant="light"
      icon={<IconEyeOff size={18} aria-hidden />}
      title={title ?? (bySuspension ? hiddenWhileSuspended(owner.noun) : 'Hidden by a moderator')}
    >
      {children}
      {reason && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Reason: {reason}
        </Text>
      )}
      {bySuspension
        ? restore && (
            <Text size="sm" mt={4}>
              It comes back when the suspension is lifted or ends, so it cannot be restored here:{' '}
              <Anchor component={Link} to={`/profile/${owner.id}`}>
                {owner.username ? `@${owner.username}'s suspension` : `the ${owner.noun}'s suspension`}
              </Anchor>
              .
            </Text>
          )
        : restore?.(markRestored)}
    </Alert>
  );
}
