import { RESOURCE_KINDS, resourceBody, type ResourceBody, type ResourceRow } from '@pv/contract';
import { Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useSaveResource } from '@/features/resource/api/save-resource';
import { useResourceLabel } from '@/lib/resource-label';
import { buildTree, type TreeRow } from '@/lib/tree';
import { useFeedback } from '@/lib/feedback';

const shape = resourceBody.shape;

interface Props {
  /** null: closed; { parentId } to create below a menu; { resource } to edit. */
  target: { parentId: number | null; resource?: ResourceRow } | null;
  resources: ResourceRow[];
  onClose: () => void;
}

/** Create or edit a menu or button of the resource tree. */
export function ResourceFormModal({ target, resources, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const label = useResourceLabel();
  const [form] = Form.useForm<ResourceBody>();
  const save = useSaveResource();
  const kind = Form.useWatch('kind', form);
  const editing = target?.resource;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const r = target.resource;
    form.setFieldsValue(
      r
        ? {
            parentId: r.parentId,
            kind: r.kind,
            name: r.name,
            nameEn: r.nameEn ?? '',
            routerPath: r.routerPath ?? '',
            icon: r.icon ?? '',
            perm: r.perm ?? '',
            dataPerm: r.dataPerm,
            sensitive: r.sensitive,
            sort: r.sort,
          }
        : { parentId: target.parentId, kind: 'menu', dataPerm: false, sensitive: false, sort: 0 },
    );
  }, [target, form]);

  // parents: menus only, never the resource itself
  const menus = resources.filter((r) => r.kind === 'menu' && r.id !== editing?.id);
  type Node = { value: number; title: string; children?: Node[] };
  const toNode = (r: TreeRow<ResourceRow>): Node => ({
    value: r.id,
    title: label(r),
    children: r.children?.map(toNode),
  });

  const submit = async (v: ResourceBody) => {
    try {
      await save.mutateAsync({
        body: {
          ...v,
          parentId: v.parentId ?? null,
          dataPerm: !!v.dataPerm,
          sensitive: !!v.sensitive,
          sort: v.sort ?? 0,
        },
        id: editing?.id,
      });
      void message.success(t(editing ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // shown by the API client
    }
  };

  return (
    <Modal
      open={!!target}
      title={t(editing ? 'resource.editTitle' : 'resource.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      width={560}
    >
      <Form<ResourceBody>
        form={form}
        name="resource-form"
        layout="vertical"
        onFinish={submit}
        data-testid="resource-form"
      >
        <Form.Item validateFirst name="parentId" label={t('resource.parent')}>
          <TreeSelect
            allowClear
            treeData={buildTree(menus).map(toNode)}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('resource.topLevel')}
          />
        </Form.Item>
        <Form.Item validateFirst name="kind" label={t('resource.kind')}>
          <Radio.Group
            options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resource.${k}`) }))}
            optionType="button"
            data-testid="resource-form-kind"
          />
        </Form.Item>
        <Form.Item
          validateFirst
          name="name"
          label={t('resource.name')}
          rules={[
            { required: true, message: t('validation.required', { field: t('resource.name') }) },
            zodRule(shape.name),
          ]}
        >
          <Input maxLength={64} data-testid="resource-form-name" />
        </Form.Item>
        <Form.Item validateFirst name="nameEn" label={t('resource.nameEn')} rules={[zodRule(shape.nameEn)]}>
          <Input maxLength={64} data-testid="resource-form-name-en" />
        </Form.Item>
        {kind !== 'button' && (
          <Form.Item
            validateFirst
            name="routerPath"
            label={t('resource.routerPath')}
            rules={[
              { required: true, message: t('validation.adminRouterPath') },
              zodRule(shape.routerPath, 'validation.adminRouterPath'),
            ]}
          >
            <Input placeholder="/auth/user" data-testid="resource-form-path" />
          </Form.Item>
        )}
        {kind !== 'button' && (
          <Form.Item validateFirst name="icon" label={t('resource.icon')}>
            <Input maxLength={64} />
          </Form.Item>
        )}
        <Form.Item
          validateFirst
          name="perm"
          label={t('resource.perm')}
          rules={[
            ...(kind === 'button' ? [{ required: true, message: t('validation.adminPermRequired') }] : []),
            zodRule(shape.perm, 'validation.adminPerm'),
          ]}
        >
          <Input placeholder="user:create" data-testid="resource-form-perm" />
        </Form.Item>
        <Form.Item validateFirst name="sort" label={t('resource.sort')}>
          <InputNumber min={0} max={100000} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 32 }}>
          <Form.Item validateFirst name="dataPerm" label={t('resource.dataPerm')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item validateFirst name="sensitive" label={t('resource.sensitive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
