// Resumes storage moves from a worker loop (`hostctl worker`, `serve`'s timer): moves a killed
// worker left half-done are taken over. Loads the move worker only when some move has work left.
import type { CoreState } from '../../state.js';
import { hasActiveMoves } from './service.js';

export async function resumeStorageMoves(core: CoreState): Promise<number> {
  if (!hasActiveMoves(core)) return 0;
  const { runMoves } = await import('./runner.js');
  return runMoves(core);
}
