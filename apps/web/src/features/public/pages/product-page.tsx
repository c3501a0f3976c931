import { FilePdfOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@pv/contract';
import { Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format';
import { usePublicProducts } from '@/features/public/api/get-public-products';

const PRODUCTS = ['inverter', 'collector', 'battery', 'meter'] as const;

/** /product: the products with their documents and newest release notes; the built-in overview until there are any. */
export default function ProductPage() {
  const { t, i18n } = useTranslation();
  const lang = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  const { data, isPending } = usePublicProducts(lang);
  return (
    <>
      <Typography.Title level={3}>{t('public.title.product')}</Typography.Title>
      {isPending ? (
        <Skeleton active />
      ) : data?.length ? (
        <Row gutter={[16, 16]} data-testid="cms-products">
          {data.map((p) => (
            <Col xs={24} md={12} key={p.id}>
              <Card
                size="small"
                title={p.name}
                extra={<Tag>{t(`public.product.${p.type}`, { defaultValue: p.type })}</Tag>}
                data-testid={`cms-product-${p.code}`}
              >
                <Typography.Text type="secondary">{p.code}</Typography.Text>
                {p.release && (
                  <Typography.Paragraph style={{ marginTop: 8, marginBottom: 8 }}>
                    <Typography.Text strong>
                      {t('helpCenter.public.release', { version: p.release.version })}
                    </Typography.Text>
                    <br />
                    {p.release.notes}
                  </Typography.Paragraph>
                )}
                {p.documents.length ? (
                  <Space direction="vertical" size={2} style={{ display: 'flex', marginTop: 8 }}>
                    {p.documents.map((d) => (
                      <a key={d.id} href={d.downloadUrl} download={d.fileName} data-testid={`cms-doc-${d.id}`}>
                        {d.docType === 'installationVideo' ? <VideoCameraOutlined /> : <FilePdfOutlined />}{' '}
                        {t(`helpCenter.products.docTypes.${d.docType}`)} · {d.fileName}{' '}
                        <Typography.Text type="secondary">({formatBytes(d.size)})</Typography.Text>
                      </a>
                    ))}
                  </Space>
                ) : (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                    {t('helpCenter.public.noDocuments')}
                  </Typography.Paragraph>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Row gutter={[16, 16]}>
          {PRODUCTS.map((p) => (
            <Col xs={24} md={12} key={p}>
              <Card title={t(`public.product.${p}`)} size="small">
                {t(`public.product.${p}Text`)}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
