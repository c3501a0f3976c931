import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test-utils';
import { stubXhr } from '@/test-xhr';
import { AvatarUpload } from './avatar-upload';

initI18n('en');
vi.setConfig({ testTimeout: 30_000 });

const pick = (file: File) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 8000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('avatar upload', () => {
  it('refuses another type and more than 2 MB before sending, with the spec messages', async () => {
    const { sent } = stubXhr({
      progress: [50],
      delayMs: 10,
      answer: { status: 200, body: { code: 200, msg: 'ok', data: { avatar: '/photo_voltaic/avatars/x.png' } } },
      answerDelayMs: 50,
    });
    renderWithProviders(<AvatarUpload avatar="" onUploaded={() => undefined} />);
    pick(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await find('Upload pictures can only be in JPG or PNG format!')).toBeTruthy();
    pick(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await find('Upload pictures cannot exceed 2MB in size!')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('uploads a PNG with a progress bar and reports the new avatar', async () => {
    const { sent } = stubXhr({
      progress: [50],
      delayMs: 10,
      answer: { status: 200, body: { code: 200, msg: 'ok', data: { avatar: '/photo_voltaic/avatars/new.png' } } },
      answerDelayMs: 50,
    });
    const onUploaded = vi.fn();
    renderWithProviders(<AvatarUpload avatar="" onUploaded={onUploaded} />);
    pick(new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByTestId('avatar-progress', undefined, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/photo_voltaic/avatars/new.png'), { timeout: 8000 });
    expect(sent).toHaveLength(1);
    expect((sent[0]!.get('file') as File).name).toBe('me.png');
    expect(await find('Avatar updated')).toBeTruthy();
  });

  it('says "Picture upload failed" when the server refuses', async () => {
    stubXhr({
      progress: [50],
      delayMs: 10,
      answer: {
        status: 415,
        body: { code: 415, msg: 'Upload pictures can only be in JPG or PNG format!', data: null },
      },
      answerDelayMs: 50,
    });
    const onUploaded = vi.fn();
    renderWithProviders(<AvatarUpload avatar="" onUploaded={onUploaded} />);
    pick(new File([new Uint8Array(10)], 'fake.jpg', { type: 'image/jpeg' }));
    expect(await find('Picture upload failed')).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
