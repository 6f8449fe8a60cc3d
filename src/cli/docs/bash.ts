// The bash completion script, generated from the command tree: nouns, verbs and nested groups
// (releases links add) at any depth, flags, fixed values (enums, -o, argument choices),
// directories and files only where an option takes one, context names, and project paths, group
// paths, usernames, tags and branches asked of hostctl itself (`hostctl __complete`, cached).
import { allCommands, commandGlobals, ownOptions, valueFlags, valueKind, type CommandDoc, type OptionDoc, type ProgramDoc, type ValueKind } from './model.js';

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const flagsOf = (opts: OptionDoc[]) => opts.flatMap((o) => [o.short, o.long].filter((f): f is string => !!f));
const names = (c: CommandDoc) => [c.name, ...c.aliases];
const key = (c: CommandDoc) => c.path.join(' ');

function action(kind: ValueKind): string {
  if (kind.kind === 'words') return `COMPREPLY=($(compgen -W ${q(kind.words.join(' '))} -- "$cur"))`;
  if (kind.kind === 'contexts') return `COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" context list --fields name --no-input 2>/dev/null)" -- "$cur"))`;
  if (kind.kind === 'dynamic') return `_hostctl_dynamic ${kind.resource}`;
  if (kind.kind === 'directory') return `compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))`;
  if (kind.kind === 'file') return `compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))`;
  // A free value: nothing to offer, and never the files of the current directory.
  return 'COMPREPLY=()';
}

function valueCase(opts: OptionDoc[], indent: string): string[] {
  const lines: string[] = [];
  for (const o of opts) {
    const kind = valueKind(o);
    const pattern = [o.short, o.long].filter(Boolean).join('|');
    if (!pattern || kind.kind === 'none') continue;
    lines.push(`${indent}${pattern}) ${action(kind)}; return 0 ;;`);
  }
  return lines;
}

export function bashCompletion(doc: ProgramDoc): string {
  const commands = allCommands(doc);
  // At the top every program flag; below a command only those a command takes (not --version).
  const topGlobals = flagsOf(doc.globalOptions).join(' ');
  const globals = flagsOf(commandGlobals(doc)).join(' ');
  const out: string[] = [];
  out.push(
    `# bash completion for ${doc.name} ${doc.version}. Generated from the command tree by \`npm run gen:docs\`.`,
    `# Load it with: source <(${doc.name} completion bash), or: ${doc.name} completion install`,
    `# or save it as ~/.local/share/bash-completion/completions/${doc.name}`,
    '',
    '# The canonical name of word $2 under command path $1 (aliases included), or nothing.',
    '_hostctl_sub() {',
    '  case "$1|$2" in',
  );
  for (const c of commands) {
    const parent = c.path.slice(0, -1).join(' ');
    out.push(`    ${names(c).map((a) => q(`${parent}|${a}`)).join('|')}) echo ${c.name} ;;`);
  }
  out.push('  esac', '}', '', '# The subcommands of command path $1 (the nouns for the empty path).', '_hostctl_children() {', '  case "$1" in');
  out.push(`    '') echo ${q([...doc.nouns.map((n) => n.name), 'help'].join(' '))} ;;`);
  for (const c of commands) if (c.commands.length) out.push(`    ${q(key(c))}) echo ${q(c.commands.map((v) => v.name).join(' '))} ;;`);
  out.push('  esac', '}', '', '# Own flags of command path $1.', '_hostctl_flags() {', '  case "$1" in');
  for (const c of commands) out.push(`    ${q(key(c))}) echo ${q(flagsOf(ownOptions(doc, c)).join(' '))} ;;`);
  out.push('  esac', '}', '', '# Completes the value of option $2 of command path $1; fails when it takes none.', '_hostctl_value() {', '  case "$1" in');
  for (const c of commands) {
    const lines = valueCase(ownOptions(doc, c), '        ');
    if (lines.length) out.push(`    ${q(key(c))})`, '      case "$2" in', ...lines, '      esac ;;');
  }
  out.push('  esac', '  case "$2" in', ...valueCase(doc.globalOptions, '    '), '  esac', '  return 1', '}', '');
  out.push('# Completes positional argument number $2 (from 1) of command path $1.', '_hostctl_args() {', '  case "$1" in');
  for (const c of commands) {
    if (c.commands.length || !c.args.some((a) => a.choices || a.dynamic)) continue;
    out.push(`    ${q(key(c))})`, '      case "$2" in');
    c.args.forEach((a, i) => {
      const kind: ValueKind | undefined = a.choices ? { kind: 'words', words: a.choices } : a.dynamic ? { kind: 'dynamic', resource: a.dynamic } : undefined;
      if (kind) out.push(`        ${a.variadic ? '*' : String(i + 1)}) ${action(kind)} ;;`);
    });
    out.push('      esac ;;');
  }
  out.push('  esac', '}', '');
  out.push(
    '# Values from the current target (cached for a minute by hostctl itself); the project for',
    '# tags and branches is the -R/--project/--repo value on the line.',
    '_hostctl_dynamic() {',
    '  local project="" i',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    case "${COMP_WORDS[i]}" in -R|--project|--repo) project="${COMP_WORDS[i+1]}" ;; esac',
    '  done',
    '  local IFS=$\'\\n\'',
    '  COMPREPLY=($("${COMP_WORDS[0]}" __complete "$1" "$cur" "$project" --no-input 2>/dev/null))',
    '}',
    '',
    '_hostctl() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" path="" sub w i help=0 argn=0',
    '  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  COMPREPLY=()',
    '  # Walk the words before the cursor: skip options and their values, follow subcommands.',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    w="${COMP_WORDS[i]}"',
    '    case "$w" in',
    `      ${valueFlags(doc).join('|')})`,
    '        ((i++))',
    '        [[ "${COMP_WORDS[i]}" == "=" ]] && ((i++))',
    '        continue ;;',
    '      -*|=) continue ;;',
    '    esac',
    '    if [[ -z "$path" && $help == 0 && "$w" == help ]]; then help=1; continue; fi',
    '    sub="$(_hostctl_sub "$path" "$w")"',
    '    if ((argn == 0)) && [[ -n "$sub" ]]; then path="${path:+$path }$sub"; else ((argn++)); fi',
    '  done',
    '  # --opt=value is split at "=" by bash.',
    '  local opt="$prev"',
    '  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((COMP_CWORD > 1)); then opt="${COMP_WORDS[COMP_CWORD-2]}"; fi',
    '  if [[ "$opt" == -* ]] && _hostctl_value "$path" "$opt"; then return 0; fi',
    '  if [[ "$cur" == -* ]]; then',
    `    local globals=${q(globals)}`,
    `    [[ -z "$path" ]] && globals=${q(topGlobals)}`,
    `    COMPREPLY=($(compgen -W "$(_hostctl_flags "$path") $globals" -- "$cur"))`,
    '    return 0',
    '  fi',
    '  local children="$(_hostctl_children "$path")"',
    '  if ((help == 1)); then',
    `    [[ -z "$path" ]] && children="$(_hostctl_children '') environment exit-codes formatting"`,
    '    COMPREPLY=($(compgen -W "$children" -- "$cur"))',
    '  elif ((argn == 0)) && [[ -n "$children" ]]; then',
    '    COMPREPLY=($(compgen -W "$children" -- "$cur"))',
    '  else',
    '    _hostctl_args "$path" "$((argn + 1))"',
    '  fi',
    '  return 0',
    '}',
    '',
    `complete -F _hostctl ${doc.name}`,
    '',
  );
  return out.join('\n');
}
