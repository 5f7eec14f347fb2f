// The single executable's main script (scripts/package.mjs): its files out of the executable first, then the server.
import './runtime';
import '../main';
