// Declared parameters: each route names its params once (type, required, allowed values,
// default); they are coerced and validated before the handler runs. Failures answer 400 with
// Grape's wording, all problems of one request joined with ", ".
import { isCalendarDate } from '../../shared/dates.js';
import { isUploadedFile, type UploadedFile } from './parse.js';

export type ParamType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'string[]'
  | 'integer[]'
  | 'hash'
  | 'hash[]'
  | 'file'
  /** Integer or string (user ids that may be usernames, `:id` that may be `self`). */
  | 'id';

export interface ParamDecl {
  name: string;
  type: ParamType;
  required?: boolean;
  values?: readonly (string | number)[];
  default?: unknown;
  desc?: string;
  /** Extra check on the coerced value; returns Grape-style error text or undefined. */
  check?: (value: unknown) => string | undefined;
  /** Accepts `a,b,c` for array types. */
  commaSeparated?: boolean;
  /**
   * Longest string the platform's model accepts; longer answers the model's 400
   * `{"message": {"<name>": ["is too long (maximum is N characters)"]}}`.
   */
  maxLength?: number;
  /**
   * A value of only white space counts as not given (its default, if any): the platform's
   * `params[:x].present?`, which is false for blank text.
   */
  blankIsAbsent?: boolean;
  /** The value is squished (see `squish`) before the handler sees it. */
  squish?: boolean;
}

/**
 * A list's text filter (`search`, or `query` for members). The platform's finders search only
 * when it is `present?` (OptionallySearch, UsersFinder, GroupsFinder, GitRefsFinder, the
 * members helper), so a blank one filters nothing: every list reads it through this one
 * declaration, and its handler never sees a blank term.
 */
export const searchParam = (name = 'search'): ParamDecl => ({ name, type: 'string', blankIsAbsent: true });

/**
 * The text filter of the lists the platform searches with `Gitlab::SQL::Pattern`
 * (`fuzzy_search` / `fuzzy_arel_match`, lib/gitlab/sql/pattern.rb), which squishes the term
 * before matching: projects, groups, namespaces, milestones, protected branches, personal and
 * project access tokens; their handlers match it by its rules (`patternSearch`). Branches and
 * tags (GitRefsFinder) match the term as sent; users, enterprise users and members' `query`
 * go through User.search, which drops a leading `@` before squishing and compares emails with
 * the term as sent, so they read it unsquished (`userSearch`).
 */
export const squishedSearchParam = (name = 'search'): ParamDecl => ({ ...searchParam(name), squish: true });

/**
 * Made on first use, once: the first regular expression with a Unicode property a process makes
 * loads ICU's property data (about 0.35 ms), which a command that squishes nothing should not
 * pay, and the build writes this literal as `new RegExp(...)`, which inside a function would be
 * compiled again on every call.
 */
let whiteSpaceRun: RegExp | undefined;
let blankText: RegExp | undefined;

/**
 * ActiveSupport's String#squish: white space at either end removed, each inner run of white
 * space (`[[:space:]]`, Unicode's White_Space, as isBlank) made one space. Not String.trim, which
 * also takes U+FEFF and leaves U+0085.
 */
export const squish = (text: string): string => text.replace((whiteSpaceRun ??= /\p{White_Space}+/gu), ' ').replace(/^ | $/g, '');

/** Ruby's String#blank?: only white space (`[[:space:]]`, Unicode's White_Space). */
const isBlank = (text: string): boolean => text === '' || (blankText ??= /^\p{White_Space}*$/u).test(text);

/** `:id` of the routes below a project, group or user: an integer id, or a full path or username. */
export const idParam: ParamDecl = { name: 'id', type: 'id', required: true };

export type ParamRule =
  | { atLeastOneOf: string[] }
  | { mutuallyExclusive: string[] }
  | { exactlyOneOf: string[] }
  | { allOrNoneOf: string[] };

export type Params = Record<string, unknown>;

const INVALID = Symbol('invalid');

// The platform coerces booleans with dry-types' Params::Bool: these exact spellings and no others
// (python-gitlab sends `True`/`False`, other clients `1`/`0`, `yes`, `on`).
const TRUE_WORDS = new Set(['1', 'on', 'On', 'ON', 't', 'true', 'True', 'TRUE', 'T', 'y', 'yes', 'Yes', 'YES', 'Y']);
const FALSE_WORDS = new Set(['0', 'off', 'Off', 'OFF', 'f', 'false', 'False', 'FALSE', 'F', 'n', 'no', 'No', 'NO', 'N']);

// ISO 8601 date-time: date, optional time with optional fraction, optional zone.
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Parses an ISO 8601 datetime; a value without zone is UTC. Returns null when invalid. */
export function parseDateTime(text: string): Date | null {
  // The calendar date must exist (Date would roll 2026-02-30 over to March).
  if (!DATETIME_RE.test(text) || !isCalendarDate(text.slice(0, 10))) return null;
  let normalised = text.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(normalised)) normalised += 'T00:00:00Z';
  else if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(normalised)) normalised += 'Z';
  normalised = normalised.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const d = new Date(normalised);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A boolean as the platform coerces it (also for nested params); null when it is not one. */
export function parseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value === 'string') {
    if (TRUE_WORDS.has(value)) return true;
    if (FALSE_WORDS.has(value)) return false;
  }
  return null;
}

function coerceScalar(type: ParamType, value: unknown): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return INVALID;
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
      return INVALID;
    case 'id':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && value !== '') return /^\d{1,15}$/.test(value) ? Number(value) : value;
      return INVALID;
    case 'boolean':
      return parseBoolean(value) ?? INVALID;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? value : INVALID;
    case 'datetime': {
      if (typeof value !== 'string') return INVALID;
      const d = parseDateTime(value);
      return d ? d.toISOString() : INVALID;
    }
    case 'hash':
      return value !== null && typeof value === 'object' && !Array.isArray(value) && !isUploadedFile(value) ? value : INVALID;
    case 'file':
      return isUploadedFile(value) ? (value as UploadedFile) : INVALID;
    default:
      return INVALID;
  }
}

function coerce(decl: ParamDecl, value: unknown): unknown {
  if (decl.type.endsWith('[]')) {
    const itemType = decl.type.slice(0, -2) as ParamType;
    let list: unknown[];
    if (Array.isArray(value)) list = value;
    else if (typeof value === 'string' && decl.commaSeparated) list = value === '' ? [] : value.split(',').map((s) => s.trim());
    else if (itemType !== 'hash' && (typeof value === 'string' || typeof value === 'number')) list = [value];
    else return INVALID;
    const out: unknown[] = [];
    for (const item of list) {
      const c = coerceScalar(itemType, item);
      if (c === INVALID) return INVALID;
      out.push(c);
    }
    return out;
  }
  return coerceScalar(decl.type, value);
}

export interface ValidationOutcome {
  params: Params;
  errors: string[];
  /** Model-style length errors by param name (answered after the Grape errors). */
  tooLong: Record<string, string[]>;
}

/** Coerces and checks `input` against the declarations; path params are part of the input. */
export function validateParams(decls: readonly ParamDecl[], rules: readonly ParamRule[], input: Params): ValidationOutcome {
  // Prototype-free: handlers read declared names only, and nothing inherited can answer for one.
  const params = Object.create(null) as Params;
  const errors: string[] = [];
  const tooLong = Object.create(null) as Record<string, string[]>;
  for (const decl of decls) {
    const raw = Object.prototype.hasOwnProperty.call(input, decl.name) ? input[decl.name] : undefined;
    const absent = raw === undefined || (raw === '' && decl.type !== 'string' && decl.type !== 'string[]') || (decl.blankIsAbsent === true && typeof raw === 'string' && isBlank(raw));
    if (absent) {
      if (decl.required) errors.push(`${decl.name} is missing`);
      else if (decl.default !== undefined) params[decl.name] = decl.default;
      continue;
    }
    if (raw === null) {
      // Booleans must be sent as true or false, never null; other nulls clear optional values.
      if (decl.required || decl.type === 'boolean') errors.push(decl.required ? `${decl.name} is empty` : `${decl.name} is invalid`);
      else params[decl.name] = null;
      continue;
    }
    const value = coerce(decl, raw);
    if (value === INVALID) {
      errors.push(`${decl.name} is invalid`);
      continue;
    }
    if (decl.required && (value === '' || (Array.isArray(value) && value.length === 0 && decl.type !== 'hash[]'))) {
      errors.push(`${decl.name} is empty`);
      continue;
    }
    if (decl.values) {
      const allowed = decl.values;
      const items = Array.isArray(value) ? value : [value];
      if (!items.every((item) => allowed.includes(item as string | number))) {
        errors.push(`${decl.name} does not have a valid value`);
        continue;
      }
    }
    if (decl.maxLength !== undefined && typeof value === 'string' && [...value].length > decl.maxLength) {
      tooLong[decl.name] = [`is too long (maximum is ${decl.maxLength} characters)`];
      continue;
    }
    const checked = decl.check?.(value);
    if (checked) {
      errors.push(checked);
      continue;
    }
    params[decl.name] = decl.squish === true && typeof value === 'string' ? squish(value) : value;
  }
  const present = (name: string): boolean => Object.prototype.hasOwnProperty.call(input, name) && input[name] !== undefined;
  for (const rule of rules) {
    if ('atLeastOneOf' in rule) {
      if (!rule.atLeastOneOf.some(present)) errors.push(`${rule.atLeastOneOf.join(', ')} are missing, at least one parameter must be provided`);
    } else if ('mutuallyExclusive' in rule) {
      if (rule.mutuallyExclusive.filter(present).length > 1) errors.push(`${rule.mutuallyExclusive.join(', ')} are mutually exclusive`);
    } else if ('exactlyOneOf' in rule) {
      const n = rule.exactlyOneOf.filter(present).length;
      if (n === 0) errors.push(`${rule.exactlyOneOf.join(', ')} are missing, exactly one parameter must be provided`);
      else if (n > 1) errors.push(`${rule.exactlyOneOf.join(', ')} are mutually exclusive`);
    } else {
      const n = rule.allOrNoneOf.filter(present).length;
      if (n > 0 && n < rule.allOrNoneOf.length) errors.push(`${rule.allOrNoneOf.join(', ')} provide all or none of parameters`);
    }
  }
  return { params, errors, tooLong };
}
