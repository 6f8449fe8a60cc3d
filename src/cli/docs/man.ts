// The man page (roff, man macros), generated from the command tree: a section per noun with its
// verbs, options and examples, then the global options, exit status, environment and files.
import { EXIT, EXIT_MEANINGS } from '../kit/errors.js';
import type { CommandDoc, OptionDoc, ProgramDoc } from './model.js';
import { BULK, ENVIRONMENT, FILES, FORMATTING } from './topics.js';

/**
 * Characters outside ASCII as groff's named glyphs, which every output device (also `-Tascii`
 * under LANG=C) can draw; others as \[uXXXX].
 */
const GLYPHS: Record<string, string> = { '…': '...', '·': '\\(pc', '—': '\\(em', '–': '\\(en', '→': '->', '←': '<-', '‘': '\\(oq', '’': '\\(cq', '“': '\\(lq', '”': '\\(rq', '×': '\\(mu', '≥': '\\(>=', '≤': '\\(<=', '•': '\\(bu', 'é': '\\(\'e' };

/**
 * Escapes text for roff: backslashes, control characters at line start, and hyphens that must stay
 * ASCII minus signs to be copied into a shell (every one in `code`, else those of option words).
 */
export function roff(text: string, code = false): string {
  const escaped = text.replace(/\\/g, '\\e').replace(/[^\x00-\x7f]/gu, (c) => GLYPHS[c] ?? `\\[u${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}]`);
  const minus = code ? escaped.replace(/-/g, '\\-') : escaped.replace(/(^|[\s("'[=,/])(-[^\s)"',\]]*)/g, (_m, lead: string, word: string) => `${lead}${word.replace(/-/g, '\\-')}`);
  return minus
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

const bold = (s: string) => `\\fB${roff(s, true)}\\fR`;
const italic = (s: string) => `\\fI${roff(s, true)}\\fR`;

/** `-o, --output <format>` with the flags bold and the value italic. */
function flagsText(o: OptionDoc): string {
  return o.flags
    .split(/(<[^>]+>|\[[^\]]+\])/)
    .map((part) => (/^[<[]/.test(part) ? italic(part) : part ? bold(part) : ''))
    .join('');
}

function options(list: OptionDoc[]): string[] {
  return list.flatMap((o) => ['.TP', flagsText(o), roff(`${o.description}${o.programOnly ? ' (before any command only)' : ''}${o.defaultValue !== undefined ? ` (default: ${o.defaultValue})` : ''}${o.choices ? ` (one of: ${o.choices.join(', ')})` : ''}`)]);
}

function synopsis(c: CommandDoc, program: string): string {
  const args = c.args.map((a) => {
    const n = `${a.name}${a.variadic ? '...' : ''}`;
    return a.required ? italic(n) : `[${italic(n)}]`;
  });
  const hasOptions = c.options.some((o) => o.long !== '--help');
  return [bold([program, ...c.path].join(' ')), ...(hasOptions ? ['[\\fIoptions\\fR]'] : []), ...args].join(' ');
}

function examples(list: readonly string[]): string[] {
  if (!list.length) return [];
  return ['.PP', 'Examples:', '.PP', '.RS 4', '.nf', ...list.map((e) => roff(`$ ${e}`, true)), '.fi', '.RE'];
}

function commandBlock(c: CommandDoc, program: string, heading: boolean): string[] {
  const own = c.options.filter((o) => o.long !== '--help');
  const lines: string[] = [];
  if (heading) lines.push(`.SS ${roff(c.path.join(' '))}${c.aliases.length ? ` (alias: ${roff(c.aliases.join(', '))})` : ''}`);
  lines.push('.PP', synopsis(c, program), '.PP', roff(c.summary));
  if (c.fromFile) lines.push('.PP', roff('Runs once per record of a file with --from-file FILE; see BULK RUNS.'));
  if (c.destructive !== false) lines.push('.PP', roff(`Asks for confirmation first${typeof c.destructive === 'object' ? ` (${c.destructive.when})` : ''}; where it cannot ask, it refuses without --yes.`));
  if (own.length) lines.push('.PP', 'Options:', '.RS 4', ...options(own), '.RE');
  lines.push(...examples(c.examples));
  return lines;
}

export function manPage(doc: ProgramDoc): string {
  const p = doc.name;
  const out: string[] = [
    `.\\" Generated from the command tree of ${p} ${doc.version} by npm run gen:docs.`,
    `.TH ${p.toUpperCase()} 1 "" "${p} ${doc.version}" "User Commands"`,
    '.SH NAME',
    `${p} \\- ${roff(doc.description.charAt(0).toLowerCase() + doc.description.slice(1))}`,
    '.SH SYNOPSIS',
    `${bold(p)} [\\fIglobal options\\fR] \\fInoun\\fR [\\fIverb\\fR] [\\fIarguments\\fR] [\\fIoptions\\fR]`,
    '.br',
    `${bold(p)} \\fInoun\\fR [\\fIverb\\fR] \\fB\\-\\-help\\fR`,
    '.SH DESCRIPTION',
    roff(
      `${p} administers a GitLab-style hosting platform through its REST API v4: a remote instance, or a local one bundled inside ${p} that keeps its state in a directory (a SQLite database and bare git repositories) and can be served over HTTP with "${p} serve". The same commands work on both.`,
    ),
    '.PP',
    roff(
      `Commands are a noun and a verb ("${p} tokens list"). Every command takes the global options below. With -o json, jsonl or yaml, commands print exactly the API's resource shape (--jq filters it); -o csv gives columns; the default table output is aligned, fitted to the terminal width, with relative times and coloured states on a terminal, and becomes tab-separated rows with ISO times when standard output is not a terminal (see FORMATTING). Standard output carries only data; messages, prompts and errors go to standard error.`,
    ),
    '.PP',
    roff(
      `Which instance a command talks to (its target) is chosen by, in order: the --url, --state and --context flags; the HOSTCTL_CONTEXT, HOSTCTL_URL and HOSTCTL_STATE variables; the current context of the configuration; then glab's GITLAB_HOST, only when none of those nor HOSTCTL_TOKEN is set; and finally the default local state directory. The token comes from the chosen context or from HOSTCTL_TOKEN; GITLAB_TOKEN is sent only to GITLAB_HOST, when GITLAB_HOST is the target: a token only ever goes to the host it was configured for. "${p} context get" tells which target and token won, and why.`,
    ),
    '.PP',
    roff(
      `Prompts appear only when standard input and output are terminals and neither --no-input, HOSTCTL_NO_PROMPT nor CI is set; otherwise a missing value is a usage error that names the flag to pass, and destructive commands need --yes.`,
    ),
  ];
  for (const noun of doc.nouns) {
    out.push(`.SH ${roff(`${p.toUpperCase()} ${noun.name.toUpperCase()}`)}`);
    if (noun.commands.length) {
      out.push('.PP', roff(noun.summary + (noun.aliases.length ? ` (alias: ${noun.aliases.join(', ')})` : '')));
      // Nested groups (releases links …) get a heading of their own, then their verbs.
      const walk = (c: CommandDoc): string[] =>
        c.commands.length
          ? [`.SS ${roff(c.path.join(' '))}${c.aliases.length ? ` (alias: ${roff(c.aliases.join(', '))})` : ''}`, '.PP', roff(c.summary), ...c.commands.flatMap(walk)]
          : commandBlock(c, p, true);
      for (const verb of noun.commands) out.push(...walk(verb));
    } else {
      out.push(...commandBlock(noun, p, false));
    }
  }
  out.push('.SH GLOBAL OPTIONS', ...options(doc.globalOptions));
  out.push('.SH FORMATTING', '.nf', ...FORMATTING.trimEnd().split('\n').map((l) => roff(l, true)), '.fi');
  out.push('.SH BULK RUNS', '.nf', ...BULK.trimEnd().split('\n').map((l) => roff(l, true)), '.fi');
  out.push('.SH EXIT STATUS');
  for (const code of Object.values(EXIT)) out.push('.TP', `\\fB${code}\\fR`, roff(EXIT_MEANINGS[code] ?? ''));
  out.push('.PP', roff('Errors are one line on standard error ("error: ..." and sometimes "hint: ..."); with -o json, a JSON object {"error": {"code", "message", "status", "hint", "body"}}.'));
  out.push('.SH ENVIRONMENT');
  for (const [name, text] of ENVIRONMENT) out.push('.TP', bold(name), roff(text));
  out.push('.SH FILES');
  for (const [name, text] of FILES) out.push('.TP', italic(name), roff(text));
  out.push(
    '.SH EXAMPLES',
    '.nf',
    ...[
      `${p} init --demo                       # a local instance with sample data`,
      `${p} tokens list                       # a table on a terminal`,
      `${p} tokens list -o json | jq '.[].name'`,
      `${p} serve --port 8080 &               # the local state over HTTP`,
      `printf %s "$TOKEN" | ${p} context add prod --url https://git.example.com --token-stdin --use`,
      `${p} context get                      # which target and token, and why`,
      `${p} api -X GET users -f search=alice  # any endpoint`,
      `source <(${p} completion bash)`,
    ].map((e) => roff(e, true)),
    '.fi',
    '.SH SEE ALSO',
    roff(`${p} <noun> --help, ${p} <noun> <verb> --help`),
    '',
  );
  return out.join('\n');
}
