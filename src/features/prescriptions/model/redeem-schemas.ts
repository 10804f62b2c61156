import * as z from 'zod/mini';
import { checkTypedInput } from './redeem-input';

/**
 * The redeem screen's client checks for the form hook (zod/mini, loaded at the first check, so zod
 * stays off the page's first load). Messages are failure codes of the token model or the screen's
 * own keys; the island words them in the page's language.
 */

export interface TypedPrescriptionValues {
  prescriptionId: string;
  accessCode: string;
}

export const typedPrescriptionSchema = z.object({ prescriptionId: z.string(), accessCode: z.string() }).check(
  z.superRefine((values, ctx) => {
    const checked = checkTypedInput(values);
    if (checked.ok) return;
    for (const [field, message] of Object.entries(checked.fields)) ctx.issues.push({ code: 'custom', message, input: values, path: [field] });
  }),
);

export interface ExemptionValues {
  exempt: boolean;
  validUntil: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Exempt" needs the certificate's last day, today or later (Berlin's today, handed in: the screen
 * knows it, the schema stays pure). Without "exempt" the date is ignored.
 */
export function exemptionSchema(today: string) {
  return z.object({ exempt: z.boolean(), validUntil: z.string() }).check(
    z.superRefine((values, ctx) => {
      if (!values.exempt) return;
      const date = values.validUntil.trim();
      if (!ISO_DATE.test(date)) ctx.issues.push({ code: 'custom', message: 'exemptionDateRequired', input: values, path: ['validUntil'] });
      else if (date < today) ctx.issues.push({ code: 'custom', message: 'exemptionDatePast', input: values, path: ['validUntil'] });
    }),
  );
}
