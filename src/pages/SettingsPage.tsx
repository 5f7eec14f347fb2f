// Settings (/settings): profile, password, sessions and security log, language,
// the way to the Teams screens, tags, reminders, theme, export and import of data, and deleting the account.
import { AccountLanguage } from '../components/AccountLanguage';
import { AppLockSettings } from '../components/AppLockSettings';
import { AttentionSettings } from '../components/AttentionSettings';
import { ContactImport } from '../components/ContactImport';
import { t } from '../i18n';
import { DataExport } from '../components/DataExport';
import { ExportImport } from '../components/ExportImport';
import { DeleteAccount } from '../components/DeleteAccount';
import { DeviceSettings } from '../components/DeviceSettings';
import { PageHeader } from '../components/PageHeader';
import { ReminderSettings } from '../components/ReminderSettings';
import { NotificationChoices } from '../components/comments/NotificationChoices';
import { SecurityLog } from '../components/SecurityLog';
import { SessionList } from '../components/SessionList';
import { SettingsSection } from '../components/SettingsSection';
import { TagSettings } from '../components/TagSettings';
import { ThemePicker } from '../components/ThemePicker';
import { TwoFactorSettings } from '../components/TwoFactorSettings';
import { TeamsLink } from '../components/team/TeamsLink';
import { PasswordForm } from '../forms/PasswordForm';
import { ProfileForm } from '../forms/ProfileForm';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title={t('Settings')} subtitle={t('Your profile, password and theme, and your data to take with you.')} />
      <div className="flex max-w-3xl flex-col gap-6">
        <SettingsSection title={t('Profile')} description={t('Your name and email, as Sower shows them.')}>
          <ProfileForm />
        </SettingsSection>
        <SettingsSection title={t('Password')} description={t('At least 8 characters. Changing it signs you out on every other device.')}>
          <PasswordForm />
        </SettingsSection>
        <SettingsSection
          title={t('Two-factor sign-in')}
          description={t('A code from an authenticator app on your phone, asked for after your password, so a stolen password alone cannot sign in.')}
        >
          <TwoFactorSettings />
        </SettingsSection>
        <SettingsSection title={t('Sessions')} description={t('Every browser and app where you are signed in. Sign out any you do not recognise.')}>
          <SessionList />
        </SettingsSection>
        <SettingsSection title={t('Security log')} description={t('Sign-ins, failed sign-ins and changes to your account in the last 90 days.')}>
          <SecurityLog />
        </SettingsSection>
        <SettingsSection
          title={t('App lock')}
          description={t('A PIN over Sower on every device you use, asked for after a while without a touch and whenever Sower is hidden.')}
        >
          <AppLockSettings />
        </SettingsSection>
        <SettingsSection title={t('This device')} description={t('What Sower keeps on the phone or computer you are using now.')}>
          <DeviceSettings />
        </SettingsSection>
        <SettingsSection title={t('Language')} description={t('Sower speaks it on every device where you sign in, and in your calendar feed.')}>
          <AccountLanguage />
        </SettingsSection>
        <SettingsSection title={t('Teams')} description={t('Invite people, share contacts with them and see how the team is doing.')}>
          <TeamsLink />
        </SettingsSection>
        <SettingsSection title={t('Tags')} description={t('Rename, colour, merge or delete the tags on your contacts.')}>
          <TagSettings />
        </SettingsSection>
        <SettingsSection title={t('Reminders')} description={t('A daily digest of what needs you, at the hour you choose, by email or on this device.')}>
          <ReminderSettings />
        </SettingsSection>
        <SettingsSection
          title={t('Notifications')}
          description={t('What your teams tell you is always in the inbox; choose what also comes by push and in the daily digest.')}
        >
          <NotificationChoices />
        </SettingsSection>
        <SettingsSection
          title={t('Needs attention')}
          description={t('After how many days without an activity or a completed follow-up a contact of each status shows as needing attention.')}
        >
          <AttentionSettings />
        </SettingsSection>
        <SettingsSection title={t('Theme')} description={t('Remembered on this device.')}>
          <ThemePicker />
        </SettingsSection>
        <SettingsSection title={t('Export your data')} description={t('Yours to keep, or to take to another app.')}>
          <DataExport />
        </SettingsSection>
        <SettingsSection
          title={t('Import contacts')}
          description={t(
            'From a spreadsheet (CSV) or an address book (vCard). You see what will happen before anything is saved; contacts you already have are skipped.',
          )}
        >
          <ContactImport />
        </SettingsSection>
        <SettingsSection
          title={t('Import a Sower export')}
          description={t('Bring the records of a Sower export (.json, or .age with its passphrase) into this account. Teams and devices stay behind.')}
        >
          <ExportImport />
        </SettingsSection>
        <SettingsSection
          title={t('Danger zone')}
          description={t('Deleting your account removes everything you created and signs you out everywhere. There is no undo.')}
          danger
        >
          <DeleteAccount />
        </SettingsSection>
      </div>
    </>
  );
}
