/**
 * A report's chart: bars of its first figure by its first text column. ECharts is imported by
 * part (core, the bar chart, the grid and tooltip, the canvas renderer) and this file is loaded
 * lazily, so only a report screen with a chart pays for it.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface ChartData {
  labels: string[];
  values: number[];
  name: string;
  /** Writes a value as the table does (money with its currency). */
  format: (value: number) => string;
}

export default function ReportChart({ data, label }: { data: ChartData; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const chart = echarts.init(host.current);
    chart.setOption({
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => data.format(Number(v)) },
      xAxis: { type: 'category', data: data.labels, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => data.format(v) } },
      series: [{ type: 'bar', name: data.name, data: data.values }],
      animation: false,
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [data]);
  return <div ref={host} className="report-chart" role="img" aria-label={label} data-testid="report-chart" />;
}
