import { useQuery } from '@tanstack/react-query';
import { authUserQuery } from '../api/auth.ts';

/** Being authenticated means the auth user response is non-empty (SPEC §3). */
export function useAuth() {
  const { data: user, isLoading } = useQuery(authUserQuery);
  return { user: user ?? null, isLoading, isAuthenticated: !!user };
}
