import type { Locale } from '../../../platform/i18n/locales';
import type { SelectedPharmacy } from './shopping-location';
import { availabilityView, choosePharmacyText, STATUS_CLASSES } from '../model/availability-view';
import type { AvailabilityMap } from './fetch-availability';

/** The lines the static pages reserve (AvailabilityBadge.astro); `data-variant="page"` on a product page. */
export const LINE_SELECTOR = '[data-availability][data-pzn]';

export interface AvailabilityLinesOptions {
  locale: Locale;
  /** Localized path of the pharmacy-selection screen. */
  choosePharmacyHref: string;
  fetchAvailability: (pharmacyId: string, pzns: string[]) => Promise<AvailabilityMap>;
}

function reset(line: HTMLElement): void {
  line.replaceChildren();
  line.removeAttribute('title');
  line.classList.remove(...STATUS_CLASSES);
  delete line.dataset.stock;
}

/**
 * Fills every availability line of a page for the selected pharmacy with one batched lookup.
 * Returns the render function to call again whenever the selection changes; a slower answer for
 * an earlier selection never overwrites a newer one.
 */
export function availabilityLines(root: ParentNode, options: AvailabilityLinesOptions) {
  let generation = 0;

  return async function render(pharmacy: SelectedPharmacy | null): Promise<void> {
    const run = ++generation;
    const lines = Array.from(root.querySelectorAll<HTMLElement>(LINE_SELECTOR));
    // Old statuses belong to the previous pharmacy: never show them next to the new one.
    lines.forEach(reset);
    if (lines.length === 0) return;

    if (!pharmacy) {
      for (const line of lines.filter((candidate) => candidate.dataset.variant === 'page')) {
        const link = line.ownerDocument.createElement('a');
        link.href = options.choosePharmacyHref;
        link.textContent = choosePharmacyText(options.locale);
        line.append(link);
      }
      return;
    }

    const statuses = await options.fetchAvailability(pharmacy.id, lines.map((line) => line.dataset.pzn ?? ''));
    if (run !== generation) return;
    for (const line of lines) {
      const status = statuses.get(line.dataset.pzn ?? '');
      if (!status) continue;
      const view = availabilityView(status, pharmacy.name, options.locale);
      line.textContent = view.text;
      // The line is one line high (no layout shift); a narrow card cuts it, the tooltip has it whole.
      line.title = view.text;
      line.classList.add(view.className);
      // Read by the catalogue's "available at my pharmacy" filter.
      line.dataset.stock = status;
    }
  };
}
