import { notifyError } from '@/lib/notify';

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

/** Spec §5 Anonymous / §8 Login prompts: 'Please log in' with what needed the login. */
export function promptLogin(action: LoginPromptAction): void {
  notifyError(`You need to be logged in to ${action}`, 'Please log in');
}
