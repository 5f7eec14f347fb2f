// Who is signed in: the session check, login, registration and logout, shared through AuthProvider.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthorized } from '../lib/errors';
import { signedOut } from '../lib/offlineMessages';
import { splitFullName } from '../lib/names';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { useToast } from './useToast';

export type AuthUser = RouterOutputs['auth']['me'];
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface RegistrationDetails {
  username: string;
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Resolves with the user; rejects with the server's error so the form can say what went wrong. */
  login(username: string, password: string): Promise<AuthUser>;
  register(details: RegistrationDetails): Promise<RouterOutputs['auth']['register']>;
  /** Never rejects: a failed logout is logged and the user stays signed in. */
  logout(): Promise<void>;
  /** Shows a changed profile (name, email) everywhere at once, without asking the server again. */
  updateUser(user: AuthUser): void;
  /** Forgets the user and their cached data after the server ended the session (the account was deleted). */
  endSession(): Promise<void>;
}

const SESSION_RECHECK_MS = 5 * 60 * 1000;

/**
 * Who was signed in last on this browser (their public profile, never data), so the app can open offline after a
 * reload: the session cannot be checked without a connection, and the outbox and cached screens need a user.
 * Forgotten on logout and whenever the server answers 401.
 */
const REMEMBERED_USER = 'sower:user';

function rememberedUser(): AuthUser | null {
  if (navigator.onLine) return null;
  try {
    return JSON.parse(localStorage.getItem(REMEMBERED_USER) ?? 'null') as AuthUser | null;
  } catch {
    return null;
  }
}

/** Logout and a deleted account: nothing this user typed or was stays on the device. */
function forgetOfflineData() {
  remember(null);
  // Loaded on demand, like the rest of the outbox: the entry chunk stays small.
  return import('../lib/outbox')
    .then(({ clearOutbox }) => clearOutbox())
    .catch((error) => console.warn('The offline outbox could not be cleared', error));
}

function remember(user: AuthUser | null) {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER);
  } catch {
    // Storage refused (private mode, quota): the app still works online.
  }
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [user, setUser] = useState<AuthUser | null>(rememberedUser);
  const [sessionChecked, setSessionChecked] = useState(false);
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
    if (user) remember(user);
  }, [user]);

  // Disabled once a user is known, so the 5-minute re-check runs only while nobody is signed in. Started by
  // startVisit before the first render; a 401 it already received is the answer, not a reason to ask again.
  const session = trpc.auth.me.useQuery(undefined, { enabled: user === null, refetchInterval: SESSION_RECHECK_MS, retryOnMount: false });
  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (session.data) setUser(session.data);
    if (session.isFetched) setSessionChecked(true);
  }, [session.data, session.isFetched]);

  // Any read or write answered 401 means the session ended elsewhere (expired, signed out or password changed on
  // another device). The user is told so once; dropping the user sends RequireAuth to /login, and clearing the cache
  // keeps the last user's data off screen. Writes leave their own failure toast out for a 401 (useWrite).
  useEffect(() => {
    const sessionEnded = (error: unknown) => {
      if (!isUnauthorized(error) || userRef.current === null) return;
      userRef.current = null;
      remember(null);
      setUser(null);
      toast({ title: signedOut.title, description: signedOut.description, variant: 'destructive' });
      // Deferred: the cache is still notifying about this very query.
      setTimeout(() => queryClient.clear(), 0);
    };
    const reads = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
    });
    const writes = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
    });
    return () => {
      reads();
      writes();
    };
  }, [queryClient, toast]);

  const { mutateAsync: loginCall } = loginMutation;
  const login = useCallback(
    async (username: string, password: string) => {
      const result = await loginCall({ username, password });
      setUser(result.user);
      // Not awaited: the refetches need not finish before the user moves on.
      void queryClient.invalidateQueries();
      return result.user;
    },
    [loginCall, queryClient],
  );

  const { mutateAsync: registerCall } = registerMutation;
  const register = useCallback(
    async ({ username, name, email, password }: RegistrationDetails) => {
      const created = await registerCall({ username, email, password, ...splitFullName(name) });
      if (created?.id) setUser(created);
      return created;
    },
    [registerCall],
  );

  // Awaitable, so a logout can wait until nothing of this user's typing is left for the next person.
  const endSession = useCallback(async () => {
    await forgetOfflineData();
    setUser(null);
    queryClient.clear();
    navigate('/');
  }, [queryClient, navigate]);

  const { mutateAsync: logoutCall } = logoutMutation;
  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.error('Logout failed', error);
      return;
    }
    await endSession();
  }, [logoutCall, endSession]);

  const status: AuthStatus = user ? 'authenticated' : sessionChecked ? 'unauthenticated' : 'loading';
  const value = useMemo(() => ({ status, user, login, register, logout, updateUser: setUser, endSession }), [status, user, login, register, logout, endSession]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
