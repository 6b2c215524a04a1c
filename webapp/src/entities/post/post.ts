import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useSessionStore } from '@/entities/session/session-store';
import type { ProductStatus } from '@/entities/product/product';
import type { User } from '@/entities/user/user';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/** A listing tagged on a style post, with its optional hotspot (fractions of the image). */
export interface TaggedProduct {
  id: number;
  title: string;
  price: string;
  brand: string;
  size: string;
  category: string;
  status: ProductStatus;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  /** The cover's 160 px copy (null when the store did not write the cover). */
  smallUrl: string | null;
  x: number | null;
  y: number | null;
}

export interface PostComment {
  id: number;
  postId: number;
  userId: number;
  content: string;
  createdAt: string;
  user: User;
  /** Hidden by a moderator: only its author and administrators still see it. */
  hidden?: boolean;
}

/** A style post as GET /api/posts, /api/posts/{id} and the other lists send it. */
export interface StylePost {
  id: number;
  userId: number;
  imageUrl: string;
  thumbnailUrl: string;
  /** The photo's 900 px copy (null when the store did not write the photo). */
  mediumUrl: string | null;
  content: string;
  createdAt: string;
  user: User;
  hashtags: { name: string }[];
  taggedProducts: TaggedProduct[];
  likeCount: number;
  saveCount: number;
  commentCount: number;
  liked: boolean;
  saved: boolean;
  isFollowingAuthor: boolean;
}

export interface StylePostDetail extends StylePost {
  comments: PostComment[];
  commentsNextCursor: string | null;
  /** Hidden: only its author and administrators still get it. */
  hidden?: boolean;
  /** Why a moderator hid it, for its author and administrators (the only ones who get a
   *  hidden post); else null. */
  hiddenReason?: string | null;
  /** Who hid it, for the same two: a moderator, or its author's suspension. */
  hiddenCause?: 'moderator' | 'suspension' | null;
}

export interface PostPage {
  items: StylePost[];
  nextCursor: string | null;
}

export interface FeedFilter {
  following?: boolean;
  hashtag?: string | null;
}

export const postKeys = {
  all: ['posts'] as const,
  feed: (filter: FeedFilter) => ['posts', 'feed', filter.following ?? false, filter.hashtag ?? null] as const,
  byUser: (userId: number) => ['posts', 'user', userId] as const,
  saved: (userId: number) => ['posts', 'saved', userId] as const,
  trending: ['posts', 'trending'] as const,
  tagging: (productId: number) => ['posts', 'tagging', productId] as const,
  detail: (id: number) => ['posts', 'detail', id] as const,
  comments: (id: number) => ['posts', 'comments', id] as const,
};

const PAGE = 12;

function usePostPages(key: readonly unknown[], path: string, params: Record<string, string>, enabled = true) {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const searchParams = new URLSearchParams({ ...params, limit: String(PAGE) });
      if (pageParam) searchParams.set('cursor', pageParam);
      return api.get(path, { searchParams }).json<PostPage>();
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** GET /api/posts: newest first; `following` for people I follow, `hashtag` to filter. */
export function usePostFeed(filter: FeedFilter) {
  const params: Record<string, string> = {};
  if (filter.following) params.following = 'true';
  if (filter.hashtag) params.hashtag = filter.hashtag;
  return usePostPages(postKeys.feed(filter), 'posts', params);
}

export function useUserPosts(userId: number) {
  return usePostPages(postKeys.byUser(userId), `users/${userId}/posts`, {}, userId > 0);
}

export function useSavedPosts(userId: number, enabled: boolean) {
  return usePostPages(postKeys.saved(userId), `users/${userId}/saved-posts`, {}, enabled && userId > 0);
}

export function useTrendingPosts() {
  return useQuery({
    queryKey: postKeys.trending,
    queryFn: () => api.get('posts/trending', { searchParams: { limit: '3' } }).json<StylePost[]>(),
  });
}

/** GET /api/products/{id}/tagged-posts: 'How others are styling this'. */
export function useTaggedPosts(productId: number) {
  return useQuery({
    queryKey: postKeys.tagging(productId),
    queryFn: () => api.get(`products/${productId}/tagged-posts`).json<StylePost[]>(),
    enabled: Number.isInteger(productId) && productId > 0,
  });
}

export function usePost(id: number) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => api.get(`posts/${id}`).json<StylePostDetail>(),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Applies `change` to this post wherever it is cached (feeds, profile lists, detail). */
export function updateCachedPost(client: QueryClient, id: number, change: (post: StylePost) => StylePost) {
  client.setQueriesData<InfiniteData<PostPage>>({ queryKey: postKeys.all }, (data) => {
    if (!data || !('pages' in data)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((p) => (p.id === id ? change(p) : p)),
      })),
    };
  });
  client.setQueriesData<StylePost[] | StylePost>({ queryKey: postKeys.all }, (data) => {
    if (Array.isArray(data)) return data.map((p) => (p.id === id ? change(p) : p));
    if (data && 'id' in data && data.id === id) return { ...data, ...change(data) };
    return data;
  });
}

interface ReactionCounts {
  postId: number;
  likeCount: number;
  saveCount: number;
  commentCount: number;
}

type Reaction = 'likes' | 'saves';

/** Like or save (POST/DELETE /api/likes or /api/saves as the signed-in user): optimistic,
 *  then the server's counts; the spec's error toast and a rollback when it fails. */
export function useReaction(kind: Reaction, post: Pick<StylePost, 'id'>) {
  const client = useQueryClient();
  const flag = kind === 'likes' ? 'liked' : 'saved';
  const count = kind === 'likes' ? 'likeCount' : 'saveCount';
  return useMutation({
    mutationFn: async (on: boolean) => {
      const userId = useSessionStore.getState().user?.id;
      const json = { postId: post.id, userId };
      const request = on ? api.post(kind, { json }) : api.delete(kind, { json });
      return request.json<ReactionCounts>();
    },
    onMutate: (on) => {
      updateCachedPost(client, post.id, (p) =>
        p[flag] === on ? p : { ...p, [flag]: on, [count]: Math.max(0, p[count] + (on ? 1 : -1)) },
      );
    },
    onSuccess: (counts, on) => {
      updateCachedPost(client, post.id, (p) => ({
        ...p,
        [flag]: on,
        likeCount: counts.likeCount,
        saveCount: counts.saveCount,
      }));
      if (kind === 'saves') void client.invalidateQueries({ queryKey: ['posts', 'saved'] });
    },
    onError: (_error, on) => {
      updateCachedPost(client, post.id, (p) => ({
        ...p,
        [flag]: !on,
        [count]: Math.max(0, p[count] + (on ? -1 : 1)),
      }));
      notifyError(
        kind === 'likes'
          ? 'Failed to update like. Please try again.'
          : 'Failed to save post. Please try again.',
      );
    },
  });
}

export interface NewPost {
  content: string;
  image: string;
  hashtags: string[];
  taggedProductIds: number[];
  tagPositions: { productId: number; x: number; y: number }[];
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => api.post('posts', { json: input }).json<StylePost>(),
    onSuccess: () => void client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`posts/${id}`);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/** Following or unfollowing a member updates the follow buttons on their cached posts. */
export function updateCachedAuthor(client: QueryClient, userId: number, following: boolean) {
  const change = (p: StylePost) => (p.userId === userId ? { ...p, isFollowingAuthor: following } : p);
  client.setQueriesData<InfiniteData<PostPage> | StylePost[] | StylePost>(
    { queryKey: postKeys.all },
    (data) => {
      if (!data) return data;
      if (Array.isArray(data)) return data.map(change);
      if ('pages' in data)
        return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
      return change(data);
    },
  );
}

export function useAddComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post(`posts/${postId}/comments`, { json: { content } }).json<PostComment>(),
    onSuccess: (comment) => {
      client.setQueryData<StylePostDetail>(postKeys.detail(postId), (post) =>
        post ? { ...post, comments: [...post.comments, comment] } : post,
      );
      // The count, everywhere the post is cached (the detail included).
      updateCachedPost(client, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
    },
  });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: number) => {
      await api.delete(`comments/${commentId}`);
      return commentId;
    },
    onSuccess: (commentId) => {
      client.setQueryData<StylePostDetail>(postKeys.detail(postId), (post) =>
        post ? { ...post, comments: post.comments.filter((c) => c.id !== commentId) } : post,
      );
      updateCachedPost(client, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount - 1) }));
    },
    onError: () => notifyError('Failed to delete comment. Please try again.'),
  });
}

/** Older comments after the first page (GET /api/posts/{id}/comments?cursor=). */
export async function fetchMoreComments(postId: number, cursor: string) {
  return api
    .get(`posts/${postId}/comments`, { searchParams: { cursor } })
    .json<{ items: PostComment[]; nextCursor: string | null }>();
}
