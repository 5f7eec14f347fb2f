// Time zone names as both sides check them: the schemas the server validates with and the client's forms read.

/** Whether the runtime knows an IANA time zone name ('Europe/Paris'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length <= 64;
  } catch {
    return false;
  }
}
