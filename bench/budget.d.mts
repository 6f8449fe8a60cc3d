export type Verdict = 'PASS' | 'OVER' | 'SKIP';
export function budgetLine(name: string, measured: string, baseline: string, budget: string, verdict: Verdict): void;
export function verdict(ok: boolean): Verdict;
export interface StartupTimes {
  cpu: number;
  wall: number;
  /** Runs whose CPU time no process could have used (lib.mjs, impossibleCpu), and runs in all. */
  impossible?: number;
  runs?: number;
}
export function startupRatioText(command: StartupTimes, baseline: StartupTimes, budget: number): string;
export function startupBudgetLine(name: string, command: StartupTimes, baseline: StartupTimes, budget?: number): void;
