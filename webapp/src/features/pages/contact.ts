import limits from '@fixtures/form-limits.json';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The lengths of domain/contact.py, from the fixture the Python tests hold to it. */
export const CONTACT_LIMITS = limits.contact;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function lengthError(value: string, label: string, { min, max }: { min: number; max: number }) {
  const length = value.trim().length;
  if (length < min) return `${label} must be at least ${min} characters`;
  if (length > max) return `${label} must be less than ${max} characters`;
  return null;
}

/** The rules of domain/contact.py, with the same messages, as @mantine/form rules. */
export const contactRules = {
  name: (value: string) => lengthError(value, 'Name', CONTACT_LIMITS.name),
  email: (value: string) => (EMAIL.test(value.trim()) ? null : 'Please enter a valid email'),
  subject: (value: string) => lengthError(value, 'Subject', CONTACT_LIMITS.subject),
  message: (value: string) => lengthError(value, 'Message', CONTACT_LIMITS.message),
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
