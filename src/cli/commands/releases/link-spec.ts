// `--link name=...,url=...[,type=...][,path=...]`: an asset link given on the command line.
// Values may themselves contain commas; a comma only starts a new key when a known key and '='
// follow it.
import { UsageError } from '../../kit/errors.js';
import { LINK_TYPES } from './columns.js';

export interface LinkBody {
  name: string;
  url: string;
  link_type?: string;
  direct_asset_path?: string;
}

const KEYS = ['name', 'url', 'type', 'path'] as const;

export function parseLinkSpec(spec: string, flag = '--link'): LinkBody {
  const parts = spec.split(/,(?=\s*(?:name|url|type|path)=)/);
  const values: Partial<Record<(typeof KEYS)[number], string>> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim() as (typeof KEYS)[number];
    if (eq < 0 || !KEYS.includes(key)) throw new UsageError(`${flag} takes name=...,url=...[,type=...][,path=...], got "${spec}"`);
    values[key] = part.slice(eq + 1).trim();
  }
  if (!values.name || !values.url) throw new UsageError(`${flag} needs both name= and url=, got "${spec}"`);
  if (values.type !== undefined && !(LINK_TYPES as readonly string[]).includes(values.type)) {
    throw new UsageError(`${flag} type must be one of ${LINK_TYPES.join(', ')}, got "${values.type}"`);
  }
  return {
    name: values.name,
    url: values.url,
    ...(values.type !== undefined ? { link_type: values.type } : {}),
    ...(values.path !== undefined ? { direct_asset_path: values.path.startsWith('/') ? values.path : `/${values.path}` } : {}),
  };
}
