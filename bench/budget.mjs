// The one line every benchmark prints per budget, collected by run-all.mjs into the final table:
//   BUDGET <name> | <measured> | <baseline> | <budget> | PASS|OVER|SKIP
// Fields are free text without '|'; the verdict is decided by the script that measured.
export function budgetLine(name, measured, baseline, budget, verdict) {
  const clean = (s) => String(s).replace(/[|\n]/g, '/');
  process.stdout.write(`BUDGET ${clean(name)} | ${clean(measured)} | ${clean(baseline)} | ${clean(budget)} | ${verdict}\n`);
}

/** PASS when `ok`, else OVER. */
export const verdict = (ok) => (ok ? 'PASS' : 'OVER');
