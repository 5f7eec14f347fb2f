// /reset-password?token=… (issue 33): where a reset link lands. Opening it changes nothing (mail scanners open links):
// the page asks the server what the link needs, then a new password, and with two-factor sign-in on a code from the
// authenticator app or a recovery code. Afterwards every other session of the account has ended and this one is in.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RESET_LINK_REFUSED, resetPasswordInput } from '../../shared/schemas/auth';
import { GuestCard } from '../components/GuestCard';
import { Spinner } from '../components/Spinner';
import { FieldGroup, SubmitButton } from '../forms/Fields';
import { SecondFactorField } from '../forms/SecondFactorField';
import { confirmationErrors, NewPasswordFields } from '../forms/PasswordFields';
import { useFormState } from '../forms/useFormState';
import { useAuth } from '../hooks/useAuth';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { issueText } from '../i18n/issues';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

type Link = { state: 'checking' } | { state: 'refused'; message: string } | { state: 'live'; twoFactor: boolean };

export default function ResetPasswordPage() {
  useDocumentTitle(t('Choose a new password'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = trpc.auth.passwordReset.check.useMutation();
  const [link, setLink] = useState<Link>(() => (token ? { state: 'checking' } : { state: 'refused', message: issueText(RESET_LINK_REFUSED) }));

  const { mutateAsync: checkLink } = check;
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkLink({ token }).then(
      ({ twoFactor }) => current && setLink({ state: 'live', twoFactor }),
      (error: unknown) => current && setLink({ state: 'refused', message: errorMessage(error, issueText(RESET_LINK_REFUSED)) }),
    );
    return () => {
      current = false;
    };
  }, [token, checkLink]);

  return (
    <GuestCard headingId="reset-heading" heading={t('Choose a new password')}>
      {link.state === 'checking' && <Spinner />}
      {link.state === 'refused' && (
        <>
          <p role="alert" className="alert alert-error">
            {link.message}
          </p>
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="link font-medium link-hover link-primary">
              {t('Ask for a new link')}
            </Link>
          </p>
        </>
      )}
      {link.state === 'live' && <NewPasswordForm token={token} twoFactor={link.twoFactor} />}
    </GuestCard>
  );
}

function NewPasswordForm({ token, twoFactor }: { token: string; twoFactor: boolean }) {
  const { signedInAs } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();
  const failed = useFailureToast();
  const complete = trpc.auth.passwordReset.complete.useMutation();
  const [recovery, setRecovery] = useState(false);
  const { values, set, field, errors, submit } = useFormState({ password: '', confirmPassword: '', code: '', recoveryCode: '' });

  const onSubmit = submit(
    resetPasswordInput,
    (v) => ({
      token,
      password: v.password,
      ...(twoFactor ? (recovery ? { recoveryCode: v.recoveryCode } : { code: v.code }) : {}),
    }),
    async (input) => {
      try {
        const { user, message } = await complete.mutateAsync(input);
        signedInAs(user);
        toast({ title: message, variant: 'success' });
        void navigate('/', { replace: true });
      } catch (error) {
        failed(error, t('Please try again.'));
        throw error;
      }
    },
    (v) => confirmationErrors(v.password, v.confirmPassword),
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <NewPasswordFields password={field('password')} confirmation={field('confirmPassword')} />
        {twoFactor && (
          <>
            <p className="text-sm">
              {recovery
                ? t('Two-factor sign-in is on: enter one of your recovery codes. Each works once.')
                : t('Two-factor sign-in is on: enter the 6-digit code your authenticator app shows for Sower.')}
            </p>
            <SecondFactorField
              recovery={recovery}
              value={recovery ? values.recoveryCode : values.code}
              error={recovery ? errors.recoveryCode : errors.code}
              onChange={(e) => set(recovery ? 'recoveryCode' : 'code', e.target.value)}
            />
            <button type="button" className="btn btn-link btn-sm self-start px-0" onClick={() => setRecovery((on) => !on)}>
              {recovery ? t('Use a code from the app instead') : t('Use a recovery code instead')}
            </button>
          </>
        )}
      </FieldGroup>
      <SubmitButton busy={complete.isPending} label={t('Save new password')} busyLabel={t('Saving...')} />
    </form>
  );
}
