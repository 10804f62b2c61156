import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { userAddresses } from './schema';

/**
 * Whether the customer has at least one shipping address. The cart asks this before adding
 * anything (spec §6): delivery, the serving pharmacy and stock all hang on where the goods go.
 * One indexed row lookup (user_addresses_user_kind_idx), not a list.
 */
export async function hasShippingAddress(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.kind, 'shipping')))
    .limit(1);
  return rows.length > 0;
}
