import { Modal, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  title: string;
  width?: number;
  /** Submits the form (form.submit()); the form's onFinish saves. */
  onOk: () => void;
  onClose: () => void;
  saving: boolean;
  /** data-testid of the Save button. */
  saveTestId: string;
  children: ReactNode;
}

/** A create / edit dialog: Save and Cancel, Save busy while saving, not closed by a click beside it. */
export function FormModal({ title, width = 640, onOk, onClose, saving, saveTestId, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      onOk={onOk}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': saveTestId } as ButtonProps}
    >
      {children}
    </Modal>
  );
}
