// The charts' tooltip, loaded when a pointer first comes over a chart (chart.tsx)
export { TooltipComponent } from 'echarts/components';
