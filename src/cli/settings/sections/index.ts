// Every section a settings file may hold, in one list: the loader checks keys against it, the
// schema generator merges their schemas, the planner orders them. Add a section with one line.
import type { AnySection } from '../section.js';
import { membersSection } from './members.js';
import { notificationSettingsSection } from './notification-settings.js';
import { errorTrackingSection } from './project-error-tracking.js';
import { freezePeriodsSection } from './project-freeze-periods.js';
import { packageProtectionRulesSection } from './project-package-protection-rules.js';
import { protectedBranchesSection } from './project-protected-branches.js';
import { securitySettingsSection } from './project-security-settings.js';
import { protectedEnvironmentsSection } from './protected-environments.js';
import { samlGroupLinksSection } from './saml-group-links.js';

export const SECTIONS: AnySection[] = [
  membersSection,
  notificationSettingsSection,
  samlGroupLinksSection,
  freezePeriodsSection,
  securitySettingsSection,
  protectedBranchesSection,
  packageProtectionRulesSection,
  errorTrackingSection,
  protectedEnvironmentsSection,
];

/** The sections allowed at a scope, by file key. */
export const sectionsFor = (scope: AnySection['scopes'][number]): Map<string, AnySection> => new Map(SECTIONS.filter((s) => s.scopes.includes(scope)).map((s) => [s.name, s]));
