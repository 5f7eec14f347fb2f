// The browser tab, history and screen readers name the screen: 'Follow-ups · Sower'; 'Sower' alone while unknown.
import { useEffect } from 'react';
import { t } from '../i18n';

const PRODUCT = 'Sower';

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
  useEffect(() => {
    document.title = titleOf(screen);
  }, [screen]);
}
