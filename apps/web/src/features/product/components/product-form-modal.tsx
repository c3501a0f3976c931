import { DEVICE_TYPES, productBody, type ProductBody, type ProductRow } from '@pv/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSaveProduct } from '@/features/product/api/save-product';
import { useFeedback } from '@/lib/feedback';

type Values = Pick<ProductBody, 'name' | 'type' | 'code'>;

/** Create or edit a product (spec §3: name, type, code; the key is generated and shown once). */
export function ProductFormModal({ record, onClose }: { record?: ProductRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveProduct();
  return (
    <FormModal
      title={t(record ? 'helpCenter.products.edit' : 'helpCenter.products.create')}
      onOk={() => form.submit()}
      onClose={onClose}
      saving={save.isPending}
      saveTestId="product-form-ok"
    >
      <Form
        form={form}
        layout="vertical"
        name="product-form"
        initialValues={record ? { name: record.name, type: record.type, code: record.code } : { type: 'inverter' }}
        onFinish={async (v) => {
          // an edit leaves the declared capabilities out: the server keeps them
          const answer = await save.mutateAsync({ id: record?.id, body: productBody.parse(v) });
          if (!record && answer)
            modal.info({ title: t('helpCenter.products.keyTitle'), content: <code>{answer.key}</code> });
          else void message.success(t('success.update'));
          onClose();
        }}
      >
        <Form.Item
          name="name"
          label={t('helpCenter.products.name')}
          rules={[{ required: true, whitespace: true }, { max: 64 }]}
        >
          <Input maxLength={64} data-testid="product-form-name" />
        </Form.Item>
        <Form.Item name="type" label={t('helpCenter.products.type')} rules={[{ required: true }]}>
          <Select options={DEVICE_TYPES.map((d) => ({ value: d, label: t(`device.types.${d}`) }))} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('helpCenter.products.code')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9]{1,60}$/, message: t('validation.code') }]}
        >
          <Input maxLength={60} data-testid="product-form-code" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
