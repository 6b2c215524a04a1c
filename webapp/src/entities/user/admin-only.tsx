import type { ReactNode } from 'react';
import { NoticePage } from '@/components/notice-page';
import { isAdmin } from './user';
import { useCurrentUser } from '@/entities/session/session-store';

/** A display check only: the server refuses admin endpoints to everyone else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!isAdmin(user)) {
    return (
      <NoticePage title="Administrators only">
        You need to be logged in as an administrator to access this page.
      </NoticePage>
    );
  }
  return children;
}
