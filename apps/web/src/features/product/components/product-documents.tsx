import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_TYPES,
  documentMaxBytes,
  type DocumentType,
  type ProductDocumentRow,
} from '@pv/contract';
import { Button, Card, Empty, Flex, List, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { formatBytes } from '@/lib/format';
import { useDeleteProductDocument } from '@/features/product/api/delete-product-document';
import { useProductDocuments } from '@/features/product/api/get-product-documents';
import { useUploadProductDocument } from '@/features/product/api/upload-product-document';
import { useFeedback } from '@/lib/feedback';

const isVideo = (type: DocumentType) => type === 'installationVideo';

/** What the console checks before sending (the server checks the bytes again): the extension and the size. */
export function documentRefusal(type: DocumentType, file: { name: string; size: number }, count: number) {
  if (count >= DOCUMENT_LIMITS.perType) return 'validation.fileCount';
  const ext = file.name.toLowerCase().split('.').pop();
  if (isVideo(type) ? ext !== 'mp4' : ext !== 'pdf') return isVideo(type) ? 'validation.mp4Only' : 'validation.pdfOnly';
  if (file.size > documentMaxBytes(type)) return 'error.tooLarge';
  return undefined;
}

function TypeSection({ productId, type, docs }: { productId: number; type: DocumentType; docs: ProductDocumentRow[] }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const uploadDoc = useUploadProductDocument();
  const remove = useDeleteProductDocument();
  const [percent, setPercent] = useState<number | null>(null);

  const send = async (file: File) => {
    const refusal = documentRefusal(type, file, docs.length);
    if (refusal) return void message.error(t(refusal));
    setPercent(0);
    try {
      await uploadDoc.mutateAsync({ productId, type, file, onProgress: setPercent });
      void message.success(t('helpCenter.products.uploaded', { name: file.name }));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Card
      size="small"
      title={t(`helpCenter.products.docTypes.${type}`)}
      data-testid={`docs-${type}`}
      extra={
        can('product:update') && (
          <Upload
            accept={isVideo(type) ? '.mp4,video/mp4' : '.pdf,application/pdf'}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={percent !== null}
              data-testid={`docs-upload-${type}`}
            >
              {t('helpCenter.products.upload')}
            </Button>
          </Upload>
        )
      }
    >
      {percent !== null && (
        <Progress percent={percent} size="small" status="active" data-testid={`docs-progress-${type}`} />
      )}
      {docs.length === 0 ? (
        <Typography.Text type="secondary">{t('helpCenter.public.noDocuments')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={docs}
          renderItem={(d) => (
            <List.Item
              key={d.id}
              actions={[
                <a key="dl" href={d.downloadUrl} download={d.fileName} data-testid={`docs-download-${d.id}`}>
                  <DownloadOutlined /> {t('helpCenter.public.download')}
                </a>,
                can('product:update') && (
                  <ConfirmAction
                    key="del"
                    title={t('helpCenter.products.confirmDeleteFile', { name: d.fileName })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    run={() => remove.mutateAsync(d.id)}
                  >
                    <IconAction
                      title={t('common.delete')}
                      icon={<DeleteOutlined />}
                      danger
                      testId={`docs-delete-${d.id}`}
                    />
                  </ConfirmAction>
                ),
              ]}
            >
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {d.fileName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                {formatBytes(d.size)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** A product's documents by type: PDF (the installation video MP4), five of a type, with upload progress. */
export function ProductDocuments({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { data, isPending } = useProductDocuments(productId);
  if (isPending) return <Card loading />;
  if (!data) return <Empty />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {t('helpCenter.products.docRules', {
          count: DOCUMENT_LIMITS.perType,
          pdf: formatBytes(DOCUMENT_LIMITS.pdfMaxBytes),
          video: formatBytes(DOCUMENT_LIMITS.videoMaxBytes),
        })}
      </Typography.Text>
      {DOCUMENT_TYPES.map((type) => (
        <TypeSection key={type} productId={productId} type={type} docs={data.filter((d) => d.docType === type)} />
      ))}
    </Flex>
  );
}
