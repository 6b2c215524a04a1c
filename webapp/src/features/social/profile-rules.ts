import limits from '@fixtures/form-limits.json';
import { lengthError, requiredMessage } from '@/lib/text-rules';

export interface ProfileValues {
  displayName: string;
  bio: string;
  height: string;
  instagramHandle: string;
}

// The server's limits (domain/social.py, domain/validation/accounts.py) through the shared fixture.
const NAME = limits.accounts.displayName;
const PROFILE = limits.profile;
const INSTAGRAM = new RegExp(`^@?[A-Za-z0-9._]{0,${PROFILE.instagramHandle.max}}$`);

/** The rules of domain/social.py, with the same messages, as @mantine/form rules: a blank
 *  display name is required, as at sign-up (tests/fixtures/form-messages.json). */
export const profileRules = {
  displayName: (value: string) =>
    lengthError(value.trim(), NAME, {
      required: requiredMessage('Display name'),
      short: `Display name must be at least ${NAME.min} characters`,
      long: `Display name must be at most ${NAME.max} characters`,
    }) ?? null,
  bio: (value: string) =>
    value.trim().length > PROFILE.bio.max ? `Bio must be at most ${PROFILE.bio.max} characters` : null,
  height: (value: string) =>
    value.trim().length > PROFILE.height.max
      ? `Height must be at most ${PROFILE.height.max} characters`
      : null,
  instagramHandle: (value: string) =>
    INSTAGRAM.test(value.trim())
      ? null
      : `Instagram handle can only contain letters, numbers, dots and underscores (at most ${PROFILE.instagramHandle.max})`,
};
