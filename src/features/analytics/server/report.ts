import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { SHOP_TIME_ZONE } from '../../../platform/clock';
import { analyticsEvents } from './schema';

/**
 * What the operator's analytics report (issue 10) is made from, counted by the database over
 * [from, to): per Berlin day and event type the distinct sessions (a visit is a session with a page
 * view), the searches that found nothing by their words, and the most viewed and added products.
 * Session ids are random and never linked to a person; none leaves this function.
 */
export interface AnalyticsFacts {
  sessionsByDay: { day: string; type: string; sessions: number }[];
  zeroResultSearches: { query: string; count: number }[];
  products: { pzn: string; views: number; addedToCart: number }[];
}

const FUNNEL_TYPES = ['page_view', 'product_view', 'add_to_cart', 'checkout_step', 'purchase'];

export async function analyticsFacts(db: Db, from: Date, to: Date, options: { top?: number } = {}): Promise<AnalyticsFacts> {
  const top = options.top ?? 10;
  const inPeriod = and(gte(analyticsEvents.occurredAt, from), lt(analyticsEvents.occurredAt, to));
  const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const query = sql<string>`lower(trim(${analyticsEvents.props}->>'query'))`;
  const pzn = sql<string>`${analyticsEvents.props}->>'pzn'`;
  const views = sql<number>`count(*) filter (where ${analyticsEvents.type} = 'product_view')::int`;
  const added = sql<number>`count(*) filter (where ${analyticsEvents.type} = 'add_to_cart')::int`;
  const [sessionsByDay, zeroResultSearches, products] = await Promise.all([
    db
      .select({ day, type: analyticsEvents.type, sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})::int` })
      .from(analyticsEvents)
      .where(and(inPeriod, inArray(analyticsEvents.type, FUNNEL_TYPES)))
      .groupBy(day, analyticsEvents.type),
    db
      .select({ query, count: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(and(inPeriod, sql`${analyticsEvents.type} = 'search'`, sql`${analyticsEvents.props}->>'results' = '0'`, sql`coalesce(trim(${analyticsEvents.props}->>'query'), '') <> ''`))
      .groupBy(query)
      .orderBy(sql`count(*) desc`, query)
      .limit(top),
    db
      .select({ pzn, views, addedToCart: added })
      .from(analyticsEvents)
      .where(and(inPeriod, inArray(analyticsEvents.type, ['product_view', 'add_to_cart']), sql`${pzn} is not null`))
      .groupBy(pzn)
      .orderBy(sql`count(*) filter (where ${analyticsEvents.type} = 'product_view') desc`, sql`count(*) filter (where ${analyticsEvents.type} = 'add_to_cart') desc`, pzn)
      .limit(top),
  ]);
  return {
    sessionsByDay: sessionsByDay.map((row) => ({ day: row.day, type: row.type, sessions: Number(row.sessions) })),
    zeroResultSearches: zeroResultSearches.map((row) => ({ query: row.query, count: Number(row.count) })),
    products: products.map((row) => ({ pzn: row.pzn, views: Number(row.views), addedToCart: Number(row.addedToCart) })),
  };
}
