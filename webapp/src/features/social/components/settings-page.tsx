import { BundleDiscountsForm } from '@/entities/bag/bundle-discounts-form';
import { VacationForm } from '@/entities/user/vacation-form';
import {
  Avatar,
  Button,
  Container,
  FileButton,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconCamera } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '@/entities/session/session-store';
import { userKeys } from '@/entities/user/public-user';
import { displayNameOf, type User } from '@/entities/user/user';
import { api } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { READ_FAILED, readAsDataUrl } from '@/lib/read-file';
import { BlockedMembers } from '@/entities/trust/components/blocked-members';
import { profileRules, type ProfileValues } from '../profile-rules';

import { SettingsSection } from '@/components/settings-section';
interface Values extends ProfileValues {
  /** A new photo as a data URL, '' to remove it, null to keep it. */
  avatar: string | null;
}

function initial(user: User): Values {
  return {
    displayName: user.displayName,
    bio: user.bio ?? '',
    height: user.height ?? '',
    instagramHandle: user.instagramHandle ?? '',
    avatar: null,
  };
}

/** /settings: edit your own profile (PATCH /api/user); the header shows the result at once. */
export default function SettingsPage() {
  const me = useSessionStore((state) => state.user);
  if (!me) return null; // ProtectedRoute keeps visitors out
  return <ProfileForm user={me} />;
}

function ProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const fetchUser = useSessionStore((state) => state.fetchUser);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial(user),
    validate: profileRules,
  });
  const preview = form.values.avatar === null ? user.avatarUrl : form.values.avatar || null;

  async function pick(file: File | null) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notifyError('Only image files can be uploaded');
    try {
      form.setFieldValue('avatar', await readAsDataUrl(file));
    } catch {
      notifyError(READ_FAILED);
    }
  }

  const submit = submitWith(
    form,
    async (values: Values) => {
      const body: Record<string, string> = {
        displayName: values.displayName,
        bio: values.bio,
        height: values.height,
        instagramHandle: values.instagramHandle,
      };
      if (values.avatar !== null) body.avatar = values.avatar;
      return api.patch('user', { json: body }).json<User>();
    },
    {
      fallback: 'Failed to update your profile. Please try again.',
      onSuccess: async (updated) => {
        await fetchUser();
        void client.invalidateQueries({ queryKey: userKeys.detail(updated.id) });
        void client.invalidateQueries({ queryKey: ['posts'] });
        notifySuccess('Profile updated');
        navigate(`/profile/${updated.id}`);
      },
    },
  );

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Settings
      </Title>
      <SettingsSection titleId="profile-title">
        <Title order={2} size="h3" id="profile-title" mb="md">
          Profile
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group>
              <Avatar
                src={preview}
                alt="Your profile photo"
                name={displayNameOf(user)}
                color="brand"
                size={96}
                radius={96}
              />
              <Stack gap="xs">
                <FileButton onChange={(file) => void pick(file)} accept="image/*">
                  {(props) => (
                    <Button variant="light" leftSection={<IconCamera size={16} />} {...props}>
                      Change photo
                    </Button>
                  )}
                </FileButton>
                {preview && (
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-sm"
                    onClick={() => form.setFieldValue('avatar', '')}
                  >
                    Remove photo
                  </Button>
                )}
              </Stack>
            </Group>
            {form.errors.avatar && (
              <Text c="red" size="sm" role="alert">
                {form.errors.avatar}
              </Text>
            )}
            <TextInput label="Display name" required {...form.getInputProps('displayName')} />
            <Textarea
              label="Bio"
              placeholder="Your style in a few words"
              rows={4}
              {...form.getInputProps('bio')}
            />
            <TextInput
              label="Height"
              placeholder={'e.g. 5\'7" or 170 cm'}
              {...form.getInputProps('height')}
            />
            <TextInput
              label="Instagram handle"
              placeholder="@yourname"
              {...form.getInputProps('instagramHandle')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      </SettingsSection>
      {user.id !== undefined && <BundleDiscountsForm userId={user.id} />}
      <BlockedMembers />
      {user.id !== undefined && <VacationForm userId={user.id} />}
    </Container>
  );
}
