import { UploadOutlined } from '@ant-design/icons';
import { PICTURE_LIMITS, problemBody, UPLOAD_IMAGE_TYPES, type ProblemBody, type ProductRow } from '@pv/contract';
import { Button, Form, Input, Modal, Progress, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateProblem } from '@/features/product/api/create-problem';
import { uploadProblemPicture } from '@/features/product/api/upload-problem-picture';
import { useFeedback } from '@/lib/feedback';

/** Spec §5: pictures are JPG or PNG, at most 2 MB; the key of the message that refuses one, if any. */
export function pictureRefusal(file: { type: string; size: number }) {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.imageType';
  if (file.size > PICTURE_LIMITS.maxBytes) return 'validation.imageSize';
  return undefined;
}

type Values = ProblemBody & { pictures?: UploadFile[] };

/** Report a problem against a product: title (required), description and up to five pictures. */
export function ProblemFormModal({ products, onClose }: { products: ProductRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateProblem();
  const [percent, setPercent] = useState<number | null>(null);

  const onFinish = async ({ pictures, ...v }: Values) => {
    const { id } = await create.mutateAsync(problemBody.parse(v));
    const files = (pictures ?? []).map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
    for (const [i, file] of files.entries()) {
      setPercent(Math.round((i / files.length) * 100));
      await uploadProblemPicture(id, file, (p) => setPercent(Math.round(((i + p / 100) / files.length) * 100)));
    }
    setPercent(null);
    void message.success(t('success.create'));
    onClose();
  };

  return (
    <Modal
      open
      width={640}
      title={t('helpCenter.problems.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || percent !== null}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'problem-form-ok' } as never}
    >
      <Form form={form} layout="vertical" onFinish={onFinish} name="problem-form">
        <Form.Item
          name="productId"
          label={t('helpCenter.problems.product')}
          rules={[{ required: true, message: t('helpCenter.problems.productRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={products.map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
            data-testid="problem-form-product"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('helpCenter.content.title')}
          rules={[{ required: true, whitespace: true, message: t('validation.titleRequired') }, { max: 200 }]}
        >
          <Input maxLength={200} data-testid="problem-form-title" />
        </Form.Item>
        <Form.Item name="description" label={t('helpCenter.problems.description')} rules={[{ max: 5000 }]}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
        <Form.Item
          name="pictures"
          label={t('helpCenter.problems.pictures')}
          extra={t('helpCenter.problems.picturesHint', { count: PICTURE_LIMITS.perProblem })}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
        >
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            listType="picture"
            maxCount={PICTURE_LIMITS.perProblem}
            multiple
            beforeUpload={(file) => {
              const refusal = pictureRefusal(file);
              if (refusal) {
                void message.error(t(refusal));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="problem-form-pictures">
              {t('helpCenter.products.upload')}
            </Button>
          </Upload>
        </Form.Item>
        {percent !== null && <Progress percent={percent} size="small" status="active" />}
      </Form>
    </Modal>
  );
}
