// The bash completion script, generated from the command tree: nouns, verbs, flags, fixed
// values (-o, argument choices), directories and files, and context names for --context (asked
// of hostctl itself at completion time).
import { allCommands, ownOptions, valueFlags, valueKind, type CommandDoc, type OptionDoc, type ProgramDoc } from './model.js';

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const flagsOf = (opts: OptionDoc[]) => opts.flatMap((o) => [o.short, o.long].filter((f): f is string => !!f));
const names = (c: CommandDoc) => [c.name, ...c.aliases];
const key = (c: CommandDoc) => (c.path.length === 1 ? `${c.path[0]} ` : c.path.join(' '));

function valueCase(opts: OptionDoc[], indent: string): string[] {
  const lines: string[] = [];
  for (const o of opts) {
    const kind = valueKind(o);
    const pattern = [o.short, o.long].filter(Boolean).join('|');
    if (!pattern || kind.kind === 'none') continue;
    let action: string;
    if (kind.kind === 'words') action = `COMPREPLY=($(compgen -W ${q(kind.words.join(' '))} -- "$cur"))`;
    else if (kind.kind === 'contexts') action = `COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" context list --fields name --no-input 2>/dev/null)" -- "$cur"))`;
    else if (kind.kind === 'directory') action = `compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))`;
    else if (kind.kind === 'file') action = `compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))`;
    else action = 'COMPREPLY=()';
    lines.push(`${indent}${pattern}) ${action}; return 0 ;;`);
  }
  return lines;
}

export function bashCompletion(doc: ProgramDoc): string {
  const commands = allCommands(doc);
  const globals = flagsOf(doc.globalOptions).join(' ');
  const out: string[] = [];
  out.push(
    `# bash completion for ${doc.name} ${doc.version}. Generated from the command tree by \`npm run gen:docs\`.`,
    `# Load it with: source <(${doc.name} completion bash)`,
    `# or save it as ~/.local/share/bash-completion/completions/${doc.name}`,
    '',
    '# The canonical noun for a word (aliases included), or nothing.',
    '_hostctl_noun() {',
    '  case "$1" in',
  );
  for (const n of doc.nouns) out.push(`    ${names(n).join('|')}) echo ${n.name} ;;`);
  out.push('  esac', '}', '', '# The canonical verb for "NOUN WORD", or nothing.', '_hostctl_verb() {', '  case "$1 $2" in');
  for (const n of doc.nouns) for (const v of n.commands) out.push(`    ${names(v).map((a) => q(`${n.name} ${a}`)).join('|')}) echo ${v.name} ;;`);
  out.push('  esac', '}', '', '# Verbs of a noun (empty for nouns that are commands themselves).', '_hostctl_verbs() {', '  case "$1" in');
  for (const n of doc.nouns) if (n.commands.length) out.push(`    ${n.name}) echo ${q(n.commands.map((v) => v.name).join(' '))} ;;`);
  out.push('  esac', '}', '', '# Own flags of "NOUN VERB" (VERB empty for single-command nouns).', '_hostctl_flags() {', '  case "$1 $2" in');
  for (const c of commands) out.push(`    ${q(key(c))}) echo ${q(flagsOf(ownOptions(doc, c)).join(' '))} ;;`);
  out.push('  esac', '}', '', '# Completes the value of option $3 of "NOUN VERB"; fails when it takes none.', '_hostctl_value() {', '  case "$1 $2" in');
  for (const c of commands) {
    const lines = valueCase(ownOptions(doc, c), '        ');
    if (lines.length) out.push(`    ${q(key(c))})`, '      case "$3" in', ...lines, '      esac ;;');
  }
  out.push('  esac', '  case "$3" in', ...valueCase(doc.globalOptions, '    '), '  esac', '  return 1', '}', '');
  out.push('# Completes positional arguments that have fixed values.', '_hostctl_args() {', '  case "$1 $2" in');
  for (const c of commands) {
    const choices = c.args.flatMap((a) => a.choices ?? []);
    if (choices.length) out.push(`    ${q(key(c))}) COMPREPLY=($(compgen -W ${q(choices.join(' '))} -- "$cur")) ;;`);
  }
  out.push('  esac', '}', '');
  out.push(
    '_hostctl() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" noun="" verb="" w i',
    '  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  COMPREPLY=()',
    '  # Walk the words before the cursor: skip options and their values, find noun and verb.',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    w="${COMP_WORDS[i]}"',
    '    case "$w" in',
    `      ${valueFlags(doc).join('|')})`,
    '        ((i++))',
    '        [[ "${COMP_WORDS[i]}" == "=" ]] && ((i++))',
    '        continue ;;',
    '      -*|=) continue ;;',
    '    esac',
    '    if [[ -z "$noun" ]]; then',
    '      noun="$(_hostctl_noun "$w")"',
    '      [[ -z "$noun" ]] && noun="$w"',
    '    elif [[ -z "$verb" && -n "$(_hostctl_verbs "$noun")" ]]; then',
    '      verb="$(_hostctl_verb "$noun" "$w")"',
    '      [[ -z "$verb" ]] && verb="$w"',
    '    fi',
    '  done',
    '  # --opt=value is split at "=" by bash.',
    '  local opt="$prev"',
    '  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && ((COMP_CWORD > 1)); then opt="${COMP_WORDS[COMP_CWORD-2]}"; fi',
    '  if [[ "$opt" == -* ]] && _hostctl_value "$noun" "$verb" "$opt"; then return 0; fi',
    '  if [[ "$cur" == -* ]]; then',
    `    COMPREPLY=($(compgen -W "$(_hostctl_flags "$noun" "$verb") ${globals}" -- "$cur"))`,
    '    return 0',
    '  fi',
    '  if [[ -z "$noun" ]]; then',
    `    COMPREPLY=($(compgen -W ${q([...doc.nouns.map((n) => n.name), 'help'].join(' '))} -- "$cur"))`,
    '  elif [[ "$noun" == help ]]; then',
    `    [[ -z "$verb" ]] && COMPREPLY=($(compgen -W ${q(doc.nouns.map((n) => n.name).join(' '))} -- "$cur"))`,
    '  elif [[ -z "$verb" && -n "$(_hostctl_verbs "$noun")" ]]; then',
    '    COMPREPLY=($(compgen -W "$(_hostctl_verbs "$noun")" -- "$cur"))',
    '  else',
    '    _hostctl_args "$noun" "$verb"',
    '  fi',
    '  return 0',
    '}',
    '',
    `complete -F _hostctl ${doc.name}`,
    '',
  );
  return out.join('\n');
}
