// What a screen shows until its data is here: a spinner while it loads, a wait for the connection while it cannot
// (never the empty state, which would say the data is gone), and a failure with a retry. Failed reads also retry by
// themselves (see queryClient), and paused ones resume when the browser is back online.
import type { ReactNode } from 'react';
import { connection, offline } from '../lib/offlineMessages';
import { Spinner } from './Spinner';

/** The parts of a React Query result the gate reads. */
export interface Load {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch(): unknown;
}

/** Nothing to show yet, and why: loading, waiting for the connection, failed; or null once every read has data. */
export function loadProblem(loads: readonly Load[]): 'loading' | 'waiting' | 'failed' | null {
  const missing = loads.filter((load) => load.data === undefined);
  // Kept while a retry runs (by hand or by itself), so the screen does not flicker between failure and spinner.
  if (missing.some((load) => load.isError)) return 'failed';
  if (missing.some((load) => load.fetchStatus === 'paused')) return 'waiting';
  if (missing.length > 0) return 'loading';
  return null;
}

export function WaitingForConnection() {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center">
      <p className="font-semibold">{connection.waiting}</p>
      <p className="max-w-sm text-sm text-base-content/75">{offline.notLoaded}</p>
    </div>
  );
}

export function LoadFailed({ message, onRetry, retrying = false }: { message: string; onRetry(): void; retrying?: boolean }) {
  return (
    <div role="alert" className="alert flex flex-col items-center gap-3 alert-error text-center sm:flex-row sm:text-start">
      <p className="flex-1">
        {message} <span className="block text-sm opacity-90 sm:inline">{connection.retriesByItself}</span>
      </p>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {connection.tryAgain}
      </button>
    </div>
  );
}

interface LoadGateProps {
  loads: readonly Load[];
  /** Whose data failed, as a whole sentence: 'We could not load your goals.' */
  failed: string;
  children: ReactNode;
}

export function LoadGate({ loads, failed, children }: LoadGateProps) {
  const problem = loadProblem(loads);
  if (problem === 'loading') return <Spinner />;
  if (problem === 'waiting') return <WaitingForConnection />;
  if (problem === 'failed')
    return (
      <LoadFailed
        message={failed}
        retrying={loads.some((load) => load.fetchStatus === 'fetching')}
        onRetry={() => {
          for (const load of loads) if (load.isError) void load.refetch();
        }}
      />
    );
  return children;
}
