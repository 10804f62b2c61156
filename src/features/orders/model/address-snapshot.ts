import type { AddressInput } from '../../addresses';

/**
 * Where the goods go, as the order keeps it: a copy of the customer's address (the addresses
 * feature's fields) and the id it was taken from, so later address edits never change the order.
 */
export type AddressSnapshot = AddressInput & { id: string | null };
