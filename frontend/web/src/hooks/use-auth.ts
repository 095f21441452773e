//! Who is signed in: `GET /api/user`, where a 401 or any other failure means signed out.
import { getGetUserQueryKey, getUser, type UserDto } from '@grace-stories/sdk/react';
import { useQuery } from '@tanstack/react-query';

export type User = UserDto;

export const authQueryKey = getGetUserQueryKey();

async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<User | null> {
  try {
    return await getUser({ signal });
  } catch {
    return null;
  }
}

export type AuthState = {
  user: User | null;
  /** True until the first answer (or failure) of the user fetch. */
  isLoading: boolean;
  isAuthenticated: boolean;
};

/** The user query: fetched once on mount, never retried, never refetched on focus. */
export const authQuery = {
  queryKey: authQueryKey,
  queryFn: fetchCurrentUser,
  retry: false,
  refetchOnMount: true,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  // `fetchCurrentUser` already turns a 401 into null; the flag keeps the QueryClient's 401
  // handler from ever sending a signed-out visitor to /api/login.
  meta: { handlesUnauthorized: true },
} as const;

/** The signed-in user. */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(authQuery);
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}
