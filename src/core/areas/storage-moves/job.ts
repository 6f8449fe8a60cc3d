// The job queued whenever moves are scheduled: runs every move with work left (scheduled ones,
// and those a killed worker left half-done), loaded only when such a job runs.
import type { JobHandler } from '../../jobs/registry.js';
import { runMoves } from './runner.js';

export const handler: JobHandler = async (core) => {
  await runMoves(core);
};
