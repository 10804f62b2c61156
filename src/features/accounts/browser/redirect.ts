/** The route guard's `redirect` parameter of the current page, passed along between auth screens. */
export function currentRedirectParam(): string | null {
  if (typeof location === 'undefined') return null;
  return new URLSearchParams(location.search).get('redirect');
}
