import type { ContentKind } from '@pv/contract';
import { Collapse, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlContent } from '@/components/html-content';
import { usePublicContents } from '@/features/public/api/get-public-contents';

/**
 * The published items of a kind: each as a section (title and text), or folded (FAQs). Until any is
 * published, or when /cms/ cannot be reached, the page's built-in text (`fallback`) shows instead.
 */
export function PublicContents({
  kind,
  fallback,
  folded = false,
  level = 4,
}: {
  kind: ContentKind;
  fallback?: ReactNode;
  folded?: boolean;
  level?: 2 | 3 | 4 | 5;
}) {
  const { i18n } = useTranslation();
  const { data, isPending } = usePublicContents(kind, i18n.language);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!data?.length) return <>{fallback ?? null}</>;
  if (folded)
    return (
      <Collapse
        data-testid={`cms-${kind}`}
        items={data.map((i) => ({
          key: i.id,
          label: <span data-testid={`cms-item-${i.id}`}>{i.title}</span>,
          children: <HtmlContent html={i.content} testId={`cms-body-${i.id}`} />,
        }))}
      />
    );
  return (
    <div data-testid={`cms-${kind}`}>
      {data.map((i) => (
        <section key={i.id} data-testid={`cms-item-${i.id}`}>
          <Typography.Title level={level}>{i.title}</Typography.Title>
          <HtmlContent html={i.content} testId={`cms-body-${i.id}`} />
        </section>
      ))}
    </div>
  );
}
