// Blame of one file at a commit, grouped as the platform's blame ranges: consecutive lines last
// changed by the same commit form one range, with that commit's identity.
import type { RequestContext } from '../../http/context.js';
import type { ProjectRow } from '../../db/rows.js';
import { runGit } from '../../git/exec.js';
import { projectRepository } from '../../repositories/access.js';

interface BlameCommit {
  id: string;
  parent_ids: string[];
  message: string;
  authored_date: string;
  author_name: string;
  author_email: string;
  committed_date: string;
  committer_name: string;
  committer_email: string;
}

export async function blameRanges(ctx: RequestContext, project: ProjectRow, commit: string, path: string, range?: { start: number; end: number }) {
  const repo = projectRepository(ctx.core, project);
  const args = ['blame', '--porcelain', ...(range ? [`-L${range.start},${range.end}`] : []), commit, '--', path];
  // A range past the end of the file is refused by git; the platform answers an empty list.
  const res = await runGit(repo.path, args, { okCodes: [128] });
  if (res.code !== 0) return [];
  const ids: string[] = [];
  const lines: { id: string; text: string }[] = [];
  let current = '';
  for (const line of res.stdout.toString('utf8').split('\n')) {
    const header = /^([0-9a-f]{40,64}) \d+ \d+/.exec(line);
    if (header) {
      current = header[1] as string;
      if (!ids.includes(current)) ids.push(current);
    } else if (line.startsWith('\t')) lines.push({ id: current, text: line.slice(1) });
  }
  const commits = await repo.commits(ids);
  const present = (id: string): BlameCommit | null => {
    const c = commits.get(id);
    if (!c) return null;
    return {
      id: c.id,
      parent_ids: c.parentIds,
      message: c.message,
      authored_date: c.author.date,
      author_name: c.author.name,
      author_email: c.author.email,
      committed_date: c.committer.date,
      committer_name: c.committer.name,
      committer_email: c.committer.email,
    };
  };
  const out: { commit: BlameCommit | null; lines: string[] }[] = [];
  let lastId: string | null = null;
  for (const l of lines) {
    if (l.id === lastId) (out[out.length - 1] as { lines: string[] }).lines.push(l.text);
    else out.push({ commit: present(l.id), lines: [l.text] });
    lastId = l.id;
  }
  return out;
}
