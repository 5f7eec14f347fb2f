// Settings (/settings): profile, password, theme, export and import of data, and deleting the account.
import { ContactImport } from '../components/ContactImport';
import { DataExport } from '../components/DataExport';
import { DeleteAccount } from '../components/DeleteAccount';
import { PageHeader } from '../components/PageHeader';
import { SettingsSection } from '../components/SettingsSection';
import { ThemePicker } from '../components/ThemePicker';
import { PasswordForm } from '../forms/PasswordForm';
import { ProfileForm } from '../forms/ProfileForm';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Your profile, password and theme, and your data to take with you." />
      <div className="flex max-w-3xl flex-col gap-6">
        <SettingsSection title="Profile" description="Your name and email, as Sower shows them.">
          <ProfileForm />
        </SettingsSection>
        <SettingsSection title="Password" description="At least 8 characters. Changing it signs you out on every other device.">
          <PasswordForm />
        </SettingsSection>
        <SettingsSection title="Theme" description="Remembered on this device.">
          <ThemePicker />
        </SettingsSection>
        <SettingsSection title="Export your data" description="Yours to keep, or to take to another app.">
          <DataExport />
        </SettingsSection>
        <SettingsSection title="Import contacts" description="From a spreadsheet (CSV) or an address book (vCard). You see what will happen before anything is saved; contacts you already have are skipped.">
          <ContactImport />
        </SettingsSection>
        <SettingsSection title="Danger zone" description="Deleting your account removes everything you created and signs you out everywhere. There is no undo." danger>
          <DeleteAccount />
        </SettingsSection>
      </div>
    </>
  );
}
