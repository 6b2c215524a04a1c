/**
 * The webapp's half of domain/validation/_rules.py: every form words a blank field, and a
 * field too short or too long, the way the server does (tests/fixtures/form-messages.json
 * holds both sides to the same messages).
 */

/** "Title is required": a blank required field (the spec's own wording, as "Brand is required"). */
export function requiredMessage(label: string): string {
  return `${label} is required`;
}

export interface LengthMessages {
  /** For a blank value; without it, a blank value is only too short. */
  required?: string;
  short: string;
  /** For a value over `max` (a form that leaves the maximum to the server gives neither). */
  long?: string;
}

/**
 * `required` for a blank `text`, `short` / `long` outside `min..max` (the caller trims, as
 * the server strips everything but passwords). "At least 3 characters" is for text that is
 * there: said of a blank field, it sends its reader looking for text that is not.
 */
export function lengthError(
  text: string,
  { min, max = Number.POSITIVE_INFINITY }: { min: number; max?: number },
  messages: LengthMessages,
): string | undefined {
  if (messages.required !== undefined && text.length === 0) return messages.required;
  if (text.length < min) return messages.short;
  return text.length > max ? messages.long : undefined;
}

/** An email address as domain/validation/_rules.py takes one: a local part, an @, a domain
 *  of dot-separated labels, at most 254 characters. */
const EMAIL = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/;
const EMAIL_MAX = 254;

/** "Email is required" for a blank field, "Please enter a valid email" for one the server
 *  would refuse (the sign-up, account, contact and reset forms). */
export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return requiredMessage('Email');
  return value.length <= EMAIL_MAX && EMAIL.test(value) ? undefined : 'Please enter a valid email';
}
