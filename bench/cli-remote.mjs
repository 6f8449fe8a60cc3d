// Budget: a remote read command (`hostctl --url … tokens list` against a local `hostctl serve`)
// within 1.45× the CPU time of `node -e 0`, and its peak RSS within 1.3× of the same local
// command; all measured in this run (medians, runs interleaved; wall times are printed beside
// them). Where NODE_EXTRA_CA_CERTS is set, Node parses those certificates at every start: the
// ratio is given both with the environment as it is and without that variable. And the requests
// it makes: one for the list, plus one for the owners' names (never one per row), counted from
// serve's request log.
import { spawn, spawnSync } from 'node:child_process';
import { BIN, compare, median, report, sandbox, timesText, withoutExtraCerts } from './lib.mjs';
import { budgetLine, startupBudgetLine, startupRatioText, verdict } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const box = sandbox();

/** Peak RSS in KiB of one run, read from /usr/bin/time (GNU time). */
function peakRss(args, env) {
  const res = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`failed: ${res.stderr}`);
  return Number(res.stderr.trim().split('\n').pop());
}

let server;
try {
  const init = spawnSync(process.execPath, [BIN, 'init', '--demo'], { env: box.env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
  const token = init.stdout.trim().split('\n').find((l) => l.startsWith('hpat-') || /^[a-z]+pat-/.test(l)) ?? init.stdout.trim().split('\n').pop();
  server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], { env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let served = '';
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d) => {
      seen += d;
      served += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(seen);
      if (m) resolve(m[0]);
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${seen}`)));
  });
  const remoteEnv = { ...box.env, HOSTCTL_URL: url, HOSTCTL_TOKEN: token };
  const local = [BIN, 'tokens', 'list'];
  spawnSync(process.execPath, local, { env: box.env });
  spawnSync(process.execPath, local, { env: remoteEnv });
  spawnSync(process.execPath, local, { env: remoteEnv });
  const bare = withoutExtraCerts(remoteEnv);
  const [baseline, localMs, remoteMs, bareBaseline, bareRemote] = compare(
    [
      { cmd: process.execPath, args: ['-e', '0'], env: box.env },
      { cmd: process.execPath, args: local, env: box.env },
      { cmd: process.execPath, args: local, env: remoteEnv },
      ...(bare
        ? [
            { cmd: process.execPath, args: ['-e', '0'], env: bare },
            { cmd: process.execPath, args: local, env: bare },
          ]
        : []),
    ],
    runs,
  );
  // One more remote run, alone, its requests counted from serve's log (one line a request);
  // the log of the runs above is read in first (spawnSync held this process's event loop).
  await new Promise((r) => setTimeout(r, 500));
  const logged = served.length;
  spawnSync(process.execPath, local, { env: remoteEnv });
  await new Promise((r) => setTimeout(r, 500));
  const requests = served.slice(logged).split('\n').filter((l) => / (GET|POST|PUT|DELETE) \/api\/v4\//.test(l));
  const rssLocal = median([1, 2, 3, 4, 5].map(() => peakRss(local, box.env)));
  const rssRemote = median([1, 2, 3, 4, 5].map(() => peakRss(local, remoteEnv)));
  const rssRatio = rssRemote / rssLocal;
  report(`Remote CLI (${runs} interleaved runs, medians; against hostctl serve on loopback)${bare ? ' (NODE_EXTRA_CA_CERTS set)' : ''}`, {
    'node -e 0': timesText(baseline),
    'hostctl tokens list (local)': timesText(localMs, baseline),
    'hostctl tokens list (remote)': timesText(remoteMs, baseline),
    'ratio remote / node -e 0 (CPU)': startupRatioText(remoteMs, baseline, 1.45),
    ...(bare
      ? {
          'without NODE_EXTRA_CA_CERTS: node -e 0': timesText(bareBaseline),
          'without NODE_EXTRA_CA_CERTS: remote': timesText(bareRemote, bareBaseline),
        }
      : {}),
    'requests of one remote tokens list': `${requests.length} (${requests.map((l) => / (GET \S+) /.exec(l)?.[1] ?? l).join(', ')})`,
    'peak RSS local / remote': `${(rssLocal / 1024).toFixed(1)} MiB / ${(rssRemote / 1024).toFixed(1)} MiB`,
    'ratio RSS remote / local': `${rssRatio.toFixed(2)}× (budget 1.30×: ${rssRatio <= 1.3 ? 'PASS' : 'OVER'})`,
  });
  startupBudgetLine('remote read command (tokens list) / node -e 0, CPU time', remoteMs, baseline, 1.45);
  if (bare) startupBudgetLine('remote read command (tokens list) / node -e 0, CPU time, without NODE_EXTRA_CA_CERTS', bareRemote, bareBaseline, 1.45);
  budgetLine('requests of a remote read command (tokens list of the demo state)', `${requests.length}`, '1 (the list)', '≤ 2', verdict(requests.length >= 1 && requests.length <= 2));
  budgetLine('remote command peak RSS / local command', `${(rssRemote / 1024).toFixed(1)} MiB = ${rssRatio.toFixed(2)}×`, `${(rssLocal / 1024).toFixed(1)} MiB`, '≤ 1.30×', verdict(rssRatio <= 1.3));
} finally {
  server?.kill('SIGTERM');
  box.cleanup();
}
