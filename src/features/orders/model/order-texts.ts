import type { Locale } from '../../../platform/i18n/locales';
import { orderMessages } from '../i18n/messages';
import { orderLabel, type TrackingStage } from './order-presentation';
import type { OrderStatus } from './order-machine';

export const orderLabelText = (status: OrderStatus, locale: Locale): string => orderMessages[locale][`label.${orderLabel(status)}`];
export const trackingStageText = (stage: TrackingStage, locale: Locale): string => orderMessages[locale][`stage.${stage}`];
