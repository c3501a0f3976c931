import { theme } from 'antd';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { DataZoomInsideComponent, GridComponent, TooltipComponent, type DataZoomComponentOption, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as registerECharts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Tree-shaken: only the charts and components the console draws end up in its bundle.
registerECharts([LineChart, BarChart, GridComponent, TooltipComponent, DataZoomInsideComponent, CanvasRenderer]);

let drawable: boolean | undefined;
const canDraw = () => (drawable ??= !!document.createElement('canvas').getContext('2d'));

export type ChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption>;

interface ChartProps {
  option: ChartOption;
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  'data-testid'?: string;
}

/**
 * An ECharts canvas that follows its container's size (ResizeObserver) and the theme colour of the
 * settings drawer; the option is replaced as a whole on each change.
 */
export function Chart({ option, height = 280, label, 'data-testid': testId }: ChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const { token } = theme.useToken();

  useEffect(() => {
    const node = el.current;
    // no 2D canvas (a test DOM): the chart stays empty
    if (!node || !canDraw()) return;
    chart.current = init(node, undefined, { renderer: 'canvas' });
    const resize = new ResizeObserver(() => chart.current?.resize());
    resize.observe(node);
    return () => {
      resize.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        color: [token.colorPrimary, token.colorSuccess, token.colorWarning],
        textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
        animationDuration: 300,
        ...option,
      },
      { notMerge: true },
    );
  }, [option, token.colorPrimary, token.colorSuccess, token.colorWarning, token.fontFamily, token.colorTextSecondary]);

  return <div ref={el} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}

export default Chart;
