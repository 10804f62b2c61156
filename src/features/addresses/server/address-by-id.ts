import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { toAddressDto, type AddressDto, type AddressKind } from './dto';
import { userAddresses } from './schema';

/** One of the customer's own addresses (another customer's id is simply not found), for checkout. */
export async function findAddress(db: Db, userId: string, id: string, kind?: AddressKind): Promise<AddressDto | null> {
  const [row] = kind
    ? await prepared(db, 'address_by_id_and_kind', (on, name) =>
        on
          .select()
          .from(userAddresses)
          .where(and(eq(userAddresses.id, sql.placeholder('id')), eq(userAddresses.userId, sql.placeholder('userId')), eq(userAddresses.kind, sql.placeholder('kind'))))
          .prepare(name),
      ).execute({ id, userId, kind })
    : await prepared(db, 'address_by_id', (on, name) =>
        on
          .select()
          .from(userAddresses)
          .where(and(eq(userAddresses.id, sql.placeholder('id')), eq(userAddresses.userId, sql.placeholder('userId'))))
          .prepare(name),
      ).execute({ id, userId });
  return row ? toAddressDto(row) : null;
}

/** The customer's most recently added shipping address, the checkout's default. */
export async function latestShippingAddress(db: Db, userId: string): Promise<AddressDto | null> {
  const [latest] = await prepared(db, 'latest_shipping_address', (on, name) =>
    on
      .select()
      .from(userAddresses)
      .where(and(eq(userAddresses.userId, sql.placeholder('userId')), eq(userAddresses.kind, 'shipping')))
      .orderBy(desc(userAddresses.createdAt), desc(userAddresses.id))
      .limit(1)
      .prepare(name),
  ).execute({ userId });
  return latest ? toAddressDto(latest) : null;
}
