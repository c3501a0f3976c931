import { describe, expect, it } from 'vitest';
import { pictureRefusal } from './problem-form-modal';
import { documentRefusal } from './product-documents';

describe('checks before an upload is sent', () => {
  it('takes JPG and PNG pictures up to 2 MB only', () => {
    expect(pictureRefusal({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(pictureRefusal({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(pictureRefusal({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('validation.imageSize');
    expect(pictureRefusal({ type: 'image/gif', size: 10 })).toBe('validation.imageType');
  });

  it('takes PDFs for documents, MP4 for the installation video, five of a type', () => {
    expect(documentRefusal('datasheet', { name: 'a.PDF', size: 10 }, 0)).toBeUndefined();
    expect(documentRefusal('datasheet', { name: 'a.exe', size: 10 }, 0)).toBe('validation.pdfOnly');
    expect(documentRefusal('installationVideo', { name: 'a.pdf', size: 10 }, 0)).toBe('validation.mp4Only');
    expect(documentRefusal('installationVideo', { name: 'a.mp4', size: 10 }, 0)).toBeUndefined();
    expect(documentRefusal('userManual', { name: 'a.pdf', size: 10 }, 5)).toBe('validation.fileCount');
    expect(documentRefusal('userManual', { name: 'a.pdf', size: 20 * 1024 * 1024 + 1 }, 0)).toBe('error.tooLarge');
  });
});
