// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { HostedFrame } from '../../../src/features/checkout/islands/sections/HostedFrame';

const SRC = '/demo-psp/elements?lang=en';

/** An IntersectionObserver the test drives: `reach()` says the frame came near the screen. */
function observeByHand() {
  let notify: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  return { reach: () => act(() => notify?.([{ isIntersecting: true }])) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the provider's hosted fields load when the customer reaches them", () => {
  it('not with the page: the box is there, without the provider\'s page', () => {
    observeByHand();
    const { container } = render(<HostedFrame src={SRC} title="Card details" className="checkout-hosted-fields" engaged={false} />);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Card details');
    expect(frame.hasAttribute('src')).toBe(false);
  });

  it('when scrolled near', () => {
    const observer = observeByHand();
    const { container } = render(<HostedFrame src={SRC} title="Card details" className="checkout-hosted-fields" engaged={false} />);
    observer.reach();
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe(SRC);
  });

  it('at the first touch of the form, wherever the fields are', () => {
    observeByHand();
    const { container, rerender } = render(<HostedFrame src={SRC} title="Card details" className="checkout-hosted-fields" engaged={false} />);
    rerender(<HostedFrame src={SRC} title="Card details" className="checkout-hosted-fields" engaged />);
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe(SRC);
  });
});
