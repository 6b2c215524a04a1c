import { Container, EmptyState, Stack, Tabs } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { usePublicUser } from '@/entities/user/public-user';
import { useCurrentUser } from '@/entities/session/session-store';
import { useSellerListings } from '../api';
import { FollowersList } from './followers-list';
import { ProfileHeader } from './profile-header';
import { ProfileListings } from './profile-listings';

/** /profile/:id: who they are, what they sell, their style posts and followers. */
export default function ProfilePage() {
  const id = Number(useParams().id);
  const user = usePublicUser(id);
  const listings = useSellerListings(id);
  const me = useCurrentUser();

  if (user.isPending && Number.isInteger(id) && id > 0) return <PageLoader label="Loading profile" />;
  if (!user.data) {
    return <NoticePage title="Failed to load user profile">This profile could not be loaded. It may not exist.</NoticePage>;
  }

  const total = listings.data?.pages[0]?.total ?? 0;
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <ProfileHeader user={user.data} listingCount={total} />
        <Tabs defaultValue="listings" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="listings">Listings</Tabs.Tab>
            <Tabs.Tab value="posts">Style Posts</Tabs.Tab>
            <Tabs.Tab value="followers">Followers</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="listings" pt="lg">
            <ProfileListings listings={listings} own={me?.id === id} />
          </Tabs.Panel>
          <Tabs.Panel value="posts" pt="lg">
            <EmptyState icon={<IconPhoto />} withIndicatorBackground title="No style posts found" py="xl"
              description="Style posts from this member will appear here." />
          </Tabs.Panel>
          <Tabs.Panel value="followers" pt="lg">
            <FollowersList userId={id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
