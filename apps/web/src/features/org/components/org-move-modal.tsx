import type { OrgTreeRow } from '@pv/contract';
import { Form, Modal, TreeSelect, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoveOrg } from '@/features/org/api/move-org';
import { orgTreeOptions } from '@/lib/org-tree';
import { useFeedback } from '@/lib/feedback';

/** Move an organisation (and its subtree) under another parent: itself and its descendants cannot be chosen. */
export function OrgMoveModal({ org, orgs, onClose }: { org: OrgTreeRow; orgs: OrgTreeRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ parentId: number }>();
  const move = useMoveOrg();
  return (
    <Modal
      open
      title={t('org.moveTitle', { name: org.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'org-move-save' } as ButtonProps}
    >
      <Typography.Paragraph type="secondary">{t('org.moveHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ parentId: org.parentId ?? undefined }}
        onFinish={async ({ parentId }) => {
          try {
            await move.mutateAsync({ id: org.id, parentId });
            void message.success(t('success.update'));
            onClose();
          } catch {
            // the API client has shown why (users or plants still there)
          }
        }}
      >
        <Form.Item
          name="parentId"
          label={t('org.newParent')}
          rules={[{ required: true, message: t('validation.required', { field: t('org.newParent') }) }]}
        >
          <TreeSelect
            treeData={orgTreeOptions(orgs, org)}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="org-move-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
