import { useCallback, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { OrderDetails, OrderView } from '../../orders/client';
import OrderTracking from './OrderTracking';

/**
 * The order page's screen as one island: the tracking above the order, then its history, invoice
 * and rating. One root renders them together, so the tracking cannot arrive after the order is on
 * screen and push it down (CLS), and the page hydrates once instead of three times. The details
 * (their own request) are drawn once the order is there, below it, so they never get pushed down. Delivery sits
 * above orders, so the screen is put together here.
 */
export default function OrderScreen({ locale }: { locale: Locale }) {
  const [orderShown, setOrderShown] = useState(false);
  const showDetails = useCallback(() => setOrderShown(true), []);
  return (
    <>
      <OrderTracking locale={locale} />
      <OrderView locale={locale} onLoaded={showDetails} />
      {orderShown && <OrderDetails locale={locale} />}
    </>
  );
}
