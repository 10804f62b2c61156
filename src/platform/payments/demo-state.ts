import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../db/client';
import { withTransaction } from '../db/transaction';
import { demoPaymentCustomers, demoPaymentIntents, demoPaymentMethods } from './demo-tables';
import type { PaymentIntent, PaymentMethodFacts, PaymentMethodType, PaymentResult } from './types';

/*
 * A deleted customer's saved-card token may not outlive the account (GDPR Art. 17): the demo
 * provider's state is in the shop's database, so its intents keep their method's kind and last
 * digits (an order on its way is still captured) but not the token.
 */
const ERASED_METHOD_ID = 'pm_demo_erased';

/** An intent as the demo provider keeps it: what the shop sees, and what only the provider knows. */
export interface StoredIntent extends PaymentIntent {
  idempotencyKey: string;
  returnUrl: string | null;
  methods: readonly PaymentMethodType[];
  /** How often it was really captured. */
  captured: number;
  refunds: { id: string; amountCents: number }[];
  /** sepa_debit: whether the debit fails after it was started (the failing test IBAN). */
  debitFails: boolean;
  /** capture and refund answers by idempotency key: a retry gets the first answer. */
  answers: Record<string, PaymentResult<Record<string, unknown>>>;
}

export type StoredMethod = PaymentMethodFacts & { customerId: string | null; outcome: string };

/**
 * Where the demo provider keeps its intents, payment methods and customers: in this process's
 * memory (one process on PGlite, unit tests, benches), or in PostgreSQL (databaseDemoState), where
 * every server process of a cluster is the same provider. Both answer alike; each change of an
 * intent runs alone (a row lock across processes), so two processes never capture one hold twice.
 */
export interface DemoState {
  intent(id: string): Promise<StoredIntent | null>;
  /** The intent made for this idempotency key before, else `make()`'s, now stored. */
  createIntent(make: () => StoredIntent): Promise<StoredIntent>;
  /**
   * Runs `change` on the intent (null when unknown) while no other change of it runs, and stores
   * the intent as `change` left it. `change` may run again (a PostgreSQL serialization retry), so it
   * must do nothing outside `state` (the webhooks go out once it has been stored).
   */
  changeIntent<T>(id: string, change: (intent: StoredIntent | null, state: DemoState) => Promise<T>): Promise<T>;
  /** The ids of intents with this status (settling SEPA debits). */
  intentIdsWithStatus(status: StoredIntent['status']): Promise<string[]>;
  method(id: string): Promise<StoredMethod | null>;
  putMethod(method: StoredMethod): Promise<void>;
  deleteMethod(id: string): Promise<void>;
  methodsOf(customerId: string): Promise<string[]>;
  /** The customer made for this idempotency key before (back if it was deleted), else `newId()`. */
  createCustomer(idempotencyKey: string, newId: () => string): Promise<string>;
  /** The customer goes, and the methods attached to it. */
  deleteCustomer(customerId: string): Promise<void>;
  hasCustomer(customerId: string): Promise<boolean>;
}

/** State in this process's memory: gone with the process (see the provider's note on restarts). */
export function memoryDemoState(): DemoState {
  const intents = new Map<string, StoredIntent>();
  const byKey = new Map<string, string>();
  const methods = new Map<string, StoredMethod>();
  const customers = new Map<string, { id: string; deleted: boolean }>();
  // Copies in and out, as a database would: a caller's object never is the stored one.
  const copy = <T>(value: T): T => structuredClone(value);
  // One change at a time (the awaits inside a change would otherwise let another interleave).
  let queue: Promise<unknown> = Promise.resolve();

  const state: DemoState = {
    intent: async (id) => (intents.has(id) ? copy(intents.get(id)!) : null),
    async createIntent(make) {
      const made = make();
      const existing = byKey.get(made.idempotencyKey);
      if (existing) return copy(intents.get(existing)!);
      intents.set(made.id, copy(made));
      byKey.set(made.idempotencyKey, made.id);
      return copy(made);
    },
    changeIntent(id, change) {
      const run = queue.then(async () => {
        const intent = intents.has(id) ? copy(intents.get(id)!) : null;
        const answer = await change(intent, state);
        if (intent) intents.set(id, copy(intent));
        return answer;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    intentIdsWithStatus: async (status) => [...intents.values()].filter((intent) => intent.status === status).map((intent) => intent.id),
    method: async (id) => (methods.has(id) ? copy(methods.get(id)!) : null),
    async putMethod(method) {
      methods.set(method.id, copy(method));
    },
    async deleteMethod(id) {
      methods.delete(id);
    },
    methodsOf: async (customerId) => [...methods.values()].filter((method) => method.customerId === customerId).map((method) => method.id),
    async createCustomer(idempotencyKey, newId) {
      const customer = customers.get(idempotencyKey) ?? { id: newId(), deleted: false };
      customer.deleted = false;
      customers.set(idempotencyKey, customer);
      return customer.id;
    },
    async deleteCustomer(customerId) {
      for (const customer of customers.values()) if (customer.id === customerId) customer.deleted = true;
      for (const [id, method] of methods) if (method.customerId === customerId) methods.delete(id);
      for (const intent of intents.values()) if (intent.customerId === customerId && intent.paymentMethod) intent.paymentMethod.id = ERASED_METHOD_ID;
    },
    hasCustomer: async (customerId) => [...customers.values()].some((customer) => customer.id === customerId && !customer.deleted),
  };
  return state;
}

type IntentRow = typeof demoPaymentIntents.$inferSelect;

function fromRow(row: IntentRow): StoredIntent {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    amountCapturableCents: row.amountCapturableCents,
    amountReceivedCents: row.amountReceivedCents,
    amountRefundedCents: row.amountRefundedCents,
    captureMethod: row.captureMethod,
    orderId: row.orderId,
    customerId: row.customerId,
    paymentMethod: row.paymentMethod,
    saveMethod: row.saveMethod,
    lastError: row.lastError,
    returnUrl: row.returnUrl,
    methods: row.methods,
    captured: row.captureCount,
    refunds: row.refunds,
    debitFails: row.debitFails,
    answers: row.answers,
  };
}

function toRow(intent: StoredIntent, now: Date): Omit<IntentRow, 'createdAt'> {
  return {
    id: intent.id,
    idempotencyKey: intent.idempotencyKey,
    clientSecret: intent.clientSecret,
    status: intent.status,
    amountCents: intent.amountCents,
    amountCapturableCents: intent.amountCapturableCents,
    amountReceivedCents: intent.amountReceivedCents,
    amountRefundedCents: intent.amountRefundedCents,
    captureMethod: intent.captureMethod,
    orderId: intent.orderId,
    customerId: intent.customerId,
    paymentMethod: intent.paymentMethod,
    saveMethod: intent.saveMethod,
    lastError: intent.lastError,
    returnUrl: intent.returnUrl,
    methods: [...intent.methods],
    captureCount: intent.captured,
    refunds: intent.refunds,
    debitFails: intent.debitFails,
    answers: intent.answers,
    updatedAt: now,
  };
}

/**
 * State in the shop's PostgreSQL database (the demo_payment_* tables), through the process's own
 * handle: the provider's writes are not part of the shop's transaction that asked for them (a
 * capture stays done when the shop's transaction rolls back, as at a real provider; the idempotency
 * keys make the retry answer the same). Not for PGlite: its one connection is held by the shop's
 * transaction while it captures, so a query of the provider's would wait for it forever.
 */
export function databaseDemoState(getDb: () => Promise<Db>, now: () => Date): DemoState {
  const on = (db: Db): DemoState => ({
    async intent(id) {
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id));
      return row ? fromRow(row) : null;
    },
    async createIntent(make) {
      const made = make();
      const at = now();
      await db.insert(demoPaymentIntents).values({ ...toRow(made, at), createdAt: at }).onConflictDoNothing({ target: demoPaymentIntents.idempotencyKey });
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, made.idempotencyKey));
      return fromRow(row!);
    },
    changeIntent(id, change) {
      return withTransaction(db, async (tx) => {
        const [row] = await tx.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).for('update');
        const intent = row ? fromRow(row) : null;
        const answer = await change(intent, on(tx));
        if (intent) await tx.update(demoPaymentIntents).set(toRow(intent, now())).where(eq(demoPaymentIntents.id, id));
        return answer;
      });
    },
    async intentIdsWithStatus(status) {
      const rows = await db.select({ id: demoPaymentIntents.id }).from(demoPaymentIntents).where(eq(demoPaymentIntents.status, status)).orderBy(demoPaymentIntents.createdAt, demoPaymentIntents.id);
      return rows.map((row) => row.id);
    },
    async method(id) {
      const [row] = await db.select().from(demoPaymentMethods).where(eq(demoPaymentMethods.id, id));
      return row ? { ...row.facts, customerId: row.customerId, outcome: row.outcome } : null;
    },
    async putMethod(method) {
      const { customerId, outcome, ...facts } = method;
      await db
        .insert(demoPaymentMethods)
        .values({ id: method.id, customerId, outcome, facts, createdAt: now() })
        .onConflictDoUpdate({ target: demoPaymentMethods.id, set: { customerId, outcome, facts } });
    },
    async deleteMethod(id) {
      await db.delete(demoPaymentMethods).where(eq(demoPaymentMethods.id, id));
    },
    async methodsOf(customerId) {
      const rows = await db.select({ id: demoPaymentMethods.id }).from(demoPaymentMethods).where(eq(demoPaymentMethods.customerId, customerId)).orderBy(demoPaymentMethods.createdAt, demoPaymentMethods.id);
      return rows.map((row) => row.id);
    },
    async createCustomer(idempotencyKey, newId) {
      const [row] = await db
        .insert(demoPaymentCustomers)
        .values({ id: newId(), idempotencyKey, deleted: false, createdAt: now() })
        .onConflictDoUpdate({ target: demoPaymentCustomers.idempotencyKey, set: { deleted: false } })
        .returning({ id: demoPaymentCustomers.id });
      return row!.id;
    },
    async deleteCustomer(customerId) {
      await withTransaction(db, async (tx) => {
        await tx.update(demoPaymentCustomers).set({ deleted: true }).where(eq(demoPaymentCustomers.id, customerId));
        await tx.delete(demoPaymentMethods).where(eq(demoPaymentMethods.customerId, customerId));
        await tx
          .update(demoPaymentIntents)
          .set({ paymentMethod: sql`jsonb_set(${demoPaymentIntents.paymentMethod}, '{id}', to_jsonb(${ERASED_METHOD_ID}::text))` })
          .where(and(eq(demoPaymentIntents.customerId, customerId), isNotNull(demoPaymentIntents.paymentMethod)));
      });
    },
    async hasCustomer(customerId) {
      const [row] = await db.select({ id: demoPaymentCustomers.id }).from(demoPaymentCustomers).where(and(eq(demoPaymentCustomers.id, customerId), eq(demoPaymentCustomers.deleted, false)));
      return row !== undefined;
    },
  });
  // The handle is opened on first use, not when the gateway is chosen (a misconfigured database fails a payment call, not the start).
  let bound: Promise<DemoState> | null = null;
  return deferred(() => (bound ??= getDb().then(on)));
}

/**
 * The state of the process's demo provider: in the database when the process has opened one and it
 * is PostgreSQL (every process of a cluster, and the next one after a restart, see the same
 * intents), else in memory: on PGlite (one process; see databaseDemoState why not in it), and where
 * no server opened a database (tests that build the API around their own). Decided on first use.
 */
export function processDemoState(openedHandle: () => Promise<DbHandle> | null, now: () => Date): DemoState {
  let chosen: Promise<DemoState> | null = null;
  const state = () =>
    (chosen ??= (async () => {
      const handle = await openedHandle();
      return handle?.kind === 'postgres' ? databaseDemoState(async () => handle.db, now) : memoryDemoState();
    })());
  return deferred(state);
}

/** A DemoState whose calls wait for the one `resolve` answers first. */
function deferred(resolve: () => Promise<DemoState>): DemoState {
  return {
    intent: async (id) => (await resolve()).intent(id),
    createIntent: async (make) => (await resolve()).createIntent(make),
    changeIntent: async (id, change) => (await resolve()).changeIntent(id, change),
    intentIdsWithStatus: async (status) => (await resolve()).intentIdsWithStatus(status),
    method: async (id) => (await resolve()).method(id),
    putMethod: async (method) => (await resolve()).putMethod(method),
    deleteMethod: async (id) => (await resolve()).deleteMethod(id),
    methodsOf: async (customerId) => (await resolve()).methodsOf(customerId),
    createCustomer: async (key, newId) => (await resolve()).createCustomer(key, newId),
    deleteCustomer: async (customerId) => (await resolve()).deleteCustomer(customerId),
    hasCustomer: async (customerId) => (await resolve()).hasCustomer(customerId),
  };
}
