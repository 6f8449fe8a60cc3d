// hostctl init: creates a state directory with an administrator `root` and its token (printed
// once, on stdout), and a context for it. --demo fills it with realistic sample data.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_DB } from '../../../shared/state-layout.js';
import type { Command } from 'commander';
import { applyVerb, type Cli } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { localStateDir } from '../../config/local-state.js';
import { readConfig, updateConfig } from '../../config/store.js';
import { checkChoice } from '../../kit/refs.js';

interface InitOptions {
  rootToken?: string;
  tier: string;
  offering: string;
  storage: string[];
  externalUrl?: string;
  demo?: boolean;
  contextName: string;
  recoverToken?: boolean;
}

const TIERS = ['free', 'premium', 'ultimate'];
const OFFERINGS = ['self-managed', 'hosted', 'dedicated', 'all'];

function parseStorages(specs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const m = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(spec);
    if (!m) throw new UsageError(`--storage takes NAME=PATH, got "${spec}"`);
    out[m[1] as string] = m[2] as string;
  }
  return out;
}

export function configure(noun: Command): void {
  applyVerb<InitOptions>(noun, {
    name: 'init',
    summary: 'Create a local state directory (an instance with an administrator and its token)',
    examples: [
      'hostctl init --state ./state',
      'hostctl init --demo                       # sample users, groups, projects, tokens…',
      'hostctl init --state ./s --tier premium --offering self-managed --storage fast=/mnt/fast',
      'TOKEN=$(hostctl init --state ./s --no-input)   # the root token is the only thing on stdout',
      'hostctl init --recover-token --state ./s       # lost every admin token: a new one for the first admin',
      'hostctl init --state ./s --external-url https://git.example.com   # web URLs the state prints point there',
      'hostctl init --external-url http://localhost:9000   # an existing state: change only its external URL',
    ],
    options: (cmd) =>
      cmd
        .option('--root-token <token>', 'use this secret for the root token instead of a generated one (at least 20 characters)')
        .option('--tier <tier>', `licence tier: ${TIERS.join(', ')}`, 'ultimate')
        .option('--offering <offering>', `offering to behave as: ${OFFERINGS.join(', ')}`, 'all')
        .option('--storage <name=path>', 'an extra repository storage (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
        .option('--external-url <url>', 'base of the web URLs (web_url, clone and download links, DSNs) commands on this state print while no serve of it runs (default http://localhost:8080); on an existing state (--state, else the current local context), changes only that')
        .option('--demo', 'fill the new state with demo data')
        .option('--context-name <name>', 'name of the context to create', 'local')
        .option('--recover-token', 'issue a new administrator token for an EXISTING local state (access to its files is the proof)'),
    async run(cli, _args, opts) {
      if (opts.recoverToken) {
        await recover(cli, opts);
        return;
      }
      checkChoice(opts.tier, TIERS, '--tier');
      checkChoice(opts.offering, OFFERINGS, '--offering');
      if (opts.rootToken !== undefined && opts.rootToken.length < 20) throw new UsageError('--root-token must be at least 20 characters');
      if (opts.externalUrl !== undefined && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(opts.externalUrl)) throw new UsageError(`--external-url must be an http(s) URL, got "${opts.externalUrl}"`);
      const storages = parseStorages(opts.storage);
      const stateDir = localStateDir(cli.globals.state, cli.env, false);
      if (opts.externalUrl !== undefined) {
        // An existing state changes its external URL: the one --state names, else (when nothing
        // but --external-url was given) the state of the current local context.
        const creating = opts.demo || opts.rootToken !== undefined || opts.storage.length > 0;
        const existing = creating ? stateDir : localStateDir(cli.globals.state, cli.env, true);
        if (existsSync(join(existing, STATE_DB))) {
          await changeExternalUrl(cli, existing, opts);
          return;
        }
      }
      if (cli.globals.dryRun) {
        cli.info(`dry run: would create a state (tier ${opts.tier}) at ${stateDir}${opts.demo ? ' with demo data' : ''} and a context "${opts.contextName}" for it; nothing was written`);
        return;
      }
      const [{ initState, discardState, StateExistsError }, { clockFromEnv }] = await Promise.all([import('../../../core/init.js'), import('../../../core/clock.js')]);
      const dirExisted = existsSync(stateDir);
      let result;
      try {
        result = initState({
          stateDir,
          tier: opts.tier as 'free',
          offering: opts.offering as 'all',
          storages,
          clock: clockFromEnv(),
          ...(opts.rootToken ? { rootToken: opts.rootToken } : {}),
          ...(opts.externalUrl ? { externalUrl: opts.externalUrl } : {}),
        });
      } catch (error) {
        if (error instanceof StateExistsError) throw new CliError(error.message, EXIT.conflict, 'use another --state directory, or remove that one yourself');
        throw error;
      }
      const { core, rootToken } = result;
      try {
        if (opts.demo) {
          const [{ seedDemo }, { LocalTransport }, { ApiClient }] = await Promise.all([
            import('../../demo/index.js'),
            import('../../../client/local-transport.js'),
            import('../../../client/client.js'),
          ]);
          const client = new ApiClient(new LocalTransport(`local:${stateDir}`, (r) => core.handle(r)), { token: rootToken });
          // Packages of types without an upload API here are made by the service itself.
          const [{ seedPackages }, { routeAvailable }] = await Promise.all([import('../../../core/areas/packages/seed.js'), import('../../../core/app.js')]);
          await seedDemo(client, (line) => cli.info(line), {
            seedPackages: (drafts) => seedPackages(core, drafts),
            // The tier and offering decide what the demo can show; the rest is left out and said so.
            available: (method, path, api) => routeAvailable(core, method, path, api),
          });
          await core.jobs.drain(core, `init-${process.pid}`);
        }
      } catch (error) {
        // A demo that failed half-way leaves no half-filled state behind.
        core.close();
        discardState(stateDir, !dirExisted);
        throw error;
      }
      core.close();
      const contextName = await saveContext(opts.contextName, stateDir, rootToken, cli.env);
      if (cli.globals.output === 'table') {
        cli.info(`created hostctl state at ${stateDir} (tier ${opts.tier}, offering ${opts.offering})`);
        cli.info(`administrator: root; context "${contextName}" points at this state`);
        cli.info('the root token below is shown only once:');
        cli.print(`${rootToken}\n`);
      } else {
        await cli.showItem({ state_dir: stateDir, context: contextName, username: 'root', token: rootToken, tier: opts.tier, offering: opts.offering });
      }
    },
  });
}

/** init --recover-token: a new admin token for an existing local state, stored in its context. */
async function recover(cli: Cli, opts: InitOptions): Promise<void> {
  if (cli.globals.url !== undefined) throw new UsageError('--recover-token works on local states only (give --state DIR, not --url)');
  const stateDir = localStateDir(cli.globals.state, cli.env, false);
  if (cli.globals.dryRun) {
    cli.info(`dry run: would issue a new administrator token for the state at ${stateDir}; nothing was written`);
    return;
  }
  const [{ openCore, StateNotFoundError }, { recoverAdminToken }, { clockFromEnv }] = await Promise.all([import('../../../core/app.js'), import('../../../core/init.js'), import('../../../core/clock.js')]);
  let core;
  try {
    core = openCore({ stateDir, clock: clockFromEnv() });
  } catch (error) {
    if (error instanceof StateNotFoundError) throw new CliError(error.message, EXIT.notFound, 'check --state, or create a state with: hostctl init --state DIR');
    throw error;
  }
  let recovered;
  try {
    recovered = recoverAdminToken(core);
  } finally {
    core.close();
  }
  const existing = Object.entries(readConfig(cli.env).contexts).find(([, c]) => c.type === 'local' && c.state === stateDir)?.[0];
  const name = existing ?? opts.contextName;
  await updateConfig((data) => {
    data.contexts[name] = { type: 'local', state: stateDir, token: recovered.secret };
    if (!data.currentContext || !data.contexts[data.currentContext]) data.currentContext = name;
  }, cli.env);
  if (cli.globals.output === 'table') {
    cli.info(`issued token ${recovered.tokenId} "hostctl-recovered" for administrator ${recovered.username}; context "${name}" now uses it`);
    cli.print(`${recovered.secret}\n`);
  } else {
    await cli.showItem({ state_dir: stateDir, context: name, username: recovered.username, token_id: recovered.tokenId, token: recovered.secret });
  }
}

/** init --external-url on an existing state: changes that setting and nothing else. */
async function changeExternalUrl(cli: Cli, stateDir: string, opts: InitOptions): Promise<void> {
  const creating = [opts.demo && '--demo', opts.rootToken !== undefined && '--root-token', opts.storage.length > 0 && '--storage'].filter(Boolean);
  if (creating.length) throw new UsageError(`a state already exists at ${stateDir}: only --external-url changes it (${creating.join(', ')} apply to a new state)`);
  const url = (opts.externalUrl as string).replace(/\/+$/, '');
  if (cli.globals.dryRun) {
    cli.info(`dry run: would set the external URL of the state at ${stateDir} to ${url}; nothing was written`);
    return;
  }
  const [{ setExternalUrl }, { liveServeRecord }] = await Promise.all([import('../../../core/init.js'), import('../../../core/serve-record.js')]);
  const { before, after } = setExternalUrl(stateDir, url);
  const served = liveServeRecord(stateDir);
  if (cli.globals.output === 'table') {
    cli.info(before === after ? `the external URL of ${stateDir} is already ${after}` : `external URL of ${stateDir}: ${after} (was ${before})`);
    if (served) cli.info(`while the serve running now (pid ${served.pid}) answers, commands on this state print its address ${served.webUrl} instead`);
    else cli.info('commands on this state now print web URLs there');
  } else {
    await cli.showItem({ state_dir: stateDir, external_url: after, previous_external_url: before, served_at: served?.webUrl ?? null });
  }
}

/** Adds a local context (under a free name) and makes it current when there is none. */
async function saveContext(wanted: string, stateDir: string, token: string, env: NodeJS.ProcessEnv): Promise<string> {
  const existing = readConfig(env).contexts;
  let name = wanted;
  for (let i = 2; existing[name] && existing[name]?.state !== stateDir; i++) name = `${wanted}-${i}`;
  await updateConfig((data) => {
    data.contexts[name] = { type: 'local', state: stateDir, token };
    if (!data.currentContext || !data.contexts[data.currentContext]) data.currentContext = name;
  }, env);
  return name;
}
