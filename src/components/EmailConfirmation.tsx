// Settings while the account's address is unconfirmed and this server sends email (issue 27): reminder emails wait for
// the owner to open the link Sower sent, and a button asks for a new one. Shown beside the email field (Profile) and
// where the email channel is explained (Reminders).
import { useId } from 'react';
import { useAuth } from '../hooks/useAuth';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { httpStatus } from '../lib/errors';
import { trpc } from '../lib/trpc';

/** The address to confirm, or null when there is none to confirm (confirmed, or no email on this server). */
export function useUnconfirmedEmail(): string | null {
  const { user } = useAuth();
  const reminders = trpc.reminders.get.useQuery();
  return user && !user.emailConfirmed && reminders.data?.emailAvailable ? user.email : null;
}

/** Asks for a new confirmation link; `describedBy` names the text that says why. Filled inside a coloured notice. */
export function ResendButton({ describedBy, filled = false }: { describedBy: string; filled?: boolean }) {
  const { updateUser } = useAuth();
  const { toast } = useToast();
  const failed = useFailureToast();
  const utils = trpc.useUtils();
  const send = trpc.account.email.sendConfirmation.useMutation();

  async function resend() {
    try {
      await send.mutateAsync();
      toast({ title: t('Confirmation email sent'), description: t('Open the link in it within 24 hours.'), variant: 'success' });
    } catch (error) {
      // Said on screen, not logged: past the limits (429) is no fault of the app's.
      failed(error, t('Failed to send the confirmation email. Please try again.'));
      // Confirmed meanwhile (in another tab, say): the notice goes once the account is read again.
      if (httpStatus(error) === 409) await utils.client.auth.me.query().then(updateUser, () => undefined);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-sm ${filled ? 'btn-neutral' : 'btn-outline'}`}
      aria-describedby={describedBy}
      disabled={send.isPending}
      onClick={() => void resend()}
    >
      {send.isPending ? t('Sending...') : t('Resend link')}
    </button>
  );
}

/** The notice under the profile form. */
export function EmailConfirmationNotice() {
  const email = useUnconfirmedEmail();
  const textId = useId();
  if (!email) return null;
  return (
    <div className="alert alert-warning flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('Confirm your email')}</p>
        <p id={textId} className="text-sm wrap-anywhere">
          {t('We sent a link to {email}. Sower sends reminder emails only to an address you have confirmed.', { email })}
        </p>
      </div>
      <ResendButton describedBy={textId} filled />
    </div>
  );
}

/** Why reminder emails do not go out yet, for Settings → Reminders' email toggle. */
export function emailConfirmationNote(email: string) {
  return t('Reminder emails wait until you confirm {email}: open the link we sent there, or ask for a new one.', { email });
}
