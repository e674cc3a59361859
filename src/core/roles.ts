/**
 * What an account may do beyond playing (docs/decisions/025-roles-and-audit-log.md). Roles are
 * granted only from the operator's command line (`npm run admin`), never through the API.
 */
export const ROLES = ['player', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that make someone staff: they can act on reports and players. */
export const STAFF_ROLES = ['moderator', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
