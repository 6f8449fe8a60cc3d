// The fish completion script, generated from the command tree. A helper works out which command
// the line holds so far ("", "tokens", "tokens list"), skipping options and their values.
import { allCommands, argumentKind, ownOptions, valueFlags, valueKind, type CommandDoc, type OptionDoc, type ProgramDoc } from './model.js';
import { helpTopicNames } from './topic-names.js';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (c: CommandDoc) => c.path.join(' ');

function optionLine(o: OptionDoc, condition: string): string {
  const parts = ['complete -c hostctl', `-n ${q(condition)}`];
  if (o.short) parts.push(`-s ${o.short.slice(1)}`);
  if (o.long) parts.push(`-l ${o.long.slice(2)}`);
  const kind = valueKind(o);
  if (kind.kind === 'words') parts.push('-x', `-a ${q(kind.words.join(' '))}`);
  else if (kind.kind === 'contexts') parts.push('-x', `-a ${q('(__hostctl_contexts)')}`);
  else if (kind.kind === 'dynamic') parts.push('-x', `-a ${q(`(__hostctl_dynamic ${kind.resource})`)}`);
  else if (kind.kind === 'directory') parts.push('-x', `-a ${q('(__fish_complete_directories)')}`);
  else if (kind.kind === 'file') parts.push('-r', '-F');
  else if (kind.kind === 'free') parts.push('-x');
  parts.push(`-d ${q(o.description)}`);
  return parts.join(' ');
}

export function fishCompletion(doc: ProgramDoc): string {
  const commands = allCommands(doc);
  const groupFirst = commands.filter((c) => c.groupFirst).map(key);
  const out: string[] = [
    `# fish completion for ${doc.name} ${doc.version}. Generated from the command tree by \`npm run gen:docs\`.`,
    `# Save it as ~/.config/fish/completions/${doc.name}.fish, or: ${doc.name} completion fish | source`,
    '',
    '# The command on the line so far: "", a noun, or "noun verb …" (canonical names); with',
    '# --count the number of arguments after it, with --first the first of them.',
    'function __hostctl_command',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    '    set -l path',
    '    set -l skip 0',
    '    set -l args 0',
    '    set -l first',
    '    set -l group',
    '    for w in $words',
    '        if test $skip != 0',
    '            test $skip = g; and set group $w',
    '            set skip 0',
    '            continue',
    '        end',
    '        switch $w',
    "            case -g --group",
    '                set skip g',
    '                continue',
    `            case ${valueFlags(doc).map(q).join(' ')}`,
    '                set skip 1',
    '                continue',
    "            case '-*'",
    '                continue',
    '        end',
    '        if test $args = 0',
    '            # `help` first: the path is "help", then "help NOUN …", whose subcommands are offered.',
    '            if test -z "$path"; and test "$w" = help',
    '                set path help',
    '                continue',
    '            end',
    "            set -l sub (__hostctl_sub (string replace -r '^help ?' '' -- \"$path\") $w)",
    '            if test -n "$sub"',
    '                set path (string trim -- "$path $sub")',
    '                continue',
    '            end',
    '            set first $w',
    '        end',
    '        set args (math $args + 1)',
    '    end',
    '    # -g/--group gives a group-first command its GROUP: the words typed are the arguments after it.',
    '    if test -n "$group"; and __hostctl_group_first "$path"',
    '        set first $group',
    '        set args (math $args + 1)',
    '    end',
    '    switch "$argv[1]"',
    '        case --count',
    '            echo $args',
    '        case --first',
    '            echo $first',
    '        case \'*\'',
    '            echo $path',
    '    end',
    'end',
    '',
    '# Whether the cursor is on argument $argv[1] (from 1) of the command, or past it with $argv[2] = more.',
    'function __hostctl_arg',
    '    set -l n (math (__hostctl_command --count) + 1)',
    '    test $n -eq $argv[1]; or begin; test "$argv[2]" = more; and test $n -gt $argv[1]; end',
    'end',
    '',
    '# The canonical name of word $argv[2] under command path $argv[1].',
    'function __hostctl_sub',
    '    switch "$argv[1]|$argv[2]"',
    ...commands.flatMap((c) => [`        case ${[c.name, ...c.aliases].map((a) => q(`${c.path.slice(0, -1).join(' ')}|${a}`)).join(' ')}`, `            echo ${c.name}`]),
    '    end',
    'end',
    '',
    '# Values from the current target (cached by hostctl for a minute), or of this machine (time',
    '# zones). The project is the -R/--project/--repo value on the line; the group the -g/--group',
    '# value, or with group-first the first argument after the command path.',
    'function __hostctl_dynamic',
    '    set -l words (commandline -opc)',
    '    set -l project',
    '    set -l group',
    '    for i in (seq (count $words))',
    '        if contains -- $words[$i] -R --project --repo',
    '            set project $words[(math $i + 1)]',
    '        else if contains -- $words[$i] -g --group',
    '            set group $words[(math $i + 1)]',
    '        end',
    '    end',
    '    if test -z "$group"; and test "$argv[2]" = group-first',
    '        set group (__hostctl_command --first)',
    '    end',
    '    hostctl __complete $argv[1] (commandline -ct) "$project" "$group" --no-input 2>/dev/null',
    'end',
    '',
    '# Whether command path $argv[1] takes its group as the first argument (saml get GROUP).',
    'function __hostctl_group_first',
    '    switch "$argv[1]"',
    ...(groupFirst.length ? [`        case ${groupFirst.map(q).join(' ')}`, '            return 0'] : []),
    '    end',
    '    return 1',
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
    'function __hostctl_aliases',
    '    hostctl alias list --fields name --no-input 2>/dev/null',
    'end',
    '',
    'complete -c hostctl -f',
    '',
    '# Global options',
    // Program-only flags (--version) only before any command.
    ...doc.globalOptions.map((o) => optionLine(o, o.programOnly ? "__hostctl_at ''" : 'true')),
    '',
    '# Nouns',
    ...doc.nouns.map((n) => `complete -c hostctl -n ${q("__hostctl_at ''")} -a ${n.name} -d ${q(n.summary)}`),
    `complete -c hostctl -n ${q("__hostctl_at ''")} -a help -d ${q('Show help for a command')}`,
    // The user's aliases (hostctl alias set), read from the config file on each Tab.
    `complete -c hostctl -n ${q("__hostctl_at ''")} -a ${q('(__hostctl_aliases)')} -d alias`,
    `complete -c hostctl -n ${q("__hostctl_at 'help'")} -a ${q([...doc.nouns.map((n) => n.name), ...helpTopicNames()].join(' '))}`,
    // After `help NOUN`: that command's subcommands, nothing else.
    ...commands.filter((c) => c.commands.length).map((c) => `complete -c hostctl -n ${q(`__hostctl_at 'help ${key(c)}'`)} -a ${q(c.commands.map((v) => v.name).join(' '))}`),
  ];
  for (const n of commands) {
    if (!n.commands.length) continue;
    out.push('', `# ${key(n)}`);
    for (const v of n.commands) out.push(`complete -c hostctl -n ${q(`__hostctl_at '${key(n)}'`)} -a ${v.name} -d ${q(v.summary)}`);
  }
  for (const c of commands) {
    const opts = ownOptions(doc, c);
    const args = c.commands.length ? [] : c.args.map((a, i) => ({ a, i, kind: argumentKind(a) })).filter((x) => x.kind);
    if (!opts.length && !args.length) continue;
    const cond = `__hostctl_at '${key(c)}'`;
    out.push('', `# ${key(c)}`, ...opts.map((o) => optionLine(o, cond)));
    for (const { a, i, kind } of args) {
      const at = q(`${cond}; and __hostctl_arg ${i + 1}${a.variadic ? ' more' : ''}`);
      if (kind?.kind === 'words') out.push(`complete -c hostctl -n ${at} -a ${q(kind.words.join(' '))}`);
      else if (kind?.kind === 'dynamic') out.push(`complete -c hostctl -n ${at} -a ${q(`(__hostctl_dynamic ${kind.resource}${c.groupFirst && i > 0 ? ' group-first' : ''})`)}`);
      else if (kind?.kind === 'directory') out.push(`complete -c hostctl -n ${at} -a ${q('(__fish_complete_directories)')}`);
      else if (kind?.kind === 'file') out.push(`complete -c hostctl -n ${at} -F`);
    }
  }
  out.push('');
  return out.join('\n');
}
