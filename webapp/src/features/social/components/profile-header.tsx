import { NewTabLink } from '@/components/new-tab-link';
import { BundleDiscountsNote } from '@/entities/bag/bundle-discounts-note';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBan,
  IconBrandInstagram,
  IconCalendar,
  IconMailCheck,
  IconMessageCircle,
  IconPencil,
  IconPlus,
  IconRuler,
  IconUserOff,
} from '@tabler/icons-react';
import { useRef, type Ref } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FollowButton } from '@/entities/user/follow-button';
import { formatCountOf, formatDate, formatMonthYear, formatRating, NO_REVIEWS } from '@/lib/formatters';
import { promptLogin } from '@/entities/session/login-prompt';
import type { PublicUser } from '@/entities/user/public-user';
import { useCurrentUser } from '@/entities/session/session-store';
import { displayNameOf, isAdmin } from '@/entities/user/user';
import { ReportMenu } from '@/entities/trust/components/report-menu';
import { UnsuspendButton } from '@/entities/trust/components/moderation-undo';
import { useBlockToggle } from '@/entities/trust/api';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';

/** A count under its label; `null`: not shown to this reader (a member they blocked). */
function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg" aria-hidden={value === null || undefined}>
        {value ?? '–'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
        {value === null && <VisuallyHidden>: hidden while blocked</VisuallyHidden>}
      </Text>
    </Stack>
  );
}

interface ProfileHeaderProps {
  user: PublicUser;
  listingCount: number;
}

/** "You blocked this member", with Unblock (instead of Follow and Message). It takes the
 *  focus when the block was just made here; unblocking hands it to `onUnblocked`'s target. */
function BlockedNotice({
  user,
  ref,
  onUnblocked,
}: {
  user: PublicUser;
  ref?: Ref<HTMLDivElement>;
  onUnblocked?: () => void;
}) {
  const toggle = useBlockToggle();
  const unblock = () =>
    toggle.mutate(
      { userId: user.id, block: false },
      {
        onSuccess: () => {
          notifySuccess('Member unblocked');
          onUnblocked?.();
        },
        onError: (error) => notifyError(errorMessage(error, 'Could not unblock this member.')),
      },
    );
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="gray"
      variant="light"
      icon={<IconBan size={18} aria-hidden />}
      title="You blocked this member"
    >
      <Text size="sm" mb="xs">
        You do not see each other&apos;s listings and posts, and neither of you can message or follow the
        other.
      </Text>
      <Button size="xs" variant="default" loading={toggle.isPending} onClick={unblock}>
        Unblock {displayNameOf(user)}
      </Button>
    </Alert>
  );
}

/** Administrators: the member's suspension, with Unsuspend. */
function SuspensionNotice({ user }: { user: PublicUser }) {
  const { suspension } = user;
  if (!suspension) return null;
  return (
    <Alert color="red" variant="light" icon={<IconUserOff size={18} aria-hidden />} title="Suspended">
      <Text size="sm" mb="xs">
        {suspension.endsAt ? `Until ${formatDate(suspension.endsAt)}` : 'Until lifted'}. Reason:{' '}
        {suspension.reason}
      </Text>
      <UnsuspendButton size="xs" userId={user.id} username={user.username} />
    </Alert>
  );
}

/** Avatar, names, rating, height, bio, counts, member since, Follow and Message. */
export function ProfileHeader({ user, listingCount }: ProfileHeaderProps) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const own = me?.id === user.id;
  const blocked = user.blockedByYou ?? false;
  const blockedNotice = useRef<HTMLDivElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const message = () => (me ? navigate(`/messages/${user.id}`) : promptLogin('message sellers'));

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Avatar
          src={user.avatarUrl}
          alt={`${displayNameOf(user)}'s avatar`}
          name={displayNameOf(user)}
          color="brand"
          size={112}
          radius={112}
        />
        <Stack gap="xs" style={{ flex: '1 1 280px' }}>
          <div>
            <Title order={1} size="h2">
              {displayNameOf(user)}
            </Title>
            <Group gap="xs">
              <Text c="dimmed">@{user.username}</Text>
              {user.emailVerified && (
                <Badge color="teal" variant="light" leftSection={<IconMailCheck size={14} aria-hidden />}>
                  Verified email
                </Badge>
              )}
            </Group>
          </div>
          <Group gap="xs">
            {user.ratingCount ? (
              <>
                <Rating value={user.rating ?? 0} fractions={10} readOnly size="sm" aria-hidden />
                <Text size="sm" fw={600}>
                  {formatRating(user.rating)}
                </Text>
                <Text size="sm" c="dimmed">
                  ({formatCountOf(user.ratingCount, 'review')})
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {NO_REVIEWS}
              </Text>
            )}
          </Group>
          <Text style={{ whiteSpace: 'pre-line' }} c={user.bio ? undefined : 'dimmed'}>
            {user.bio || 'No bio provided'}
          </Text>
          <Group gap="lg" c="dimmed">
            {user.height && (
              <Group gap={4}>
                <IconRuler size={16} aria-hidden />
                <Text size="sm">Height {user.height}</Text>
              </Group>
            )}
            <Group gap={4}>
              <IconCalendar size={16} aria-hidden />
              <Text size="sm">Member since {formatMonthYear(user.createdAt)}</Text>
            </Group>
            {user.instagramHandle && (
              <Anchor component={NewTabLink} href={`https://instagram.com/${user.instagramHandle}`} size="sm">
                <Group gap={4}>
                  <IconBrandInstagram size={16} aria-hidden />
                  instagram.com/{user.instagramHandle}
                </Group>
              </Anchor>
            )}
          </Group>
          <BundleDiscountsNote sellerId={user.id} />
          {own && (
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to="/settings"
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                Edit profile
              </Button>
              <Button component={Link} to="/post/new" leftSection={<IconPlus size={16} />}>
                New style post
              </Button>
            </Group>
          )}
          {isAdmin(me) && !own && <SuspensionNotice user={user} />}
          {!own && blocked && (
            <BlockedNotice
              user={user}
              ref={blockedNotice}
              onUnblocked={() => focusWhenShown(() => actions.current?.querySelector('button'))}
            />
          )}
          {!own && (
            <Group gap="sm" mt="xs" ref={actions}>
              {!blocked && (
                <>
                  <FollowButton user={user} following={user.isFollowing ?? false} />
                  <Button variant="default" leftSection={<IconMessageCircle size={16} />} onClick={message}>
                    Message
                  </Button>
                </>
              )}
              <ReportMenu
                targetType="user"
                targetId={user.id}
                ownerId={user.id}
                withBlock
                blocked={blocked}
                ownerName={displayNameOf(user)}
                label={`More actions for ${user.displayName}`}
                onBlocked={() => focusWhenShown(() => blockedNotice.current)}
              />
            </Group>
          )}
        </Stack>
        <SimpleGrid cols={4} spacing="lg" style={{ flex: '0 1 360px' }}>
          <Count label="Followers" value={user.followerCount ?? 0} />
          <Count label="Following" value={user.followingCount ?? 0} />
          <Count label="Listings" value={blocked ? null : (user.listingCount ?? listingCount)} />
          <Count label="Posts" value={blocked ? null : (user.postCount ?? 0)} />
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
