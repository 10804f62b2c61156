import type { AddressInput } from '../../addresses';

/**
 * Where the goods go, as the order keeps it: a copy of the customer's address (the addresses
 * feature's fields) and the id it was taken from, so later address edits never change the order.
 */
export type AddressSnapshot = Omit<AddressInput, 'recipient_first_name' | 'recipient_last_name'> & {
  id: string | null;
  /** Whom to hand the order to (orders placed before recipients were asked for have none). */
  recipient_first_name?: string | null;
  recipient_last_name?: string | null;
};
