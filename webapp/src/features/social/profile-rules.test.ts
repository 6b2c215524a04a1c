import { describe, expect, it } from 'vitest';
import { messageCases, validValues } from '@/test-utils/form-messages';
import { profileRules, type ProfileValues } from './profile-rules';

describe('profileRules (domain/social.py)', () => {
  it('accepts the valid form', () => {
    const valid = validValues<ProfileValues>('profile');
    for (const field of Object.keys(profileRules) as (keyof ProfileValues)[]) {
      expect(profileRules[field](valid[field])).toBeNull();
    }
  });

  it.each(messageCases<ProfileValues>('profile'))(
    'words %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      const rule = profileRules[field as keyof ProfileValues];
      expect(rule(values[field as keyof ProfileValues])).toBe(message);
    },
  );
});
