// The bash completion script, generated from the command tree: nouns, verbs and nested groups
// (releases links add) at any depth, flags, fixed values (enums, -o, argument choices, sort
// fields with their :asc/:desc), directories and files only where an option or argument takes
// one, context names, and values of the target (project paths, groups, usernames, tags, wiki
// slugs, storages, time zones …) asked of hostctl itself (`hostctl __complete`, cached).
// bash splits `created:desc` into three words at the colon (COMP_WORDBREAKS); the script joins
// them again and offers only the part after the last colon, as readline expects.
import { allCommands, argumentKind, commandGlobals, ownOptions, valueFlags, valueKind, type CommandDoc, type OptionDoc, type ProgramDoc, type ValueKind } from './model.js';
import { helpTopicNames } from './topic-names.js';

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
    // The hidden -g/--group of a group-first command completes as its GROUP argument.
    const group = c.groupFirst && c.args[0] ? argumentKind(c.args[0]) : undefined;
    if (c.groupFirst) lines.push(`        -g|--group) ${group ? action(group) : 'COMPREPLY=()'}; return 0 ;;`);
    if (lines.length) out.push(`    ${q(key(c))})`, '      case "$2" in', ...lines, '      esac ;;');
  }
  out.push('  esac', '  case "$2" in', ...valueCase(doc.globalOptions, '    '), '  esac', '  return 1', '}', '');
  out.push('# Completes positional argument number $2 (from 1) of command path $1.', '_hostctl_args() {', '  case "$1" in');
  for (const c of commands) {
    if (c.commands.length || !c.args.some((a) => argumentKind(a))) continue;
    out.push(`    ${q(key(c))})`, '      case "$2" in');
    c.args.forEach((a, i) => {
      const kind = argumentKind(a);
      if (kind) out.push(`        ${a.variadic ? '*' : String(i + 1)}) ${action(kind)} ;;`);
    });
    out.push('      esac ;;');
  }
  out.push('  esac', '}', '');
  const groupFirst = commands.filter((c) => c.groupFirst).map((c) => q(key(c)));
  out.push(
    '# Whether command path $1 takes its group as the first argument (saml get GROUP).',
    '_hostctl_group_first() {',
    '  case "$1" in',
    ...(groupFirst.length ? [`    ${groupFirst.join('|')}) return 0 ;;`] : []),
    '  esac',
    '  return 1',
    '}',
    '',
  );
  out.push(
    '# Values from the current target (cached for a minute by hostctl itself), or of this machine',
    '# (time zones). The project is the -R/--project/--repo value on the line; the group the',
    '# -g/--group value, or the first argument of a command that takes a group first.',
    '_hostctl_dynamic() {',
    '  local project="" group="" i',
    '  for ((i = 1; i < cword; i++)); do',
    '    case "${words[i]}" in',
    '      -R|--project|--repo) project="${words[i+1]}"; [[ "$project" == "=" ]] && project="${words[i+2]}" ;;',
    '      -g|--group) group="${words[i+1]}"; [[ "$group" == "=" ]] && group="${words[i+2]}" ;;',
    '    esac',
    '  done',
    '  [[ -z "$group" && -n "$first" ]] && _hostctl_group_first "$path" && group="$first"',
    '  local IFS=$\'\\n\'',
    '  COMPREPLY=($("${words[0]}" __complete "$1" "$cur" "$project" "$group" --no-input 2>/dev/null))',
    '}',
    '',
    '_hostctl() {',
    '  # The words with those bash split at a colon joined again (sort fields: created:desc).',
    '  local -a words=()',
    '  local cword=0 n w i cur=""',
    '  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do',
    '    w="${COMP_WORDS[i]}"',
    '    n=${#words[@]}',
    '    if ((n > 1)) && [[ "$w" == : || "${words[n-1]}" == *: ]]; then words[n-1]+="$w"; else words+=("$w"); fi',
    '    ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))',
    '  done',
    '  _hostctl_complete',
    '  # readline replaces only the part after the last colon.',
    '  if [[ "$cur" == *:* ]]; then',
    '    local colon="${cur%"${cur##*:}"}"',
    '    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]="${COMPREPLY[i]#"$colon"}"; done',
    '  fi',
    '  return 0',
    '}',
    '',
    '_hostctl_complete() {',
    '  cur="${words[cword]}"',
    '  local prev="" path="" sub first="" w i help=0 argn=0 gval=""',
    '  ((cword > 0)) && prev="${words[cword-1]}"',
    '  COMPREPLY=()',
    '  # Walk the words before the cursor: skip options and their values, follow subcommands.',
    '  for ((i = 1; i < cword; i++)); do',
    '    w="${words[i]}"',
    '    case "$w" in',
    `      ${valueFlags(doc).join('|')})`,
    '        ((i++))',
    '        [[ "${words[i]}" == "=" ]] && ((i++))',
    '        [[ "$w" == -g || "$w" == --group ]] && ((i < cword)) && gval="${words[i]}"',
    '        continue ;;',
    '      -*|=) continue ;;',
    '    esac',
    '    if [[ -z "$path" && $help == 0 && "$w" == help ]]; then help=1; continue; fi',
    '    sub="$(_hostctl_sub "$path" "$w")"',
    '    if ((argn == 0)) && [[ -n "$sub" ]]; then path="${path:+$path }$sub"; else ((argn == 0)) && first="$w"; ((argn++)); fi',
    '  done',
    '  # -g/--group gives a group-first command its GROUP: the words typed are the arguments after it.',
    '  if [[ -n "$gval" ]] && _hostctl_group_first "$path"; then first="$gval"; ((argn++)); fi',
    '  # --opt=value is split at "=" by bash.',
    '  local opt="$prev"',
    '  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((cword > 1)); then opt="${words[cword-2]}"; fi',
    '  if [[ "$opt" == -* ]] && _hostctl_value "$path" "$opt"; then return 0; fi',
    '  if [[ "$cur" == -* ]]; then',
    `    local globals=${q(globals)}`,
    `    [[ -z "$path" ]] && globals=${q(topGlobals)}`,
    `    COMPREPLY=($(compgen -W "$(_hostctl_flags "$path") $globals" -- "$cur"))`,
    '    return 0',
    '  fi',
    '  local children="$(_hostctl_children "$path")"',
    '  if ((help == 1)); then',
    `    [[ -z "$path" ]] && children="$(_hostctl_children '') ${helpTopicNames().join(' ')}"`,
    '    COMPREPLY=($(compgen -W "$children" -- "$cur"))',
    '  elif ((argn == 0)) && [[ -n "$children" ]]; then',
    "    # The user's aliases (hostctl alias set) beside the commands, read from the config file.",
    '    [[ -z "$path" ]] && children="$children $("${COMP_WORDS[0]}" alias list --fields name --no-input 2>/dev/null)"',
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
