// The zsh completion script (a `_hostctl` function for fpath, or to source), generated from the
// command tree: one function per command built on _arguments, with descriptions.
import { argumentKind, commandGlobals, ownOptions, valueFlags, valueKind, type ArgumentDoc, type CommandDoc, type OptionDoc, type ProgramDoc, type ValueKind } from './model.js';
import { HELP_TOPIC_LIST } from './topic-names.js';

/** Single-quoted zsh word. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Text inside an _arguments [explanation]. */
const explain = (s: string) => s.replace(/\\/g, '\\\\').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
/** Text used as a message or a _describe entry name. */
const colon = (s: string) => s.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
const fn = (path: string[]) => `_hostctl${path.map((p) => `_${p.replace(/[^A-Za-z0-9]/g, '_')}`).join('')}`;

/** The action part of an _arguments spec for a value of this kind. */
function valueAction(kind: ValueKind, groupFirst = false): string {
  // Words with a colon (sort fields: created:desc): _arguments splits a spec at unescaped colons,
  // so they are escaped and added by compadd as they are.
  if (kind.kind === 'words') return kind.words.some((w) => w.includes(':')) ? `{compadd -- ${kind.words.map((w) => w.replace(/:/g, '\\:')).join(' ')}}` : `(${kind.words.join(' ')})`;
  if (kind.kind === 'contexts') return '_hostctl_contexts';
  if (kind.kind === 'dynamic') return `{_hostctl_dynamic ${kind.resource}${groupFirst ? ' group-first' : ''}}`;
  if (kind.kind === 'directory') return '_files -/';
  if (kind.kind === 'file') return '_files';
  return ' ';
}

function optionSpec(o: OptionDoc): string {
  const flags = [o.short, o.long].filter((f): f is string => !!f);
  const kind = valueKind(o);
  const value = kind.kind === 'none' ? '' : `:${colon(o.valueName ?? 'value')}:${valueAction(kind)}`;
  const body = `[${explain(o.description)}]${value}`;
  const exclusion = o.repeatable ? '*' : flags.length > 1 ? `(${flags.join(' ')})` : '';
  if (flags.length === 1) return q(`${o.repeatable ? '*' : ''}${flags[0]}${body}`);
  return `${q(exclusion)}{${flags.join(',')}}${q(body)}`;
}

/** A zsh function offering `items` with their summaries; `more`: lines that offer more after them. */
function describeList(name: string, title: string, items: { name: string; summary: string }[], more: string[] = []): string[] {
  return [
    `${name}() {`,
    '  local -a entries',
    '  entries=(',
    ...items.map((i) => `    ${q(`${colon(i.name)}:${i.summary}`)}`),
    '  )',
    `  _describe -t commands ${q(title)} entries`,
    ...more,
    '}',
    '',
  ];
}

function commandFunction(doc: ProgramDoc, c: CommandDoc, globals: string[]): string[] {
  const specs = [...globals, ...ownOptions(doc, c).map(optionSpec)];
  const name = fn(c.path);
  if (c.commands.length) {
    return [
      `${name}() {`,
      '  local curcontext="$curcontext" state line',
      '  typeset -A opt_args',
      '  _arguments -C \\',
      ...specs.map((s) => `    ${s} \\`),
      `    ${q(`1: :${name}_verbs`)} \\`,
      `    ${q('*:: :->verb')}`,
      '  case $state in',
      '    verb)',
      '      case $line[1] in',
      ...c.commands.map((v) => `        ${[v.name, ...v.aliases].join('|')}) ${fn(v.path)} ;;`),
      '      esac ;;',
      '  esac',
      '}',
      '',
      ...describeList(`${name}_verbs`, `${c.path.join(' ')} verb`, c.commands),
      ...c.commands.flatMap((v) => commandFunction(doc, v, globals)),
    ];
  }
  const argSpecs = (args: ArgumentDoc[], shift: number) =>
    args.map((a, i) => {
      const pos = a.variadic ? '*' : String(i + 1);
      const kind = argumentKind(a);
      const action = kind ? valueAction(kind, c.groupFirst && i + shift > 0) : ' ';
      return q(`${pos}:${colon(a.name)}:${action}`);
    });
  if (!c.groupFirst) {
    const all = [...specs, ...argSpecs(c.args, 0)];
    return [`${name}() {`, '  _arguments \\', ...all.map((s, i) => `    ${s}${i < all.length - 1 ? ' \\' : ''}`), '}', ''];
  }
  // A group-first command: the hidden -g/--group (not offered, '!') completes as GROUP, and once
  // it is on the line the words typed are the arguments after GROUP.
  const group = c.args[0] ? argumentKind(c.args[0]) : undefined;
  const all = [...specs, `'!(-g --group)'{-g,--group}${q(`[same as the GROUP argument]:group:${group ? valueAction(group) : ' '}`)}`, '$args'];
  return [
    `${name}() {`,
    '  local -a args',
    '  if (( ${words[(I)(-g|--group)]} )); then',
    `    args=(${argSpecs(c.args.slice(1), 1).join(' ')})`,
    '  else',
    `    args=(${argSpecs(c.args, 0).join(' ')})`,
    '  fi',
    '  _arguments \\',
    ...all.map((s, i) => `    ${s}${i < all.length - 1 ? ' \\' : ''}`),
    '}',
    '',
  ];
}

export function zshCompletion(doc: ProgramDoc): string {
  // Every program flag at the top; under a command only those a command takes (not --version).
  const topGlobals = doc.globalOptions.map(optionSpec);
  const globals = commandGlobals(doc).map(optionSpec);
  const out: string[] = [
    `#compdef ${doc.name}`,
    `# zsh completion for ${doc.name} ${doc.version}. Generated from the command tree by \`npm run gen:docs\`.`,
    `# Save it as _${doc.name} in a directory of $fpath (before compinit runs), or: source <(${doc.name} completion zsh)`,
    '',
    '_hostctl_contexts() {',
    '  local -a names',
    `  names=(\${(f)"$(_call_program contexts ${doc.name} context list --fields name --no-input 2>/dev/null)"})`,
    "  _describe -t contexts 'context' names",
    '}',
    '',
    '# Values from the current target (cached by hostctl for a minute), or of this machine (time',
    '# zones). The project is the -R/--project/--repo value on the line; the group the -g/--group',
    '# value, or the first argument of a command that takes a group first ($2 names it).',
    '_hostctl_dynamic() {',
    '  local -a values',
    '  local project="" group="" i',
    '  for ((i = 1; i < CURRENT; i++)); do',
    '    case "${words[i]}" in',
    '      -R|--project|--repo) project="${words[i+1]}" ;;',
    '      -g|--group) group="${words[i+1]}" ;;',
    '    esac',
    '  done',
    '  # After the verb (words[1]), the first word that is neither an option nor its value.',
    '  if [[ -z "$group" && $2 == group-first ]]; then',
    '    for ((i = 2; i < CURRENT; i++)); do',
    '      [[ ${words[i]} == -* ]] && continue',
    `      [[ \${words[i-1]} == (${valueFlags(doc).join('|')}) ]] && continue`,
    '      group="${words[i]}"; break',
    '    done',
    '  fi',
    '  # _call_program evaluates its words: each value quoted for that, so an empty one stays an argument.',
    `  values=(\${(f)"$(_call_program $1 ${doc.name} __complete $1 \${(qq)PREFIX} \${(qq)project} \${(qq)group} --no-input 2>/dev/null)"})`,
    "  compadd -a values",
    '}',
    '',
    '_hostctl() {',
    '  local curcontext="$curcontext" state line',
    '  typeset -A opt_args',
    '  _arguments -C \\',
    ...topGlobals.map((s) => `    ${s} \\`),
    `    ${q('1: :_hostctl_nouns')} \\`,
    `    ${q('*:: :->noun')}`,
    '  case $state in',
    '    noun)',
    '      case $line[1] in',
    // After `help`: the topics and commands, then a command's own subcommands (bash does the same).
    '        help)',
    '          if (( CURRENT == 2 )); then _hostctl_help_topics',
    '          else',
    '            local f=_hostctl i',
    '            for ((i = 2; i < CURRENT; i++)); do f+="_${words[i]//[^A-Za-z0-9]/_}"; done',
    '            (( $+functions[${f}_verbs] )) && ${f}_verbs',
    '          fi ;;',
    ...doc.nouns.map((n) => `        ${[n.name, ...n.aliases].join('|')}) ${fn(n.path)} ;;`),
    '      esac ;;',
    '  esac',
    '}',
    '',
    // The user's aliases (hostctl alias set) follow the commands, read from the config file on each Tab.
    ...describeList('_hostctl_nouns', `${doc.name} command`, [...doc.nouns, { name: 'help', summary: 'Show help for a command' }], [
      '  local -a aliases',
      `  aliases=(\${(f)"$(_call_program aliases ${doc.name} alias list --fields name --no-input 2>/dev/null)"})`,
      "  (( ${#aliases} )) && _describe -t aliases 'alias' aliases",
    ]),
    ...describeList('_hostctl_help_topics', 'help topic', [
      ...doc.nouns,
      ...HELP_TOPIC_LIST,
    ]),
    ...doc.nouns.flatMap((n) => commandFunction(doc, n, globals)),
    `if [[ "\${funcstack[1]}" == _hostctl ]]; then`,
    '  _hostctl "$@"',
    'else',
    `  compdef _hostctl ${doc.name}`,
    'fi',
    '',
  ];
  return out.join('\n');
}
