// Settings' danger zone: deleting the account asks for the password, then signs out and leaves for the login screen.
import { useState } from 'react';
import { deleteAccountInput } from '../../shared/schemas/account';
import { FieldGroup } from '../forms/Fields';
import { CurrentPasswordField } from '../forms/PasswordFields';
import { useFormState } from '../forms/useFormState';
import { useAuth } from '../hooks/useAuth';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { account } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';

export function DeleteAccount() {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">{t('Download your data above first if you may want it later.')}</p>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
          {t('Delete account')}
        </button>
      </div>
      <Modal open={asking} title={t('Delete your account?')} onClose={() => setAsking(false)}>
        {asking && <DeleteAccountForm onCancel={() => setAsking(false)} />}
      </Modal>
    </>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel(): void }) {
  const { endSession } = useAuth();
  const { toast } = useToast();
  const failed = useFailureToast();
  const remove = trpc.account.deleteAccount.useMutation();
  const { field, submit } = useFormState({ password: '' });

  const onSubmit = submit(
    deleteAccountInput,
    (v) => v,
    async (input) => {
      try {
        await remove.mutateAsync(input);
      } catch (error) {
        failed(error, account.deleteAccountFailed);
        throw error;
      }
      toast({ title: account.accountDeleted, description: account.accountDeletedDescription, variant: 'success' });
      await endSession();
    },
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-base-content/80">{account.confirmDeleteAccount}</p>
      <FieldGroup>
        <CurrentPasswordField {...field('password')} />
      </FieldGroup>
      <div className="modal-action mt-6">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-error" disabled={remove.isPending}>
          {remove.isPending ? t('Deleting...') : t('Delete my account')}
        </button>
      </div>
    </form>
  );
}
