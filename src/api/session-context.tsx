import { type ReactNode, createContext, use, useSyncExternalStore } from 'react';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export type UseSessionResult = SessionState & Pick<Session, 'signIn' | 'signOut'>;

export function useSession(): UseSessionResult {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return { ...state, signIn: session.signIn, signOut: session.signOut };
}
