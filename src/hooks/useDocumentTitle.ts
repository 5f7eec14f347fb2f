// The browser tab, history and screen readers name the screen: 'Follow-ups · Sower'; 'Sower' alone while unknown. On a
// device with the discreet install (src/lib/discreet.ts), every screen is the neutral name alone: the app switcher
// shows titles.
import { useEffect, useSyncExternalStore } from 'react';
import { DISCREET_LOOK, SOWER_LOOK } from '../../shared/discreet';
import { t } from '../i18n';
import { isDiscreetInstall, subscribeDiscreetInstall } from '../lib/discreet';

const PRODUCT = SOWER_LOOK.name;

const titleOf = (screen: string | undefined) => (screen ? t('{screen} · {product}', { screen, product: PRODUCT }) : PRODUCT);

/** What the last server render named its screen (effects do not run there); read once per render by entry-server. */
let renderedTitle: string | undefined;

export function takeRenderedTitle(): string {
  const title = renderedTitle ?? PRODUCT;
  renderedTitle = undefined;
  return title;
}

function noteRenderedTitle(title: string) {
  renderedTitle = title;
}

export function useDocumentTitle(screen: string | undefined) {
  if (typeof document === 'undefined') noteRenderedTitle(titleOf(screen));
  // The server's page is in the discreet look already when this device chose it (server/http/page.ts).
  const discreet = useSyncExternalStore(subscribeDiscreetInstall, isDiscreetInstall, () => false);
  useEffect(() => {
    document.title = discreet ? DISCREET_LOOK.name : titleOf(screen);
  }, [screen, discreet]);
}
