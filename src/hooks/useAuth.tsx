// Who is signed in: the session check, login, registration and logout, shared through AuthProvider.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { signedOut } from '../lib/offlineMessages';
import { openLock } from '../lib/appLock';
import { splitFullName } from '../lib/names';
import { forgetSignedInUser, onSessionEnded, remember, rememberedUser, sessionQuery, type SessionUser } from '../lib/session';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { useToast } from './useToast';
import { activateLocale, currentLocale, localePickedThisVisit, rememberLocale } from '../i18n';

export type AuthUser = SessionUser;
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
  /**
   * Resolves with the user, or with the ticket of a second step when the account has two-factor sign-in; rejects with
   * the server's error so the form can say what went wrong.
   */
  login(username: string, password: string): Promise<{ user: AuthUser } | { ticket: string }>;
  /** The second step: the ticket and an authenticator code or a recovery code. */
  completeSignIn(ticket: string, proof: { code: string } | { recoveryCode: string }): Promise<AuthUser>;
  register(details: RegistrationDetails): Promise<RouterOutputs['auth']['register']>;
  /** Never rejects: a failed logout is logged and the user stays signed in. */
  logout(): Promise<void>;
  /** Shows a changed profile (name, email) everywhere at once, without asking the server again. */
  updateUser(user: AuthUser): void;
  /** A sign-in another way (a password reset link) made a session: this user is in, and a closed lock opens. */
  signedInAs(user: AuthUser): AuthUser;
  /** Forgets the user and their cached data after the server ended the session (the account was deleted). */
  endSession(): Promise<void>;
}

const SESSION_RECHECK_MS = 5 * 60 * 1000;

/** Logout and a deleted account: nothing this user typed or was stays on the device. */
function forgetOfflineData() {
  remember(null);
  // Loaded on demand, like the rest of the outbox: the entry chunk stays small.
  const outbox = import('../lib/outbox')
    .then(({ clearOutbox }) => clearOutbox())
    .catch((error) => console.warn('The offline outbox could not be cleared', error));
  // This device stops receiving the user's reminders: its push subscription ends, so the push service answers 410 to
  // the next digest and the server forgets it (server/nudges/push.ts). A shared phone shows nobody's names after logout.
  // What the screens showed (the query cache kept in IndexedDB, decision 027).
  const kept = import('../lib/persistedCache')
    .then(({ dropKeptQueries }) => dropKeptQueries())
    .catch((error) => console.warn('The data kept on this device could not be deleted', error));
  const push = import('../lib/push')
    .then(({ unsubscribeThisDevice }) => unsubscribeThisDevice())
    .catch((error) => console.warn('The push subscription could not be ended', error));
  return Promise.all([outbox, kept, push]).then(() => undefined);
}

/**
 * A person who has just signed in reads their account's language from the first text on: it is switched to (and
 * remembered here) before the session is shown, so neither the sign-in toast nor the first screen speaks the browser's.
 */
async function speakAccountLanguage(language: AuthUser['language']) {
  if (!language || language === currentLocale()) return;
  rememberLocale(language);
  await activateLocale(language);
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/**
 * The signed-in user is the auth.me query (src/lib/session.ts): read from the cache, written with setData, null once
 * the server said nobody is. A 401 on any other call is handled in the query client's cache callbacks; this provider
 * only tells the user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { toast } = useToast();

  // Started by startVisit before the first render; offline, the remembered user stands in. Asked again every 5
  // minutes only while nobody is signed in (SPEC §9); a known user is not asked for again.
  const session = useQuery({
    ...sessionQuery(utils.client),
    initialData: rememberedUser,
    enabled: (query) => !query.state.data,
    refetchInterval: SESSION_RECHECK_MS,
    retryOnMount: false,
  });
  const user = session.data ?? null;
  const loginMutation = trpc.auth.login.useMutation();
  const secondStepMutation = trpc.auth.loginTwoFactor.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (user) remember(user);
  }, [user]);

  // While someone is signed in, what the screens read is kept on this device for a restart offline (decision 027).
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    void import('../lib/persistedCache')
      .then(({ keepQueries }) => keepQueries(queryClient))
      .catch((error) => console.warn('The cache cannot be kept on this device', error));
  }, [signedIn, queryClient]);

  // The account's language wins over this device's and the browser's, and is remembered here for the next visit.
  const accountLanguage = user?.language;
  useEffect(() => {
    if (!accountLanguage || accountLanguage === currentLocale()) return;
    rememberLocale(accountLanguage);
    void activateLocale(accountLanguage);
  }, [accountLanguage]);

  // Writes leave their own failure toast out for a 401 (useWrite): this one says it for every call.
  useEffect(() => onSessionEnded(() => toast({ title: signedOut.title, description: signedOut.description, variant: 'destructive' })), [toast]);

  const { mutateAsync: loginCall } = loginMutation;
  const signedInAs = useCallback(
    (signed: AuthUser) => {
      // A sign-in with the password is more than the PIN: a lock left closed on this device opens.
      openLock();
      utils.auth.me.setData(undefined, signed);
      // Not awaited: the refetches need not finish before the user moves on.
      void queryClient.invalidateQueries();
      return signed;
    },
    [utils, queryClient],
  );
  const login = useCallback(
    async (username: string, password: string) => {
      const result = await loginCall({ username, password, language: localePickedThisVisit() });
      if ('ticket' in result) return { ticket: result.ticket };
      await speakAccountLanguage(result.user.language);
      return { user: signedInAs(result.user) };
    },
    [loginCall, signedInAs],
  );
  const { mutateAsync: secondStepCall } = secondStepMutation;
  const completeSignIn = useCallback(
    async (ticket: string, proof: { code: string } | { recoveryCode: string }) => {
      const { user: signed } = await secondStepCall({ ticket, ...proof });
      await speakAccountLanguage(signed.language);
      return signedInAs(signed);
    },
    [secondStepCall, signedInAs],
  );

  const { mutateAsync: registerCall } = registerMutation;
  const register = useCallback(
    async ({ username, name, email, password }: RegistrationDetails) => {
      const created = await registerCall({ username, email, password, ...splitFullName(name), language: currentLocale() });
      if (created?.id) utils.auth.me.setData(undefined, created);
      return created;
    },
    [registerCall, utils],
  );

  const updateUser = useCallback((changed: AuthUser) => utils.auth.me.setData(undefined, changed), [utils]);

  // Awaitable, so a logout can wait until nothing of this user's typing is left for the next person.
  const endSession = useCallback(async () => {
    await forgetOfflineData();
    forgetSignedInUser(queryClient);
    void navigate('/');
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

  // A failed check (the server unreachable) is no user either: /login says so when the form is used.
  const status: AuthStatus = user ? 'authenticated' : session.data === null || session.isError ? 'unauthenticated' : 'loading';
  const value = useMemo(
    () => ({ status, user, login, completeSignIn, register, logout, updateUser, signedInAs, endSession }),
    [status, user, login, completeSignIn, register, logout, updateUser, signedInAs, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
