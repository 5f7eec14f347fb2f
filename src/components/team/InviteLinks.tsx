// For a team's admins: invite links. Create one (member or viewer, 1–30 days, an optional use limit); each live link with
// Copy, Share (the Web Share API where the device has it), its QR code, Email (where this server sends email) and Revoke.
import { useState } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../../shared/schemas/authFields';
import { FieldGroup, FormActions, SelectField, SubmitButton } from '../../forms/Fields';
import { TextField } from '../../forms/TextField';
import { useFormState } from '../../forms/useFormState';
import { useFailureToast } from '../../hooks/useFailureToast';
import { useToast } from '../../hooks/useToast';
import { msg, t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { formatDay } from '../../lib/dates';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { Modal } from '../Modal';
import { QrCode } from '../QrCode';
import { roleHint, roleLabel } from './teamWords';
import { linkRoles, type LinkRole } from '../../../shared/vocabulary';

type InviteLink = RouterOutputs['teams']['links']['list'][number];

// The form's own rules, the server's limits (it checks them again).
const linkForm = z.object({
  role: z.enum(linkRoles),
  expiresInDays: z.coerce.number().int().min(1, msg('Between 1 and 30 days')).max(30, msg('Between 1 and 30 days')),
  maxUses: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1, msg('Between 1 and 1000')).max(1000, msg('Between 1 and 1000'))]),
});

function CreateLinkForm({ teamId }: { teamId: number }) {
  const utils = trpc.useUtils();
  const create = trpc.teams.links.create.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const { values, set, errors, submit } = useFormState({ role: 'member' as LinkRole, expiresInDays: '7', maxUses: '' });
  const onSubmit = submit(
    linkForm,
    (v) => v,
    async (input) => {
      try {
        await create.mutateAsync({ teamId, ...input });
      } catch (error) {
        failed(error, t('The link could not be created.'));
        throw error;
      }
      toast({ title: t('Invite link created'), variant: 'success' });
      await utils.teams.links.list.invalidate({ teamId });
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          name="role"
          label={t('Joins as')}
          value={values.role}
          options={linkRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
          onChange={(e) => set('role', e.target.value as LinkRole)}
        />
        <TextField
          name="expiresInDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          label={t('Days open')}
          value={values.expiresInDays}
          error={errors.expiresInDays}
          onChange={(e) => set('expiresInDays', e.target.value)}
        />
        <TextField
          name="maxUses"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          label={t('Uses (optional)')}
          hint={t('Empty: anyone with the link, until it expires')}
          value={values.maxUses}
          error={errors.maxUses}
          onChange={(e) => set('maxUses', e.target.value)}
        />
      </div>
      <p className="mt-2 text-xs text-base-content/70">{roleHint(values.role)}</p>
      <SubmitButton busy={create.isPending} label={t('Create link')} busyLabel={t('Creating...')} />
    </form>
  );
}

function EmailLinkForm({ teamId, link, onDone }: { teamId: number; link: InviteLink; onDone(): void }) {
  const send = trpc.teams.links.email.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const { values, set, errors, submit } = useFormState({ email: '' });
  const onSubmit = submit(
    z.object({ email: emailSchema }),
    (v) => v,
    async ({ email }) => {
      try {
        await send.mutateAsync({ teamId, id: link.id, email });
      } catch (error) {
        failed(error, t('The email could not be sent.'));
        throw error;
      }
      toast({ title: t('Invite link sent'), variant: 'success' });
      onDone();
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField
          name="email"
          type="email"
          autoComplete="off"
          label={t('Email')}
          hint={t('The email holds the team’s name, your first name and the link, nothing else.')}
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
      </FieldGroup>
      <FormActions busy={send.isPending} submitLabel={t('Send')} busyLabel={t('Sending...')} onCancel={onDone} />
    </form>
  );
}

/** '3 of 10 used', '3 used' without a limit. */
function usesText(link: InviteLink) {
  return link.maxUses === null
    ? t('{uses, plural, one {# used} other {# used}}', { uses: link.uses })
    : t('{uses} of {max} used', { uses: link.uses, max: link.maxUses });
}

export function InviteLinks({ teamId, teamName }: { teamId: number; teamName: string }) {
  const utils = trpc.useUtils();
  const links = trpc.teams.links.list.useQuery({ teamId });
  const emailAvailable = trpc.reminders.get.useQuery().data?.emailAvailable ?? false;
  const revoke = trpc.teams.links.revoke.useMutation();
  const { toast } = useToast();
  const [showing, setShowing] = useState<InviteLink | null>(null);
  const [emailing, setEmailing] = useState<InviteLink | null>(null);
  const [revoking, setRevoking] = useState<InviteLink | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  // Issue 51 §7: the message goes out in the inviter's language, the team's name and the link in it.
  const shareText = (link: InviteLink) => t('Join {team} on Sower: {link}', { team: teamName, link: link.url });

  async function share(link: InviteLink) {
    try {
      await navigator.share({ title: teamName, text: shareText(link) });
    } catch (error) {
      // Cancelling the share sheet rejects (AbortError): nothing to say then; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy(link, shareText(link));
    }
  }

  async function copy(link: InviteLink, text = link.url) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: text === link.url ? t('Link copied') : t('Message copied'), variant: 'success' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the QR dialog shows the link to select by hand.
      setShowing(link);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <CreateLinkForm teamId={teamId} />
      {!!links.data?.length && (
        <ul className="flex flex-col divide-y divide-base-300 border-t border-base-300">
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-col gap-2 py-3" data-testid="invite-link">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-medium">{t('Joins as {role}', { role: roleLabel(link.role) })}</p>
                <p className="text-xs text-base-content/70">
                  {t('Open until {date}', { date: formatDay(link.expiresAt) })} · {usesText(link)}
                </p>
              </div>
              <p dir="ltr" className="truncate rounded bg-base-200 px-2 py-1 font-mono text-xs" data-testid="invite-url">
                {link.url}
              </p>
              <div className="flex flex-wrap gap-2">
                {canShare && (
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => void share(link)} data-testid="invite-share">
                    {t('Share')}
                  </button>
                )}
                <button
                  type="button"
                  className={`btn btn-sm ${canShare ? 'btn-outline' : 'btn-primary'}`}
                  onClick={() => void copy(link)}
                  data-testid="invite-copy"
                >
                  {t('Copy link')}
                </button>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(link, shareText(link))} data-testid="invite-copy-message">
                  {t('Copy message')}
                </button>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setShowing(link)}>
                  {t('QR code')}
                </button>
                {emailAvailable && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setEmailing(link)}>
                    {t('Email')}
                  </button>
                )}
                <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRevoking(link)}>
                  {t('Revoke')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={showing !== null} title={t('Scan to join')} onClose={() => setShowing(null)}>
        {showing && (
          <div className="flex flex-col gap-3">
            <QrCode
              text={showing.url}
              label={t('QR code of the invite link')}
              className="mx-auto aspect-square w-full max-w-80 rounded-box"
              testId="invite-qr"
            />
            <p dir="ltr" className="text-center font-mono text-xs break-all select-all">
              {showing.url}
            </p>
          </div>
        )}
      </Modal>
      <Modal open={emailing !== null} title={t('Email the invite link')} onClose={() => setEmailing(null)}>
        {emailing && <EmailLinkForm teamId={teamId} link={emailing} onDone={() => setEmailing(null)} />}
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        title={t('Revoke this link?')}
        message={t('Nobody else can join by it. Who already joined stays in the team.')}
        confirmLabel={t('Revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          void revoke.mutateAsync({ teamId, id: revoking.id }).then(
            () => {
              setRevoking(null);
              toast({ title: t('Link revoked'), variant: 'success' });
              return utils.teams.links.list.invalidate({ teamId });
            },
            (error: unknown) => toast({ title: t('Error'), description: errorMessage(error, t('The link could not be revoked.')), variant: 'destructive' }),
          )
        }
      />
    </div>
  );
}
