import limits from '@fixtures/form-limits.json';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailError, lengthError, requiredMessage } from '@/lib/text-rules';

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The lengths of domain/contact.py, from the fixture the Python tests hold to it. */
export const CONTACT_LIMITS = limits.contact;

function textError(value: string, label: string, limits: { min: number; max: number }) {
  return (
    lengthError(value.trim(), limits, {
      required: requiredMessage(label),
      short: `${label} must be at least ${limits.min} characters`,
      long: `${label} must be less than ${limits.max} characters`,
    }) ?? null
  );
}

/** The rules of domain/contact.py, with the same messages, as @mantine/form rules (a blank field
 *  is required: tests/fixtures/form-messages.json). */
export const contactRules = {
  name: (value: string) => textError(value, 'Name', CONTACT_LIMITS.name),
  email: (value: string) => emailError(value) ?? null,
  subject: (value: string) => textError(value, 'Subject', CONTACT_LIMITS.subject),
  message: (value: string) => textError(value, 'Message', CONTACT_LIMITS.message),
};

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (values: ContactValues) =>
      api
        .post('contact', {
          json: {
            name: values.name.trim(),
            email: values.email.trim(),
            subject: values.subject.trim(),
            message: values.message.trim(),
          },
        })
        .json<{ id: number }>(),
  });
}
