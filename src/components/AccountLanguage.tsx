// Settings' language: applies at once on this device, and is saved to the account so every device, email and calendar
// feed speaks it. What the server wrote in the old language (a trend's words, the library) is asked for again.
import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../shared/i18n';
import { useAuth } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { LanguagePicker } from './LanguagePicker';

export function AccountLanguage() {
  const { user, updateUser } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { mutateAsync: saveLanguage } = trpc.account.setLanguage.useMutation();

  function save(language: Locale) {
    saveLanguage({ language }).then(
      () => {
        if (user) updateUser({ ...user, language });
        void queryClient.invalidateQueries();
      },
      () => toast({ title: t('Failed to save your language. Please try again.'), variant: 'destructive' }),
    );
  }

  return <LanguagePicker onChosen={save} />;
}
