import { useEffect, useRef, useState } from 'react';
import { registerHostedFrame } from '../../browser/hosted-frame';

interface Props {
  src: string;
  title: string;
  className: string;
  /** The customer has touched the form (or pressed "Order and pay"): load the provider's page now. */
  engaged: boolean;
}

/** How far below the screen the fields start loading while the customer scrolls towards them. */
const AHEAD = '400px 0px';

/**
 * The provider's hosted fields (its page in an iframe), loaded when the customer reaches the
 * payment step: at the first touch of the form or when scrolled near, not with the page, so a
 * checkout opened and left fetches none of the provider's code. Its box keeps its size throughout.
 */
export function HostedFrame({ src, title, className, engaged }: Props) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const load = engaged || near;

  useEffect(() => {
    if (load || !frame.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: AHEAD });
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [load]);

  return (
    <iframe
      ref={(element) => {
        frame.current = element;
        registerHostedFrame(element);
      }}
      className={className}
      title={title}
      src={load ? src : undefined}
    />
  );
}
