import { describe, expect, it } from 'vitest';
import { catalogMessages } from '../../../src/features/catalog/i18n/messages';

describe('catalogue page strings', () => {
  it('carry the HWG §4 notice verbatim in both languages', () => {
    expect(catalogMessages.de.hwgNotice).toBe(
      'Zu Risiken und Nebenwirkungen lesen Sie die Packungsbeilage und fragen Sie Ihre Ärztin, Ihren Arzt oder in Ihrer Apotheke.',
    );
    expect(catalogMessages.en.hwgNotice).toBe('For risks and side effects, read the package leaflet and ask your doctor or pharmacist.');
  });

  it('label prices incl. VAT and the prescription badge as the law and the shop expect', () => {
    expect(catalogMessages.de.inclVat).toBe('inkl. MwSt.');
    expect(catalogMessages.en.inclVat).toBe('incl. VAT');
    expect(catalogMessages.de.prescriptionRequired).toBe('Verschreibungspflichtig');
    expect(catalogMessages.en.prescriptionRequired).toBe('Prescription required');
    expect(catalogMessages.de.hwgIngredient).toBe('Wirkstoff: {name}');
  });

  it('states base prices per 1 kg / 1 l, never per 100 g', () => {
    for (const table of [catalogMessages.en, catalogMessages.de]) {
      expect(table.basePrice.replace(/\u00a0/g, ' ')).toContain('/ 1 {unit}');
      expect(Object.values(table).join(' ')).not.toMatch(/100\s?(g|ml)/);
    }
  });
});
