// The values a repository hands out and takes: refs, tree entries and changes, signatures,
// history queries. Kept apart from the classes so that callers needing only a type load nothing.

export interface BranchRef {
  name: string;
  /** Commit id at the tip. */
  target: string;
}

export interface TagRef {
  name: string;
  /** Object the ref points at: a commit (lightweight tag) or a tag object (annotated). */
  target: string;
  objectType: string;
  /** The commit the tag finally points at, when it points at one. */
  commitId: string | null;
}

export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
}

export type TreeChange = { path: string; mode: string; sha: string } | { path: string; remove: true };

/** Author or committer of a new commit or tag. */
export interface Signature {
  name: string;
  email: string;
  /** When; written in UTC. */
  time: Date;
}

export interface LogQuery {
  rev: string;
  path?: string;
  since?: string;
  until?: string;
  skip?: number;
  limit?: number;
  firstParent?: boolean;
  /** Every ref instead of `rev`. */
  all?: boolean;
  /** A pattern matched against `Name <email>` of the author (git's --author). */
  author?: string;
  /** Topological order instead of date order. */
  topoOrder?: boolean;
}

export interface DiffStats {
  additions: number;
  deletions: number;
  total: number;
}
