// The fish completion script, generated from the command tree. A helper works out which command
// the line holds so far ("", "tokens", "tokens list"), skipping options and their values.
import { allCommands, ownOptions, valueFlags, valueKind, type CommandDoc, type OptionDoc, type ProgramDoc } from './model.js';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (c: CommandDoc) => c.path.join(' ');

function optionLine(o: OptionDoc, condition: string): string {
  const parts = ['complete -c hostctl', `-n ${q(condition)}`];
  if (o.short) parts.push(`-s ${o.short.slice(1)}`);
  if (o.long) parts.push(`-l ${o.long.slice(2)}`);
  const kind = valueKind(o);
  if (kind.kind === 'words') parts.push('-x', `-a ${q(kind.words.join(' '))}`);
  else if (kind.kind === 'contexts') parts.push('-x', `-a ${q('(__hostctl_contexts)')}`);
  else if (kind.kind === 'directory') parts.push('-x', `-a ${q('(__fish_complete_directories)')}`);
  else if (kind.kind === 'file') parts.push('-r', '-F');
  else if (kind.kind === 'free') parts.push('-x');
  parts.push(`-d ${q(o.description)}`);
  return parts.join(' ');
}

export function fishCompletion(doc: ProgramDoc): string {
  const commands = allCommands(doc);
  const out: string[] = [
    `# fish completion for ${doc.name} ${doc.version}. Generated from the command tree by \`npm run gen:docs\`.`,
    `# Save it as ~/.config/fish/completions/${doc.name}.fish, or: ${doc.name} completion fish | source`,
    '',
    '# The command on the line so far: "", a noun, or "noun verb" (canonical names).',
    'function __hostctl_command',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    '    set -l noun',
    '    set -l verb',
    '    set -l skip 0',
    '    for w in $words',
    '        if test $skip = 1',
    '            set skip 0',
    '            continue',
    '        end',
    '        switch $w',
    `            case ${valueFlags(doc).map(q).join(' ')}`,
    '                set skip 1',
    '                continue',
    "            case '-*'",
    '                continue',
    '        end',
    '        if test -z "$noun"',
    '            set noun $w',
    '            switch $w',
    ...doc.nouns.flatMap((n) => (n.aliases.length ? [`                case ${n.aliases.map(q).join(' ')}`, `                    set noun ${n.name}`] : [])),
    '            end',
    '        else if test -z "$verb"',
    '            switch "$noun $w"',
    ...doc.nouns.flatMap((n) => n.commands.flatMap((v) => [`                case ${[v.name, ...v.aliases].map((a) => q(`${n.name} ${a}`)).join(' ')}`, `                    set verb ${v.name}`])),
    '            end',
    '        end',
    '    end',
    '    string trim -- "$noun $verb"',
    'end',
    '',
    'function __hostctl_at',
    '    set -l current (__hostctl_command)',
    '    test "$current" = "$argv[1]"',
    'end',
    '',
    'function __hostctl_contexts',
    '    hostctl context list --fields name --no-input 2>/dev/null',
    'end',
    '',
    'complete -c hostctl -f',
    '',
    '# Global options',
    ...doc.globalOptions.map((o) => optionLine(o, 'true')),
    '',
    '# Nouns',
    ...doc.nouns.map((n) => `complete -c hostctl -n ${q("__hostctl_at ''")} -a ${n.name} -d ${q(n.summary)}`),
    `complete -c hostctl -n ${q("__hostctl_at ''")} -a help -d ${q('Show help for a command')}`,
    `complete -c hostctl -n ${q("__hostctl_at help")} -a ${q(doc.nouns.map((n) => n.name).join(' '))}`,
  ];
  for (const n of doc.nouns) {
    if (!n.commands.length) continue;
    out.push('', `# ${n.name}`);
    for (const v of n.commands) out.push(`complete -c hostctl -n ${q(`__hostctl_at ${n.name}`)} -a ${v.name} -d ${q(v.summary)}`);
  }
  for (const c of commands) {
    const opts = ownOptions(doc, c);
    const choices = c.args.flatMap((a) => a.choices ?? []);
    if (!opts.length && !choices.length) continue;
    const cond = `__hostctl_at '${key(c)}'`;
    out.push('', `# ${key(c)}`, ...opts.map((o) => optionLine(o, cond)));
    if (choices.length) out.push(`complete -c hostctl -n ${q(cond)} -a ${q(choices.join(' '))}`);
  }
  out.push('');
  return out.join('\n');
}
