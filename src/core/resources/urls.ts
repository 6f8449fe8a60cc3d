// Web URLs of users, groups and projects, under the instance's external URL.
import type { CoreState } from '../state.js';

export const userWebUrl = (core: CoreState, username: string): string => `${core.settings.externalUrl}/${username}`;

export const groupWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/groups/${fullPath}`;

export const projectWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/${fullPath}`;

/** Avatar URL for users without an uploaded avatar (none are stored locally). */
export const defaultAvatarUrl = (): null => null;
