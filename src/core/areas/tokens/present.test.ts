import { describe, expect, it } from 'vitest';
import type { TokenRow } from '../../db/rows.js';
import { presentToken, presentTokenBytes } from './present.js';

const row = (): TokenRow => ({
  id: 7,
  user_id: 1,
  name: 'ci',
  description: null,
  token_digest: 'x',
  scopes: '["api"]',
  revoked: 0,
  impersonation: 0,
  expires_at: '2030-06-01',
  last_used_at: null,
  previous_personal_access_token_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const text = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));

describe('the kept text of a token row', () => {
  it('is the presented token, and follows last_used_at written on the same row object', () => {
    const token = row();
    const now = new Date('2026-05-01T12:00:00Z');
    expect(text(presentTokenBytes(token, now))).toEqual(presentToken(token, now));
    token.last_used_at = '2026-05-01T12:00:00.000Z';
    expect(text(presentTokenBytes(token, now))).toMatchObject({ last_used_at: '2026-05-01T12:00:00.000Z' });
  });

  it('turns expired once the expiry date has passed, for the same row object', () => {
    const token = row();
    expect(text(presentTokenBytes(token, new Date('2030-05-31T23:00:00Z')))).toMatchObject({ expired: false, active: true });
    expect(text(presentTokenBytes(token, new Date('2030-06-01T00:00:01Z')))).toMatchObject({ expired: true, active: false });
  });
});
