// hostctl doctor: is this state (or remote instance) safe to trust? A checklist with the fix for
// each problem; --fix repairs what is safe (stale locks, temporary files and half-written
// repositories of killed processes, modes; repositories no row owns are moved into their
// storage's @lost+found/) and never deletes data.
import { statSync, chmodSync } from 'node:fs';
import type { Command } from 'commander';
import { applyVerb, type Cli } from '../../kit/verb.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { configFile } from '../../config/paths.js';
import { fail, ok, type CheckResult } from '../../../shared/health-check.js';
import { wrapText } from './wrap.js';

interface DoctorFlags {
  quick?: boolean;
  fix?: boolean;
  strict?: boolean;
}

function configCheck(env: NodeJS.ProcessEnv, fix: boolean): CheckResult {
  const file = configFile(env);
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    return ok('config.mode', 'no configuration file (nothing to protect)');
  }
  if ((mode & 0o077) === 0) return ok('config.mode', `${file} is 0${mode.toString(8)}`);
  if (fix) {
    chmodSync(file, 0o600);
    return { ...ok('config.mode', `${file} is now 0600`), fixed: `chmod 600 ${file}` };
  }
  return fail('config.mode', `${file} has mode 0${mode.toString(8)}: other users can read its tokens`, `hostctl doctor --fix (or chmod 600 ${file})`);
}

const MARK: Record<CheckResult['status'], string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };

function printChecklist(cli: Cli, results: CheckResult[]): void {
  const width = Math.max(40, cli.term.stdoutIsTTY ? cli.term.columns : 100);
  const idWidth = Math.min(24, Math.max(...results.map((r) => r.id.length)));
  const lines: string[] = [];
  for (const r of results) {
    const head = `${MARK[r.status]}  ${r.id.padEnd(idWidth)}  `;
    const body = wrapText(r.detail, width - head.length);
    lines.push(head + (body[0] ?? ''), ...body.slice(1).map((l) => ' '.repeat(head.length) + l));
    if (r.fixed) lines.push(...wrapText(`fixed: ${r.fixed}`, width - head.length).map((l) => ' '.repeat(head.length) + l));
    else if (r.fix && r.status !== 'ok') lines.push(...wrapText(`fix: ${r.fix}`, width - head.length).map((l) => ' '.repeat(head.length) + l));
  }
  cli.print(`${lines.join('\n')}\n`);
}

export function configure(noun: Command): void {
  applyVerb<DoctorFlags>(noun, {
    name: 'doctor',
    summary: 'Check that a state (or a remote instance) is healthy; --fix repairs what is safe',
    examples: [
      'hostctl doctor                          # the current target: a local state or a remote instance',
      'hostctl doctor --state ./state --quick  # without git fsck, for large states',
      'hostctl doctor --fix                    # remove stale locks and temporary files, restrict modes',
      'hostctl doctor -o json | jq \'.checks[] | select(.status != "ok")\'',
    ],
    options: (cmd) =>
      cmd
        .option('--quick', 'skip git fsck and use SQLite\'s quick check')
        .option('--fix', 'repair what is safe to repair (never deletes data) and say what was done')
        .option('--strict', `exit ${EXIT.unhealthy} on warnings too`),
    async run(cli, _args, opts) {
      const results: CheckResult[] = [configCheck(cli.env, !!opts.fix)];
      let target;
      try {
        target = cli.target();
      } catch (error) {
        if (!(error instanceof CliError) || !cli.globals.state) throw error;
      }
      if (target?.kind === 'remote') {
        const { remoteChecks } = await import('./remote-checks.js');
        results.push(...(await remoteChecks(await cli.client())));
      } else {
        const { resolve } = await import('node:path');
        const stateDir = target?.stateDir ?? resolve(cli.globals.state as string);
        const [{ runDoctor }, { stateExists }] = await Promise.all([import('../../../core/doctor/run-doctor.js'), import('../../../core/doctor/data-checks.js')]);
        if (!stateExists(stateDir)) throw new CliError(`no hostctl state at ${stateDir}`, EXIT.notFound, 'pass --state DIR, or create one with: hostctl init');
        results.push(...(await runDoctor({ stateDir, quick: !!opts.quick, fix: !!opts.fix })));
      }
      const failed = results.filter((r) => r.status === 'fail').length;
      const warned = results.filter((r) => r.status === 'warn').length;
      const healthy = failed === 0 && (!opts.strict || warned === 0);
      if (cli.globals.output === 'table') {
        printChecklist(cli, results);
        cli.info(`${results.length} checks: ${results.length - failed - warned} ok, ${warned} warnings, ${failed} failed`);
      } else await cli.showItem({ healthy, failed, warnings: warned, checks: results });
      if (!healthy) process.exitCode = EXIT.unhealthy;
    },
  });
}
