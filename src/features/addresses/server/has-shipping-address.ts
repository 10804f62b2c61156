import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { userAddresses } from './schema';

/**
 * Whether the customer has at least one shipping address. The cart asks this before adding
 * anything (spec §6): delivery, the serving pharmacy and stock all hang on where the goods go.
 * One indexed row lookup (user_addresses_user_kind_idx), not a list; prepared, as every cart change asks.
 */
export async function hasShippingAddress(db: Db, userId: string): Promise<boolean> {
  const rows = await prepared(db, 'has_shipping_address', (on, name) =>
    on
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(and(eq(userAddresses.userId, sql.placeholder('userId')), eq(userAddresses.kind, 'shipping')))
      .limit(1)
      .prepare(name),
  ).execute({ userId });
  return rows.length > 0;
}
