import { z } from '@hono/zod-openapi';
import { EVENT_TYPES } from '../model/events';

const PropValue = z.union([z.string().max(200), z.number(), z.boolean()]);

export const AnalyticsEventSchema = z
  .object({
    type: z.enum(EVENT_TYPES),
    at: z.iso.datetime({ offset: true }),
    path: z.string().max(300).regex(/^\//),
    props: z.record(z.string().max(40), PropValue).refine((props) => Object.keys(props).length <= 10, 'at most 10 props').optional(),
  })
  .strict()
  .openapi('AnalyticsEvent');

export const EventBatchSchema = z
  .object({
    session_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    // Counted by the route (413 beyond MAX_EVENTS_PER_BATCH) before the schema checks the events.
    events: z.array(AnalyticsEventSchema).min(1),
  })
  .strict()
  .openapi('AnalyticsEventBatch');
