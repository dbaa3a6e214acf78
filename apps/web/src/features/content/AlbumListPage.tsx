import './content.css';
import { EditOutlined, PictureOutlined } from '@ant-design/icons';
import { createAlbumSchema } from '@gym/contract/content';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { RowAction } from '../../shared/ui/RowAction';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { AlbumPhotos } from './AlbumPhotos';
import { type Album, useAlbumList, useDeleteAlbum, useSaveAlbum } from './api';
import { ContentDialog, DeleteContentAction, useSaveAnswers } from './dialog';

const SORTS = ['-createdAt', 'createdAt', 'title', '-title'] as const;
type Sort = (typeof SORTS)[number];
const LIST: ListParamsConfig<Sort, never> = { sorts: SORTS, defaultSort: '-createdAt' };
const { shape } = createAlbumSchema;

interface Values {
  title: string;
  description?: string;
}

function AlbumModal({ editing, onClose }: { editing: { album: Album | null } | null; onClose: (id?: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveAlbum();
  const album = editing?.album ?? null;
  // A new album opens at once, ready for its photos.
  const answers = useSaveAnswers(form, ['title', 'description'], (saved: Album) =>
    onClose(album ? undefined : saved.id),
  );
  return (
    <ContentDialog<Values>
      open={Boolean(editing)}
      title={album ? t('content:albums.editTitle') : t('content:albums.addTitle')}
      name="album"
      form={form}
      saving={save.isPending}
      submitTestId="album-submit"
      enterSubmits
      initialValues={{ title: album?.title ?? '', description: album?.description ?? '' }}
      onFinish={(v) =>
        save.mutate(
          {
            id: album?.id ?? null,
            body: { title: v.title.trim(), description: v.description?.trim() ? v.description.trim() : null },
          },
          answers,
        )
      }
      onClose={() => onClose()}
    >
      <Form.Item label={t('content:fields.title')} name="title" rules={[requiredRule(t), schemaRule(shape.title, t)]}>
        <Input maxLength={200} autoComplete="off" data-testid="album-title" />
      </Form.Item>
      <Form.Item label={t('content:albums.description')} name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
      </Form.Item>
    </ContentDialog>
  );
}

/** `/album-list`: photo albums, searched, sorted and paged in the address; each opens to its photos. */
export default function AlbumListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const remove = useDeleteAlbum();
  const [editing, setEditing] = useState<{ album: Album | null } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const albums = useAlbumList({
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    page: list.page,
    pageSize: list.pageSize,
  });
  const canUpdate = ability.can('update', 'Content');
  const dates = useDates();

  const columns: ListColumn<Album>[] = [
    {
      key: 'cover',
      title: <span className="sr-only">{t('content:albums.cover')}</span>,
      detailTitle: t('content:albums.cover'),
      width: 72,
      render: (_: unknown, a: Album) =>
        a.cover ? <img src={a.cover.thumbUrl} alt="" className="content-list-thumb" loading="lazy" /> : null,
    },
    { key: 'title', title: t('content:fields.title'), dataIndex: 'title', sortable: true },
    { key: 'photos', title: t('content:albums.photoCount'), dataIndex: 'photoCount', align: 'right' },
    {
      key: 'createdAt',
      title: t('content:albums.created'),
      sortable: true,
      show: 'tablet',
      render: (_: unknown, a: Album) => dates.date(a.createdAt),
    },
    {
      key: 'actions',
      title: t('members:table.kit.actions'),
      detailTitle: t('members:table.kit.actions'),
      render: (_: unknown, a: Album) => (
        <div className="row-actions">
          <RowAction
            icon={<PictureOutlined />}
            onClick={() => setOpen(a.id)}
            label={t('content:albums.photos')}
            ariaLabel={t('content:albums.openAria', { name: a.title })}
            data-testid="album-open"
          />
          {canUpdate && (
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing({ album: a })}
              label={t('members:table.kit.edit')}
              ariaLabel={t('members:table.kit.editAria', { name: a.title })}
            />
          )}
          {ability.can('delete', 'Content') && (
            <DeleteContentAction
              name={a.title}
              confirmTitle={t('content:albums.deleteTitle', { title: a.title })}
              confirmText={t('content:albums.deleteText', { count: a.photoCount })}
              onDelete={() => remove.mutateAsync(a.id)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="screen" data-testid="screen-album-list">
      <ListTable<Album, Sort, never>
        list={list}
        result={albums}
        columns={columns}
        testId="album-table"
        texts={listTexts(t, 'content:albums.empty', 'content:total', 'content:noMatch')}
        search={listSearch(t, 'album-keyword', 'content:albums.searchLabel')}
        add={
          ability.can('create', 'Content') && {
            label: t('content:albums.add'),
            onClick: () => setEditing({ album: null }),
            testId: 'album-add',
          }
        }
      />
      <AlbumModal
        editing={editing}
        onClose={(id) => {
          setEditing(null);
          if (id) setOpen(id);
        }}
      />
      <AlbumPhotos albumId={open} onClose={() => setOpen(null)} canUpdate={canUpdate} />
    </div>
  );
}
