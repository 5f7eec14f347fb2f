// The offline texts (banner, outbox toasts, 'Waiting to sync') and the other texts the entry chunk shows. Apart from messages.ts because the banner lives in
// the entry chunk, which would otherwise carry every other screen's texts too.
/** Offline: the banner, an activity kept for later, and the outbox being sent. */
export const offline = {
  banner: 'You are offline.',
  bannerDetail: 'What was already loaded stays readable; activities you log are kept and sent when you are back online.',
  bannerShort: 'New activities wait until you are back.',
  notLoaded: 'This screen was not loaded yet; it fills in when you are back online.',
  kept: 'Saved on this device',
  keptDetail: 'No connection: the activity will be sent when you are back online.',
  waiting: 'Waiting to sync',
  listOffline: 'You are offline. Your activities will show when the connection returns.',
  synced: (count: number) => (count === 1 ? 'Activity synced' : `${count} activities synced`),
  refused: (count: number) => `${count === 1 ? 'An activity' : `${count} activities`} saved offline could not be created. Please log ${count === 1 ? 'it' : 'them'} again.`,
} as const;

/** A server that cannot be reached, and data that is not here yet: what each screen says instead of looking empty. */
export const connection = {
  unreachable: 'Unable to connect to the server',
  screenRetries: 'This screen opens by itself once Sower can reach the server again.',
  tryAgain: 'Try again',
  waiting: 'Waiting for the connection',
  waitingDetail: 'This has not been loaded yet. It fills in by itself when you are back online.',
  retriesByItself: 'Sower tries again by itself.',
} as const;

/** The session ended elsewhere (signed out on another device, password changed, expired). */
export const signedOut = {
  title: 'You were signed out',
  description: 'Your session ended. Please sign in again.',
} as const;

/** A dialog closed by a stray tap or Escape after something was typed. */
export const discardChanges = {
  question: 'Discard your changes?',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/** Browser tab titles of the screens without a page heading of their own. */
export const screenTitles = {
  contact: 'Contact',
  resource: 'Resource',
  notFound: 'Page not found',
} as const;
