import { CONSENT_KEY, CONSENT_VERSION } from '../../../platform/consent/consent';

/**
 * A classic inline script placed right after the consent layer's markup: on a first visit it shows
 * the layer before the first paint instead of after the module scripts have arrived. On a phone
 * the layer's text is the largest thing on the first screen, so its paint is the page's Largest
 * Contentful Paint: Lighthouse mobile put it at 2.3–2.7 s behind the module chain. It applies
 * parseConsent's rules (platform/consent/consent.ts; a unit test runs both on the same values); the
 * consent script (browser/boot.ts) still wires the layer, decides again and stores the choice.
 * Its text is the same on every page, so the build's CSP hash covers pages rendered on demand too.
 */
export function consentFirstPaintScript(): string {
  const key = JSON.stringify(CONSENT_KEY);
  return (
    `(function(){var v=null;try{v=JSON.parse(localStorage.getItem(${key})||'null')}catch(e){}` +
    `if(v&&v.version===${CONSENT_VERSION}&&typeof v.analytics==='boolean'&&typeof v.marketing==='boolean'&&typeof v.decidedAt==='string'&&!isNaN(Date.parse(v.decidedAt)))return;` +
    `var layer=document.querySelector('[data-consent-layer]');if(!layer)return;layer.hidden=false;` +
    // Until the consent script has wired the layer (or if it never arrives on a bad connection), its
    // buttons still work: "Accept all" and "Reject all" store the choice as saveConsent does (the
    // consent script starts what it allows when it runs), "Decide later" closes the layer.
    `layer.addEventListener('click',function(e){if(layer.hasAttribute('data-consent-ready'))return;` +
    `var b=e.target&&e.target.closest?e.target.closest('[data-consent-action]'):null;var a=b?b.getAttribute('data-consent-action'):null;` +
    `if(a==='accept'||a==='reject'){try{localStorage.setItem(${key},JSON.stringify({version:${CONSENT_VERSION},analytics:a==='accept',marketing:a==='accept',decidedAt:new Date().toISOString()}))}catch(x){}}` +
    `if(a==='accept'||a==='reject'||a==='later')layer.hidden=true})})();`
  );
}
