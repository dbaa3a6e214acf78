import { Table, Typography } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** One row of the sample: its row number in the file and its fields as they would be stored. */
type SampleRow = { row?: string | number | null } & Record<string, unknown>;

interface Props<R extends SampleRow> {
  sample: readonly R[];
  /** The fields shown, in order. */
  fields: readonly (keyof R & string)[];
  label: (field: keyof R & string) => string;
  /** A stored value as staff read it (a word in the screen's language); the value itself by default. */
  show?: (field: keyof R & string, value: NonNullable<R[keyof R]>, row: R) => ReactNode;
}

/** The first rows as the server read them: how the file's cells were understood, before anything is kept. */
export function SampleTable<R extends SampleRow>({ sample, fields, label, show }: Props<R>) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, 'import-sample-title');
  return (
    <section ref={section} aria-labelledby="import-sample-title" data-testid="import-sample">
      <Typography.Title level={3} id="import-sample-title" className="import-section-title">
        {t('imports:preview.sampleTitle')}
      </Typography.Title>
      <Table<R>
        size="small"
        rowKey={(r) => String(r.row ?? '')}
        dataSource={[...sample]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'row', title: t('imports:preview.row'), dataIndex: 'row', width: 70 },
          ...fields.map((f) => ({
            key: f,
            title: label(f),
            dataIndex: f,
            ellipsis: true,
            render: (value: R[keyof R], row: R) =>
              value === null || value === undefined || value === ''
                ? null
                : show
                  ? show(f, value as NonNullable<R[keyof R]>, row)
                  : String(value),
          })),
        ]}
      />
    </section>
  );
}

/**
 * A sample wider than the screen scrolls sideways: its scrolling box then takes the focus (named by
 * the section's title), so that it can be scrolled with the arrow keys. A box that fits stays out of
 * the tab order.
 */
function useKeyboardScroll(section: RefObject<HTMLElement | null>, titleId: string) {
  useEffect(() => {
    const box = section.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!box) return;
    const update = () => {
      if (box.scrollWidth > box.clientWidth) {
        box.tabIndex = 0;
        box.setAttribute('role', 'group');
        box.setAttribute('aria-labelledby', titleId);
      } else {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-labelledby');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
}
