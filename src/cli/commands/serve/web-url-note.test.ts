import { describe, expect, it } from 'vitest';
import { webUrlNote } from './index.js';

describe('the note serve prints about web URLs', () => {
  const base = { port: 8080, stored: 'http://localhost:8080', hostname: 'build-7' };

  it('on every address, names an address clients can reach instead of 0.0.0.0', () => {
    const note = webUrlNote({ ...base, host: '0.0.0.0', served: 'http://0.0.0.0:8080' });
    expect(note).toContain('clients reach it at, e.g., http://build-7:8080');
    expect(note).toContain('(here http://build-7:8080)');
    expect(note).not.toContain('0.0.0.0');
    expect(note).toContain('commands run on this state print http://build-7:8080 while it serves, and its external URL http://localhost:8080 when nothing does (change it: hostctl init --external-url URL)');
  });

  it('says nothing of the state\'s external URL when serve answers at it', () => {
    const note = webUrlNote({ ...base, host: 'localhost', served: 'http://localhost:8080' });
    expect(note.split('\n')).toEqual(['web URLs (web_url, downloads, DSNs) follow the address each request reached (here http://localhost:8080); --external-url https://HOST fixes them to a public address']);
  });

  it('with --external-url, names it', () => {
    expect(webUrlNote({ ...base, host: '127.0.0.1', served: 'http://127.0.0.1:9000', explicit: 'https://git.example.com/' })).toBe(
      'web URLs (web_url, downloads, DSNs) use https://git.example.com (--external-url), whatever address a request reached; so do commands run on this state while it serves',
    );
  });
});
