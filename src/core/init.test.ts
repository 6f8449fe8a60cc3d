import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initState } from './init.js';
import { openCore } from './app.js';
import { DEFAULT_PASSWORD_COST, verifyPassword } from './auth/secrets.js';

describe('the password-hashing cost of a new state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hostctl-init-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const rootDigest = (core: ReturnType<typeof openCore>) => (core.db.prepare("SELECT password_digest FROM users WHERE username = 'root'").get() as { password_digest: string }).password_digest;

  it('is the secure default unless the state is made with another, and is kept with the state', () => {
    expect(DEFAULT_PASSWORD_COST).toBeGreaterThanOrEqual(14);
    const plain = initState({ stateDir: join(dir, 'plain'), rootPassword: 'root-password-1' });
    expect(plain.core.settings.passwordHashCost).toBe(DEFAULT_PASSWORD_COST);
    expect(rootDigest(plain.core)).toMatch(new RegExp(`^scrypt\\$ln=${DEFAULT_PASSWORD_COST}\\$`));
    plain.core.close();

    const low = initState({ stateDir: join(dir, 'low'), rootPassword: 'root-password-1', passwordHashCost: 2 });
    low.core.close();
    const reopened = openCore({ stateDir: join(dir, 'low') });
    expect(reopened.settings.passwordHashCost).toBe(2);
    expect(rootDigest(reopened)).toMatch(/^scrypt\$ln=2\$/);
    expect(verifyPassword('root-password-1', rootDigest(reopened))).toBe(true);
    reopened.close();
  });

  it('refuses a cost out of range and leaves no state behind', () => {
    for (const cost of [0, 17, 1.5]) {
      const stateDir = join(dir, `bad-${cost}`);
      expect(() => initState({ stateDir, passwordHashCost: cost })).toThrow(/password hashing cost/);
      expect(existsSync(stateDir)).toBe(false);
    }
  });
});
