// An operator's command run by root (`sudo sower backup --env-file /etc/sower/sower.env`: root may read the 0600
// configuration file) acts as the data directory's owner, so that what it writes (backups, a migrated database, the
// executable's file cache) stays the service user's and the service can still open it.
import { statSync } from 'node:fs';

/**
 * When this process is root and `directory` exists and belongs to another user, becomes that user (its group, no
 * supplementary groups). Answers the uid it became, or null when nothing changed.
 */
export function actAsOwnerOf(directory: string): number | null {
  if (process.getuid?.() !== 0) return null;
  let owner: { uid: number; gid: number };
  try {
    owner = statSync(directory);
  } catch {
    return null; // not made yet: the command makes it, as root, as before
  }
  if (owner.uid === 0) return null;
  process.setgroups!([]);
  process.setgid!(owner.gid);
  process.setuid!(owner.uid);
  return owner.uid;
}
