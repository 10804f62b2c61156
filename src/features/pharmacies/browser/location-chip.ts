// Entry of the header's location chip script (bundled by LocationChip.astro): shows where the
// visitor shops from the shared store, on every page and whenever another tab changes it.
import { $addressSelection, $deviceLocation, $selectedPharmacy } from './shopping-location';
import { locationLabel } from '../model/location-label';

const chips = document.querySelectorAll<HTMLAnchorElement>('[data-location-chip]');

function render() {
  const state = { pharmacy: $selectedPharmacy.get(), address: $addressSelection.get(), device: $deviceLocation.get() };
  for (const chip of chips) {
    const { text, chosen } = locationLabel(state, { choose: chip.dataset.choose ?? '', postalCode: chip.dataset.postalCode ?? '' });
    const label = chip.querySelector<HTMLElement>('[data-location-label]');
    if (label && label.textContent !== text) label.textContent = text;
    chip.querySelector<HTMLElement>('[data-location-prefix]')?.toggleAttribute('hidden', !chosen);
    // The full name on hover when the ellipsis cuts it.
    chip.title = text;
  }
}

render();
$selectedPharmacy.listen(render);
$addressSelection.listen(render);
$deviceLocation.listen(render);
