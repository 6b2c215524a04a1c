import { Button, type ButtonProps } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useFollowToggle } from './follows';
import { promptLogin } from '@/entities/session/login-prompt';
import { useSessionStore } from '@/entities/session/session-store';

interface FollowButtonProps extends ButtonProps {
  user: { id: number; username: string };
  following: boolean;
}

/** Follow / Following. Hidden on your own profile or listing; visitors get a login prompt. */
export function FollowButton({ user, following, ...buttonProps }: FollowButtonProps) {
  const me = useSessionStore((state) => state.user);
  const toggle = useFollowToggle(user);
  if (me?.id === user.id) return null;

  function handleClick() {
    if (!me) return promptLogin('follow sellers');
    toggle.mutate(!following);
  }

  return (
    <Button
      variant={following ? 'light' : 'filled'}
      leftSection={following ? <IconUserCheck size={16} /> : <IconUserPlus size={16} />}
      onClick={handleClick}
      {...buttonProps}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
