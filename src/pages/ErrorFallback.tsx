// The screen shown after a render error (SPEC §2): an apology and three ways to recover.
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';

interface ErrorFallbackProps {
  error: Error;
  onReset(): void;
}

export default function ErrorFallback({ error, onReset }: ErrorFallbackProps) {
  const navigate = useNavigate();

  function goHome() {
    onReset();
    void navigate('/');
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 px-4 py-10">
      <div className="w-full max-w-lg text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-error/10 text-error">
          <svg
            className="size-7"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m21.73 18-8-14a2 2 0 0 0-3.46 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
            <path d="M12 9v4M12 17h.01" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{t('Something went wrong')}</h1>
        <p className="mt-2 text-base-content/75">{t("We're sorry for the inconvenience. Please try refreshing the page.")}</p>

        <section className="card mt-6 border border-base-300 bg-base-100 text-start shadow-sm" aria-labelledby="error-details-title">
          <div className="card-body gap-2 p-5">
            <h2 id="error-details-title" className="card-title text-base">
              {t('Error Details')}
            </h2>
            <p className="text-sm text-base-content/75">{t('If this problem persists, please contact support.')}</p>
            {/* Developers need the message; users get the apology only. */}
            {import.meta.env.DEV && <pre className="mt-1 overflow-x-auto rounded-field bg-base-200 p-3 text-xs whitespace-pre-wrap">{error.message}</pre>}
          </div>
        </section>

        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <button type="button" className="btn btn-primary" onClick={onReset}>
            {t('Try Again')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
            {t('Refresh Page')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={goHome}>
            {t('Go Home')}
          </button>
        </div>
      </div>
    </main>
  );
}
