// One line chart of the dashboard with the spec's settings: height 350, tension 0.4, the
// series colour at half transparency under the line, axes titled Date and Count (from zero).
import { dailyCountTooltip, dashboardChart, type DailySeries } from '@dealdesk/core';
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

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

/** 'rgb(r, g, b)' at half transparency. */
const halfTransparent = (color: string) => color.replace(/^rgb\((.*)\)$/, 'rgba($1, 0.5)');

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { display: false },
    tooltip: {
      callbacks: {
        label: (item) => dailyCountTooltip(Number(item.raw), item.label),
        title: () => '',
      },
    },
  },
  scales: {
    x: { title: { display: true, text: 'Date' } },
    y: { title: { display: true, text: 'Count' }, beginAtZero: true, ticks: { precision: 0 } },
  },
};

export function DailyChart({
  label,
  series,
  color,
}: {
  label: string;
  series: DailySeries;
  color: 'views' | 'clicks';
}) {
  const line = color === 'views' ? dashboardChart.viewsColor : dashboardChart.clicksColor;
  const summary = series.dates
    .map((date, index) => `${String(series.counts[index] ?? 0)} on ${date}`)
    .join(', ');
  return (
    <div style={{ height: dashboardChart.height, position: 'relative' }}>
      <Line
        role="img"
        aria-label={`${label} per day: ${summary}`}
        options={options}
        data={{
          labels: series.dates,
          datasets: [
            {
              label,
              data: series.counts,
              borderColor: line,
              backgroundColor: halfTransparent(line),
              fill: true,
              tension: dashboardChart.tension,
            },
          ],
        }}
      />
    </div>
  );
}
