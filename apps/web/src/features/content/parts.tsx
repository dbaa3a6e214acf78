/** What the content screens share: an image field, the rich text editor, who and when content is for (the dialogs: dialog.tsx). */
import {
  BoldOutlined,
  DeleteOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { LANGUAGES } from '@gym/contract/constants';
import { App, Button, Form, Input, Select, Space, Spin, Switch, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenters } from '../../shared/centers';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { useDates } from '../../shared/useDates';
import { type StoredImage, tooLarge, uploadImage } from './api';
import { contentFieldMessage, uploadErrorText } from './errors';

/** A file input behind a button: keyboard reachable, images only offered (the server decides). */
export function FilePickButton({
  label,
  multiple = false,
  onFiles,
  loading,
  testId,
}: {
  label: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  loading?: boolean;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={<UploadOutlined />} loading={loading} onClick={() => input.current?.click()} data-testid={testId}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        style={{ display: 'none' }}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** One image of a form (news, slide): uploads at once, shows its thumbnail, can be removed. */
export function ImageField({
  value,
  onChange,
  testId,
}: {
  value?: StoredImage | null;
  onChange?: (image: StoredImage | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const pick = async ([file]: File[]) => {
    if (!file) return;
    if (tooLarge(file)) {
      void message.error(contentFieldMessage(t)('file_too_large'));
      return;
    }
    setBusy(true);
    try {
      onChange?.(await uploadImage(file));
    } catch (error) {
      void message.error(uploadErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="content-image-field" data-testid={testId}>
      {busy ? (
        <Spin />
      ) : value ? (
        <img src={value.thumbUrl} alt={t('content:image.preview')} className="content-image-field__thumb" />
      ) : null}
      <Space wrap>
        <FilePickButton
          label={value ? t('content:image.replace') : t('content:image.choose')}
          onFiles={(files) => void pick(files)}
          loading={busy}
          testId={`${testId}-pick`}
        />
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('content:image.remove')}
          </Button>
        )}
      </Space>
      <div className="content-hint">{t('content:image.hint')}</div>
    </div>
  );
}

const COMMANDS = [
  { command: 'bold', icon: <BoldOutlined />, label: 'content:editor.bold' },
  { command: 'italic', icon: <ItalicOutlined />, label: 'content:editor.italic' },
  { command: 'insertUnorderedList', icon: <UnorderedListOutlined />, label: 'content:editor.bullets' },
  { command: 'insertOrderedList', icon: <OrderedListOutlined />, label: 'content:editor.numbers' },
] as const;

/**
 * Rich text: a small editor (bold, italic, lists, links) writing HTML. The server keeps only an
 * allowlist of it; what is pasted from elsewhere is cleaned there too.
 */
export function RichTextEditor({
  value,
  onChange,
  id,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el && document.activeElement !== el && el.innerHTML !== (value ?? '')) el.innerHTML = value ?? '';
  }, [value]);
  const run = (command: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(command, false, argument);
    onChange?.(box.current?.innerHTML ?? '');
  };
  return (
    <div className="content-editor">
      <div className="content-editor__toolbar" role="toolbar" aria-label={t('content:editor.toolbar')}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.command} title={t(c.label)}>
            <Button
              size="small"
              icon={c.icon}
              aria-label={t(c.label)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.command)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('content:editor.link')}>
          <Button
            size="small"
            icon={<LinkOutlined />}
            aria-label={t('content:editor.link')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const url = window.prompt(t('content:editor.linkPrompt'), 'https://');
              if (url && /^(https?:|mailto:|tel:)/.test(url)) run('createLink', url);
            }}
          />
        </Tooltip>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text editor is a contenteditable textbox */}
      <div
        id={id}
        ref={box}
        className="content-editor__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        data-testid="news-body"
        onInput={(e) => onChange?.(e.currentTarget.innerHTML)}
      />
    </div>
  );
}

/** Centres (none: all), languages (none: all), publish window (the centre's wall clock), published. */
export function TargetingFields() {
  const { t } = useTranslation();
  const centers = useCenters();
  return (
    <>
      <div className="content-columns">
        <Form.Item label={t('content:fields.publishFrom')} name="publishFrom" extra={t('content:fields.windowHelp')}>
          <Input type="datetime-local" data-testid="content-publish-from" />
        </Form.Item>
        <Form.Item label={t('content:fields.publishUntil')} name="publishUntil">
          <Input type="datetime-local" data-testid="content-publish-until" />
        </Form.Item>
      </div>
      <Form.Item label={t('content:fields.centers')} name="centerIds" extra={t('content:fields.centersHelp')}>
        <Select
          mode="multiple"
          allowClear
          loading={centers.isPending}
          placeholder={t('content:fields.allCenters')}
          options={centers.data?.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
        />
      </Form.Item>
      <Form.Item label={t('content:fields.languages')} name="languages" extra={t('content:fields.languagesHelp')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('content:fields.allLanguages')}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_ENDONYMS[l] }))}
        />
      </Form.Item>
      <Form.Item label={t('content:fields.published')} name="published" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** `''` from an emptied date-time input is no date. */
export const orNull = (value: string | null | undefined) => (value ? value : null);

/** A publish time (`YYYY-MM-DDTHH:mm`, a centre's wall clock) as the screen writes dates; `–` for none. */
export function useWallText(): (value: string | null) => string {
  const dates = useDates();
  return (value) => (value ? `${dates.date(value.slice(0, 10))} ${value.slice(11, 16)}` : '–');
}

/** Who and when an item is for, as the form holds it. */
export interface TargetingValues {
  publishFrom?: string;
  publishUntil?: string;
  centerIds: string[];
  languages: string[];
  published: boolean;
}

/** The form's targeting values of an item (a new one: every centre and language, published now). */
export const targetingValues = (
  item: {
    publishFrom: string | null;
    publishUntil: string | null;
    centers: { id: string }[];
    languages: string[];
    published: boolean;
  } | null,
): TargetingValues => ({
  publishFrom: item?.publishFrom ?? '',
  publishUntil: item?.publishUntil ?? '',
  centerIds: item?.centers.map((c) => c.id) ?? [],
  languages: item?.languages ?? [],
  published: item?.published ?? true,
});

/** The targeting part of a save's body. */
export const targetingBody = (v: TargetingValues) => ({
  publishFrom: orNull(v.publishFrom),
  publishUntil: orNull(v.publishUntil),
  centerIds: v.centerIds ?? [],
  languages: v.languages ?? [],
  published: v.published,
});
