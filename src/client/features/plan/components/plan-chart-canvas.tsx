import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { PLAN_COLORS, type PlanLines } from './plan-lines';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const hoursText = (value: unknown) => `${Number(value).toLocaleString('en-US')} hours`;

function options(goal: number): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : { duration: 400 },
    interaction: { mode: 'index', intersect: false },
    scales: {
      y: {
        beginAtZero: true,
        suggestedMax: goal,
        title: { display: true, text: 'Hours, added up' },
        ticks: { callback: (value) => Number(value).toLocaleString('en-US') },
      },
      x: { ticks: { autoSkip: true, maxRotation: 0 } },
    },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (item) => ` ${item.dataset.label ?? ''}: ${hoursText(item.raw)}` },
      },
    },
  };
}

/**
 * The chart itself (chart.js): its own module, loaded after the plan's first screen, since
 * chart.js is the heaviest library the client uses (plan-chart.tsx keeps its place meanwhile).
 */
export default function PlanChartCanvas({ lines, summary }: { lines: PlanLines; summary: string }) {
  return (
    <Line
      data={{
        labels: lines.labels,
        datasets: [
          {
            label: 'Actual',
            data: lines.actual,
            borderColor: PLAN_COLORS.actual,
            backgroundColor: PLAN_COLORS.actual,
            borderWidth: 3,
            pointRadius: 2,
            spanGaps: false,
          },
          {
            label: 'Planned',
            data: lines.planned,
            borderColor: PLAN_COLORS.planned,
            backgroundColor: PLAN_COLORS.planned,
            borderDash: [6, 4],
            borderWidth: 2,
            pointRadius: 2,
            spanGaps: false,
          },
          {
            label: 'Goal',
            data: lines.labels.map(() => lines.goal),
            borderColor: PLAN_COLORS.goal,
            borderDash: [2, 3],
            borderWidth: 1,
            pointRadius: 0,
          },
        ],
      }}
      options={options(lines.goal)}
      role="img"
      aria-label={summary}
    />
  );
}
