// The Suspense boundary around a screen (a page inside the shell, or a page of its own), which marks the document
// `data-running` once the screen in it has committed.
import { Suspense, useEffect, type ReactNode } from 'react';

/**
 * Over a screen the server rendered, React hydrates each Suspense boundary in a pass of its own after the root's, so
 * the page is readable (and the root's effects have run) while the screen is still inert: a link in it loads the page,
 * and a history change before it makes the browser's render disagree with the server's. The innermost boundary's effect
 * runs once everything around it has hydrated too; tests and the bench wait for the mark.
 */
export function ScreenBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <Running />
    </Suspense>
  );
}

function Running() {
  useEffect(() => {
    document.documentElement.dataset.running = '';
  }, []);
  return null;
}
