// The caller's own day as local midnights, for the server reads that depend on it (due badge, dashboard, follow-up
// groups). By hand rather than date-fns, because the entry chunk (the due badge, the first requests) keeps it out.

export function startOfToday() {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  return date;
}

export function startOfTomorrow() {
  const date = new Date();
  date.setHours(24, 0, 0, 0);
  return date;
}
