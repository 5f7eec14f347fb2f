// What the browser and the server agree on about a page's first screen (issue 32, decision 031).

/** Paths a guest may open, outside the signed-in shell: the server renders or redirects the rest for a user only. */
export const GUEST_PATHS = /^\/(login|register|confirm-email|forgot-password|reset-password|invite\/)/;

/** The element holding the dehydrated query cache a rendered screen comes with. */
export const STATE_ELEMENT_ID = 'sower-state';
