import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkFilePath, isHexBranchName, isSafeRevision, isSafeRevisionRange, isValidRefComponentPath, isValidRefName } from './names.js';

/** What git itself says of `refs/heads/<name>`. */
function gitAccepts(name: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', `refs/heads/${name}`], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1' } });
    return true;
  } catch {
    return false;
  }
}

const CORPUS = [
  'main',
  'feature/login',
  'release/1.2.3',
  'fix/ünïcode-✓',
  'docs.update',
  'a',
  '@',
  'a@b',
  'x@{1}',
  'a..b',
  'a/.b',
  '.hidden',
  'end/',
  '/start',
  'a//b',
  'dot.',
  'x.lock',
  'x.lock/y',
  'a b',
  'tab\there',
  'q?',
  'star*',
  'br[ack',
  'back\\slash',
  'c:d',
  'til~de',
  'car^et',
  'del\u007f',
  'new\nline',
  'a/b/c/d',
  '-leading',
  'trailing-',
  'ok_under_score',
  'emoji/🚀',
];

describe('ref names', () => {
  it.each(CORPUS)('agrees with git check-ref-format on %j', (name) => {
    expect(isValidRefComponentPath(name)).toBe(gitAccepts(name));
  });

  it('refuses what the platform refuses on top of git', () => {
    expect(isValidRefName('-rf')).toBe(false);
    expect(isValidRefName('HEAD')).toBe(false);
    expect(isValidRefName('refs/heads/main')).toBe(false);
    expect(isValidRefName('refs/tags/v1')).toBe(false);
    expect(isValidRefName('feature/x')).toBe(true);
    expect(isHexBranchName('0123456789abcdef0123456789abcdef01234567')).toBe(true);
    expect(isHexBranchName('0123456789abcdef0123456789abcdef01234567/x')).toBe(true);
    expect(isHexBranchName('0123456789abcdef')).toBe(false);
  });

  it('accepts only plain revisions', () => {
    for (const ok of ['main', 'feature/x', 'HEAD', 'HEAD~2', 'main^', 'abc1234', 'v1.0^2~1']) expect(isSafeRevision(ok)).toBe(true);
    for (const bad of ['--all', '-n1', 'main:README.md', 'main@{1}', 'a..b', '', 'x y']) expect(isSafeRevision(bad)).toBe(false);
    expect(isSafeRevisionRange('a..b')).toBe(true);
    expect(isSafeRevisionRange('a...b')).toBe(true);
    expect(isSafeRevisionRange('--all..b')).toBe(false);
  });
});

describe('file paths', () => {
  it('classifies paths', () => {
    expect(checkFilePath('a/b.txt')).toBeNull();
    expect(checkFilePath('ünï/✓.md')).toBeNull();
    expect(checkFilePath('')).toBe('empty');
    expect(checkFilePath('../x')).toBe('traversal');
    expect(checkFilePath('a/../../x')).toBe('traversal');
    expect(checkFilePath('a\\..\\b')).toBe('traversal');
    expect(checkFilePath('..\\x')).toBe('traversal');
    expect(checkFilePath('/etc/passwd')).toBe('invalid');
    expect(checkFilePath('.git/config')).toBe('invalid');
    expect(checkFilePath('a/.GIT/hooks')).toBe('invalid');
    expect(checkFilePath('a//b')).toBe('invalid');
    expect(checkFilePath('a/./b')).toBe('invalid');
    expect(checkFilePath('nul\u0000byte')).toBe('invalid');
  });
});
