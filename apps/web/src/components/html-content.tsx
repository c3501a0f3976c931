import type { CSSProperties } from 'react';
import './html-content.css';

/**
 * Content HTML as the server stores it: sanitised there by an allow-list (modules/content), so it
 * is shown as it is. Never give it HTML that did not come from the content API or the editor.
 */
export function HtmlContent({ html, style, testId }: { html: string; style?: CSSProperties; testId?: string }) {
  return (
    <div className="pv-html-content" style={style} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
