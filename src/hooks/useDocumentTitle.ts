// The browser tab, history and screen readers name the screen: 'Follow-ups · Sower'; 'Sower' alone while unknown.
import { useEffect } from 'react';
import { t } from '../i18n';

const PRODUCT = 'Sower';

export function useDocumentTitle(screen: string | undefined) {
  useEffect(() => {
    document.title = screen ? t('{screen} · {product}', { screen, product: PRODUCT }) : PRODUCT;
  }, [screen]);
}
