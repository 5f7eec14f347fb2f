// /confirm-email?token=…: where an email-confirmation link lands (issue 27), signed in or not, since the token is the
// credential. Opening the page changes nothing (mail scanners open links); the button sends the token.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONFIRMATION_LINK_REFUSED } from '../../shared/schemas/account';
import { GuestCard } from '../components/GuestCard';
import { useAuth } from '../hooks/useAuth';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { t } from '../i18n';
import { issueText } from '../i18n/issues';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

type Outcome = { confirmed: true } | { confirmed: false; message: string };

export default function ConfirmEmailPage() {
  useDocumentTitle(t('Confirm your email'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { status, updateUser } = useAuth();
  const utils = trpc.useUtils();
  const confirm = trpc.account.email.confirm.useMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(() => (token ? null : { confirmed: false, message: issueText(CONFIRMATION_LINK_REFUSED) }));
  const signedIn = status === 'authenticated';

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await confirm.mutateAsync({ token });
      setOutcome({ confirmed: true });
      // The link may have been another account's; whoever is signed in here is read again, not assumed confirmed.
      if (signedIn) await utils.client.auth.me.query().then(updateUser, () => undefined);
    } catch (error) {
      setOutcome({ confirmed: false, message: errorMessage(error, issueText(CONFIRMATION_LINK_REFUSED)) });
    }
  }

  const onward = signedIn ? (
    <Link to="/settings" className="btn btn-outline">
      {t('Go to Settings')}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-outline">
      {t('Sign in')}
    </Link>
  );

  return (
    <GuestCard headingId="confirm-email-heading" heading={t('Confirm your email')}>
      {outcome === null && (
        <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <p className="text-base-content/80">{t('Confirm that this is your email address, so Sower can send you reminder emails there.')}</p>
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
            {confirm.isPending ? t('Confirming...') : t('Confirm my email')}
          </button>
        </form>
      )}
      {outcome?.confirmed && (
        <p role="status" className="alert alert-success">
          {t('Your email address is confirmed. Reminder emails can reach you now.')}
        </p>
      )}
      {outcome && !outcome.confirmed && (
        <p role="alert" className="alert alert-error">
          {outcome.message}
        </p>
      )}
      {outcome && <div className="flex justify-center">{onward}</div>}
    </GuestCard>
  );
}
