/*
 * The demo provider's hosted card fields (an iframe of its page), registered by the payment section
 * while it is shown. Apart from hosted-payment.ts, which confirms through it, so that the page
 * showing the fields does not carry the confirmation code before "Order and pay" is pressed.
 */
let frame: HTMLIFrameElement | null = null;

export function registerHostedFrame(element: HTMLIFrameElement | null): void {
  frame = element;
}

export function hostedFrame(): HTMLIFrameElement | null {
  return frame;
}
