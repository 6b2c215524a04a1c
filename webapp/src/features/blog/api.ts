import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface BlogAuthor {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

/** A post as the blog endpoints send it (spec §3, §7). */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  imageUrl: string | null;
  /** The cover's 900 px copy when the media store wrote the cover (null for other URLs). */
  imageMediumUrl: string | null;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  userId: number;
  user: BlogAuthor;
}

export interface BlogPage {
  items: BlogPost[];
  nextCursor: string | null;
}

/** What the editor sends on create and update. */
export interface BlogInput {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
  content: string;
  published: boolean;
}

export const PAGE_SIZE = 12;

export const blogKeys = {
  all: ['blogs'] as const,
  list: (includeDrafts: boolean) => ['blogs', 'list', { includeDrafts }] as const,
  slug: (slug: string) => ['blogs', 'slug', slug] as const,
  id: (id: number) => ['blogs', 'id', id] as const,
};

export function fetchBlogPage(includeDrafts: boolean, cursor: string | null): Promise<BlogPage> {
  const searchParams = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (includeDrafts) searchParams.set('includeUnpublished', 'true');
  if (cursor) searchParams.set('cursor', cursor);
  return api.get('blogs', { searchParams }).json<BlogPage>();
}

/** Published posts, newest first, a page at a time; with `includeDrafts` also your drafts. */
export function useBlogList(includeDrafts: boolean) {
  return useInfiniteQuery<BlogPage, Error, InfiniteData<BlogPage>, readonly unknown[], string | null>({
    queryKey: blogKeys.list(includeDrafts),
    queryFn: ({ pageParam }) => fetchBlogPage(includeDrafts, pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useBlogBySlug(slug: string) {
  return useQuery({
    queryKey: blogKeys.slug(slug),
    queryFn: () => api.get(`blogs/slug/${encodeURIComponent(slug)}`).json<BlogPost>(),
  });
}

export function useBlogById(id: number | undefined) {
  return useQuery({
    queryKey: blogKeys.id(id ?? 0),
    queryFn: () => api.get(`blogs/${id}`).json<BlogPost>(),
    enabled: id !== undefined,
  });
}

/** Create (no id) or update a post; every cached blog query is refreshed afterwards. */
export function useSaveBlog(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlogInput) =>
      id === undefined
        ? api.post('blogs', { json: input }).json<BlogPost>()
        : api.put(`blogs/${id}`, { json: input }).json<BlogPost>(),
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: blogKeys.all });
      queryClient.setQueryData(blogKeys.slug(post.slug), post);
    },
  });
}
