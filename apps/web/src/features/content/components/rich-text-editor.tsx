import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/html-content.css';
import './rich-text-editor.css';

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
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['mailto', 'tel'] } })],
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
        <Divider type="vertical" />
        {tool('undo', false, <UndoOutlined />, () => chain().undo().run())}
        {tool('redo', false, <RedoOutlined />, () => chain().redo().run())}
      </Flex>
      <EditorContent editor={editor} className="pv-rte-body pv-html-content" data-testid={`${testId}-body`} />
    </div>
  );
}
