// One bare repository on disk, with every job done on it. Each job lives in its own file and
// layer: life cycle (repository-base.ts), object reads (object-reads.ts), ref reads
// (ref-reads.ts), ref updates (ref-updates.ts), tree and commit writes (tree-writes.ts) and
// three-way merges (merges.ts); source archives are made by archive.ts. Hot reads start no
// process, writes never use a work tree, and refs move only from the value they are expected to
// have, so a concurrent change is detected instead of overwritten.
import { Merges } from './merges.js';

export class GitRepository extends Merges {}

export type { BranchRef, DiffStats, LogQuery, Signature, TagRef, TreeChange, TreeEntry } from './repository-types.js';
export type { TagListing } from './ref-reads.js';
export { RefUpdateError, type RefFailure } from './ref-updates.js';
export { identityEnv } from './tree-writes.js';
export type { TreeMerge } from './merges.js';
