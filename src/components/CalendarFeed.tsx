// The private calendar feed on the Follow-ups page: turn it on, copy its full URL, replace the link, turn it off.
import { useState } from 'react';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { calendarFeed } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';
import { Spinner } from './Spinner';

/** The server answers a path; calendar apps need the whole URL, and only the browser knows the origin it uses. */
const absolute = (path: string) => new URL(path, window.location.origin).href;

type Pending = 'rotate' | 'disable' | null;

function FeedBody() {
  const utils = trpc.useUtils();
  const status = trpc.calendar.status.useQuery();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState<Pending>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const onChanged = (enabled: boolean) => (data: { url?: string | null }) => {
    utils.calendar.status.setData(undefined, enabled && data.url ? { enabled: true, url: data.url } : { enabled: false, url: null });
    setConfirming(null);
    setCopied(null);
  };
  const onError = (error: unknown) => {
    console.error(error);
    toast({ title: t('Error'), description: calendarFeed.failed, variant: 'destructive' });
  };
  const enable = trpc.calendar.enable.useMutation({ onSuccess: onChanged(true), onError });
  const rotate = trpc.calendar.rotate.useMutation({
    onSuccess: (data) => {
      onChanged(true)(data);
      toast({ title: calendarFeed.replaced, variant: 'success' });
    },
    onError,
  });
  const disable = trpc.calendar.disable.useMutation({ onSuccess: () => onChanged(false)({}), onError });
  const busy = enable.isPending || rotate.isPending || disable.isPending;

  if (status.isLoading) return <Spinner />;
  if (status.isError || !status.data)
    return (
      <p role="alert" className="alert alert-error">
        {calendarFeed.loadFailed}
      </p>
    );

  if (!status.data.enabled)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-base-content/80">{calendarFeed.intro}</p>
        <p className="text-sm text-base-content/75">{calendarFeed.privacy}</p>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => enable.mutate()}>
            {enable.isPending ? t('Turning on...') : t('Turn on calendar feed')}
          </button>
        </div>
      </div>
    );

  const url = absolute(status.data.url);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(calendarFeed.copied);
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select the text for a manual copy.
      document.querySelector<HTMLInputElement>('#calendar-feed-url')?.select();
      setCopied(calendarFeed.copyByHand);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80">{calendarFeed.subscribe}</p>
      <div>
        <label htmlFor="calendar-feed-url" className="mb-1 block text-sm font-medium">
          {t('Your private feed URL')}
        </label>
        <div className="join w-full">
          <input id="calendar-feed-url" className="input join-item w-full font-mono text-xs" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn join-item btn-primary" onClick={() => void copy()}>
            {t('Copy')}
          </button>
        </div>
        <p className="mt-1 min-h-5 text-sm text-success" role="status">
          {copied}
        </p>
      </div>
      <p className="text-sm text-base-content/75">{calendarFeed.privacy}</p>
      {confirming ? (
        <div role="alert" className="alert alert-warning flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <span className="flex-1">{confirming === 'rotate' ? calendarFeed.confirmReplace : calendarFeed.confirmTurnOff}</span>
          <div className="flex gap-2">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(null)}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={busy}
              onClick={() => (confirming === 'rotate' ? rotate.mutate() : disable.mutate())}
            >
              {confirming === 'rotate' ? (rotate.isPending ? t('Replacing...') : t('Replace link')) : disable.isPending ? t('Turning off...') : t('Turn off')}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming('disable')}>
            {t('Turn off')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setConfirming('rotate')}>
            {t('Replace link')}
          </button>
        </div>
      )}
    </div>
  );
}

export function CalendarFeed() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        <svg
          className="size-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <rect width="18" height="18" x="3" y="4" rx="2" />
          <path d="M16 2v4M8 2v4M3 10h18" />
        </svg>
        {t('Calendar feed')}
      </button>
      <Modal open={open} title={t('Calendar feed')} onClose={() => setOpen(false)}>
        <FeedBody />
      </Modal>
    </>
  );
}
