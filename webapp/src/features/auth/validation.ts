import limits from '@fixtures/form-limits.json';
import { emailError, lengthError, requiredMessage } from '@/lib/text-rules';

/** Client-side checks with the spec §5 messages; the server checks the same rules again, with the
 *  same words (tests/fixtures/form-messages.json): a blank field is required, a short one "at least
 *  N characters", a confirmation that differs "Passwords do not match". */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  username: string;
  password: string;
}

export interface RegisterValues {
  username: string;
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const LIMITS = limits.accounts; // domain/validation/accounts.py, through the shared fixture
const MIN_PASSWORD = LIMITS.password.min;
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD} characters`;

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** At least `min` characters once trimmed; a blank field is required ("Username is required"). */
function textError(value: string, label: string, min: number): string | undefined {
  return lengthError(
    value.trim(),
    { min },
    { required: requiredMessage(label), short: `${label} must be at least ${min} characters` },
  );
}

/** A password (never trimmed): required, then the spec's 6 characters. */
function passwordError(password: string): string | undefined {
  return lengthError(
    password,
    { min: MIN_PASSWORD },
    { required: requiredMessage('Password'), short: PASSWORD_TOO_SHORT },
  );
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    username: textError(values.username, 'Username or email', LIMITS.username.min),
    password: passwordError(values.password),
  };
}

/** Blank: asked for; different: "Passwords do not match"; the same: the password's rule. */
function confirmPasswordError({ password, confirmPassword }: RegisterValues): string | undefined {
  return passwordsMatchError(confirmPassword, password) ?? passwordError(confirmPassword);
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return {
    username: textError(values.username, 'Username', LIMITS.username.min),
    displayName: textError(values.displayName, 'Display name', LIMITS.displayName.min),
    email: emailError(values.email),
    password: passwordError(values.password),
    confirmPassword: confirmPasswordError(values),
  };
}

/** A new password (reset, change): the sign-up rule. */
export function newPasswordError(password: string): string | undefined {
  return passwordError(password);
}

/** A new password's confirmation (sign-up, reset, change) repeats it. */
export function passwordsMatchError(confirmation: string, password: string): string | undefined {
  if (!confirmation) return 'Please confirm your password';
  return confirmation === password ? undefined : 'Passwords do not match';
}

/** The account's password, asked again before a change to the account. */
export function missingPasswordError(password: string): string | undefined {
  return password ? undefined : 'Enter your password';
}

export { emailError };
