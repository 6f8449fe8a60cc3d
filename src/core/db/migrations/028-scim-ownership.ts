// A group's SCIM owns only the accounts it created. Earlier versions linked any account holding
// the posted email (an administrator's too), made it an enterprise user of the group and gave it
// an identity the caller chose. This migration undoes such claims and keeps administrators out
// of every group's reach:
// - a SCIM identity whose account is an administrator, or existed before the identity (created
//   more than a few seconds earlier: provisioning creates both in one transaction), is removed
//   with the group SAML identity of that group's provider, and the account stops being an
//   enterprise user of that group (its membership is left to the group's Owners);
// - a trigger keeps it so: an account that becomes an administrator stops being an enterprise
//   user, and loses the SCIM identity of that group (its identity provider can no longer
//   deprovision or re-point it).
import type { Migration } from '../migrate.js';

const CLAIMED = `
  SELECT s.id, s.group_id, s.user_id FROM scim_identities s JOIN users u ON u.id = s.user_id
  WHERE u.is_admin = 1 OR u.enterprise_group_id IS NOT s.group_id OR (julianday(s.created_at) - julianday(u.created_at)) * 86400 > 5`;

export const scimOwnershipSchema: Migration = {
  version: 28,
  name: 'scim-ownership',
  get up(): string {
    return `
CREATE TEMP TABLE claimed_scim AS ${CLAIMED};
DELETE FROM identities WHERE saml_provider_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM claimed_scim c JOIN saml_providers p ON p.group_id = c.group_id WHERE p.id = identities.saml_provider_id AND c.user_id = identities.user_id);
UPDATE users SET enterprise_group_id = NULL, enterprise_group_associated_at = NULL
  WHERE EXISTS (SELECT 1 FROM claimed_scim c WHERE c.user_id = users.id AND c.group_id = users.enterprise_group_id);
UPDATE users SET enterprise_group_id = NULL, enterprise_group_associated_at = NULL WHERE is_admin = 1 AND enterprise_group_id IS NOT NULL;
DELETE FROM scim_identities WHERE id IN (SELECT id FROM claimed_scim);
DROP TABLE claimed_scim;

CREATE TRIGGER users_admin_not_enterprise AFTER UPDATE OF is_admin, enterprise_group_id ON users
  WHEN NEW.is_admin = 1 AND NEW.enterprise_group_id IS NOT NULL BEGIN
  DELETE FROM scim_identities WHERE user_id = NEW.id AND group_id = NEW.enterprise_group_id;
  UPDATE users SET enterprise_group_id = NULL, enterprise_group_associated_at = NULL WHERE id = NEW.id;
END;
CREATE TRIGGER users_admin_not_enterprise_insert AFTER INSERT ON users
  WHEN NEW.is_admin = 1 AND NEW.enterprise_group_id IS NOT NULL BEGIN
  UPDATE users SET enterprise_group_id = NULL, enterprise_group_associated_at = NULL WHERE id = NEW.id;
END;
`;
  },
};
