import { localDate } from '../../../platform/time/wall-clock';
import { exemptionSchema } from '../model/redeem-schemas';

/**
 * The exemption form's checks against Berlin's today, loaded with zod at the form's first check.
 * A module of its own: importing the clock itself lazily would keep every one of its exports.
 */
export function exemptionChecks() {
  return exemptionSchema(localDate(new Date()));
}
