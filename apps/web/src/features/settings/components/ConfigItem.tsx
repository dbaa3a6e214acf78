import { Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** A field of the configuration worded by `words`: its label is `words`, its help `<words>Help`. */
export function ConfigItem({ words, ...item }: FormItemProps & { words: string }) {
  const { t } = useTranslation();
  return <Form.Item label={t(words)} extra={t(`${words}Help`)} {...item} />;
}
