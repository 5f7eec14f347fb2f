// Settings: light, dark or the system's theme, applied at once and remembered on this device.
import { useState } from 'react';
import { msg, t } from '../i18n';
import { readThemeChoice, saveThemeChoice, type ThemeChoice } from '../lib/theme';

// Here rather than beside the storage code, which the entry script carries to every first visit. English, marked for
// extraction, translated where shown.
const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: msg('Light') },
  { value: 'dark', label: msg('Dark') },
  { value: 'system', label: msg('Follow the system') },
];

export function ThemePicker() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);

  function choose(next: ThemeChoice) {
    saveThemeChoice(next);
    setChoice(next);
  }

  return (
    <fieldset>
      <legend className="sr-only">{t('Theme')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {THEME_CHOICES.map(({ value, label }) => (
          <label
            key={value}
            className={`flex cursor-pointer items-center gap-3 rounded-field border px-4 py-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${
              choice === value ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'
            }`}
          >
            <input type="radio" name="theme" value={value} className="radio radio-primary radio-sm" checked={choice === value} onChange={() => choose(value)} />
            {t(label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
