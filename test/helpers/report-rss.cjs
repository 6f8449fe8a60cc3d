// Preloaded with NODE_OPTIONS=--require into a process under test: on exit it writes the
// process's peak resident set size (kB) to $HOSTCTL_RSS_REPORT.<pid>, for memory checks.
const { writeFileSync } = require('node:fs');

const target = process.env.HOSTCTL_RSS_REPORT;
if (target) process.on('exit', () => writeFileSync(`${target}.${process.pid}`, String(process.resourceUsage().maxRSS)));
