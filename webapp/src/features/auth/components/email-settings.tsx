import { Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { getEmailSettings, updateEmailSettings, type EmailSetting } from '../api';
import { SettingsSection } from '@/components/settings-section';
import { SettingsLoadState } from './settings-load-state';

const EMAIL_SETTINGS_KEY = ['user', 'notification-settings'] as const;

/** /settings, "Email notifications": one switch per kind of notification email. */
export function EmailSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: EMAIL_SETTINGS_KEY, queryFn: getEmailSettings });
  const change = useMutation({
    mutationFn: (setting: EmailSetting) => updateEmailSettings({ [setting.kind]: !setting.enabled }),
    onSuccess: (fresh) => queryClient.setQueryData(EMAIL_SETTINGS_KEY, fresh),
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to save your email settings. Please try again.')),
  });
  return (
    <SettingsSection titleId="email-notifications-title" id="email-notifications">
      <Title order={2} size="h3" id="email-notifications-title" mb="xs">
        Email notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What we email you about. Every email also has a link to stop that kind.
      </Text>
      <SettingsLoadState
        query={settings}
        loadingLabel="Loading email settings"
        failedTitle="Failed to load your email settings"
      />
      {settings.data && settings.data.length === 0 && (
        <Text size="sm">There are no emails to choose from.</Text>
      )}
      {settings.data && settings.data.length > 0 && (
        <Stack gap="sm">
          {settings.data.map((setting) => {
            // Not disabled while it saves: the browser would take the focus from a disabled
            // switch (a keyboard user's next Space would do nothing); a toggle meanwhile waits.
            const saving = change.isPending && change.variables?.kind === setting.kind;
            return (
              <Switch
                key={setting.kind}
                label={setting.label}
                checked={setting.enabled}
                aria-busy={saving}
                onChange={() => {
                  if (!saving) change.mutate(setting);
                }}
              />
            );
          })}
        </Stack>
      )}
    </SettingsSection>
  );
}
