import { Container, Stack } from '@mantine/core';
import { useSessionStore } from '@/entities/session/session-store';
import { ChangeEmailForm, ChangePasswordForm } from '@/features/auth/components/account-security-settings';
import { CloseAccountSettings } from '@/features/auth/components/close-account-settings';
import { EmailSettings } from '@/features/auth/components/email-settings';
import { SessionsSettings } from '@/features/auth/components/sessions-settings';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import ProfileSettingsPage from '@/features/social/components/settings-page';

/** /settings: the profile (features/social), then the account's email and password
 * (features/auth). Composed here because features do not import each other. */
export default function SettingsPage() {
  const me = useSessionStore((state) => state.user);
  if (!me) return null; // ProtectedRoute keeps visitors out
  return (
    <>
      <ProfileSettingsPage />
      <Container size="sm" pb="xl">
        <Stack gap="xl">
          <ChangeEmailForm user={me} />
          <ChangePasswordForm />
          <TwoFactorSettings user={me} />
          <EmailSettings />
          <SessionsSettings />
          <CloseAccountSettings user={me} />
        </Stack>
      </Container>
    </>
  );
}
