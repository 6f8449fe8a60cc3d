// hostctl restore: a new state from a backup archive, verified before anything is kept.
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import type { CheckResult } from '../../../shared/health-check.js';
import type { StatusLine } from '../../io/status-line.js';
import { removedOnExitByPrefix } from '../../io/scratch-files.js';

interface RestoreFlags {
  force?: boolean;
  storage: string[];
  check?: boolean;
}

function parseStorages(specs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const m = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(spec);
    if (!m) throw new UsageError(`--storage takes NAME=PATH, got "${spec}"`);
    out[m[1] as string] = resolve(m[2] as string);
  }
  return out;
}

export function configure(noun: Command): void {
  applyVerb<RestoreFlags>(noun, {
    name: 'restore',
    destructive: { when: 'with --force, over a state that exists' },
    args: '<archive>',
    complete: { archive: 'file' },
    summary: 'Create a state from a backup archive (every checksum and every row\'s bytes verified first), or --check an archive',
    examples: [
      'hostctl restore backup.tar --state ./restored',
      'hostctl restore backup.tar --check                           # verify only; writes no state',
      'hostctl restore backup.tar --state ./s --storage archive=/mnt/archive',
      'hostctl restore backup.tar --state ./live --force            # replace: the old state stays until the new one is whole',
    ],
    options: (cmd) =>
      cmd
        .option('--force', 'replace an existing state (only after the new one is fully written)')
        .option('--storage <name=path>', 'put a storage\'s repositories in PATH instead of under the new state (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
        .option('--check', 'verify the archive (each member against the manifest, then doctor\'s database and stored-bytes checks) and write no state'),
    async run(cli, args, opts) {
      const archive = resolve(args[0] as string);
      const storages = parseStorages(opts.storage);
      const [{ checkArchive, restoreBackup, RestoreTargetError }, { ArchiveError }, { besidePrefix }, { fittedProgressLine }, { humanBytes }, { existsSync }, { openStatusLine }] = await Promise.all([
        import('../../../core/backup/restore-backup.js'),
        import('../../../core/backup/manifest.js'),
        import('../../../core/backup/scratch.js'),
        import('../packages/progress.js'),
        import('../../../shared/byte-size.js'),
        import('node:fs'),
        import('../../io/status-line.js'),
      ]);
      if (!existsSync(archive)) throw new CliError(`no such archive: ${archive}`, EXIT.notFound);
      // The archive's bytes read of its size, as they are read: the line moves through a large
      // member too (the text is made only when a redraw is due).
      // Opened at the first bytes, after any question: a line up during a prompt would be in its way.
      let line: StatusLine | undefined;
      const label = opts.check ? 'check' : 'restore';
      const onRead = (read: number, size: number | undefined): void =>
        (line ??= openStatusLine({ out: cli.term.stderrIsTTY ? process.stderr : null, columns: cli.term.columns })).update((elapsedMs) => fittedProgressLine(label, read, size, elapsedMs, cli.term.columns));
      const bar = { end: () => line?.clear() };
      // A check that warns (an older schema, a part left out) does not refuse the archive: say it.
      const warnings = (checks: CheckResult[]): void => {
        for (const c of checks) if (c.status === 'warn') cli.info(`warning: ${c.id}: ${c.detail}`);
      };
      try {
        if (opts.check) {
          const { manifest, bytes, checks } = await checkArchive(archive, onRead);
          bar.end();
          const item = { archive, ok: true, format: manifest.format, created_at: manifest.created_at, hostctl_version: manifest.hostctl_version, members: Object.keys(manifest.members).length + 1, bytes, excluded: manifest.excluded, counts: manifest.counts, checks };
          if (cli.globals.output === 'table') {
            cli.info(`${archive}: whole, doctor's checks pass (${item.members} members, ${humanBytes(bytes)}, made ${manifest.created_at} by hostctl ${manifest.hostctl_version}${manifest.excluded.length ? `, without ${manifest.excluded.join(', ')}` : ''})`);
            warnings(checks);
          } else await cli.showItem(item);
          return;
        }
        if (!cli.globals.state) throw new UsageError('missing --state DIR: the directory to restore into (a new one, or an existing state with --force)');
        const stateDir = resolve(cli.globals.state);
        if (opts.force && existsSync(stateDir)) await cli.confirm(`Replace the state at ${stateDir} with the archive's contents?`);
        if (cli.globals.dryRun) {
          cli.info(`dry run: would restore ${archive} into ${stateDir}; nothing was written`);
          return;
        }
        // The scratch state the core fills beside the target, by the name core/backup/scratch.ts
        // gives it: removed if a signal ends the command first (io/scratch-files.ts), as a
        // failure removes it. Only this process's `.restoring-` entries: never the target, nor
        // the previous state a --force swap sets aside (the swap runs without yielding, so no
        // signal lands in the middle of it).
        const forget = removedOnExitByPrefix(dirname(stateDir), besidePrefix(stateDir, 'restoring'));
        let summary;
        try {
          summary = await restoreBackup({ archive, stateDir, force: !!opts.force, storages, onRead });
        } finally {
          forget();
        }
        bar.end();
        const c = summary.manifest.counts;
        if (cli.globals.output === 'table') {
          warnings(summary.checks);
          cli.info(`restored ${archive} into ${summary.stateDir}${summary.replaced ? ' (the previous state was replaced)' : ''}: ${c.users} users, ${c.groups} groups, ${c.projects} projects, ${summary.manifest.repositories.length} repositories`);
          cli.info(`use it with: hostctl --state ${summary.stateDir} … (or hostctl context add NAME --state ${summary.stateDir})`);
        } else await cli.showItem({ state_dir: summary.stateDir, replaced: summary.replaced, bytes: summary.bytes, counts: c, repositories: summary.manifest.repositories.length, checks: summary.checks });
      } catch (error) {
        bar.end();
        if (error instanceof ArchiveError) throw new CliError(`${archive}: ${error.message}`, EXIT.conflict, opts.check ? undefined : 'nothing was written');
        if (error instanceof RestoreTargetError) throw new CliError(error.message, EXIT.conflict);
        throw error;
      }
    },
  });
}
