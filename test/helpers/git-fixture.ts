// For unit tests of the git layer: git run as another process would run it (never through the
// core's long-lived readers), and a fresh bare repository with its own runtime per test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { GitRepository } from '../../src/core/git/repository.js';
import { GitRuntime } from '../../src/core/git/runtime.js';

/** Runs git on a bare repository in a clean environment; its trimmed stdout, or an error. */
export function git(gitDir: string, args: string[], input?: string, env: Record<string, string> = {}): string {
  const res = spawnSync('git', args, { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', ...env }, input, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout.trim();
}

export interface RepositoryFixture {
  dir: string;
  runtime: GitRuntime;
  repo: GitRepository;
}

/** A new bare repository (branch `main`) before each test of the suite, removed after it. */
export function useTempRepository(prefix: string): RepositoryFixture {
  const fixture = {} as RepositoryFixture;
  beforeEach(() => {
    fixture.dir = mkdtempSync(join(tmpdir(), prefix));
    fixture.runtime = new GitRuntime();
    fixture.repo = new GitRepository(join(fixture.dir, 'r.git'), fixture.runtime);
    fixture.repo.initSync('main');
  });
  afterEach(() => {
    fixture.runtime.close();
    rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
