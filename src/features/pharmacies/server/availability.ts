import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { listenForCommits, type CommitNotifications } from '../../../platform/db/commit-notifications';
import { stockStatus, type StockStatus } from '../model/stock-status';
import { pharmacies, stock } from './schema';

export interface AvailabilityItem {
  pzn: string;
  status: StockStatus;
  /** Only for "low": enough for "only 2 left" without publishing every pharmacy's exact stock. */
  quantity?: number;
}

/** Answers the batch from quantities; a PZN the pharmacy does not list has none. */
function toItems(pzns: readonly string[], quantityOf: (pzn: string) => number | undefined): AvailabilityItem[] {
  return pzns.map((pzn) => {
    const quantity = quantityOf(pzn);
    const status = stockStatus(quantity);
    return status === 'low' && quantity !== undefined ? { pzn, status, quantity } : { pzn, status };
  });
}

/** The one query of readStock, with or without a condition on the PZNs. */
const pharmacyStockRows = (db: Db, pharmacyId: string | Placeholder, onlyPzns?: SQL) =>
  db
    .select({ pzn: stock.pzn, quantity: stock.quantity })
    .from(pharmacies)
    .leftJoin(stock, and(eq(stock.pharmacyId, pharmacies.id), onlyPzns))
    .where(and(eq(pharmacies.id, pharmacyId), eq(pharmacies.active, true)));

/**
 * The pharmacy left-joined to its stock rows (those of `pzns`, or all of them), so "no such
 * pharmacy" (no row) and "no stock" (a row without pzn) are told apart in one round trip. Null when
 * the pharmacy is unknown or inactive. A page's batch (PostgreSQL, every request) is a prepared
 * statement: 48 PZNs were 48 parameters to build each time.
 */
async function readStock(db: Db, pharmacyId: string, pzns: readonly string[] | 'all') {
  const rows =
    pzns === 'all'
      ? await pharmacyStockRows(db, pharmacyId)
      : await prepared(db, 'stock_batch_at_pharmacy', (on, name) =>
          pharmacyStockRows(on, sql.placeholder('pharmacyId'), sql`${stock.pzn} = any(${sql.placeholder('pzns')})`).prepare(name),
        ).execute({ pharmacyId, pzns: [...pzns] });
  return rows.length === 0 ? null : rows.filter((row): row is { pzn: string; quantity: number } => row.pzn !== null);
}

/** One pharmacy's whole stock, compact: PZNs as numbers, sorted, beside their quantities. */
class PharmacyStock {
  private readonly pzns: Int32Array;
  private readonly quantities: Int32Array;

  constructor(rows: readonly { pzn: string; quantity: number }[]) {
    // Requests carry valid 8-digit PZNs only; a row with anything else could never be asked for.
    const listed = rows.filter((row) => /^\d{8}$/.test(row.pzn)).sort((a, b) => Number(a.pzn) - Number(b.pzn));
    this.pzns = Int32Array.from(listed, (row) => Number(row.pzn));
    this.quantities = Int32Array.from(listed, (row) => row.quantity);
  }

  quantity(pzn: string): number | undefined {
    const key = Number(pzn);
    let lo = 0;
    let hi = this.pzns.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.pzns[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return this.pzns[lo] === key ? this.quantities[lo] : undefined;
  }
}

/**
 * Pharmacies' stock kept in memory, dropped as changes to it commit (drizzle/0014 and 0030 notify
 * `stock_changed` with the pharmacy's id). Each answer first waits until every change committed
 * before its request has been heard (CommitNotifications.caughtUp), so no answer after a committed
 * order, release or back-office edit, in this process or another, shows the stock from before it.
 * A read that began before a change may still answer the requests that arrived before it, but is
 * not kept.
 */
class StockCopies {
  private readonly copies = new Map<string, Promise<PharmacyStock | null>>();

  constructor(private readonly db: Db) {}

  /** '' drops every pharmacy (the whole table was emptied, or changes may have gone unheard). */
  changed(pharmacyId: string) {
    if (pharmacyId === '') this.copies.clear();
    else this.copies.delete(pharmacyId);
  }

  of(pharmacyId: string): Promise<PharmacyStock | null> {
    const known = this.copies.get(pharmacyId);
    if (known) return known;
    const read = readStock(this.db, pharmacyId, 'all').then((rows) => (rows ? new PharmacyStock(rows) : null));
    this.copies.set(pharmacyId, read);
    const forget = () => {
      if (this.copies.get(pharmacyId) === read) this.copies.delete(pharmacyId);
    };
    // Unknown ids are not kept (anyone can ask for any string); a failed read is retried next time.
    read.then((copy) => copy ?? forget(), forget);
    return read;
  }
}

const copiesByDb = new WeakMap<Db, Promise<{ copies: StockCopies; notifications: CommitNotifications } | null>>();

function stockCopies(db: Db) {
  let found = copiesByDb.get(db);
  if (!found) {
    const copies = new StockCopies(db);
    found = listenForCommits(db, 'stock_changed', { onNotify: (pharmacyId) => copies.changed(pharmacyId), onReset: () => copies.changed('') }).then(
      (notifications) => notifications && { copies, notifications },
    );
    copiesByDb.set(db, found);
  }
  return found;
}

/**
 * Availability of many products at one pharmacy; null when the pharmacy is unknown or inactive.
 * Answered from the pharmacy's stock in memory (read in one query when first asked for, and again
 * after each change); while PostgreSQL's listening session is lost, one query reads the batch.
 */
export async function availabilityAt(db: Db, pharmacyId: string, pzns: readonly string[]): Promise<AvailabilityItem[] | null> {
  const listening = await stockCopies(db);
  if (listening && (await listening.notifications.caughtUp())) {
    const copy = await listening.copies.of(pharmacyId);
    return copy && toItems(pzns, (pzn) => copy.quantity(pzn));
  }
  const rows = await readStock(db, pharmacyId, pzns);
  if (!rows) return null;
  const quantities = new Map(rows.map((row) => [row.pzn, row.quantity]));
  return toItems(pzns, (pzn) => quantities.get(pzn));
}
