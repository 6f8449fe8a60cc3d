// hostctl worker: runs the queued jobs of a local state and exits (started detached by local
// commands that queue work; safe to run beside `serve`, which claims jobs the same way).
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { localStateDir } from '../../config/local-state.js';

export function configure(noun: Command): void {
  applyVerb(noun, {
    name: 'worker',
    summary: 'Run queued background jobs of a local state, then exit',
    examples: ['hostctl worker --state ./state'],
    async run(cli) {
      const [{ openCore }, { clockFromEnv }] = await Promise.all([import('../../../core/app.js'), import('../../../core/clock.js')]);
      const core = openCore({ stateDir: localStateDir(cli.globals.state, cli.env), clock: clockFromEnv(), writeBusyMs: 5000 });
      try {
        let ran = await core.jobs.drain(core, `worker-${process.pid}`);
        // Storage moves a killed worker left half-done are resumed (their job may still look taken).
        const { resumeStorageMoves } = await import('../../../core/areas/storage-moves/resume.js');
        ran += await resumeStorageMoves(core);
        if (cli.globals.debug) cli.info(`ran ${ran} job(s)`);
      } finally {
        core.close();
      }
    },
  });
}
