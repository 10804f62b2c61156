import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { AddressInput } from '../model/address-input';
import { toAddressDto, type AddressDto, type AddressKind } from './dto';
import { userAddresses } from './schema';

const columns = (input: AddressInput) => ({
  recipientFirstName: input.recipient_first_name,
  recipientLastName: input.recipient_last_name,
  streetAddress: input.street_address,
  houseNumber: input.house_number,
  room: input.room,
  postalCode: input.postal_code,
  locality: input.locality,
  note: input.note,
});

/** Every query is scoped to the owner: another customer's id simply does not exist (404). */
const owned = (userId: string, kind: AddressKind, id: string) =>
  and(eq(userAddresses.id, id), eq(userAddresses.userId, userId), eq(userAddresses.kind, kind));

export async function listAddresses(db: Db, userId: string): Promise<Record<AddressKind, AddressDto[]>> {
  const rows = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id));
  const dtos = rows.map(toAddressDto);
  return { shipping: dtos.filter((a) => a.type === 'shipping'), billing: dtos.filter((a) => a.type === 'billing') };
}

export async function createAddress(db: Db, userId: string, kind: AddressKind, input: AddressInput, now: Date): Promise<AddressDto> {
  const [row] = await db
    .insert(userAddresses)
    .values({ id: randomUUID(), userId, kind, ...columns(input), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toAddressDto(row);
}

export async function updateAddress(db: Db, userId: string, kind: AddressKind, id: string, input: AddressInput, now: Date): Promise<AddressDto | null> {
  const [row] = await db
    .update(userAddresses)
    .set({ ...columns(input), updatedAt: now })
    .where(owned(userId, kind, id))
    .returning();
  return row ? toAddressDto(row) : null;
}

export async function deleteAddress(db: Db, userId: string, kind: AddressKind, id: string): Promise<boolean> {
  const rows = await db.delete(userAddresses).where(owned(userId, kind, id)).returning({ id: userAddresses.id });
  return rows.length > 0;
}

/** Account erasure (GDPR Art. 17): runs inside the deletion's transaction. */
export async function deleteAddressesOfUser(tx: Db, userId: string): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
}
