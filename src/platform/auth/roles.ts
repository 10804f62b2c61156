/** Who may do what: customers shop, pharmacists work their pharmacy's orders, couriers deliver the parcels handed to them, admins run the shop. */
export const ROLES = ['customer', 'pharmacist', 'courier', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
