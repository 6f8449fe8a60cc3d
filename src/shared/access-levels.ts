// Role access levels of the platform and their names.

export const ACCESS = {
  none: 0,
  minimal: 5,
  guest: 10,
  planner: 15,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
  admin: 60,
} as const;

/** Values the members API and min_access_level filters accept. */
export const MEMBER_ACCESS_LEVELS = [10, 15, 20, 30, 40, 50] as const;

export const ACCESS_LEVEL_NAMES: Record<number, string> = {
  0: 'No access',
  5: 'Minimal access',
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
  60: 'Admin',
};
