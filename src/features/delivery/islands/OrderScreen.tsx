import { useCallback, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { OrderDetails, OrderView, type OrderViewText } from '../../orders/client';
import type { TrackingText } from './tracking-text';
import OrderTracking from './OrderTracking';

/**
 * The order page's screen as one island: the tracking above the order, then its history, invoice
 * and rating. One root renders them together, so the tracking cannot arrive after the order is on
 * screen and push it down (CLS), and the page hydrates once instead of three times. The details
 * (their own request) are drawn once the order is there, below it, so they never get pushed down. Delivery sits
 * above orders, so the screen is put together here.
 */
export interface OrderScreenText {
  tracking: TrackingText;
  order: OrderViewText;
}

/** `text`: the screen's texts in the page's language (OrderScreenSection hands them in). */
export default function OrderScreen({ locale, text }: { locale: Locale; text: OrderScreenText }) {
  const [orderShown, setOrderShown] = useState(false);
  const showDetails = useCallback(() => setOrderShown(true), []);
  return (
    <>
      <OrderTracking locale={locale} text={text.tracking} />
      <OrderView locale={locale} text={text.order} onLoaded={showDetails} />
      {orderShown && <OrderDetails locale={locale} text={text.order} />}
    </>
  );
}
