/**
 * Attribution from the landing URL (spec §3 "utm parameters (source, medium, campaign, term,
 * content, irclickid)"; §4 order meta irClickId "taken from session storage"). It is marketing
 * data, so it is stored only once the visitor has allowed marketing; a withdrawal removes it.
 */
export const UTM_KEY = 'apobote.utm';
/** The same key the checkout reads into the order's meta (checkout/browser/session-meta.ts). */
export const IRCLICKID_KEY = 'apobote.irclickid';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export interface Attribution {
  utm: Partial<Record<UtmField, string>>;
  irclickid: string | null;
}

const MAX_LENGTH = 200;

function clean(value: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  // Control characters never belong in these values; long ones are cut, not rejected.
  return trimmed.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, MAX_LENGTH) || null;
}

/** The attribution parameters of a landing URL's query, or null when it carries none. */
export function attributionFrom(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  const utm: Attribution['utm'] = {};
  for (const field of UTM_FIELDS) {
    const value = clean(params.get(`utm_${field}`));
    if (value) utm[field] = value;
  }
  // Impact's click id arrives as irclickid; some links spell it irClickId.
  const irclickid = clean(params.get('irclickid') ?? params.get('irClickId'));
  if (!irclickid && Object.keys(utm).length === 0) return null;
  return { utm, irclickid };
}
