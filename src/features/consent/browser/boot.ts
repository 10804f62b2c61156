// Entry of the consent script on every page (bundled by ConsentLayer.astro). Small and vanilla: it
// shows the layer on a first visit and wires the footer link. The services behind consent
// (analytics, error reporting, tag manager, affiliate) are in ./services, fetched only once a
// visitor has allowed at least one category, so a page before consent loads none of their code.
import { onConsentChange, readConsent, type ConsentStatus } from '../../../platform/consent/consent';
import { consentLayer } from './consent-layer';
import { rememberLandingAttribution } from './attribution';

const root = document.querySelector<HTMLElement>('[data-consent-layer]');
if (root) {
  const layer = consentLayer(root);
  // On a first visit the inline script after the layer's markup (model/first-paint.ts) has shown it
  // already; this script's reading is the one that counts, should the two ever disagree.
  if (!readConsent()) layer.show(false);
  else if (!root.hidden) layer.hide();
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-consent-open]') : null;
    if (!link) return;
    event.preventDefault();
    layer.show(true);
  });
}

rememberLandingAttribution(readConsent());

let servicesStarted = false;
const apply = (status: ConsentStatus | null) => {
  if (!servicesStarted && !status?.analytics && !status?.marketing) return;
  servicesStarted = true;
  void import('./services').then((services) => services.applyConsent(status));
};
apply(readConsent());
onConsentChange((status) => {
  rememberLandingAttribution(status);
  apply(status);
});
