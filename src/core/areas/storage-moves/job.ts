// The job queued whenever moves are scheduled: runs every move with work left (scheduled ones,
// and those a killed worker left half-done), loaded only when such a job runs. In a process
// that already runs moves (serve's move loop) the job has nothing to add: the loop takes the
// new moves, and other jobs are not held up behind a bulk move.
import type { JobHandler } from '../../jobs/registry.js';
import { movesRunningHere, runMoves } from './runner.js';

export const handler: JobHandler = async (core) => {
  if (movesRunningHere()) return;
  await runMoves(core);
};
