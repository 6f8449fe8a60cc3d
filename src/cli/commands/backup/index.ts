// hostctl backup: one archive of a local state, written while serve and other commands go on.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { refuseToReplace } from '../../kit/download.js';
import { VERSION } from '../../version.js';
import { localStateOf, progressReporter } from './local-state-target.js';
import { monotonicMs } from '../../../shared/elapsed.js';
import { removedOnExitByPrefix } from '../../io/scratch-files.js';

interface BackupFlags {
  outputFile?: string;
  clobber?: boolean;
  exclude: string[];
  compress?: string;
}

const PARTS = ['packages', 'repositories'];
const COMPRESSIONS = ['none', 'gzip'];

export function configure(noun: Command): void {
  applyVerb<BackupFlags>(noun, {
    name: 'backup',
    summary: 'Back up a local state (database, repositories, packages, settings) into one verified archive, online',
    examples: [
      'hostctl backup -O /backups/hostctl-$(date +%F).tar',
      'hostctl backup -O /backups/latest.tar --clobber           # replace last night\'s, once the new one is whole',
      'hostctl backup --state ./state -O state.tar.gz            # gzip, from the file name',
      'hostctl backup -O meta.tar --exclude packages             # without package files (stated in the manifest)',
      'hostctl restore state.tar --check                         # prove the archive is whole',
    ],
    options: (cmd) =>
      cmd
        .option('-O, --output-file <out-file>', 'the archive to write (it appears only once it is complete)')
        .option('--clobber', 'replace the file when it exists (only once the new archive is complete)')
        .option('--exclude <part>', `leave a part out: ${PARTS.join(', ')} (repeatable)`, (v: string, acc: string[]) => [...acc, v], [] as string[])
        .option('--compress <kind>', `${COMPRESSIONS.join(' or ')} (default: gzip for a .gz/.tgz name, else none)`),
    async run(cli, _args, opts) {
      if (!opts.outputFile) throw new UsageError('missing --output-file FILE (-O): where to write the archive');
      for (const part of opts.exclude) if (!PARTS.includes(part)) throw new UsageError(`--exclude takes ${PARTS.join(' or ')}, got "${part}"`);
      if (opts.compress !== undefined && !COMPRESSIONS.includes(opts.compress)) throw new UsageError(`--compress takes ${COMPRESSIONS.join(' or ')}, got "${opts.compress}"`);
      const stateDir = localStateOf(cli, 'backup');
      const output = resolve(opts.outputFile);
      const gzip = opts.compress ? opts.compress === 'gzip' : /\.(gz|tgz)$/.test(output);
      // As a download's -O (kit/download.ts): an existing file is replaced only when asked.
      if (!opts.clobber && existsSync(output)) refuseToReplace(output);
      if (cli.globals.dryRun) {
        cli.info(`dry run: would back up ${stateDir} to ${output}${gzip ? ' (gzip)' : ''}; nothing was written`);
        return;
      }
      const [{ createBackup, BackupError }, { besidePrefix, scratchPrefix, scratchRoot }, { rateText }, { humanBytes }, { rateOf }] = await Promise.all([
        import('../../../core/backup/create-backup.js'),
        import('../../../core/backup/scratch.js'),
        import('../packages/progress.js'),
        import('../../../shared/byte-size.js'),
        import('../../io/status-line.js'),
      ]);
      if (!existsSync(`${stateDir}/state.db`)) throw new CliError(`no hostctl state at ${stateDir}`, EXIT.notFound, 'pass --state DIR, or create one with: hostctl init');
      const bar = await progressReporter(cli, 'backup');
      const started = monotonicMs();
      // What the core writes while it works, by the names core/backup/scratch.ts gives them (the
      // partial archive beside the output, a scratch directory in the state): removed if a signal
      // ends the command first (io/scratch-files.ts), as a failure removes them.
      const forget = [removedOnExitByPrefix(dirname(output), besidePrefix(output, 'partial')), removedOnExitByPrefix(scratchRoot(stateDir), scratchPrefix('backup'))];
      let summary;
      try {
        summary = await createBackup({
          stateDir,
          output,
          exclude: opts.exclude as ('packages' | 'repositories')[],
          gzip,
          version: VERSION,
          // The text is made only when the line redraws (it may be told of every megabyte).
          progress: (p) => bar.update((ms) => `${p.phase} ${p.items}, ${humanBytes(p.bytes)}${rateText(rateOf(p.bytes, ms, p.phase === 'done'))}`),
        });
      } catch (error) {
        bar.end();
        if (error instanceof BackupError) throw new CliError(`backup failed: ${error.message}`, EXIT.failure, 'nothing was written under the archive name');
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOSPC') throw new CliError(`backup failed: ${(error as Error).message}`, EXIT.failure, 'nothing was written under the archive name');
        throw error;
      } finally {
        for (const f of forget) f();
      }
      bar.end();
      const seconds = (monotonicMs() - started) / 1000;
      const item = {
        archive: summary.output,
        size: summary.bytes,
        repositories: summary.repositories,
        package_files: summary.blobs,
        members: summary.members,
        excluded: summary.excluded,
        counts: summary.counts,
        ...(summary.deletedDuring ? { deleted_during_backup: summary.deletedDuring } : {}),
      };
      if (cli.globals.output === 'table') {
        const c = summary.counts;
        cli.info(`backed up ${stateDir} in ${seconds.toFixed(1)}s: ${c.users} users, ${c.groups} groups, ${c.projects} projects, ${summary.repositories} repositories, ${summary.blobs} package files${summary.excluded.length ? ` (without ${summary.excluded.join(', ')})` : ''}`);
        cli.print(`${summary.output}\t${cli.term.stdoutIsTTY ? humanBytes(summary.bytes) : summary.bytes}\n`);
      } else await cli.showItem(item);
    },
  });
}
