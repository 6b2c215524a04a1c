import { Button, Container, Stack, Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSavedPosts, useUserPosts } from '@/entities/post/post';
import { PostGrid } from '@/entities/post/post-grid';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { UserReviews } from '@/entities/reviews/user-reviews';
import { userKeys, usePublicUser, usePublicUserByName } from '@/entities/user/public-user';
import { useCurrentUser } from '@/entities/session/session-store';
import { isApiError } from '@/lib/api-client';
import { summary, usePageMeta } from '@/lib/page-meta';
import { useSellerListings } from '../api';
import { FollowersList } from './followers-list';
import { ProfileHeader } from './profile-header';
import { HiddenWhileBlocked, ProfileListings } from './profile-listings';

/** Why a profile is not shown: no such member (a 404: 'Profile not found'), or the load
 *  failed (the spec's 'Failed to load user profile'). */
function ProfileUnavailable({ error }: { error: unknown }) {
  if (isApiError(error, 404) || !error) {
    return (
      <NoticePage title="Profile not found">
        No member has this profile. Check the address, or find them from the shop.
      </NoticePage>
    );
  }
  return (
    <NoticePage title="Failed to load user profile">
      This profile could not be loaded. Please try again in a moment.
    </NoticePage>
  );
}

/** /profile/maya: finds the member by username, then shows /profile/{id} in its place (the
 *  address is replaced, so Back does not return here). */
function ProfileByName({ username }: { username: string }) {
  const found = usePublicUserByName(username);
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = found.data?.id;
  useEffect(() => {
    if (!found.data || id === undefined) return;
    client.setQueryData(userKeys.detail(id), found.data);
    void navigate(`/profile/${id}`, { replace: true });
  }, [found.data, id, client, navigate]);
  if (found.isError) return <ProfileUnavailable error={found.error} />;
  return <PageLoader label="Loading profile" />;
}

/** /profile/:id (or /profile/:username): who they are, what they sell, their style posts
 *  and followers. */
export default function ProfilePage() {
  const param = useParams().id ?? '';
  return /^\d+$/.test(param) ? <MemberProfile id={Number(param)} /> : <ProfileByName username={param} />;
}

function MemberProfile({ id }: { id: number }) {
  const user = usePublicUser(id);
  const listings = useSellerListings(id);
  const me = useCurrentUser();
  const own = me?.id === id;
  const posts = useUserPosts(id);
  const saved = useSavedPosts(id, own);
  const person = user.data;
  const name = person ? `${person.displayName} (@${person.username})` : undefined;
  usePageMeta({
    title: name ?? 'Profile',
    description: person
      ? summary(person.bio) || `${name} buys, sells and styles secondhand fashion on Rethread.`
      : undefined,
    pending: user.isPending,
  });

  if (user.isPending && Number.isInteger(id) && id > 0) return <PageLoader label="Loading profile" />;
  // No data and no error: an id no member can have (0), so nothing was asked.
  if (!user.data) return <ProfileUnavailable error={user.error} />;

  const total = listings.data?.pages[0]?.total ?? 0;
  // A member the reader blocked: neither sees the other's listings and posts (docs/trust.md).
  const blocked = !own && user.data.blockedByYou === true;
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <ProfileHeader user={user.data} listingCount={total} />
        <Tabs defaultValue="listings" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="listings">Listings</Tabs.Tab>
            <Tabs.Tab value="posts">Style Posts</Tabs.Tab>
            <Tabs.Tab value="followers">Followers</Tabs.Tab>
            <Tabs.Tab value="reviews">Reviews</Tabs.Tab>
            {own && <Tabs.Tab value="saved">Saved</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="listings" pt="lg">
            <ProfileListings listings={listings} own={own} blocked={blocked} />
          </Tabs.Panel>
          <Tabs.Panel value="posts" pt="lg">
            {blocked ? (
              <HiddenWhileBlocked what="style posts" />
            ) : (
              <PostGrid
                query={posts}
                emptyTitle="No style posts found"
                emptyDescription={
                  own
                    ? 'Share your first look with the community.'
                    : 'Style posts from this member will appear here.'
                }
                emptyAction={
                  own ? (
                    <Button component={Link} to="/post/new">
                      New style post
                    </Button>
                  ) : undefined
                }
              />
            )}
          </Tabs.Panel>
          {own && (
            <Tabs.Panel value="saved" pt="lg">
              <PostGrid
                query={saved}
                emptyTitle="No saved posts yet"
                emptyDescription="Tap the bookmark on a style post to keep it here."
                emptyAction={
                  <Button component={Link} to="/feed">
                    Browse the Style Feed
                  </Button>
                }
              />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="followers" pt="lg">
            <FollowersList userId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="reviews" pt="lg">
            <UserReviews userId={id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
