import { message as staticMessage, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and dialogs of the API client. The shell hands over the themed instances of antd's
 * <App> once mounted; before that the static ones are used.
 */
let current: { message: MessageInstance | typeof staticMessage; modal: HookAPI | typeof Modal } = {
  message: staticMessage,
  modal: Modal,
};

export function setFeedback(feedback: { message: MessageInstance; modal: HookAPI }) {
  current = feedback;
}

export function feedback() {
  return current;
}
