// The design system's charts: tiny SVG drawings of figures the server computed (no chart library).
import './charts.css';
export { BarChart, type ChartSeries } from './BarChart';
export { BarList, type BarItem } from './BarList';
