import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import { setFeedback, unsetFeedback } from '@/lib/feedback';

/**
 * What antd's <App> renders for its toasts, dialogs and notifications, loaded the first time one is
 * asked for (lib/feedback.ts): their holders, themed by the ConfigProvider around them.
 */
export function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    const feedback = { message: messageApi, modal: modalApi, notification: notificationApi };
    setFeedback(feedback);
    return () => unsetFeedback(feedback);
  }, [messageApi, modalApi, notificationApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
