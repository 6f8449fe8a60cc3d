import { describe, expect, it } from 'vitest';
import { commitTitle, formatGitDate, parseCommit, parseIdent, parseTrailers } from './objects.js';

describe('git objects', () => {
  it('formats dates with the original offset', () => {
    expect(formatGitDate(1768471200, '+0000')).toBe('2026-01-15T10:00:00.000+00:00');
    expect(formatGitDate(1768471200, '+0530')).toBe('2026-01-15T15:30:00.000+05:30');
    expect(formatGitDate(1768471200, '-0700')).toBe('2026-01-15T03:00:00.000-07:00');
  });

  it('parses identities and commits', () => {
    expect(parseIdent('Ada Lovelace <ada@example.com> 1768471200 +0000')).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', epoch: 1768471200 });
    const raw = [
      'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'parent 1111111111111111111111111111111111111111',
      'parent 2222222222222222222222222222222222222222',
      'author A <a@x> 1768471200 +0000',
      'committer C <c@x> 1768474800 +0100',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' abc',
      ' -----END PGP SIGNATURE-----',
      '',
      'Title line',
      '',
      'Body.',
    ].join('\n');
    const c = parseCommit('3333333333333333333333333333333333333333', raw);
    expect(c.parentIds).toHaveLength(2);
    expect(c.committer.date).toBe('2026-01-15T12:00:00.000+01:00');
    expect(c.message).toBe('Title line\n\nBody.');
    expect(commitTitle(c.message)).toBe('Title line');
    expect(commitTitle('  \n')).toBe('No commit message');
  });

  it('finds trailers in the last paragraph only', () => {
    expect(parseTrailers('Title\n\nBody\n\nSigned-off-by: A <a@x>\nReviewed-by: B\n').single).toEqual({ 'Signed-off-by': 'A <a@x>', 'Reviewed-by': 'B' });
    expect(parseTrailers('Key: value').single).toEqual({});
    expect(parseTrailers('Title\n\nJust prose: with a colon but\nmore prose here').single).toEqual({});
    expect(parseTrailers('Title\n\nSome prose line\nmore prose\nand more\nSigned-off-by: A').all).toEqual({ 'Signed-off-by': ['A'] });
    expect(parseTrailers('Title\n\nCo-authored-by: A\n  continued\nCo-authored-by: B').all).toEqual({ 'Co-authored-by': ['A continued', 'B'] });
  });
});
