// Completions and the man page: the committed files must match what the command tree generates
// now (else: run npm run gen:docs), `hostctl completion` prints the same scripts, and each script
// really completes nouns, verbs, flags, values and context names in its shell.
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
// hostctl's own runs in-process; the shells run the real command (on PATH) for dynamic values.
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { roff } from '../../src/cli/docs/man.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = { bash: 'completions/hostctl.bash', zsh: 'completions/_hostctl', fish: 'completions/hostctl.fish', man: 'man/hostctl.1' } as const;
/** The demo's enterprise users of acme. */
const ENTERPRISE = ['mei.lin', 'olu.adeyemi', 'priya.shah', 'tom.becker'];
const committed = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

interface CommandDoc {
  name: string;
  aliases: string[];
  path: string[];
  options: { long?: string }[];
  commands: CommandDoc[];
}
interface ProgramDoc {
  nouns: CommandDoc[];
  globalOptions: { long?: string }[];
}

describe('completions and man page', () => {
  let sb: CliSandbox;
  let doc: ProgramDoc;
  /** PATH with a `hostctl` command, for the scripts' dynamic completion of context names. */
  let path: string;

  beforeAll(async () => {
    sb = cliSandbox();
    // The demo, for groups and their enterprise users (the hidden -g of group-first commands).
    await sb.init(['--demo']);
    await sb.run(['context', 'add', 'staging', '--url', 'http://127.0.0.1:9', '--no-verify']);
    // An alias, offered beside the commands as the first word.
    await sb.run(['alias', 'set', 'mine', 'projects list --owned']);
    const bin = join(sb.dir, 'bin');
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, 'hostctl'));
    path = `${bin}:${process.env.PATH ?? ''}`;
    // The command tree the bundle is built from (the global setup rebuilds a stale bundle).
    doc = (await (await import('../../src/cli/docs/generate.js')).programDoc()) as ProgramDoc;
  });
  afterAll(() => sb.cleanup());

  it('the committed files are what the command tree generates (else: run npm run gen:docs)', async () => {
    const out = join(sb.dir, 'generated');
    await execa(process.execPath, [join(ROOT, 'scripts/gen-docs.mjs'), '--out', out]);
    for (const file of Object.values(FILES)) {
      const fresh = readFileSync(join(out, file), 'utf8');
      expect(fresh === committed(file), `${file} is stale: run npm run gen:docs`).toBe(true);
    }
  });

  it.each(['bash', 'zsh', 'fish'] as const)('hostctl completion %s prints the committed script', async (shell) => {
    const res = await sb.run(['completion', shell]);
    expect(res.exitCode).toBe(0);
    expect(`${String(res.stdout)}\n`).toBe(committed(FILES[shell]));
  });

  it('an unknown shell is a usage error', async () => {
    const res = await sb.run(['completion', 'tcsh']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: unknown shell "tcsh": hostctl completes bash, zsh or fish \(hostctl completion install --shell bash\|zsh\|fish\)$/m);
  });

  it('every noun, verb and flag is in the man page and the scripts', () => {
    const man = committed(FILES.man);
    const bash = committed(FILES.bash);
    const fish = committed(FILES.fish);
    const zsh = committed(FILES.zsh);
    for (const noun of doc.nouns) {
      expect(man).toContain(`.SH HOSTCTL ${roff(noun.name.toUpperCase())}`);
      for (const script of [bash, fish, zsh]) expect(script).toContain(noun.name);
      for (const verb of noun.commands) {
        expect(man).toContain(`.SS ${roff(`${noun.name} ${verb.name}`)}`);
        expect(bash).toContain(`'${noun.name} ${verb.name}')`);
        expect(fish).toContain(`-a ${verb.name} `);
        for (const o of verb.options) if (o.long) expect(bash).toContain(o.long);
      }
    }
    for (const o of doc.globalOptions) if (o.long) expect(man).toContain(roff(o.long, true));
  });

  it('the man page has the reference sections, exit codes and environment', () => {
    const man = committed(FILES.man);
    for (const section of ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'GLOBAL OPTIONS', 'EXIT STATUS', 'ENVIRONMENT', 'FILES', 'EXAMPLES']) expect(man).toContain(`\n.SH ${section}\n`);
    const exit = man.slice(man.indexOf('.SH EXIT STATUS'), man.indexOf('.SH ENVIRONMENT'));
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 130]) expect(exit).toContain(`.TP\n\\fB${code}\\fR\n`);
    const env = man.slice(man.indexOf('.SH ENVIRONMENT'), man.indexOf('.SH FILES'));
    for (const name of ['HOSTCTL_CONTEXT', 'HOSTCTL_URL', 'HOSTCTL_TOKEN', 'HOSTCTL_STATE', 'HOSTCTL_CONFIG_DIR', 'GITLAB_HOST', 'GITLAB_TOKEN', 'NO_COLOR', 'FORCE_COLOR', 'CI', 'HOSTCTL_NO_PROMPT', 'XDG_DATA_HOME', 'XDG_CONFIG_HOME']) {
      expect(env).toContain(`\\fB${name}`);
    }
    expect(man).not.toMatch(/[^\x00-\x7f]/);
  });

  it.runIf(has('groff'))('the man page renders without warnings', () => {
    const res = execFileSync('groff', ['-man', '-Tutf8', '-ww', '-z', join(ROOT, FILES.man)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(res).toBe('');
    // Bold and underline come out as overstrikes (x BACKSPACE x); drop them to read the text.
    const text = execFileSync('groff', ['-man', '-Tascii', join(ROOT, FILES.man)], { encoding: 'utf8' }).replace(/.\u0008/g, '');
    expect(text).toContain('EXIT STATUS');
    expect(text).toContain('hostctl context add [options] name');
  });

  describe('completion install', () => {
    let n = 0;
    /** A fresh home directory, and hostctl run with it (no XDG variables: the defaults under HOME). */
    const home = () => {
      const dir = join(sb.dir, `home-${++n}`);
      mkdirSync(dir);
      const run = (args: string[], env: Record<string, string> = {}) => sb.run(['completion', 'install', ...args], { env: { HOME: dir, SHELL: '/bin/bash', XDG_DATA_HOME: '', XDG_CONFIG_HOME: '', ZDOTDIR: '', ...env } });
      return { dir, run };
    };
    const bashFile = (dir: string) => join(dir, '.local/share/bash-completion/completions/hostctl');

    it('--dry-run says what it would write and where, and writes nothing', async () => {
      const { dir, run } = home();
      const res = await run(['--dry-run']);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(String(res.stdout)).toContain(`write ${bashFile(dir)}`);
      expect(String(res.stdout)).toContain(`append to ${join(dir, '.bashrc')}:`);
      expect(String(res.stderr)).toContain('dry run: nothing was written');
      expect(existsSync(bashFile(dir))).toBe(false);
      expect(existsSync(join(dir, '.bashrc'))).toBe(false);
    });

    it('without a terminal or --yes it writes the script, leaves ~/.bashrc alone and prints the line to add', async () => {
      const { dir, run } = home();
      writeFileSync(join(dir, '.bashrc'), 'alias ll="ls -l"\n');
      const res = await run([]);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(readFileSync(bashFile(dir), 'utf8')).toBe(committed(FILES.bash));
      expect(readFileSync(join(dir, '.bashrc'), 'utf8')).toBe('alias ll="ls -l"\n');
      expect(String(res.stderr)).toContain('add these lines to ~/.bashrc (or re-run with --yes)');
      // The lines alone on stdout, so `>> ~/.bashrc` adds them.
      expect(String(res.stdout)).toBe(`# hostctl shell completion (added by \`hostctl completion install\`)\n[ -f '${bashFile(dir)}' ] && . '${bashFile(dir)}'`);
    });

    it('--yes adds the line once; a new interactive bash then completes hostctl', async () => {
      const { dir, run } = home();
      writeFileSync(join(dir, 'dotfiles-bashrc'), 'export EDITOR=vi');
      symlinkSync(join(dir, 'dotfiles-bashrc'), join(dir, '.bashrc'));
      const first = await run(['--yes']);
      expect(first.exitCode, String(first.stderr)).toBe(0);
      expect(String(first.stderr)).toContain(`wrote bash completion to ${bashFile(dir)}`);
      expect(String(first.stderr)).toContain('added to ~/.bashrc');
      expect(String(first.stderr)).toContain('source ~/.bashrc');
      const rc = readFileSync(join(dir, '.bashrc'), 'utf8');
      expect(rc.startsWith('export EDITOR=vi\n\n# hostctl shell completion')).toBe(true);
      // A dotfile kept elsewhere stays a link: the file it points at gets the line.
      expect(lstatSync(join(dir, '.bashrc')).isSymbolicLink()).toBe(true);
      const again = await run(['bash', '--yes']);
      expect(again.exitCode).toBe(0);
      expect(String(again.stderr)).toContain('is up to date');
      expect(String(again.stderr)).not.toContain('added to');
      expect(readFileSync(join(dir, '.bashrc'), 'utf8')).toBe(rc);
      const shell = await execa('bash', ['-i', '-c', 'complete -p hostctl'], { env: { HOME: dir, PATH: path, TERM: 'dumb' }, extendEnv: false, reject: false });
      expect(String(shell.stdout)).toContain('complete -F _hostctl hostctl');
    });

    it('--no-rc never touches the startup file', async () => {
      const { dir, run } = home();
      const res = await run(['--no-rc', '--yes']);
      expect(res.exitCode).toBe(0);
      expect(existsSync(join(dir, '.bashrc'))).toBe(false);
      expect(String(res.stdout)).toContain(`. '${bashFile(dir)}'`);
    });

    it('zsh: the directory goes on fpath before compinit runs, once', async () => {
      const { dir, run } = home();
      writeFileSync(join(dir, '.zshrc'), 'export LANG=C.UTF-8\nautoload -Uz compinit\ncompinit\n');
      const res = await run(['--shell', 'zsh', '--yes'], { SHELL: '/bin/bash' });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(readFileSync(join(dir, '.zfunc/_hostctl'), 'utf8')).toBe(committed(FILES.zsh));
      const rc = readFileSync(join(dir, '.zshrc'), 'utf8');
      expect(rc).toBe(`export LANG=C.UTF-8\n# hostctl shell completion (added by \`hostctl completion install\`)\nfpath=('${join(dir, '.zfunc')}' $fpath)\n\nautoload -Uz compinit\ncompinit\n`);
      expect((await run(['zsh', '--yes'])).exitCode).toBe(0);
      expect(readFileSync(join(dir, '.zshrc'), 'utf8')).toBe(rc);
      // No compinit anywhere: it is added after the fpath line.
      const bare = home();
      expect((await bare.run(['zsh', '--yes'])).exitCode).toBe(0);
      expect(readFileSync(join(bare.dir, '.zshrc'), 'utf8')).toContain(`$fpath)\nautoload -Uz compinit && compinit\n`);
    });

    it('picks the shell named (argument or --shell), else the one $SHELL names, says which, and names --shell when it cannot tell', async () => {
      const { dir, run } = home();
      for (const [SHELL, shell] of [['/usr/bin/zsh', 'zsh'], ['/usr/local/bin/fish-3.7', 'fish'], ['-bash', 'bash']] as const) {
        const res = await run(['--dry-run'], { SHELL });
        expect([SHELL, res.exitCode], String(res.stderr)).toEqual([SHELL, 0]);
        expect(String(res.stderr)).toContain(`installing ${shell} completion ($SHELL is ${SHELL}; another shell: --shell `);
        expect(String(res.stdout)).toMatch(shell === 'zsh' ? /_hostctl$/m : shell === 'fish' ? /hostctl\.fish$/m : /bash-completion\/completions\/hostctl$/m);
      }
      // Named on the line: $SHELL is not consulted, nor mentioned.
      const named = await run(['--shell', 'fish', '--dry-run'], { SHELL: '/bin/tcsh' });
      expect([named.exitCode, String(named.stderr)]).toEqual([0, expect.not.stringContaining('$SHELL')]);
      for (const SHELL of ['/bin/tcsh', '']) {
        const res = await run([], { SHELL });
        expect(res.exitCode).toBe(2);
        expect(String(res.stderr)).toMatch(/^error: cannot tell which shell to install completion for: \$SHELL (is \/bin\/tcsh, which is not one of bash, zsh, fish|is not set); name it with --shell bash\|zsh\|fish$/m);
      }
      const flag = await run(['--shell', 'tcsh']);
      expect([flag.exitCode, String(flag.stderr)]).toEqual([2, expect.stringMatching(/^error: --shell tcsh: not a shell hostctl completes \(bash, zsh or fish\)$/m)]);
      const arg = await run(['tcsh']);
      expect([arg.exitCode, String(arg.stderr)]).toEqual([2, expect.stringMatching(/^error: unknown shell "tcsh": /m)]);
      expect(existsSync(join(dir, '.bashrc'))).toBe(false);
    });

    it('fish needs no startup file; the shell given twice differently is a usage error', async () => {
      const { dir, run } = home();
      const res = await run(['fish']);
      expect(res.exitCode).toBe(0);
      expect(readFileSync(join(dir, '.config/fish/completions/hostctl.fish'), 'utf8')).toBe(committed(FILES.fish));
      expect(String(res.stdout)).toBe('');
      const twice = await run(['fish', '--shell', 'zsh']);
      expect(twice.exitCode).toBe(2);
      expect(String(twice.stderr)).toContain('the shell is given twice');
    });
  });

  describe('bash', () => {
    const complete = async (line: string): Promise<string[]> => {
      const words = line.split(' ');
      const script = [
        `source ${JSON.stringify(join(ROOT, FILES.bash))}`,
        `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
        `COMP_CWORD=${words.length - 1}`,
        '_hostctl',
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join('\n');
      const res = await execa('bash', ['--norc', '-c', script], { env: { ...sb.env, PATH: path } });
      return String(res.stdout).split('\n').filter(Boolean);
    };

    it('is valid bash', () => {
      execFileSync('bash', ['-n', join(ROOT, FILES.bash)]);
    });

    it('completes nouns, verbs (aliases too), flags and values', async () => {
      expect(await complete('hostctl ')).toEqual(expect.arrayContaining(['api', 'completion', 'context', 'init', 'serve', 'tokens', 'help']));
      expect(await complete('hostctl con')).toEqual(['context']);
      expect(await complete('hostctl min')).toEqual(['mine']);
      expect(await complete('hostctl ')).toContain('mine');
      // Only as the first word.
      expect(await complete('hostctl tokens min')).toEqual([]);
      expect(await complete('hostctl context ')).toEqual(['add', 'get', 'list', 'remove', 'rename', 'set-token', 'use']);
      expect(await complete('hostctl contexts u')).toEqual(['use']);
      expect(await complete('hostctl -o json context add x --tok')).toEqual(['--token', '--token-stdin', '--token-command']);
      expect(await complete('hostctl api --pag')).toEqual(['--paginate']);
      expect(await complete('hostctl tokens list --fie')).toEqual(['--fields']);
      expect(await complete('hostctl -o ')).toEqual(['table', 'wide', 'json', 'yaml', 'jsonl', 'csv']);
      expect(await complete('hostctl --output = y')).toEqual(['yaml']);
      expect(await complete('hostctl completion ')).toEqual(['bash', 'zsh', 'fish', 'install']);
      expect(await complete('hostctl --context ')).toEqual(['local', 'staging']);
    });

    it('the hidden -g of a group-first command completes as GROUP, and the words after it are the next arguments', async () => {
      expect((await complete('hostctl saml get -g ')).sort()).toEqual(['acme', 'oss']);
      expect(await complete('hostctl saml get -g acme ')).toEqual([]);
      expect((await complete('hostctl enterprise-users get -g acme ')).sort()).toEqual(ENTERPRISE);
      expect(await complete('hostctl enterprise-users get -o json --group acme p')).toEqual(['priya.shah']);
      // bash splits --group=acme at the "=".
      expect(await complete('hostctl enterprise-users get --group = acme p')).toEqual(['priya.shah']);
      expect((await complete('hostctl enterprise-users get acme ')).sort()).toEqual(ENTERPRISE);
    });
  });

  describe.runIf(has('fish'))('fish', () => {
    const complete = async (line: string): Promise<string[]> => {
      const res = await execa('fish', ['--no-config', '-c', `source ${JSON.stringify(join(ROOT, FILES.fish))}; complete -C ${JSON.stringify(line)}`], { env: { ...sb.env, PATH: path } });
      return String(res.stdout)
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0] as string);
    };

    it('is valid fish', () => {
      execFileSync('fish', ['--no-config', '-n', join(ROOT, FILES.fish)]);
    });

    it('completes nouns, verbs, flags and values', async () => {
      expect(await complete('hostctl con')).toEqual(['context']);
      expect(await complete('hostctl min')).toEqual(['mine']);
      expect(await complete('hostctl contexts ')).toEqual(['add', 'get', 'list', 'remove', 'rename', 'set-token', 'use']);
      expect(await complete('hostctl api --pag')).toEqual(['--paginate']);
      expect((await complete('hostctl -o ')).sort()).toEqual(['csv', 'json', 'jsonl', 'table', 'wide', 'yaml']);
      expect((await complete('hostctl completion ')).sort()).toEqual(['bash', 'fish', 'install', 'zsh']);
      expect(await complete('hostctl --context ')).toEqual(['local', 'staging']);
    });

    it('after help: topics and commands, then a command\'s subcommands and nothing past them', async () => {
      expect(await complete('hostctl help expo')).toEqual(expect.arrayContaining(['export']));
      expect(await complete('hostctl help exit')).toEqual(['exit-codes']);
      expect(await complete('hostctl help tokens ')).toEqual(['associations', 'create', 'get', 'list', 'revoke', 'rotate']);
      expect(await complete('hostctl help saml links ')).toEqual(['create', 'delete', 'get', 'list']);
      expect(await complete('hostctl help tokens list ')).toEqual([]);
    });

    it('completes sort directions after the colon, time zones, and files only where an argument takes them', async () => {
      expect((await complete('hostctl tokens list --sort expires:')).sort()).toEqual(['expires:asc', 'expires:desc']);
      expect((await complete('hostctl freeze-periods create --timezone Europe/Be')).sort()).toEqual(Intl.supportedValuesOf('timeZone').filter((z) => z.startsWith('Europe/Be')));
      expect(await complete(`hostctl packages upload ${join(ROOT, 'package.j')}`)).toEqual([join(ROOT, 'package.json')]);
      expect(await complete(`hostctl packages download ${join(ROOT, 'package.j')}`)).toEqual([]);
    });

    it('the hidden -g of a group-first command completes as GROUP, and the words after it are the next arguments', async () => {
      expect((await complete('hostctl saml get -g ')).sort()).toEqual(['acme', 'oss']);
      expect(await complete('hostctl saml get -g acme ')).toEqual([]);
      expect((await complete('hostctl enterprise-users get -g acme ')).sort()).toEqual(ENTERPRISE);
      expect((await complete('hostctl enterprise-users get acme ')).sort()).toEqual(ENTERPRISE);
    });
  });

  describe.runIf(has('zsh'))('zsh', () => {
    // Drives an interactive zsh on a pseudo-terminal (zpty) and lists the choices for a line.
    // After the Tab it types Ctrl-U and a command printing a marker: zsh reads keys in order, so
    // the marker prints only once the completion has finished, and reading stops there rather
    // than after a quiet spell (a pause on a busy machine could have cut a list short). The
    // marker's output follows a line break or a terminal escape, its echo a space. Nothing is
    // typed before the line editor is reading (it turns bracketed paste on): keys typed earlier
    // are echoed by the terminal as plain text and the Tab completes nothing. Between reads it
    // waits with zselect, a builtin: an external `sleep` was a process per 20 ms, over a
    // thousand per run.
    const DRIVER = `
zmodload zsh/zpty zsh/zselect
zpty z zsh -f -i
zpty -w z 'PS1=""; bindkey -e; autoload -U compinit; compinit -u -D; source ${join(ROOT, FILES.zsh)}; bindkey "^I" list-choices; print READY'
local all="" chunk
until [[ $all == *[^[:blank:]]READY*$'\\e[?2004h'* ]]; do
  if zpty -r -t z chunk; then all+="$chunk"; else zselect -t 2; fi
done
all=""
zpty -w -n z "$1"$'\\t'$'\\x15''print -r -- __DONE__'$'\\n'
until [[ $all == *[^[:blank:]]__DONE__* ]]; do
  if zpty -r -t z chunk; then all+="$chunk"; else zselect -t 2; fi
done
print -r -- "\${all%__DONE__*}"
zpty -d z
`;
    const complete = async (line: string): Promise<string> => {
      const file = join(sb.dir, 'zsh-driver.zsh');
      writeFileSync(file, DRIVER);
      const res = await execa('zsh', ['-f', file, line], { env: { ...sb.env, PATH: path }, timeout: 30_000 });
      return String(res.stdout).replace(/\u001b\[[0-9;?]*[a-zA-Z]/g, '').replace(/\r/g, '');
    };

    it('is valid zsh', () => {
      execFileSync('zsh', ['-n', join(ROOT, FILES.zsh)]);
    });

    it('completes nouns with descriptions, verbs, flags and context names', async () => {
      const nouns = await complete('hostctl ');
      expect(nouns).toMatch(/context\s+-- Named targets/);
      expect(nouns).toMatch(/tokens\s+-- Personal access tokens/);
      expect(nouns).toMatch(/\bmine\b/);
      expect(await complete('hostctl contexts ')).toMatch(/add\s+-- .*\n(.*\n)*list\s+-- /);
      expect(await complete('hostctl api -X GET --pag')).toContain('--paginate');
      expect(await complete('hostctl --context ')).toMatch(/local\s+staging/);
    });

    it('after help: topics and commands, then a command\'s subcommands', async () => {
      expect(await complete('hostctl help ')).toMatch(/exit-codes/);
      expect(await complete('hostctl help tokens ')).toMatch(/associations\s+-- .*\n(.*\n)*rotate\s+-- /);
      expect(await complete('hostctl help saml links ')).toMatch(/create\s+-- .*\n(.*\n)*list\s+-- /);
    });

    it('completes sort directions after the colon and time zones', async () => {
      expect(await complete('hostctl tokens list --sort expires:')).toMatch(/expires:asc\s+expires:desc/);
      expect(await complete('hostctl freeze-periods create --timezone Europe/Be')).toMatch(/Europe\/Berlin/);
    });

    it('the hidden -g of a group-first command completes as GROUP, is not offered, and the words after it are the next arguments', async () => {
      expect(await complete('hostctl saml get -g ')).toMatch(/acme\s+oss/);
      const users = new RegExp(ENTERPRISE.join('\\s+'));
      expect(await complete('hostctl enterprise-users get -g acme ')).toMatch(users);
      expect(await complete('hostctl enterprise-users get acme ')).toMatch(users);
      const flags = await complete('hostctl enterprise-users get -');
      expect(flags).toContain('--output');
      expect(flags).not.toMatch(/-g\b|--group/);
    });
  });
  // The values an admin reaches for (issue 22, contexts and completion), in each real shell: sort
  // directions after the colon, the files packages upload reads, wiki page slugs of the -R
  // project, storage names, a group's enterprise users, and only top-level groups for saml; and
  // completion install leaves a new zsh and fish completing hostctl.
  describe('values an admin completes, in each shell', () => {
    const WIKI = ['Home', 'Runbook', 'guides/Deploying'];
    const env = () => ({ ...sb.env, PATH: path });

    it('bash (words split as bash splits them at ":" and "=")', async () => {
      const complete = async (...words: string[]): Promise<string[]> => {
        const script = [`source ${JSON.stringify(join(ROOT, FILES.bash))}`, `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`, `COMP_CWORD=${words.length - 1}`, '_hostctl', 'printf "%s\\n" "${COMPREPLY[@]}"'].join('\n');
        return String((await execa('bash', ['--norc', '-c', script], { env: env() })).stdout).split('\n').filter(Boolean).sort();
      };
      expect(await complete('hostctl', 'tokens', 'list', '--sort', 'expires', ':', '')).toEqual(['asc', 'desc']);
      expect(await complete('hostctl', 'packages', 'upload', join(ROOT, 'package.j'))).toEqual([join(ROOT, 'package.json')]);
      expect(await complete('hostctl', 'wikis', 'get', '-R', 'acme/web/storefront', '')).toEqual(WIKI);
      expect(await complete('hostctl', 'projects', 'create', '--storage', '')).toEqual(['archive', 'default']);
      expect(await complete('hostctl', 'saml', 'get', '')).toEqual(['acme', 'oss']);
      expect(await complete('hostctl', 'freeze-periods', 'create', '--timezone', 'Europe/Be')).toEqual(Intl.supportedValuesOf('timeZone').filter((z) => z.startsWith('Europe/Be')).sort());
    });

    it.runIf(has('fish'))('fish', async () => {
      const complete = async (line: string): Promise<string[]> => {
        const res = await execa('fish', ['--no-config', '-c', `source ${JSON.stringify(join(ROOT, FILES.fish))}; complete -C ${JSON.stringify(line)}`], { env: env() });
        return String(res.stdout).split('\n').filter(Boolean).map((l) => l.split('\t')[0] as string).sort();
      };
      expect(await complete('hostctl wikis get -R acme/web/storefront ')).toEqual([...WIKI].sort());
      expect(await complete('hostctl projects create --storage ')).toEqual(['archive', 'default']);
      expect(await complete('hostctl saml get ')).toEqual(['acme', 'oss']);
    });

    it.runIf(has('zsh'))('zsh', async () => {
      // One interactive zsh on a pseudo-terminal (zpty) lists the choices of each line in turn,
      // reading up to a marker printed after each completion (as the zsh tests above do),
      // waiting between reads with zselect (a builtin) rather than a `sleep` process.
      const driver = `
zmodload zsh/zpty zsh/zselect
zpty z zsh -f -i
zpty -w z 'PS1=""; bindkey -e; autoload -U compinit; compinit -u -D; source ${join(ROOT, FILES.zsh)}; bindkey "^I" list-choices; print READY'
local all="" chunk line
until [[ $all == *[^[:blank:]]READY*$'\\e[?2004h'* ]]; do
  if zpty -r -t z chunk; then all+="$chunk"; else zselect -t 2; fi
done
for line in "$@"; do
  all=""
  zpty -w -n z "$line"$'\\t'$'\\x15''print -r -- __DONE__'$'\\n'
  until [[ $all == *[^[:blank:]]__DONE__* ]]; do
    if zpty -r -t z chunk; then all+="$chunk"; else zselect -t 2; fi
  done
  print -r -- "\${all%__DONE__*}__LINE__"
done
zpty -d z
`;
      const file = join(sb.dir, 'zsh-admin-values.zsh');
      writeFileSync(file, driver);
      const lines = ['hostctl packages upload package', 'hostctl wikis get -R acme/web/storefront ', 'hostctl projects create --storage ', 'hostctl saml get '];
      const res = await execa('zsh', ['-f', file, ...lines], { env: env(), cwd: ROOT, timeout: 60_000 });
      const [files, slugs, storages, saml] = String(res.stdout).replace(/\u001b\[[0-9;?]*[a-zA-Z]/g, '').replace(/\r/g, '').split('__LINE__');
      expect(files).toMatch(/package\.json/);
      expect(files).toMatch(/package-lock\.json/);
      expect(slugs).toMatch(/Home\s+Runbook\s+guides\/Deploying/);
      expect(storages).toMatch(/archive\s+default/);
      expect(saml).toMatch(/acme\s+oss/);
      expect(saml).not.toMatch(/acme\/web|acme\/platform/);
    });

    it('completion install: a new zsh and a new fish load it with nothing more to do', async () => {
      const dir = join(sb.dir, 'home-new-shells');
      mkdirSync(dir);
      const installEnv = { HOME: dir, SHELL: '/bin/zsh', XDG_DATA_HOME: '', XDG_CONFIG_HOME: '', ZDOTDIR: '' };
      for (const shell of ['zsh', 'fish']) expect((await sb.run(['completion', 'install', shell, '--yes'], { env: installEnv })).exitCode).toBe(0);
      const shellEnv = { HOME: dir, PATH: path, TERM: 'dumb' };
      if (has('zsh')) {
        const zsh = await execa('zsh', ['-i', '-c', 'print -r -- ${_comps[hostctl]}'], { env: shellEnv, extendEnv: false, reject: false });
        expect(String(zsh.stdout).trim()).toBe('_hostctl');
      }
      if (has('fish')) {
        const fish = await execa('fish', ['-c', 'complete -C "hostctl con"'], { env: shellEnv, extendEnv: false, reject: false });
        expect(String(fish.stdout).split('\t')[0]).toBe('context');
      }
    });
  });
});
