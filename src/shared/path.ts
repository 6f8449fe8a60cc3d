// Path templating shared by the client and the CLI: `:name` placeholders are replaced by
// URL-encoded values, so names with '/' (full paths, branches, tags) travel as one segment.

export type PathValue = string | number;

export function encodeSegment(value: PathValue): string {
  return typeof value === 'number' ? String(value) : encodeURIComponent(value);
}

export function expandPath(template: string, values: Record<string, PathValue>): string {
  return template.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path value: ${name}`);
    return encodeSegment(value);
  });
}

/** Serialises a flat or nested object as a query string with `a[]=` and `a[k]=` forms. */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (item !== null && typeof item === 'object') add(`${key}[${index}]`, item);
        else add(`${key}[]`, item);
      });
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else {
      const text = value instanceof Date ? value.toISOString() : String(value);
      parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(text)}`);
    }
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return parts.join('&');
}
