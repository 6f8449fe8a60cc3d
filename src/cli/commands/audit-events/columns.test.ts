// The audit event table at 80 columns: time, author, action, target and address all stay, long
// action names and targets are cut instead of pushing author or address out.
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

describe('audit event table', () => {
  it('shows every column at 80 columns, cutting the longest names and targets', async () => {
    const rows = [
      event(1200, 'update_mismatched_group_saml_extern_uid', 'a-rather-long-extern-uid-value'),
      event(1201, 'package_registry_package_published', 'storefront-linux-amd64.tar.gz'),
      event(1202, 'member_created', 'alice'),
    ];
    const out = await renderList(rows, { format: 'table', columns: EVENT_COLUMNS, term, now: new Date('2026-01-15T09:00:00.000Z') });
    const lines = out.trimEnd().split('\n');
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['ID', 'TIME', 'AUTHOR', 'ACTION', 'TARGET', 'ADDRESS']);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain('…');
    expect(lines[1]).toContain('203.0.113.77');
    expect(lines[3]).toMatch(/^1202\s+2 hours ago\s+maintainer\s+member_created\s+alice\s+203\.0\.113\.77$/);
  });
});
