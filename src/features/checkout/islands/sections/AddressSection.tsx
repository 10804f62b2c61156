import type { ShippingAddress } from '../../browser/checkout-api';
import { ChoiceGroup, Step } from '../controls';
import type { SectionProps } from './types';

interface Props extends SectionProps {
  addresses: ShippingAddress[];
  /** The address screen's "new shipping address" form, coming back here after a save. */
  addHref: string;
  manageHref: string;
  /** Another pharmacy's courier serves the chosen address: offered with one button. */
  proposal?: { name: string; onChoose: () => void; busy: boolean } | null;
}

/** (a) Where the order goes: the customer's shipping addresses, or a way to add one. */
export function AddressSection({ t, form, errorOf, addresses, addHref, manageHref, proposal }: Props) {
  const error = errorOf('addressId');
  return (
    <Step id="checkout-address" title={t('addressHeading')}>
      {addresses.length === 0 ? (
        <div className={error ? 'checkout-missing checkout-missing--invalid' : 'checkout-missing'}>
          <p>{t('addressNone')}</p>
          <a id="checkout-addressId" className="checkout-button checkout-button--secondary" href={addHref} aria-describedby={error ? 'checkout-addressId-error' : undefined}>
            {t('addressAdd')}
          </a>
          {error && (
            <p id="checkout-addressId-error" className="checkout-error" role="alert">
              {error}
            </p>
          )}
        </div>
      ) : (
        <>
          <ChoiceGroup id="checkout-addressId" legend={t('addressLegend')} error={error}>
            {addresses.map((address) => (
              <label key={address.id} className="checkout-option">
                <input type="radio" value={address.id} {...form.register('addressId')} />
                <span>{address.label}</span>
              </label>
            ))}
          </ChoiceGroup>
          {proposal && (
            <p className="checkout-proposal">
              <button type="button" className="checkout-button checkout-button--secondary" onClick={proposal.onChoose} disabled={proposal.busy} aria-busy={proposal.busy || undefined}>
                {t('switchPharmacy', { pharmacy: proposal.name })}
              </button>
            </p>
          )}
          <p className="checkout-aside">
            <a href={manageHref}>{t('addressManage')}</a>
          </p>
        </>
      )}
    </Step>
  );
}
