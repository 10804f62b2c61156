/**
 * Operator data shown in the Impressum, footer and support widget. The operator is fictional; a real
 * deployment sets the PUBLIC_* variables at build time (pages are prerendered, so the values are baked
 * into the HTML) instead of editing this file.
 */
export interface PostalAddress {
  street: string;
  postalCode: string;
  locality: string;
  country: string;
}

export interface SiteConfig {
  brand: string;
  operator: {
    name: string;
    legalForm: string;
    managingDirectors: string;
    address: PostalAddress;
    email: string;
    phone: string;
    vatId: string;
    commercialRegister: string;
  };
  /** The pharmacist in charge (Apothekenbetriebsordnung) and their professional title and chamber. */
  pharmacist: {
    name: string;
    /** German title "Apotheker/in" is granted in Germany; the English rendering is informational. */
    professionalTitle: { en: string; de: string };
    titleGrantedIn: string;
    licensingPharmacy: string;
  };
  supervisoryAuthority: { name: string; address: string; url: string };
  chamber: { name: string; address: string; url: string; professionalRulesUrl: string };
  /** The pharmacy's entry in the national register (BfArM) that the EU common logo links to. */
  euRegisterUrl: string;
  support: { phone: string; phoneHref: string; email: string; hours: { en: string; de: string } };
  /** Delivery fee and free-delivery threshold in cents (spec §9 gives 2.90 and 2.50: a setting). */
  delivery: { feeCents: number; freeFromCents: number };
  /** Market surveillance authority for accessibility (BFSG), named in the accessibility statement. */
  accessibilityAuthority: { name: string; url: string };
  /** Data protection supervisory authority of the operator's Land, named in the privacy policy. */
  dataProtectionAuthority: { name: string; url: string };
}

type Env = Readonly<Record<string, string | undefined>>;

function readEnv(): Env {
  // import.meta.env exists under Vite (pages, tests); plain Node scripts fall back to process.env.
  const viteEnv = (import.meta as { env?: Env }).env;
  return viteEnv ?? (typeof process === 'undefined' ? {} : process.env);
}

function intOr(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

export function siteConfig(env: Env = readEnv()): SiteConfig {
  const supportPhone = env.PUBLIC_SUPPORT_PHONE || '+49 30 1234 5670';
  return {
    brand: 'Apobote',
    operator: {
      name: env.PUBLIC_OPERATOR_NAME || 'Apobote GmbH',
      legalForm: 'GmbH',
      managingDirectors: env.PUBLIC_OPERATOR_DIRECTORS || 'Dr. Lea Beispiel, Jonas Muster',
      address: {
        street: env.PUBLIC_OPERATOR_STREET || 'Musterstraße 12',
        postalCode: env.PUBLIC_OPERATOR_POSTAL_CODE || '10115',
        locality: env.PUBLIC_OPERATOR_LOCALITY || 'Berlin',
        country: 'Deutschland',
      },
      email: env.PUBLIC_OPERATOR_EMAIL || 'kontakt@apobote.example',
      phone: env.PUBLIC_OPERATOR_PHONE || '+49 30 1234 5600',
      vatId: env.PUBLIC_OPERATOR_VAT_ID || 'DE123456789',
      commercialRegister: env.PUBLIC_OPERATOR_REGISTER || 'Amtsgericht Charlottenburg, HRB 000000 B',
    },
    pharmacist: {
      name: env.PUBLIC_PHARMACIST_NAME || 'Dr. Lea Beispiel',
      professionalTitle: { en: 'Pharmacist (Apothekerin)', de: 'Apothekerin' },
      titleGrantedIn: 'Bundesrepublik Deutschland',
      licensingPharmacy: env.PUBLIC_PHARMACY_NAME || 'Apobote Apotheke am Hackeschen Markt',
    },
    supervisoryAuthority: {
      name: 'Landesamt für Gesundheit und Soziales Berlin (LAGeSo)',
      address: 'Turmstraße 21, 10559 Berlin',
      url: 'https://www.berlin.de/lageso/',
    },
    chamber: {
      name: 'Apothekerkammer Berlin',
      address: 'Littenstraße 10, 10179 Berlin',
      url: 'https://www.akberlin.de/',
      professionalRulesUrl: 'https://www.akberlin.de/',
    },
    // The register overview until the operator receives its own entry link (sent by BfArM on registration).
    euRegisterUrl:
      env.PUBLIC_EU_REGISTER_URL ||
      'https://www.bfarm.de/DE/Arzneimittel/Arzneimittelinformationen/Versandhandels-Register/_node.html',
    support: {
      phone: supportPhone,
      phoneHref: `tel:${supportPhone.replace(/[^+\d]/g, '')}`,
      email: env.PUBLIC_SUPPORT_EMAIL || 'apotheke@apobote.example',
      hours: { en: 'Daily 08:00–22:00', de: 'Täglich 08:00–22:00 Uhr' },
    },
    delivery: {
      feeCents: intOr(env.PUBLIC_DELIVERY_FEE_CENTS, 290),
      freeFromCents: intOr(env.PUBLIC_FREE_DELIVERY_FROM_CENTS, 3000),
    },
    accessibilityAuthority: {
      name: 'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF), Magdeburg',
      url: 'https://www.mlbf-barrierefrei.de/',
    },
    dataProtectionAuthority: {
      name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
      url: 'https://www.datenschutz-berlin.de/',
    },
  };
}

/** The configuration pages render with; read once per build. */
export const SITE: SiteConfig = siteConfig();
