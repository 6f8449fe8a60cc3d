// The audit event table at 80 columns: the action is never cut (a cut name names nothing), a
// target that is a path is cut from the left keeping its last segment, and the address gives way
// first.
import { describe, expect, it } from 'vitest';
import { renderList } from '../../render/output.js';
import { EVENT_COLUMNS } from './shared.js';

const term = { stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: false, color: false, canPrompt: false, columns: 80 };
const event = (id: number, name: string, target: string) => ({
  id,
  author_id: 'maintainer',
  event_name: name,
  created_at: '2026-01-15T07:00:00.000Z',
  details: { target_details: target, ip_address: '203.0.113.77' },
});
const render = async (rows: Record<string, unknown>[]) => {
  const notes: string[] = [];
  const out = await renderList(rows, { format: 'table', columns: EVENT_COLUMNS, term, now: new Date('2026-01-15T09:00:00.000Z'), note: (n) => notes.push(n) });
  return { lines: out.trimEnd().split('\n'), notes };
};

describe('audit event table', () => {
  it('keeps every column while they fit, whole', async () => {
    const { lines, notes } = await render([event(1202, 'member_created', 'alice'), event(1203, 'project_archived', 'acme/web/storefront')]);
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['ID', 'TIME', 'AUTHOR', 'ACTION', 'TARGET', 'ADDRESS']);
    expect(lines[1]).toMatch(/^1202\s+2 hours ago\s+maintainer\s+member_created\s+alice\s+203\.0\.113\.77$/);
    expect(notes).toEqual([]);
  });

  it('at 80 columns never cuts the action; a path target keeps its last segment; the address goes first', async () => {
    const { lines, notes } = await render([
      event(1200, 'protected_branch_created', 'acme/platform/infra/terraform-modules'),
      event(1201, 'member_created', 'alice'),
    ]);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/ protected_branch_created\s+…\/terraform-modules$/);
    expect(lines[2]).toMatch(/ member_created\s+alice$/);
    expect(lines.join('\n')).not.toContain('203.0.113.77');
    expect(notes).toEqual(['(+1 column: address; -o wide or --fields)']);
    // An action as long as the platform's longest leaves no room for a target: it is left out
    // and named, the action stays whole.
    const long = await render([event(1200, 'notification_setting_failed_pipeline_updated', 'global'), event(1202, 'member_created', 'alice')]);
    expect(long.lines[1]).toMatch(/ notification_setting_failed_pipeline_updated$/);
    expect(long.notes).toEqual(['(+2 columns: target, address; -o wide or --fields)']);
  });
});
