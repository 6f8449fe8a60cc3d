// The one line every benchmark prints per budget, collected by run-all.mjs into the final table:
//   BUDGET <name> | <measured> | <baseline> | <budget> | PASS|OVER|SKIP
// Fields are free text without '|'; the verdict is decided by the script that measured.
export function budgetLine(name, measured, baseline, budget, verdict) {
  const clean = (s) => String(s).replace(/[|\n]/g, '/');
  process.stdout.write(`BUDGET ${clean(name)} | ${clean(measured)} | ${clean(baseline)} | ${clean(budget)} | ${verdict}\n`);
}

/** PASS when `ok`, else OVER. */
export const verdict = (ok) => (ok ? 'PASS' : 'OVER');

/** The CPU ratio a start-up script reports beside its budget line, or why it has none. */
export function startupRatioText(command, baseline, budget) {
  if (command.impossible || baseline.impossible) return 'CPU time unusable in this run: judged on wall time (budget line)';
  const ratio = command.cpu / baseline.cpu;
  return `${ratio.toFixed(2)}× (budget ${budget}×: ${verdict(ratio <= budget)})`;
}

/**
 * A start-up budget row: a command's CPU time against `node -e 0`'s (both { cpu, wall } medians in
 * ms, measured in the same run), with the wall-time ratio beside it. Without `budget`, a row of
 * information (SKIP).
 */
export function startupBudgetLine(name, command, baseline, budget) {
  const wallRatio = command.wall / baseline.wall;
  const line = budget === undefined ? 'none' : `≤ ${budget}×`;
  const judge = (ratio) => (budget === undefined ? 'SKIP' : verdict(ratio <= budget));
  // CPU times no process could have used (lib.mjs, impossibleCpu) make the CPU ratio
  // meaningless: the row is then judged on wall time (the start-up scripts run with nothing
  // beside them) and says so.
  const impossible = (command.impossible ?? 0) + (baseline.impossible ?? 0);
  if (impossible > 0) {
    const runs = (command.runs ?? 0) + (baseline.runs ?? 0);
    const why = `CPU time unusable: ${impossible} of ${runs} runs read more CPU than wall time on every core (median CPU ${command.cpu.toFixed(1)} against ${baseline.cpu.toFixed(1)} ms)`;
    budgetLine(name, `wall ${command.wall.toFixed(1)} ms = ${wallRatio.toFixed(2)}× (${why})`, `wall ${baseline.wall.toFixed(1)} ms`, line, judge(wallRatio));
    return;
  }
  const ratio = command.cpu / baseline.cpu;
  budgetLine(name, `${command.cpu.toFixed(1)} ms = ${ratio.toFixed(2)}× (wall ${wallRatio.toFixed(2)}×)`, `${baseline.cpu.toFixed(1)} ms`, line, judge(ratio));
}
