// Job kinds and the modules that run them, loaded only when a job of that kind runs. An area
// declares its kinds with registerJob when its module loads; a worker process that has not
// loaded the area yet loads it first (areas/index.ts says which area owns which kind).
import type { CoreState } from '../state.js';
import type { JobRow } from './queue.js';

export type JobHandler = (core: CoreState, payload: unknown, job: JobRow) => Promise<void> | void;

const loaders: Record<string, () => Promise<JobHandler>> = {};

/** Areas call this from their routes module to declare a job kind. */
export function registerJob(kind: string, load: () => Promise<JobHandler>): void {
  loaders[kind] = load;
}

export async function jobHandler(kind: string): Promise<JobHandler> {
  if (!loaders[kind]) {
    const { JOB_AREAS, loadArea } = await import('../areas/index.js');
    const area = JOB_AREAS[kind];
    if (area) await loadArea(area);
  }
  const load = loaders[kind];
  if (!load) throw new Error(`unknown job kind: ${kind}`);
  return load();
}
