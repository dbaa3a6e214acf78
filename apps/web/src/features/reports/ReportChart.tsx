/**
 * A report's chart, as its definition says (bars, a line or a pie of some columns along one).
 * ECharts is imported by part (core, the three chart types, grid, tooltip and legend, the canvas
 * renderer) and this file is loaded lazily, so only a report with a chart pays for it.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartData {
  type: 'bar' | 'line' | 'pie';
  labels: string[];
  series: { name: string; values: number[] }[];
  /** Writes a value as the table does (money with its currency). */
  format: (value: number) => string;
}

export default function ReportChart({ data, label }: { data: ChartData; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const chart = echarts.init(host.current);
    const format = (v: unknown) => data.format(Number(v));
    chart.setOption(
      data.type === 'pie'
        ? {
            tooltip: { trigger: 'item', valueFormatter: format },
            series: [
              {
                type: 'pie',
                radius: '70%',
                data: data.labels.map((name, i) => ({ name, value: data.series[0]?.values[i] ?? 0 })),
              },
            ],
            animation: false,
          }
        : {
            grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
            legend: { top: 0 },
            tooltip: { trigger: 'axis', valueFormatter: format },
            xAxis: { type: 'category', data: data.labels, axisLabel: { hideOverlap: true } },
            yAxis: { type: 'value', axisLabel: { formatter: format } },
            series: data.series.map((s) => ({ type: data.type, name: s.name, data: s.values })),
            animation: false,
          },
    );
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [data]);
  return <div ref={host} className="report-chart" role="img" aria-label={label} data-testid="report-chart" />;
}
