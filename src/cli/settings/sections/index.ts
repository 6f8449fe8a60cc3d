// Every section a settings file may hold, in one list: the loader checks keys against it, the
// schema generator merges their schemas, the planner orders them. Add a section with one line.
import type { AnySection } from '../section.js';

export const SECTIONS: AnySection[] = [];

/** The sections allowed at a scope, by file key. */
export const sectionsFor = (scope: AnySection['scopes'][number]): Map<string, AnySection> => new Map(SECTIONS.filter((s) => s.scopes.includes(scope)).map((s) => [s.name, s]));
