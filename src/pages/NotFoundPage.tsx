// The screen for any path the router does not know, shown inside the shell.
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { screenTitles } from '../lib/offlineMessages';
import { Link } from 'react-router-dom';
import { t } from '../i18n';

export default function NotFoundPage() {
  useDocumentTitle(screenTitles.notFound);
  return (
    <div className="flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-warning/20 text-warning-content">
            <svg
              className="size-6"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="10" />
              <path d="M12 8v4M12 16h.01" />
            </svg>
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{t('404 Page Not Found')}</h1>
          <p className="text-base-content/75">{t('Did you forget to add the page to the router?')}</p>
          <Link to="/" className="btn mt-3 btn-primary">
            {t('Back to Dashboard')}
          </Link>
        </div>
      </div>
    </div>
  );
}
