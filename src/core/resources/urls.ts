// Web URLs of users, groups and projects, under the instance's external URL.
import type { CoreState } from '../state.js';

export const userWebUrl = (core: CoreState, username: string): string => `${core.settings.externalUrl}/${username}`;

export const groupWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/groups/${fullPath}`;

export const projectWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/${fullPath}`;
