// The offline texts (banner, outbox toasts, 'Waiting to sync') and the other texts the entry chunk shows. Apart from messages.ts because the banner lives in
// the entry chunk, which would otherwise carry every other screen's texts too. Getters and functions, so each reads in the
// current language when shown.
import { t } from '../i18n';

/** Offline: the banner, an activity kept for later, and the outbox being sent. */
export const offline = {
  get banner() {
    return t('You are offline.');
  },
  get bannerDetail() {
    return t('What was already loaded stays readable; activities, follow-ups and prayer requests you add are kept and sent when you are back online.');
  },
  get bannerShort() {
    return t('What you add waits until you are back.');
  },
  get notLoaded() {
    return t('This screen was not loaded yet; it fills in when you are back online.');
  },
  get kept() {
    return t('Saved on this device');
  },
  get keptDetail() {
    return t('No connection: the activity will be sent when you are back online.');
  },
  get keptFollowUp() {
    return t('No connection: the follow-up will be sent when you are back online.');
  },
  get keptPrayer() {
    return t('No connection: the prayer request will be sent when you are back online.');
  },
  get keptMilestone() {
    return t('No connection: the milestone will be saved when you are back online.');
  },
  /** Issue 51 §4: a bulk action kept whole. */
  get keptBulk() {
    return t('No connection: the change to these contacts will be made when you are back online.');
  },
  /** Issue 51: one contact shared, taken back or assigned from its page, kept as a one-contact bulk action. */
  get keptChange() {
    return t('No connection: the change to this contact will be made when you are back online.');
  },
  /** Issue 51 §3: a comment written, changed or deleted offline. */
  get keptComment() {
    return t('No connection: your comment will be sent when you are back online.');
  },
  /** The title over the server's sentence when a comment kept offline is refused on return (a role, the 15 minutes gone). */
  get commentRefused() {
    return t('A comment saved offline was not sent');
  },
  /** 'I prayed' pressed offline. */
  get keptPrayed() {
    return t('No connection: your prayer will be counted when you are back online.');
  },
  get keptAnswer() {
    return t('No connection: your answer will be sent when you are back online.');
  },
  get notKept() {
    return t('Not saved: you are offline');
  },
  get notKeptDetail() {
    return t('This device keeps nothing for later (Settings → This device), so what you add can only be saved online.');
  },
  get waiting() {
    return t('Waiting to sync');
  },
  get listOffline() {
    return t('You are offline. Your activities will show when the connection returns.');
  },
  synced: (count: number) => t('{count, plural, one {Activity synced} other {# activities synced}}', { count }),
  followUpsSynced: (count: number) => t('{count, plural, one {Follow-up synced} other {# follow-ups synced}}', { count }),
  prayersSynced: (count: number) => t('{count, plural, one {Prayer request synced} other {# prayer requests synced}}', { count }),
  /** Activities, follow-ups and prayer requests sent together. */
  itemsSynced: (count: number) => t('{count, plural, one {# item saved offline was sent} other {# items saved offline were sent}}', { count }),
  /** A follow-up or a prayer request refused (an activity's refusal says so in its own words, below). */
  refusedOther: (count: number) =>
    t(
      '{count, plural, one {A follow-up or prayer request saved offline could not be created. Please add it again.} other {# follow-ups or prayer requests saved offline could not be created. Please add them again.}}',
      { count },
    ),
  /** 'I prayed' pressed offline and refused on return (the request deleted meanwhile, or no longer shared). */
  prayedRefused: (count: number) =>
    t('{count, plural, one {A prayer saved offline could not be counted.} other {# prayers saved offline could not be counted.}}', { count }),
  refused: (count: number) =>
    t(
      '{count, plural, one {An activity saved offline could not be created. Please log it again.} other {# activities saved offline could not be created. Please log them again.}}',
      { count },
    ),
} as const;

/** A server that cannot be reached, and data that is not here yet: what each screen says instead of looking empty. */
export const connection = {
  get unreachable() {
    return t('Unable to connect to the server');
  },
  get screenRetries() {
    return t('This screen opens by itself once Sower can reach the server again.');
  },
  get tryAgain() {
    return t('Try again');
  },
  get waiting() {
    return t('Waiting for the connection');
  },
  get waitingDetail() {
    return t('This has not been loaded yet. It fills in by itself when you are back online.');
  },
  get retriesByItself() {
    return t('Sower tries again by itself.');
  },
} as const;

/** The session ended elsewhere (signed out on another device, password changed, expired). */
export const signedOut = {
  get title() {
    return t('You were signed out');
  },
  get description() {
    return t('Your session ended. Please sign in again.');
  },
} as const;

/** A dialog closed by a stray tap or Escape after something was typed. */
export const discardChanges = {
  get question() {
    return t('Discard your changes?');
  },
  get keep() {
    return t('Keep editing');
  },
  get discard() {
    return t('Discard');
  },
} as const;

/** Browser tab titles of the screens without a page heading of their own. */
export const screenTitles = {
  get contact() {
    return t('Contact');
  },
  get resource() {
    return t('Resource');
  },
  get notFound() {
    return t('Page not found');
  },
} as const;
