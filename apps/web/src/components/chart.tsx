import { theme } from 'antd';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridSimpleComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerECharts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';

// Tree-shaken: only the charts and components the console draws end up in its bundle. The zoom of
// the history charts (point-chart, fault-data-chart) and the fault's mark lines are registered by
// the charts that draw them: the dashboard's charts load without them. The grid is the one without
// the axis pointer (GridComponent registers it too: 8.6 KB gzip), which comes with the tooltip.
registerECharts([LineChart, BarChart, GridSimpleComponent, CanvasRenderer]);

// The tooltip and its axis pointer (17 KB gzip together) show only under a pointer: they load
// when a pointer first moves over or touches a chart. A chart set up before then cannot take them
// (an ECharts instance keeps the processors registered when it was created, the axis pointer's
// among them), so each is set up again, without animation, its zoom kept.
const redraws = new Set<() => void>();
let tooltip: Promise<void> | undefined;
let tooltipIn = false;
function loadTooltip() {
  tooltip ??= import('./chart-tooltip').then(({ TooltipComponent }) => {
    registerECharts(TooltipComponent);
    tooltipIn = true;
    for (const redraw of [...redraws]) redraw();
  });
}

/** Where the chart's zoom windows are, to set them again on a new instance. */
function zoomOf(chart: ECharts): { start?: number; end?: number }[] {
  const zooms = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom;
  return (zooms ?? []).map(({ start, end }) => ({ start, end }));
}

let drawable: boolean | undefined;
const canDraw = () => (drawable ??= !!document.createElement('canvas').getContext('2d'));

// Charts are drawn one per task when the main thread is idle: a page of four charts set up in one
// go is a single long task (hundreds of ms on a phone) that blocks input while the page loads.
const queue: (() => void)[] = [];
let pumping = false;
function pump() {
  if (pumping || !queue.length) return;
  pumping = true;
  const next = () => {
    pumping = false;
    queue.shift()?.();
    pump();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 0);
}
function whenIdle(job: () => void): () => void {
  let cancelled = false;
  queue.push(() => {
    if (!cancelled) job();
  });
  pump();
  return () => {
    cancelled = true;
  };
}

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption
>;

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
  const full: ChartOption = useMemo(
    () => ({
      color: [token.colorPrimary, token.colorSuccess, token.colorWarning],
      textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
      animationDuration: 300,
      ...option,
    }),
    [option, token.colorPrimary, token.colorSuccess, token.colorWarning, token.fontFamily, token.colorTextSecondary],
  );
  // what the chart shows once it is set up (a few option changes may come before that)
  const latest = useRef(full);
  useEffect(() => {
    latest.current = full;
    chart.current?.setOption(full, { notMerge: true });
  }, [full]);

  useEffect(() => {
    const node = el.current;
    // no 2D canvas (a test DOM): the chart stays empty
    if (!node || !canDraw()) return;
    let resize: ResizeObserver | undefined;
    const draw = (animate: boolean) => {
      const zooms = chart.current ? zoomOf(chart.current) : [];
      chart.current?.dispose();
      chart.current = init(node, undefined, { renderer: 'canvas' });
      chart.current.setOption(animate ? latest.current : { ...latest.current, animation: false }, { notMerge: true });
      if (zooms.length)
        chart.current.dispatchAction({ type: 'dataZoom', batch: zooms.map((z, i) => ({ dataZoomIndex: i, ...z })) });
    };
    const redraw = () => {
      redraws.delete(redraw);
      draw(false);
    };
    const cancel = whenIdle(() => {
      draw(true);
      if (!tooltipIn) {
        redraws.add(redraw);
        // a move under the mouse or pen, a touch (a pointer may be over the chart as it is drawn)
        node.addEventListener('pointermove', loadTooltip, { once: true });
        node.addEventListener('pointerdown', loadTooltip, { once: true });
      }
      // the observer reports the size it finds at once: drawn at that size already, the chart is
      // laid out again only when it changes (a resize lays out and draws the whole chart)
      let size = `${node.clientWidth}x${node.clientHeight}`;
      resize = new ResizeObserver(() => {
        const now = `${node.clientWidth}x${node.clientHeight}`;
        if (now === size) return;
        size = now;
        chart.current?.resize();
      });
      resize.observe(node);
    });
    return () => {
      cancel();
      redraws.delete(redraw);
      node.removeEventListener('pointermove', loadTooltip);
      node.removeEventListener('pointerdown', loadTooltip);
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  return <div ref={el} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}

export default Chart;
