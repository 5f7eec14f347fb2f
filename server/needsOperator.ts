// A failure that starting again cannot mend (a bad configuration value, a database a newer release migrated): the
// command exits 78 (EX_CONFIG in sysexits.h), which the unit names in RestartPreventExitStatus= so that systemd stops
// instead of restarting it every two seconds.
export const NEEDS_OPERATOR_EXIT = 78;

export class NeedsOperator extends Error {}
