// Preloaded with NODE_OPTIONS=--require into a process under test: on exit it writes the
// process's peak resident set size (kB) to $HOSTCTL_RSS_REPORT.<pid>, for memory checks.
//
// On Linux the peak is VmHWM, the high-water mark of this process's own memory: getrusage's
// maxrss also counts the memory of the process it was forked from (up to the exec), so a child
// of a large test worker would report the worker's size instead of its own.
const { readFileSync, writeFileSync } = require('node:fs');

function peakKb() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // Not Linux: the resource usage is the best there is.
  }
  return process.resourceUsage().maxRSS;
}

const target = process.env.HOSTCTL_RSS_REPORT;
if (target) process.on('exit', () => writeFileSync(`${target}.${process.pid}`, String(peakKb())));
