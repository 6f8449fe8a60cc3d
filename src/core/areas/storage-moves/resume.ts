// Runs storage moves from a worker loop (`hostctl worker`, `serve`'s move loop): scheduled
// moves, and those a killed worker left half-done. Cheap when no move has work left.
import type { CoreState } from '../../state.js';
import { hasActiveMoves } from './service.js';
import { runMoves } from './runner.js';

/** Starts at once (synchronously up to its first await), so callers can tell a run is on. */
export function resumeStorageMoves(core: CoreState): Promise<number> {
  if (!hasActiveMoves(core)) return Promise.resolve(0);
  return runMoves(core);
}
