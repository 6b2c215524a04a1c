import { api } from '@/lib/api-client';

/** Account security (issue 41): password reset, email verification, password and email
 * changes. Every answer worth showing is a `{message}` sentence from the server. */
export interface Message {
  message: string;
}

export function requestPasswordReset(email: string): Promise<Message> {
  return api.post('password-reset', { json: { email } }).json<Message>();
}

export function confirmPasswordReset(token: string, password: string): Promise<Message> {
  return api.post('password-reset/confirm', { json: { token, password } }).json<Message>();
}

/** `alreadyVerified`: the link had been used and its account is verified at its address (the
 *  same link opened again); nothing changed. */
export interface Verified extends Message {
  alreadyVerified: boolean;
}

export function verifyEmail(token: string): Promise<Verified> {
  return api.post('email/verify', { json: { token } }).json<Verified>();
}

export function resendVerification(): Promise<Message> {
  return api.post('email/verify/resend').json<Message>();
}

export function changePassword(currentPassword: string, newPassword: string): Promise<Message> {
  return api.post('user/password', { json: { currentPassword, newPassword } }).json<Message>();
}

export function changeEmail(password: string, email: string): Promise<Message> {
  return api.post('user/email', { json: { password, email } }).json<Message>();
}

/** The email change waiting for its link: the new address, when the newest link was sent
 *  and when it stops working (then nothing is pending). */
export interface PendingEmailChange {
  email: string;
  sentAt: string;
  expiresAt: string;
}

export function getPendingEmailChange(): Promise<PendingEmailChange | null> {
  return api
    .get('user/email')
    .json<{ pending: PendingEmailChange | null }>()
    .then((answer) => answer.pending);
}

/** A new link to the pending address; the earlier one stops working. */
export function resendEmailChange(): Promise<Message> {
  return api.post('user/email/resend').json<Message>();
}

/** The pending change's link stops working; the account keeps its email. */
export function cancelEmailChange(): Promise<Message> {
  return api.delete('user/email').json<Message>();
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code image (a data: URL). */
  qrCode: string;
}

export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return api.post('user/2fa/setup').json<TwoFactorSetup>();
}

/** Abandon a set-up that was not turned on: the server forgets its pending secret. */
export function cancelTwoFactorSetup(): Promise<Message> {
  return api.delete('user/2fa/setup').json<Message>();
}

/** Turning it on takes the password too: a session alone cannot lock the owner out. */
export function enableTwoFactor(password: string, code: string): Promise<{ recoveryCodes: string[] }> {
  return api.post('user/2fa/enable', { json: { password, code } }).json<{ recoveryCodes: string[] }>();
}

export function disableTwoFactor(password: string, code: string): Promise<Message> {
  return api.post('user/2fa/disable', { json: { password, code } }).json<Message>();
}

/** Whether it is on, and how many unused recovery codes the account has left. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get('user/2fa').json<TwoFactorStatus>();
}

/** Ten new recovery codes (shown once); the old ones stop working. Asks what turning it off
 *  asks: the password and a code. */
export function newRecoveryCodes(password: string, code: string): Promise<{ recoveryCodes: string[] }> {
  return api
    .post('user/2fa/recovery-codes', { json: { password, code } })
    .json<{ recoveryCodes: string[] }>();
}

/** One signed-in session (issue 41): `device` is "Chrome on Linux" when the browser told. */
export interface SignedInSession {
  id: string;
  device: string | null;
  browser: string | null;
  os: string | null;
  /** The network prefix it signed in from ("Network 203.0.113.0/24"), never the address. */
  place: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

export function listSessions(): Promise<SignedInSession[]> {
  return api
    .get('user/sessions')
    .json<{ sessions: SignedInSession[] }>()
    .then((answer) => answer.sessions);
}

export function endSession(id: string): Promise<Message> {
  return api.delete(`user/sessions/${encodeURIComponent(id)}`).json<Message>();
}

export function endOtherSessions(): Promise<Message & { ended: number }> {
  return api.post('user/sessions/revoke-others').json<Message & { ended: number }>();
}

export function closeAccount(password: string, code?: string): Promise<Message> {
  return api.delete('user', { json: code ? { password, code } : { password } }).json<Message>();
}

/** One kind of notification email a member can turn off (issue 41). */
export interface EmailSetting {
  kind: string;
  label: string;
  enabled: boolean;
}

export function getEmailSettings(): Promise<EmailSetting[]> {
  return api
    .get('user/notification-settings')
    .json<{ settings: EmailSetting[] }>()
    .then((answer) => answer.settings);
}

export function updateEmailSettings(settings: Record<string, boolean>): Promise<EmailSetting[]> {
  return api
    .put('user/notification-settings', { json: { settings } })
    .json<{ settings: EmailSetting[] }>()
    .then((answer) => answer.settings);
}

/** The one-click unsubscribe of an email's link: no session needed. */
export function unsubscribe(token: string): Promise<Message & { kind: string; label: string }> {
  return api
    .post('unsubscribe', { searchParams: { token } })
    .json<Message & { kind: string; label: string }>();
}
