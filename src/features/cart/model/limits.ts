/** Per-line cap: protects stock for other customers and keeps a pharmacy order in household amounts. */
export const MAX_QUANTITY_PER_LINE = 10;
