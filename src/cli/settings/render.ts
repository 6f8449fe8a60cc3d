// The plan as text (grouped by target and section, fitting the terminal's width) and as data.
import type { Change, FieldChange, Target } from './section.js';
import type { Plan } from './plan.js';

const MARK = { create: '+', update: '~', delete: '-' } as const;

export interface Paint {
  create(s: string): string;
  update(s: string): string;
  delete(s: string): string;
  dim(s: string): string;
}

export const noPaint: Paint = { create: (s) => s, update: (s) => s, delete: (s) => s, dim: (s) => s };

export const ansiPaint: Paint = {
  create: (s) => `\x1b[32m${s}\x1b[39m`,
  update: (s) => `\x1b[33m${s}\x1b[39m`,
  delete: (s) => `\x1b[31m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
};

/** A value as the plan shows it: strings bare unless they need quotes, the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return value === '' || /^\s|\s$|[→,:{}[\]#"]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

const clip = (text: string, width: number): string => (text.length <= width ? text : `${text.slice(0, Math.max(1, width - 1))}…`);

function fieldText(c: Change, f: FieldChange): string {
  if (c.op === 'create') return `${f.field}: ${showValue(f.to)}`;
  if (c.op === 'delete') return `${f.field}: ${showValue(f.from)}`;
  return `${f.field}: ${showValue(f.from)} → ${showValue(f.to)}`;
}

export const targetTitle = (t: Target): string => (t.scope === 'global' ? 'global (your own settings)' : `${t.scope} ${t.path}`);

/**
 * One line per change when its single field fits beside the key (`~ bob  access_level: developer
 * → maintainer`), else the key on its line and each field below it.
 */
export function renderPlan(plan: Plan, width: number, paint: Paint = noPaint): string {
  const lines: string[] = [];
  let lastTarget = '';
  for (const item of plan.items) {
    if (item.changes.length === 0) continue;
    const title = targetTitle(item.target);
    if (title !== lastTarget) {
      if (lines.length) lines.push('');
      lines.push(title);
      lastTarget = title;
    }
    lines.push(`  ${item.section.name}`);
    const keyWidth = Math.min(24, Math.max(...item.changes.map((c) => c.key.length)));
    for (const c of item.changes) {
      const head = `    ${MARK[c.op]} ${c.key.padEnd(keyWidth)}`;
      const texts = c.fields.map((f) => fieldText(c, f));
      // A create or delete lists its fields on one line when they fit; an update shows one field per line.
      const single = texts.length === 1 || (c.op !== 'update' && texts.length > 1) ? `${head}  ${texts.join(', ')}` : undefined;
      if (texts.length === 0) lines.push(paint[c.op](clip(`    ${MARK[c.op]} ${c.key}`, width)));
      else if (single !== undefined && single.length <= width) lines.push(paint[c.op](single));
      else {
        lines.push(paint[c.op](clip(`    ${MARK[c.op]} ${c.key}`, width)));
        for (const t of texts) lines.push(paint[c.op](clip(`        ${t}`, width)));
      }
    }
  }
  if (lines.length) lines.push('');
  lines.push(summaryLine(plan));
  return `${lines.join('\n')}\n`;
}

export function summaryLine(plan: Plan): string {
  const c = plan.counts;
  return `${c.create} to create, ${c.update} to change, ${c.delete} to delete, ${c.unchanged} unchanged`;
}

/** The plan as data for -o json|yaml: every change with its fields, and the counts. */
export function planData(plan: Plan): Record<string, unknown> {
  return {
    in_sync: plan.counts.create + plan.counts.update + plan.counts.delete === 0,
    summary: { ...plan.counts },
    changes: plan.items.flatMap((i) =>
      i.changes.map((c) => ({
        op: c.op,
        scope: c.target.scope,
        target: c.target.path,
        section: c.section,
        key: c.key,
        fields: c.fields.map((f) => ({ field: f.field, ...(c.op !== 'create' ? { from: f.from ?? null } : {}), ...(c.op !== 'delete' ? { to: f.to ?? null } : {}) })),
      })),
    ),
  };
}

/** `~ group acme members bob` — a change named on one line (apply's progress). */
export const stepName = (c: Change): string => `${MARK[c.op]} ${c.target.scope === 'global' ? 'global' : `${c.target.scope} ${c.target.path}`} ${c.section} ${c.key}`;
