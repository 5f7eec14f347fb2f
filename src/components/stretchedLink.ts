// The stretched-link pattern: a row that is one big link while links inside it (a contact's name) stay their own.

/** On the row: the positioning box the link stretches over, and the hover and focus look of the old whole-row link. */
export const STRETCHED_ROW = 'relative rounded-box p-2 hover:bg-base-200 has-[a:focus-visible]:bg-base-200';

/** On the row's main link: its click area covers the row; the outline goes on the row's edge. */
export const STRETCHED_LINK =
  'after:absolute after:inset-0 after:rounded-box focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-primary';
