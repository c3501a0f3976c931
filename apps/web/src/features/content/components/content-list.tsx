import { EditOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  CONTENT_STATUSES,
  LANGUAGES,
  type ContentBody,
  type ContentKind,
  type ContentQuery,
  type ContentRow,
  type ContentStatus,
  type Language,
} from '@pv/contract';
import { Button, Flex, Modal, Segmented, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar } from '@/components/list-page';
import { HtmlContent } from '@/components/html-content';
import { ConfirmAction, DeleteAction, IconAction } from '@/components/row-actions';
import { ZonedTime } from '@/components/zoned-time';
import { useHasPerm } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteContent } from '@/features/content/api/delete-content';
import { useContents } from '@/features/content/api/get-contents';
import { useRestoreContent } from '@/features/content/api/restore-content';
import { useSaveContent } from '@/features/content/api/save-content';
import { useFeedback } from '@/lib/feedback';

// The editor (Tiptap and ProseMirror, about 130 KB gzip) loads when an item is first edited or added.
const ContentFormModal = lazy(() =>
  import('@/features/content/components/content-form-modal').then((m) => ({ default: m.ContentFormModal })),
);

const STATUS_COLOR: Record<ContentStatus, string> = { draft: 'default', published: 'green', deleted: 'red' };

/**
 * The content items of one kind (or one of a few, chosen above the list): filtered by language and
 * status on the server, in their order, with preview, edit, publish / unpublish, delete and restore.
 */
export function ContentList({ kinds, testId }: { kinds: readonly ContentKind[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const [kind, setKind] = useState<ContentKind>(kinds[0]!);
  const list = useListPage<ContentQuery, object>({ totalKey: 'helpCenter.content.total', initial: { kind: kinds[0] } });
  const query = { ...list.query, kind };
  const { data, isFetching } = useContents(query);
  const save = useSaveContent();
  const remove = useDeleteContent();
  const restore = useRestoreContent();
  const [editing, setEditing] = useState<{ record?: ContentRow } | null>(null);
  const [preview, setPreview] = useState<ContentRow | null>(null);
  const uiLang = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

  const setPublished = async (r: ContentRow, published: boolean) => {
    // the row's own fields, as the form saves them (no zod schema in the list's first load)
    const { kind, lang, title, content, mediaType, sortOrder } = r;
    const body: ContentBody = {
      kind,
      lang,
      title,
      content,
      mediaType,
      sortOrder,
      status: published ? 'published' : 'draft',
    };
    await save.mutateAsync({ id: r.id, body });
    void message.success(t(published ? 'helpCenter.content.publishedOk' : 'helpCenter.content.unpublishedOk'));
  };

  const columns = [
    { title: t('helpCenter.content.sortOrder'), dataIndex: 'sortOrder', width: 70, align: 'right' as const },
    {
      title: t('helpCenter.content.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r: ContentRow) => (
        <a onClick={() => setPreview(r)} data-testid={`${testId}-title-${r.id}`}>
          {v}
        </a>
      ),
    },
    {
      title: t('helpCenter.content.lang'),
      dataIndex: 'lang',
      width: 100,
      render: (v: Language) => t(`helpCenter.langs.${v}`),
    },
    {
      title: t('helpCenter.content.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: ContentStatus, r: ContentRow) => (
        <Tag color={STATUS_COLOR[v]} data-testid={`${testId}-status-${r.id}`}>
          {t(`helpCenter.content.statuses.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('helpCenter.content.mediaType'),
      dataIndex: 'mediaType',
      width: 90,
      responsive: ['lg' as const],
      render: (v: string) => t(`helpCenter.content.mediaTypes.${v}`),
    },
    {
      title: t('helpCenter.content.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      responsive: ['md' as const],
      render: (v: number, r: ContentRow) => (
        <>
          <ZonedTime value={v} />
          {r.updatedBy && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {r.updatedBy}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, r: ContentRow) => (
        <Space size={2} wrap>
          <IconAction
            title={t('helpCenter.content.preview')}
            icon={<EyeOutlined />}
            testId={`${testId}-preview-${r.id}`}
            onClick={() => setPreview(r)}
          />
          {r.status !== 'deleted' && can('content:update') && (
            <>
              <IconAction
                title={t('common.update')}
                icon={<EditOutlined />}
                testId={`${testId}-edit-${r.id}`}
                onClick={() => setEditing({ record: r })}
              />
              <Button
                type="link"
                size="small"
                loading={save.isPending && save.variables?.id === r.id}
                onClick={() => void setPublished(r, r.status !== 'published')}
                data-testid={`${testId}-publish-${r.id}`}
              >
                {t(r.status === 'published' ? 'helpCenter.content.unpublish' : 'helpCenter.content.publish')}
              </Button>
            </>
          )}
          {can('content:delete') &&
            (r.status === 'deleted' ? (
              <ConfirmAction
                title={t('helpCenter.content.confirmRestore', { title: r.title })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                doneKey="success.restore"
                run={() => restore.mutateAsync(r.id)}
              >
                <IconAction
                  title={t('helpCenter.content.restore')}
                  icon={<RollbackOutlined />}
                  testId={`${testId}-restore-${r.id}`}
                />
              </ConfirmAction>
            ) : (
              <DeleteAction
                perm="content:delete"
                testId={`${testId}-delete-${r.id}`}
                title={t('helpCenter.content.confirmDelete', { title: r.title })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                run={() => remove.mutateAsync(r.id)}
              />
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        {kinds.length > 1 && (
          <Segmented
            value={kind}
            onChange={(k) => {
              setKind(k as ContentKind);
              list.filter({ kind: k as ContentKind });
            }}
            options={kinds.map((k) => ({ value: k, label: t(`helpCenter.content.kinds.${k}`) }))}
            data-testid={`${testId}-kind`}
          />
        )}
        <Select
          allowClear
          placeholder={t('helpCenter.content.allLangs')}
          style={{ width: 150 }}
          value={list.query.lang}
          onChange={(lang?: Language) => list.filter({ lang })}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`helpCenter.langs.${l}`) }))}
          aria-label={t('helpCenter.content.allLangs')}
          data-testid={`${testId}-lang`}
        />
        <Segmented
          value={list.query.status ?? 'all'}
          onChange={(s) => list.filter({ status: s === 'all' ? undefined : (s as ContentStatus) })}
          options={[
            { value: 'all', label: t('helpCenter.content.all') },
            ...CONTENT_STATUSES.map((s) => ({ value: s, label: t(`helpCenter.content.statuses.${s}`) })),
          ]}
          data-testid={`${testId}-status`}
        />
      </Flex>
      <ListToolbar
        left={<CreateButton perm="content:create" testId={`${testId}-create`} onClick={() => setEditing({})} />}
        right={
          <ExportButton
            path="/contents/export"
            query={list.query}
            perm="content:export"
            testId={`${testId}-export`}
            doneKey="helpCenter.exported"
          />
        }
      />
      <Table<ContentRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        scroll={{ x: 760 }}
        data-testid={`${testId}-table`}
      />
      {editing && (
        <Suspense fallback={<Spin fullscreen />}>
          <ContentFormModal
            kinds={kinds.length > 1 ? [kind, ...kinds.filter((k) => k !== kind)] : kinds}
            record={editing.record}
            lang={list.query.lang ?? uiLang}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={760}
        title={preview?.title}
        destroyOnHidden
      >
        {preview && <HtmlContent html={preview.content} testId="content-preview" />}
      </Modal>
    </Flex>
  );
}
