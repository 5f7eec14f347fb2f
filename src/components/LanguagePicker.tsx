// Choosing the language Sower speaks: on the sign-in page (this device) and in Settings (the account too). Each
// language is named in its own words, so a reader finds theirs whatever the page is in.
import { useId, useSyncExternalStore } from 'react';
import { isLocale, languageNames, locales, textDirection, type Locale } from '../../shared/i18n';
import { chooseLocale, currentLocale, onLocaleChange, t } from '../i18n';

interface LanguagePickerProps {
  /** After the language applies (Settings saves it to the account). */
  onChosen?: (locale: Locale) => void;
  compact?: boolean;
}

export function LanguagePicker({ onChosen, compact }: LanguagePickerProps) {
  const id = useId();
  const locale = useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
  return (
    <div className={compact ? 'flex items-center justify-center gap-2' : 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className={compact ? 'text-sm text-base-content/75' : 'text-sm font-medium'}>
        {t('Language')}
      </label>
      <select
        id={id}
        className={`select ${compact ? 'select-sm w-auto' : 'w-full sm:max-w-xs'}`}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          void chooseLocale(next).then(() => onChosen?.(next));
        }}
      >
        {locales.map((value) => (
          <option key={value} value={value} lang={value} dir={textDirection(value)}>
            {languageNames[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
