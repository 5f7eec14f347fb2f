// Says so when the connection is gone: what still works, and that new activities wait to be sent. A screen whose data
// has not been loaded says so itself, where its list would be (LoadGate).
import { useOnline } from '../hooks/useOnline';
import { offline } from '../lib/offlineMessages';

export function OfflineBanner() {
  const online = useOnline();
  // The live region is always in the page, so screen readers announce the change when the text appears.
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-neutral px-4 py-2 text-center text-sm text-neutral-content">
          <svg className="size-4 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.3-1.6M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 11 5M12 20h.01" />
          </svg>
          <span>
            <strong>{offline.banner}</strong> <span className="hidden sm:inline">{offline.bannerDetail}</span>
            <span className="sm:hidden">{offline.bannerShort}</span>
          </span>
        </p>
      )}
    </div>
  );
}
