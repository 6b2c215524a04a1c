import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A seller's vacation mode (docs/selling.md, "Vacation mode"). */
export interface Vacation {
  on: boolean;
  until: string | null;
  message: string;
  /** "Seller away until Dec 5, 2026" */
  notice: string | null;
}

export const vacationKey = (userId: number) => ['vacation', userId] as const;

export function useVacation(userId: number | undefined) {
  return useQuery({
    queryKey: vacationKey(userId ?? 0),
    queryFn: () => api.get(`users/${userId}/vacation`).json<Vacation>(),
    enabled: userId !== undefined && Number.isFinite(userId),
    staleTime: 60_000,
  });
}

export function useSetVacation(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { on: boolean; until?: string | null; message?: string }) =>
      api.put('user/vacation', { json: body }).json<Vacation>(),
    onSuccess: (saved) => client.setQueryData(vacationKey(userId), saved),
  });
}
