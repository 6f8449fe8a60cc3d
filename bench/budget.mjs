// The one line every benchmark prints per budget, collected by run-all.mjs into the final table:
//   BUDGET <name> | <measured> | <baseline> | <budget> | PASS|OVER|SKIP
// Fields are free text without '|'; the verdict is decided by the script that measured.
export function budgetLine(name, measured, baseline, budget, verdict) {
  const clean = (s) => String(s).replace(/[|\n]/g, '/');
  process.stdout.write(`BUDGET ${clean(name)} | ${clean(measured)} | ${clean(baseline)} | ${clean(budget)} | ${verdict}\n`);
}

/** PASS when `ok`, else OVER. */
export const verdict = (ok) => (ok ? 'PASS' : 'OVER');

/**
 * A start-up budget row: a command's CPU time against `node -e 0`'s (both { cpu, wall } medians in
 * ms, measured in the same run), with the wall-time ratio beside it.
 */
export function startupBudgetLine(name, command, baseline, budget) {
  const ratio = command.cpu / baseline.cpu;
  budgetLine(name, `${command.cpu.toFixed(1)} ms = ${ratio.toFixed(2)}× (wall ${(command.wall / baseline.wall).toFixed(2)}×)`, `${baseline.cpu.toFixed(1)} ms`, `≤ ${budget}×`, verdict(ratio <= budget));
}
