import type { FaultProcessing, FaultSeverity } from '@pv/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// One colour per severity on every screen that shows a fault (list, drawer, bell, plant detail).
// A tag writes white on its colour (variant solid: antd 6's default, filled, writes the colour on a
// light tint, where volcano-7 reads at about 4:1): each is dark enough for WCAG AA (4.5:1) with white text
// (red-7 5.6, volcano-7 4.8, gold-9 6.8, blue-7 6.2), where the lighter shades were not (gold-6 1.9).
export const SEVERITY_COLOR: Record<FaultSeverity, string> = {
  critical: '#cf1322',
  major: '#d4380d',
  minor: '#874d00',
  warning: '#0958d9',
};
const PROCESSING_COLOR: Record<FaultProcessing, string> = {
  open: 'error',
  acknowledged: 'warning',
  inProgress: 'processing',
  fixed: 'success',
};

/** A fault's severity as a coloured tag; an unknown severity shows as it came. */
export function SeverityTag({ severity }: { severity: string }) {
  const { t } = useTranslation();
  const color = SEVERITY_COLOR[severity as FaultSeverity];
  return (
    <Tag color={color} variant={color ? 'solid' : undefined} data-severity={severity} style={{ marginInlineEnd: 0 }}>
      {t(`fault.severities.${severity}`, { defaultValue: severity })}
    </Tag>
  );
}

/** Where a fault's handling stands: new, acknowledged, being repaired, repaired. */
export function ProcessingTag({ processing }: { processing: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={PROCESSING_COLOR[processing as FaultProcessing] ?? 'default'}
      data-processing={processing}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`fault.processingStates.${processing}`, { defaultValue: processing })}
    </Tag>
  );
}

/** A small dot in the severity's colour, for dense lists (the notification panel). */
export function SeverityDot({ severity }: { severity: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        flex: 'none',
        background: SEVERITY_COLOR[severity as FaultSeverity] ?? '#8c8c8c',
      }}
    />
  );
}
