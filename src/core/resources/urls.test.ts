import { describe, expect, it } from 'vitest';
import type { CoreState } from '../state.js';
import { apiBaseFor, requestOrigin, webBaseFor, withWebBase } from './urls.js';

const fakeCore = (externalUrl: string, explicit = false): CoreState =>
  ({ settings: { tier: 'ultimate', offering: 'all', externalUrl, storages: { default: 'x' }, requireTokenExpiry: true }, externalUrlExplicit: explicit }) as unknown as CoreState;

describe('request URL bases', () => {
  it('takes the origin from Host (and the forwarded headers), ignoring what is no host', () => {
    expect(requestOrigin({ host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(requestOrigin({ host: 'a', 'x-forwarded-host': 'git.example.com', 'x-forwarded-proto': 'https' })).toBe('https://git.example.com');
    expect(requestOrigin({ host: 'evil/<x>' })).toBeUndefined();
    expect(requestOrigin({})).toBeUndefined();
  });

  it('builds web URLs from the explicit external URL first, then the reached origin, then the setting', () => {
    expect(webBaseFor(fakeCore('https://stored.example'), { host: 'h:1' })).toBe('http://h:1');
    expect(webBaseFor(fakeCore('https://fixed.example', true), { host: 'h:1' })).toBe('https://fixed.example');
    expect(webBaseFor(fakeCore('https://stored.example'), {})).toBe('https://stored.example');
    expect(apiBaseFor(fakeCore('https://fixed.example', true), { host: 'h:1' })).toBe('http://h:1/api/v4');
  });

  it('gives a view whose external URL differs while other settings stay the core own', () => {
    const core = fakeCore('https://stored.example');
    const view = withWebBase(core, 'http://h:1');
    expect(view.settings.externalUrl).toBe('http://h:1');
    expect(core.settings.externalUrl).toBe('https://stored.example');
    (view.settings as { storages: Record<string, string> }).storages = { other: 'y' };
    expect(core.settings.storages).toEqual({ other: 'y' });
    expect(withWebBase(core, 'https://stored.example')).toBe(core);
  });
});
