// hostctl saml configure|show, hostctl saml identities <verb>, hostctl saml links <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { completeWith } from '../../kit/choices.js';
import { subcommand } from '../../program.js';
import { configureVerb } from './configure.js';
import { getVerb } from './get.js';
import { identitiesListVerb } from './identities-list.js';
import { identitiesGetVerb } from './identities-get.js';
import { identitiesUpdateVerb } from './identities-update.js';
import { identitiesDeleteVerb } from './identities-delete.js';
import { linksListVerb } from './links-list.js';
import { linksGetVerb } from './links-get.js';
import { linksCreateVerb } from './links-create.js';
import { linksDeleteVerb } from './links-delete.js';

export function configure(noun: Command): void {
  // SAML is configured on top-level groups only.
  completeWith(noun, { group: 'top-groups' });
  for (const verb of [configureVerb, getVerb]) addVerb(noun, verb, subcommand);
  const identities = subcommand('identities').description("A group's SAML (or SCIM) identities: list, get, update, delete").alias('identity');
  for (const verb of [identitiesListVerb, identitiesGetVerb, identitiesUpdateVerb, identitiesDeleteVerb]) addVerb(identities, verb, subcommand);
  noun.addCommand(identities);
  const links = subcommand('links').description("A group's SAML group links: list, get, create, delete").alias('link');
  for (const verb of [linksListVerb, linksGetVerb, linksCreateVerb, linksDeleteVerb]) addVerb(links, verb, subcommand);
  noun.addCommand(links);
}
