// Reading audit events in tests: what a change recorded, through the instance API.
import { expect } from 'vitest';
import type { Instance } from './instance.js';

export interface AuditEventJson {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  event_name: string;
  details: Record<string, unknown>;
  created_at: string;
}

/** The events recorded since `after` (instance list, oldest first). */
export async function eventsSince(inst: Instance, after: number): Promise<AuditEventJson[]> {
  const out: AuditEventJson[] = [];
  for (let page = 1; ; page++) {
    const res = await inst.admin.get<AuditEventJson[]>('/audit_events', { per_page: 100, page });
    const fresh = res.data.filter((e) => e.id > after);
    out.push(...fresh);
    if (fresh.length < res.data.length || res.headers['x-next-page'] === '') break;
  }
  return out.reverse();
}

export async function lastEventId(inst: Instance): Promise<number> {
  const res = await inst.admin.get<AuditEventJson[]>('/audit_events', { per_page: 1 });
  return res.data[0]?.id ?? 0;
}

/** Exactly one event named `name` among `events`. */
export function one(events: AuditEventJson[], name: string): AuditEventJson {
  const found = events.filter((e) => e.event_name === name);
  expect(found.map((e) => e.event_name), `events named ${name} among ${events.map((e) => e.event_name).join(', ')}`).toEqual([name]);
  return found[0] as AuditEventJson;
}
