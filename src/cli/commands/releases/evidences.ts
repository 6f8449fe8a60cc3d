// A release's evidences as the API lists them (sha, filepath, collected_at) with the id each
// filepath ends in (`…/evidences/12.json`), which names one document for download.
import type { Column } from '../../render/output.js';

export interface Evidence {
  sha: string;
  filepath: string;
  collected_at: string;
}

export interface ReleaseEvidences {
  evidences?: Evidence[];
}

export type EvidenceRow = Evidence & { id: number | null; [field: string]: unknown };

const idOf = (filepath: string): number | null => {
  const m = /\/evidences\/(\d+)\.json$/.exec(filepath);
  return m ? Number(m[1]) : null;
};

/** Rows with their ids, newest first (the API lists them in collection order). */
export const evidenceRows = (evidences: readonly Evidence[]): EvidenceRow[] =>
  evidences
    .map((e) => ({ id: idOf(e.filepath), ...e }))
    .sort((a, b) => (a.collected_at === b.collected_at ? (b.id ?? 0) - (a.id ?? 0) : a.collected_at < b.collected_at ? 1 : -1));

export const EVIDENCE_COLUMNS: Column[] = [{ key: 'id' }, { key: 'collected_at', header: 'collected' }, { key: 'sha' }, { key: 'filepath', header: 'url' }];
export const EVIDENCE_FIELDS = ['id', 'sha', 'filepath', 'collected_at'];
