export type UserRole = 'user' | 'seller' | 'admin';

/** A user as GET /api/user and GET /api/users/{id} send it (email only for yourself). */
export interface User {
  id: number;
  username: string;
  displayName: string;
  email?: string;
  /** The member opened the link of a verification email (a public trust mark). */
  emailVerified?: boolean;
  /** Only on your own user: two-factor sign-in is on. */
  twoFactorEnabled?: boolean | null;
  /** The member closed the account: shown as "Deleted member" (issue 41). */
  deleted?: boolean;
  avatarUrl: string | null;
  bio: string | null;
  height: string | null;
  followerCount: number;
  followingCount: number;
  rating: number;
  ratingCount: number;
  verified: boolean;
  instagramHandle: string | null;
  createdAt: string;
  role: UserRole;
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}

export function displayNameOf(user: Pick<User, 'displayName' | 'username'>): string {
  return user.displayName || user.username;
}
