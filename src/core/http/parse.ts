// Decoding of query strings and form bodies into the nested parameter object the platform's
// conventions describe: `a[]=x` arrays, `a[k]=v` hashes, `a[0][k]=v` arrays of hashes.

export type ParamBag = Record<string, unknown>;

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data) && typeof (value as UploadedFile).filename === 'string';
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first))) !== null) parts.push(m[1] ?? '');
  return parts;
}

/** Sets a value at a bracketed key path; `[]` appends. */
export function assignPath(target: ParamBag, key: string, value: unknown): void {
  const path = keyPath(key);
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length; i++) {
    const part = path[i] as string;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      if (part === '') {
        if (last) node.push(value);
        else {
          // `a[][k]=v`: start a new hash unless the current last hash lacks this key.
          const next = path[i + 1] as string;
          let tail = node[node.length - 1] as Record<string, unknown> | undefined;
          if (!tail || typeof tail !== 'object' || next in tail) {
            tail = {};
            node.push(tail);
          }
          node = tail;
        }
        continue;
      }
      node = Object.assign({}, node) as unknown as Record<string, unknown>;
    }
    const obj = node as Record<string, unknown>;
    if (last) {
      obj[part] = value;
    } else {
      const nextIsArray = path[i + 1] === '';
      let child = obj[part];
      if (child === undefined || child === null || typeof child !== 'object') {
        child = nextIsArray ? [] : {};
        obj[part] = child;
      }
      node = child as Record<string, unknown> | unknown[];
    }
  }
}

/** Turns hashes whose keys are all integers (`a[0][k]`) into arrays, recursively. */
export function normaliseIndexed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseIndexed);
  if (value === null || typeof value !== 'object' || isUploadedFile(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => normaliseIndexed(v));
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, normaliseIndexed(v)]));
}

export function parseQuery(raw: string | undefined): ParamBag {
  const out: ParamBag = {};
  if (!raw) return out;
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (key) assignPath(out, key, value);
  }
  return normaliseIndexed(out) as ParamBag;
}
