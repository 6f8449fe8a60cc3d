// SAML settings, identities and links belong to a group named as the first argument.
import type { PathValue } from '../../../shared/path.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export const groupRef = (value: string | undefined): PathValue => idOrPath(value, 'GROUP (id or full path)');
export const groupPath = (value: string | undefined, rest: string): string => `${apiPath('/groups/:id', { id: groupRef(value) })}${rest}`;
export const extensionGroupPath = (value: string | undefined, rest: string): string => `${apiPath('/hostctl/groups/:id', { id: groupRef(value) })}${rest}`;
