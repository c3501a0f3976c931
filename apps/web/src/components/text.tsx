import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

type Tone = 'secondary' | 'danger';

/**
 * A text in one of the theme's tones, as antd's Typography.Text draws a plain one, without
 * Typography's ellipsis measuring, copy and edit (4.7 KB gzip): for the pages people open first
 * (the dashboard, a plant's or a device's page, any time with its zone), where it is all they use
 * of Typography. Text that is cut with an ellipsis, copied or edited stays with Typography.
 */
export function Text({ type, style, ...span }: HTMLAttributes<HTMLSpanElement> & { type?: Tone }) {
  const { token } = theme.useToken();
  const color = type === 'secondary' ? token.colorTextSecondary : type === 'danger' ? token.colorError : undefined;
  return <span {...span} style={{ color, ...style }} />;
}

/** A page's or a card's heading (h4, or h5 for a record's name), as Typography.Title draws it. */
export function Title({ level = 4, style, ...heading }: HTMLAttributes<HTMLHeadingElement> & { level?: 4 | 5 }) {
  const { token } = theme.useToken();
  const H = level === 4 ? 'h4' : 'h5';
  return (
    <H
      {...heading}
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5,
        lineHeight: level === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5,
        ...style,
      }}
    />
  );
}
