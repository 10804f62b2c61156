/*
 * Who took the parcel at the door (recorded with "Delivered"). Medicines are handed only to the
 * customer or another adult of the household at the address — never to a neighbour: prescription
 * medicines must not be, and the shop does not tell them apart at the door.
 */
export const RECEIVERS = ['customer', 'adult_at_address'] as const;
export type Receiver = (typeof RECEIVERS)[number];
export const isReceiver = (value: unknown): value is Receiver => RECEIVERS.includes(value as Receiver);

/** assigned: handed to the courier, not yet riding; running: on the way (positions shared); delivered / returned: over. */
export const DELIVERY_STATES = ['assigned', 'running', 'delivered', 'returned'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** After "nobody home": the customer's choice, a new courier window or pickup at the pharmacy's counter. */
export const REBOOKINGS = ['courier', 'pickup'] as const;
export type Rebooking = (typeof REBOOKINGS)[number];

/** Live events on `order:<id>` besides the order's status: the courier's position while the delivery runs. */
export const DELIVERY_POSITION_EVENT = 'delivery.position';
export type DeliveryPositionEventData = {
  order_id: string;
  lat: number;
  lng: number;
  at: string;
};
