import { Anchor } from '@mantine/core';
import { notifyError } from '@/lib/notify';
import { authPath } from './return-to';

export type LoginPromptAction =
  | 'save items'
  | 'follow sellers'
  | 'message sellers'
  | 'make an offer'
  | 'place an order'
  | 'add items to your bag'
  | 'like posts'
  | 'save posts'
  | 'comment'
  | 'report something'
  | 'block a member';

/** Spec §5 Anonymous / §8 Login prompts: 'Please log in' with what needed the login, and
 * a link to log in that comes back to this page. (The toasts live outside the router, so the
 * link is a plain one: the sign-in page loads anew.) */
export function promptLogin(action: LoginPromptAction): void {
  notifyError(
    <>
      <span>{`You need to be logged in to ${action}`}</span>{' '}
      <Anchor href={authPath(window.location)} size="sm" fw={600}>
        Log in
      </Anchor>
    </>,
    'Please log in',
  );
}
