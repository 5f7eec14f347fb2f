// /login: sign in or create an account on one centred card; the mode lives in the URL (?mode=register).
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '../i18n';
import { Brand } from '../components/Brand';
import { LanguagePicker } from '../components/LanguagePicker';
import { Spinner } from '../components/Spinner';
import { LoginForm } from '../forms/LoginForm';
import { RegisterForm } from '../forms/RegisterForm';
import { useAuth } from '../hooks/useAuth';
import { pathAfterSignIn } from '../lib/pendingInvite';

export default function LoginPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const registering = searchParams.get('mode') === 'register';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousMode = useRef(registering);
  useDocumentTitle(registering ? t('Create an Account') : t('Login'));

  // After switching modes the old form is gone; focus the new heading so screen readers announce the change.
  useEffect(() => {
    if (registering !== previousMode.current) headingRef.current?.focus();
    previousMode.current = registering;
  }, [registering]);

  if (status === 'loading') return <Spinner fullScreen />;
  // Home, or back to the invite link a guest opened before signing in (src/lib/pendingInvite.ts).
  if (status === 'authenticated') return <Navigate to={pathAfterSignIn()} replace />;

  const goHome = () => void navigate(pathAfterSignIn(), { replace: true });

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Brand showTagline />
        </div>
        <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="auth-heading">
          <div className="card-body gap-6 p-6 sm:p-8">
            <header className="text-center">
              <h1 id="auth-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
                {registering ? t('Create an Account') : t('Welcome Back')}
              </h1>
              <p className="mt-1.5 text-sm text-base-content/75">
                {registering ? t('Sign up to start tracking your gospel sharing activities') : t('Login to your account to continue')}
              </p>
            </header>

            {registering ? <RegisterForm onSuccess={goHome} /> : <LoginForm onSuccess={goHome} />}

            <p className="text-center text-sm">
              <Link to={registering ? '/login' : '/login?mode=register'} className="link font-medium link-hover link-primary">
                {registering ? t('Already have an account? Log in') : t("Don't have an account? Sign up")}
              </Link>
            </p>
          </div>
        </section>
        <div className="mt-6">
          <LanguagePicker compact />
        </div>
      </div>
    </main>
  );
}
