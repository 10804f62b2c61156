/**
 * Horizontal bars with their label and value as text (reasons, VAT rates, stars, products): the
 * words and figures are the content, the SVG bar only shows the proportion.
 */
export interface BarItem {
  label: string;
  value: number;
  /** The value as shown (money, a share); defaults to the number. */
  display?: string;
}

export function BarList({ title, items, empty }: { title: string; items: readonly BarItem[]; empty: string }) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {items.length === 0 ? (
        <p className="chart-empty">{empty}</p>
      ) : (
        <ul className="chart-bars">
          {items.map((item) => (
            <li key={item.label}>
              <span className="chart-bars__label">{item.label}</span>
              <svg className="chart-bars__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect width={(item.value / max) * 100} height="10" fill="var(--color-primary)" />
              </svg>
              <span className="chart-bars__value">{item.display ?? String(item.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
