import { CONSENT_KEY, CONSENT_VERSION } from '../../../platform/consent/consent';

/**
 * A classic inline script placed right after the consent layer's markup: on a first visit it shows
 * the layer before the first paint instead of after the module scripts have arrived. On a phone
 * the layer's text is the largest thing on the first screen, so its paint is the page's Largest
 * Contentful Paint: Lighthouse mobile put it at 2.3–2.7 s behind the module chain. It applies
 * parseConsent's rules (platform/consent/consent.ts; a unit test runs both on the same values) and
 * does nothing else: the consent script (browser/boot.ts) still wires the layer and decides again.
 * Its text is the same on every page, so the build's CSP hash covers pages rendered on demand too.
 */
export function consentFirstPaintScript(): string {
  const key = JSON.stringify(CONSENT_KEY);
  return (
    `(function(){var v=null;try{v=JSON.parse(localStorage.getItem(${key})||'null')}catch(e){}` +
    `if(v&&v.version===${CONSENT_VERSION}&&typeof v.analytics==='boolean'&&typeof v.marketing==='boolean'&&typeof v.decidedAt==='string'&&!isNaN(Date.parse(v.decidedAt)))return;` +
    `var layer=document.querySelector('[data-consent-layer]');if(layer)layer.hidden=false})();`
  );
}
