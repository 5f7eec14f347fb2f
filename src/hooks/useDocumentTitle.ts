// The browser tab, history and screen readers name the screen: 'Follow-ups · Sower'; 'Sower' alone while unknown.
import { useEffect } from 'react';

const PRODUCT = 'Sower';

export function useDocumentTitle(screen: string | undefined) {
  useEffect(() => {
    document.title = screen ? `${screen} · ${PRODUCT}` : PRODUCT;
  }, [screen]);
}
