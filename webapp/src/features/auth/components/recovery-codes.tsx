import { Alert, Button, Code, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import type { Ref } from 'react';
import { copyText } from '@/lib/copy-link';
import { submitWith } from '@/lib/form';
import { newRecoveryCodes } from '../api';
import { missingPasswordError } from '../validation';
import { CurrentPasswordInput } from './password-fields';
import { formatCountOf } from '@/lib/formatters';

export const CODES_FILE = 'rethread-recovery-codes.txt';

/** The codes as the saved file and the clipboard hold them: a line each, after a heading. */
export function codesText(codes: string[]): string {
  return ['Rethread recovery codes. Each signs you in once.', '', ...codes, ''].join('\n');
}

function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CODES_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The ten codes, shown once (just turned on, or new ones made), with Copy and Download. It
 *  takes the focus when shown (the panel's `ref`): the form that made them is gone. */
export function RecoveryCodesAlert({ codes, ref }: { codes: string[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" title="Save your recovery codes" mb="md" role="status">
      <Text size="sm" mb="xs">
        Each code signs you in once if you lose your phone. They are shown only now.
      </Text>
      <SimpleGrid cols={2} spacing={4}>
        {codes.map((code) => (
          <Code key={code} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() =>
            void copyText(codesText(codes), {
              copied: 'Recovery codes copied',
              byHand: 'Please select the codes and copy them by hand.',
            })
          }
        >
          Copy
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => download(codes)}
        >
          Download .txt
        </Button>
      </Group>
    </Alert>
  );
}

/** "8 recovery codes left", and a warning once few or none are. */
export function recoveryCodesLeft(left: number): string {
  if (left === 0) return 'No recovery codes left. Make new ones so you can still sign in without your phone.';
  return `${formatCountOf(left, 'recovery code')} left`;
}

/** New recovery codes for the old ones, with the password and a code (what turning it off
 *  asks). `ref`: the form, whose first field the panel focuses when it opens. */
export function NewRecoveryCodesForm({
  onMade,
  onCancel,
  ref,
}: {
  onMade: (codes: string[]) => void;
  onCancel: () => void;
  ref?: Ref<HTMLFormElement>;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (v: string) => missingPasswordError(v) ?? null,
      code: (v: string) => (v.trim() ? null : 'Enter a code from your authenticator app or a recovery code'),
    },
  });
  const submit = submitWith(
    form,
    (values: { password: string; code: string }) => newRecoveryCodes(values.password, values.code.trim()),
    {
      fallback: 'Failed to make new recovery codes. Please try again.',
      onSuccess: (answer) => onMade(answer.recoveryCodes),
    },
  );
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-labelledby="new-recovery-codes-title">
      <Stack gap="md">
        <Title order={3} size="h5" id="new-recovery-codes-title">
          New recovery codes
        </Title>
        <Text size="sm" c="dimmed">
          Your old codes stop working, used or not.
        </Text>
        <CurrentPasswordInput {...form.getInputProps('password')} />
        <TextInput
          label="Code or recovery code"
          autoComplete="one-time-code"
          required
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" disabled={form.submitting} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Generate new codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
