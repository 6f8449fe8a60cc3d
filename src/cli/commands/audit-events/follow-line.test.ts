import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../render/cells.js';
import { followedLine } from './follow-line.js';

const event = (details: Record<string, unknown>, name = 'user_created') => ({ id: 1, event_name: name, created_at: '2026-11-29T17:32:33.517Z', details });

describe('followedLine', () => {
  it('piped: every column, the address whole, no padding at the end', () => {
    const line = followedLine(event({ author_name: 'Administrator', target_details: 'zed', ip_address: '127.0.0.1' }));
    expect(line).toBe('2026-11-29T17:32:33.517Z Administrat… user_created                 zed        127.0.0.1');
    expect(followedLine(event({ author_name: 'Bob', target_details: 'root' }))).toBe('2026-11-29T17:32:33.517Z Bob          user_created                 root');
  });

  it('on a terminal never wider than it: the address goes at 80 columns and stays at 100', () => {
    const e = event({ author_name: 'Administrator', target_details: 'storefront', ip_address: '2001:db8::1' }, 'package_registry_package_published');
    const narrow = followedLine(e, 80);
    expect(narrow).toBe('2026-11-29T17:32:33.517Z Administrat… package_registry_package_pu… storefront');
    expect(displayWidth(narrow)).toBeLessThanOrEqual(80);
    expect(followedLine(e, 100)).toMatch(/ 2001:db8::1$/);
    expect(displayWidth(followedLine(e, 40))).toBe(40);
  });

  it('measures wide characters as the terminal shows them', () => {
    const line = followedLine(event({ author_name: '山田太郎さんです', target_details: '東京', ip_address: '10.0.0.1' }), 80);
    // 12 columns for the author: five wide characters and the ellipsis (11), one space of padding.
    expect(line).toContain(' 山田太郎さ…  user_created');
    // The event starts in the same column as in a line of narrow characters.
    const at = (l: string) => displayWidth(l.slice(0, l.indexOf('user_created')));
    expect(at(line)).toBe(at(followedLine(event({ author_name: 'Bob' }), 80)));
    expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });
});
