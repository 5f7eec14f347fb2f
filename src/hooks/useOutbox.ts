// The signed-in user's entries of one kind waiting in the offline outbox, kept current as entries come and go.
import { useEffect, useState } from 'react';
import { kindOf, onOutboxChange, waitingFor, type OutboxEntry, type OutboxKind } from '../lib/outbox';
import { useAuth } from './useAuth';

export function useOutbox<K extends OutboxKind>(kind: K): Extract<OutboxEntry, { kind?: K }>[] {
  const { user } = useAuth();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    const load = () =>
      void waitingFor(userId).then(
        (found) => current && setEntries(found.filter((entry) => kindOf(entry) === kind)),
        (error) => console.warn('The offline outbox could not be read', error),
      );
    load();
    const stop = onOutboxChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [userId, kind]);
  return (userId === undefined ? [] : entries) as Extract<OutboxEntry, { kind?: K }>[];
}
