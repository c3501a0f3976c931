import { describe, expect, it } from 'vitest';
import {
  changePasswordBody,
  checkAuthorisedList,
  checkDocuments,
  checkImage,
  isEmail,
  isValidCode,
  isValidIdentifier,
  isValidJson,
  isValidName,
  isValidPassword,
  loginBody,
} from './index.js';

describe('spec §5 rules', () => {
  it('e-mail format', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('a.b+c@sub.example.cn')).toBe(true);
    expect(isEmail('ops@example')).toBe(false);
    expect(isEmail('no at sign')).toBe(false);
    expect(isEmail('')).toBe(false);
  });
  it('password longer than 6', () => {
    expect(isValidPassword('123456')).toBe(false);
    expect(isValidPassword('1234567')).toBe(true);
  });
  it('name is 1-30 alphanumeric or Chinese', () => {
    expect(isValidName('Plant01')).toBe(true);
    expect(isValidName('光伏电站A')).toBe(true);
    expect(isValidName('')).toBe(false);
    expect(isValidName('a'.repeat(30))).toBe(true);
    expect(isValidName('a'.repeat(31))).toBe(false);
    expect(isValidName('with space')).toBe(false);
    expect(isValidName('dash-ed')).toBe(false);
  });
  it('code is 1-60 alphanumeric', () => {
    expect(isValidCode('ABC123')).toBe(true);
    expect(isValidCode('a'.repeat(60))).toBe(true);
    expect(isValidCode('a'.repeat(61))).toBe(false);
    expect(isValidCode('中文')).toBe(false);
    expect(isValidCode('')).toBe(false);
  });
  it('identifier: alphanumeric with hyphen, starting alphanumeric', () => {
    expect(isValidIdentifier('org-01')).toBe(true);
    expect(isValidIdentifier('-org')).toBe(false);
    expect(isValidIdentifier('org_01')).toBe(false);
  });
  it('update content must be JSON', () => {
    expect(isValidJson('{"a":1}')).toBe(true);
    expect(isValidJson('{a:1}')).toBe(false);
  });
  it('images are jpg/png up to 2MB', () => {
    expect(checkImage({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkImage({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('validation.imageSize');
    expect(checkImage({ type: 'image/gif', size: 10 })).toBe('validation.imageType');
  });
  it('documents are PDF and limited in number', () => {
    expect(checkDocuments([{ type: 'application/pdf' }], 1)).toBeNull();
    expect(checkDocuments([{ type: 'application/pdf' }, { type: 'application/pdf' }], 1)).toBe('validation.fileCount');
    expect(checkDocuments([{ type: 'image/png' }], 3)).toBe('validation.pdfOnly');
  });
  it('authorised persons: required, each e-mail valid, never the authoriser', () => {
    expect(checkAuthorisedList('')).toBe('validation.authorisedRequired');
    expect(checkAuthorisedList('a@x.com, b@y.org')).toBeNull();
    expect(checkAuthorisedList('a@x.com,bad')).toBe('validation.email');
    expect(checkAuthorisedList('a@x.com,Me@x.com', 'me@x.com')).toBe('validation.authorisedSelf');
  });
  it('login trims the username and keeps the password as typed', () => {
    expect(loginBody.parse({ username: '  admin ', password: ' pass ' })).toEqual({
      username: 'admin',
      password: ' pass ',
    });
  });
  it('the two passwords must match', () => {
    const r = changePasswordBody.safeParse({ oldPassword: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefh' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('validation.passwordsInconsistent');
  });
});
