/**
 * Who may do what: customers shop; pharmacists work their pharmacy's orders; pharmacy managers also
 * run their pharmacy's staff, settings and stock; operators work every pharmacy, the catalogue and
 * the remote config; couriers deliver the parcels handed to them. `admin` is kept for existing
 * accounts and has no back-office rights.
 */
export const ROLES = ['customer', 'pharmacist', 'manager', 'operator', 'courier', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles that work in the back office (/pharmacy/). */
export const STAFF_ROLES = ['pharmacist', 'manager', 'operator'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
