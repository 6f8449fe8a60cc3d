export type Verdict = 'PASS' | 'OVER' | 'SKIP';
export function budgetLine(name: string, measured: string, baseline: string, budget: string, verdict: Verdict): void;
export function verdict(ok: boolean): Verdict;
export function startupBudgetLine(name: string, command: { cpu: number; wall: number }, baseline: { cpu: number; wall: number }, budget: number): void;
