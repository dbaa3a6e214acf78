/**
 * What the three catalogue lists (plans, packages, short courses) share: the screen around the
 * list kit's table with the catalogue's words, status and centre filters and "add"; and the
 * create / edit drawer titled for its item.
 */
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityDrawer } from '../../../shared/ui/EntityDrawer';
import { type ListColumn, type ListResult, ListTable, listSearch, listTexts } from '../../../shared/ui/ListTable';
import type { Editing, ListParams } from '../../../shared/useListParams';
import type { CatalogueKind } from '../api';
import { useCatalogueSave } from '../formErrors';
import { CenterFilter, StatusFilter } from './ListFilters';

export function CatalogueListScreen<T extends object, S extends string, F extends string>({
  kind,
  name,
  items,
  columns,
  exportTo,
  filters,
  children,
}: {
  /** Its words: `catalogue:plans.*`, `catalogue:packages.*` or `catalogue:courses.*`. */
  kind: CatalogueKind;
  /** Names the screen's test ids: `screen-{name}-list`, `{name}-table`, `{name}-keyword`. */
  name: string;
  items: {
    list: ListParams<S, F | 'status' | 'centerId'>;
    result: ListResult<T>;
    addButton: (label: string, testId: string) => false | { label: string; onClick: () => void; testId: string };
  };
  columns: ListColumn<T>[];
  exportTo: { path: string; fileName: string };
  /** Filters after status and centre. */
  filters?: ReactNode;
  /** The screen's drawers. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { list } = items;
  return (
    <div className="screen" data-testid={`screen-${name}-list`}>
      <ListTable<T, S, F | 'status' | 'centerId'>
        list={list}
        result={items.result}
        columns={columns}
        testId={`${name}-table`}
        texts={listTexts(t, `catalogue:${kind}.empty`, `catalogue:${kind}.total`, 'catalogue:noMatch')}
        search={listSearch(t, `${name}-keyword`, `catalogue:${kind}.searchLabel`, 'catalogue:searchPlaceholder')}
        exportTo={exportTo}
        filters={
          <>
            <StatusFilter list={list} />
            <CenterFilter list={list} />
            {filters}
          </>
        }
        add={items.addButton(t(`catalogue:${kind}.add`), 'item-add')}
      />
      {children}
    </div>
  );
}

/** A catalogue item's create / edit drawer: "New …" or "Edit {name}", saved as `toBody` makes its values. */
export function CatalogueDrawer<V, T extends { id: string; name: string }, B>({
  kind,
  editing,
  onClose,
  save,
  fields,
  form,
  name,
  initialValues,
  toBody,
  children,
}: {
  kind: CatalogueKind;
  editing: Editing<T> | null;
  onClose: () => void;
  save: {
    isPending: boolean;
    mutate: (input: { id: string | null; body: B }, options: ReturnType<typeof useCatalogueSave>) => void;
  };
  /** The form's fields, where the server's refusals are shown. */
  fields: readonly string[];
  form: FormInstance<V>;
  /** The form's name (its fields' ids). */
  name: string;
  initialValues: Partial<V>;
  toBody: (values: V, item: T | null) => NoInfer<B>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const done = useCatalogueSave(form, fields, onClose);
  const item = editing?.item ?? null;
  return (
    <EntityDrawer<V>
      open={Boolean(editing)}
      title={item ? t(`catalogue:${kind}.editTitle`, { name: item.name }) : t(`catalogue:${kind}.addTitle`)}
      busy={save.isPending}
      onClose={onClose}
      submitTestId="item-submit"
      form={form}
      name={name}
      initialValues={initialValues}
      onFinish={(values) => save.mutate({ id: item?.id ?? null, body: toBody(values, item) }, done)}
    >
      {children}
    </EntityDrawer>
  );
}
