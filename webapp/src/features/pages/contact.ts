import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function lengthError(value: string, label: string, min: number, max: number): string | undefined {
  const length = value.trim().length;
  if (length < min) return `${label} must be at least ${min} characters`;
  if (length > max) return `${label} must be less than ${max} characters`;
  return undefined;
}

/** The rules of domain/contact.py, with the same messages. */
export function validateContact(values: ContactValues): ContactErrors {
  return {
    name: lengthError(values.name, 'Name', 2, 100),
    email: EMAIL.test(values.email.trim()) ? undefined : 'Please enter a valid email',
    subject: lengthError(values.subject, 'Subject', 3, 150),
    message: lengthError(values.message, 'Message', 10, 5000),
  };
}

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
