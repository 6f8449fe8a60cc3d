// Checks a freeze period the way the platform's model does: each cron field on its own (with
// the UTC zone), the zone with a sample cron, every problem of one request reported together.
import { cronProblem, isTimeZone } from '../../../shared/freeze-windows.js';
import { validationError } from '../../http/errors.js';

export interface FreezeDraft {
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
}

/** The draft with blanks trimmed, or the platform's 400 naming each invalid field. */
export async function checkedDraft(draft: FreezeDraft): Promise<FreezeDraft> {
  const lib = await import('cron-parser');
  const clean: FreezeDraft = { freeze_start: draft.freeze_start.trim(), freeze_end: draft.freeze_end.trim(), cron_timezone: draft.cron_timezone.trim() };
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const field of ['freeze_start', 'freeze_end'] as const) {
    const problem = cronProblem(lib, clean[field]);
    if (problem) errors[field] = [problem];
  }
  if (!isTimeZone(clean.cron_timezone)) errors.cron_timezone = ['syntax is invalid'];
  if (Object.keys(errors).length > 0) throw validationError({ ...errors });
  return clean;
}
