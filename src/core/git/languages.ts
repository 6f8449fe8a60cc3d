// A repository's languages by share of bytes, as the platform's language detection (Linguist)
// reports them: only programming and markup files count (prose such as Markdown, data files
// and vendored paths do not), each share rounded to two decimals.
import { runGit } from './exec.js';
import { compareText } from '../../shared/text-order.js';

/** File extension (or whole name) → language, for the common languages. */
const BY_EXTENSION: Record<string, string> = {
  rb: 'Ruby', rake: 'Ruby', gemspec: 'Ruby', py: 'Python', js: 'JavaScript', mjs: 'JavaScript', cjs: 'JavaScript', jsx: 'JavaScript',
  ts: 'TypeScript', tsx: 'TSX', go: 'Go', rs: 'Rust', java: 'Java', kt: 'Kotlin', kts: 'Kotlin', scala: 'Scala', c: 'C', h: 'C',
  cc: 'C++', cpp: 'C++', cxx: 'C++', hpp: 'C++', hh: 'C++', cs: 'C#', fs: 'F#', swift: 'Swift', m: 'Objective-C', php: 'PHP',
  pl: 'Perl', pm: 'Perl', lua: 'Lua', r: 'R', jl: 'Julia', ex: 'Elixir', exs: 'Elixir', erl: 'Erlang', hs: 'Haskell', clj: 'Clojure',
  dart: 'Dart', sh: 'Shell', bash: 'Shell', zsh: 'Shell', ps1: 'PowerShell', html: 'HTML', htm: 'HTML', css: 'CSS', scss: 'SCSS',
  sass: 'Sass', less: 'Less', vue: 'Vue', svelte: 'Svelte', sql: 'PLpgSQL', groovy: 'Groovy', tf: 'HCL', hcl: 'HCL', vim: 'Vim Script',
  el: 'Emacs Lisp', ml: 'OCaml', zig: 'Zig', nim: 'Nim', coffee: 'CoffeeScript', haml: 'Haml', erb: 'HTML+ERB', makefile: 'Makefile',
  mk: 'Makefile', dockerfile: 'Dockerfile', cmake: 'CMake', asm: 'Assembly', s: 'Assembly',
};

const VENDORED = /(^|\/)(node_modules|vendor|third_party|dist)\//;

function languageOf(path: string): string | undefined {
  if (VENDORED.test(path)) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'makefile' || name === 'dockerfile') return BY_EXTENSION[name];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1)] : undefined;
}

/** `{ language: percent }`, largest first, for the tree of `commit`. */
export async function repositoryLanguages(gitDir: string, commit: string): Promise<Record<string, number>> {
  const res = await runGit(gitDir, ['ls-tree', '-r', '-l', '-z', commit]);
  const bytes = new Map<string, number>();
  let total = 0;
  for (const line of res.stdout.toString('utf8').split('\0')) {
    // `<mode> blob <id> <size>\t<path>`
    const m = /^\d+ blob [0-9a-f]+ +(\d+)\t(.*)$/s.exec(line);
    if (!m) continue;
    const lang = languageOf(m[2] as string);
    if (!lang) continue;
    const size = Number(m[1]);
    bytes.set(lang, (bytes.get(lang) ?? 0) + size);
    total += size;
  }
  const out: Record<string, number> = {};
  if (total === 0) return out;
  for (const [lang, n] of [...bytes].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))) out[lang] = Math.round((n / total) * 10000) / 100;
  return out;
}
