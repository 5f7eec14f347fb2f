// /forgot-password (issue 33): asks for a username or email and answers the same whatever it names; the server mails a
// link when it can. Without email on the server, the page says to ask its operator, who can make a link.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { passwordResetRequestInput } from '../../shared/schemas/auth';
import { GuestCard } from '../components/GuestCard';
import { Spinner } from '../components/Spinner';
import { FieldGroup, SubmitButton } from '../forms/Fields';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFailureToast } from '../hooks/useFailureToast';
import { currentLocale, t } from '../i18n';
import { trpc } from '../lib/trpc';

export default function ForgotPasswordPage() {
  useDocumentTitle(t('Forgot password?'));
  const options = trpc.auth.passwordReset.options.useQuery();
  const ask = trpc.auth.passwordReset.request.useMutation();
  const failed = useFailureToast();
  const { values, set, errors, submit } = useFormState({ identifier: '' });
  const [answer, setAnswer] = useState<string | null>(null);

  const onSubmit = submit(
    passwordResetRequestInput,
    (v) => ({ identifier: v.identifier, language: currentLocale() }),
    async (input) => {
      try {
        setAnswer((await ask.mutateAsync(input)).message);
      } catch (error) {
        failed(error, t('Please try again.'));
        throw error;
      }
    },
  );

  const back = (
    <p className="text-center text-sm">
      <Link to="/login" className="link font-medium link-hover link-primary">
        {t('Back to sign in')}
      </Link>
    </p>
  );

  return (
    <GuestCard headingId="forgot-heading" heading={t('Forgot password?')}>
      {!options.data && !options.isError && <Spinner />}
      {options.data?.byEmail === false && (
        <p role="status" className="alert">
          {t('This server does not send email, so it cannot mail you a reset link. Ask the person who runs Sower for one.')}
        </p>
      )}
      {(options.data?.byEmail || options.isError) &&
        (answer ? (
          <p role="status" className="alert alert-success">
            {answer}
          </p>
        ) : (
          <form method="post" noValidate onSubmit={onSubmit}>
            <p className="mb-4 text-sm text-base-content/80">
              {t('Enter your username or the email address of your account. If its address is confirmed, we email it a link to choose a new password.')}
            </p>
            <FieldGroup>
              <TextField
                name="identifier"
                label={t('Username or email')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={values.identifier}
                error={errors.identifier}
                onChange={(e) => set('identifier', e.target.value)}
              />
            </FieldGroup>
            <SubmitButton busy={ask.isPending} label={t('Send reset link')} busyLabel={t('Sending...')} />
          </form>
        ))}
      {back}
    </GuestCard>
  );
}
