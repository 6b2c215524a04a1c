import { describe, expect, it } from 'vitest';
import { messageCases, validValues } from '@/test-utils/form-messages';
import { contactRules, type ContactValues } from './contact';

describe('contactRules (domain/contact.py)', () => {
  it('accepts the valid form', () => {
    const valid = validValues<ContactValues>('contact');
    for (const field of Object.keys(contactRules) as (keyof ContactValues)[]) {
      expect(contactRules[field](valid[field])).toBeNull();
    }
  });

  it.each(messageCases<ContactValues>('contact'))(
    'words %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      const rule = contactRules[field as keyof ContactValues];
      expect(rule(values[field as keyof ContactValues])).toBe(message);
    },
  );
});
