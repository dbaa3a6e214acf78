import './content.css';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { createSlideSchema } from '@gym/contract/content';
import { App, Button, Card, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { RowAction } from '../../shared/ui/RowAction';
import { QueryState } from '../../shared/ui/ScreenStates';
import {
  type Slide,
  type SlideInput,
  type StoredImage,
  useDeleteSlide,
  useReorderSlides,
  useSaveSlide,
  useSlides,
} from './api';
import { ContentDialog, DeleteContentAction, useSaveAnswers } from './dialog';
import { moveItem } from './order';
import {
  ImageField,
  TargetingFields,
  type TargetingValues,
  targetingBody,
  targetingValues,
  useWallText,
} from './parts';

interface Values extends TargetingValues {
  title: string;
  linkUrl?: string;
  image: StoredImage | null;
}
const FIELDS = [
  'title',
  'linkUrl',
  'imageId',
  'image',
  'publishFrom',
  'publishUntil',
  'centerIds',
  'languages',
] as const;
const { shape } = createSlideSchema;

function SlideModal({ editing, onClose }: { editing: { slide: Slide | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveSlide();
  const answers = useSaveAnswers(form, FIELDS, onClose);
  const slide = editing?.slide ?? null;
  const submit = (v: Values) => {
    if (!v.image) return;
    const body: SlideInput = {
      title: v.title.trim(),
      linkUrl: v.linkUrl?.trim() ? v.linkUrl.trim() : null,
      imageId: v.image.id,
      ...targetingBody(v),
    };
    save.mutate({ id: slide?.id ?? null, body }, answers);
  };
  return (
    <ContentDialog<Values>
      open={Boolean(editing)}
      width={680}
      title={slide ? t('content:slides.editTitle') : t('content:slides.addTitle')}
      name="slide"
      form={form}
      saving={save.isPending}
      submitTestId="slide-submit"
      enterSubmits
      initialValues={{
        title: slide?.title ?? '',
        linkUrl: slide?.linkUrl ?? '',
        image: slide?.image ?? null,
        ...targetingValues(slide),
      }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        label={t('content:fields.image')}
        name="image"
        rules={[{ required: true, message: t('content:slides.imageRequired') }]}
      >
        <ImageField testId="slide-image" />
      </Form.Item>
      <Form.Item label={t('content:fields.title')} name="title" rules={[requiredRule(t), schemaRule(shape.title, t)]}>
        <Input maxLength={200} autoComplete="off" data-testid="slide-title" />
      </Form.Item>
      <Form.Item
        label={t('content:slides.link')}
        name="linkUrl"
        extra={t('content:slides.linkHelp')}
        rules={[
          {
            validator: async (_r, value?: string) => {
              if (value?.trim() && !shape.linkUrl.safeParse(value.trim()).success) {
                throw new Error(t('content:errors.link_invalid'));
              }
            },
          },
        ]}
      >
        <Input maxLength={500} inputMode="url" autoComplete="off" placeholder="https://" />
      </Form.Item>
      <TargetingFields />
    </ContentDialog>
  );
}

/** `/slider`: the banners in their order (drag, or the up and down buttons), add, edit, delete. */
export default function SliderPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const { message } = App.useApp();
  const slides = useSlides();
  const reorder = useReorderSlides();
  const remove = useDeleteSlide();
  const [editing, setEditing] = useState<{ slide: Slide | null } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const wall = useWallText();
  const canUpdate = ability.can('update', 'Content');
  const canDelete = ability.can('delete', 'Content');

  const move = (items: Slide[], from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    reorder.mutate(
      moveItem(
        items.map((s) => s.id),
        from,
        to,
      ),
      {
        onSuccess: () => void message.success(t('content:slides.reordered')),
        onError: () => void message.error(t('content:slides.reorderFailed')),
      },
    );
  };

  return (
    <div className="screen" data-testid="screen-slider">
      <Card>
        <div className="content-toolbar">
          <p className="content-hint">{t('content:slides.orderHelp')}</p>
          {ability.can('create', 'Content') && (
            <Button type="primary" onClick={() => setEditing({ slide: null })} data-testid="slide-add">
              {t('content:slides.add')}
            </Button>
          )}
        </div>
        <QueryState query={slides} isEmpty={(d) => d.items.length === 0} emptyText={t('content:slides.empty')}>
          {({ items }) => (
            <ol className="content-slides" data-testid="slide-list">
              {items.map((s, i) => (
                <li
                  key={s.id}
                  className={`content-slide${dragged === i ? ' content-slide--dragged' : ''}`}
                  draggable={canUpdate}
                  onDragStart={() => setDragged(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragged !== null) move(items, dragged, i);
                    setDragged(null);
                  }}
                  onDragEnd={() => setDragged(null)}
                  data-testid="slide-row"
                >
                  {canUpdate && <HolderOutlined className="content-slide__handle" aria-hidden />}
                  <img src={s.image.thumbUrl} alt="" className="content-slide__image" />
                  <div className="content-slide__text">
                    <strong>{s.title}</strong>
                    {s.linkUrl && <div className="content-excerpt">{s.linkUrl}</div>}
                    <div>
                      {s.published ? (
                        <Tag color="green">{t('content:published')}</Tag>
                      ) : (
                        <Tag>{t('content:draft')}</Tag>
                      )}
                      {(s.publishFrom || s.publishUntil) && (
                        <span className="content-excerpt">{` ${wall(s.publishFrom)} → ${wall(s.publishUntil)}`}</span>
                      )}
                      <span className="content-excerpt">
                        {' · '}
                        {s.centers.map((c) => c.code).join(', ') || t('content:fields.allCenters')}
                      </span>
                    </div>
                  </div>
                  <div className="row-actions">
                    {canUpdate && (
                      <>
                        <RowAction
                          icon={<ArrowUpOutlined />}
                          onClick={() => move(items, i, i - 1)}
                          label={t('content:moveUp')}
                          ariaLabel={t('content:moveUpAria', { name: s.title })}
                        />
                        <RowAction
                          icon={<ArrowDownOutlined />}
                          onClick={() => move(items, i, i + 1)}
                          label={t('content:moveDown')}
                          ariaLabel={t('content:moveDownAria', { name: s.title })}
                        />
                        <RowAction
                          icon={<EditOutlined />}
                          onClick={() => setEditing({ slide: s })}
                          label={t('members:table.kit.edit')}
                          ariaLabel={t('members:table.kit.editAria', { name: s.title })}
                        />
                      </>
                    )}
                    {canDelete && (
                      <DeleteContentAction
                        name={s.title}
                        confirmTitle={t('content:slides.deleteTitle', { title: s.title })}
                        onDelete={() => remove.mutateAsync(s.id)}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </Card>
      <SlideModal editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
