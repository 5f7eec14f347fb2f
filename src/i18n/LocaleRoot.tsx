// The tree in the current language: Lingui's provider for <Trans>, and the app remounted when the language changes,
// so every text (most are t() calls made while rendering) is read again at once, without a reload. Cached data stays.
import { I18nProvider } from '@lingui/react';
import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { currentLocale, i18n, onLocaleChange } from './index';

export function LocaleProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Renders its children again from scratch in a new language. */
export function InLocale({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
  return <Fragment key={locale}>{children}</Fragment>;
}
