import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { toAddressDto, type AddressDto, type AddressKind } from './dto';
import { userAddresses } from './schema';

/** One of the customer's own addresses (another customer's id is simply not found), for checkout. */
export async function findAddress(db: Db, userId: string, id: string, kind?: AddressKind): Promise<AddressDto | null> {
  const conditions = [eq(userAddresses.id, id), eq(userAddresses.userId, userId)];
  if (kind) conditions.push(eq(userAddresses.kind, kind));
  const [row] = await db.select().from(userAddresses).where(and(...conditions)).limit(1);
  return row ? toAddressDto(row) : null;
}

/** The customer's most recently added shipping address, the checkout's default. */
export async function latestShippingAddress(db: Db, userId: string): Promise<AddressDto | null> {
  const [latest] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.kind, 'shipping')))
    .orderBy(desc(userAddresses.createdAt), desc(userAddresses.id))
    .limit(1);
  return latest ? toAddressDto(latest) : null;
}
