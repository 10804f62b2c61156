/** The federal states (Bundesländer) by their ISO 3166-2 codes without "DE-": BE is Berlin, BY Bavaria. */
export const GERMAN_STATES = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

export const isGermanState = (value: unknown): value is GermanState => GERMAN_STATES.includes(value as GermanState);
