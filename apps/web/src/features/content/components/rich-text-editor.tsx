import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  PictureOutlined,
  VideoCameraOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Progress, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PICTURE_LIMITS, UPLOAD_IMAGE_TYPES } from '@pv/contract';
import { uploadContentMedia } from '@/features/content/api/upload-content-media';
import { useTranslation } from 'react-i18next';
import '@/components/html-content.css';
import './rich-text-editor.css';
import { useFeedback } from '@/lib/feedback';

/**
 * The content editor (Tiptap): paragraphs, headings, lists, quotes, emphasis and links, written
 * as HTML. The server sanitises what it stores; the editor's own schema already drops what it
 * does not know (a pasted script never reaches the HTML it gives).
 */
export function RichTextEditor({
  value,
  onChange,
  testId = 'rich-text',
}: {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const picker = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['mailto', 'tel'] } }), Image],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // a form reset or another record: take the new value without echoing the editor's own
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (key: string, on: boolean, icon: ReactNode, run: () => void) => (
    <Tooltip title={t(`helpCenter.editor.${key}`)} key={key}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`helpCenter.editor.${key}`)}
        aria-pressed={on}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        data-testid={`${testId}-${key}`}
      />
    </Tooltip>
  );
  const setLink = () => {
    if (active?.link) return void chain().unsetLink().run();
    const href = window.prompt(t('helpCenter.editor.linkPrompt'), 'https://');
    if (href && /^(https?:\/\/|mailto:|tel:)/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
  };
  // a picture goes in as an image, a video as a link to it (the public page plays it in the browser)
  const insertMedia = async (file: File) => {
    const video = file.type === 'video/mp4';
    if (!video && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
      return void message.error(t('validation.mediaType'));
    if (!video && file.size > PICTURE_LIMITS.maxBytes) return void message.error(t('validation.imageSize'));
    setPercent(0);
    try {
      const { url } = await uploadContentMedia(file, setPercent);
      if (video)
        chain()
          .insertContent({ type: 'text', text: file.name, marks: [{ type: 'link', attrs: { href: url } }] })
          .run();
      else chain().setImage({ src: url, alt: file.name }).run();
    } finally {
      setPercent(null);
    }
  };
  return (
    <div className="pv-rte" data-testid={testId}>
      <Flex className="pv-rte-toolbar" wrap gap={2} align="center">
        {tool('bold', !!active?.bold, <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('italic', !!active?.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('underline', !!active?.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run())}
        {tool('strike', !!active?.strike, <StrikethroughOutlined />, () => chain().toggleStrike().run())}
        <Divider type="vertical" />
        {tool('h2', !!active?.h2, <span className="pv-rte-h">H2</span>, () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool('h3', !!active?.h3, <span className="pv-rte-h">H3</span>, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bullet', !!active?.bullet, <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {tool('ordered', !!active?.ordered, <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
        {tool('quote', !!active?.quote, <span className="pv-rte-h">“ ”</span>, () => chain().toggleBlockquote().run())}
        {tool('link', !!active?.link, <LinkOutlined />, setLink)}
        {tool('picture', false, <PictureOutlined />, () => picker.current?.click())}
        {tool('video', false, <VideoCameraOutlined />, () => picker.current?.click())}
        <input
          ref={picker}
          type="file"
          hidden
          accept=".jpg,.jpeg,.png,.mp4,image/jpeg,image/png,video/mp4"
          data-testid={`${testId}-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void insertMedia(file);
          }}
        />
        <Divider type="vertical" />
        {tool('undo', false, <UndoOutlined />, () => chain().undo().run())}
        {tool('redo', false, <RedoOutlined />, () => chain().redo().run())}
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" status="active" style={{ padding: '0 8px' }} />}
      <EditorContent editor={editor} className="pv-rte-body pv-html-content" data-testid={`${testId}-body`} />
    </div>
  );
}
