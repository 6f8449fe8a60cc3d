// Walks the whole commander tree (every noun loaded, so nouns added later are covered without
// touching this file) and checks, for each command: the bash script completes its name under its
// parent and its own flags, the values of each option with a fixed list, nothing (never local
// files) for free-text options; zsh and fish name it; the man page has its entry and options;
// its help works. Dynamic values (projects, groups, users, tags) come from the current target.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface OptionDoc {
  short?: string;
  long?: string;
  valueName?: string;
  choices?: string[];
  /** Completed from the target, or as files (kit/choices.ts). */
  complete?: string;
}
interface CommandDoc {
  name: string;
  summary: string;
  aliases: string[];
  path: string[];
  options: OptionDoc[];
  args: { name: string; choices?: string[]; complete?: string }[];
  commands: CommandDoc[];
}
interface ProgramDoc {
  nouns: CommandDoc[];
  globalOptions: OptionDoc[];
}

const walk = (cs: CommandDoc[]): CommandDoc[] => cs.flatMap((c) => [c, ...walk(c.commands)]);

describe('every command of the tree has completions, a man entry and help', () => {
  let sb: CliSandbox;
  let doc: ProgramDoc;
  let all: CommandDoc[];
  let bashScript: string;
  let path: string;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
    const bin = join(sb.dir, 'bin');
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, 'hostctl'));
    path = `${bin}:${process.env.PATH ?? ''}`;
    // The command tree the bundle is built from (the global setup rebuilds a stale bundle).
    doc = (await (await import('../../src/cli/docs/generate.js')).programDoc()) as ProgramDoc;
    all = walk(doc.nouns);
    bashScript = String((await sb.run(['completion', 'bash'])).stdout);
  });
  afterAll(() => sb.cleanup());

  const globalFlags = () => new Set(doc.globalOptions.flatMap((o) => [o.short, o.long]).filter(Boolean));
  const own = (c: CommandDoc) => c.options.filter((o) => o.long !== '--help' && !(o.long && globalFlags().has(o.long)));

  /** Completes each line (words typed so far, the last one being completed) in one bash run. */
  const completeAll = (lines: string[][], cwd = ROOT): string[][] => {
    const file = join(sb.dir, 'walk.sh');
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    writeFileSync(
      file,
      [
        bashScript,
        'c() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); _hostctl; local IFS=" "; echo "${COMPREPLY[*]}"; }',
        ...lines.map((l) => `c hostctl ${l.map(q).join(' ')}`),
      ].join('\n'),
    );
    const out = execFileSync('bash', [file], { encoding: 'utf8', env: { ...process.env, ...sb.env, PATH: path }, cwd });
    return out.split('\n').slice(0, lines.length).map((l) => l.split(' ').filter(Boolean));
  };

  it('walks a tree with nested groups', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((c) => c.path.join(' ') === 'releases links add')).toBe(true);
    expect(all.some((c) => c.path.join(' ') === 'branches protections update')).toBe(true);
  });

  it('a group summary that lists verbs (`Tags of a project: list, get, …`) names only verbs it has', () => {
    /** The words starting each comma-separated item after the summary's first `: `, outside parentheses. */
    const listed = (summary: string): string[] => {
      let depth = 0;
      let at = -1;
      for (let i = 0; i < summary.length && at < 0; i++) {
        if (summary[i] === '(') depth++;
        else if (summary[i] === ')') depth--;
        else if (depth === 0 && summary.startsWith(': ', i)) at = i + 2;
      }
      if (at < 0) return [];
      const items = [''];
      depth = 0;
      for (const ch of summary.slice(at)) {
        if (ch === '(') depth++;
        if (depth === 0 && ch === ',') items.push('');
        else if (depth === 0) items[items.length - 1] += ch;
        if (ch === ')') depth--;
      }
      return items.map((i) => i.trim().split(/[\s(]/)[0] as string);
    };
    const groups = all.filter((c) => c.commands.length > 0);
    expect(groups.filter((c) => listed(c.summary).length > 0).length).toBeGreaterThan(25);
    for (const c of groups) {
      const verbs = new Set(c.commands.flatMap((v) => [v.name, ...v.aliases]));
      expect(listed(c.summary).filter((w) => !verbs.has(w)), `${c.path.join(' ')}: ${c.summary}`).toEqual([]);
    }
  });

  it('bash completes every command name under its parent, and its own flags', () => {
    const names = completeAll(all.map((c) => [...c.path.slice(0, -1), c.name.slice(0, Math.max(1, c.name.length - 1))]));
    const flags = completeAll(all.filter((c) => !c.commands.length).map((c) => [...c.path, '--']));
    all.forEach((c, i) => expect(names[i], c.path.join(' ')).toContain(c.name));
    all
      .filter((c) => !c.commands.length)
      .forEach((c, i) => {
        for (const o of own(c)) if (o.long) expect(flags[i], `${c.path.join(' ')} ${o.long}`).toContain(o.long);
        // Global options are offered everywhere.
        expect(flags[i]).toContain('--output');
        expect(flags[i]).toContain('--jq');
        expect(flags[i]).toContain('--dry-run');
      });
  });

  it('bash completes fixed values, and never files for free-text options', () => {
    const cases: { c: CommandDoc; o: OptionDoc; words: string[] | null }[] = [];
    for (const c of all.filter((x) => !x.commands.length)) {
      for (const o of own(c)) {
        if (!o.long || !o.valueName) continue;
        if (o.choices) cases.push({ c, o, words: o.choices });
        else if (!o.complete && !/(^|-)(file|dir|directory|path)$/.test(o.valueName) && !['--project', '--repo', '--group', '--parent', '--namespace', '--user', '--username', '--tag', '--branch', '--ref', '--context', '--state'].includes(o.long)) cases.push({ c, o, words: null });
      }
    }
    expect(cases.some((k) => k.words && k.o.long === '--sort')).toBe(true);
    expect(cases.some((k) => k.words && k.o.long === '--visibility')).toBe(true);
    expect(cases.some((k) => k.words && k.o.long === '--access-level')).toBe(true);
    const got = completeAll(cases.map((k) => [...k.c.path, k.o.long as string, '']));
    cases.forEach((k, i) => {
      const label = `${k.c.path.join(' ')} ${String(k.o.long)}`;
      if (k.words) expect(got[i], label).toEqual(k.words);
      // In the repository root there are files: none may be offered for a free value.
      else expect(got[i], label).toEqual([]);
    });
    const globals = completeAll([['-o', ''], ['--color', ''], ['--context', '']]);
    expect(globals[0]).toEqual(['table', 'wide', 'json', 'yaml', 'jsonl', 'csv']);
    expect(globals[1]).toEqual(['auto', 'always', 'never']);
    expect(globals[2]).toEqual(['local']);
  });

  it('bash completes project paths, group paths, usernames and tags from the target', () => {
    const [projects, groups, users, tags, argProject] = completeAll([
      ['branches', 'list', '-R', 'acme/web/'],
      ['projects', 'list', '--group', 'acme/p'],
      ['tokens', 'list', '--user', 'c'],
      ['releases', 'get', '-R', 'acme/web/storefront', 'v1'],
      ['projects', 'get', 'oss/'],
    ]);
    expect(projects?.sort()).toEqual(['acme/web/design-system', 'acme/web/storefront']);
    expect(groups?.sort()).toEqual(['acme/platform', 'acme/platform/infra']);
    expect(users).toEqual(['carol']);
    expect(tags?.sort()).toEqual(['v1.0.0', 'v1.1.0']);
    expect(argProject).toEqual(['oss/yaml-lint']);
  });

  it('bash completes sort fields and, after the colon bash splits at, their directions', () => {
    // readline splits `--sort expires:de` into `expires`, `:`, `de`; what it puts back is the part after the colon.
    const [fields, afterColon, partial, equals] = completeAll([
      ['tokens', 'list', '--sort', 'exp'],
      ['tokens', 'list', '--sort', 'expires', ':', ''],
      ['releases', 'list', '-R', 'acme/web/storefront', '--sort', 'released', ':', 'd'],
      ['tokens', 'list', '--sort', '=', 'expires', ':', 'a'],
    ]);
    expect(fields).toEqual(['expires', 'expires:asc', 'expires:desc']);
    expect(afterColon).toEqual(['asc', 'desc']);
    expect(partial).toEqual(['desc']);
    expect(equals).toEqual(['asc']);
  });

  it('bash completes what a command narrows its arguments to: top-level groups, enterprise users, wiki slugs, storages, time zones', () => {
    const [samlGroups, allGroups, scimGroups, enterprise, enterpriseByPrefix, projectWiki, groupWiki, storages, moveTo, zones, removeStorage] = completeAll([
      ['saml', 'get', ''],
      ['groups', 'get', 'acme/'],
      ['scim', 'token', ''],
      ['enterprise-users', 'get', 'acme', ''],
      ['enterprise-users', 'disable-2fa', '-o', 'json', 'acme', 'p'],
      ['wikis', 'get', '-R', 'acme/web/storefront', ''],
      ['wikis', 'history', '--group', 'acme', ''],
      ['projects', 'list', '--storage', ''],
      ['storage-moves', 'schedule', '--from', 'default', '--to', ''],
      ['freeze-periods', 'create', '-R', 'acme/web/storefront', '--timezone', 'Europe/Be'],
      ['storages', 'remove', 'arc'],
    ]);
    expect(samlGroups?.sort()).toEqual(['acme', 'oss']);
    expect(allGroups?.sort()).toEqual(['acme/platform', 'acme/platform/infra', 'acme/web']);
    expect(scimGroups?.sort()).toEqual(['acme', 'oss']);
    expect(enterprise?.length).toBeGreaterThan(1);
    expect(enterprise).toContain('priya.shah');
    expect(enterpriseByPrefix).toEqual(['priya.shah']);
    expect(projectWiki?.sort()).toEqual(['Home', 'Runbook', 'guides/Deploying']);
    expect(groupWiki).toEqual(['Engineering-handbook']);
    expect(storages?.sort()).toEqual(['archive', 'default']);
    expect(moveTo?.sort()).toEqual(['archive', 'default']);
    expect(zones).toEqual(Intl.supportedValuesOf('timeZone').filter((z) => z.startsWith('Europe/Be')));
    expect(zones).toContain('Europe/Berlin');
    expect(removeStorage).toEqual(['archive']);
  });

  it('a storage name completes wherever the value is named <storage>, declared once by that value name', () => {
    const storageOptions = all.flatMap((c) => c.options.filter((o) => o.valueName === 'storage').map((o) => [c.path.join(' '), o] as const));
    const storageArgs = all.flatMap((c) => c.args.filter((a) => a.name === 'storage').map((a) => [c.path.join(' '), a] as const));
    // projects list|create|update --storage, snippets list --storage, storage-moves schedule --from/--to, storages remove STORAGE.
    expect(storageOptions.length + storageArgs.length).toBeGreaterThanOrEqual(7);
    for (const [where, o] of storageOptions) expect([where, o.long, o.complete]).toEqual([where, o.long, 'storages']);
    for (const [where, a] of storageArgs) expect([where, a.complete]).toEqual([where, 'storages']);
    // And the other way round: whatever completes storages says so by its value name, not by a declaration of its own.
    const completing = all.flatMap((c) => [...c.options.filter((o) => o.complete === 'storages').map((o) => o.valueName), ...c.args.filter((a) => a.complete === 'storages').map((a) => a.name)]);
    expect(new Set(completing)).toEqual(new Set(['storage']));
  });

  it('bash completes files for the arguments that take files, and directories where one is wanted', () => {
    const dir = join(sb.dir, 'files');
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'app.tar.gz'), 'x');
    writeFileSync(join(dir, 'app.zip'), 'x');
    const [upload, more, wikiUpload, releaseAsset, storageDir, download] = completeAll(
      [
        ['packages', 'upload', '-R', 'acme/web/storefront', '--name', 'app', '--version', '1', 'app'],
        ['packages', 'upload', 'app.zip', 'app.t'],
        ['wikis', 'upload', '-R', 'acme/web/storefront', 'app.z'],
        ['releases', 'upload', 'v1.1.0', 'app.t'],
        ['storages', 'add', 'fast', 'd'],
        ['packages', 'download', 'storefront-assets@1.0.0', 'app'],
      ],
      dir,
    );
    expect(upload?.sort()).toEqual(['app.tar.gz', 'app.zip']);
    expect(more).toEqual(['app.tar.gz']);
    expect(wikiUpload).toEqual(['app.zip']);
    expect(releaseAsset).toEqual(['app.tar.gz']);
    expect(storageDir).toEqual(['dist']);
    // A package's FILE is a file of the package, not of this machine.
    expect(download).toEqual([]);
  });

  it('zsh and fish scripts name every command', async () => {
    const zsh = String((await sb.run(['completion', 'zsh'])).stdout);
    const fish = String((await sb.run(['completion', 'fish'])).stdout);
    for (const c of all) {
      const fn = `_hostctl${c.path.map((p) => `_${p.replace(/[^A-Za-z0-9]/g, '_')}`).join('')}()`;
      expect(zsh, c.path.join(' ')).toContain(fn);
      expect(fish, c.path.join(' ')).toContain(`'${c.path.slice(0, -1).join(' ')}|${c.name}'`);
    }
  });

  it('names the project -R, --project and a group -g, --group in every command that takes them (docs/cli-conventions.md)', () => {
    const wrong = all.flatMap((c) =>
      own(c)
        .filter((o) => (o.long === '--project' && o.short !== '-R') || (o.long === '--group' && o.short !== '-g'))
        .map((o) => `${c.path.join(' ')} ${o.long}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the man page has an entry for every command with its options', () => {
    const man = readFileSync(join(ROOT, 'man/hostctl.1'), 'utf8');
    const roffText = (s: string) => s.replace(/-/g, '\\-');
    for (const c of all) {
      if (c.path.length > 1) expect(man, c.path.join(' ')).toContain(`.SS ${c.path.join(' ').replace(/(^|\s)-/g, '$1\\-')}`);
      for (const o of own(c)) if (o.long) expect(man, `${c.path.join(' ')} ${o.long}`).toContain(roffText(o.long));
    }
    expect(man).toContain('.SH FORMATTING');
  });

  it('hostctl help works for every command', async () => {
    for (const c of all) {
      const res = await sb.run(['help', ...c.path]);
      expect(res.exitCode, c.path.join(' ')).toBe(0);
      expect(String(res.stdout), c.path.join(' ')).toContain(`Usage: hostctl ${c.path.join(' ')}`);
      // A repeatable flag's empty starting list is not shown as a default.
      expect(String(res.stdout), c.path.join(' ')).not.toContain('(default: [])');
    }
    // One process per command (a few hundred): the time grows with the tree, not with a defect.
  }, 300_000);
});
