import type * as Schemas from '../../model/schemas';

type SchemaName = { [K in keyof typeof Schemas]: (typeof Schemas)[K] extends { safeParse: unknown } ? K : never }[keyof typeof Schemas];

/** A form's checks from model/schemas.ts, loaded at its first submit, so zod stays off the page's first load. */
export const accountChecks =
  <K extends SchemaName>(name: K) =>
  () =>
    import('../../model/schemas').then((module) => module[name]);
