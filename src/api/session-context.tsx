import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, createContext, use, useCallback, useSyncExternalStore } from 'react';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export type UseSessionResult = SessionState &
  Pick<
    Session,
    'signIn' | 'signInWithTokens' | 'signOut' | 'signUp' | 'deleteAccount' | 'userChanged'
  >;

export function useSession(): UseSessionResult {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return {
    ...state,
    signIn: session.signIn,
    signInWithTokens: session.signInWithTokens,
    signOut: session.signOut,
    signUp: session.signUp,
    deleteAccount: session.deleteAccount,
    userChanged: session.userChanged,
  };
}

/**
 * What every "you are signed out now" ends with: the cache is emptied, because one user's data
 * must never be shown to the next one on this browser, and the sign-in screen opens.
 */
export function useLeaveToLogin(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    queryClient.clear();
    await navigate({ to: '/login' });
  }, [queryClient, navigate]);
}
