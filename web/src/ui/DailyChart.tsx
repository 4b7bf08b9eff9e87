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

/** 'rgb(r, g, b)' at the given opacity. */
const transparent = (color: string, opacity = 0.5) =>
  color.replace(/^rgb\((.*)\)$/, `rgba($1, ${String(opacity)})`);

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { display: false },
    tooltip: {
      callbacks: {
        label: (item) =>
          item.datasetIndex === 0
            ? dailyCountTooltip(Number(item.raw), item.label)
            : `Previous period: ${String(item.raw)}`,
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
    .flatMap((date, index) => {
      const count = series.counts[index] ?? 0;
      return count === 0 ? [] : [`${String(count)} on ${date}`];
    })
    .join(', ');
  const previous = series.previous;
  const previousTotal = previous?.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  return (
    <div style={{ height: dashboardChart.height, position: 'relative' }}>
      <Line
        role="img"
        aria-label={`${label} per day: ${summary}${previousTotal === undefined ? '' : `; the previous period: ${String(previousTotal)} in all`}`}
        options={options}
        data={{
          labels: series.dates,
          datasets: [
            {
              label,
              data: series.counts,
              borderColor: line,
              backgroundColor: transparent(line),
              fill: true,
              tension: dashboardChart.tension,
            },
            // The compared period: faint and dashed, behind the current line.
            ...(previous === undefined
              ? []
              : [
                  {
                    label: `${label}, previous period`,
                    data: previous,
                    borderColor: transparent(line, 0.35),
                    borderDash: [6, 4],
                    pointRadius: 0,
                    fill: false,
                    tension: dashboardChart.tension,
                  },
                ]),
          ],
        }}
      />
    </div>
  );
}
