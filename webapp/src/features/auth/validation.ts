import limits from '@fixtures/form-limits.json';

/** Client-side checks with the spec §5 messages; the server checks the same rules again. */
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
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    username:
      values.username.trim().length < LIMITS.username.min
        ? `Username or email must be at least ${LIMITS.username.min} characters`
        : undefined,
    password: values.password.length < MIN_PASSWORD ? PASSWORD_TOO_SHORT : undefined,
  };
}

function confirmPasswordError({ password, confirmPassword }: RegisterValues): string | undefined {
  if (confirmPassword.length < MIN_PASSWORD) return PASSWORD_TOO_SHORT;
  return passwordsMatchError(confirmPassword, password);
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return {
    username:
      values.username.trim().length < LIMITS.username.min
        ? `Username must be at least ${LIMITS.username.min} characters`
        : undefined,
    displayName:
      values.displayName.trim().length < LIMITS.displayName.min
        ? `Display name must be at least ${LIMITS.displayName.min} characters`
        : undefined,
    email: EMAIL.test(values.email.trim()) ? undefined : 'Please enter a valid email',
    password: values.password.length < MIN_PASSWORD ? PASSWORD_TOO_SHORT : undefined,
    confirmPassword: confirmPasswordError(values),
  };
}

/** A new password (reset, change): the sign-up rule. */
export function newPasswordError(password: string): string | undefined {
  return password.length < MIN_PASSWORD ? PASSWORD_TOO_SHORT : undefined;
}

/** A new password's confirmation (sign-up, reset, change) repeats it. */
export function passwordsMatchError(confirmation: string, password: string): string | undefined {
  return confirmation === password ? undefined : 'Passwords do not match';
}

/** The account's password, asked again before a change to the account. */
export function missingPasswordError(password: string): string | undefined {
  return password ? undefined : 'Enter your password';
}

export function emailError(email: string): string | undefined {
  return EMAIL.test(email.trim()) ? undefined : 'Please enter a valid email';
}
