import { ArcElement, Chart as ChartJS, Tooltip, type ChartOptions } from 'chart.js';
import { Doughnut, Pie } from 'react-chartjs-2';
import { hoursLabel } from './hours-label';

ChartJS.register(ArcElement, Tooltip);

/** What the canvas draws: one value and colour per part. */
export type ChartData = { labels: string[]; hours: number[]; colors: string[] };

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function chartOptions(kind: 'doughnut' | 'pie'): ChartOptions<'doughnut' | 'pie'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : { duration: 400 },
    cutout: kind === 'doughnut' ? '68%' : 0,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (item) => ` ${item.label}: ${hoursLabel(Number(item.raw))} hours` },
      },
    },
  };
}

/**
 * The chart itself (chart.js): its own module, loaded after the dashboard's first screen, since
 * chart.js is the heaviest library the client uses (hours-chart.tsx keeps its place meanwhile).
 */
export default function HoursChartCanvas({
  kind,
  data,
  summary,
}: {
  kind: 'doughnut' | 'pie';
  data: ChartData;
  summary: string;
}) {
  const Chart = kind === 'doughnut' ? Doughnut : Pie;
  return (
    <Chart
      data={{
        labels: data.labels,
        datasets: [
          {
            data: data.hours,
            backgroundColor: data.colors,
            borderColor: '#ffffff',
            borderWidth: 2,
          },
        ],
      }}
      options={chartOptions(kind)}
      role="img"
      aria-label={summary}
    />
  );
}
