import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, requestProblem } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { userKeys, type PublicUser } from './public-user';
import { useSessionStore } from '@/entities/session/session-store';
import { updateCachedAuthor } from '@/entities/post/post';

interface FollowTarget {
  id: number;
  username: string;
}

/**
 * Follow / unfollow a member (POST or DELETE /api/follows with the signed-in user as follower).
 * Shared by the product page's seller card and the profile page. Optimistic, with rollback.
 */
export function useFollowToggle(target: FollowTarget) {
  const client = useQueryClient();
  const key = userKeys.detail(target.id);
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const followerId = useSessionStore.getState().user?.id;
      const json = { followerId, followingId: target.id };
      if (follow) await api.post('follows', { json });
      else await api.delete('follows', { json });
    },
    onMutate: async (follow) => {
      updateCachedAuthor(client, target.id, follow);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<PublicUser>(key);
      if (previous) {
        const followerCount = Math.max(0, (previous.followerCount ?? 0) + (follow ? 1 : -1));
        client.setQueryData<PublicUser>(key, { ...previous, isFollowing: follow, followerCount });
      }
      return previous;
    },
    onError: (error, follow, previous) => {
      updateCachedAuthor(client, target.id, !follow);
      if (previous) client.setQueryData(key, previous);
      // The server's own sentence when it refused (403 "You can't interact with this member").
      notifyError(requestProblem(error) ?? 'Failed to update follow status. Please try again.');
    },
    onSuccess: (_data, follow) => {
      notifySuccess(follow ? `Following ${target.username}` : `Unfollowed ${target.username}`);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key, exact: true });
      void client.invalidateQueries({ queryKey: userKeys.followers(target.id) });
    },
  });
}
