import { interpolate } from '../../../platform/i18n/messages';
import { $addressSelection, $selectedPharmacy } from './shopping-location';

/*
 * The home hero's postal-code check (DeliveryPromise.astro): asks the server's delivery-area
 * decision, words the promise from the texts the page carries, and makes the serving pharmacy the
 * visitor's, as the pharmacy-selection screen does. Plain DOM and fetch, loaded only when the
 * visitor reaches for the form: catalogue pages stay under their script budget.
 */

interface Texts {
  checking: string;
  inArea: string;
  inAreaLater: string;
  outside: string;
  notRecognised: string;
  invalid: string;
  failed: string;
}

interface Answer {
  outcome: 'in_area_all_in_stock' | 'in_area_some_in_stock' | 'outside_area' | 'address_not_recognised';
  postal_code: string;
  locality: string | null;
  pharmacy: { pharmacy: { id: string; name: string; openNow: boolean } } | null;
}

/** Called by the form's stub script on first focus or submit (delivery-promise-stub.ts). */
export function setUp(form: HTMLFormElement): void {
  const input = form.querySelector('input');
  const result = form.querySelector<HTMLElement>('.promise__result');
  if (!input || !result) return;
  const texts = JSON.parse(form.dataset.texts ?? '{}') as Texts;
  const locale = form.dataset.locale ?? 'en';
  const say = (text: string, tone: 'success' | 'error' | 'info') => {
    result.textContent = text;
    result.dataset.tone = tone;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const postalCode = input.value.replace(/\s+/g, '');
    if (!/^\d{5}$/.test(postalCode)) {
      input.setAttribute('aria-invalid', 'true');
      say(texts.invalid, 'error');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    say(texts.checking, 'info');
    void check(postalCode, locale).then((answer) => {
      if (!answer) return say(texts.failed, 'error');
      if (answer.outcome === 'address_not_recognised') return say(texts.notRecognised, 'error');
      const serving = answer.pharmacy?.pharmacy;
      if (answer.outcome === 'outside_area' || !serving) return say(texts.outside, 'info');
      const place = [answer.postal_code, answer.locality].filter(Boolean).join(' ');
      say(interpolate(serving.openNow ? texts.inArea : texts.inAreaLater, { place, pharmacy: serving.name }), 'success');
      $selectedPharmacy.set({ id: serving.id, name: serving.name });
      if (!$addressSelection.get()?.id) $addressSelection.set({ id: null, postalCode: answer.postal_code, label: place });
    });
  });
  form.dataset.ready = 'true';
}

async function check(postalCode: string, locale: string): Promise<Answer | null> {
  try {
    const response = await fetch('/api/shop/v1/delivery-area', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify({ postal_code: postalCode }),
    });
    return response.ok ? ((await response.json()) as Answer) : null;
  } catch {
    return null;
  }
}

