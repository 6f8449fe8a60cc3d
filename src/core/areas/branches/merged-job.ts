// The job that deletes merged branches, loaded only when such a job runs.
import type { JobHandler } from '../../jobs/registry.js';
import { deleteMergedBranches, type DeleteMergedPayload } from './service.js';

export const handler: JobHandler = async (core, payload) => {
  await deleteMergedBranches(core, payload as DeleteMergedPayload);
};
