import AppContext from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useContext } from 'react';

/** The themed toasts, dialogs and notifications of antd's <App>. */
export interface Feedback {
  message: MessageInstance;
  modal: HookAPI;
  notification?: NotificationInstance;
}

// Their code (antd's message, Modal and notification: some 15 KB gzip) is not in the first load: the
// console's root (app/app.tsx) provides the stand-ins below, which load it the first time one of
// them is used and pass the call on once it is there (app/feedback-host.tsx hands over the instances).
let current: Feedback | undefined;
const queue: ((f: Feedback) => void)[] = [];
let wanted = false;
let onWanted: (() => void) | undefined;

function want() {
  if (wanted) return;
  wanted = true;
  onWanted?.();
}

/** Calls `mount` once a toast, dialog or notification is first asked for (at once if one was already). */
export function whenFeedbackWanted(mount: () => void): () => void {
  onWanted = mount;
  if (wanted) mount();
  return () => {
    if (onWanted === mount) onWanted = undefined;
  };
}

/** The instances to use from now on (the host, or a test's stand-ins); calls made before go to them. */
export function setFeedback(feedback: Feedback) {
  current = feedback;
  for (const call of queue.splice(0)) call(feedback);
}

/** The host is gone (unmounted): calls wait for the next one. */
export function unsetFeedback(feedback: Feedback) {
  if (current === feedback) current = undefined;
}

type Methods = Record<string, (...args: unknown[]) => unknown>;

/** A stand-in for one of the instances: each call goes to the real one, once it is there. */
function forward<K extends keyof Feedback>(part: K): NonNullable<Feedback[K]> {
  return new Proxy({} as Methods, {
    get:
      (_target, method: string) =>
      (...args: unknown[]) => {
        const call = (f: Feedback) => (f[part] as unknown as Methods | undefined)?.[method]?.(...args);
        if (current) return call(current);
        // nothing shown yet: nothing to close
        if (method === 'destroy') return undefined;
        queue.push(call);
        want();
        return undefined;
      },
  }) as unknown as NonNullable<Feedback[K]>;
}

/** What antd's App.useApp() answers under the console's root: the stand-ins above. */
export const lazyFeedback: Required<Feedback> = {
  message: forward('message'),
  modal: forward('modal'),
  notification: forward('notification'),
};

/** Toasts and dialogs of the API client (the same instances as the components'). */
export function feedback(): Feedback {
  return lazyFeedback;
}

/** antd's App.useApp() without antd's App (whose module imports the toasts' and dialogs' code). */
export const useFeedback = () => useContext(AppContext);
