/**
 * A tiny SVG column chart (no chart library: the back office stays light). The server computes the
 * figures; this only draws them. One or more series share the columns of each label; the drawing
 * is hidden from screen readers, which read the same figures from a visually hidden table.
 */
export interface ChartSeries {
  name: string;
  values: readonly number[];
}

const COLORS = ['var(--color-primary)', 'var(--color-success)', 'var(--color-warning)', 'var(--color-error)', 'var(--color-text-muted)'];
const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 20;

export function BarChart({ title, labels, series, format = String, labelEvery = 1 }: { title: string; labels: readonly string[]; series: readonly ChartSeries[]; format?: (value: number) => string; labelEvery?: number }) {
  const max = Math.max(1, ...series.flatMap((entry) => entry.values));
  const slot = WIDTH / Math.max(1, labels.length);
  const bar = (slot * 0.8) / Math.max(1, series.length);
  const plot = HEIGHT - AXIS;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false" className="chart-svg">
        <line x1="0" x2={WIDTH} y1={plot} y2={plot} stroke="var(--color-border-strong)" />
        {labels.map((label, index) => (
          <g key={label}>
            {series.map((entry, s) => {
              const value = entry.values[index] ?? 0;
              const height = (value / max) * (plot - 14);
              return <rect key={entry.name} x={index * slot + slot * 0.1 + s * bar} y={plot - height} width={Math.max(1, bar - 1)} height={height} fill={COLORS[s % COLORS.length]} />;
            })}
            {series.length === 1 && (series[0]!.values[index] ?? 0) > 0 && (
              <text x={index * slot + slot / 2} y={plot - ((series[0]!.values[index] ?? 0) / max) * (plot - 14) - 3} textAnchor="middle" fontSize="11" fill="var(--color-text)">
                {format(series[0]!.values[index] ?? 0)}
              </text>
            )}
            {index % labelEvery === 0 && (
              <text x={index * slot + slot / 2} y={HEIGHT - 5} textAnchor="middle" fontSize="11" fill="var(--color-text-muted)">
                {label}
              </text>
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((entry, s) => (
            <li key={entry.name}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={COLORS[s % COLORS.length]} />
              </svg>
              {entry.name}
            </li>
          ))}
        </ul>
      )}
      {/* A table ignores a 1px width (it grows to its content): the hiding box is a div around it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <td />
              {series.map((entry) => (
                <th key={entry.name} scope="col">
                  {entry.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((entry) => (
                  <td key={entry.name}>{format(entry.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
