// The signed-in user's activities waiting in the offline outbox, kept current as entries come and go.
import { useEffect, useState } from 'react';
import { onOutboxChange, waitingFor, type OutboxEntry } from '../lib/outbox';
import { useAuth } from './useAuth';

export function useOutbox(): OutboxEntry[] {
  const { user } = useAuth();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    const load = () =>
      void waitingFor(userId).then(
        (found) => current && setEntries(found),
        (error) => console.warn('The offline outbox could not be read', error),
      );
    load();
    const stop = onOutboxChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return userId === undefined ? [] : entries;
}
