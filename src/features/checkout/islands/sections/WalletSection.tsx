import { formatPrice } from '../../../../platform/i18n/format';
import type { WalletView } from '../../browser/checkout-api';
import { Step } from '../controls';
import type { SectionProps } from './types';

interface Props extends SectionProps {
  wallet: WalletView;
}

/** (h) The customer's credit (referral rewards), usable like a gift card, with the spec's usage text. */
export function WalletSection({ locale, t, form, errorOf, wallet }: Props) {
  const error = errorOf('useWallet');
  const describedBy = ['checkout-wallet-usage', error ? 'checkout-wallet-error' : ''].filter(Boolean).join(' ');
  return (
    <Step id="checkout-wallet" title={t('walletHeading')}>
      {wallet.balanceCents > 0 ? (
        <div className="checkout-check">
          <input id="checkout-wallet-use" type="checkbox" {...form.register('useWallet')} aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
          <label htmlFor="checkout-wallet-use">{t('walletUse', { amount: formatPrice(wallet.balanceCents, locale) })}</label>
        </div>
      ) : (
        <p>{t('walletNone')}</p>
      )}
      <p id="checkout-wallet-usage" className="checkout-hint">
        {wallet.usageDescription}
      </p>
      {error && (
        <p id="checkout-wallet-error" className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </Step>
  );
}
