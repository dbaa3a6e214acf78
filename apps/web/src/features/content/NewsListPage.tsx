import './content.css';
import { EditOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@gym/contract/constants';
import { createNewsSchema } from '@gym/contract/content';
import { Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { CenterFilter, ChoiceFilter, isId } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { RowAction } from '../../shared/ui/RowAction';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type News, type NewsInput, type StoredImage, useDeleteNews, useNewsList, useSaveNews } from './api';
import { ContentDialog, DeleteContentAction, useSaveAnswers } from './dialog';
import { plainText } from './order';
import {
  ImageField,
  RichTextEditor,
  TargetingFields,
  type TargetingValues,
  targetingBody,
  targetingValues,
  useWallText,
} from './parts';

const SORTS = ['-updatedAt', 'updatedAt', 'title', '-title', 'publishFrom', '-publishFrom'] as const;
type Sort = (typeof SORTS)[number];
type NewsFilter = 'centerId' | 'language';
const LIST: ListParamsConfig<Sort, NewsFilter> = {
  sorts: SORTS,
  defaultSort: '-updatedAt',
  filters: { centerId: isId, language: LANGUAGES },
};

interface Values extends TargetingValues {
  title: string;
  body: string;
  image: StoredImage | null;
}
const FIELDS = ['title', 'body', 'imageId', 'image', 'publishFrom', 'publishUntil', 'centerIds', 'languages'] as const;
const { shape } = createNewsSchema;

function NewsModal({ editing, onClose }: { editing: { news: News | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveNews();
  const answers = useSaveAnswers(form, FIELDS, onClose);
  const news = editing?.news ?? null;
  const submit = (v: Values) => {
    const body: NewsInput = { title: v.title.trim(), body: v.body, imageId: v.image?.id ?? null, ...targetingBody(v) };
    save.mutate({ id: news?.id ?? null, body }, answers);
  };
  return (
    <ContentDialog<Values>
      open={Boolean(editing)}
      width={760}
      title={news ? t('content:news.editTitle') : t('content:news.addTitle')}
      name="news"
      form={form}
      saving={save.isPending}
      submitTestId="news-submit"
      initialValues={{
        title: news?.title ?? '',
        body: news?.body ?? '',
        image: news?.image ?? null,
        ...targetingValues(news),
      }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item label={t('content:fields.title')} name="title" rules={[requiredRule(t), schemaRule(shape.title, t)]}>
        <Input maxLength={200} autoComplete="off" data-testid="news-title" />
      </Form.Item>
      <Form.Item
        label={t('content:news.body')}
        name="body"
        rules={[
          {
            validator: async (_r, value: string) => {
              if (!plainText(value ?? '') && !/<img\s/i.test(value ?? ''))
                throw new Error(t('errors:validation.required'));
            },
          },
        ]}
      >
        <RichTextEditor label={t('content:news.body')} />
      </Form.Item>
      <Form.Item label={t('content:fields.image')} name="image">
        <ImageField testId="news-image" />
      </Form.Item>
      <TargetingFields />
    </ContentDialog>
  );
}

/** `/news-list`: the organisation's news, searched, filtered, sorted, paged in the address; add, edit, delete, export. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<{ news: News | null } | null>(null);
  const dates = useDates();
  const wall = useWallText();
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...list.filters,
  };
  const news = useNewsList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const canUpdate = ability.can('update', 'Content');
  const canDelete = ability.can('delete', 'Content');

  const columns: ListColumn<News>[] = [
    {
      key: 'image',
      title: <span className="sr-only">{t('content:fields.image')}</span>,
      detailTitle: t('content:fields.image'),
      width: 72,
      render: (_: unknown, n: News) =>
        n.image ? <img src={n.image.thumbUrl} alt="" className="content-list-thumb" loading="lazy" /> : null,
    },
    {
      key: 'title',
      title: t('content:fields.title'),
      sortable: true,
      render: (_: unknown, n: News) => (
        <div>
          <strong>{n.title}</strong>
          <div className="content-excerpt">{plainText(n.body).slice(0, 120)}</div>
        </div>
      ),
    },
    {
      key: 'published',
      title: t('content:fields.published'),
      render: (_: unknown, n: News) =>
        n.published ? <Tag color="green">{t('content:published')}</Tag> : <Tag>{t('content:draft')}</Tag>,
    },
    {
      key: 'publishFrom',
      title: t('content:fields.window'),
      sortable: true,
      show: 'tablet',
      render: (_: unknown, n: News) => `${wall(n.publishFrom)} → ${wall(n.publishUntil)}`,
    },
    {
      key: 'centers',
      title: t('content:fields.centers'),
      show: 'desktop',
      render: (_: unknown, n: News) => n.centers.map((c) => c.code).join(', ') || t('content:fields.allCenters'),
    },
    {
      key: 'languages',
      title: t('content:fields.languages'),
      show: 'desktop',
      render: (_: unknown, n: News) =>
        n.languages.map((l) => LANGUAGE_ENDONYMS[l]).join(', ') || t('content:fields.allLanguages'),
    },
    {
      key: 'updatedAt',
      title: t('content:fields.updated'),
      sortable: true,
      show: 'desktop',
      render: (_: unknown, n: News) => dates.dateTime(n.updatedAt),
    },
    {
      key: 'actions',
      title: t('members:table.kit.actions'),
      detailTitle: t('members:table.kit.actions'),
      render: (_: unknown, n: News) => (
        <div className="row-actions">
          {canUpdate && (
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing({ news: n })}
              label={t('members:table.kit.edit')}
              ariaLabel={t('members:table.kit.editAria', { name: n.title })}
            />
          )}
          {canDelete && (
            <DeleteContentAction
              name={n.title}
              confirmTitle={t('content:news.deleteTitle', { title: n.title })}
              onDelete={() => remove.mutateAsync(n.id)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="screen" data-testid="screen-news-list">
      <ListTable<News, Sort, NewsFilter>
        list={list}
        result={news}
        columns={columns}
        testId="news-table"
        texts={listTexts(t, 'content:news.empty', 'content:total', 'content:noMatch')}
        search={listSearch(t, 'news-keyword', 'content:news.searchLabel', 'content:news.searchPlaceholder')}
        exportTo={{ path: '/pro/news/export', fileName: 'news', query: apiFilters }}
        filters={
          <>
            <CenterFilter
              list={list}
              filter="centerId"
              label={t('content:fields.centers')}
              anyLabel={t('content:fields.allCenters')}
            />
            <ChoiceFilter
              list={list}
              filter="language"
              label={t('content:fields.languages')}
              anyLabel={t('content:fields.allLanguages')}
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_ENDONYMS[l] }))}
              testId="filter-language"
            />
          </>
        }
        add={
          ability.can('create', 'Content') && {
            label: t('content:news.add'),
            onClick: () => setEditing({ news: null }),
            testId: 'news-add',
          }
        }
      />
      <NewsModal editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
