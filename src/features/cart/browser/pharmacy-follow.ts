import { $selectedPharmacy } from '../../pharmacies/client';
import { loadActions } from './load-actions';
import { $mirror } from './state';

/*
 * Keeps the cart checked against the pharmacy chosen on this device (see followSelectedPharmacy).
 * Imported after load and for logged-in customers only: the pharmacies feature's client door
 * brings its own API code along, which a browse-only visitor's catalogue page must not load.
 */

const differs = () => {
  const selected = $selectedPharmacy.get();
  const mirror = $mirror.get();
  return selected !== null && mirror !== null && mirror.pharmacyId !== selected.id;
};

/** Follows the choice when the cart is on another pharmacy (also after refresh.ts mirrored an answer). */
export const follow = () => {
  if (differs()) void loadActions().then((actions) => actions.followSelectedPharmacy());
};

follow();
// A new choice on this page, or in another tab (the store follows localStorage).
$selectedPharmacy.listen(follow);
